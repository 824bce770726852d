/**
 * The storage slots a contract read and wrote in a transaction up to a step, from the steps alone: SLOAD's slot is
 * the top of the stack and its value the top after it; SSTORE's slot and value are the two top words. A slot's value
 * before the transaction is known only when the transaction read it before writing it. The keccak256 hashes of two
 * words the contract made are kept as preimages, to name a mapping's entries by their keys.
 */
import type { CallSpans, RebuiltMemory, StepTrace } from '../core/evm/debug/trace';
import type { Preimage } from '../core/evm/storageLayout';

export interface StorageAccess {
  slot: string;
  /** The value before the first write (when a read came first). */
  before?: string;
  /** The value now. */
  after: string;
  written: boolean;
}

export function storageAccesses(
  trace: StepTrace,
  spans: CallSpans,
  storageAddress: string,
  beforeStep: number,
): StorageAccess[] {
  const slots = new Map<string, StorageAccess>();
  for (let i = 0; i < beforeStep; i++) {
    const op = trace.opAt(i);
    if (op !== 'SLOAD' && op !== 'SSTORE') continue;
    if (spans.frames[spans.frameOf[i]!]!.storageAddress !== storageAddress) continue;
    const slot = trace.stackWord(i, 0);
    if (slot === undefined) continue;
    const seen = slots.get(slot);
    if (op === 'SLOAD') {
      const value = i + 1 < trace.length ? trace.stackWord(i + 1, 0) : undefined;
      if (value === undefined) continue;
      if (!seen) slots.set(slot, { slot, before: value, after: value, written: false });
      continue;
    }
    const value = trace.stackWord(i, 1) ?? '0x0';
    if (seen) {
      seen.after = value;
      seen.written = true;
    } else slots.set(slot, { slot, after: value, written: true });
  }
  return [...slots.values()];
}

/** The keccak256 of two words (a mapping entry's slot) that calls on `storageAddress` made before `beforeStep`. */
export function keccakPreimages(
  trace: StepTrace,
  spans: CallSpans,
  storageAddress: string,
  beforeStep: number,
  memoryAt: (frame: number, step: number) => RebuiltMemory,
): Map<bigint, Preimage> {
  const out = new Map<bigint, Preimage>();
  for (let i = 0; i + 1 < beforeStep; i++) {
    if (trace.opAt(i) !== 'KECCAK256' || trace.stackWord(i, 1) !== '0x40') continue;
    const frame = spans.frameOf[i]!;
    if (spans.frames[frame]!.storageAddress !== storageAddress) continue;
    const offset = Number(BigInt(trace.stackWord(i, 0) ?? '0x0'));
    const memory = memoryAt(frame, i);
    if (memory.unknown?.subarray(offset, offset + 64).some((u) => u)) continue;
    const word = (at: number) => BigInt(`0x${Buffer.from(memory.bytes.subarray(at, at + 32)).toString('hex') || '0'}`);
    out.set(BigInt(trace.stackWord(i + 1, 0) ?? '0x0'), { key: word(offset), base: word(offset + 32) });
  }
  return out;
}
