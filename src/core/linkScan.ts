/**
 * Finds what can be drilled into in a pretty-printed indexer JSON document: tx hashes, block heights, accounts and
 * collection addresses. Pure and VS Code-free; ranges are character offsets of the value (without quotes).
 */
import { bech32 } from 'bech32';
import { parseAccount } from './validate';

/** A validator operator address (`initvaloper1…`, checksum verified) as the account of the same key (`init1…`). */
function operatorAccount(valoper: string): string | undefined {
  try {
    const { prefix, words } = bech32.decode(valoper, 120);
    if (prefix !== 'initvaloper') return undefined;
    const account = bech32.encode('init', words, 120);
    return parseAccount(account).ok ? account : undefined;
  } catch {
    return undefined;
  }
}

export type LinkKind = 'tx' | 'block' | 'account' | 'collection';

interface FoundLink {
  kind: LinkKind;
  /** The argument for the lookup: a hash, a decimal height, an address. */
  value: string;
  start: number;
  end: number;
}

const TX_KEYS = 'txhash|tx_hash|transactionHash';
const ACCOUNT_KEYS =
  'from|to|account|sender|owner|creator|signer|from_address|to_address|recipient|receiver|granter|grantee|delegator_address|address|payer|spender|minter|contractAddress';

const RULES: Array<{ re: RegExp; kind: LinkKind; map?: (v: string) => string | undefined }> = [
  { re: new RegExp(`"(?:${TX_KEYS})"\\s*:\\s*"((?:0x)?[0-9A-Fa-f]{64})"`, 'g'), kind: 'tx' },
  // Internal EVM txs name their parent tx `hash` (0x + 64); a block's `hash` (upper-case, no 0x) is not a tx.
  { re: /"hash"\s*:\s*"(0x[0-9a-f]{64})"/g, kind: 'tx' },
  { re: /"height"\s*:\s*"?([1-9]\d{0,15})"?/g, kind: 'block' },
  { re: /"blockNumber"\s*:\s*"(0x[0-9a-fA-F]{1,13})"/g, kind: 'block', map: (v) => String(parseInt(v, 16)) },
  { re: new RegExp(`"(?:${ACCOUNT_KEYS})"\\s*:\\s*"(0x[0-9a-fA-F]{40})"`, 'g'), kind: 'account' },
  { re: /"(init1[02-9ac-hj-np-z]{38,58})"/g, kind: 'account', map: (v) => (parseAccount(v).ok ? v : undefined) },
  // A validator (a block's proposer, a delegation): its operator's account.
  { re: /"(initvaloper1[02-9ac-hj-np-z]{38,58})"/g, kind: 'account', map: operatorAccount },
  { re: /"collection_addr"\s*:\s*"(0x[0-9a-f]{40}(?:[0-9a-f]{24})?)"/g, kind: 'collection' },
  // Any other value that is exactly a 0x address (an EVM contract under whatever key): an account lookup.
  { re: /"(0x[0-9a-fA-F]{40})"/g, kind: 'account' },
];

/** `objectAddrIsCollection`: in collection documents, `object_addr` is the collection's own address. */
export function scanLinks(text: string, opts: { objectAddrIsCollection?: boolean } = {}): FoundLink[] {
  const rules = opts.objectAddrIsCollection
    ? [{ re: /"object_addr"\s*:\s*"(0x[0-9a-f]{40}(?:[0-9a-f]{24})?)"/g, kind: 'collection' as const }, ...RULES]
    : RULES;
  const found: FoundLink[] = [];
  const taken = new Set<number>();
  for (const rule of rules) {
    rule.re.lastIndex = 0;
    for (let m = rule.re.exec(text); m; m = rule.re.exec(text)) {
      const raw = m[1]!;
      const start = m.index + m[0].lastIndexOf(raw);
      if (taken.has(start)) continue;
      const value = rule.map ? rule.map(raw) : raw;
      if (value === undefined) continue;
      taken.add(start);
      found.push({ kind: rule.kind, value, start, end: start + raw.length });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

interface HashAt {
  /** 64 hex digits as written (without 0x). */
  hex: string;
  /** Written with a 0x prefix (an EVM-style hash: the EVM endpoint is asked first). */
  prefixed: boolean;
  /** Character range of the hash in the line, 0x included. */
  start: number;
  end: number;
}

const HASH_RE = /(0x)?[0-9A-Fa-f]{64}/g;
const WORD = /[0-9A-Za-z_]/;
/** Lines longer than this are only searched near the cursor. */
const WINDOW = 200;

/**
 * The tx hash under the cursor, if there is one: exactly 64 hex digits (optional 0x, any case) standing alone, not part
 * of a longer hex run or word (a 128-hex blob, a 63- or 65-digit run, `abc…` or `…_x` around it are not hashes).
 */
export function txHashAt(line: string, character: number): HashAt | undefined {
  const from = Math.max(0, character - WINDOW);
  const text = line.length > 2 * WINDOW ? line.slice(from, character + WINDOW) : line;
  const offset = text === line ? 0 : from;
  const at = character - offset;
  HASH_RE.lastIndex = 0;
  for (let m = HASH_RE.exec(text); m; m = HASH_RE.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    if (at < start || at > end) continue;
    const before = text[start - 1];
    const after = text[end];
    // A window cut could split a longer run: treat the window's edges as unknown (not a boundary).
    const cutBefore = start === 0 && offset > 0;
    const cutAfter = end === text.length && offset + text.length < line.length;
    if (
      cutBefore ||
      cutAfter ||
      (before !== undefined && WORD.test(before)) ||
      (after !== undefined && WORD.test(after))
    )
      return undefined;
    return { hex: m[0].replace(/^0x/, ''), prefixed: m[1] !== undefined, start: start + offset, end: end + offset };
  }
  return undefined;
}
