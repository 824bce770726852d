/**
 * The bridge webview protocol (src/bridge/protocol.ts) in plain Node: the op table (every op has a request and a
 * reply schema, the Request union is derived from it, replies that do not match are refused in words), the
 * persisted state's schema, the host's view models, and the queue that holds posts until the webview is ready.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type * as z from 'zod/mini';
import {
  BridgeState,
  FORM_FIELDS,
  FromWebview,
  OPS,
  OP_NAMES,
  Request,
  RouteReply,
  ToWebview,
  TransferInfo,
  formKey,
  parseReply,
  type Form,
  type Handlers,
  type Reply,
} from '../../src/bridge/protocol';
import { ReadyQueue } from '../../src/platform/readyQueue';
import { checkForm } from '../../src/bridge/formCheck';
import { routeView, transferInfo } from '../../src/bridge/routeViews';
import { parseChainId } from '../../src/core/router/inputs';
import { Route, type Asset } from '../../src/core/router/schemas';
import type { TrackedTransfer } from '../../src/transfers/tracker';

const form: Form = {
  v: 2,
  sourceChainId: 'interwoven-1',
  sourceDenom: 'uinit',
  sourceDecimals: '',
  destChainId: 'osmosis-1',
  destDenom: 'uosmo',
  amount: '1.5',
  slippage: '0.5',
  sender: '',
  withdrawal: 'fast',
};
const route = Route.parse({
  amount_in: '1000000',
  amount_out: '998000',
  estimated_amount_out: '998000',
  source_asset_denom: 'uinit',
  source_asset_chain_id: 'interwoven-1',
  dest_asset_denom: 'uosmo',
  dest_asset_chain_id: 'osmosis-1',
  operations: [
    {
      transfer: {
        from_chain_id: 'interwoven-1',
        to_chain_id: 'osmosis-1',
        denom_in: 'uinit',
        denom_out: 'ibc/INIT',
        bridge_id: '<b>IBC</b>',
      },
      tx_index: 0,
      amount_in: '1000000',
      amount_out: '1000000',
    },
    {
      swap: {
        chain_id: 'osmosis-1',
        from_chain_id: 'osmosis-1',
        denom_in: 'ibc/INIT',
        denom_out: 'uosmo',
        swap_in: { swap_venue: { name: 'osmosis-poolmanager' } },
      },
      tx_index: 0,
    },
    {
      teleport_transfer: {
        from_chain_id: 'osmosis-1',
        to_chain_id: 'mystery-1',
        denom_in: 'uosmo',
        denom_out: 'uosmo',
      },
    },
  ],
  required_chain_addresses: ['interwoven-1', 'osmosis-1', '1'],
  estimated_route_duration_seconds: 30,
  estimated_fees: [
    {
      amount: '2000',
      origin_asset: { denom: 'uinit', symbol: 'INIT', decimals: 6 },
      usd_amount: '0.01',
      fee_behavior: 'FEE_BEHAVIOR_DEDUCTED',
    },
    { amount: 1234567, fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL' },
  ],
  does_swap: true,
  swap_price_impact_percent: '0.25',
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
  chains: {},
  assets: { chainId: 'interwoven-1', address: '' },
  edit: { form: { ...form, amount: '' } },
  refresh: {},
  opHook: { route: { amount_in: '1' }, addresses: ['init1…', 'init1…'] },
  msgs: {
    route: { amount_in: '1' },
    signature: 'sig',
    addresses: ['a', 'b'],
    slippage: '1',
    signedHook: { signer: 's', hook: 'h' },
  },
  track: { route: { amount_in: '1' }, txHash: 'AB', chainId: 'interwoven-1', withdrawal: 'lossless' },
  watch: { txHash: 'AB', chainId: 'interwoven-1' },
  openJson: { what: 'status' },
  saveJson: { what: 'msgs', value: { txs: [] } },
  readSignedHook: {},
  copy: { text: 'x' },
  openLink: { url: 'https://scan.example' },
};
const routeReply = { route: { amount_in: '1000000' }, view, signature: 'sig' };
/** A well-formed reply of each op. */
const REPLIES: { [K in keyof typeof OPS]: Reply<K> } = {
  chains: { chains: [{ chainId: 'interwoven-1', name: 'Initia', group: 'initia', addressHint: 'init1…' }] },
  assets: {
    assets: [{ denom: 'uinit', label: 'INIT', symbol: 'INIT', balance: '12.5 INIT', convertible: true }],
    balanceNote: undefined,
  },
  edit: { errors: { amount: 'Enter an amount.' }, warnings: {}, formKey: formKey(form) },
  refresh: true,
  opHook: {
    hook: { chain_id: 'osmosis-1', hook: [] },
    summaries: [],
    verdict: { kind: 'matches', effects: ['Sends 1 INIT'], caveats: [], mismatches: [], unverified: [] },
  },
  msgs: {
    kind: 'msgs',
    msgs: {
      signable: { txs: [] },
      summaries: [],
      verdict: { kind: 'mismatch', effects: [], caveats: [], mismatches: ['x'], unverified: [] },
    },
  },
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
    assert.ok(
      FromWebview.safeParse({ type: 'request', id: 1, request: { op, ...REQUESTS[op] } }).success,
      `${op} as a message`,
    );
    assert.deepEqual(parseReply(op, REPLIES[op]), { ok: true, value: REPLIES[op] }, `${op}: its reply is accepted`);
  }
  assert.equal(Request.safeParse({ op: 'deleteEverything' }).success, false, 'an op not in the table');
  assert.equal(Request.safeParse({ op: 'edit' }).success, false, 'an op without its arguments');
  assert.equal(
    Request.safeParse({ op: 'opHook', route: 'not an object', addresses: [] }).success,
    false,
    'an opaque route must still be a JSON object',
  );
  assert.equal(
    FromWebview.safeParse({ type: 'request', id: '1', request: { op: 'copy', text: 'x' } }).success,
    false,
    'ids are numbers',
  );
});

