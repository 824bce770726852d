/**
 * The bridge page's state in plain Node (src/bridge/page/state.ts, src/webview/lib/store.ts): every step change
 * is the reducer's (a new form puts the route aside, a quote for another form is dropped, messages freeze the route),
 * what an action does not change keeps its object, the saved part parses as the protocol's BridgeState, and a
 * listener of the store runs only when its slice changes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BridgeState, formKey, type QuoteView, type RouteReply } from '../../src/bridge/protocol';
import {
  CUSTOM,
  STATE_NOTE,
  formOf,
  initialState,
  isLive,
  reduce,
  type Action,
  type BridgeUi,
} from '../../src/bridge/page/state';
import { Store } from '../../src/webview/lib/store';

const defaults = {
  network: 'n',
  sourceChainId: 'interwoven-1',
  router: 'https://router.example',
  unencrypted: [],
  slippagePresets: ['0.1', '0.5', '1'],
  defaultSlippage: '0.5',
};
const view = {
  sourceChainId: 'interwoven-1',
  amountIn: { base: '1 uinit' },
  amountOut: { base: '1 uosmo' },
  duration: 'about 30 s',
  fees: { deducted: [], additional: [] },
  opHookRequired: false,
  doesSwap: true,
  steps: [],
  warnings: [],
  infos: [],
  addresses: [
    { chainId: 'interwoven-1', placeholder: 'init1…', recent: [] },
    { chainId: 'osmosis-1', placeholder: 'osmo1…', derived: 'osmo1derived', recent: ['osmo1old'] },
  ],
};
const route: RouteReply = { route: { amount_in: '1500000' }, view, signature: 's' };

const run = (actions: Action[], from: BridgeUi = initialState(undefined, 0)): BridgeUi => actions.reduce(reduce, from);
const filled = (): BridgeUi =>
  run([
    { type: 'init', defaults },
    { type: 'pickChain', side: 'source', chainId: 'interwoven-1' },
    { type: 'pickAsset', side: 'source', value: 'uinit' },
    { type: 'pickChain', side: 'dest', chainId: 'osmosis-1' },
    { type: 'pickAsset', side: 'dest', value: 'uosmo' },
    { type: 'field', key: 'amount', value: '1.5', touched: 'amount' },
  ]);
const ready = (s: BridgeUi, r: RouteReply = route): QuoteView => ({
  formKey: formKey(formOf(s)),
  status: 'ready',
  route: r,
  refreshSeconds: 10,
  ageMs: 2000,
});

test('bridge state: a quote for the form on the page shows its route; one for another form is dropped', () => {
  const s = filled();
  assert.equal(s.saved.step, 'form');
  const other = reduce(s, { type: 'quote', quote: { ...ready(s), formKey: 'another form' }, at: 10_000 });
  assert.equal(other, s, 'dropped: the same state');
  const shown = reduce(s, { type: 'quote', quote: ready(s), at: 10_000 });
  assert.equal(shown.saved.step, 'route');
  assert.equal(shown.quoteAt, 8000, 'its age counts from when it was fetched');
  const again = reduce(shown, {
    type: 'quote',
    quote: ready(shown, JSON.parse(JSON.stringify(route)) as RouteReply),
    at: 11_000,
  });
  assert.equal(again.saved.route, shown.saved.route, 'the same route again keeps its object');
  const loading = reduce(shown, {
    type: 'quote',
    quote: { formKey: formKey(formOf(s)), status: 'loading', refreshSeconds: 10 },
    at: 12_000,
  });
  assert.equal(loading.saved.step, 'form');
  assert.equal(loading.saved.route, undefined);
  assert.ok(BridgeState.safeParse(shown.saved).success, 'what is saved parses');
});

test('bridge state: another form puts the route aside; the sender and the slippage do not', () => {
  let s = reduce(filled(), { type: 'quote', quote: ready(filled()), at: 1 });
  s = run(
    [
      { type: 'accept', accepted: true },
      { type: 'address', index: 1, value: 'osmo1typed' },
    ],
    s,
  );
  assert.equal(s.saved.addresses?.[1], 'osmo1typed');
  const sender = reduce(s, { type: 'field', key: 'sender', value: 'init1me', touched: 'sender' });
  assert.equal(sender.saved.step, 'route');
  assert.equal(sender.saved.route, s.saved.route);
  const slippage = reduce(s, { type: 'field', key: 'slippage', value: '1', touched: 'slippage' });
  assert.equal(slippage.saved.route, s.saved.route);
  const amount = reduce(s, { type: 'field', key: 'amount', value: '2', touched: 'amount' });
  assert.equal(amount.saved.step, 'form');
  assert.equal(amount.saved.route, undefined);
  assert.equal(amount.saved.addresses, undefined, "the route's addresses go…");
  assert.equal(amount.saved.knownAddresses?.['osmosis-1'], 'osmo1typed', '…and stay offered for their chain');
  assert.equal(reduce(amount, { type: 'field', key: 'amount', value: '2' }), amount, 'no change, the same state');
});

test('bridge state: the messages freeze the route; back, tracking and a new transfer', () => {
  let s = reduce(filled(), { type: 'quote', quote: ready(filled()), at: 1 });
  assert.equal(isLive(s), true);
  const msgs = {
    signable: { txs: [] },
    summaries: [],
    verdict: { kind: 'matches' as const, effects: [], caveats: [], mismatches: [], unverified: [] },
  };
  s = reduce(s, { type: 'msgs', msgs });
  assert.equal(s.saved.step, 'msgs');
  assert.equal(isLive(s), false, 'the route is what the messages were made from');
  const later = reduce(s, { type: 'quote', quote: ready(s, { ...route, signature: 'another' }), at: 20_000 });
  assert.equal(later.saved.route, s.saved.route, 'a later quote does not replace it');
  assert.equal(reduce(s, { type: 'back' }).saved.step, 'route');
  const transfer = {
    txHash: 'AB',
    chainId: 'interwoven-1',
    state: 'STATE_SUBMITTED',
    stateText: 'registered',
    outcome: 'pending' as const,
    terminal: false,
    hops: [],
  };
  s = reduce(s, { type: 'tracked', transfer });
  assert.equal(s.saved.step, 'tracking');
  assert.deepEqual(s.saved.tracking, { txHash: 'AB', chainId: 'interwoven-1' });
  assert.equal(
    reduce(s, { type: 'transfer', transfer: { ...transfer, txHash: 'CD' } }),
    s,
    "another transfer's update is not this one's",
  );
  const fresh = reduce({ ...s, saved: { ...s.saved, knownAddresses: { 'osmosis-1': 'osmo1x' } } }, { type: 'reset' });
  assert.equal(fresh.saved.step, 'form');
  assert.equal(fresh.saved.form, s.saved.form, 'New transfer keeps the form');
  assert.deepEqual(fresh.saved.knownAddresses, { 'osmosis-1': 'osmo1x' });
  assert.equal(fresh.transfer, undefined);
});

test('bridge state: picking a chain clears its asset; the same chain changes nothing; a custom denom', () => {
  const s = filled();
  assert.equal(reduce(s, { type: 'pickChain', side: 'source', chainId: 'interwoven-1' }), s);
  const other = reduce(s, { type: 'pickChain', side: 'source', chainId: 'demo-evm-1' });
  assert.equal(formOf(other).sourceDenom, '');
  assert.deepEqual(other.touched.includes('sourceChainId'), true);
  const custom = reduce(s, { type: 'pickAsset', side: 'source', value: CUSTOM });
  assert.equal(custom.saved.custom?.source, true);
  assert.equal(formOf(custom).sourceDenom, '');
});

test('bridge state: a saved state that does not parse opens fresh and says so', () => {
  assert.equal(initialState({ step: 'route' }, 0).notice, STATE_NOTE);
  assert.equal(initialState({ step: 'form' }, 0).notice, undefined);
  const rejected = reduce(filled(), { type: 'init', defaults, stateRejected: true });
  assert.equal(rejected.notice, STATE_NOTE);
  assert.equal(formOf(rejected).amount, '', 'the host could not read it either: fresh');
});

test('store: a listener runs when its slice changes, not on every action; the saved part is saved on its changes', () => {
  const saved: unknown[] = [];
  const store = new Store(initialState(undefined, 0), reduce, (next, previous) => {
    if (next.saved !== previous.saved) saved.push(next.saved);
  });
  const seen: string[] = [];
  store.watch(
    (s) => formOf(s).amount,
    (amount) => seen.push(amount),
  );
  store.dispatch({ type: 'init', defaults });
  store.dispatch({ type: 'tick', now: 1000 });
  store.dispatch({ type: 'field', key: 'amount', value: '1' });
  store.dispatch({ type: 'tick', now: 2000 });
  store.dispatch({ type: 'field', key: 'amount', value: '1' });
  store.dispatch({ type: 'field', key: 'amount', value: '1.5' });
  assert.deepEqual(seen, ['', '1', '1.5'], 'at once, then on each change of the amount only');
  assert.equal(saved.length, 3, 'init (the form), then the two changes: not the ticks');
});

test('bridge state: another network puts the old transfer aside (form, route, messages, verdict); the same one keeps it (issue 34)', () => {
  let s = reduce(filled(), { type: 'quote', quote: ready(filled()), at: 1 });
  const msgs = {
    signable: { txs: [] },
    summaries: [],
    verdict: { kind: 'matches' as const, effects: [], caveats: [], mismatches: [], unverified: [] },
  };
  s = reduce(
    { ...s, saved: { ...s.saved, knownAddresses: { 'osmosis-1': 'osmo1x' }, custom: { source: true, dest: false } } },
    { type: 'msgs', msgs },
  );
  const same = reduce(s, { type: 'network', defaults });
  assert.equal(same.saved, s.saved, 'the same network and router: nothing put aside');
  const other = reduce(s, {
    type: 'network',
    defaults: { ...defaults, network: 'Local demo', router: 'http://127.0.0.1:7718', sourceChainId: 'demo-1' },
  });
  assert.equal(other.saved.step, 'form');
  assert.equal(other.saved.route, undefined);
  assert.equal(other.saved.msgs, undefined);
  assert.equal(other.saved.custom, undefined, 'no custom denom (and so no decimals asked for) left over');
  assert.equal(formOf(other).sourceChainId, 'demo-1', "the new network's default source");
  assert.equal(formOf(other).sourceDecimals, '');
  assert.equal(other.quote, undefined);
  assert.deepEqual(other.saved.knownAddresses, { 'osmosis-1': 'osmo1x' });
  assert.ok(BridgeState.safeParse(other.saved).success);
});
