/**
 * What a transaction did, from the indexer's answer (pure; chain data is server text, kept as text): the messages'
 * kinds in words and their fields, the events grouped under the message they belong to (the `msg_index` attribute
 * of Cosmos SDK 0.50; events without one, such as the fee's, apart), the balance changes per address from
 * `coin_spent` / `coin_received`, the signers, and an EVM call tree from internal txs (`parent_index` → `index`).
 * InitiaScan does the same (research/explorer.md); the EVM logs are decoded by the adapter with the workspace's ABIs.
 */
import { shortMsgType } from './format';
import { knownMsgTypeWords, quantity } from './msgWords';

export { knownMsgTypeWords, quantity };

/** A message type in words: `/cosmos.bank.v1beta1.MsgSend` → "Send"; an unknown one de-camelled ("Msg Foo Bar" → "Foo bar"). */
export function msgTypeWords(typeUrl: string): string {
  const known = knownMsgTypeWords(typeUrl);
  if (known) return known;
  const name = shortMsgType(typeUrl).replace(/^Msg/, '');
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Message';
}

interface Attribute {
  key: string;
  value: string;
}

export interface TxEvent {
  type: string;
  attributes: Attribute[];
}

/** The events of an indexer answer, read leniently (anything that is not `{type, attributes[{key, value}]}` is skipped). */
export function readEvents(events: unknown): TxEvent[] {
  if (!Array.isArray(events)) return [];
  const out: TxEvent[] = [];
  for (const e of events) {
    if (!e || typeof e !== 'object') continue;
    const { type, attributes } = e as { type?: unknown; attributes?: unknown };
    if (typeof type !== 'string') continue;
    const attrs: Attribute[] = [];
    if (Array.isArray(attributes)) {
      for (const a of attributes) {
        if (!a || typeof a !== 'object') continue;
        const { key, value } = a as { key?: unknown; value?: unknown };
        if (typeof key === 'string')
          attrs.push({
            key,
            value:
              typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value),
          });
      }
    }
    out.push({ type, attributes: attrs });
  }
  return out;
}

/** Events under each message (by `msg_index`), and the others (fees, the tx's own) apart. */
export function groupEvents(
  events: readonly TxEvent[],
  messages: number,
): { byMessage: TxEvent[][]; other: TxEvent[] } {
  const byMessage: TxEvent[][] = Array.from({ length: messages }, () => []);
  const other: TxEvent[] = [];
  for (const e of events) {
    const index = e.attributes.find((a) => a.key === 'msg_index')?.value;
    const i = index !== undefined && /^\d+$/.test(index) ? Number(index) : undefined;
    const attributes = e.attributes.filter((a) => a.key !== 'msg_index');
    if (i !== undefined && i < messages) byMessage[i]!.push({ type: e.type, attributes });
    else other.push(e);
  }
  return { byMessage, other };
}

interface CoinAmount {
  denom: string;
  amount: string;
}

/** Coins as events write them: `1500000uinit,20ibc/ABC…` (the pattern `^(\d+)(.+)$` per coin). */
export function parseCoins(text: string): CoinAmount[] {
  const out: CoinAmount[] = [];
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)([a-zA-Z0-9/:._-]+)\s*$/.exec(part);
    if (m) out.push({ amount: m[1]!, denom: m[2]! });
  }
  return out;
}

interface BalanceChange {
  address: string;
  /** Signed base-unit amounts per denom ("-1500000", "20"), zero changes left out. */
  changes: Array<{ denom: string; amount: string }>;
}