test('protocol: a reply that does not match its op is refused, saying what is off', () => {
  const bad = (op: keyof typeof OPS, value: unknown) => {
    const r = parseReply(op, value);
    assert.equal(r.ok, false, `${op} accepted ${JSON.stringify(value)}`);
    return r.ok ? '' : r.error;
  };
  const updated = (route: unknown) => ({ kind: 'updated', note: 'Route updated', route });
  assert.equal(
    bad('msgs', updated({ ...routeReply, view: { ...view, amountIn: { base: 1000000 } } })),
    `The extension's answer to "msgs" could not be read: route.view.amountIn.base should be a string but is a number.`,
  );
  assert.match(bad('msgs', updated({ view, signature: 's' })), /route\.route is missing/);
  assert.match(bad('msgs', updated({ ...routeReply, route: [] })), /route\.route should be a record but is an array/);
  assert.match(
    bad('msgs', updated({ ...routeReply, view: { ...view, steps: [{ label: 'IBC' }] } })),
    /route\.view\.steps\[0\]\.chains is missing/,
  );
  assert.match(bad('msgs', { kind: 'signed' }), /not any of the known kinds|should be one of/);
  assert.match(bad('watch', { ...transfer, outcome: 'exploded' }), /outcome should be one of "pending", "failing"/);
  assert.match(bad('track', null), /the value should be an object but is null/);
  assert.match(bad('copy', 'yes'), /the value should be a boolean but is a string/);
  assert.match(bad('opHook', [1]), /should be an object but is an array/);
  assert.match(
    bad('opHook', {
      hook: [1],
      summaries: [],
      verdict: { kind: 'matches', effects: [], caveats: [], mismatches: [], unverified: [] },
    }),
    /hook should be a record but is an array/,
  );
  assert.match(bad('readSignedHook', { hook: 42 }), /hook should be a string but is a number/);
  assert.match(
    bad('edit', { ...REPLIES.edit, errors: { amount: 1 } }),
    /errors\.amount should be a string but is a number/,
  );
  assert.match(
    bad('edit', { ...REPLIES.edit, errors: { recipient: 'x' } }),
    /is not valid/,
    'only the fields of the form have errors',
  );
  // The reply envelope itself: ok replies carry a result, failed ones an error text.
  assert.ok(ToWebview.safeParse({ type: 'reply', id: 3, ok: true, result: 1 }).success);
  assert.equal(
    ToWebview.safeParse({ type: 'reply', id: 3, ok: false }).success,
    false,
    'a failure without its error text',
  );
  assert.ok(
    ToWebview.safeParse({
      type: 'init',
      defaults: {
        network: 'n',
        sourceChainId: '',
        router: 'https://router-api.initia.xyz',
        unencrypted: [],
        slippagePresets: ['0.1', '0.5', '1'],
        defaultSlippage: '0.5',
      },
      stateRejected: true,
    }).success,
  );
});

