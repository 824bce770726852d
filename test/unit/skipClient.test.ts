/**
 * The fake router against a client nobody here wrote: `@skip-go/client` 1.6.1 (a dev dependency; it needs
 * `protobufjs` beside it) runs its chains, assets, balances, route (by amount_in and by amount_out), messages, track,
 * status and waitForTransaction against the fake over real HTTP, so that the fake's drift from Skip's API
 * (skip-go `docs/swagger.yml`) shows here. Skip's filters are checked as its docs state them: `chains()` alone is
 * "all supported Cosmos mainnet chains", EVM chains need `include_evm`, testnets `only_testnets`, EVM tokens
 * `include_evm_assets`; an Asset carries its required fields (origin_denom, origin_chain_id, trace, is_cw20, is_evm,
 * is_svm) and leaves out the nullable ones it has no value for.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeRouter, type FakeRouter } from '../fixtures/fakeRouter';

// ESM only; this file compiles to CommonJS, where TypeScript keeps import() as a real dynamic import.
const loadSkip = () => import('@skip-go/client');
let skip: Awaited<ReturnType<typeof loadSkip>>;
let fake: FakeRouter;
const INIT = 'init1veaum7vy45fzw5x4mflskgx5lnmwmxx5wm3x8p';
const L2_INIT = 'l2/2588fd87a8e081f6a557f43ff14f05dddf5e34cb27afcefd6eaf81f1daea30d0';
const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const REQUIRED_ASSET_FIELDS = ['denom', 'chainId', 'originDenom', 'originChainId', 'trace', 'isCw20', 'isEvm', 'isSvm'];

before(async () => {
  skip = await loadSkip();
  fake = await startFakeRouter({ timeScale: 0.0005 });
  skip.setApiOptions({ apiUrl: fake.url });
});
after(async () => {
  await fake.close();
});

/** Every key whose value is null, anywhere in a value (paths like `assets[2].logoUri`). */
function nulls(value: unknown, path = ''): string[] {
  if (value === null) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => nulls(v, `${path}[${i}]`));
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => nulls(v, path ? `${path}.${k}` : k));
  return [];
}

test('chains: Cosmos mainnets by default; EVM chains with includeEvm; only testnets with onlyTestnets; chainIds limit; no chain twice', async () => {
  const ids = (list: Array<{ chainId?: string }> | undefined) => (list ?? []).map((c) => c.chainId);
  const plain = ids(await skip.chains());
  assert.ok(plain.includes('interwoven-1') && !plain.includes('1'), `no EVM chain unless asked: ${plain.join(', ')}`);
  assert.ok(!plain.includes('initiation-2'), 'no testnet unless asked');
  const withEvm = ids(await skip.chains({ includeEvm: true, includeSvm: true }));
  assert.ok(withEvm.includes('1'));
  const testnets = ids(await skip.chains({ includeEvm: true, includeSvm: true, onlyTestnets: true }));
  assert.deepEqual(testnets, ['initiation-2']);
  // What the client caches as "mainnet + testnet" (getMainnetAndTestnetChains) holds each chain once.
  const both = [...withEvm, ...testnets];
  assert.equal(new Set(both).size, both.length, `each chain once: ${both.join(', ')}`);
  assert.deepEqual(ids(await skip.chains({ chainIds: ['osmosis-1', 'noble-1'] })).sort(), ['noble-1', 'osmosis-1']);
  for (const c of (await skip.chains({ includeEvm: true })) ?? [])
    assert.deepEqual(nulls(c), [], `${c.chainId}: nullable fields left out, not null`);
});

