/**
 * A call's memory as a replay builds it (pure): bytes that grow as the EVM's memory does (to a multiple of 32 on any
 * access of a non-empty range), a mark on each byte whose value cannot be known, and the reasons in words.
 */
import type { RebuiltMemory } from './trace';

/** Bytes read or copied: a RebuiltMemory, or bytes whose very length is unknown (a precompile's answer). */
export interface Data extends RebuiltMemory {
  unknownLength?: boolean;
}

export const EMPTY: Data = { bytes: new Uint8Array(0), notes: [] };

/** Data nobody can know, with why. */
export const unknownData = (note: string): Data => ({ bytes: new Uint8Array(0), notes: [note], unknownLength: true });

/** Memory past this is taken as an instruction that could not have run (it would cost more gas than exists). */
const LIMIT = 2 ** 32;

/** A stack word (0x hex) as a number; Infinity when it is too large to be a memory offset or size. */
export function num(word: string | undefined): number {
  if (word === undefined) return Infinity;
  const hex = word.startsWith('0x') ? word.slice(2) : word;
  return hex.length <= 12 ? parseInt(hex || '0', 16) : Infinity;
}

/** Bytes from 0x hex (an odd length is read as if it had a leading zero). */
export function hexBytes(hex: string): Uint8Array {
  let h = hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex;
  if (h.length % 2 === 1) h = `0${h}`;
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(i * 2, i * 2 + 2), 16);
  return out;
}

const addNote = (notes: string[], note: string): void => {
  if (!notes.includes(note)) notes.push(note);
};

export class Memory {
  bytes = new Uint8Array(0);
  size = 0;
  unknown: Uint8Array | undefined;
  notes: string[] = [];

  /** Grows the memory to cover [offset, offset+length) (nothing for an empty range); false when it cannot be. */
  expand(offset: number, length: number): boolean {
    if (length === 0) return true;
    const end = offset + length;
    if (!(end <= LIMIT)) return false;
    if (end <= this.size) return true;
    const size = Math.ceil(end / 32) * 32;
    if (size > this.bytes.length) {
      const capacity = Math.max(size, Math.min(LIMIT, this.bytes.length * 2));
      const next = new Uint8Array(capacity);
      next.set(this.bytes.subarray(0, this.size));
      this.bytes = next;
      if (this.unknown) {
        const marks = new Uint8Array(capacity);
        marks.set(this.unknown.subarray(0, this.size));
        this.unknown = marks;
      }
    }
    this.size = size;
    return true;
  }

  /** Writes `length` bytes of `data` from `from` at `offset` (zeros past the data's end); the range is covered. */
  write(offset: number, data: Data, from: number, length: number): void {
    if (data.unknownLength) {
      this.markUnknown(offset, length, data.notes);
      return;
    }
    const available = from < data.bytes.length ? Math.min(length, data.bytes.length - from) : 0;
    if (available > 0) this.bytes.set(data.bytes.subarray(from, from + available), offset);
    this.bytes.fill(0, offset + available, offset + length);
    if (data.unknown && available > 0) {
      const marks = data.unknown.subarray(from, from + available);
      if (marks.some((m) => m !== 0)) {
        this.marks().set(marks, offset);
        this.unknown!.fill(0, offset + available, offset + length);
        for (const n of data.notes) addNote(this.notes, n);
        return;
      }
    }
    this.unknown?.fill(0, offset, offset + length);
  }

  /** A 32-byte big-endian word at `offset`. */
  writeWord(offset: number, word: string | undefined): void {
    const hex = (word ?? '0x0').replace(/^0x/, '').padStart(64, '0').slice(-64);
    for (let i = 0; i < 32; i++) this.bytes[offset + i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
    this.unknown?.fill(0, offset, offset + 32);
  }

  writeByte(offset: number, value: number): void {
    this.bytes[offset] = value;
    if (this.unknown) this.unknown[offset] = 0;
  }

  /** MCOPY: both ranges already covered. */
  copyWithin(dest: number, src: number, length: number): void {
    this.bytes.copyWithin(dest, src, src + length);
    this.unknown?.copyWithin(dest, src, src + length);
  }

  markUnknown(offset: number, length: number, notes: readonly string[]): void {
    this.marks().fill(1, offset, offset + length);
    for (const n of notes) addNote(this.notes, n);
  }

  private marks(): Uint8Array {
    if (!this.unknown) this.unknown = new Uint8Array(this.bytes.length);
    return this.unknown;
  }

  /** [offset, offset+length) as data (zeros past the memory's end), without growing the memory. */
  read(offset: number, length: number): Data {
    if (length === 0) return EMPTY;
    if (!(offset + length <= LIMIT)) return unknownData(`a range of ${length} bytes at ${offset} cannot be read`);
    const bytes = new Uint8Array(length);
    const end = Math.min(this.size, offset + length);
    if (end > offset) bytes.set(this.bytes.subarray(offset, end));
    const out: Data = { bytes, notes: [] };
    if (this.unknown && end > offset) {
      const marks = this.unknown.subarray(offset, end);
      if (marks.some((m) => m !== 0)) {
        out.unknown = new Uint8Array(length);
        out.unknown.set(marks);
        out.notes = [...this.notes];
      }
    }
    return out;
  }

  clone(): Memory {
    const m = new Memory();
    m.bytes = this.bytes.slice(0, this.size);
    m.size = this.size;
    m.unknown = this.unknown?.slice(0, this.size);
    m.notes = [...this.notes];
    return m;
  }

  /** What the caller sees: exactly the memory's size; `unknown` only when some byte is. */
  result(): RebuiltMemory {
    const out: RebuiltMemory = { bytes: this.bytes.slice(0, this.size), notes: [] };
    const marks = this.unknown?.subarray(0, this.size);
    if (marks?.some((m) => m !== 0)) {
      out.unknown = marks.slice();
      out.notes = [...this.notes];
    }
    return out;
  }
}

/** Data as a caller sees it (a length nobody knows becomes no bytes, with the note). */
export function asResult(data: Data): RebuiltMemory {
  const out: RebuiltMemory = { bytes: data.bytes.slice(), notes: [...data.notes] };
  if (data.unknown) out.unknown = data.unknown.slice();
  return out;
}
