/**
 * The calls of a struct log (pure): the steps' depths make the frames. A step one deeper than the step before begins
 * a child frame, called by that step (CALL, CALLCODE, DELEGATECALL, STATICCALL, CREATE, CREATE2 of the parent); a
 * step shallower ends the frames above it. A call that ran no code (a precompile, an account without code, a call
 * refused before it began) has no step of its own, so no frame. One pass, no recursion.
 */
import type { CallKind, CallSpan, CallSpans, StepTrace } from './trace';

const CALLS = new Set<CallKind>(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL']);
const CREATES = new Set<CallKind>(['CREATE', 'CREATE2']);

/** The low 20 bytes of a stack word as a lower-case 0x address. */
export function wordAddress(word: string | undefined): string {
  if (word === undefined) return '';
  const hex = word.replace(/^0x/i, '').toLowerCase();
  return `0x${hex.padStart(40, '0').slice(-40)}`;
}

/** Whether an instruction (its name as the trace spells it) begins a frame. */
export function isCallOp(op: string): op is CallKind {
  return CALLS.has(op as CallKind) || CREATES.has(op as CallKind);
}

export const isCreateKind = (kind: CallKind): boolean =>
  kind === 'CREATE' || kind === 'CREATE2' || kind === 'CREATE_TX';

/** The child frame that the step after `callStep` begins, its addresses read from the parent's stack. */
function childFrame(trace: StepTrace, frames: CallSpan[], parent: CallSpan, callStep: number): CallSpan {
  const op = trace.opAt(callStep);
  const kind: CallKind = isCallOp(op) ? op : 'CALL';
  let codeAddress = '';
  let storageAddress = '';
  if (CALLS.has(kind)) {
    codeAddress = wordAddress(trace.stackWord(callStep, 1));
    storageAddress = kind === 'DELEGATECALL' || kind === 'CALLCODE' ? parent.storageAddress : codeAddress;
  }
  const frame: CallSpan = {
    index: frames.length,
    parent: parent.index,
    callStep,
    firstStep: callStep + 1,
    lastStep: callStep + 1,
    depth: trace.depth[callStep + 1]!,
    kind,
    codeAddress,
    storageAddress,
    children: [],
  };
  parent.children.push(frame.index);
  return frame;
}

/** A frame ends as step `back` runs in its parent again: a CREATE learns its address from the parent's stack top. */
function closeFrame(trace: StepTrace, frame: CallSpan, back: number): void {
  if (!CREATES.has(frame.kind)) return;
  const top = back < trace.length ? trace.stackWord(back, 0) : undefined;
  const address = top === undefined || /^0x0*$/i.test(top) ? '' : wordAddress(top);
  frame.codeAddress = address;
  frame.storageAddress = address;
}

/** The frames of `trace`. `root`: the transaction's `to`, or (a creation) the address it created. */
export function callSpans(trace: StepTrace, root: { to: string | null; created?: string }): CallSpans {
  const rootAddress = (root.to ?? root.created ?? '').toLowerCase();
  const frames: CallSpan[] = [
    {
      index: 0,
      parent: -1,
      callStep: -1,
      firstStep: trace.length > 0 ? 0 : -1,
      lastStep: trace.length > 0 ? 0 : -1,
      depth: trace.length > 0 ? trace.depth[0]! : 1,
      kind: root.to === null ? 'CREATE_TX' : 'TX',
      codeAddress: rootAddress,
      storageAddress: rootAddress,
      children: [],
    },
  ];
  const frameOf = new Uint32Array(trace.length);
  const open: CallSpan[] = [frames[0]!];
  const depth = trace.depth;
  for (let i = 1; i < trace.length; i++) {
    const d = depth[i]!;
    let current = open[open.length - 1]!;
    if (d > depth[i - 1]!) {
      current = childFrame(trace, frames, current, i - 1);
      frames.push(current);
      open.push(current);
    } else {
      while (open.length > 1 && d < current.depth) {
        open.pop();
        closeFrame(trace, current, i);
        current = open[open.length - 1]!;
      }
    }
    frameOf[i] = current.index;
    current.lastStep = i;
  }
  return { frames, frameOf };
}

/** The last step of a frame's subtree: its own last step or a later one of its descendants (which lie inside). */
export function subtreeEnd(spans: CallSpans, frame: number): number {
  let f = spans.frames[frame]!;
  let end = f.lastStep;
  while (f.children.length > 0) {
    f = spans.frames[f.children[f.children.length - 1]!]!;
    end = Math.max(end, f.lastStep);
  }
  return end;
}
