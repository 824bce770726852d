/**
 * The bridge webview protocol (src/bridge/protocol.ts) in plain Node: the op table (every op has a request and a
 * reply schema, the Request union is derived from it, replies that do not match are refused in words), the
 * persisted state's schema, the host's view models, and the queue that holds posts until the webview is ready.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type * as z from 'zod/mini';
import { BridgeState, FORM_FIELDS, FromWebview, OPS, OP_NAMES, Request, RouteReply, ToWebview, TransferInfo, parseReply, prefillAddresses, type Handlers, type Reply } from '../../src/bridge/protocol';
import { ReadyQueue } from '../../src/bridge/readyQueue';
import { formErrors, formErrorsText, routeView, transferInfo } from '../../src/bridge/viewModels';
import { parseAssetDenom, parseBaseAmount, parseChainId, parseSlippage } from '../../src/core/validate';
import { Route, type Asset } from '../../src/core/router/schemas';
import type { TrackedTransfer } from '../../src/bridge/tracker';

const form = { sourceChainId: 'interwoven-1', sourceDenom: 'uinit', destChainId: 'osmosis-1', destDenom: 'uosmo', amount: '1000000', slippage: '1' };
const route = Route.parse({
  amount_in: '1000000',
  amount_out: '998000',
  estimated_amount_out: '998000',
  source_asset_denom: 'uinit',
  source_asset_chain_id: 'interwoven-1',
  dest_asset_denom: 'uosmo',
  dest_asset_chain_id: 'osmosis-1',
  operations: [
    { transfer: { from_chain_id: 'interwoven-1', to_chain_id: 'osmosis-1', denom_in: 'uinit', denom_out: 'ibc/INIT', bridge_id: '<b>IBC</b>' }, tx_index: 0, amount_in: '1000000', amount_out: '1000000' },
    { swap: { chain_id: 'osmosis-1', from_chain_id: 'osmosis-1', denom_in: 'ibc/INIT', denom_out: 'uosmo', swap_in: { swap_venue: { name: 'osmosis-poolmanager' } } }, tx_index: 0 },
    { teleport_transfer: { from_chain_id: 'osmosis-1', to_chain_id: 'mystery-1', denom_in: 'uosmo', denom_out: 'uosmo' } },
  ],
  required_chain_addresses: ['interwoven-1', 'osmosis-1', '1'],
  estimated_route_duration_seconds: 30,
  estimated_fees: [{ amount: '2000', origin_asset: { denom: 'uinit' } }, { amount: 1234567 }],
  required_op_hook: false,
  warning: { type: 'LOW_INFO_WARNING', message: '<img src=x onerror=alert(1)>' },
  extra_warnings: ['[click](command:workbench.action.terminal.new)'],
  extra_infos: ['routed over IBC channel-0'],
});
const assets: Record<string, Asset[]> = {
  'interwoven-1': [{ denom: 'uinit', symbol: 'INIT', decimals: 6 }],
  'osmosis-1': [{ denom: 'UOSMO', symbol: 'OSMO', decimals: 6 }],
};
const view = routeView(route, (chainId) => assets[chainId]);
const transfer = {
  txHash: 'AB'.repeat(32),
  chainId: 'interwoven-1',
  state: 'STATE_COMPLETED_SUCCESS',
  stateText: 'completed',
  outcome: 'success',
  terminal: true,
  hops: [],
} satisfies Reply<'watch'>;

/** A well-formed request of each op (the union must take every one). */
const REQUESTS: { [K in keyof typeof OPS]: z.infer<(typeof OPS)[K]['request']> } = {
  validateForm: { form: { ...form, amount: '' } },
  route: { form },
  opHook: { route: { amount_in: '1' }, sourceAddress: 'init1…', destAddress: 'init1…' },
  msgs: { route: { amount_in: '1' }, addresses: ['a', 'b'], slippage: '1', signedHook: { signer: 's', hook: 'h' } },
  track: { route: { amount_in: '1' }, txHash: 'AB', chainId: 'interwoven-1' },
  watch: { txHash: 'AB', chainId: 'interwoven-1' },
  openJson: { what: 'status' },
  saveJson: { what: 'msgs', value: { txs: [] } },
  readSignedHook: {},
  copy: { text: 'x' },
  openLink: { url: 'https://scan.example' },
};
/** A well-formed reply of each op. */
const REPLIES: { [K in keyof typeof OPS]: Reply<K> } = {
  validateForm: { amount: 'Enter an amount in base units.' },
  route: { route: { amount_in: '1000000' }, view },
  opHook: { chain_id: 'osmosis-1', hook: [] },
  msgs: { raw: { txs: [] }, summary: [] },
  track: transfer,
  watch: transfer,
  openJson: true,
  saveJson: false,
  readSignedHook: null,
  copy: true,
  openLink: true,
};

