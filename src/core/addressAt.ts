/**
 * The account address under the cursor, for the address hover: `0x` + 40 hex digits, or `init1…` of 20 or 32 bytes
 * with a valid checksum, standing alone (not part of a longer hex run or word: a tx hash's first 40 digits are no
 * address). And the same account in the other form (bech32 ↔ hex), which the node's REST and JSON-RPC each need.
 */
import { bech32 } from 'bech32';
import { parseAccount } from './validate';

export interface AddressAt {
  address: string;
  format: 'hex' | 'bech32';
  /** 20 for accounts and EVM contracts, 32 for Move objects. */
  bytes: number;
  start: number;
  end: number;
}

const ADDRESS =
  /(?<![0-9A-Za-z_])(0x[0-9a-fA-F]{40}|init1(?:[02-9ac-hj-np-z]{58}|[02-9ac-hj-np-z]{38}))(?![0-9A-Za-z_])/g;
/** Lines longer than this are searched near the cursor only. */
const WINDOW = 200;

export function addressAt(line: string, character: number): AddressAt | undefined {
  const from = line.length > 2 * WINDOW ? Math.max(0, character - WINDOW) : 0;
  const text = from > 0 || line.length > 2 * WINDOW ? line.slice(from, character + WINDOW) : line;
  ADDRESS.lastIndex = 0;
  for (let m = ADDRESS.exec(text); m; m = ADDRESS.exec(text)) {
    const start = m.index + from;
    const end = start + m[1]!.length;
    if (character < start || character > end) continue;
    // A window cut could split a longer run: a match at the window's edge is not trusted.
    if ((m.index === 0 && from > 0) || (m.index + m[1]!.length === text.length && from + text.length < line.length))
      return undefined;
    const parsed = m[1]!.startsWith('0x') ? { ok: true as const, value: { bytes: 20 } } : parseAccount(m[1]!);
    if (!parsed.ok) return undefined;
    return { address: m[1]!, format: m[1]!.startsWith('0x') ? 'hex' : 'bech32', bytes: parsed.value.bytes, start, end };
  }
  return undefined;
}

/** `0x…` (20 bytes) as bech32 with a prefix. */
export function hexToBech32(hex: string, prefix = 'init'): string {
  return bech32.encode(prefix, bech32.toWords(Buffer.from(hex.replace(/^0x/i, ''), 'hex')), 120);
}

/** A bech32 account as 0x + lower-case hex (20 or 32 bytes). */
export function bech32ToHex(address: string): string {
  return `0x${Buffer.from(bech32.fromWords(bech32.decode(address, 120).words)).toString('hex')}`;
}
