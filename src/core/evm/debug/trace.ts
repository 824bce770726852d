/**
 * The shapes the EVM debugger replays (pure): the struct logger's steps of one transaction held as typed arrays (a
 * trace of 100,000 steps is a few megabytes, not a million objects), the calls they make, and the memory of a call
 * rebuilt from its steps. Made by structLog.ts (streamed from the node), frames.ts and memory.ts.
 */

/** The steps of a transaction, in order. Indexes are step numbers (0 is the first instruction of the transaction). */
export interface StepTrace {
  readonly length: number;
  /** Program counter of each step. */
  readonly pc: Uint32Array;
  /** Call depth of each step (1 for the transaction's own call). */
  readonly depth: Uint16Array;
  /** Gas left before each step, and what the step cost. */
  readonly gas: Float64Array;
  readonly gasCost: Float64Array;
  /** The opcode's name as the node spelled it, upper-case (`PUSH1`, `SLOAD`, `KECCAK256`). */
  opAt(step: number): string;
  /** The EVM stack before the step, bottom first, each word as 0x and lower-case hex without leading zeros. */
  stackAt(step: number): string[];
  /** The stack word `n` places below the top before the step (0: the top); undefined when the stack is shorter. */
  stackWord(step: number, n: number): string | undefined;
  /** How many words the stack holds before the step. */
  stackSize(step: number): number;
  /** The node's error at this step ("execution reverted", "out of gas"), if any. */
  errorAt(step: number): string | undefined;
  /** The transaction failed (the node's `failed`). */
  readonly failed: boolean;
  /** What the transaction's own call returned or reverted with (0x hex, '0x' when nothing). */
  readonly returnValue: string;
  /** The gas the node says the transaction used. */
  readonly gasUsed: number;
}

/** How a call began: the transaction itself, or the instruction that made it. */
export type CallKind = 'TX' | 'CREATE_TX' | 'CALL' | 'CALLCODE' | 'DELEGATECALL' | 'STATICCALL' | 'CREATE' | 'CREATE2';

/** One call of the transaction that ran code (a call to an account without code or a precompile has no steps). */
export interface CallSpan {
  /** Position in call order: 0 is the transaction's own call. */
  index: number;
  /** The calling frame, -1 for the transaction's own call. */
  parent: number;
  /** The step of the parent that made the call (CALL, CREATE2, …); -1 for the transaction's own call. */
  callStep: number;
  /** The first and last step run by this frame itself (its children's steps lie between, at a greater depth). */
  firstStep: number;
  lastStep: number;
  depth: number;
  kind: CallKind;
  /** Lower-case 0x address whose code runs; '' when not known (a CREATE whose address the trace does not show). */
  codeAddress: string;
  /** Lower-case 0x address whose storage SLOAD/SSTORE read and write (the caller's for DELEGATECALL and CALLCODE). */
  storageAddress: string;
  /** The calls this frame made that ran code, in order. */
  children: number[];
}

export interface CallSpans {
  frames: CallSpan[];
  /** The frame running each step. */
  frameOf: Uint32Array;
}

/** A call's memory before a step, rebuilt from the steps: bytes nobody could know (a precompile's answer, code that
 *  was not fetched) are marked unknown, never guessed. */
export interface RebuiltMemory {
  bytes: Uint8Array;
  /** Per byte: 1 when its value is not known. Absent when every byte is known. */
  unknown?: Uint8Array;
  /** Why some bytes are unknown, in words (one sentence per cause). */
  notes: string[];
}
