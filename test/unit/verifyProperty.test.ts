/* eslint-disable @typescript-eslint/no-explicit-any -- mutations walk arbitrary JSON answers */
/**
 * Property tests of the bridge check (seeded, reproducible): random honest transfers over every route kind always
 * match; one random mutation of a value-moving field of the router's msgs answer (an amount, a denom, a sender, a
 * receiver, a signer, an EVM value) never does. Seed from INITIA_PROPERTY_SEED to replay a failure.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { bech32 } from 'bech32';
import { startBridgeFlow, KINDS, type BridgeFlow, type Kind } from '../fixtures/bridgeFlow';
import { prng } from '../fixtures/chainData';

const SEED = Number(process.env.INITIA_PROPERTY_SEED ?? 20261125);
const random = prng(SEED);
const int = (n: number) => Math.floor(random() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
const bytes = () => Uint8Array.from({ length: 20 }, () => 1 + int(255));

let bf: BridgeFlow;
before(async () => {
  bf = await startBridgeFlow();
});
after(() => bf.close());

/** A random honest transfer of a route kind: another amount, other destination addresses, another slippage. */
function randomTransfer(base: Kind): Kind {
  const whole = String(1 + int(500));
  const frac =
    int(3) === 0
      ? ''
      : `.${String(int(10 ** Math.min(base.decimals, 4)))
          .padStart(Math.min(base.decimals, 4), '0')
          .replace(/0+$/, '')}`;
  const typed = `${whole}${frac === '.' ? '' : frac}`;
  const dest = base.addresses[base.to]!;
  const destAddress = dest.startsWith('0x')
    ? `0x${Buffer.from(bytes()).toString('hex')}`
    : bech32.encode(bech32.decode(dest).prefix, bech32.toWords(bytes()));
  return {
    ...base,
    typed,
    addresses: { ...base.addresses, [base.to]: destAddress },
    slippage: pick(['0.1', '0.5', '1', '2.5']),
  };
}

const KEYS = new Set([
  'amount',
  'sender',
  'from',
  'from_address',
  'receiver',
  'to',
  'to_address',
  'denom',
  'mint_recipient',
  'signer_address',
  'value',
]);

/** Every value-moving leaf of a msgs answer: [holder, key, decodes the amino string it lives in]. */
function leaves(json: any): Array<{ get: () => string; set: (v: string) => void; key: string }> {
  const out: Array<{ get: () => string; set: (v: string) => void; key: string }> = [];
  const walk = (node: any, commit: () => void) => {
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === 'string' && KEYS.has(k) && v !== '')
        out.push({ key: k, get: () => node[k], set: (x) => ((node[k] = x), commit()) });
      else if (v && typeof v === 'object') walk(v, commit);
    }
  };
  for (const tx of json.txs) {
    if (tx.evm_tx) walk(tx.evm_tx, () => undefined);
    for (const m of tx.cosmos_tx?.msgs ?? []) {
      const parsed = JSON.parse(m.msg);
      walk(parsed, () => (m.msg = JSON.stringify(parsed)));
    }
    // The tx's own fields (signer_address); its msgs hold only strings walked above.
    if (tx.cosmos_tx) walk(tx.cosmos_tx, () => undefined);
  }
  return out;
}

function mutate(v: string): string {
  if (/^\d+$/.test(v)) return (BigInt(v) + BigInt(1 + int(1000))).toString();
  if (/^0x[0-9a-f]+$/i.test(v)) return `0x${v.slice(2, 4) === 'ff' ? '00' : 'ff'}${v.slice(4)}`;
  try {
    const { prefix, words } = bech32.decode(v, 1023);
    const b = Buffer.from(bech32.fromWords(words));
    b[0] = b[0]! ^ (1 + int(254));
    return bech32.encode(prefix, bech32.toWords(b), 1023);
  } catch {
    /* not an address */
  }
  if (v.includes('::')) return `${v}_x`;
  return v === 'uatom' ? 'uosmo' : 'uatom';
}

const kinds = Object.values(KINDS);

