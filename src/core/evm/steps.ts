/**
 * The struct logger's opcode steps laid onto the call tracer's frames (pure): for each frame, the program counters it
 * executed last (the very last is where it stopped: its REVERT, its RETURN, the failing instruction). Steps carry only
 * their depth; a call instruction (CALL, STATICCALL, DELEGATECALL, CALLCODE, CREATE, CREATE2, SELFDESTRUCT) starts the
 * frame's next child, in the order the call tracer lists them, whether the callee ran code (a deeper step follows) or
 * not (a precompile, an account without code, a call refused before it began). When the two traces do not fit each
 * other (a node that leaves some calls out of one of them), the answer says so and no frame gets a program counter:
 * a source line is never guessed.
 */
import type { TraceFrame } from './callTrace';

const CALL_OPS = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2', 'SELFDESTRUCT']);

/** How many of a frame's last program counters are kept (to walk back from a compiler-generated REVERT to user code). */
const RECENT_PCS = 64;

export interface FramePcs {
  /** Per frame index: its last program counters, oldest first, the last one where the frame stopped. */
  pcs: Map<number, number[]>;
  /** False when the steps do not fit the frames (then `pcs` is empty). */
  consistent: boolean;
  /** Why they do not fit, in words. */
  problem?: string;
  steps: number;
}

interface Open {
  frame: number;
  /** The next child of this frame a call instruction starts. */
  next: number;
}

/** Lays `structLogs` (each `{ pc, op, depth }`, depth 1 for the transaction's own call) onto `frames`. */
export function framePcs(structLogs: readonly unknown[], frames: readonly TraceFrame[]): FramePcs {
  const pcs = new Map<number, number[]>();
  const fail = (problem: string): FramePcs => ({
    pcs: new Map(),
    consistent: false,
    problem,
    steps: structLogs.length,
  });
  if (frames.length === 0) return fail('the call trace has no frames');
  const open: Open[] = [{ frame: 0, next: 0 }];
  let callPending = false;
  for (let i = 0; i < structLogs.length; i++) {
    const step = structLogs[i] as { pc?: unknown; op?: unknown; depth?: unknown } | null;
    const pc = step?.pc;
    const op = step?.op;
    const depth = step?.depth;
    if (
      typeof pc !== 'number' ||
      typeof op !== 'string' ||
      typeof depth !== 'number' ||
      !Number.isInteger(depth) ||
      depth < 1
    ) {
      return fail(`step ${i} is not {pc, op, depth}`);
    }
    if (callPending) {
      callPending = false;
      const top = open[open.length - 1]!;
      const child = frames[top.frame]!.children[top.next++];
      if (child === undefined) return fail(`frame ${top.frame} makes more calls than the call trace lists`);
      if (depth === open.length + 1) open.push({ frame: child, next: 0 });
    }
    if (depth > open.length) return fail(`step ${i} enters a frame no call started`);
    while (open.length > depth) {
      const done = open.pop()!;
      if (done.next !== frames[done.frame]!.children.length)
        return fail(
          `frame ${done.frame} made ${done.next} of the ${frames[done.frame]!.children.length} calls the call trace lists`,
        );
    }
    const frame = open[open.length - 1]!.frame;
    let list = pcs.get(frame);
    if (!list) pcs.set(frame, (list = []));
    list.push(pc);
    if (list.length > RECENT_PCS * 2) list.splice(0, list.length - RECENT_PCS);
    if (CALL_OPS.has(op.toUpperCase())) callPending = true;
  }
  for (const o of open) {
    if (o.next !== frames[o.frame]!.children.length)
      return fail(
        `frame ${o.frame} made ${o.next} of the ${frames[o.frame]!.children.length} calls the call trace lists`,
      );
  }
  for (const [frame, list] of pcs) if (list.length > RECENT_PCS) pcs.set(frame, list.slice(-RECENT_PCS));
  return { pcs, consistent: true, steps: structLogs.length };
}
