/**
 * The node's answer to `debug_traceTransaction` with the struct logger, read as it streams (pure). A byte scanner
 * that follows strings, escapes and nesting finds the elements of `result.structLogs` wherever the key comes and
 * however the answer is spaced; each step's text alone goes through JSON.parse and into the typed arrays of
 * stepStore.ts (its memory and storage, if the node sent them, are dropped), so neither the whole body nor an object
 * per step is ever held. Everything outside those elements is kept as text, with `[]` in the array's place, and read
 * at the end as the JSON-RPC envelope: the node's error, or the trace's `failed`, `gas` and `returnValue`.
 */
import { normaliseWord, StepStore, type PackedStep } from './stepStore';
import type { StepTrace } from './trace';

/** The node refused (`{"error":{code,message}}`). */
export interface StructLogError {
  error: { code: number; message: string };
}

export type StructLogAnswer = StepTrace | StructLogError;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

const isSpace = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** The quote closing a string whose text begins at `from`, found with indexOf; -1 when the chunk ends first, or when
 *  the string holds a backslash (rare in a step: the byte loop then follows its escapes). */
function closingQuote(chunk: Uint8Array, from: number): number {
  const q = chunk.indexOf(QUOTE, from);
  if (q < 0) return -1;
  for (let k = from; k < q; k++) if (chunk[k] === BACKSLASH) return -1;
  return q;
}

/** A growable byte buffer (the envelope's text, a step split across chunks, a key). */
class Bytes {
  data = new Uint8Array(256);
  length = 0;
  append(chunk: Uint8Array, from: number, to: number): void {
    const need = this.length + to - from;
    if (need > this.data.length) {
      let size = this.data.length * 2;
      while (size < need) size *= 2;
      const next = new Uint8Array(size);
      next.set(this.data.subarray(0, this.length));
      this.data = next;
    }
    this.data.set(chunk.subarray(from, to), this.length);
    this.length = need;
  }
  view(): Uint8Array {
    return this.data.subarray(0, this.length);
  }
}

const decoder = new TextDecoder();

/** Streams one answer: `push` each chunk as it arrives, then `end` for the trace (or the node's error). */
export class StructLogReader {
  private readonly store = new StepStore();
  private readonly envelope = new Bytes();
  /** Outside the array: the containers open (true for an object), whether a string is open, escaped, a key. */
  private readonly nesting: boolean[] = [];
  private inString = false;
  private escaped = false;
  private expectKey = false;
  private key: Bytes | undefined;
  /** Where the open key's bytes begin in the chunk being scanned. */
  private keyFrom = -1;
  private readonly keys: string[] = [];
  /** Inside `result.structLogs`: whether its array is open, a step open and its nesting, the step's bytes so far. */
  private inSteps = false;
  private stepsDone = false;
  private stepDepth = 0;
  private readonly stepText = new Bytes();
  private steps = 0;
  private ended = false;

  push(chunk: Uint8Array): void {
    if (this.ended) throw new Error('the struct log already ended');
    let at = 0;
    while (at < chunk.length) {
      if (this.inSteps) at = this.scanSteps(chunk, at);
      else at = this.scanEnvelope(chunk, at);
    }
  }

  end(): StructLogAnswer {
    if (this.ended) throw new Error('the struct log already ended');
    this.ended = true;
    if (this.inSteps || this.inString || this.nesting.length > 0) {
      throw new Error(`the struct log ended early (after ${this.steps} steps)`);
    }
    let body: unknown;
    try {
      body = JSON.parse(decoder.decode(this.envelope.view()));
    } catch (err) {
      throw new Error(`the node's answer is not JSON: ${(err as Error).message}`);
    }
    return readEnvelope(body, this.store, this.stepsDone);
  }

