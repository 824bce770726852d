/** The indexer client against the fake indexer (real HTTP on 127.0.0.1): every endpoint, paging, quirks, errors. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createIndexerClient } from '../../src/core/clients';
import { pageInfo } from '../../src/core/indexer/paging';
import { segment, type IndexerClient } from '../../src/core/indexer/client';
import { startFakeIndexer, type FakeIndexer } from '../fixtures/fakeIndexer';
import { rejection, errorKind } from './support';
import { must, parseTxHash } from '../../src/core/validate';

/** A hash as every entry hands it to the client: parsed where it entered. */
const parsed = (hash: string) => must(parseTxHash(hash));

let fake: FakeIndexer;
let client: IndexerClient;

before(async () => {
  fake = await startFakeIndexer();
  client = createIndexerClient(fake.url, { retryBaseMs: 10, timeoutMs: 3000 });
});
after(async () => {
  client.dispose();
  await fake.close();
});

test('status and average block time', async () => {
  const status = await client.status();
  assert.equal(status.chain_id, fake.data.chainId);
  assert.equal(Number(status.height), fake.data.latestHeight);
  const avg = await client.avgBlockTime();
  assert.ok(avg.avg_block_time > 0);
});

test('blocks page newest first by cursor, and the list ends on a short/empty page despite next_key', async () => {
  const limit = 1000;
  let key: string | undefined;
  let expected = fake.data.latestHeight;
  let pages = 0;
  for (;;) {
    const page = await client.blocks({ key, limit });
    pages++;
    for (const b of page.blocks) assert.equal(Number(b.height), expected--);
    const info = pageInfo(page.blocks.length, page.pagination, limit);
    if (!info.hasMore) break;
    key = info.nextKey;
  }
  assert.equal(expected, 0, 'every height exactly once');
  assert.equal(pages, Math.ceil(fake.data.latestHeight / limit) + (fake.data.latestHeight % limit === 0 ? 1 : 0));
});

test('oldest first with reverse=false; offset honoured on the first request', async () => {
  const asc = await client.blocks({ reverse: false, limit: 3 });
  assert.deepEqual(
    asc.blocks.map((b) => Number(b.height)),
    [1, 2, 3],
  );
  const offset = await client.blocks({ reverse: false, limit: 2, offset: 10 });
  assert.deepEqual(
    offset.blocks.map((b) => Number(b.height)),
    [11, 12],
  );
});

test('single records: block, tx (cosmos), EVM tx, collection', async () => {
  const block = await client.block(fake.data.latestHeight);
  assert.equal(Number(block.block.height), fake.data.latestHeight);
  const txs = await client.txs({ page: { limit: 5 } });
  const hash = txs.txs[0]!.txhash;
  const one = await client.tx(parsed(`0x${hash.toLowerCase()}`));
  assert.equal(one.tx.txhash, hash, 'a hash written with 0x in lower case is sent in the cosmos form');
  const evm = await client.evmTxs({ limit: 1 });
  const evmHash = evm.txs[0]!.transactionHash;
  assert.equal((await client.evmTx(parsed(evmHash))).tx.transactionHash, evmHash);
  const cols = await client.collections({ limit: 1 });
  const addr = cols.collections[0]!.object_addr;
  assert.equal((await client.collection(addr)).collection.object_addr, addr);
});

test('not found: the server text, as a 404 HttpError', async () => {
  const err = await rejection(client.tx(parsed('ab'.repeat(32))));
  assert.equal(errorKind(err), 'http');
  assert.equal(err.status, 404);
  assert.match(err.message, /\[NOT_FOUND\] transaction not found/);
  const blockErr = await rejection(client.block(fake.data.latestHeight + 1000));
  assert.match(blockErr.message, /block not found/);
});

test('msgs travel as repeated parameters and really filter', async () => {
  const all = await client.txs({ page: { limit: 100 } });
  const types = new Set(all.txs.flatMap((t) => (t.tx?.body?.messages ?? []).map((m) => m['@type'])));
  const one = [...types].find((t) => t)!.slice(1);
  const filtered = await client.txs({ page: { limit: 50 }, msgs: [`/${one}`] });
  assert.ok(filtered.txs.length > 0);
  for (const t of filtered.txs)
    assert.ok(
      (t.tx?.body?.messages ?? []).some((m) => m['@type'] === `/${one}`),
      'only the asked type',
    );
  const last = fake.requests.at(-1)!;
  assert.deepEqual(new URLSearchParams(last.query).getAll('msgs'), [one], 'leading slash stripped, one param per type');
});

