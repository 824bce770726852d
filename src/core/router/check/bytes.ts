/**
 * Bytes as the checks read them: addresses (bech32 and 0x) as their bytes, strict base64 and hex, and two small
 * readers, BCS (Move arguments) and protobuf (a signed transaction). Every reader is strict: a length that runs past
 * the end, a trailing byte, a non-canonical encoding is an error, never a guess. Pure, no dependencies but bech32.
 */
import { bech32 } from 'bech32';
import { strictBase64 } from '../../base64';

export class DecodeError extends Error {}

/**
 * A bech32 address read exactly as cosmos-sdk reads one (cosmos/cosmos-sdk types/bech32/bech32.go `DecodeAndConvert`:
 * btcutil's `bech32.Decode(bech, 1023)` then `ConvertBits(data, 5, 8, false)`): 8 to 1023 characters, printable
 * ASCII, all lower or all upper case (BIP-173: mixed case is refused), a valid checksum, zero padding. Nothing is
 * trimmed or lower-cased first. The prefix comes back lower-case (as the decoder gives it); the data as hex.
 */
export function decodeBech32(address: string): { prefix: string; hex: string } | undefined {
  try {
    const { prefix, words } = bech32.decode(address, 1023);
    return { prefix, hex: Buffer.from(bech32.fromWords(words)).toString('hex') };
  } catch {
    return undefined;
  }
}

/** Lower-case hex of an address's bytes (0x…: its bytes; bech32: its data), or undefined when it is neither. */
export function addressBytes(address: string): string | undefined {
  if (/^0x[0-9a-f]+$/i.test(address)) return address.slice(2).toLowerCase();
  return decodeBech32(address)?.hex;
}

/** The bech32 prefix of an address, or undefined for 0x and anything else. */
export function bech32Prefix(address: string): string | undefined {
  return decodeBech32(address)?.prefix;
}

/** The prefix of Initia's own chains (L1 and rollups), where `init1…` and `0x…` of the same 20 bytes are one account. */
const INITIA_PREFIX = 'init';

/**
 * Same account, exactly: the same text; two 0x addresses of the same bytes (hex in any case); two bech32 addresses of
 * the same prefix (or any prefixes when `acrossPrefixes`: the same key on two chains, which only the caller may
 * say) and the same data bytes, of the same length; a bech32 and a 0x address only on Initia's own chains (prefix
 * `init`), both of 20 bytes and equal. A 32-byte value is never shortened here: a chain that reads a 32-byte word
 * as a 20-byte account does so at its own decoding site (see `wordAccount`).
 */
export function sameAddress(a: string, b: string, acrossPrefixes = false): boolean {
  if (!a || !b) return false;
  if (a === b) return true;
  const hx = /^0x[0-9a-f]+$/i.test(a) ? a.slice(2).toLowerCase() : undefined;
  const hy = /^0x[0-9a-f]+$/i.test(b) ? b.slice(2).toLowerCase() : undefined;
  if (hx !== undefined && hy !== undefined) return hx === hy;
  const bx = hx === undefined ? decodeBech32(a) : undefined;
  const by = hy === undefined ? decodeBech32(b) : undefined;
  if (bx && by) return bx.hex === by.hex && (bx.prefix === by.prefix || acrossPrefixes);
  const [bech, hex] = bx && hy !== undefined ? [bx, hy] : by && hx !== undefined ? [by, hx] : [undefined, undefined];
  return !!bech && bech.prefix === INITIA_PREFIX && hex!.length === 40 && bech.hex === hex;
}

/**
 * A 32-byte word (hex, with or without 0x) as the 20-byte account a chain reads from it where it does that
 * conversion (a Move `address` on Initia, an ABI bytes32 receiver on an EVM chain): `0x` + the low 20 bytes when
 * the upper 12 are zero; otherwise the whole word as it is, which names no 20-byte account and so matches none.
 */
export function wordAccount(word: string): string {
  const h = word.replace(/^0x/i, '').toLowerCase();
  return h.length === 64 && /^0{24}$/.test(h.slice(0, 24)) ? `0x${h.slice(24)}` : `0x${h}`;
}

