/**
 * What in a line of the integrated terminal can be looked up: transaction hashes, block heights written after
 * "height" (or "block", "blockNumber", "Block Number"), `init1…` addresses (checksum verified) and `0x…` addresses,
 * a contract's when the line says so ("Contract Address:", "Deployed to:", "contractAddress"). A hash is recognised
 * as the tx hover recognises it (core/linkScan.ts `txHashAt`): exactly 64 hex digits, `0x` optional, any case, not
 * part of a longer hex run or word; one labelled as a block hash, a root or a topic is not a transaction.
 *
 * This module is part of the activation bundle (the shell's terminal link provider runs it on every line the
 * terminal shows), so it imports nothing: no bech32 package, no validate.ts (they live in the features bundle, and a
 * module may be in only one bundle). Budget: ≤ 1 ms per 1,000-character line (`npm run bench`, part `terminal`).
 */

export type TerminalLinkKind = 'tx' | 'block' | 'account' | 'contract';

export interface TerminalFound {
  kind: TerminalLinkKind;
  /** The lookup's argument: a hash as written (`0x` kept), a decimal height, an address. */
  value: string;
  /** Character range in the line. */
  start: number;
  length: number;
}

/** At most this many links in one line (a line of a thousand hashes gets the first ones). */
export const MAX_LINKS_PER_LINE = 50;

const TOKEN =
  /(?<![0-9A-Za-z_])(?:((?:0x)?[0-9A-Fa-f]{64})|(0x[0-9a-fA-F]{40})|(init1(?:[02-9ac-hj-np-z]{58}|[02-9ac-hj-np-z]{38})))(?![0-9A-Za-z_])/g;
const HEIGHT =
  /(?<![0-9A-Za-z_])(height|block(?:[ _-]?(?:number|height))?)(?![0-9A-Za-z_])["']?\s*(?:[:=]\s*)?["']?([1-9]\d{0,14})(?![0-9A-Za-z_.])/gi;
/** A 64-hex value under one of these labels is not a transaction. */
const NOT_A_TX =
  /(?:block[ _]?hash|parent[ _]?hash|hash of block|root|bloom|app[ _]?hash|data[ _]?hash|validators[ _]?hash|consensus[ _]?hash|evidence[ _]?hash|results[ _]?hash|topics?(?:\[\d+\])?|codehash|code[ _]hash|salt|key|secret|private)["']?\s*[:=]?\s*["'[]?\s*$/i;
/** A 0x address under one of these labels is a contract. */
const CONTRACT =
  /(?:contract[ _]?address|deployed to|contract created|created contract|new contract)["']?\s*[:=]?\s*["']?\s*$/i;
/** How far back a label is looked for. */
const LABEL_WINDOW = 32;

/** The links of one terminal line, in order. */
export function scanTerminalLine(line: string): TerminalFound[] {
  const found: TerminalFound[] = [];
  // Nothing to find in a line without a digit (most of a build's output): one quick test.
  if (!/\d/.test(line)) return found;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(line); m && found.length < MAX_LINKS_PER_LINE; m = TOKEN.exec(line)) {
    const start = m.index;
    const before = line.slice(Math.max(0, start - LABEL_WINDOW), start);
    if (m[1] !== undefined) {
      if (NOT_A_TX.test(before)) continue;
      found.push({ kind: 'tx', value: m[1], start, length: m[1].length });
    } else if (m[2] !== undefined) {
      found.push({ kind: CONTRACT.test(before) ? 'contract' : 'account', value: m[2], start, length: m[2].length });
    } else if (m[3] !== undefined && bech32Valid(m[3])) {
      found.push({ kind: 'account', value: m[3], start, length: m[3].length });
    }
  }
  if (found.length < MAX_LINKS_PER_LINE && /height|block/i.test(line)) {
    HEIGHT.lastIndex = 0;
    for (let m = HEIGHT.exec(line); m && found.length < MAX_LINKS_PER_LINE; m = HEIGHT.exec(line)) {
      const value = m[2]!;
      const start = m.index + m[0].length - value.length;
      if (!Number.isSafeInteger(Number(value))) continue;
      found.push({ kind: 'block', value, start, length: value.length });
    }
    found.sort((a, b) => a.start - b.start);
  }
  return found;
}

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

/** Whether a lower-case bech32 string's checksum holds (BIP-173; what the features' bech32 package checks too). */
export function bech32Valid(text: string): boolean {
  const sep = text.lastIndexOf('1');
  if (sep < 1 || sep + 7 > text.length || text.length > 90) return false;
  let chk = 1;
  const step = (v: number) => {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATOR[i]!;
  };
  for (let i = 0; i < sep; i++) step(text.charCodeAt(i) >> 5);
  step(0);
  for (let i = 0; i < sep; i++) step(text.charCodeAt(i) & 31);
  for (let i = sep + 1; i < text.length; i++) {
    const v = CHARSET.indexOf(text[i]!);
    if (v < 0) return false;
    step(v);
  }
  return chk === 1;
}