/** The route's anchor-bearing fields: what a router lying consistently would change in the route and the msgs alike. */
const ROUTE_KEYS = new Set([
  'channel',
  'op_init_bridge_id',
  'to_chain_entry_contract_address',
  'source_oft_contract_address',
  'destination_endpoint_id',
]);

/** Replaces `from` by `to` in every string or number leaf equal to it, inside JSON strings too (memos, amino msgs). */
function replaceEverywhere(node: any, from: string, to: string): any {
  if (typeof node === 'string') {
    if (node === from) return to;
    if (/^[[{]/.test(node)) {
      try {
        return JSON.stringify(replaceEverywhere(JSON.parse(node), from, to));
      } catch {
        return node;
      }
    }
    return node;
  }
  if (typeof node === 'number') return String(node) === from ? Number(to) : node;
  if (Array.isArray(node)) return node.map((x) => replaceEverywhere(x, from, to));
  if (node && typeof node === 'object')
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, replaceEverywhere(v, from, to)]));
  return node;
}

/** Another value of the same shape for an anchor-bearing route field. */
function mutateAnchor(v: string): string {
  if (/^channel-\d+$/.test(v)) return `channel-${Number(v.slice(8)) + 1 + int(50)}`;
  if (/^\d+$/.test(v)) return String(Number(v) + 1 + int(50));
  return mutate(v);
}

test(`property: 40 random honest transfers all match (seed ${SEED})`, async () => {
  for (let i = 0; i < 40; i++) {
    const k = randomTransfer(pick(kinds));
    const out = await bf.flow(k);
    if (k.unconfirmed) assert.equal(out.kind, 'unverified', `${k.name} cannot be confirmed`);
    else
      assert.deepEqual(
        [out.kind, out.texts],
        ['matches', []],
        `${k.name}: ${k.typed} to ${k.addresses[k.to]} at ${k.slippage} %`,
      );
  }
});

test(`property: one random mutation of a value-moving field never matches (60 runs, seed ${SEED})`, async () => {
  let mutated = 0;
  for (let i = 0; i < 60; i++) {
    const k = randomTransfer(pick(kinds));
    let what = '';
    bf.proxy.changed = 0;
    const out = await bf.flow(k, (path, json: any) => {
      if (path !== '/v2/fungible/msgs') return undefined;
      const candidates = leaves(json);
      const leaf = pick(candidates);
      const before = leaf.get();
      leaf.set(mutate(before));
      what = `${leaf.key}: ${before} → ${leaf.get()}`;
      return json;
    });
    mutated++;
    assert.equal(bf.proxy.changed, 1, `the mutation changed the answer (${what})`);
    assert.notEqual(out.kind, 'matches', `${k.name}, ${what}`);
  }
  assert.equal(mutated, 60);
});

test(`property: a route field mirrored into the messages (a consistent lie) never matches (40 runs, seed ${SEED})`, async () => {
  let lied = 0;
  for (let i = 0; i < 40; i++) {
    const k = randomTransfer(pick(kinds));
    let swap: { from: string; to: string; key: string } | undefined;
    bf.proxy.changed = 0;
    const out = await bf.flow(k, (path, json: any) => {
      if (path === '/v2/fungible/route') {
        const fields: Array<{ op: any; key: string }> = [];
        for (const op of json.operations)
          for (const inner of Object.values(op))
            if (inner && typeof inner === 'object')
              for (const key of Object.keys(inner)) if (ROUTE_KEYS.has(key)) fields.push({ op: inner, key });
        if (!fields.length) return undefined;
        const f = pick(fields);
        const from = String(f.op[f.key]);
        swap = { from, to: mutateAnchor(from), key: f.key };
        return replaceEverywhere(json, from, swap.to);
      }
      return swap && (path === '/v2/fungible/msgs' || path === '/op-hook')
        ? replaceEverywhere(json, swap.from, swap.to)
        : undefined;
    });
    if (!swap) continue;
    lied++;
    assert.ok(bf.proxy.changed >= 1, 'the lie changed the answers on the wire');
    assert.notEqual(
      out.kind,
      'matches',
      `${k.name}: ${swap.key} ${swap.from} → ${swap.to} in the route and the messages`,
    );
  }
  assert.ok(lied >= 20, `${lied} consistent lies told`);
});

