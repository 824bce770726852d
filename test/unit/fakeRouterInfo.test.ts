/** The fake router's info endpoints (chains, assets, balances), route warnings and fees, the OP-withdraw choice, and the tamper and quote-shift switches, over real HTTP. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { bech32 } from 'bech32';
import { OFT_SEND, decodeCall } from '../../src/core/router/check/abi';
import { ChainsResponse, AssetsResponse, Route, MsgsResponse } from '../../src/core/router/schemas';
import {
  startFakeRouter,
  OP_FINALIZATION_SECONDS,
  USDC_ON_INITIA,
  USDC_AXL_ON_INITIA,
  HIDDEN_ASSET,
  NO_DECIMALS_ASSET,
  type FakeRouter,
} from '../fixtures/fakeRouter';

let fake: FakeRouter;
const INIT = 'init1veaum7vy45fzw5x4mflskgx5lnmwmxx5wm3x8p';
const OSMO = 'osmo1veaum7vy45fzw5x4mflskgx5lnmwmxx5gkz963';
const ETH = '0x667bcdf984ad122750d5da7f0b20d4fcf6ed98d4';
const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const L2_INIT = 'l2/2588fd87a8e081f6a557f43ff14f05dddf5e34cb27afcefd6eaf81f1daea30d0';

before(async () => {
  fake = await startFakeRouter({ timeScale: 0.01 });
});
after(async () => {
  await fake.close();
});

async function get(path: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${fake.url}${path}`);
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
async function post(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
const routeBody = (
  from: string,
  fromDenom: string,
  to: string,
  toDenom: string,
  amount = '1000000',
  extra: Record<string, unknown> = {},
) => ({
  amount_in: amount,
  source_asset_chain_id: from,
  source_asset_denom: fromDenom,
  dest_asset_chain_id: to,
  dest_asset_denom: toDenom,
  ...extra,
});
async function route(body: Record<string, unknown>): Promise<Route> {
  const { status, json } = await post('/v2/fungible/route', body);
  assert.equal(status, 200, JSON.stringify(json));
  return Route.parse(json);
}
async function msgsFor(r: Route, addresses: string[], extra: Record<string, unknown> = {}): Promise<MsgsResponse> {
  const { status, json } = await post('/v2/fungible/msgs', {
    ...routeBody(r.source_asset_chain_id, r.source_asset_denom, r.dest_asset_chain_id, r.dest_asset_denom, r.amount_in),
    amount_out: r.amount_out,
    address_list: addresses,
    operations: r.operations,
    slippage_tolerance_percent: '1',
    ...extra,
  });
  assert.equal(status, 200, JSON.stringify(json));
  return MsgsResponse.parse(json);
}

test("the demo router's figures agree with its own amounts: fees, USD values and price impact (issue 34, cosmetic)", async () => {
  const usd = (base: string, price: number) => (Number(base) / 1e6) * price; // every asset here has 6 decimals
  const cases: Array<[string, string, string, string, string, number, number]> = [
    ['interwoven-1', 'uinit', 'osmosis-1', 'uosmo', '500000', 0.52, 0.25], // IBC, then a swap
    ['interwoven-1', 'uinit', 'osmosis-1', 'uosmo', '2000000', 0.52, 0.25], // the same with the bad-price impact
    ['noble-1', 'uusdc', 'interwoven-1', USDC_ON_INITIA, '7000000', 1, 1], // IBC alone
  ];
  const demo = await startFakeRouter({ hostile: false }); // as `npm run demo` runs it
  try {
    for (const [from, denom, to, destDenom, amount, priceIn, priceOut] of cases) {
      const res = await fetch(`${demo.url}/v2/fungible/route`, {
        method: 'POST',
        body: JSON.stringify(routeBody(from, denom, to, destDenom, amount)),
      });
      const r = Route.parse(await res.json());
      const what = `${amount} ${denom} → ${destDenom}`;
      const deducted = (r.estimated_fees ?? []).filter((f) => f.fee_behavior === 'FEE_BEHAVIOR_DEDUCTED');
      assert.equal(deducted.length, 1, what);
      const fee = deducted[0]!;
      const feeAmount = String(fee.amount ?? '0');
      const kept = BigInt(r.amount_in) - BigInt(feeAmount);
      // The fee is what the route keeps of the amount in; on the same asset, what is left arrives.
      if (!r.does_swap) assert.equal(String(kept), r.amount_out, `${what}: fee + amount out = amount in`);
      assert.equal(fee.usd_amount, usd(feeAmount, priceIn).toFixed(2), `${what}: the fee's USD value`);
      assert.equal(r.usd_amount_in, usd(r.amount_in, priceIn).toFixed(2), `${what}: USD in`);
      assert.equal(r.usd_amount_out, usd(r.amount_out, priceOut).toFixed(2), `${what}: USD out is amount_out's`);
      const impact = (r as { swap_price_impact_percent?: string }).swap_price_impact_percent;
      if (r.does_swap)
        assert.equal(
          impact,
          ((1 - usd(r.amount_out, priceOut) / usd(String(kept), priceIn)) * 100).toFixed(2),
          `${what}: price impact from the amounts`,
        );
      else assert.equal(impact, undefined, what);
    }
  } finally {
    await demo.close();
  }
});

test('chains: Initia extras on every chain, the EVM fee asset on the rollup, a hidden chain, and a chain to sort', async () => {
  const { json } = await get('/v2/info/chains?include_evm=true');
  const chains = ChainsResponse.parse(json).chains as Array<Record<string, unknown>>;
  const ids = chains.map((c) => c.chain_id);
  for (const id of ['interwoven-1', 'demo-evm-1', 'osmosis-1', '1', 'mystery-1', 'noble-1', 'hidden-1'])
    assert.ok(ids.includes(id), id);
  for (const c of chains) {
    assert.match(String(c.rpc), /^https:\/\//, `${String(c.chain_id)} rpc`);
    assert.match(String(c.rest), /^https:\/\//);
    assert.equal(c.is_testnet, false);
    assert.ok(Array.isArray(c.fee_assets));
    assert.equal(typeof c.pfm_enabled, 'boolean');
    assert.ok(c.cosmos_module_support && c.ibc_capabilities);
  }
  const by = (id: string) => chains.find((c) => c.chain_id === id)!;
  assert.deepEqual(by('demo-evm-1').evm_fee_asset, { name: 'Gas', symbol: 'GAS', decimals: 18 });
  assert.equal(by('interwoven-1').evm_fee_asset, undefined);
  assert.equal(by('hidden-1').hidden, true);
  assert.equal(by('interwoven-1').hidden, undefined);
  assert.deepEqual(
    (by('interwoven-1').fee_assets as Array<{ denom: string }>).map((f) => f.denom),
    ['uinit'],
  );
  assert.deepEqual([by('noble-1').pretty_name, by('noble-1').bech32_prefix], ['Noble', 'noble']);
  assert.equal(by('1').chain_type, 'evm');
  // InterwovenKit's order (initia first, then by pretty name) differs from the answer's.
  const sorted = [...chains]
    .filter((c) => c.chain_id !== 'mystery-1')
    .sort((a, b) =>
      a.chain_name === 'initia'
        ? -1
        : b.chain_name === 'initia'
          ? 1
          : String(a.pretty_name).localeCompare(String(b.pretty_name)),
    );
  assert.deepEqual(
    sorted.map((c) => c.chain_id),
    ['interwoven-1', 'demo-evm-1', '1', 'hidden-1', 'noble-1', 'osmosis-1'],
  );
});

test('assets: every mainnet chain with include_evm_assets, repeated chain_ids honoured; twins, hidden, no decimals, checksummed 0x', async () => {
  const all = AssetsResponse.parse((await get('/v2/fungible/assets?include_evm_assets=true')).json).chain_to_assets_map;
  assert.deepEqual(Object.keys(all).sort(), [
    '1',
    'demo-evm-1',
    'hidden-1',
    'interwoven-1',
    'mystery-1',
    'noble-1',
    'osmosis-1',
  ]);
  const some = AssetsResponse.parse(
    (await get('/v2/fungible/assets?chain_ids=interwoven-1&chain_ids=noble-1')).json,
  ).chain_to_assets_map;
  assert.deepEqual(Object.keys(some).sort(), ['interwoven-1', 'noble-1']);
  const initia = all['interwoven-1']!.assets! as Array<Record<string, unknown>>;
  for (const a of initia) {
    for (const k of [
      'denom',
      'chain_id',
      'origin_denom',
      'origin_chain_id',
      'trace',
      'symbol',
      'name',
      'recommended_symbol',
      'is_cw20',
      'is_evm',
      'is_svm',
      'hidden',
    ])
      assert.ok(k in a, `${String(a.denom)} has ${k}`);
    assert.ok(
      Object.values(a).every((v) => v !== null),
      `${String(a.denom)}: nullable fields left out, not null`,
    );
  }
  const twins = initia.filter((a) => a.symbol === 'USDC');
  assert.deepEqual(
    twins.map((a) => [a.denom, a.recommended_symbol, a.origin_chain_id]),
    [
      [USDC_ON_INITIA, 'USDC', 'noble-1'],
      [USDC_AXL_ON_INITIA, 'USDC.axl', 'axelar-dojo-1'],
    ],
  );
  assert.equal(initia.find((a) => a.denom === HIDDEN_ASSET)!.hidden, true);
  assert.equal('decimals' in initia.find((a) => a.denom === NO_DECIMALS_ASSET)!, false, 'no decimals: left out');
  assert.equal(initia.find((a) => a.denom === 'uinit')!.hidden, false);
  const eth = all['1']!.assets! as Array<Record<string, unknown>>;
  const usdc = eth.find((a) => a.symbol === 'USDC')!;
  assert.equal(usdc.denom, USDC_ETH, 'checksummed, as sent');
  assert.deepEqual([usdc.is_evm, usdc.token_contract], [true, USDC_ETH]);
  assert.ok(
    (all['demo-evm-1']!.assets! as Array<Record<string, unknown>>).some((a) =>
      /^0x(?=.*[a-f])(?=.*[A-F])[0-9a-fA-F]{40}$/.test(String(a.denom)),
    ),
    'a mixed-case 0x denom on the rollup',
  );
  assert.equal((all['hidden-1']!.assets! as Array<Record<string, unknown>>)[0]!.hidden, true);
});

test('balances: deterministic, zeros left out (missing = zero), setBalance, 400 for a bad body or address', async () => {
  const ask = (chains: Record<string, { address: string; denoms: string[] }>) => post('/v2/info/balances', { chains });
  const a = await ask({
    'interwoven-1': { address: INIT, denoms: [] },
    'osmosis-1': { address: OSMO, denoms: [] },
    '1': { address: ETH, denoms: [] },
  });
  assert.equal(a.status, 200);
  const chains = a.json.chains as Record<string, { address: string; denoms: Record<string, Record<string, unknown>> }>;
  assert.equal(chains['interwoven-1']!.address, INIT);
  const init = chains['interwoven-1']!.denoms;
  assert.deepEqual(init.uinit, {
    amount: '12345678',
    formatted_amount: '12.345678',
    decimals: 6,
    price: '0.52',
    value_usd: '6.42',
    error: null,
  });
  assert.ok(init[USDC_ON_INITIA] && /^\d+$/.test(String(init[USDC_ON_INITIA].amount)), 'some USDC');
  assert.equal(init[USDC_AXL_ON_INITIA], undefined, 'a zero balance is left out');
  assert.equal(chains['1']!.denoms['ethereum-native']!.amount, '12345678000000000000');
  assert.equal(chains['1']!.denoms[USDC_ETH]!.decimals, 6);
  const again = await ask({ 'interwoven-1': { address: INIT, denoms: [] } });
  assert.deepEqual((again.json.chains as typeof chains)['interwoven-1'], chains['interwoven-1'], 'the same every time');
  // Only the denoms asked for, when some are.
  const only = await ask({ 'interwoven-1': { address: INIT, denoms: ['uinit', NO_DECIMALS_ASSET] } });
  assert.deepEqual(Object.keys((only.json.chains as typeof chains)['interwoven-1']!.denoms), ['uinit']);
  fake.setBalance('interwoven-1', INIT, 'uinit', '0');
  fake.setBalance('interwoven-1', INIT, NO_DECIMALS_ASSET, 42n);
  fake.setBalance('1', ETH.toUpperCase().replace('0X', '0x'), USDC_ETH.toLowerCase(), '7');
  const set = (await ask({ 'interwoven-1': { address: INIT, denoms: [] }, '1': { address: ETH, denoms: [] } })).json
    .chains as typeof chains;
  assert.equal(set['interwoven-1']!.denoms.uinit, undefined, 'set to zero: left out');
  assert.deepEqual(set['interwoven-1']!.denoms[NO_DECIMALS_ASSET], {
    amount: '42',
    formatted_amount: '42',
    decimals: null,
    price: null,
    value_usd: null,
    error: null,
  });
  assert.equal(set['1']!.denoms[USDC_ETH]!.amount, '7', '0x addresses and denoms in any case');
  for (const bad of [
    'not json',
    {},
    { chains: [] },
    { chains: { 'interwoven-1': { address: OSMO, denoms: [] } } },
    { chains: { 'interwoven-1': { address: `${INIT.slice(0, -1)}q`, denoms: [] } } },
    { chains: { '1': { address: INIT, denoms: [] } } },
    { chains: { 'nowhere-1': { address: INIT, denoms: [] } } },
  ]) {
    const r = await post('/v2/info/balances', bad);
    assert.equal(r.status, 400, JSON.stringify(bad));
    assert.equal(r.json.code, 3);
    assert.equal(typeof r.json.message, 'string');
  }
});

test('warnings: BAD_PRICE from 1 INIT on the swap route, LOW_INFO to Ethereum, extra infos/warnings, price impact, error info', async () => {
  const small = await route(routeBody('interwoven-1', 'uinit', 'osmosis-1', 'uosmo', '999999'));
  assert.equal(small.warning?.type, 'LOW_INFO_WARNING', 'below 1 INIT: the hostile warning of old');
  assert.equal(small.swap_price_impact_percent, '0.12');
  const big = await route(routeBody('interwoven-1', 'uinit', 'osmosis-1', 'uosmo', '1000000'));
  assert.equal(big.does_swap, true);
  assert.equal(big.warning?.type, 'BAD_PRICE_WARNING');
  assert.equal(
    big.warning?.message,
    'Difference in USD value of route input and output is large. Input USD value: 0.52 Output USD value: 0.46',
  );
  assert.deepEqual([big.usd_amount_in, big.usd_amount_out, big.swap_price_impact_percent], ['0.52', '0.46', '11.85']);
  assert.ok(
    big.extra_warnings?.some((w) => w.includes('<a href="command:')),
    'the hostile text is still there',
  );
  const eth = await route(routeBody('interwoven-1', 'uinit', '1', USDC_ETH));
  assert.equal(eth.warning?.type, 'LOW_INFO_WARNING');
  assert.match(eth.warning?.message ?? '', /^Unable to estimate USD value /);
  assert.equal(eth.usd_amount_out, undefined);
  const hook = await route(routeBody('osmosis-1', 'uosmo', 'demo-evm-1', L2_INIT));
  assert.equal(hook.warning, undefined);
  assert.equal(hook.swap_price_impact_percent, undefined);
  assert.ok(hook.extra_infos?.length && hook.extra_warnings?.length);
  assert.ok(
    [...hook.extra_infos!, ...hook.extra_warnings!].every((s) => !/[<>]/.test(s)),
    'ordinary text',
  );
  const low = await post('/v2/fungible/route', routeBody('interwoven-1', 'uinit', 'demo-evm-1', L2_INIT, '10'));
  assert.deepEqual([low.status, low.json.code, low.json.info], [400, 3, '<b>minimum</b> 1000 base units']);
  // The demo's router (no hostile strings): the swap route's BAD_PRICE without any markup.
  const clean = await startFakeRouter({ hostile: false });
  try {
    const res = await fetch(`${clean.url}/v2/fungible/route`, {
      method: 'POST',
      body: JSON.stringify(routeBody('interwoven-1', 'uinit', 'osmosis-1', 'uosmo')),
    });
    const r = Route.parse(await res.json());
    assert.equal(r.warning?.type, 'BAD_PRICE_WARNING');
    assert.deepEqual([r.extra_warnings, r.extra_infos], [[], []]);
    assert.equal(r.estimated_fees?.[0]?.origin_asset?.symbol, 'INIT');
  } finally {
    await clean.close();
  }
});

test('fees: deducted on IBC routes, additional on LayerZero ones, with usd_amount and origin_asset decimals', async () => {
  const ibc = await route(routeBody('osmosis-1', 'uosmo', 'interwoven-1', 'uinit'));
  assert.equal(ibc.estimated_fees?.length, 1);
  const d = ibc.estimated_fees![0]!;
  assert.deepEqual(
    [d.fee_behavior, d.amount, d.usd_amount, d.origin_asset?.denom, d.origin_asset?.decimals, d.origin_asset?.symbol],
    ['FEE_BEHAVIOR_DEDUCTED', '2000', '0.00', 'uosmo', 6, 'OSMO'],
  );
  const lz = await route(routeBody('1', USDC_ETH, 'interwoven-1', 'uinit'));
  const a = lz.estimated_fees![0]!;
  assert.deepEqual(
    [a.fee_behavior, a.amount, a.usd_amount, a.origin_asset?.denom, a.origin_asset?.decimals],
    ['FEE_BEHAVIOR_ADDITIONAL', '1200000000000000', '3.00', 'ethereum-native', 18],
  );
  const lzOut = await route(routeBody('interwoven-1', 'uinit', '1', USDC_ETH));
  assert.equal(lzOut.estimated_fees![0]!.fee_behavior, 'FEE_BEHAVIOR_ADDITIONAL');
  assert.equal(lzOut.estimated_fees![0]!.origin_asset?.symbol, 'INIT');
});

test('is_op_withdraw: true is the lossless OP withdrawal, false the fast route, absent the old default; msgs follow', async () => {
  const body = (extra: Record<string, unknown>) =>
    routeBody('demo-evm-1', L2_INIT, 'interwoven-1', 'uinit', '1000000', extra);
  const op = await route(body({ is_op_withdraw: true }));
  assert.deepEqual(
    [
      Object.keys(op.operations[0]!).find((k) => k.endsWith('transfer')),
      op.estimated_route_duration_seconds,
      op.amount_out,
    ],
    ['op_init_transfer', OP_FINALIZATION_SECONDS, '1000000'],
  );
  assert.ok(op.extra_infos?.some((s) => /7-day/.test(s)));
  const fast = await route(body({ is_op_withdraw: false }));
  assert.equal(
    Object.keys(fast.operations[0]!).find((k) => k.endsWith('transfer')),
    'transfer',
  );
  assert.ok(fast.estimated_route_duration_seconds! < 60);
  assert.ok(BigInt(fast.amount_out) < 1000000n, fast.amount_out);
  assert.equal(fast.estimated_fees![0]!.fee_behavior, 'FEE_BEHAVIOR_DEDUCTED');
  const absent = await route(body({}));
  assert.deepEqual(
    [Object.keys(absent.operations[0]!).find((k) => k.endsWith('transfer')), absent.estimated_route_duration_seconds],
    ['op_init_transfer', 120],
  );
  assert.equal(fake.estimate('demo-evm-1', 'interwoven-1'), 120);
  // The msgs: an OP withdrawal, or an IBC transfer for the fast route (from the operations sent back).
  const opMsgs = await msgsFor(op, [INIT, INIT], { is_op_withdraw: true });
  assert.equal(opMsgs.txs[0]!.cosmos_tx!.msgs[0]!.msg_type_url, '/opinit.opchild.v1.MsgInitiateTokenWithdrawal');
  const fastMsgs = await msgsFor(fast, [INIT, INIT]);
  assert.equal(fastMsgs.txs[0]!.cosmos_tx!.msgs[0]!.msg_type_url, '/ibc.applications.transfer.v1.MsgTransfer');
});

test('tamperMsgs: the msgs differ from the request in one field; shiftQuotes moves amount_out; requests are recorded', async () => {
  const r = await route(routeBody('interwoven-1', 'uinit', 'demo-evm-1', L2_INIT));
  const deposit = async () =>
    JSON.parse((await msgsFor(r, [INIT, INIT])).txs[0]!.cosmos_tx!.msgs[0]!.msg) as {
      sender: string;
      to: string;
      amount: { denom: string; amount: string };
    };
  const honest = await deposit();
  assert.deepEqual([honest.sender, honest.to, honest.amount], [INIT, INIT, { denom: 'uinit', amount: '1000000' }]);
  try {
    fake.tamperMsgs('receiver');
    const receiver = await deposit();
    assert.notEqual(receiver.to, INIT);
    assert.equal(bech32.decode(receiver.to).prefix, 'init', 'another valid address');
    assert.equal(receiver.sender, INIT);
    fake.tamperMsgs('amount');
    assert.equal((await deposit()).amount.amount, '1000001');
    fake.tamperMsgs('denom');
    assert.notEqual((await deposit()).amount.denom, 'uinit');
    fake.tamperMsgs('sender');
    const sender = await deposit();
    assert.notEqual(sender.sender, INIT);
    assert.equal(bech32.decode(sender.sender).prefix, 'init');
    // EVM: LayerZero OFT send, ABI-encoded: the receiver's bytes as bytes32 and the amount in its SendParam.
    fake.tamperMsgs(undefined);
    const evmRoute = await route(routeBody('1', USDC_ETH, 'interwoven-1', 'uinit', '123456789'));
    const evm = (await msgsFor(evmRoute, [ETH, INIT])).txs[0]!.evm_tx!;
    const receiverHex = Buffer.from(bech32.fromWords(bech32.decode(INIT).words)).toString('hex');
    const call = decodeCall(evm.data!, [OFT_SEND])!;
    const [param] = call.args as [unknown[]];
    assert.equal(call.fn.name, 'send');
    assert.equal(param[1], `0x${receiverHex.padStart(64, '0')}`);
    assert.equal(param[2], 123456789n);
    fake.tamperMsgs('amount');
    const tampered = (await msgsFor(evmRoute, [ETH, INIT])).txs[0]!.evm_tx!;
    assert.equal(tampered.required_erc20_approvals![0]!.amount, '123456790');
  } finally {
    fake.tamperMsgs(undefined);
  }
  assert.deepEqual(await deposit(), honest, 'undefined: as asked again');
  try {
    fake.shiftQuotes(-50);
    assert.equal(
      (await route(routeBody('interwoven-1', 'uinit', 'osmosis-1', 'uosmo', '2000000'))).amount_out,
      '3641406',
    );
    fake.shiftQuotes(25);
    assert.equal(
      (await route(routeBody('interwoven-1', 'uinit', 'osmosis-1', 'uosmo', '2000000'))).amount_out,
      '3668854',
    );
  } finally {
    fake.shiftQuotes(0);
  }
  assert.equal(
    (await route(routeBody('interwoven-1', 'uinit', 'osmosis-1', 'uosmo', '2000000'))).amount_out,
    '3659705',
  );
  assert.throws(() => fake.shiftQuotes(1.5));
  fake.resetRequests();
  await get('/v2/info/chains');
  await get('/v2/fungible/assets?chain_ids=noble-1');
  await post('/v2/info/balances', {
    chains: { 'noble-1': { address: bech32.encode('noble', bech32.decode(INIT).words), denoms: [] } },
  });
  assert.deepEqual(
    fake.requests.map((q) => `${q.method} ${q.path}`),
    ['GET /v2/info/chains', 'GET /v2/fungible/assets', 'POST /v2/info/balances'],
  );
  assert.equal(fake.count('/v2/info/balances'), 1);
});
