/**
 * A call's memory rebuilt from the struct log (pure), for a node asked without memory (a trace of 100,000 steps with
 * memory would be gigabytes). A frame's own steps are replayed from its first: MSTORE, MSTORE8, the copies
 * (CALLDATACOPY, CODECOPY, EXTCODECOPY, RETURNDATACOPY, MCOPY) and what a call writes back, with the memory growing as
 * the EVM's does on every access. What a child returned is its own memory at its RETURN or REVERT; what it was given,
 * its parent's at the call. One pass over the whole trace (iterative, a stack of open frames) finds every frame's input
 * and output once; then a frame's memory before any of its steps is a replay of that frame alone, continued from the
 * last one asked (or a sparse snapshot) so that stepping does not replay from the start each time. A precompile's
 * answer (other than the identity's) and code nobody gave are marked unknown, never guessed.
 */
import { isCallOp, isCreateKind, subtreeEnd, wordAddress } from './frames';
import { Memory, EMPTY, asResult, num, unknownData, type Data } from './memoryState';
import { applyCall, applyStep, callArgs, type Run, type ReplayContext } from './replay';
import { normaliseWord } from './stepStore';
import type { CallSpans, RebuiltMemory, StepTrace } from './trace';

/** Where the bytes the trace does not hold come from. */
export interface MemorySources {
  /** A frame's input: for the transaction's own call (frame 0), the transaction's input; for a child, undefined
   *  unless known otherwise (it is then read from the parent's memory). */
  calldata(frame: number): Uint8Array | undefined;
  /** The deployed code at an address (lower-case 0x), undefined when not known. */
  code(address: string): Uint8Array | undefined;
}

/** A replay state kept every this many steps of a frame (when the budget allows). */
const SNAPSHOT_EVERY = 1024;
const SNAPSHOT_BUDGET = 64 * 1024 * 1024;

interface Saved {
  next: number;
  run: Run;
}

class Replay implements ReplayContext {
  readonly inputs: Data[] = [];
  readonly outputs: Data[] = [];
  readonly ends: number[];
  readonly childAt = new Map<number, number>();
  private readonly codes = new Map<string, Data>();
  private readonly io: { calldata: Data; code: Data }[] = [];
  private readonly last = new Map<number, Saved>();
  private readonly snapshots = new Map<number, Saved[]>();
  private snapshotBytes = 0;

  constructor(
    readonly trace: StepTrace,
    readonly spans: CallSpans,
    private readonly sources: MemorySources,
  ) {
    this.ends = spans.frames.map((_, f) => subtreeEnd(spans, f));
    for (const f of spans.frames) if (f.parent >= 0) this.childAt.set(f.callStep, f.index);
    const root = sources.calldata(0);
    this.inputs[0] = root ? { bytes: root, notes: [] } : unknownData("the transaction's input was not given");
    this.pass();
  }

  codeAt(address: string): Data {
    let data = this.codes.get(address);
    if (!data) {
      const code = this.sources.code(address);
      data = code
        ? { bytes: code, notes: [] }
        : unknownData(`the code of ${address || 'a created contract'} is not known`);
      this.codes.set(address, data);
    }
    return data;
  }

  frameData(frame: number): { calldata: Data; code: Data } {
    let io = this.io[frame];
    if (!io) {
      const span = this.spans.frames[frame]!;
      let input = this.inputs[frame] ?? EMPTY;
      const given = frame > 0 && (input.unknown || input.unknownLength) ? this.sources.calldata(frame) : undefined;
      if (given) input = { bytes: given, notes: [] };
      io = isCreateKind(span.kind)
        ? { calldata: EMPTY, code: input }
        : { calldata: input, code: this.codeAt(span.codeAddress) };
      this.io[frame] = io;
    }
    return io;
  }

  /** The bytes a call that ran no code answered (`success`: the word the caller found on its stack after). */
  noFrameOutput(run: Run, step: number, success: string | undefined): Data {
    const op = this.trace.opAt(step);
    if (success === undefined || success === '0x0' || op === 'CREATE' || op === 'CREATE2') return EMPTY;
    const to = wordAddress(this.trace.stackWord(step, 1));
    const n = num(normaliseWord(to));
    if (n === 4) {
      const [offset, length] = callArgs(this.trace, step);
      return run.mem.read(offset, length);
    }
    if (n >= 1 && n <= 0xffff) return unknownData(`the precompile at ${to} answered bytes the trace does not show`);
    return EMPTY;
  }

  /** What a child that ran code hands back to its caller (`after`: the caller's step after the call). */
  childOutput(child: number, after: number): Data {
    const span = this.spans.frames[child]!;
    const out = this.outputs[child] ?? EMPTY;
    const lastOp = this.trace.opAt(span.lastStep);
    if (lastOp === 'REVERT') return out;
    if (isCreateKind(span.kind)) return EMPTY;
    const success = after < this.trace.length ? this.trace.stackWord(after, 0) : undefined;
    return success === '0x0' ? EMPTY : out;
  }

  /** What a frame returned or reverted with, read from its memory before its last step. */
  private finishOutput(run: Run): Data {
    const span = this.spans.frames[run.frame]!;
    const last = span.lastStep;
    const op = this.trace.opAt(last);
    if (op !== 'REVERT' && !(op === 'RETURN' && this.trace.errorAt(last) === undefined)) return EMPTY;
    return run.mem.read(num(this.trace.stackWord(last, 0)), num(this.trace.stackWord(last, 1)));
  }

