/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON bodies from the fake, probed field by field */
/**
 * The fake indexer itself follows the real rollytics quirks (shared/api/real-services.md Part A): if it drifted
 * toward the spec, the client tests against it would prove nothing about the live service.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  EVM_TX_MANY_CALLS_COSMOS_HASH,
  EVM_TX_MANY_CALLS_COUNT,
  EVM_TX_MANY_CALLS_HASH,
  FIXTURE_BATCH_ROUTER,
  EVM_TX_WITH_LOGS_COSMOS_HASH,
  EVM_TX_WITH_LOGS_HASH,
  FAILED_TX_HASH,
  FAILED_TX_RAW_LOG,
  FIXTURE_ERC20_PRICE,
  FIXTURE_HEIGHT,
  FIXTURE_MARKET,
  FIXTURE_NFT_TOKEN_ID,
  MULTI_MSG_TX_HASH,
  TOPIC_APPROVAL,
  TOPIC_TRANSFER,
  startFakeIndexer,
  type FakeIndexer,
} from '../fixtures/fakeIndexer';
import { startFakeRouter } from '../fixtures/fakeRouter';
import { ChainData } from '../fixtures/chainData';

let fake: FakeIndexer;
let plain: FakeIndexer;
before(async () => {
  fake = await startFakeIndexer({ blocks: 5000 });
  plain = await startFakeIndexer({ blocks: 200, evm: false, chainId: 'demo-move-1', richList: false });
});
after(async () => {
  await fake.close();
  await plain.close();
});

async function get(path: string, server = fake): Promise<{ status: number; type: string; text: string; json?: any }> {
  const res = await fetch(server.url + path);
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, type, text, json: type.startsWith('application/json') ? JSON.parse(text) : undefined };
}

const decode = (key: string) => Buffer.from(key, 'base64').toString('utf8');

test('errors are text/plain with the real texts', async () => {
  const cases: Array<[string, number, string | RegExp]> = [
    ['/indexer/tx/v1/txs/' + 'AB'.repeat(32), 404, '[NOT_FOUND] transaction not found'],
    ['/indexer/tx/v1/txs/xyz', 400, 'invalid hash format'],
    ['/indexer/block/v1/blocks/abc', 400, '[INVALID_VALUE] invalid value for height: abc (must be a valid integer)'],
    ['/indexer/block/v1/blocks/0', 400, '[INVALID_VALUE] invalid value for height: 0 (must be a positive integer)'],
    ['/indexer/block/v1/blocks/999999', 404, '[NOT_FOUND] block not found'],
    [
      '/indexer/tx/v1/txs/by_account/foo',
      400,
      '[INVALID_VALUE] invalid value for account: foo (invalid address format)',
    ],
    ['/indexer/nft/v1/collections/0xgg', 400, "encoding/hex: invalid byte: U+0067 'g'"],
    ['/indexer/nft/v1/collections/0x' + '1'.repeat(40), 404, 'nft collection not found'],
    ['/indexer/tx/v1/evm-txs/0x' + 'ab'.repeat(32), 404, 'tx not found'],
    ['/indexer/block/v1/blocks?pagination.limit=1001', 400, 'pagination.limit must be between 1 and 1000'],
    ['/indexer/block/v1/blocks?pagination.offset=-1', 400, 'pagination.offset cannot be negative'],
    ['/indexer/block/v1/blocks?pagination.key=%%%', 400, 'pagination.key must be a valid base64 encoded string'],
    [
      '/indexer/nft/v1/tokens/by_collection/0x' + '1'.repeat(40) + '?order_by=name',
      400,
      "invalid order_by value 'name', must be one of: token_id, height",
    ],
    ["/nope/a&b'", 404, 'Cannot GET /nope/a&#38;b&#39;'],
  ];
  for (const [path, status, body] of cases) {
    const r = await get(path);
    assert.equal(r.status, status, path);
    assert.match(r.type, /^text\/plain/, path);
    if (typeof body === 'string') assert.equal(r.text, body, path);
    else assert.match(r.text, body, path);
  }
  const evmOnNonEvm = await get('/indexer/tx/v1/evm-txs', plain);
  assert.deepEqual([evmOnNonEvm.status, evmOnNonEvm.text], [404, 'evm routes are not available on this chain']);
});

test('routing: case-insensitive, trailing slash ignored, non-GET is 405', async () => {
  assert.equal((await get('/STATUS/')).status, 200);
  const post = await fetch(`${fake.url}/status`, { method: 'POST' });
  assert.equal(post.status, 405);
  await post.text();
});

test('cursor lists return next_key even on the last page; offset lists only on full pages; keys are null', async () => {
  const first = await get('/indexer/block/v1/blocks?pagination.limit=3');
  assert.equal(first.json.pagination.previous_key, null);
  assert.equal(first.json.pagination.total, String(fake.data.latestHeight));
  assert.deepEqual(JSON.parse(decode(first.json.pagination.next_key)), { height: fake.data.latestHeight - 2 });
  const last = await get(
    `/indexer/block/v1/blocks?pagination.limit=3&pagination.key=${encodeURIComponent(Buffer.from('{"height":3}').toString('base64'))}`,
  );
  assert.deepEqual(
    last.json.blocks.map((b: { height: string }) => b.height),
    ['2', '1'],
  );
  assert.ok(last.json.pagination.next_key, 'next_key on the last page');
  const cols = await get('/indexer/nft/v1/collections?pagination.limit=50');
  assert.equal(decode(cols.json.pagination.next_key), '50');
  assert.equal(cols.json.pagination.previous_key, null);
  const tail = await get(
    `/indexer/nft/v1/collections?pagination.limit=50&pagination.key=${Buffer.from('200').toString('base64')}`,
  );
  assert.equal(tail.json.collections.length, fake.data.collections.length - 200);
  assert.equal(tail.json.pagination.next_key, null);
  assert.equal(decode(tail.json.pagination.previous_key), '150');
});

test('an unencoded + in a key is read as a space and rejected, like fasthttp', async () => {
  const key = Buffer.from('{"sequence":1023}').toString('base64'); // contains no '+'; build one that does
  const withPlus = Buffer.from([0xfb, 0xef, 0xbe]).toString('base64'); // "++++"
  assert.ok(withPlus.includes('+'));
  const r = await get(`/indexer/tx/v1/txs?pagination.key=${withPlus}`);
  assert.equal(r.status, 400);
  assert.equal((await get(`/indexer/tx/v1/txs?pagination.key=${encodeURIComponent(key)}`)).status, 200);
});

test('msgs: repeated parameters filter (OR); comma-joined, unknown or slash-led types drop the filter', async () => {
  const all = await get('/indexer/tx/v1/txs?pagination.limit=200');
  const types = (t: any): string[] => t.tx.body.messages.map((m: any) => m['@type']);
  const send = await get('/indexer/tx/v1/txs?pagination.limit=200&msgs=cosmos.bank.v1beta1.MsgSend');
  assert.ok(
    send.json.txs.length > 0 && send.json.txs.every((t: any) => types(t).includes('/cosmos.bank.v1beta1.MsgSend')),
  );
  const both = await get(
    '/indexer/tx/v1/txs?pagination.limit=200&msgs=cosmos.bank.v1beta1.MsgSend&msgs=minievm.evm.v1.MsgCall',
  );
  assert.ok(Number(both.json.pagination.total) > Number(send.json.pagination.total));
  for (const q of [
    'msgs=cosmos.bank.v1beta1.MsgSend,minievm.evm.v1.MsgCall',
    'msgs=nope.Msg',
    'msgs=/cosmos.bank.v1beta1.MsgSend',
  ]) {
    const r = await get(`/indexer/tx/v1/txs?pagination.limit=200&${q}`);
    assert.deepEqual(
      r.json.txs.map((t: any) => t.txhash),
      all.json.txs.map((t: any) => t.txhash),
      q,
    );
  }
});

test('denoms: one %2F segment; a raw slash is no route; lower-cased; EVM unknown denom is 400, non-EVM 200 empty', async () => {
  const denom = fake.data.denoms.find((d) => d.startsWith('evm/'))!;
  assert.equal((await get(`/indexer/richlist/v1/${denom.replace('/', '%2F')}`)).status, 200);
  assert.equal((await get(`/indexer/richlist/v1/${denom.toLowerCase().replace('/', '%2F')}`)).status, 200);
  const raw = await get(`/indexer/richlist/v1/${denom}`);
  assert.equal(raw.status, 404);
  assert.match(raw.text, /^Cannot GET /);
  assert.equal(
    (await get(`/indexer/richlist/v1/${denom.replace('/', '%2f')}`)).status,
    400,
    'lower-case %2f is not decoded',
  );
  assert.equal((await get('/indexer/richlist/v1/nosuchdenom')).status, 400);
  const empty = await get('/indexer/richlist/v1/uinit', plain);
  assert.deepEqual(empty.json, { holders: [], pagination: { previous_key: null, next_key: null, total: '0' } });
});

test('hostile strings are escaped like Go (\\u003c), and survive JSON parsing intact', async () => {
  const r = await get('/indexer/nft/v1/collections?pagination.limit=1000');
  assert.ok(!r.text.includes('<img'), 'no raw < in the body');
  assert.ok(r.text.includes('\\u003cimg'));
  assert.ok(r.json.collections.some((c: any) => c.collection.name === '<img src=x onerror=alert(1)>'));
});

test('shapes: cosmos hashes upper-case, EVM lower-case 0x, owners init1 on EVM, numbers vs strings per endpoint', async () => {
  const tx = (await get('/indexer/tx/v1/txs?pagination.limit=1')).json.txs[0];
  assert.match(tx.txhash, /^[0-9A-F]{64}$/);
  assert.equal(typeof tx.height, 'string');
  assert.equal(typeof tx.code, 'number');
  const evm = (await get('/indexer/tx/v1/evm-txs?pagination.limit=1')).json.txs[0];
  assert.match(evm.transactionHash, /^0x[0-9a-f]{64}$/);
  const col = (await get('/indexer/nft/v1/collections?pagination.limit=1')).json.collections[0];
  assert.equal(typeof col.height, 'number');
  assert.equal(col.collection.nfts.handle, '');
  const token = (
    await get(`/indexer/nft/v1/tokens/by_collection/${fake.data.collections[1]!.address}?pagination.limit=1`)
  ).json.tokens[0];
  assert.match(token.owner, /^init1/);
  assert.equal(token.object_addr, '');
  const holder = (await get(`/indexer/richlist/v1/GAS?pagination.limit=1`)).json.holders[0];
  assert.match(holder.account, /^0x[0-9a-f]{40}$/);
  assert.ok(BigInt(holder.amount) > BigInt(Number.MAX_SAFE_INTEGER));
  const status = (await get('/status')).json;
  assert.equal(typeof status.height, 'number');
  const block = (await get('/indexer/block/v1/blocks/1')).json.block;
  assert.match(block.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
});

test('names and token ids are matched raw (not URL-decoded)', async () => {
  const col = fake.data.collections.find((c) => /^[A-Za-z]/.test(c.name))!;
  const word = col.name.split(' ')[0]!;
  const hit = await get(`/indexer/nft/v1/collections/by_name/${word.toUpperCase()}`);
  assert.ok(hit.json.collections.some((c: any) => c.object_addr === col.address));
  const spaced = await get(`/indexer/nft/v1/collections/by_name/${encodeURIComponent(col.name)}`);
  assert.ok(
    !spaced.json.collections.some((c: any) => c.object_addr === col.address),
    '%20 becomes "20", matching nothing',
  );
});

test('advance() grows the chain; the demo ticker is off unless asked', async () => {
  const before = fake.data.latestHeight;
  fake.advance(3);
  assert.equal((await get('/status')).json.height, before + 3);
});

test('faults: each kind, limited by path and times; requests recorded raw', async () => {
  fake.resetRequests();
  fake.setFault({ kind: 'status', status: 429, retryAfter: 2, times: 1, path: '/status' });
  const limited = await fetch(`${fake.url}/status`);
  assert.equal(limited.status, 429);
  assert.equal(limited.headers.get('retry-after'), '2');
  assert.equal(await limited.text(), 'Too Many Requests');
  assert.equal((await get('/status')).status, 200, 'times: 1');
  fake.setFault({ kind: 'nonJson', times: 1 });
  assert.match((await get('/status')).type, /text\/html/);
  fake.setFault({ kind: 'wrongShape', times: 1 });
  assert.equal((await get('/indexer/block/v1/blocks?pagination.limit=1')).json.blocks, 'oops');
  fake.setFault({ kind: 'truncated', times: 1 });
  await assert.rejects(get('/indexer/block/v1/blocks?pagination.limit=10'));
  fake.setFault({ kind: 'reset', times: 1 });
  await assert.rejects(get('/status'));
  fake.setFault({ kind: 'latency', ms: 150, times: 1 });
  const t0 = Date.now();
  await get('/status');
  assert.ok(Date.now() - t0 >= 140);
  fake.setFault({ kind: 'hang', times: 1 });
  await assert.rejects(fetch(`${fake.url}/status`, { signal: AbortSignal.timeout(200) }));
  fake.setFault({ kind: 'huge', bytes: 2_000_000, times: 1 });
  assert.ok((await get('/status')).text.length > 2_000_000);
  fake.setFault({ kind: 'redirect', times: 1 });
  assert.equal((await fetch(`${fake.url}/status`, { redirect: 'manual' })).status, 302);
  fake.clearFaults();
  assert.equal(fake.count('/status'), 8);
  await get('/indexer/richlist/v1/evm%2F0xAB?x=1');
  assert.deepEqual(
    [fake.requests.at(-1)!.path, fake.requests.at(-1)!.query],
    ['/indexer/richlist/v1/evm%2F0xAB', 'x=1'],
  );
});

test('the demo (hostile: false) looks like a real chain: no hostile string in its names, URIs, memos or routes', async () => {
  const markup = /<|>|command:|javascript:|\]\(/;
  const clean = new ChainData({ blocks: 400, hostile: false });
  assert.ok(clean.collections.every((c) => !markup.test(c.name) && c.tokens.every((t) => !markup.test(t.uri))));
  assert.ok(clean.txs.every((t) => !markup.test(t.memo)));
  const tests = new ChainData({ blocks: 400 });
  assert.ok(
    tests.collections.some((c) => markup.test(c.name)) || tests.txs.some((t) => markup.test(t.memo)),
    'the tests keep theirs',
  );
  const router = await startFakeRouter({ hostile: false });
  try {
    const post = async (path: string, body: unknown) =>
      (
        await fetch(`${router.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).text();
    // The route TRY-ME suggests, and every chain the router lists.
    const route = await post('/v2/fungible/route', {
      amount_in: '1000000',
      source_asset_chain_id: 'interwoven-1',
      source_asset_denom: 'uinit',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
    });
    assert.doesNotMatch(route, markup, route);
    const chains = await (await fetch(`${router.url}/v2/info/chains`)).text();
    assert.doesNotMatch(chains, markup);
  } finally {
    await router.close();
  }
});

test('fixture: a failed tx with the SDK 0.50 raw_log, code 5, codespace sdk, and only fee events', async () => {
  for (const server of [fake, plain]) {
    const tx = (await get(`/indexer/tx/v1/txs/${FAILED_TX_HASH}`, server)).json.tx;
    assert.deepEqual([tx.code, tx.codespace, tx.raw_log], [5, 'sdk', FAILED_TX_RAW_LOG]);
    assert.match(
      tx.raw_log,
      /^failed to execute message; message index: 0: .*5uinit is smaller than 10uinit: insufficient funds$/,
    );
    assert.equal(Number(tx.height), FIXTURE_HEIGHT);
    assert.ok(
      tx.events.every((e: any) => e.attributes.every((a: any) => a.key !== 'msg_index')),
      'a failed tx keeps only its fee events',
    );
  }
});

test('fixture: a multi-message tx whose events carry msg_index; fee events none; amounts like 1500000uinit', async () => {
  const tx = (await get(`/indexer/tx/v1/txs/${MULTI_MSG_TX_HASH}`)).json.tx;
  assert.equal(tx.code, 0);
  assert.equal(tx.tx.body.messages.length, 3);
  const idx = (e: any) => e.attributes.find((a: any) => a.key === 'msg_index')?.value;
  for (const e of tx.events)
    for (const a of e.attributes) assert.deepEqual(Object.keys(a).sort(), ['index', 'key', 'value']);
  const fee = tx.events.filter((e: any) => idx(e) === undefined).map((e: any) => e.type);
  assert.deepEqual([...new Set(fee)].sort(), ['coin_received', 'coin_spent', 'message', 'transfer', 'tx']);
  assert.deepEqual([...new Set(tx.events.map(idx).filter(Boolean))], ['0', '1', '2']);
  const spent = tx.events.filter((e: any) => e.type === 'coin_spent' && idx(e) === '0')[0];
  assert.equal(spent.attributes.find((a: any) => a.key === 'amount').value, '1500000uinit');
  const received = tx.events.filter((e: any) => e.type === 'coin_received' && idx(e) === '2')[0];
  assert.match(received.attributes.find((a: any) => a.key === 'amount').value, /^42uinit,7ibc\/[0-9A-F]{64}$/);
  const byHeight = (await get(`/indexer/tx/v1/txs/by_height/${FIXTURE_HEIGHT}?pagination.reverse=false`)).json.txs.map(
    (t: any) => t.txhash,
  );
  assert.deepEqual(
    byHeight.slice(-4),
    [FAILED_TX_HASH, MULTI_MSG_TX_HASH, EVM_TX_WITH_LOGS_COSMOS_HASH, EVM_TX_MANY_CALLS_COSMOS_HASH],
    "after the block's generated txs",
  );
});

test('fixture: an EVM tx with ERC-20 Approval + Transfer and ERC-721 Transfer logs, and its call tree', async () => {
  const evm = (await get(`/indexer/tx/v1/evm-txs/${EVM_TX_WITH_LOGS_HASH}`)).json.tx;
  const f = fake.data.evmFixture();
  assert.deepEqual([evm.from, evm.to, evm.status], [f.buyer, FIXTURE_MARKET, '0x1']);
  const word = (h: string) => `0x${h.replace(/^0x/, '').padStart(64, '0')}`;
  assert.deepEqual(
    evm.logs.map((l: any) => [l.address, l.topics[0], l.topics.length]),
    [
      [f.erc20, TOPIC_APPROVAL, 3],
      [f.erc20, TOPIC_TRANSFER, 3],
      [f.erc721, TOPIC_TRANSFER, 4],
    ],
  );
  assert.equal(BigInt(evm.logs[1].data), FIXTURE_ERC20_PRICE);
  assert.deepEqual(evm.logs[2].topics.slice(1), [
    word(f.seller),
    word(f.buyer),
    word(BigInt(FIXTURE_NFT_TOKEN_ID).toString(16)),
  ]);
  assert.equal(evm.logs[2].data, '0x');
  assert.ok(
    fake.data.denomRecords.some((d) => d.contract === f.erc20),
    "the ERC-20 is the chain's evm/ token",
  );
  assert.ok(
    fake.data.collections.some(
      (c) => c.address === f.erc721 && c.tokens.some((t) => t.tokenId === FIXTURE_NFT_TOKEN_ID),
    ),
    'the ERC-721 is an NFT collection',
  );
  const cosmos = (await get(`/indexer/tx/v1/txs/${EVM_TX_WITH_LOGS_COSMOS_HASH}`)).json.tx;
  assert.equal(cosmos.tx.body.messages[0]['@type'], '/minievm.evm.v1.MsgCall');
  const tree = (await get(`/indexer/tx/v1/evm-internal-txs/${EVM_TX_WITH_LOGS_HASH}?pagination.reverse=false`)).json;
  assert.deepEqual(
    tree.internal_txs.map((c: any) => [c.index, c.parent_index, c.type]),
    [
      [0, -1, 'CALL'],
      [1, 0, 'CALL'],
      [2, 1, 'DELEGATECALL'],
      [3, 0, 'CALL'],
    ],
  );
  assert.equal(tree.internal_txs[1].input.slice(0, 10), '0x23b872dd');
  // A sequence cursor on every non-empty page, the last one too (ToResponseWithLastRecord).
  assert.match(decode(tree.pagination.next_key), /^\{"sequence":\d+\}$/);
  assert.equal(tree.pagination.total, '4');
  assert.equal((await get(`/indexer/tx/v1/evm-txs/${EVM_TX_WITH_LOGS_HASH}`, plain)).status, 404, 'EVM chains only');
  assert.equal((await get(`/indexer/tx/v1/txs/${EVM_TX_WITH_LOGS_COSMOS_HASH}`, plain)).status, 404);
});

test('EVM account lists: is_signer keeps what the account sent; internal lists by account page by sequence', async () => {
  const a = fake.data.accounts[2]!;
  const all = (await get(`/indexer/tx/v1/evm-txs/by_account/${a.hex}?pagination.limit=1000`)).json.txs;
  const signed = (await get(`/indexer/tx/v1/evm-txs/by_account/${a.bech32}?pagination.limit=1000&is_signer=true`)).json
    .txs;
  assert.ok(signed.length > 0 && signed.length < all.length);
  assert.ok(signed.every((t: any) => t.from === a.hex));
  assert.ok(signed.some((t: any) => t.transactionHash === EVM_TX_WITH_LOGS_HASH));
  const page = (await get(`/indexer/tx/v1/evm-internal-txs/by_account/${a.hex}?pagination.limit=2`)).json.pagination;
  assert.match(decode(page.next_key), /^\{"sequence":\d+\}$/);
});

test('internal calls: each its own sequence; every list pages by it, newest first; by_account matches from and to only', async () => {
  // The many-calls fixture: 151 calls, more than the server's default page of 100.
  const url = `/indexer/tx/v1/evm-internal-txs/${EVM_TX_MANY_CALLS_HASH}`;
  const first = (await get(url)).json;
  assert.equal(first.internal_txs.length, 100, 'the default page');
  assert.equal(first.pagination.total, String(EVM_TX_MANY_CALLS_COUNT));
  assert.equal(first.internal_txs[0].index, EVM_TX_MANY_CALLS_COUNT - 1, 'newest first: the last call of the tree');
  assert.ok(!first.internal_txs.some((c: any) => c.index === 0), 'the top call is not on the first page');
  const rest = (await get(`${url}?pagination.key=${encodeURIComponent(first.pagination.next_key)}`)).json;
  assert.equal(rest.internal_txs.length, EVM_TX_MANY_CALLS_COUNT - 100);
  const all = [...first.internal_txs, ...rest.internal_txs];
  assert.deepEqual(
    all.map((c: any) => c.index).sort((x: number, y: number) => x - y),
    [...Array(EVM_TX_MANY_CALLS_COUNT).keys()],
    'every call once',
  );
  const top = all.find((c: any) => c.index === 0);
  assert.deepEqual([top.parent_index, top.to], [-1, FIXTURE_BATCH_ROUTER]);
  const seqs = fake.data.internalTxs.filter((c) => c.tx.evmHash === EVM_TX_MANY_CALLS_HASH).map((c) => c.seq);
  assert.equal(new Set(seqs).size, EVM_TX_MANY_CALLS_COUNT, 'a sequence per call');
  const empty = (await get(`${url}?pagination.key=${encodeURIComponent(rest.pagination.next_key)}`)).json;
  assert.deepEqual([empty.internal_txs, empty.pagination.next_key], [[], null], 'past the last call: empty, no key');
  // Oldest first (reverse=false): the tree's beginning.
  const asc = (await get(`${url}?pagination.reverse=false&pagination.limit=3`)).json.internal_txs.map(
    (c: any) => c.index,
  );
  assert.deepEqual(asc, [0, 1, 2]);
  // by height pages the same way.
  const byHeight = (await get(`/indexer/tx/v1/evm-internal-txs/by_height/${FIXTURE_HEIGHT}?pagination.limit=50`)).json;
  assert.match(decode(byHeight.pagination.next_key), /^\{"sequence":\d+\}$/);
  // by_account: from or to name the account; an address among the input's arguments does not (rollytics
  // address.go; address_test.go "basic call with proper input" expects only from and to).
  const f = fake.data.evmFixture();
  const mine = async (account: string) =>
    (await get(`/indexer/tx/v1/evm-internal-txs/by_account/${account}?pagination.limit=1000`)).json.internal_txs
      .filter((c: any) => c.hash === EVM_TX_WITH_LOGS_HASH)
      .map((c: any) => c.index);
  assert.deepEqual(
    await mine(f.buyer),
    [0],
    "the buyer sends the top call; its address in transferFrom's arguments does not count",
  );
  assert.deepEqual((await mine(FIXTURE_MARKET)).sort(), [0, 1, 3], 'the market: to of the top call, from of two');
  assert.deepEqual(await mine(f.seller), [], 'the seller is only ever an argument');
});
