/**
 * The steps of a struct log packed as they arrive (pure): typed arrays that grow by doubling, the opcode names interned
 * in a small table, errors kept only for the steps that have one, and the stack as differences: each step keeps the
 * bottom words of the step before it and adds the words it pushed, with a full copy every CHECKPOINT steps, so a
 * stack is rebuilt by walking back at most that many steps and one word is found without rebuilding any.
 */
import type { StepTrace } from './trace';

/** A full copy of the stack every this many steps (stackAt walks back at most this far). */
export const CHECKPOINT = 64;

/** One step as the reader hands it over (the stack already normalised). */
export interface PackedStep {
  pc: number;
  op: string;
  depth: number;
  gas: number;
  gasCost: number;
  stack: readonly string[];
  error?: string;
}

/** Envelope facts that arrive with the answer's end. */
export interface TraceSummary {
  failed: boolean;
  returnValue: string;
  gasUsed: number;
}

function grow<T extends Uint8Array | Uint16Array | Uint32Array | Float64Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  let size = a.length * 2;
  while (size < need) size *= 2;
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}

/** `0x80`, `0x0000…80`, `0X80` and `80` all become `0x80`; zero is `0x0`. */
export function normaliseWord(word: string): string {
  let i = word.startsWith('0x') || word.startsWith('0X') ? 2 : 0;
  const start = i;
  while (i < word.length - 1 && word.charCodeAt(i) === 48) i++;
  if (i === 2 && start === 2 && word.length > 2 && word.charCodeAt(1) === 120 && isLower(word)) return word;
  const digits = word.slice(i).toLowerCase();
  return digits === '' ? '0x0' : `0x${digits}`;
}

function isLower(word: string): boolean {
  for (let k = 2; k < word.length; k++) {
    const c = word.charCodeAt(k);
    if (c >= 65 && c <= 70) return false;
  }
  return true;
}

/** The growing store; `finish` turns it into the StepTrace. */
export class StepStore implements StepTrace {
  length = 0;
  private pcs = new Uint32Array(1024);
  private depths = new Uint16Array(1024);
  private gases = new Float64Array(1024);
  private costs = new Float64Array(1024);
  private ops = new Uint16Array(1024);
  private readonly opNames: string[] = [];
  private readonly opIndex = new Map<string, number>();
  private readonly errors = new Map<number, string>();
  /** Per step: how many bottom words it shares with the step before (0 at a checkpoint), its size, where its own
   *  words start in `words`. */
  private kept = new Uint16Array(1024);
  private sizes = new Uint16Array(1024);
  private starts = new Uint32Array(1024);
  private readonly words: string[] = [];
  private previous: readonly string[] = [];
  private summary: TraceSummary = { failed: false, returnValue: '0x', gasUsed: 0 };

  get pc(): Uint32Array {
    return this.pcs.subarray(0, this.length);
  }
  get depth(): Uint16Array {
    return this.depths.subarray(0, this.length);
  }
  get gas(): Float64Array {
    return this.gases.subarray(0, this.length);
  }
  get gasCost(): Float64Array {
    return this.costs.subarray(0, this.length);
  }
  get failed(): boolean {
    return this.summary.failed;
  }
  get returnValue(): string {
    return this.summary.returnValue;
  }
  get gasUsed(): number {
    return this.summary.gasUsed;
  }

  add(step: PackedStep): void {
    const i = this.length;
    const need = i + 1;
    this.pcs = grow(this.pcs, need);
    this.depths = grow(this.depths, need);
    this.gases = grow(this.gases, need);
    this.costs = grow(this.costs, need);
    this.ops = grow(this.ops, need);
    this.kept = grow(this.kept, need);
    this.sizes = grow(this.sizes, need);
    this.starts = grow(this.starts, need);
    this.pcs[i] = step.pc;
    this.depths[i] = step.depth;
    this.gases[i] = step.gas;
    this.costs[i] = step.gasCost;
    let op = this.opIndex.get(step.op);
    if (op === undefined) {
      op = this.opNames.length;
      this.opNames.push(step.op);
      this.opIndex.set(step.op, op);
    }
    this.ops[i] = op;
    if (step.error !== undefined) this.errors.set(i, step.error);
    this.addStack(i, step.stack);
    this.length = need;
  }

  private addStack(i: number, stack: readonly string[]): void {
    let kept = 0;
    if (i % CHECKPOINT !== 0) {
      const prev = this.previous;
      const max = Math.min(prev.length, stack.length);
      while (kept < max && prev[kept] === stack[kept]) kept++;
    }
    this.kept[i] = kept;
    this.sizes[i] = stack.length;
    this.starts[i] = this.words.length;
    for (let k = kept; k < stack.length; k++) this.words.push(stack[k]!);
    this.previous = stack;
  }

  finish(summary: TraceSummary): StepTrace {
    this.summary = summary;
    this.previous = [];
    return this;
  }

  opAt(step: number): string {
    this.check(step);
    return this.opNames[this.ops[step]!]!;
  }

  errorAt(step: number): string | undefined {
    return this.errors.get(step);
  }

  stackSize(step: number): number {
    this.check(step);
    return this.sizes[step]!;
  }

  stackWord(step: number, n: number): string | undefined {
    this.check(step);
    const p = this.sizes[step]! - 1 - n;
    if (n < 0 || p < 0) return undefined;
    let j = step;
    while (p < this.kept[j]!) j--;
    return this.words[this.starts[j]! + p - this.kept[j]!];
  }

  stackAt(step: number): string[] {
    this.check(step);
    const from = step - (step % CHECKPOINT);
    const out: string[] = [];
    for (let j = from; j <= step; j++) {
      const kept = this.kept[j]!;
      out.length = kept;
      const start = this.starts[j]!;
      const end = start + this.sizes[j]! - kept;
      for (let k = start; k < end; k++) out.push(this.words[k]!);
    }
    return out;
  }

  private check(step: number): void {
    if (!Number.isInteger(step) || step < 0 || step >= this.length) {
      throw new RangeError(`step ${step} is outside the trace (0…${this.length - 1})`);
    }
  }
}