/** Numeral fields the chain reads with its own parser, and address fields (bech32 only). */
const NUMERALS = new Set([
  'amount',
  'value',
  'timeout_timestamp',
  'bridge_id',
  'destination_domain',
  'revision_number',
  'revision_height',
]);
const ADDRESSES = new Set(['sender', 'from', 'from_address', 'receiver', 'to', 'to_address', 'signer_address']);

/** A non-canonical form of a canonical numeral or a bech32 address (each read otherwise, or refused, by the chain). */
function nonCanonical(key: string, v: string): string | undefined {
  if (NUMERALS.has(key) && /^(?:0|[1-9]\d*)$/.test(v)) {
    return pick([
      `0${v}`,
      `00${v}`,
      `0x${BigInt(v).toString(16)}`,
      `+${v}`,
      ` ${v}`,
      `${v} `,
      `${v}e0`,
      v.length > 1 ? `${v[0]}_${v.slice(1)}` : `0b${BigInt(v).toString(2)}`,
    ]);
  }
  if (!ADDRESSES.has(key)) return undefined;
  try {
    const { prefix, words } = bech32.decode(v, 1023);
    const data = Buffer.from(bech32.fromWords(words));
    const at = prefix.length + 1 + int(v.length - prefix.length - 1);
    const flipped = v.slice(0, at) + v[at]!.toUpperCase() + v.slice(at + 1);
    const options = [flipped !== v ? flipped : `${v[0]!.toUpperCase()}${v.slice(1)}`, ` ${v}`];
    if (data.length === 20)
      options.push(bech32.encode(prefix, bech32.toWords(Buffer.concat([Buffer.alloc(12), data])), 1023));
    return pick(options);
  } catch {
    return undefined;
  }
}

/** Numeral and address leaves of a msgs answer, including numbers written as JSON numbers. */
function readingLeaves(json: any): Array<{ key: string; get: () => string; set: (v: string) => void }> {
  const out: Array<{ key: string; get: () => string; set: (v: string) => void }> = [];
  const walk = (node: any, commit: () => void) => {
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      const text = typeof v === 'number' ? String(v) : v;
      if (typeof text === 'string' && nonCanonical(k, text) !== undefined)
        out.push({ key: k, get: () => String(node[k]), set: (x) => ((node[k] = x), commit()) });
      else if (v && typeof v === 'object') walk(v, commit);
    }
  };
  for (const tx of json.txs) {
    if (tx.evm_tx) walk(tx.evm_tx, () => undefined);
    for (const m of tx.cosmos_tx?.msgs ?? []) {
      const parsed = JSON.parse(m.msg);
      walk(parsed, () => (m.msg = JSON.stringify(parsed)));
    }
    const c = tx.cosmos_tx;
    if (typeof c?.signer_address === 'string' && nonCanonical('signer_address', c.signer_address) !== undefined) {
      out.push({ key: 'signer_address', get: () => c.signer_address, set: (x) => (c.signer_address = x) });
    }
  }
  return out;
}

test(`property: one numeral or address rewritten in a non-canonical form never matches (60 runs, seed ${SEED})`, async () => {
  const seen = new Set<string>();
  for (let i = 0; i < 60; i++) {
    const k = randomTransfer(pick(kinds));
    let what = '';
    bf.proxy.changed = 0;
    const out = await bf.flow(k, (path, json: any) => {
      if (path !== '/v2/fungible/msgs') return undefined;
      const leaf = pick(readingLeaves(json));
      const before = leaf.get();
      leaf.set(nonCanonical(leaf.key, before)!);
      what = `${leaf.key}: ${JSON.stringify(before)} → ${JSON.stringify(leaf.get())}`;
      seen.add(leaf.key);
      return json;
    });
    assert.equal(bf.proxy.changed, 1, `the rewrite changed the answer (${what})`);
    assert.notEqual(out.kind, 'matches', `${k.name}, ${what}`);
  }
  assert.ok(seen.size >= 5, [...seen].join(', '));
});
