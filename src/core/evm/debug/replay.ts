/**
 * What one step does to its frame's memory (pure): the EVM's rules for the instructions that touch memory, each
 * reading its operands from the stack before the step. Used by memory.ts, which walks the frames.
 */
import type { Memory, Data } from './memoryState';
import { num } from './memoryState';
import { wordAddress } from './frames';
import type { StepTrace } from './trace';

/** A frame being replayed: its memory, the last call's return data, its input and code. */
export interface Run {
  frame: number;
  mem: Memory;
  returnData: Data;
  io: { calldata: Data; code: Data };
}

export interface ReplayContext {
  readonly trace: StepTrace;
  codeAt(address: string): Data;
}

/** Instructions that only read or size memory: [offset operand, size operand] (MLOAD reads 32 bytes). */
const SIZED: Record<string, readonly [number, number]> = {
  KECCAK256: [0, 1],
  SHA3: [0, 1],
  RETURN: [0, 1],
  REVERT: [0, 1],
  LOG0: [0, 1],
  LOG1: [0, 1],
  LOG2: [0, 1],
  LOG3: [0, 1],
  LOG4: [0, 1],
};

/** The input a call or create instruction hands its callee: [offset, size] from its stack. */
export function callArgs(trace: StepTrace, step: number): [number, number] {
  const w = (n: number) => num(trace.stackWord(step, n));
  switch (trace.opAt(step)) {
    case 'CALL':
    case 'CALLCODE':
      return [w(3), w(4)];
    case 'DELEGATECALL':
    case 'STATICCALL':
      return [w(2), w(3)];
    default: // CREATE, CREATE2: value, offset, size(, salt)
      return [w(1), w(2)];
  }
}

/** Where a call instruction has its answer written: [offset, size] (none for a create). */
function callReturnArea(trace: StepTrace, step: number): [number, number] {
  const w = (n: number) => num(trace.stackWord(step, n));
  switch (trace.opAt(step)) {
    case 'CALL':
    case 'CALLCODE':
      return [w(5), w(6)];
    case 'DELEGATECALL':
    case 'STATICCALL':
      return [w(4), w(5)];
    default:
      return [0, 0];
  }
}

/** A copy into memory (CALLDATACOPY and the like): grows the memory, then copies (zeros past the source's end). */
function copy(mem: Memory, dest: number, source: Data, from: number, length: number): void {
  if (length === 0 || !mem.expand(dest, length)) return;
  if (!Number.isFinite(from)) from = Number.MAX_SAFE_INTEGER;
  mem.write(dest, source, from, length);
}

/** Applies step `s` (an instruction that begins no call) to `run`'s memory. */
export function applyStep(ctx: ReplayContext, run: Run, s: number): void {
  const trace = ctx.trace;
  const op = trace.opAt(s);
  const w = (n: number) => num(trace.stackWord(s, n));
  const mem = run.mem;
  switch (op) {
    case 'MLOAD':
      mem.expand(w(0), 32);
      return;
    case 'MSTORE':
      if (mem.expand(w(0), 32)) mem.writeWord(w(0), trace.stackWord(s, 1));
      return;
    case 'MSTORE8':
      if (mem.expand(w(0), 1)) mem.writeByte(w(0), parseInt((trace.stackWord(s, 1) ?? '0x0').slice(-2), 16) & 0xff);
      return;
    case 'CALLDATACOPY':
      return copy(mem, w(0), run.io.calldata, w(1), w(2));
    case 'CODECOPY':
      return copy(mem, w(0), run.io.code, w(1), w(2));
    case 'EXTCODECOPY':
      return copy(mem, w(1), ctx.codeAt(wordAddress(trace.stackWord(s, 0))), w(2), w(3));
    case 'RETURNDATACOPY':
      return copy(mem, w(0), run.returnData, w(1), w(2));
    case 'MCOPY': {
      const [dest, src, length] = [w(0), w(1), w(2)];
      if (length > 0 && mem.expand(Math.max(dest, src), length)) mem.copyWithin(dest, src, length);
      return;
    }
  }
  const sized = SIZED[op];
  if (sized) mem.expand(w(sized[0]), w(sized[1]));
}

/** Applies call or create step `s` whose callee answered `output`: the memory grows over both areas, the answer
 *  becomes the return data and (a call) is written over the return area, as much of it as fits. */
export function applyCall(ctx: ReplayContext, run: Run, s: number, output: Data): void {
  const [argsOffset, argsLength] = callArgs(ctx.trace, s);
  const [retOffset, retLength] = callReturnArea(ctx.trace, s);
  const mem = run.mem;
  mem.expand(argsOffset, argsLength);
  const covered = mem.expand(retOffset, retLength);
  run.returnData = output;
  if (!covered || retLength === 0) return;
  if (output.unknownLength) mem.markUnknown(retOffset, retLength, output.notes);
  else {
    const n = Math.min(retLength, output.bytes.length);
    if (n > 0) mem.write(retOffset, output, 0, n);
  }
}
