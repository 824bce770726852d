/** The router client against the fake router (real HTTP on 127.0.0.1): every call, errors in words, faults, and bad input refused before any request. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRouterClient } from '../../src/core/clients';
import { msgsRequest, parseAddressForChain, routerErrorInfo, type RouterClient } from '../../src/core/router/client';
import * as routerSchemas from '../../src/core/router/schemas';
import { transferView } from '../../src/core/router/transfer';
import { routeErrorText } from '../../src/bridge/routeViews';
import { evmTxData, operationView, txView } from '../../src/core/router/schemas';
import { startFakeRouter, type FakeRouter } from '../fixtures/fakeRouter';
import { waitFor } from '../support/wait';
import { rejection, errorKind } from './support';

let fake: FakeRouter;
let client: RouterClient;
const INIT = 'init1veaum7vy45fzw5x4mflskgx5lnmwmxx5wm3x8p';
const OSMO = 'osmo1veaum7vy45fzw5x4mflskgx5lnmwmxx5gkz963';
const ETH = '0x667bcdf984ad122750d5da7f0b20d4fcf6ed98d4';
const L2_INIT = 'l2/2588fd87a8e081f6a557f43ff14f05dddf5e34cb27afcefd6eaf81f1daea30d0';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const HOOK = { signer: INIT, hook: 'CgQKAggB' };

before(async () => {
  fake = await startFakeRouter({ timeScale: 0.01 });
  client = createRouterClient(fake.url, { retryBaseMs: 10, timeoutMs: 3000 });
});
after(async () => {
  client.dispose();
  await fake.close();
});

const hash = (last: string, salt = 'AB') => `${salt.repeat(31)}A${last}`;
const bodyOf = (i: number) => JSON.parse(fake.requests[i]!.body) as Record<string, unknown>;

test('route → msgs → track → status: one request each, snake_case on the wire', async () => {
  fake.resetRequests();
  const route = await client.route({
    amountIn: '1_000_000',
    sourceChainId: 'interwoven-1',
    sourceDenom: 'uinit',
    destChainId: 'demo-evm-1',
    destDenom: L2_INIT,
  });
  assert.deepEqual(bodyOf(0), {
    amount_in: '1000000',
    source_asset_chain_id: 'interwoven-1',
    source_asset_denom: 'uinit',
    dest_asset_chain_id: 'demo-evm-1',
    dest_asset_denom: L2_INIT,
  });
  assert.equal(route.operations.length, 1);
  const op = operationView(route.operations[0]!);
  assert.equal(op.kind, 'op_init_transfer');
  if (op.kind === 'op_init_transfer')
    assert.deepEqual(
      [op.body.from_chain_id, op.body.to_chain_id, op.body.op_init_bridge_id],
      ['interwoven-1', 'demo-evm-1', '2'],
    );
  assert.equal(route.required_op_hook, false);
  assert.equal(route.estimated_route_duration_seconds, 15);
  const msgs = await client.msgs({ route, addresses: { 'interwoven-1': INIT, 'demo-evm-1': INIT } });
  const tx = txView(msgs.txs[0]!);
  assert.equal(tx.kind, 'cosmos');
  if (tx.kind === 'cosmos') {
    assert.equal(tx.tx.msgs[0]!.msg_type_url, '/opinit.ophost.v1.MsgInitiateTokenDeposit');
    assert.equal(typeof JSON.parse(tx.tx.msgs[0]!.msg), 'object', 'msg is an amino JSON string');
  }
  const sent = bodyOf(1);
  assert.deepEqual(sent.address_list, [INIT, INIT]);
  assert.equal(sent.slippage_tolerance_percent, '1');
  assert.deepEqual(sent.operations, JSON.parse(JSON.stringify(route.operations)), 'operations go back as they came');
  // Slow enough that the status read right after still finds it submitted, however loaded the machine is.
  fake.prepare(hash('1'), 'interwoven-1', { jitter: 1000 });
  const tracked = await client.track(hash('1').toLowerCase(), 'interwoven-1');
  assert.equal(bodyOf(2).tx_hash, hash('1'), 'cosmos hashes are sent upper-case');
  assert.match(tracked.explorer_link ?? '', /^https:/);
  const status = await client.status(hash('1'), 'interwoven-1');
  assert.equal(transferView(status).state, 'STATE_SUBMITTED');
  assert.deepEqual(
    fake.requests.map((r) => `${r.method} ${r.path}`),
    ['POST /v2/fungible/route', 'POST /v2/fungible/msgs', 'POST /v2/tx/track', 'GET /v2/tx/status'],
  );
  assert.equal(new URLSearchParams(fake.requests[3]!.query).get('tx_hash'), hash('1'));
  const first = fake.tracked.get(`interwoven-1:${hash('1')}`)!;
  await client.track(hash('1'), 'interwoven-1');
  assert.equal(fake.tracked.get(`interwoven-1:${hash('1')}`), first, 'tracking again is a no-op');
});

test('IBC + swap route: typed operations; hostile server text is kept verbatim', async () => {
  const route = await client.route({
    amountIn: '1000000',
    sourceChainId: 'interwoven-1',
    sourceDenom: 'uinit',
    destChainId: 'osmosis-1',
    destDenom: 'uosmo',
  });
  assert.deepEqual(
    route.operations.map((o) => operationView(o).kind),
    ['transfer', 'swap'],
  );
  // 0.2 % kept by the bridge, the rest at INIT $0.52 / OSMO $0.25, less the swap's 11.85 % price impact.
  assert.equal(route.amount_out, '1829852');
  assert.deepEqual(route.required_chain_addresses, ['interwoven-1', 'osmosis-1']);
  const swap = operationView(route.operations[1]!);
  assert.ok(swap.kind === 'swap' && swap.body.swap_in?.swap_venue?.name?.includes('<script>'));
  assert.ok(route.extra_warnings?.[0]?.includes('<img src=x onerror=alert(1)>'));
  assert.ok(route.estimated_fees?.[0]?.origin_asset?.symbol === '<i>INIT</i>');
  const msgs = await client.msgs({ route, addresses: [INIT, OSMO], slippagePercent: '0.5%' });
  assert.equal(bodyOf(fake.requests.length - 1).slippage_tolerance_percent, '0.5');
  assert.match(msgs.txs[0]!.cosmos_tx!.msgs[0]!.msg_type_url, /MsgTransfer/);
  assert.ok(Array.isArray(msgs.msgs), 'the deprecated msgs[] is kept');
});

test('an operation kind the client does not know survives as raw JSON and goes back to msgs unchanged', async () => {
  const route = await client.route({
    amountIn: '5000',
    sourceChainId: 'interwoven-1',
    sourceDenom: 'uinit',
    destChainId: 'mystery-1',
    destDenom: 'umystery',
  });
  const view = operationView(route.operations[0]!);
  assert.equal(view.kind, 'unknown');
  if (view.kind === 'unknown') {
    assert.equal(view.key, 'teleport_transfer');
    assert.equal((view.body as Record<string, unknown>).portal, '<script>alert("portal")</script>');
  }
  await client.msgs({ route, addresses: [INIT, INIT] });
  const sent = bodyOf(fake.requests.length - 1).operations as Array<Record<string, unknown>>;
  assert.deepEqual(Object.keys(sent[0]!).sort(), ['amount_in', 'amount_out', 'teleport_transfer', 'tx_index']);
  const chains = await client.chains();
  assert.equal(chains.chains.find((c) => c.chain_id === 'mystery-1')!.chain_name, '<img src=x onerror=alert("chain")>');
  // Its status legs are of an unknown kind too: read leniently, links kept as the server sent them (the UI checks them).
  fake.prepare(hash('5', '9F'), 'interwoven-1', { to: 'mystery-1', jitter: 0.5 });
  await client.track(hash('5', '9F'), 'interwoven-1');
  let status = transferView(await client.status(hash('5', '9F'), 'interwoven-1'));
  await waitFor(
    'the transfer to end',
    async () => (status = transferView(await client.status(hash('5', '9F'), 'interwoven-1'))).terminal,
    5_000,
  );
  assert.equal(status.outcome, 'success');
  assert.deepEqual(
    status.hops.map((h) => [h.kind, h.known, h.outcome]),
    [['teleport_transfer', false, 'done']],
  );
  assert.match(status.hops[0]!.txs.find((t) => t.name === 'receive_tx')!.explorerLink!, /^command:/);
});

test('addresses per chain (pure)', () => {
  const table: Array<[string, string, boolean]> = [
    ['interwoven-1', INIT, true],
    ['interwoven-1', OSMO, false],
    ['osmosis-1', OSMO, true],
    ['osmosis-1', INIT, false],
    ['demo-evm-1', OSMO, true], // a chain whose prefix is not known: any valid bech32
    ['demo-evm-1', ETH, false],
    ['1', ETH, true],
    ['8453', INIT, false],
    ['solana', 'So11111111111111111111111111111111111111112', true],
    ['solana', ETH, false],
  ];
  for (const [chain, address, ok] of table)
    assert.equal(parseAddressForChain(chain, address).ok, ok, `${chain} ${address}`);
  assert.equal(parseAddressForChain('custom-1', INIT, { 'custom-1': 'custom' }).ok, false, 'extra prefixes apply');
});

test('OP hook routes: the hook; msgs refused without the signed hook (before any request), sent with it', async () => {
  const route = await client.route({
    amountIn: '5000',
    sourceChainId: 'osmosis-1',
    sourceDenom: 'uosmo',
    destChainId: 'demo-evm-1',
    destDenom: L2_INIT,
  });
  assert.equal(route.required_op_hook, true);
  assert.deepEqual(
    route.operations.map((o) => operationView(o).kind),
    ['transfer', 'op_init_transfer'],
  );
  const hook = await client.opHook(route, OSMO, INIT);
  assert.deepEqual(Object.keys(bodyOf(fake.requests.length - 1)).sort(), [
    'dest_address',
    'dest_asset_chain_id',
    'dest_asset_denom',
    'source_address',
    'source_asset_chain_id',
    'source_asset_denom',
  ]);
  assert.equal(hook.chain_id, 'demo-evm-1');
  assert.equal(typeof JSON.parse(hook.hook[0]!.msg), 'object');
  fake.resetRequests();
  const err = await rejection(client.msgs({ route, addresses: [OSMO, INIT, INIT] }));
  assert.equal(errorKind(err), 'input');
  assert.match(err.message, /signed OP hook/);
  assert.equal(
    errorKind(
      await rejection(
        client.msgs({ route, addresses: [OSMO, INIT, INIT], signedOpHook: { signer: INIT, hook: 'not base64!' } }),
      ),
    ),
    'input',
  );
  assert.equal(errorKind(await rejection(client.opHook(route, ETH, INIT))), 'input', 'the hook takes bech32 addresses');
  assert.equal(fake.requests.length, 0);
  const msgs = await client.msgs({ route, addresses: [OSMO, INIT, INIT], signedOpHook: HOOK });
  assert.deepEqual(bodyOf(0).signed_op_hook, HOOK);
  assert.ok(msgs.txs[0]!.cosmos_tx);
  assert.equal(msgs.txs[0]!.cosmos_tx!.msgs[0]!.msg_type_url, '/ibc.applications.transfer.v1.MsgTransfer');
});

test('EVM sources: evm_tx with approvals, data without 0x (evmTxData adds it); big amounts stay strings', async () => {
  const route = await client.route({
    amountIn: '123456789012345678901234567890',
    sourceChainId: '1',
    sourceDenom: USDC,
    destChainId: 'demo-evm-1',
    destDenom: L2_INIT,
  });
  assert.equal(route.amount_in, '123456789012345678901234567890');
  assert.deepEqual(
    route.operations.map((o) => operationView(o).kind),
    ['layer_zero_transfer', 'op_init_transfer'],
  );
  const msgs = await client.msgs({ route, addresses: [ETH, INIT, INIT], signedOpHook: HOOK });
  const tx = txView(msgs.txs[0]!);
  assert.equal(tx.kind, 'evm');
  if (tx.kind === 'evm') {
    assert.equal(tx.chainId, '1');
    assert.equal(tx.tx.required_erc20_approvals?.[0]?.amount, '123456789012345678901234567890');
    assert.doesNotMatch(tx.tx.data ?? '', /^0x/);
    assert.match(evmTxData(tx.tx), /^0x[0-9a-f]+$/);
  }
  await client.track(`0x${'AB'.repeat(32)}`, '1');
  assert.equal(bodyOf(fake.requests.length - 1).tx_hash, `0x${'ab'.repeat(32)}`, 'EVM hashes are sent 0x lower-case');
});

test('addresses are checked per chain before any request', async () => {
  const route = await client.route({
    amountIn: '1000000',
    sourceChainId: 'interwoven-1',
    sourceDenom: 'uinit',
    destChainId: 'osmosis-1',
    destDenom: 'uosmo',
  });
  const evmRoute = await client.route({
    amountIn: '1000000',
    sourceChainId: '1',
    sourceDenom: USDC,
    destChainId: 'interwoven-1',
    destDenom: 'uinit',
  });
  fake.resetRequests();
  const cases: Array<[Promise<unknown>, RegExp]> = [
    [client.msgs({ route, addresses: [INIT, INIT] }), /osmosis-1.*"osmo1", not "init1"/],
    [client.msgs({ route, addresses: [INIT] }), /needs 2 address/],
    [client.msgs({ route, addresses: { 'interwoven-1': INIT } }), /address on osmosis-1/],
    [client.msgs({ route, addresses: [ETH, OSMO] }), /bech32/],
    [client.msgs({ route, addresses: [INIT.slice(0, -1) + 'q', OSMO] }), /checksum/],
    [client.msgs({ route: evmRoute, addresses: [INIT, INIT] }), /EVM chain/],
    [client.msgs({ route, addresses: [INIT, OSMO], slippagePercent: '0' }), /Slippage/],
    [client.msgs({ route, addresses: [INIT, OSMO], slippagePercent: '150' }), /Slippage/],
  ];
  for (const [p, re] of cases) {
    const err = await rejection(p);
    assert.equal(errorKind(err), 'input', err.message);
    assert.match(err.message, re);
  }
  assert.equal(fake.requests.length, 0);
});

test('bad input never reaches the server', async () => {
  fake.resetRequests();
  const route = (over: Record<string, string>) =>
    client.route({
      amountIn: '1000',
      sourceChainId: 'interwoven-1',
      sourceDenom: 'uinit',
      destChainId: 'demo-evm-1',
      destDenom: L2_INIT,
      ...over,
    });
  for (const p of [
    route({ amountIn: '1.5' }),
    route({ amountIn: '0' }),
    route({ amountIn: '-5' }),
    route({ amountIn: '' }),
    route({ sourceChainId: '<script>' }),
    route({ destChainId: 'bad chain!' }),
    route({ sourceDenom: 'x' }),
    route({ destDenom: '0x1234' }),
    route({ destChainId: 'interwoven-1', destDenom: 'uinit' }),
    client.route({
      amountIn: '1000',
      sourceChainId: 'interwoven-1',
      sourceDenom: 'uinit',
      destChainId: 'demo-evm-1',
      destDenom: L2_INIT,
      bridges: ['WORMHOLE' as never],
    }),
    client.track('xyz', 'interwoven-1'),
    client.track('ab'.repeat(31), 'interwoven-1'),
    client.track('ab'.repeat(32), ''),
    client.status(hash('1'), 'bad chain!'),
    client.status('0xzz', 'interwoven-1'),
  ]) {
    const err = await rejection(p);
    assert.equal(errorKind(err), 'input', err.message);
  }
  assert.equal(fake.requests.length, 0);
});

test("router errors: the router's words (+ info), code, reason; no-route and price-safety recognised", async () => {
  const low = await rejection(
    client.route({
      amountIn: '10',
      sourceChainId: 'interwoven-1',
      sourceDenom: 'uinit',
      destChainId: 'demo-evm-1',
      destDenom: L2_INIT,
    }),
  );
  assert.equal(errorKind(low), 'http');
  assert.equal(
    low.message,
    'The router answered 400 Bad Request: amount too low: the amount does not cover the bridge fees (minimum 1000) (<b>minimum</b> 1000 base units).',
  );
  assert.deepEqual(routerErrorInfo(low), {
    status: 400,
    code: 3,
    reason: undefined,
    info: '<b>minimum</b> 1000 base units',
    noRoute: false,
    unsafe: false,
    message:
      'amount too low: the amount does not cover the bridge fees (minimum 1000) (<b>minimum</b> 1000 base units)',
  });
  const none = await rejection(
    client.route({
      amountIn: '5000',
      sourceChainId: 'osmosis-1',
      sourceDenom: 'uosmo',
      destChainId: '1',
      destDenom: USDC,
    }),
  );
  assert.match(none.message, /404 Not Found: no single-tx routes found/);
  assert.equal(routerErrorInfo(none)?.noRoute, true);
  const unsafe = await rejection(
    client.route({
      amountIn: '1000000000000000',
      sourceChainId: 'interwoven-1',
      sourceDenom: 'uinit',
      destChainId: 'osmosis-1',
      destDenom: 'uosmo',
    }),
  );
  assert.match(unsafe.message, /deviates too far from market price/);
  assert.deepEqual(
    [routerErrorInfo(unsafe)?.reason, routerErrorInfo(unsafe)?.unsafe, routerErrorInfo(unsafe)?.noRoute],
    ['BAD_PRICE_ERROR', true, false],
  );
  const ok = await client.route({
    amountIn: '1000000000000000',
    sourceChainId: 'interwoven-1',
    sourceDenom: 'uinit',
    destChainId: 'osmosis-1',
    destDenom: 'uosmo',
    allowUnsafe: true,
  });
  assert.equal(ok.amount_in, '1000000000000000');
  const untracked = await rejection(client.status(hash('7'), 'interwoven-1'));
  assert.equal(untracked.status, 404);
  assert.equal(untracked.message, 'The router answered 404 Not Found: tx not found.');
  assert.equal(routerErrorInfo(untracked)?.noRoute, false);
  const chain = await rejection(client.track(hash('7'), 'cosmoshub-4'));
  assert.match(chain.message, /404 Not Found: chain ID not supported/);
  const msgsErr = await rejection(client.msgs({ route: { ...ok, operations: [] }, addresses: [INIT, OSMO] }));
  assert.match(msgsErr.message, /400 Bad Request: operations do not match a route/);
  assert.equal(routerErrorInfo(new Error('x')), undefined);
  // What the bridge panel says of them.
  assert.match(
    routeErrorText(none)!,
    /^The router has no route from this asset to that one \(it said: no single-tx routes found/,
  );
  assert.match(
    routeErrorText(unsafe)!,
    /^The router withheld this route because its price deviates too far from the market \(it said: .*deviates too far from market price/,
  );
  assert.equal(routeErrorText(low), undefined, 'any other refusal keeps its own words');
});

test('faults: 429/503 with Retry-After recover (or surface when retry is off); 500, non-JSON, wrong shape, truncated', async () => {
  await client.track(hash('2'), 'interwoven-1');
  fake.setFault({ kind: 'status', status: 429, retryAfter: 0, times: 1 });
  await client.status(hash('2'), 'interwoven-1');
  fake.setFault({ kind: 'status', status: 503, retryAfter: 7, times: 1 });
  const busy = await rejection(client.status(hash('2'), 'interwoven-1', undefined, { retry: false }));
  assert.equal(errorKind(busy), 'http');
  assert.deepEqual([busy.status, busy.retryAfterMs], [503, 7000]);
  assert.equal(
    busy.message,
    'The router answered 503 Service Unavailable: 503 Service Unavailable (it asks to wait 7 s).',
  );
  fake.setFault({ kind: 'status', status: 500, times: 1 });
  assert.equal(
    (await rejection(client.status(hash('2'), 'interwoven-1'))).message,
    'The router answered 500 Internal Server Error: internal server error.',
  );
  fake.setFault({ kind: 'status', status: 400, body: 'upstream said <script>alert(1)</script>', times: 1 });
  assert.equal(
    (await rejection(client.status(hash('2'), 'interwoven-1'))).message,
    'The router answered 400 Bad Request: upstream said <script>alert(1)</script>.',
    'a non-JSON error body falls back to the raw text',
  );
  fake.setFault({ kind: 'status', status: 502, body: '<html><body><h1>502</h1></body></html>', times: 1 });
  assert.equal(
    (await rejection(client.status(hash('2'), 'interwoven-1'))).message,
    'The router answered 502 Bad Gateway: an HTML error page.',
  );
  fake.setFault({ kind: 'nonJson', times: 1 });
  assert.equal(errorKind(await rejection(client.status(hash('2'), 'interwoven-1'))), 'invalid-body');
  fake.setFault({ kind: 'wrongShape', path: '/v2/fungible/route', times: 1 });
  const shape = await rejection(
    client.route({
      amountIn: '5000',
      sourceChainId: 'interwoven-1',
      sourceDenom: 'uinit',
      destChainId: 'demo-evm-1',
      destDenom: L2_INIT,
    }),
  );
  assert.equal(errorKind(shape), 'schema');
  assert.match(shape.message, /field amount_in/);
  fake.setFault({ kind: 'wrongShape', path: '/v2/tx/status', times: 1 });
  assert.match((await rejection(client.status(hash('2'), 'interwoven-1'))).message, /field transfers/);
  fake.setFault({ kind: 'truncated', times: 1 });
  assert.ok(
    ['network', 'invalid-body'].includes(errorKind(await rejection(client.status(hash('2'), 'interwoven-1')))!),
  );
  fake.clearFaults();
});

test('schemas: a known operation with a wrong type names the field; an empty status is refused', () => {
  const bad = routerSchemas.Route.safeParse({
    amount_in: '1',
    amount_out: '1',
    source_asset_denom: 'uinit',
    source_asset_chain_id: 'a',
    dest_asset_denom: 'b',
    dest_asset_chain_id: 'c',
    required_chain_addresses: ['a'],
    operations: [{ op_init_transfer: { from_chain_id: 'a', to_chain_id: 7 } }],
  });
  assert.equal(bad.success, false);
  assert.deepEqual(bad.error?.issues[0]?.path, ['operations', 0, 'op_init_transfer', 'to_chain_id']);
});

test('status: 404 "tx not found" for a while after tracking (indexing lag), then the status', async () => {
  const lagging = await startFakeRouter({ timeScale: 0.01, trackLagSeconds: 20 });
  const c = createRouterClient(lagging.url, { timeoutMs: 3000 });
  try {
    await c.track(hash('3'), 'interwoven-1');
    assert.equal((await rejection(c.status(hash('3'), 'interwoven-1'))).status, 404);
    // The lag is 20 s × 0.01 of real time: then the router knows it.
    let transfers = 0;
    await waitFor(
      'the status after the lag',
      async () =>
        (transfers = (await c.status(hash('3'), 'interwoven-1').catch(() => undefined))?.transfers?.length ?? 0) > 0,
      5_000,
    );
    assert.ok(transfers > 0);
  } finally {
    c.dispose();
    await lagging.close();
  }
});

test('assets: symbols and decimals per chain, chain ids repeated; a bad chain id sends nothing', async () => {
  fake.resetRequests();
  const assets = await client.assets(['interwoven-1', 'osmosis-1']);
  const uinit = assets.chain_to_assets_map['interwoven-1']!.assets!.find((a) => a.denom === 'uinit')!;
  assert.deepEqual([uinit.symbol, uinit.decimals], ['INIT', 6]);
  assert.deepEqual(new URLSearchParams(fake.requests[0]!.query).getAll('chain_ids'), ['interwoven-1', 'osmosis-1']);
  fake.resetRequests();
  await assert.rejects(client.assets(['<b>']), (e: Error & { kind?: string }) => e.kind === 'input');
  assert.equal(fake.requests.length, 0);
});

test('a refused address says what is wrong once: no "Address:" before "An address on …" (issue 34, cosmetic)', async () => {
  fake.resetRequests();
  const wrongPrefix = 'An address on osmosis-1 starts with "osmo1", not "init1".';
  await assert.rejects(client.balances('osmosis-1', INIT), (e: Error) => e.message === wrongPrefix);
  const route = {
    required_chain_addresses: ['interwoven-1', 'osmosis-1'],
    amount_in: '1000',
    amount_out: '998',
    source_asset_chain_id: 'interwoven-1',
    source_asset_denom: 'uinit',
    dest_asset_chain_id: 'osmosis-1',
    dest_asset_denom: 'uosmo',
    operations: [],
  } as unknown as routerSchemas.Route;
  assert.throws(
    () => msgsRequest({ route, addresses: [INIT, INIT] }),
    (e: Error) => e.message === wrongPrefix,
  );
  // A refusal of the address's form names no chain: which one it was for comes first.
  assert.throws(
    () => msgsRequest({ route, addresses: [INIT, 'osmo1xyz'] }),
    (e: Error) => /^Address on osmosis-1: /.test(e.message) && !/address on osmosis-1/i.test(e.message.slice(8)),
  );
  assert.equal(fake.requests.length, 0, 'nothing sent');
});