test('protocol: every op has a request and a reply schema, and the Request union takes each op by name', () => {
  assert.deepEqual([...OP_NAMES].sort(), Object.keys(REQUESTS).sort());
  for (const op of OP_NAMES) {
    assert.equal(typeof OPS[op].request.safeParse, 'function', `${op} has a request schema`);
    assert.equal(typeof OPS[op].reply.safeParse, 'function', `${op} has a reply schema`);
    const req = Request.safeParse({ op, ...REQUESTS[op] });
    assert.ok(req.success, `${op}: ${JSON.stringify(req.error?.issues)}`);
    assert.equal(req.data.op, op);
    assert.ok(FromWebview.safeParse({ type: 'request', id: 1, request: { op, ...REQUESTS[op] } }).success, `${op} as a message`);
    assert.deepEqual(parseReply(op, REPLIES[op]), { ok: true, value: REPLIES[op] }, `${op}: its reply is accepted`);
  }
  assert.equal(Request.safeParse({ op: 'deleteEverything' }).success, false, 'an op not in the table');
  assert.equal(Request.safeParse({ op: 'route' }).success, false, 'an op without its arguments');
  assert.equal(Request.safeParse({ op: 'opHook', route: 'not an object', sourceAddress: '', destAddress: '' }).success, false, 'an opaque route must still be a JSON object');
  assert.equal(FromWebview.safeParse({ type: 'request', id: '1', request: { op: 'copy', text: 'x' } }).success, false, 'ids are numbers');
});

test('protocol: a reply that does not match its op is refused, saying what is off', () => {
  const bad = (op: keyof typeof OPS, value: unknown) => {
    const r = parseReply(op, value);
    assert.equal(r.ok, false, `${op} accepted ${JSON.stringify(value)}`);
    return r.ok ? '' : r.error;
  };
  assert.equal(bad('route', { ...REPLIES.route, view: { ...view, amountIn: { base: 1000000 } } }), `The extension's answer to "route" could not be read: view.amountIn.base should be a string but is a number.`);
  assert.match(bad('route', { view }), /route is missing/);
  assert.match(bad('route', { route: [], view }), /route should be a record but is an array/);
  assert.match(bad('route', { ...REPLIES.route, view: { ...view, steps: [{ label: 'IBC' }] } }), /view\.steps\[0\]\.chains is missing/);
  assert.match(bad('watch', { ...transfer, outcome: 'exploded' }), /outcome should be one of "pending", "failing"/);
  assert.match(bad('track', null), /the value should be an object but is null/);
  assert.match(bad('copy', 'yes'), /the value should be a boolean but is a string/);
  assert.match(bad('opHook', [1]), /should be a record but is an array/);
  assert.match(bad('readSignedHook', { hook: 42 }), /hook should be a string but is a number/);
  assert.match(bad('validateForm', { amount: 1 }), /amount should be a string but is a number/);
  assert.match(bad('validateForm', { recipient: 'x' }), /is not valid/, 'only the fields of the form have errors');
  // The reply envelope itself: ok replies carry a result, failed ones an error text.
  assert.ok(ToWebview.safeParse({ type: 'reply', id: 3, ok: true, result: 1 }).success);
  assert.equal(ToWebview.safeParse({ type: 'reply', id: 3, ok: false }).success, false, 'a failure without its error text');
  assert.ok(ToWebview.safeParse({ type: 'init', defaults: { network: 'n', sourceChainId: '', addresses: {}, chains: [], router: 'https://router-api.initia.xyz', unencrypted: [] }, stateRejected: true }).success);
});