/** Strict standard base64 (padding required) to bytes. */
export function base64Bytes(s: string): Uint8Array {
  const bytes = strictBase64(s);
  if (!bytes) throw new DecodeError('not base64');
  return bytes;
}

/** Strict hex (optional 0x, even length) to bytes. */
export function hexBytes(s: string): Uint8Array {
  const h = s.replace(/^0x/i, '');
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(h)) throw new DecodeError('not hex');
  return new Uint8Array(Buffer.from(h, 'hex'));
}

export const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

// ---------------------------------------------------------------------------------------------------------------
// BCS (Move): what the hooks' arguments use

export class BcsReader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  private take(n: number): Uint8Array {
    if (this.at + n > this.bytes.length) throw new DecodeError('BCS value runs past its end');
    const out = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }

  u8(): number {
    return this.take(1)[0]!;
  }

  u64(): bigint {
    return Buffer.from(this.take(8)).readBigUInt64LE();
  }

  /** ULEB128 length, canonical (no redundant trailing zero group). */
  uleb(): number {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const b = this.u8();
      value += (b & 0x7f) * 2 ** shift;
      if ((b & 0x80) === 0) {
        if (b === 0 && shift > 0) throw new DecodeError('BCS length is not canonical');
        return value;
      }
    }
    throw new DecodeError('BCS length too long');
  }

  bytesVec(): Uint8Array {
    return this.take(this.uleb());
  }

  /** A Move address: 32 bytes, as lower-case hex without 0x. */
  address(): string {
    return toHex(this.take(32));
  }

  string(): string {
    const b = this.bytesVec();
    const s = Buffer.from(b).toString('utf8');
    if (!equalBytes(new Uint8Array(Buffer.from(s, 'utf8')), b)) throw new DecodeError('BCS string is not UTF-8');
    return s;
  }

  end(): void {
    if (this.at !== this.bytes.length)
      throw new DecodeError(`${this.bytes.length - this.at} byte(s) after the BCS value`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Protobuf: just enough to read a signed cosmos transaction

export interface ProtoField {
  no: number;
  wire: 0 | 1 | 2 | 5;
  /** Varint and fixed values as bigint; length-delimited as bytes. */
  value: bigint | Uint8Array;
}

/** Every field of a message, in order; strict about wire types and lengths. */
export function protoFields(bytes: Uint8Array): ProtoField[] {
  const out: ProtoField[] = [];
  let at = 0;
  const varint = (): bigint => {
    let v = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (at >= bytes.length) throw new DecodeError('protobuf varint runs past the end');
      const b = bytes[at++]!;
      v |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return v;
    }
    throw new DecodeError('protobuf varint too long');
  };
  while (at < bytes.length) {
    const key = varint();
    const no = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (no < 1) throw new DecodeError('protobuf field number 0');
    if (wire === 0) out.push({ no, wire, value: varint() });
    else if (wire === 2) {
      const len = Number(varint());
      if (at + len > bytes.length) throw new DecodeError('protobuf field runs past the end');
      out.push({ no, wire, value: bytes.subarray(at, at + len) });
      at += len;
    } else if (wire === 1 || wire === 5) {
      const n = wire === 1 ? 8 : 4;
      if (at + n > bytes.length) throw new DecodeError('protobuf field runs past the end');
      out.push({
        no,
        wire,
        value: BigInt(
          `0x${
            toHex(
              bytes
                .subarray(at, at + n)
                .slice()
                .reverse(),
            ) || '0'
          }`,
        ),
      });
      at += n;
    } else throw new DecodeError(`protobuf wire type ${wire} is not supported`);
  }
  return out;
}

/** A length-delimited field as UTF-8 text (strict). */
export function protoText(f: ProtoField): string {
  if (!(f.value instanceof Uint8Array)) throw new DecodeError(`field ${f.no} is not text`);
  const s = Buffer.from(f.value).toString('utf8');
  if (!equalBytes(new Uint8Array(Buffer.from(s, 'utf8')), f.value)) throw new DecodeError(`field ${f.no} is not UTF-8`);
  return s;
}

export function protoBytes(f: ProtoField): Uint8Array {
  if (!(f.value instanceof Uint8Array)) throw new DecodeError(`field ${f.no} is not bytes`);
  return f.value;
}
