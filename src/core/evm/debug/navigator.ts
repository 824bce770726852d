/**
 * Where a replay stops, forwards and back (pure). A step is a *stop* when it is the first instruction of a source
 * line in its call at its function level: the line differs from the last line that call ran at that level (a line
 * spread over several instructions, or returned to after a call, stops once). Function levels come from the source
 * map's jump markers (a JUMP marked `i` enters an internal function, `o` leaves it) and from call depth (a call made by
 * an instruction is one level below its caller), so *step over* is "the next stop at my level or above", *step out*
 * "the next stop above my level", and *step back* is step into run backwards (the previous stop). Stepping stops at a
 * failing step (REVERT, INVALID, an error) on its way. Every answer is
 * computed once over the whole trace (typed arrays, one pass), so a step or a reverse continue across 100,000 steps
 * is a scan of a typed array.
 */
import type { CallSpans, StepTrace } from './trace';

/** The source lines of one call's code, as line ids (the session numbers each file's line once). */
export interface FrameLines {
  /** The id of the source line of the instruction at `pc`, -1 for none (compiler-generated code, PUSH data). */
  lineId(pc: number): number;
  /** The source map's jump marker of the instruction at `pc`: 1 into a function, 2 out of one, 0 neither. */
  jump(pc: number): number;
}

export type StopReason = 'entry' | 'step' | 'breakpoint' | 'exception' | 'end';

export interface Stop {
  step: number;
  reason: StopReason;
}

const FAILING_OPS = new Set(['REVERT', 'INVALID']);

export class Navigator {
  /** Per step: its line id (-1 none). */
  readonly lineOf: Int32Array;
  /** Per step: its function level (0 for the transaction's own call's outermost code). */
  readonly level: Int32Array;
  /** Per step: the latest line id its call ran at or before it (-1 none): where a stop there is shown. */
  readonly shownLine: Int32Array;
  /** Per step: 1 when it is a stop. */
  readonly stop: Uint8Array;
  /** Per frame: the level of its outermost code. */
  readonly base: Int32Array;
  private readonly failing: Uint8Array;

  constructor(
    readonly trace: StepTrace,
    readonly spans: CallSpans,
    linesOf: (frame: number) => FrameLines | undefined,
  ) {
    const n = trace.length;
    this.lineOf = new Int32Array(n).fill(-1);
    this.level = new Int32Array(n);
    this.shownLine = new Int32Array(n).fill(-1);
    this.stop = new Uint8Array(n);
    this.failing = new Uint8Array(n);
    this.base = new Int32Array(spans.frames.length);
    const lines = spans.frames.map((_, f) => linesOf(f));
    this.levels(lines);
    this.stops();
  }

  private levels(lines: ReadonlyArray<FrameLines | undefined>): void {
    const { trace, spans } = this;
    const current = new Int32Array(spans.frames.length);
    for (let i = 0; i < trace.length; i++) {
      const f = spans.frameOf[i]!;
      const span = spans.frames[f]!;
      // A frame's call step comes before its first step: its caller's level there is known.
      if (i === span.firstStep) current[f] = this.base[f] = span.callStep < 0 ? 0 : this.level[span.callStep]! + 1;
      const own = lines[f];
      const pc = trace.pc[i]!;
      this.level[i] = current[f]!;
      if (own) this.lineOf[i] = own.lineId(pc);
      const op = trace.opAt(i);
      if (FAILING_OPS.has(op) || trace.errorAt(i) !== undefined) this.failing[i] = 1;
      if (own && op === 'JUMP') {
        const jump = own.jump(pc);
        if (jump === 1) current[f]!++;
        else if (jump === 2 && current[f]! > this.base[f]!) current[f]!--;
      }
    }
  }