  /** Every frame's input and output, in one walk of the trace with a stack of open frames. */
  private pass(): void {
    const { trace, spans } = this;
    if (trace.length === 0) return;
    const open: Run[] = [this.newRun(0)];
    for (let s = 0; s < trace.length && open.length > 0; s++) {
      const run = open[open.length - 1]!;
      const child = this.childAt.get(s);
      if (child !== undefined) {
        const [offset, length] = callArgs(trace, s);
        this.inputs[child] = run.mem.read(offset, length);
        open.push(this.newRun(child));
        continue;
      }
      this.applyOwn(run, s);
      while (open.length > 0) {
        const top = open[open.length - 1]!;
        if (s + 1 < trace.length && trace.depth[s + 1]! >= spans.frames[top.frame]!.depth) break;
        open.pop();
        this.outputs[top.frame] = this.finishOutput(top);
        const parent = open[open.length - 1];
        if (parent) {
          const callStep = spans.frames[top.frame]!.callStep;
          applyCall(this, parent, callStep, this.childOutput(top.frame, s + 1));
        }
      }
    }
  }

  private newRun(frame: number): Run {
    return { frame, mem: new Memory(), returnData: EMPTY, io: this.frameData(frame) };
  }

  /** Applies own step `s` that begins no frame (a call without code included); returns the next own step. */
  private applyOwn(run: Run, s: number): number {
    const op = this.trace.opAt(s);
    if (!isCallOp(op)) {
      applyStep(this, run, s);
      return s + 1;
    }
    const success = s + 1 < this.trace.length ? this.trace.stackWord(s + 1, 0) : undefined;
    applyCall(this, run, s, this.noFrameOutput(run, s, success));
    return s + 1;
  }

  /** The frame's memory before `before`, continued from the closest state kept. */
  memoryBefore(frame: number, before: number): RebuiltMemory {
    const span = this.spans.frames[frame]!;
    if (span.firstStep < 0) return new Memory().result();
    let saved = this.last.get(frame);
    if (!saved || saved.next > before) {
      const snaps = this.snapshots.get(frame) ?? [];
      let best: Saved | undefined;
      for (const snap of snaps) if (snap.next <= before && (!best || snap.next > best.next)) best = snap;
      saved = best
        ? { next: best.next, run: { ...best.run, mem: best.run.mem.clone() } }
        : { next: span.firstStep, run: this.newRun(frame) };
      this.last.set(frame, saved);
    }
    let done = 0;
    while (saved.next < before) {
      const s = saved.next;
      const child = this.childAt.get(s);
      if (child !== undefined) {
        const after = this.ends[child]! + 1;
        applyCall(this, saved.run, s, this.childOutput(child, after));
        saved.next = after;
      } else saved.next = this.applyOwn(saved.run, s);
      if (++done % SNAPSHOT_EVERY === 0) this.snapshot(frame, saved);
    }
    return saved.run.mem.result();
  }

  private snapshot(frame: number, saved: Saved): void {
    if (this.snapshotBytes + saved.run.mem.size > SNAPSHOT_BUDGET) return;
    const list = this.snapshots.get(frame) ?? [];
    if (list.some((s) => s.next === saved.next)) return;
    list.push({ next: saved.next, run: { ...saved.run, mem: saved.run.mem.clone() } });
    this.snapshots.set(frame, list);
    this.snapshotBytes += saved.run.mem.size;
  }
}

const replays = new WeakMap<CallSpans, WeakMap<MemorySources, Replay>>();

function replayOf(trace: StepTrace, spans: CallSpans, sources: MemorySources): Replay {
  let bySources = replays.get(spans);
  if (!bySources) replays.set(spans, (bySources = new WeakMap()));
  let replay = bySources.get(sources);
  if (!replay) bySources.set(sources, (replay = new Replay(trace, spans, sources)));
  return replay;
}

function checkFrame(spans: CallSpans, frame: number): void {
  if (!Number.isInteger(frame) || frame < 0 || frame >= spans.frames.length) {
    throw new RangeError(`frame ${frame} is not a frame of the trace (0…${spans.frames.length - 1})`);
  }
}

/** The memory of `frame` just before its step `beforeStep` (its last step + 1: after its last step). */
export function rebuildMemory(
  trace: StepTrace,
  spans: CallSpans,
  frame: number,
  beforeStep: number,
  sources: MemorySources,
): RebuiltMemory {
  checkFrame(spans, frame);
  const span = spans.frames[frame]!;
  const own = beforeStep === span.lastStep + 1 || spans.frameOf[beforeStep] === frame;
  if (!Number.isInteger(beforeStep) || beforeStep < span.firstStep || beforeStep > span.lastStep + 1 || !own) {
    throw new RangeError(`step ${beforeStep} is not a step of frame ${frame}`);
  }
  return replayOf(trace, spans, sources).memoryBefore(frame, beforeStep);
}

/** The input a frame was called with (its parent's memory at the call; the transaction's input for frame 0). */
export function callInput(trace: StepTrace, spans: CallSpans, frame: number, sources: MemorySources): RebuiltMemory {
  checkFrame(spans, frame);
  return asResult(replayOf(trace, spans, sources).inputs[frame] ?? EMPTY);
}

/** The bytes a frame returned or reverted with ('0x' for a STOP or a failure without data). */
export function returnData(trace: StepTrace, spans: CallSpans, frame: number, sources: MemorySources): RebuiltMemory {
  checkFrame(spans, frame);
  return asResult(replayOf(trace, spans, sources).outputs[frame] ?? EMPTY);
}