test('assets: EVM tokens only with includeEvmAssets, testnets only with onlyTestnets; every Asset has its required fields', async () => {
  const plain = (await skip.assets({})) ?? {};
  assert.equal(plain['1'], undefined, 'no EVM chain unless asked');
  assert.ok(!(plain['demo-evm-1'] ?? []).some((a) => a.isEvm), 'no EVM token unless asked');
  assert.equal(plain['initiation-2'], undefined);
  const all = (await skip.assets({ includeEvmAssets: true })) ?? {};
  assert.ok((all['1'] ?? []).some((a) => a.denom === USDC_ETH));
  assert.ok((all['demo-evm-1'] ?? []).some((a) => a.isEvm));
  const testnets = (await skip.assets({ onlyTestnets: true })) ?? {};
  assert.deepEqual(Object.keys(testnets), ['initiation-2']);
  const some = (await skip.assets({ chainIds: ['interwoven-1'] })) ?? {};
  assert.deepEqual(Object.keys(some), ['interwoven-1']);
  for (const [chain, list] of Object.entries(all)) {
    for (const a of list) {
      for (const k of REQUIRED_ASSET_FIELDS) assert.ok(k in a, `${chain} ${a.denom}: ${k}`);
      assert.deepEqual(nulls(a), [], `${chain} ${a.denom}: nullable fields left out, not null`);
    }
  }
});

test('balances: the client reads what the fake answers', async () => {
  const res = await skip.balances({ chains: { 'interwoven-1': { address: INIT, denoms: ['uinit'] } } });
  assert.equal(res?.chains?.['interwoven-1']?.denoms?.uinit?.amount, '12345678');
  assert.equal(res?.chains?.['interwoven-1']?.denoms?.uinit?.formattedAmount, '12.345678');
});

test('route by amount_in and by amount_out; a LayerZero messaging fee asset is a whole Asset; messages for the route', async () => {
  const ask = {
    sourceAssetChainId: 'interwoven-1',
    sourceAssetDenom: 'uinit',
    destAssetChainId: 'demo-evm-1',
    destAssetDenom: L2_INIT,
  };
  const byIn = await skip.route({ ...ask, amountIn: '1000000' });
  assert.equal(byIn?.amountIn, '1000000');
  assert.equal(byIn?.amountOut, '998000');
  const byOut = await skip.route({ ...ask, amountOut: '998000' });
  assert.equal(byOut?.amountIn, '1000000', 'the least amount_in that delivers amount_out');
  assert.ok(BigInt(byOut!.amountOut) >= 998_000n);
  const lz = await skip.route({
    sourceAssetChainId: 'interwoven-1',
    sourceAssetDenom: 'uinit',
    destAssetChainId: '1',
    destAssetDenom: USDC_ETH,
    amountIn: '1000000',
  });
  const op = lz?.operations?.find((o) => 'layerZeroTransfer' in o) as
    { layerZeroTransfer: { messagingFeeAsset: Record<string, unknown> } } | undefined;
  assert.ok(op, 'a LayerZero operation');
  for (const k of REQUIRED_ASSET_FIELDS)
    assert.ok(k in op.layerZeroTransfer.messagingFeeAsset, `messaging_fee_asset.${k}`);
  const msgs = await skip.messages({
    sourceAssetDenom: byIn!.sourceAssetDenom,
    sourceAssetChainId: byIn!.sourceAssetChainId,
    destAssetDenom: byIn!.destAssetDenom,
    destAssetChainId: byIn!.destAssetChainId,
    amountIn: byIn!.amountIn,
    amountOut: byIn!.amountOut,
    addressList: [INIT, INIT],
    operations: byIn!.operations,
    slippageTolerancePercent: '1',
  });
  const tx = msgs?.txs?.[0] as { cosmosTx?: { chainId: string; msgs?: Array<{ msgTypeUrl?: string }> } } | undefined;
  assert.equal(tx?.cosmosTx?.chainId, 'interwoven-1');
  assert.ok(tx?.cosmosTx?.msgs?.length, 'a message to sign');
});

test('track, status and waitForTransaction: the client follows a transfer to its end', async () => {
  const hash = `${'5A'.repeat(31)}B1`;
  const tracked = await skip.trackTransaction({ txHash: hash, chainId: 'interwoven-1' });
  assert.match(String(tracked?.explorerLink), /^https:\/\//);
  const status = await skip.transactionStatus({ txHash: hash, chainId: 'interwoven-1' });
  assert.ok(status?.state, 'a state');
  const done = await skip.waitForTransaction({ txHash: hash, chainId: 'interwoven-1' });
  assert.equal(done?.state, 'STATE_COMPLETED_SUCCESS');
});