test('protocol: the types hold each handler to its own reply (checked by tsc)', () => {
  const handlers: Pick<Handlers, 'copy' | 'watch' | 'edit'> = {
    // @ts-expect-error copy answers a boolean
    copy: async () => 'copied',
    // @ts-expect-error watch answers a TransferInfo, not an edit reply
    watch: async () => REPLIES.edit,
    edit: async (req) => {
      // @ts-expect-error the edit request has a form, not a txHash
      void req.txHash;
      return REPLIES.edit;
    },
  };
  assert.equal(typeof handlers.copy, 'function');
  // @ts-expect-error an edit request needs its form
  const missing: Request = { op: 'edit' };
  assert.equal(Request.safeParse(missing).success, false);
});

const goodState: BridgeState = {
  step: 'tracking',
  form,
  route: { route: { amount_in: '1000000', operations: [] }, view, signature: 'sig' },
  hook: {
    hook: { chain_id: 'osmosis-1', hook: [] },
    summaries: [],
    verdict: { kind: 'matches', effects: [], caveats: [], mismatches: [], unverified: [] },
  },
  signedHook: { signer: 'init1…', hook: 'Cq0B' },
  addresses: ['init1…', 'osmo1…', '0x…'],
  msgs: {
    signable: { txs: [] },
    summaries: [{ title: '1. IBC transfer on interwoven-1', fields: [{ label: 'Receiver', value: 'osmo1…' }] }],
    verdict: { kind: 'matches', effects: [], caveats: [], mismatches: [], unverified: [] },
  },
  tracking: { txHash: 'AB'.repeat(32), chainId: 'interwoven-1' },
};