  private stops(): void {
    const { spans } = this;
    const last = new Map<number, number[]>();
    const shown = new Int32Array(spans.frames.length).fill(-1);
    /** Frames with a stop inside a function (above their base level: the function the calldata selected). */
    const inside = new Uint8Array(spans.frames.length);
    for (let i = 0; i < this.trace.length; i++) {
      const f = spans.frameOf[i]!;
      const line = this.lineOf[i]!;
      if (line >= 0) {
        let seen = last.get(f);
        if (!seen) last.set(f, (seen = []));
        const k = this.level[i]! - this.base[f]!;
        if (seen.length > k + 1) seen.length = k + 1;
        if (seen[k] !== line) {
          this.stop[i] = 1;
          seen[k] = line;
          if (k > 0) inside[f] = 1;
        }
        shown[f] = line;
      }
      this.shownLine[i] = shown[f]!;
      if (i === spans.frames[f]!.lastStep) last.delete(f);
    }
    // The dispatcher and the decoding of the arguments (the contract's and the function's first lines, at the call's
    // base level) are no stops in a call whose function has lines of its own.
    for (let i = 0; i < this.trace.length; i++) {
      const f = spans.frameOf[i]!;
      if (this.stop[i] && inside[f] && this.level[i] === this.base[f]) this.stop[i] = 0;
    }
  }

  get length(): number {
    return this.trace.length;
  }

  /** The last step (where the transaction ended). */
  get end(): number {
    return this.trace.length - 1;
  }

  /** Whether the step fails (REVERT, INVALID, or the node's error on it). */
  isFailing(step: number): boolean {
    return this.failing[step] === 1;
  }

  /** The first stop of the trace (the entry of the outermost call with sources), else the first step. */
  first(): number {
    const i = this.stop.indexOf(1);
    return i < 0 ? 0 : i;
  }

  /** The next stop after `from` whose level is at most `maxLevel` (Infinity: any), or failing step, else the end. */
  private forward(from: number, maxLevel: number): number {
    for (let i = from + 1; i < this.trace.length; i++)
      if ((this.stop[i] && this.level[i]! <= maxLevel) || this.failing[i]) return i;
    return this.end;
  }

  /** Step into: the next stop, at any level. */
  stepIn(from: number): number {
    return this.forward(from, Number.POSITIVE_INFINITY);
  }

  /** Step over: the next stop at this step's level or above (calls and internal functions run through). */
  next(from: number): number {
    return this.forward(from, this.level[from]!);
  }

  /** Step out: the next stop above this step's level. */
  stepOut(from: number): number {
    return this.forward(from, this.level[from]! - 1);
  }

  /** Step back: the reverse of step into (the previous stop or failing step), else the first stop. */
  stepBack(from: number): number {
    for (let i = from - 1; i >= 0; i--) if (this.stop[i] || this.failing[i]) return i;
    return this.first();
  }

  /** Runs on to the next breakpoint (a stop on a line of `breakpoints`) or failing step; else to the end. */
  continue(from: number, breakpoints: ReadonlySet<number>): Stop {
    for (let i = from + 1; i < this.trace.length; i++) {
      if (this.failing[i]) return { step: i, reason: 'exception' };
      if (this.stop[i] && breakpoints.has(this.lineOf[i]!)) return { step: i, reason: 'breakpoint' };
    }
    return { step: this.end, reason: 'end' };
  }

  /** Runs back to the previous breakpoint or failing step; else to the first stop. */
  reverseContinue(from: number, breakpoints: ReadonlySet<number>): Stop {
    for (let i = from - 1; i >= 0; i--) {
      if (this.failing[i]) return { step: i, reason: 'exception' };
      if (this.stop[i] && breakpoints.has(this.lineOf[i]!)) return { step: i, reason: 'breakpoint' };
    }
    return { step: this.first(), reason: 'entry' };
  }

  /** The line ids some stop of the trace is on (a breakpoint elsewhere is never hit). */
  stoppedLines(): Set<number> {
    const out = new Set<number>();
    for (let i = 0; i < this.trace.length; i++) if (this.stop[i]) out.add(this.lineOf[i]!);
    return out;
  }

  /**
   * The internal function calls open at `step` in its call, outermost first: for each, the JUMP that entered it (the
   * call site, at the caller's level) and the first step inside.
   */
  openFunctions(step: number): Array<{ site: number; entered: number }> {
    const f = this.spans.frameOf[step]!;
    const first = this.spans.frames[f]!.firstStep;
    const out: Array<{ site: number; entered: number }> = [];
    let want = this.level[step]!;
    let entered = step;
    for (let j = step; j >= first && want > this.base[f]!; j--) {
      if (this.spans.frameOf[j] !== f) continue;
      if (this.level[j]! < want) {
        out.unshift({ site: j, entered });
        want = this.level[j]!;
      }
      entered = j;
    }
    return out;
  }
}