test('protocol: the types hold each handler to its own reply (checked by tsc)', () => {
  const handlers: Pick<Handlers, 'copy' | 'watch' | 'route'> = {
    // @ts-expect-error copy answers a boolean
    copy: async () => 'copied',
    // @ts-expect-error watch answers a TransferInfo, not a route reply
    watch: async () => REPLIES.route,
    route: async (req) => {
      // @ts-expect-error the route request has a form, not a txHash
      void req.txHash;
      return REPLIES.route;
    },
  };
  assert.equal(typeof handlers.copy, 'function');
  // @ts-expect-error a route request needs its form
  const missing: Request = { op: 'route' };
  assert.equal(Request.safeParse(missing).success, false);
});

const goodState: BridgeState = {
  step: 'tracking',
  form,
  route: { raw: { amount_in: '1000000', operations: [] }, view },
  hook: { chain_id: 'osmosis-1', hook: [] },
  signedHook: { signer: 'init1…', hook: 'Cq0B' },
  addresses: ['init1…', 'osmo1…', '0x…'],
  msgs: { raw: { txs: [] }, summary: [] },
  tracking: { txHash: 'AB'.repeat(32), chainId: 'interwoven-1' },
};

test('BridgeState: a saved state parses (unknown extra fields dropped); a corrupt one does not', () => {
  assert.deepEqual(BridgeState.parse(goodState), goodState);
  const json = JSON.parse(JSON.stringify(goodState)) as unknown;
  assert.deepEqual(BridgeState.parse(json), json, 'as it comes back from setState (JSON)');
  assert.deepEqual(BridgeState.parse({ step: 'form' }), { step: 'form' }, 'a fresh panel');
  assert.deepEqual(BridgeState.parse({ step: 'form', form, fromAFutureVersion: 1 }), { step: 'form', form }, 'an unknown field is dropped');
  const corrupt: Array<[string, unknown]> = [
    ['an empty object (no step)', {}],
    ['a string', 'x'],
    ['an array', [null]],
    ['a number', 42],
    ['an unknown step', { step: 'broadcast' }],
    ['a form of the wrong type', { step: 'form', form: 'interwoven-1' }],
    ['a form field of the wrong type', { step: 'form', form: { ...form, amount: 1000000 } }],
    ['a route that is not an object', { ...goodState, route: 'route' }],
    ['a route without its view', { ...goodState, route: { raw: {} } }],
    ['the route of an earlier version (raw, no view)', { step: 'route', route: { amount_in: '1' }, display: {} }],
    ['addresses that are not strings', { ...goodState, addresses: [1, 2] }],
    ['tracking without a hash', { ...goodState, tracking: { chainId: 'interwoven-1' } }],
    ['a route step without a route', { step: 'route', form }],
    ['a msgs step without msgs', { step: 'msgs', form, route: goodState.route }],
    ['a tracking step without tracking', { step: 'tracking', form }],
  ];
  for (const [what, value] of corrupt) assert.equal(BridgeState.safeParse(value).success, false, what);
});

