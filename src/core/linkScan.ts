/**
 * Finds what can be drilled into in a pretty-printed indexer JSON document: tx hashes, block heights, accounts and
 * collection addresses. Pure and VS Code-free; ranges are character offsets of the value (without quotes).
 */
import { parseAccount } from './validate';

export type LinkKind = 'tx' | 'block' | 'account' | 'collection';

export interface FoundLink {
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
  { re: /"collection_addr"\s*:\s*"(0x[0-9a-f]{40}(?:[0-9a-f]{24})?)"/g, kind: 'collection' },
];

/** `objectAddrIsCollection`: in collection documents, `object_addr` is the collection's own address. */
export function scanLinks(text: string, opts: { objectAddrIsCollection?: boolean } = {}): FoundLink[] {
  const rules = opts.objectAddrIsCollection
    ? [...RULES, { re: /"object_addr"\s*:\s*"(0x[0-9a-f]{40}(?:[0-9a-f]{24})?)"/g, kind: 'collection' as const }]
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