  /** Bytes outside the steps, kept as the envelope; returns where the steps' array begins (or the chunk's end). */
  private scanEnvelope(chunk: Uint8Array, from: number): number {
    this.keyFrom = this.key ? from : -1;
    for (let i = from; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === QUOTE) this.closeString(chunk, i);
        continue;
      }
      if (b === QUOTE) {
        this.inString = true;
        const inObject = this.nesting[this.nesting.length - 1] === true;
        if (this.expectKey && inObject && this.nesting.length <= 2) {
          this.key = new Bytes();
          this.keyFrom = i;
        }
      } else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
        if (b === OPEN_ARRAY && this.atStepsArray()) {
          this.envelope.append(chunk, from, i + 1);
          this.inSteps = true;
          this.stepsDone = true;
          return i + 1;
        }
        this.nesting.push(b === OPEN_OBJECT);
        this.expectKey = b === OPEN_OBJECT;
      } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
        this.nesting.pop();
        this.expectKey = false;
      } else if (b === COMMA) {
        this.expectKey = this.nesting[this.nesting.length - 1] === true;
      } else if (b === COLON) {
        this.expectKey = false;
      }
    }
    if (this.key && this.keyFrom >= 0) this.key.append(chunk, this.keyFrom, chunk.length);
    this.envelope.append(chunk, from, chunk.length);
    return chunk.length;
  }

  private closeString(chunk: Uint8Array, i: number): void {
    this.inString = false;
    if (!this.key) return;
    this.key.append(chunk, this.keyFrom, i + 1);
    let name = '';
    try {
      name = JSON.parse(decoder.decode(this.key.view())) as string;
    } catch {
      // not a key this reader looks for
    }
    this.keys[this.nesting.length - 1] = name;
    this.keys.length = this.nesting.length;
    this.key = undefined;
  }

  /** An array opening right here is `result.structLogs` (the top object's `result`, its `structLogs`). */
  private atStepsArray(): boolean {
    return (
      !this.stepsDone &&
      this.nesting.length === 2 &&
      this.nesting[0] === true &&
      this.nesting[1] === true &&
      this.keys[0] === 'result' &&
      this.keys[1] === 'structLogs'
    );
  }

  /** Bytes of the steps' array; returns the position after its closing `]` (or the chunk's end). The hot loop: the
   *  state lives in locals, a string is skipped with indexOf, `[`/`{` and `]`/`}` are told apart from the rest by one
   *  test (`b | 0x20` folds the brackets onto the braces). */
  private scanSteps(chunk: Uint8Array, from: number): number {
    let start = this.stepDepth > 0 ? from : -1;
    let depth = this.stepDepth;
    let inString = this.inString;
    let escaped = this.escaped;
    const n = chunk.length;
    let i = from;
    for (; i < n; i++) {
      const b = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) inString = false;
        continue;
      }
      const folded = b | 0x20;
      if (b !== QUOTE && folded !== OPEN_OBJECT && folded !== CLOSE_OBJECT) {
        if (depth === 0 && !isSpace(b) && b !== COMMA)
          throw new Error(`structLogs step ${this.steps} is not an object`);
        continue;
      }
      if (b === QUOTE) {
        if (depth === 0) throw new Error(`structLogs step ${this.steps} is not an object`);
        const close = closingQuote(chunk, i + 1);
        if (close < 0) inString = true;
        else i = close;
      } else if (folded === OPEN_OBJECT) {
        if (depth === 0 && b !== OPEN_OBJECT) throw new Error(`structLogs step ${this.steps} is not an object`);
        if (depth++ === 0) start = i;
      } else if (depth === 0) {
        if (b !== CLOSE_ARRAY) throw new Error(`structLogs step ${this.steps} is not an object`);
        this.inSteps = false;
        this.envelope.append(chunk, i, i + 1);
        break;
      } else if (--depth === 0) {
        this.finishStep(chunk, start, i + 1);
        start = -1;
      }
    }
    this.stepDepth = depth;
    this.inString = inString;
    this.escaped = escaped;
    if (i < n) return i + 1;
    if (start >= 0) this.stepText.append(chunk, start, n);
    return n;
  }

  private finishStep(chunk: Uint8Array, start: number, end: number): void {
    let bytes: Uint8Array;
    if (this.stepText.length > 0) {
      this.stepText.append(chunk, start, end);
      bytes = this.stepText.view();
    } else bytes = chunk.subarray(start, end);
    const n = this.steps;
    let value: unknown;
    try {
      value = JSON.parse(decoder.decode(bytes));
    } catch (err) {
      throw new Error(`structLogs step ${n} is not JSON: ${(err as Error).message}`);
    }
    this.stepText.length = 0;
    this.store.add(readStep(value, n));
    this.steps = n + 1;
  }
}

const toNumber = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;

/** One step checked (`{pc: number, op: string, depth: integer ≥ 1}`) and its stack normalised. */
function readStep(value: unknown, n: number): PackedStep {
  const s = value as Record<string, unknown>;
  const { pc, op, depth } = s;
  if (typeof pc !== 'number' || !Number.isInteger(pc) || pc < 0 || pc > 0xffffffff) {
    throw new Error(`structLogs step ${n} has no pc`);
  }
  if (typeof op !== 'string' || op === '') throw new Error(`structLogs step ${n} has no op`);
  if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 1 || depth > 0xffff) {
    throw new Error(`structLogs step ${n} has no depth (an integer from 1)`);
  }
  const raw = s.stack;
  if (raw !== undefined && raw !== null && !Array.isArray(raw)) {
    throw new Error(`structLogs step ${n}: its stack is not a list`);
  }
  const stack: string[] = [];
  for (const w of (raw ?? []) as unknown[]) {
    if (typeof w !== 'string') throw new Error(`structLogs step ${n}: a stack word is not a string`);
    stack.push(normaliseWord(w));
  }
  const step: PackedStep = {
    pc,
    op: op.toUpperCase(),
    depth,
    gas: toNumber(s.gas),
    gasCost: toNumber(s.gasCost),
    stack,
  };
  const error = s.error;
  if (error !== undefined && error !== null && error !== '') {
    step.error = typeof error === 'string' ? error : JSON.stringify(error);
  }
  return step;
}

/** The envelope read: the node's error, or the trace finished with the result's own fields. */
function readEnvelope(body: unknown, store: StepStore, sawSteps: boolean): StructLogAnswer {
  const envelope = body as { error?: unknown; result?: unknown } | null;
  if (typeof envelope !== 'object' || envelope === null) throw new Error("the node's answer is not a JSON-RPC reply");
  if (envelope.error !== undefined && envelope.error !== null) {
    const e = envelope.error as { code?: unknown; message?: unknown };
    const code = typeof e.code === 'number' ? e.code : 0;
    const message = typeof e.message === 'string' ? e.message : JSON.stringify(envelope.error);
    return { error: { code, message } };
  }
  const result = envelope.result as Record<string, unknown> | null | undefined;
  if (typeof result !== 'object' || result === null || !sawSteps || !Array.isArray(result.structLogs)) {
    throw new Error("the node's answer holds no struct log (result.structLogs)");
  }
  const rv = typeof result.returnValue === 'string' ? result.returnValue.toLowerCase() : '';
  return store.finish({
    failed: result.failed === true,
    returnValue: rv.startsWith('0x') ? rv : `0x${rv}`,
    gasUsed: toNumber(result.gas),
  });
}

/** Reads a whole answer at once (tests, small traces); the node's error is thrown. */
export function readStructLog(text: string): StepTrace {
  const reader = new StructLogReader();
  reader.push(new TextEncoder().encode(text));
  const answer = reader.end();
  if ('error' in answer) throw new Error(`the node refused (${answer.error.code}): ${answer.error.message}`);
  return answer;
}