/** What each address gained or lost, from `coin_spent` (spender) and `coin_received` (receiver), in event order. */
export function balanceChanges(events: readonly TxEvent[]): BalanceChange[] {
  const net = new Map<string, Map<string, bigint>>();
  const add = (address: string, denom: string, amount: bigint) => {
    let byDenom = net.get(address);
    if (!byDenom) net.set(address, (byDenom = new Map()));
    byDenom.set(denom, (byDenom.get(denom) ?? 0n) + amount);
  };
  for (const e of events) {
    const who = e.type === 'coin_spent' ? 'spender' : e.type === 'coin_received' ? 'receiver' : undefined;
    if (!who) continue;
    // An event may carry several (spender, amount) pairs in order.
    let address: string | undefined;
    for (const a of e.attributes) {
      if (a.key === who) address = a.value;
      else if (a.key === 'amount' && address) {
        for (const c of parseCoins(a.value))
          add(address, c.denom, e.type === 'coin_spent' ? -BigInt(c.amount) : BigInt(c.amount));
      }
    }
  }
  const out: BalanceChange[] = [];
  for (const [address, byDenom] of net) {
    const changes = [...byDenom].filter(([, v]) => v !== 0n).map(([denom, v]) => ({ denom, amount: v.toString() }));
    if (changes.length) out.push({ address, changes });
  }
  return out;
}

/** The fields of a message that name who signs it, in order of preference. */
const SIGNER_FIELDS = [
  'sender',
  'from_address',
  'signer',
  'delegator_address',
  'voter',
  'proposer',
  'depositor',
  'granter',
  'grantee',
  'authority',
  'admin',
];

/** The accounts that sign a tx's messages (one per message, distinct, in order). */
export function signersOf(messages: ReadonlyArray<Record<string, unknown>>): string[] {
  const out: string[] = [];
  for (const m of messages) {
    const field = SIGNER_FIELDS.find((f) => typeof m[f] === 'string' && m[f]);
    const v = field ? (m[field] as string) : undefined;
    if (v && !out.includes(v)) out.push(v);
  }
  return out;
}

interface CallNode<T> {
  call: T;
  depth: number;
}

/**
 * Internal calls in tree order (a call, then its sub-calls), each with its depth, from `parent_index` → `index`. A call
 * whose parent is missing starts a tree of its own; a cycle is cut (each call is listed once).
 */
export function callTree<T extends { index: number; parent_index: number }>(calls: readonly T[]): Array<CallNode<T>> {
  const sorted = [...calls].sort((a, b) => a.index - b.index);
  const indexes = new Set(sorted.map((c) => c.index));
  const children = new Map<number, T[]>();
  const roots: T[] = [];
  for (const c of sorted) {
    if (c.parent_index === c.index || !indexes.has(c.parent_index)) roots.push(c);
    else children.set(c.parent_index, [...(children.get(c.parent_index) ?? []), c]);
  }
  const out: Array<CallNode<T>> = [];
  const seen = new Set<number>();
  const visit = (c: T, depth: number) => {
    if (seen.has(c.index)) return;
    seen.add(c.index);
    out.push({ call: c, depth });
    for (const k of children.get(c.index) ?? []) visit(k, depth + 1);
  };
  for (const r of roots) visit(r, 0);
  // Anything only reachable through a cycle.
  for (const c of sorted) visit(c, 0);
  return out;
}

/** EVM logs carried in a Cosmos tx's events (minievm writes each as an `evm` event with a JSON `log` attribute). */
export function evmLogsOf(events: readonly TxEvent[]): Array<{ address: string; topics: string[]; data: string }> {
  const out: Array<{ address: string; topics: string[]; data: string }> = [];
  for (const e of events) {
    if (e.type !== 'evm') continue;
    for (const a of e.attributes) {
      if (a.key !== 'log') continue;
      try {
        const log = JSON.parse(a.value) as { address?: unknown; topics?: unknown; data?: unknown };
        if (
          typeof log.address === 'string' &&
          Array.isArray(log.topics) &&
          log.topics.every((t) => typeof t === 'string')
        ) {
          out.push({
            address: log.address,
            topics: log.topics as string[],
            data: typeof log.data === 'string' ? log.data : '0x',
          });
        }
      } catch {
        // Not a log: shown as the attribute it is.
      }
    }
  }
  return out;
}