test('BridgeState: a saved state parses (unknown extra fields dropped); a corrupt one does not', () => {
  assert.deepEqual(BridgeState.parse(goodState), goodState);
  const json = JSON.parse(JSON.stringify(goodState)) as unknown;
  assert.deepEqual(BridgeState.parse(json), json, 'as it comes back from setState (JSON)');
  assert.deepEqual(BridgeState.parse({ step: 'form' }), { step: 'form' }, 'a fresh panel');
  assert.deepEqual(
    BridgeState.parse({ step: 'form', form, fromAFutureVersion: 1 }),
    { step: 'form', form },
    'an unknown field is dropped',
  );
  const corrupt: Array<[string, unknown]> = [
    ['an empty object (no step)', {}],
    ['a string', 'x'],
    ['an array', [null]],
    ['a number', 42],
    ['an unknown step', { step: 'broadcast' }],
    ['a form of the wrong type', { step: 'form', form: 'interwoven-1' }],
    ['a form field of the wrong type', { step: 'form', form: { ...form, amount: 1000000 } }],
    ['a route that is not an object', { ...goodState, route: 'route' }],
    ['a route without its view', { ...goodState, route: { route: {}, signature: 's' } }],
    [
      'a form of the version that took base units',
      {
        step: 'form',
        form: {
          sourceChainId: 'interwoven-1',
          sourceDenom: 'uinit',
          destChainId: 'osmosis-1',
          destDenom: 'uosmo',
          amount: '1000000',
          slippage: '1',
        },
      },
    ],
    ['msgs of an earlier version (one line each)', { ...goodState, msgs: { raw: {}, summary: ['1. …'] } }],
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
  assert.deepEqual(RouteReply.parse({ route, view, signature: 's' }).view, view, 'the view matches the reply schema');
  assert.equal(view.sourceChainId, 'interwoven-1');
  assert.deepEqual(view.amountIn, { base: '1,000,000 uinit on interwoven-1', whole: '1 INIT' });
  assert.deepEqual(
    view.amountOut,
    { base: '998,000 uosmo on osmosis-1', whole: '0.998 OSMO' },
    'the denom is matched without regard to case',
  );
  assert.equal(view.duration, 'about 30 s');
  assert.deepEqual(
    view.fees,
    { deducted: ['0.002 INIT ($0.01)'], additional: ['1,234,567'] },
    'whole units where the fee says its decimals; split by fee_behavior',
  );
  assert.equal(view.doesSwap, true);
  assert.equal(view.priceImpact, '0.25 %');
  assert.equal(view.opHookRequired, false);
  assert.deepEqual(view.steps, [
    { label: 'IBC', chains: 'interwoven-1 → osmosis-1', denoms: 'uinit → ibc/INIT', via: '<b>IBC</b>' },
    { label: 'Swap', chains: 'osmosis-1', denoms: 'ibc/INIT → uosmo', via: 'osmosis-poolmanager' },
    { label: 'teleport', chains: 'osmosis-1 → mystery-1', denoms: 'uosmo', via: undefined },
  ]);
  assert.deepEqual(view.warnings, [
    { title: 'Little price information', text: '<img src=x onerror=alert(1)>' },
    { title: 'Warning', text: '[click](command:workbench.action.terminal.new)' },
  ]);
  assert.deepEqual(view.infos, ['routed over IBC channel-0']);
  assert.deepEqual(view.addresses, [
    { chainId: 'interwoven-1', placeholder: 'bech32 address', recent: [] },
    { chainId: 'osmosis-1', placeholder: 'bech32 address', recent: [] },
    { chainId: '1', placeholder: '0x…', recent: [] },
  ]);
  // Without the assets' decimals: base units only; without an estimate: "unknown".
  const bare = routeView({
    ...route,
    estimated_route_duration_seconds: null,
    required_op_hook: true,
    warning: null,
    extra_warnings: null,
    extra_infos: null,
    estimated_fees: null,
  });
  assert.deepEqual(bare.amountIn, { base: '1,000,000 uinit on interwoven-1', whole: undefined });
  assert.equal(bare.duration, 'unknown');
  assert.equal(bare.opHookRequired, true);
  assert.deepEqual([bare.warnings, bare.infos, bare.fees], [[], [], { deducted: [], additional: [] }]);
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
        {
          kind: 'ibc_transfer',
          label: 'IBC',
          known: true,
          fromChainId: 'interwoven-1',
          toChainId: 'osmosis-1',
          state: 'TRANSFER_RECEIVED',
          outcome: 'pending',
          summary: '',
          txs: [{ name: 'send_tx', hash: 'AA', explorerLink: 'https://scan.example/tx/AA' }],
        },
        // As stored by an earlier version: no label.
        {
          kind: 'op_init_transfer',
          known: true,
          state: 'OPINIT_TRANSFER_RECEIVED',
          outcome: 'done',
          summary: '',
          txs: [],
        } as unknown as NonNullable<TrackedTransfer['last']>['hops'][number],
      ],
    },
  };
  const info = TransferInfo.parse(transferInfo(t));
  assert.equal(info.stateText, 'in progress');
  // Base units only where the router listed no decimals when it was tracked; whole units where it did.
  assert.equal(info.amountOut, 'Released: 998,000 uosmo on osmosis-1');
  const known = transferInfo({
    ...t,
    summary: { destDenom: 'uosmo', destSymbol: 'OSMO', destDecimals: 6 },
    last: { ...t.last!, outcome: 'success', terminal: true, state: 'STATE_COMPLETED_SUCCESS' },
  });
  assert.equal(known.amountOut, 'Arrived: 0.998 OSMO on osmosis-1');
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