test('accounts: txs, signed-only, tokens, collections, internal txs', async () => {
  const account = fake.data.busyAccount();
  const txs = await client.txsByAccount(account.bech32, { page: { limit: 20 } });
  assert.ok(txs.txs.length > 0);
  const signed = await client.txsByAccount(account.bech32, { page: { limit: 20 }, isSigner: true });
  assert.ok(signed.txs.length <= txs.txs.length);
  assert.equal(new URLSearchParams(fake.requests.at(-1)!.query).get('is_signer'), 'true');
  const byHex = await client.txsByAccount(account.hex, { page: { limit: 20 } });
  assert.deepEqual(
    byHex.txs.map((t) => t.txhash),
    txs.txs.map((t) => t.txhash),
    'hex and bech32 are the same account',
  );
  await client.tokensByAccount(account.bech32, { page: { limit: 5 }, orderBy: 'height' });
  await client.collectionsByAccount(account.bech32, { limit: 5 });
  await client.evmInternalTxsByAccount(account.hex, { limit: 5 });
});

test('NFTs: by name (normalised), tokens by collection with order_by, history', async () => {
  const cols = await client.collections({ limit: 20 });
  const col = cols.collections.find((c) => /^[A-Za-z]+/.test(c.collection.name))!;
  const word = col.collection.name.match(/[A-Za-z]+/)![0];
  const byName = await client.collectionsByName(` ${word.toUpperCase()}! `);
  assert.ok(byName.collections.some((c) => c.object_addr === col.object_addr));
  const tokens = await client.tokensByCollection(col.object_addr, { page: { limit: 5 }, orderBy: 'token_id' });
  assert.ok(tokens.tokens.length > 0);
  const history = await client.nftTxs(col.object_addr, tokens.tokens[0]!.nft.token_id, { limit: 5 });
  assert.ok(Array.isArray(history.txs));
});

test('rich list: evm/ denoms as one %2F segment; amounts never through floats', async () => {
  const denom = fake.data.denoms.find((d) => d.startsWith('evm/'))!;
  const holders = await client.richList(denom, { limit: 10 });
  assert.ok(holders.holders.length > 0);
  assert.equal(fake.requests.at(-1)!.path, `/indexer/richlist/v1/${denom.replace('/', '%2F')}`);
  const amounts = holders.holders.map((x) => BigInt(x.amount));
  for (let i = 1; i < amounts.length; i++) assert.ok(amounts[i - 1]! >= amounts[i]!, 'descending');
});

test('bad input never reaches the server', async () => {
  fake.resetRequests();
  for (const p of [
    client.block('0'),
    client.txsByAccount('init1nope'),
    client.richList('evm/zz'),
    client.nftTxs(`0x${'a'.repeat(40)}`, 'a/b'),
    client.txs({ msgs: ['not a type'] }),
  ]) {
    const err = await rejection(p);
    assert.equal(errorKind(err), 'input');
  }
  assert.equal(fake.requests.length, 0);
});

test('a transaction hash reaches the client only parsed: a string or a hand-made object is a compile error', () => {
  // Checked by the compiler (npm run typecheck, and the unit tests' compile step): were a tx method to take a string
  // again, or anything parseTxHash did not make, these calls would compile and each unused @ts-expect-error would
  // fail the build. A malformed hash is refused where it enters (the lookups, the hover, the tools, a document's
  // address, a watch: their tests count the requests), never here. The calls are never made.
  const calls = (c: IndexerClient) => [
    // @ts-expect-error a string is no TxHash
    c.tx('xyz'),
    // @ts-expect-error a string is no TxHash, even a well-formed one
    c.evmTx(`0x${'ab'.repeat(32)}`),
    // @ts-expect-error a string is no TxHash
    c.evmInternalTxsByHash('0x1234'),
    // @ts-expect-error the fields without parseTxHash's brand
    c.tx({ cosmos: 'XYZ', evm: '0xxyz', prefixed: false }),
  ];
  assert.equal(typeof calls, 'function');
});