test('routeView: the steps come from routeSteps, every text is made here and stays as the router wrote it', () => {
  assert.deepEqual(RouteReply.parse({ route, view }).view, view, 'the view matches the reply schema');
  assert.equal(view.sourceChainId, 'interwoven-1');
  assert.deepEqual(view.amountIn, { base: '1,000,000 uinit on interwoven-1', whole: '1 INIT' });
  assert.deepEqual(view.amountOut, { base: '998,000 uosmo on osmosis-1', whole: '0.998 OSMO' }, 'the denom is matched without regard to case');
  assert.equal(view.duration, 'about 30 s');
  assert.deepEqual(view.fees, ['2,000 uinit', '1,234,567']);
  assert.equal(view.opHookRequired, false);
  assert.deepEqual(view.steps, [
    { label: 'IBC', chains: 'interwoven-1 → osmosis-1', denoms: 'uinit → ibc/INIT', via: '<b>IBC</b>' },
    { label: 'Swap', chains: 'osmosis-1', denoms: 'ibc/INIT → uosmo', via: 'osmosis-poolmanager' },
    { label: 'teleport', chains: 'osmosis-1 → mystery-1', denoms: 'uosmo', via: undefined },
  ]);
  assert.deepEqual(view.warnings, ['<img src=x onerror=alert(1)>', '[click](command:workbench.action.terminal.new)']);
  assert.deepEqual(view.infos, ['routed over IBC channel-0']);
  assert.deepEqual(view.addresses, [
    { chainId: 'interwoven-1', placeholder: 'bech32 address' },
    { chainId: 'osmosis-1', placeholder: 'bech32 address' },
    { chainId: '1', placeholder: '0x…' },
  ]);
  // Without the assets' decimals: base units only; without an estimate: "unknown".
  const bare = routeView({ ...route, estimated_route_duration_seconds: null, required_op_hook: true, warning: null, extra_warnings: null, extra_infos: null, estimated_fees: null });
  assert.deepEqual(bare.amountIn, { base: '1,000,000 uinit on interwoven-1', whole: undefined });
  assert.equal(bare.duration, 'unknown');
  assert.equal(bare.opHookRequired, true);
  assert.deepEqual([bare.warnings, bare.infos, bare.fees], [[], [], []]);
});

test('transferInfo: hops with their label and chains, txs with a readable name; it matches its schema', () => {
  const t: TrackedTransfer = {
    txHash: 'AB'.repeat(32),
    chainId: 'interwoven-1',
    routerUrl: 'http://router',
    network: 'n',
    trackedAt: 1,
    watching: true,
    last: {
      state: 'STATE_PENDING',
      outcome: 'pending',
      terminal: false,
      updatedAt: 2,
      release: { chainId: 'osmosis-1', denom: 'uosmo', amount: '998000', released: true },
      hops: [
        { kind: 'ibc_transfer', label: 'IBC', known: true, fromChainId: 'interwoven-1', toChainId: 'osmosis-1', state: 'TRANSFER_RECEIVED', outcome: 'pending', summary: '', txs: [{ name: 'send_tx', hash: 'AA', explorerLink: 'https://scan.example/tx/AA' }] },
        // As stored by an earlier version: no label.
        { kind: 'op_init_transfer', known: true, state: 'OPINIT_TRANSFER_RECEIVED', outcome: 'done', summary: '', txs: [] } as unknown as NonNullable<TrackedTransfer['last']>['hops'][number],
      ],
    },
  };
  const info = TransferInfo.parse(transferInfo(t));
  assert.equal(info.stateText, 'in progress');
  assert.equal(info.amountOut, '998,000 uosmo on osmosis-1');
  assert.deepEqual(
    info.hops.map((h) => [h.label, h.chains, h.txs.map((x) => x.label)]),
    [
      ['IBC', 'interwoven-1 → osmosis-1', ['send tx']],
      ['OPinit bridge', '? → ?', []],
    ],
  );
  assert.equal(transferInfo({ ...t, last: undefined }).stateText, 'registered: waiting for the first status');
  assert.equal(transferInfo({ ...t, problem: 'tx not found' }).stateText, 'unknown to the router');
});

