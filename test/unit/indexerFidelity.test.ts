/**
 * The indexer client sends what rollytics can match, against the fake indexer that reads requests as rollytics does:
 * path parameters are not unescaped (the rich list decodes `%2F` alone, a token id is used as sent, a collection-name
 * search keeps the raw segment's letters and digits), hex accounts go up to 64 digits (util/util.go
 * `AccAddressFromString`), and a rich list may hold negative amounts (richlist/utils/db.go), which parse and are
 * marked. What the server can never match is refused with the reason, before any request.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { COLON_DENOM, SPECIAL_TOKEN_ID, startFakeIndexer, type FakeIndexer } from '../fixtures/fakeIndexer';
import { createIndexerClient } from '../../src/core/clients';
import { runQuery } from '../../src/core/queries';
import type { IndexerClient } from '../../src/core/indexer/client';

let move: FakeIndexer;
let client: IndexerClient;

before(async () => {
  move = await startFakeIndexer({ blocks: 60, evm: false, chainId: 'move-fake-1' });
  client = createIndexerClient(move.url);
});
after(async () => {
  client.dispose();
  await move.close();
});

const rejected = (p: Promise<unknown>) =>
  p.then(
    () => assert.fail('resolved'),
    (e: unknown) => e as Error,
  );

test("a rich list with negative amounts parses; the page says they are the indexer's inconsistency", async () => {
  const denom = move.data.denomRecords.find((d) => d.holders.some((h) => h.amount < 0n))!.denom;
  const page = await client.richList(denom, { limit: 100 });
  assert.deepEqual(
    page.holders.slice(-2).map((h) => h.amount),
    ['-1', '-123456'],
    'signed integers, as stored',
  );
  const result = await runQuery(client, { op: 'richList', denom }, { limit: 100 });
  assert.match(
    result.warning ?? '',
    /^2 holders have a negative amount: a negative amount is the indexer's inconsistency/,
  );
  const clean = await runQuery(client, { op: 'richList', denom: 'uinit' }, { limit: 5 });
  assert.equal(clean.warning, undefined);
});

test('a denom with ":" goes as it is (only "/" is escaped, as %2F): the rich list finds it', async () => {
  move.resetRequests();
  const page = await client.richList(COLON_DENOM);
  assert.equal(move.requests[0]!.path, `/indexer/richlist/v1/${COLON_DENOM}`);
  assert.equal(page.holders.length, 5);
  const slashed = move.data.denomRecords.find((d) => d.denom.startsWith('move/'))!.denom;
  await client.richList(slashed, { limit: 1 });
  assert.equal(move.requests[1]!.path, `/indexer/richlist/v1/${slashed.replace('/', '%2F')}`);
});

test('a token id with $&+,;=:@ goes as it is (the indexer uses it as sent)', async () => {
  const col = move.data.collections.find((c) => c.tokens.some((t) => t.tokenId === SPECIAL_TOKEN_ID))!;
  move.resetRequests();
  await client.nftTxs(col.address, SPECIAL_TOKEN_ID);
  assert.equal(move.requests[0]!.path, `/indexer/nft/v1/txs/${col.address}/${SPECIAL_TOKEN_ID}`);
  const history = col.tokens.find((t) => t.tokenId === SPECIAL_TOKEN_ID)!.history.length;
  assert.equal(
    (await client.nftTxs(col.address, SPECIAL_TOKEN_ID, { limit: 100 })).txs.length,
    Math.min(history, 100),
    'its own history',
  );
});

test('a collection-name search: letters and digits sent; letters outside ASCII refused with the reason, nothing sent', async () => {
  move.resetRequests();
  const col = move.data.collections.find((c) => / /.test(c.name) && /^[A-Za-z]/.test(c.name))!;
  const word = col.name.split(' ')[0]!;
  const found = await client.collectionsByName(`${word} ${col.name.split(' ')[1]}`);
  assert.equal(
    move.requests[0]!.path,
    `/indexer/nft/v1/collections/by_name/${(word + col.name.split(' ')[1]).toLowerCase()}`,
  );
  assert.ok(found.collections.length >= 1);
  move.resetRequests();
  const err = await rejected(client.collectionsByName('Café Club'));
  assert.match(err.message, /cannot match "é" in a name search: it does not decode URL escapes.*such as "club"/);
  assert.equal(move.requests.length, 0);
});

test('hex accounts up to 64 digits (a Move object), and short ones, are sent; 65 digits are refused before any request', async () => {
  move.resetRequests();
  const object = `0x${'0a'.repeat(32)}`;
  const page = await client.txsByAccount(object);
  assert.equal(move.requests[0]!.path, `/indexer/tx/v1/txs/by_account/${object}`);
  assert.ok(Array.isArray(page.txs));
  await client.txsByAccount('0x1');
  assert.equal(move.requests[1]!.path, '/indexer/tx/v1/txs/by_account/0x1');
  const err = await rejected(client.txsByAccount(`0x${'1'.repeat(65)}`));
  assert.match(err.message, /at most 64 hexadecimal digits/);
  assert.equal(move.requests.length, 2);
});