test('a path part of only dots is refused, not resolved by the URL into another endpoint', async () => {
  fake.resetRequests();
  const coll = `0x${'a'.repeat(40)}`;
  for (const p of [client.nftTxs(coll, '..'), client.nftTxs(coll, '.')]) {
    const err = await rejection(p);
    assert.equal(errorKind(err), 'input');
    assert.match(err.message, /cannot be looked up: in a URL it means another address/);
  }
  assert.equal(fake.requests.length, 0);
  // Every other path part is validated to something with a letter or digit; segment() refuses dots all the same.
  assert.throws(() => segment('..'), /in a URL it means another address/);
  assert.equal(segment('a.b/c'), 'a.b%2Fc');
});

test('faults: 429 with Retry-After recovers; 500 is reported; wrong shape names the field', async () => {
  fake.setFault({ kind: 'status', status: 429, retryAfter: 0, times: 1 });
  await client.status();
  fake.setFault({ kind: 'status', status: 500, times: 1 });
  const err = await rejection(client.status());
  assert.equal(err.message, 'The indexer answered 500 Internal Server Error.');
  fake.setFault({ kind: 'wrongShape', times: 1 });
  const shape = await rejection(client.blocks({ limit: 2 }));
  assert.equal(errorKind(shape), 'schema');
  assert.match(shape.message, /field blocks/);
  fake.clearFaults();
});

// --- EVM routes beyond the spec (rollytics api/handler/tx: evm-txs by account / height, evm-internal-txs) ---

test("evmTxsByAccount: the account's EVM txs; is_signer=true keeps those it sent; pages by the server key", async () => {
  const account = fake.data.busyAccount();
  fake.resetRequests();
  const all = await client.evmTxsByAccount(account.bech32, { page: { limit: 5 } });
  assert.equal(fake.requests.at(-1)!.path, `/indexer/tx/v1/evm-txs/by_account/${account.bech32}`);
  assert.equal(new URLSearchParams(fake.requests.at(-1)!.query).get('is_signer'), null, 'not sent unless asked');
  assert.equal(all.txs.length, 5);
  for (const t of all.txs) assert.match(t.transactionHash, /^0x[0-9a-f]{64}$/);
  const signed = await client.evmTxsByAccount(account.hex, { page: { limit: 1000 }, isSigner: true });
  assert.equal(new URLSearchParams(fake.requests.at(-1)!.query).get('is_signer'), 'true');
  assert.ok(signed.txs.length > 0 && signed.txs.every((t) => t.from === account.hex), 'only those it sent');
  const everything = await client.evmTxsByAccount(account.hex, { page: { limit: 1000 } });
  assert.ok(everything.txs.length > signed.txs.length, 'is_signer filters');
  const info = pageInfo(all.txs.length, all.pagination, 5);
  assert.ok(info.hasMore && info.nextKey);
  const second = await client.evmTxsByAccount(account.bech32, { page: { limit: 5, key: info.nextKey } });
  assert.equal(second.txs.length, 5);
  assert.ok(
    !second.txs.some((t) => all.txs.some((a) => a.transactionHash === t.transactionHash)),
    'the second page is another page',
  );
});

test("evmTxsByHeight: the block's EVM txs, receipts with logs", async () => {
  const tx = fake.data.txs.find((t) => t.evmHash)!;
  const page = await client.evmTxsByHeight(tx.height);
  assert.equal(fake.requests.at(-1)!.path, `/indexer/tx/v1/evm-txs/by_height/${tx.height}`);
  assert.ok(page.txs.some((t) => t.transactionHash === tx.evmHash));
  for (const t of page.txs) assert.equal(Number.parseInt(t.blockNumber, 16), tx.height);
  assert.ok(page.txs[0]!.logs!.length > 0 && page.txs[0]!.logs![0]!.logIndex !== undefined);
});

