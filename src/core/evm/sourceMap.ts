/**
 * From a program counter to a line of Solidity (pure): the compiler's source map (`deployedBytecode.sourceMap`,
 * `s:l:f:j:m` per instruction, compressed: an empty field repeats the previous entry's) gives each instruction a byte
 * range of a source file; the program counter gives the instruction (PUSH1…PUSH32 carry 1…32 bytes of data). Source
 * offsets are bytes of the file's UTF-8 text, so lines and columns are counted on bytes and the column turned into
 * characters at the end.
 */

export interface SourceMap {
  /** Per instruction: start byte, length, source index (-1: no source), jump ('i' into, 'o' out of, '-' none). */
  start: Int32Array;
  length: Int32Array;
  file: Int32Array;
  jump: Uint8Array;
}

const JUMP: Record<string, number> = { '-': 0, i: 1, o: 2 };

export function decodeSourceMap(map: string): SourceMap {
  const entries = map === '' ? [] : map.split(';');
  const n = entries.length;
  const out: SourceMap = {
    start: new Int32Array(n),
    length: new Int32Array(n),
    file: new Int32Array(n),
    jump: new Uint8Array(n),
  };
  let s = 0;
  let l = 0;
  let f = -1;
  let j = 0;
  for (let i = 0; i < n; i++) {
    const e = entries[i]!;
    if (e !== '') {
      const parts = e.split(':');
      if (parts[0]) s = Number.parseInt(parts[0], 10);
      if (parts.length > 1 && parts[1]) l = Number.parseInt(parts[1], 10);
      if (parts.length > 2 && parts[2]) f = Number.parseInt(parts[2], 10);
      if (parts.length > 3 && parts[3]) j = JUMP[parts[3]] ?? 0;
    }
    out.start[i] = s;
    out.length[i] = l;
    out.file[i] = f;
    out.jump[i] = j;
  }
  return out;
}

/** Per byte of the code (hex, with or without 0x; link placeholders allowed): its instruction's index, -1 for PUSH data. */
export function instructionIndexes(code: string): Int32Array {
  const hex = code.startsWith('0x') ? code.slice(2) : code;
  const size = hex.length >> 1;
  const out = new Int32Array(size).fill(-1);
  let index = 0;
  for (let pc = 0; pc < size; index++) {
    out[pc] = index;
    const op = Number.parseInt(hex.slice(pc * 2, pc * 2 + 2), 16);
    pc += 1 + (op >= 0x60 && op <= 0x7f ? op - 0x5f : 0);
  }
  return out;
}

/** Byte offsets at which each line of `text` starts. */
export function lineStarts(text: Uint8Array): number[] {
  const out = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === 0x0a) out.push(i + 1);
  return out;
}

/** 1-based line and 0-based character column of a byte offset. */
export function positionAt(
  text: Uint8Array,
  starts: readonly number[],
  offset: number,
): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  const lineStart = starts[lo]!;
  const column = new TextDecoder().decode(text.subarray(lineStart, Math.min(offset, text.length))).length;
  return { line: lo + 1, column };
}

interface SourceRange {
  /** The source index of the compilation (the build info names its file). */
  file: number;
  start: number;
  length: number;
}

/**
 * The source range of the instruction at `pc`, or of the latest of `pcs` (newest last) that has one in a file of
 * `userFiles`: a REVERT inside a compiler-generated helper (a panic, the encoding of an error) is attributed to the
 * user's code that jumped into it.
 */
export function rangeAt(
  map: SourceMap,
  indexes: Int32Array,
  pcs: readonly number[],
  userFiles: (file: number) => boolean,
): SourceRange | undefined {
  for (let k = pcs.length - 1; k >= 0; k--) {
    const pc = pcs[k]!;
    const i = pc < indexes.length ? indexes[pc]! : -1;
    if (i < 0 || i >= map.start.length) continue;
    const file = map.file[i]!;
    if (file < 0 || !userFiles(file)) continue;
    return { file, start: map.start[i]!, length: map.length[i]! };
  }
  return undefined;
}

/** Per byte of a contract's code (its program counters): the source line of its instruction and the jump marker. */
export interface PcLines {
  /** The source index of the instruction at each pc (-1: none, PUSH data, or a file not given). */
  file: Int32Array;
  /** Its 1-based line (0 when none). */
  line: Int32Array;
  /** Its jump marker: 1 into a function, 2 out of one, 0 neither. */
  jump: Uint8Array;
}

/** Lines of every instruction of `indexes` (instructionIndexes of the code) in the `files` given (index → UTF-8). */
export function pcLines(map: SourceMap, indexes: Int32Array, files: ReadonlyMap<number, Uint8Array>): PcLines {
  const n = indexes.length;
  const out: PcLines = { file: new Int32Array(n).fill(-1), line: new Int32Array(n), jump: new Uint8Array(n) };
  const starts = new Map<number, number[]>();
  for (let pc = 0; pc < n; pc++) {
    const i = indexes[pc]!;
    if (i < 0 || i >= map.start.length) continue;
    out.jump[pc] = map.jump[i]!;
    const f = map.file[i]!;
    const text = files.get(f);
    if (!text) continue;
    let s = starts.get(f);
    if (!s) starts.set(f, (s = lineStarts(text)));
    const offset = map.start[i]!;
    if (offset < 0 || offset > text.length) continue;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    out.file[pc] = f;
    out.line[pc] = lo + 1;
  }
  return out;
}
