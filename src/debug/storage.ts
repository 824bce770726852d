/**
 * The storage slots a contract read and wrote in a transaction up to a step, from the steps alone: SLOAD's slot is
 * the top of the stack and its value the top after it; SSTORE's slot and value are the two top words. A slot's value
 * before the transaction is known only when the transaction read it before writing it.
 */
import type { CallSpans, StepTrace } from '../core/evm/debug/trace';

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