test('evmInternalTxs (all): the real fields; pages by sequence cursor', async () => {
  const first = await client.evmInternalTxs({ limit: 4 });
  assert.equal(fake.requests.at(-1)!.path, '/indexer/tx/v1/evm-internal-txs');
  assert.equal(first.internal_txs.length, 4);
  for (const it of first.internal_txs) {
    assert.deepEqual(Object.keys(it).sort(), [
      'from',
      'gas',
      'gasUsed',
      'hash',
      'height',
      'index',
      'input',
      'output',
      'parent_index',
      'to',
      'type',
      'value',
    ]);
    assert.equal(typeof it.height, 'number');
    for (const k of ['input', 'output', 'value', 'gas', 'gasUsed'] as const)
      assert.match(it[k], /^0x(?:[0-9a-f]{2})*$/, `${k}: 0x + even-length hex`);
  }
  const key = pageInfo(4, first.pagination, 4).nextKey!;
  assert.ok(Buffer.from(key, 'base64').toString().startsWith('{"sequence"'));
  const second = await client.evmInternalTxs({ limit: 4, key });
  assert.notDeepEqual(second.internal_txs[0], first.internal_txs[0]);
});

test('evmInternalTxsByHeight and evmInternalTxsByHash: paged by sequence, the call tree of one tx', async () => {
  const tx = fake.data.txs.find((t) => t.evmHash && fake.data.internalTxs.filter((it) => it.tx === t).length >= 2)!;
  const byHeight = await client.evmInternalTxsByHeight(String(tx.height));
  assert.equal(fake.requests.at(-1)!.path, `/indexer/tx/v1/evm-internal-txs/by_height/${tx.height}`);
  assert.ok(byHeight.internal_txs.every((it) => it.height === tx.height));
  const tree = await client.evmInternalTxsByHash(parsed(tx.evmHash!.toUpperCase().replace('0X', '')), {
    reverse: false,
  });
  assert.equal(
    fake.requests.at(-1)!.path,
    `/indexer/tx/v1/evm-internal-txs/${tx.evmHash}`,
    'sent as the lower-case 0x EVM hash',
  );
  assert.deepEqual(
    tree.internal_txs.map((it) => it.index),
    tree.internal_txs.map((_, i) => i),
    'pre-order indexes from 0',
  );
  assert.equal(tree.internal_txs[0]!.parent_index, -1, 'the top call has no parent');
  for (const it of tree.internal_txs.slice(1)) assert.ok(it.parent_index >= 0 && it.parent_index < it.index);
  const one = await client.evmInternalTxsByHash(parsed(tx.evmHash!), { limit: 1, reverse: false });
  const key = pageInfo(1, one.pagination, 1).nextKey!;
  assert.match(
    Buffer.from(key, 'base64').toString(),
    /^\{"sequence":\d+\}$/,
    'a sequence cursor, as the real handler sends',
  );
  const next = await client.evmInternalTxsByHash(parsed(tx.evmHash!), { limit: 1, reverse: false, key });
  assert.equal(next.internal_txs[0]!.index, 1);
  const unknown = await rejection(client.evmInternalTxsByHash(parsed(`0x${'ab'.repeat(32)}`)));
  assert.deepEqual([unknown.status, unknown.serverMessage], [404, 'transaction not found']);
});

test('EVM methods: bad input refused before any request', async () => {
  fake.resetRequests();
  for (const p of [
    client.evmTxsByAccount('init1nope'),
    client.evmTxsByAccount(`0x${'1'.repeat(65)}`),
    client.evmTxsByHeight(0),
    client.evmTxsByHeight('12a'),
    client.evmInternalTxsByHeight(-3),
  ]) {
    const err = await rejection(p);
    assert.equal(errorKind(err), 'input', err.message);
  }
  assert.equal(fake.requests.length, 0);
});

test("EVM methods on a chain without EVM routes: the indexer's 404 text", async () => {
  const plain = await startFakeIndexer({ blocks: 30, evm: false });
  const c = createIndexerClient(plain.url, { retryBaseMs: 10, timeoutMs: 3000 });
  try {
    for (const p of [
      c.evmTxsByAccount(fake.data.busyAccount().hex),
      c.evmTxsByHeight(3),
      c.evmInternalTxs(),
      c.evmInternalTxsByHeight(3),
      c.evmInternalTxsByHash(parsed(`0x${'ab'.repeat(32)}`)),
    ]) {
      const err = await rejection(p);
      assert.deepEqual([err.status, err.serverMessage], [404, 'evm routes are not available on this chain']);
    }
  } finally {
    c.dispose();
    await plain.close();
  }
});