test('ReadyQueue: holds posts until ready, then sends them in order; a new document starts over', () => {
  const sent: string[] = [];
  const q = new ReadyQueue<string>((m) => sent.push(m));
  assert.equal(q.isReady, false);
  q.post('init');
  q.post('transfer 1', 'transfer');
  q.post('reply 1');
  q.post('transfer 2', 'transfer');
  assert.deepEqual(sent, [], 'nothing goes out before ready');
  assert.equal(q.pending, 3, 'a keyed post replaces the one held with the same key');
  q.markReady();
  assert.deepEqual(sent, ['init', 'reply 1', 'transfer 2']);
  assert.equal(q.pending, 0);
  q.post('now');
  assert.deepEqual(sent.at(-1), 'now', 'sent at once while ready');
  assert.equal(q.sent, 4);

  const generation = q.generation;
  q.reset();
  assert.equal(q.isReady, false);
  assert.notEqual(q.generation, generation, 'a new document is a new generation');
  q.post('held');
  q.reset();
  assert.equal(q.pending, 0, 'what was held for a document that is gone is dropped');
  let made = 0;
  q.post(() => `init ${++made}`);
  assert.equal(made, 0, 'a message made by a function is made when it is sent');
  q.markReady();
  assert.deepEqual(sent.slice(-1), ['init 1']);
  assert.equal(q.sent, 5);
});

/** The message of a failed parse (the rule's own words). */
const err = (p: { ok: boolean; error?: string }) => (p.ok ? undefined : p.error);

test('formErrors: the problem of every field at once, in the words of core/validate.ts (one source of rules)', () => {
  assert.deepEqual(formErrors(form), {}, 'a good form has none');
  const onlyChain = { sourceChainId: 'interwoven-1', sourceDenom: '', destChainId: '', destDenom: '', amount: '', slippage: '1' };
  const errors = formErrors(onlyChain);
  assert.deepEqual(Object.keys(errors), ['sourceDenom', 'destChainId', 'destDenom', 'amount'], 'each empty field, not only the first');
  assert.deepEqual(errors, { sourceDenom: err(parseAssetDenom('')), destChainId: err(parseChainId('')), destDenom: err(parseAssetDenom('')), amount: err(parseBaseAmount('')) });
  const bad = formErrors({ ...form, sourceChainId: 'no spaces allowed', destDenom: '0x12', amount: '1.5', slippage: '0' });
  assert.deepEqual(bad, { sourceChainId: err(parseChainId('no spaces allowed')), destDenom: err(parseAssetDenom('0x12')), amount: err(parseBaseAmount('1.5')), slippage: err(parseSlippage('0')) });
  assert.ok(OPS.validateForm.reply.safeParse(bad).success, 'the reply schema takes it');
  assert.equal(formErrorsText({}), undefined);
  assert.equal(formErrorsText({ amount: 'A.', sourceDenom: 'B.' }), 'Source denom: B.\nAmount: A.', 'in the order of the form, named');
  assert.deepEqual([...FORM_FIELDS], Object.keys(form), 'the fields are those of the form');
});

test('prefillAddresses: per chain id, the first source that has one; nothing from the prototype', () => {
  const typed = { 'osmosis-1': 'osmo1typed' };
  const remembered = { 'interwoven-1': 'init1remembered', 'osmosis-1': 'osmo1remembered', '': 'x' };
  assert.deepEqual(prefillAddresses(['interwoven-1', 'osmosis-1', '1'], typed, remembered), ['init1remembered', 'osmo1typed', '']);
  assert.deepEqual(prefillAddresses(['osmosis-1'], undefined, remembered), ['osmo1remembered'], 'a missing source is skipped');
  assert.deepEqual(prefillAddresses(['osmosis-1'], { 'osmosis-1': '' }, remembered), ['osmo1remembered'], 'an empty entry is no address');
  assert.deepEqual(prefillAddresses(['toString', '__proto__'], {}, remembered), ['', '']);
  const state = BridgeState.parse({ step: 'form', knownAddresses: typed });
  assert.deepEqual(state.knownAddresses, typed, 'the typed addresses are kept in the saved state');
  assert.equal(BridgeState.safeParse({ step: 'form', knownAddresses: { a: 1 } }).success, false);
});