test("checkForm: every field's problem at once, in whole units with the asset's decimals, against the balance", () => {
  const asset = { symbol: 'INIT', decimals: 6 };
  assert.deepEqual(
    checkForm(form, { sourceAsset: asset }),
    { errors: {}, warnings: {}, balance: undefined, base: '1500000', slippage: '0.5' },
    'a good form: 1.5 INIT is 1,500,000 uinit',
  );
  const empty = checkForm({ ...form, sourceDenom: '', destChainId: '', destDenom: '', amount: '' });
  assert.deepEqual(
    Object.keys(empty.errors).sort(),
    ['amount', 'destChainId', 'destDenom', 'sourceDenom'],
    'each empty field, not only the first',
  );
  assert.equal(empty.errors.sourceDenom, 'Pick an asset.');
  assert.equal(empty.base, undefined);
  assert.equal(
    checkForm({ ...form, sourceChainId: 'no spaces allowed' }).errors.sourceChainId,
    err(parseChainId('no spaces allowed')),
  );
  assert.match(
    checkForm(form, { sourceAsset: { symbol: 'X', decimals: null } }).errors.amount!,
    /decimals of this asset is not known/,
    'no guess at the decimals',
  );
  assert.match(
    checkForm({ ...form, amount: '1.1234567' }, { sourceAsset: asset }).errors.amount!,
    /at most 6 decimal places/,
  );
  assert.match(
    checkForm(form).errors.sourceDecimals!,
    /Enter the asset's decimals/,
    'a custom denom needs its decimals',
  );
  assert.equal(checkForm({ ...form, sourceDecimals: '6' }).base, '1500000');
  assert.equal(
    checkForm(form, { sourceAsset: asset, balance: { amount: '1000000' } }).errors.amount,
    'More than your balance (1 INIT).',
  );
  assert.deepEqual(checkForm(form, { sourceAsset: asset, balance: { amount: '2500000' } }).balance, {
    text: '2.5 INIT',
    max: '2.5',
  });
  assert.match(
    checkForm(form, { sourceAsset: asset, balance: { amount: '1500000' }, feeDenoms: ['uinit'] }).warnings.amount!,
    /also pays the network fee/,
    'Max on the fee asset',
  );
  assert.match(checkForm({ ...form, slippage: '7' }, { sourceAsset: asset }).warnings.slippage!, /frontrun/);
  const badSlippage = checkForm({ ...form, slippage: '0' }, { sourceAsset: asset });
  assert.match(badSlippage.errors.slippage!, /more than 0/);
  assert.equal(badSlippage.base, '1500000', 'the slippage does not hold up the route');
  assert.match(
    checkForm(
      { ...form, sender: 'osmo1veaum7vy45fzw5x4mflskgx5lnmwmxx5gkz963' },
      { sourceAsset: asset, prefixes: { 'interwoven-1': 'init' } },
    ).errors.sender!,
    /starts with "init1"/,
  );
  assert.equal(
    checkForm({ ...form, destChainId: 'interwoven-1', destDenom: 'uinit' }, { sourceAsset: asset }).errors.destDenom,
    'The destination is the same asset on the same chain.',
  );
  assert.match(
    checkForm(
      { ...form, destChainId: 'nowhere-1' },
      {
        sourceAsset: asset,
        chains: [{ chainId: 'interwoven-1', name: 'Initia', evm: false, initia: true, testnet: false, feeDenoms: [] }],
      },
    ).errors.destChainId!,
    /does not list the chain nowhere-1/,
  );
  assert.ok(OPS.edit.reply.safeParse({ ...badSlippage, formKey: 'k' }).success, 'the reply schema takes it');
  assert.deepEqual(
    new Set(FORM_FIELDS),
    new Set(Object.keys(form).filter((k) => k !== 'v' && k !== 'withdrawal')),
    'the fields are those of the form',
  );
});

test('formKey: the route depends on the chains, assets, amount and way, not on the sender or slippage', () => {
  assert.equal(formKey(form), formKey({ ...form, sender: 'init1x', slippage: '1' }));
  assert.notEqual(formKey(form), formKey({ ...form, amount: '2' }));
  assert.notEqual(formKey(form), formKey({ ...form, withdrawal: 'lossless' }));
});
