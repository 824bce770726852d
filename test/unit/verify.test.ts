/** Verify before signing: each message type summarised, each mismatch found and worded, and the fake router's msgs (honest and tampered) end to end over real HTTP. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { bech32 } from 'bech32';
import { createRouterClient } from '../../src/core/clients';
import type { RouterClient } from '../../src/core/router/client';
import type { MsgsResponse, Route } from '../../src/core/router/schemas';
import { verifyMsgs, sameAddress, type AssetInfo, type Verification } from '../../src/core/router/verify';
import { startFakeRouter, type FakeRouter } from '../fixtures/fakeRouter';

const INIT = 'init1veaum7vy45fzw5x4mflskgx5lnmwmxx5wm3x8p';
const INIT_OTHER = bech32.encode('init', bech32.toWords(new Uint8Array(20).fill(1)));
const INIT_OTHER_HEX = Buffer.from(new Uint8Array(20).fill(1)).toString('hex');
const OSMO = 'osmo1veaum7vy45fzw5x4mflskgx5lnmwmxx5gkz963';
const OSMO_OTHER = bech32.encode('osmo', bech32.toWords(new Uint8Array(20).fill(7)));
const ETH = '0x667bcdf984ad122750d5da7f0b20d4fcf6ed98d4';
const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const L2_INIT = 'l2/2588fd87a8e081f6a557f43ff14f05dddf5e34cb27afcefd6eaf81f1daea30d0';
const ASSETS: Record<string, AssetInfo> = { 'interwoven-1|uinit': { symbol: 'INIT', decimals: 6 }, 'osmosis-1|uosmo': { symbol: 'OSMO', decimals: 6 }, [`1|${USDC_ETH.toLowerCase()}`]: { symbol: 'USDC', decimals: 6 } };
const asset = (chainId: string, denom: string) => ASSETS[`${chainId}|${/^0x/i.test(denom) ? denom.toLowerCase() : denom}`];

/** A route as the router answers it (only what verification reads matters). */
function routeOf(over: Partial<Route> & { ops?: number } = {}): Route {
  const { ops = 1, ...rest } = over;
  return {
    amount_in: '1500000',
    amount_out: '1497000',
    source_asset_chain_id: 'interwoven-1',
    source_asset_denom: 'uinit',
    dest_asset_chain_id: 'osmosis-1',
    dest_asset_denom: 'uosmo',
    operations: Array.from({ length: ops }, () => ({ transfer: { from_chain_id: 'interwoven-1', to_chain_id: 'osmosis-1' } })),
    required_chain_addresses: ['interwoven-1', 'osmosis-1'],
    ...rest,
  } as Route;
}

const cosmos = (msgs: Array<[string, unknown]>, chainId = 'interwoven-1', signer: string | undefined = INIT): MsgsResponse => ({
  txs: [{ cosmos_tx: { chain_id: chainId, path: [chainId], ...(signer ? { signer_address: signer } : {}), msgs: msgs.map(([url, v]) => ({ msg_type_url: url, msg: typeof v === 'string' ? v : JSON.stringify(v) })) } }],
});
const transfer = (over: Record<string, unknown> = {}) => ({ source_port: 'transfer', source_channel: 'channel-0', token: { denom: 'uinit', amount: '1500000' }, sender: INIT, receiver: OSMO, timeout_height: {}, timeout_timestamp: '0', memo: '', ...over });
const MSG_TRANSFER = '/ibc.applications.transfer.v1.MsgTransfer';

const verify = (msgs: MsgsResponse, route: Route, addresses: string[], extra: { signedHook?: { signer: string; hook: string } } = {}): Verification => verifyMsgs(msgs, { route, addresses, asset, ...extra });
const field = (v: Verification, i: number, label: string) => v.summaries[i]?.fields.find((f) => f.label === label)?.value;
const whats = (v: Verification) => v.mismatches.map((m) => m.what);

test('IBC transfer: summarised in words and whole units; a matching set is ok', () => {
  const memo = `forward ${'x'.repeat(400)}`;
  const v = verify(cosmos([[MSG_TRANSFER, transfer({ memo })]]), routeOf(), [INIT, OSMO]);
  assert.deepEqual([v.ok, v.mismatches], [true, []]);
  assert.deepEqual([v.summaries[0]!.type, v.summaries[0]!.kind, v.summaries[0]!.typeUrl, v.summaries[0]!.chainId, v.summaries[0]!.tx], ['IBC transfer', 'cosmos', MSG_TRANSFER, 'interwoven-1', 0]);
  assert.equal(field(v, 0, 'Amount'), '1.5 INIT (1,500,000 uinit)');
  assert.equal(field(v, 0, 'Receiver'), OSMO);
  assert.equal(field(v, 0, 'Sender'), INIT);
  assert.equal(field(v, 0, 'Channel'), 'transfer/channel-0');
  assert.equal(field(v, 0, 'Memo')!.length, 200, 'the memo is cut');
  assert.ok(field(v, 0, 'Memo')!.startsWith('forward x'));
  // Without decimals: base units only.
  const bare = verifyMsgs(cosmos([[MSG_TRANSFER, transfer()]]), { route: routeOf(), addresses: [INIT, OSMO] });
  assert.equal(field(bare, 0, 'Amount'), '1,500,000 uinit');
});

/** A Move address argument in BCS (32 bytes), base64: the receiver's 20 bytes, left-padded. */
const BCS_RECEIVER = Buffer.concat([Buffer.alloc(12), Buffer.from(INIT_OTHER_HEX, 'hex')]).toString('base64');

test('every known type is summarised with its fields', () => {
  const route = routeOf({ dest_asset_chain_id: 'interwoven-1', required_chain_addresses: ['interwoven-1', 'interwoven-1'] });
  const cases: Array<[string, Record<string, unknown>, string, Record<string, string>]> = [
    ['/cosmos.bank.v1beta1.MsgSend', { from_address: INIT, to_address: INIT_OTHER, amount: [{ denom: 'uinit', amount: '1500000' }] }, 'Bank send', { From: INIT, To: INIT_OTHER, Amount: '1.5 INIT (1,500,000 uinit)' }],
    ['/opinit.ophost.v1.MsgInitiateTokenDeposit', { sender: INIT, bridge_id: '1', to: INIT_OTHER, amount: { denom: 'uinit', amount: '1500000' }, data: '' }, 'OPinit deposit', { Sender: INIT, Bridge: '1', To: INIT_OTHER }],
    ['/opinit.opchild.v1.MsgInitiateTokenWithdrawal', { sender: INIT, to: INIT_OTHER, amount: { denom: 'uinit', amount: '1500000' } }, 'OPinit withdrawal', { Sender: INIT, To: INIT_OTHER, Amount: '1.5 INIT (1,500,000 uinit)' }],
    ['/cosmwasm.wasm.v1.MsgExecuteContract', { sender: INIT, contract: INIT_OTHER, msg: { swap: { to: INIT_OTHER } }, funds: [{ denom: 'uinit', amount: '1500000' }] }, 'Execute contract', { Contract: INIT_OTHER, Message: '{"swap":{"to":"' + INIT_OTHER + '"}}', Funds: '1.5 INIT (1,500,000 uinit)' }],
    ['/initia.move.v1.MsgExecute', { sender: INIT, module_address: '0x1', module_name: 'coin', function_name: 'transfer', type_args: ['0x1::native_uinit::Coin'], args: [BCS_RECEIVER, 'QEIPAAAAAAA='] }, 'Execute Move function', { Function: '0x1::coin::transfer', 'Type arguments': '0x1::native_uinit::Coin', Arguments: `["${BCS_RECEIVER}","QEIPAAAAAAA="]` }],
    ['/initia.move.v1.MsgExecuteJSON', { sender: INIT, module_address: '0x1', module_name: 'teleport', function_name: 'send', type_args: [], args: [`"${INIT_OTHER}"`, '"1500000"'] }, 'Execute Move function', { Function: '0x1::teleport::send' }],
    ['/minievm.evm.v1.MsgCall', { sender: INIT, contract_addr: '0x1a44076050125825900e736c501f859c50fE728c', input: `0xa9059cbb${INIT_OTHER_HEX.padStart(64, '0')}`, value: '0' }, 'EVM call', { Contract: '0x1a44076050125825900e736c501f859c50fE728c', Function: '0xa9059cbb', Input: '36 bytes' }],
  ];
  for (const [url, msg, type, fields] of cases) {
    const v = verify(cosmos([[url, msg]]), route, [INIT, INIT_OTHER]);
    assert.equal(v.summaries[0]!.type, type, url);
    for (const [label, value] of Object.entries(fields)) assert.equal(field(v, 0, label), value, `${url} ${label}`);
    assert.deepEqual(v.mismatches, [], url);
  }
  // Amino JSON wrapped as {type, value} is read too.
  const wrapped = verify(cosmos([['/cosmos.bank.v1beta1.MsgSend', { type: 'cosmos-sdk/MsgSend', value: cases[0]![1] }]]), route, [INIT, INIT_OTHER]);
  assert.deepEqual([wrapped.ok, field(wrapped, 0, 'To')], [true, INIT_OTHER]);
});

test('an unknown type: its type url and flat string fields, not a mismatch by itself', () => {
  const v = verify(cosmos([['/some.module.v1.MsgDoThing', { sender: INIT, target: OSMO, count: 3, nested: { a: 1 } }]]), routeOf(), [INIT, OSMO]);
  assert.equal(v.summaries[0]!.type, 'Other message (MsgDoThing)');
  assert.equal(v.summaries[0]!.typeUrl, '/some.module.v1.MsgDoThing');
  assert.deepEqual(v.summaries[0]!.fields, [{ label: 'sender', value: INIT }, { label: 'target', value: OSMO }, { label: 'count', value: '3' }]);
  assert.deepEqual(v.mismatches, [], 'the receiver appears in it');
  const elsewhere = verify(cosmos([['/some.module.v1.MsgDoThing', { sender: INIT }]]), routeOf(), [INIT, OSMO]);
  assert.deepEqual(whats(elsewhere), ['receiver']);
});

test('each mismatch kind, with the sentence saying exactly what differs', () => {
  const route = routeOf();
  const one = (v: Verification) => {
    assert.equal(v.ok, false);
    assert.equal(v.mismatches.length, 1, JSON.stringify(v.mismatches));
    return v.mismatches[0]!;
  };
  const receiver = one(verify(cosmos([[MSG_TRANSFER, transfer({ receiver: OSMO_OTHER })]]), route, [INIT, OSMO]));
  assert.deepEqual([receiver.what, receiver.tx, receiver.msg], ['receiver', 0, 0]);
  assert.equal(receiver.message, `Message 1 sends to ${OSMO_OTHER}, but you entered ${OSMO} as the receiver on osmosis-1.`);
  const amount = one(verify(cosmos([[MSG_TRANSFER, transfer({ token: { denom: 'uinit', amount: '1500001' } })]]), route, [INIT, OSMO]));
  assert.equal(amount.what, 'amount');
  assert.equal(amount.message, "Message 1 sends 1,500,001 uinit, but the route's amount is 1,500,000 uinit.");
  const denom = one(verify(cosmos([[MSG_TRANSFER, transfer({ token: { denom: 'uusdc', amount: '1500000' } })]]), route, [INIT, OSMO]));
  assert.equal(denom.what, 'denom');
  assert.equal(denom.message, "Message 1 sends uusdc, but the route's source asset is uinit on interwoven-1.");
  const sender = verify(cosmos([[MSG_TRANSFER, transfer({ sender: INIT_OTHER })]], 'interwoven-1', INIT_OTHER), route, [INIT, OSMO]);
  assert.deepEqual(whats(sender), ['sender', 'sender']);
  assert.equal(sender.mismatches[0]!.message, `Transaction 1 is signed by ${INIT_OTHER}, but you entered ${INIT} as the sender on interwoven-1.`);
  assert.equal(sender.mismatches[1]!.message, `Message 1 (IBC transfer) has sender ${INIT_OTHER}, but you entered ${INIT} as the sender on interwoven-1.`);
  const chain = one(verify(cosmos([[MSG_TRANSFER, transfer()]], 'osmosis-1'), route, [INIT, OSMO]));
  assert.equal(chain.what, 'chain');
  assert.equal(chain.message, 'Transaction 1 is for chain osmosis-1, but the route starts on interwoven-1.');
  // Multi-hop: the direct receiver may be a contract, the destination must appear (here: nowhere).
  const hops = routeOf({ ops: 2 });
  assert.equal(verify(cosmos([[MSG_TRANSFER, transfer({ receiver: OSMO_OTHER, memo: JSON.stringify({ wasm: { msg: { to_address: OSMO } } }) })]]), hops, [INIT, OSMO]).ok, true);
  const nowhere = one(verify(cosmos([[MSG_TRANSFER, transfer({ receiver: OSMO_OTHER, memo: '{"wasm":{}}' })]]), hops, [INIT, OSMO]));
  assert.equal(nowhere.what, 'receiver');
  assert.equal(nowhere.message, `The destination address you entered (${OSMO}) appears nowhere in message 1.`);
  // An entered intermediate address as the direct receiver is not enough on its own.
  const three = routeOf({ ops: 2, required_chain_addresses: ['interwoven-1', 'interwoven-1', 'osmosis-1'] });
  assert.deepEqual(whats(verify(cosmos([[MSG_TRANSFER, transfer({ receiver: INIT })]]), three, [INIT, INIT, OSMO])), ['receiver']);
});

test('unreadable: a msg string that is not JSON, a known type without its fields, a tx of no known kind, no tx', () => {
  const v = verify(cosmos([[MSG_TRANSFER, '{"sender": "init1…", oops']]), routeOf(), [INIT, OSMO]);
  assert.deepEqual(whats(v), ['unreadable'], 'nothing else is checked of a message that cannot be read');
  assert.equal(v.mismatches[0]!.message, 'Message 1 (IBC transfer) is not valid JSON: it cannot be read or checked.');
  assert.equal(field(v, 0, 'Raw message'), '{"sender": "init1…", oops');
  const missing = verify(cosmos([[MSG_TRANSFER, { sender: INIT, receiver: OSMO, token: { denom: 'uinit' } }]]), routeOf(), [INIT, OSMO]);
  assert.equal(missing.mismatches[0]!.message, 'Message 1 (IBC transfer) cannot be read: token.amount is missing or not of the expected type.');
  const odd = verify({ txs: [{ operations_indices: [0] }] } as MsgsResponse, routeOf(), [INIT, OSMO]);
  assert.deepEqual([whats(odd), odd.summaries[0]!.kind], [['unreadable'], 'unknown']);
  assert.deepEqual(whats(verify({ txs: [] }, routeOf(), [INIT, OSMO])), ['unreadable']);
});

test('addresses and 0x denoms compare case-insensitively; an Initia 0x address is its bech32 account', () => {
  const upper = verify(cosmos([[MSG_TRANSFER, transfer({ sender: INIT.toUpperCase(), receiver: OSMO.toUpperCase() })]], 'interwoven-1', INIT.toUpperCase()), routeOf(), [INIT, OSMO]);
  assert.deepEqual(upper.mismatches, []);
  const hex = `0x${Buffer.from(bech32.fromWords(bech32.decode(INIT).words)).toString('hex')}`;
  assert.ok(sameAddress(hex.toUpperCase().replace('0X', '0x'), INIT));
  assert.ok(!sameAddress(INIT, INIT_OTHER));
  const evmRoute = routeOf({ source_asset_chain_id: '1', source_asset_denom: USDC_ETH.toLowerCase(), dest_asset_chain_id: 'interwoven-1', required_chain_addresses: ['1', 'interwoven-1'] });
  const v = verify(evmMsgs({ signer: ETH.toUpperCase().replace('0X', '0x'), token: USDC_ETH }), evmRoute, [ETH, INIT]);
  assert.deepEqual(v.mismatches, []);
});

/** An EVM tx from Ethereum: calldata with the receiver's bytes and the amount, an approval of the source token. */
function evmMsgs(o: { signer?: string; token?: string; amount?: string; value?: string; receiver?: string; approvals?: boolean } = {}): MsgsResponse {
  const receiver = Buffer.from(bech32.fromWords(bech32.decode(o.receiver ?? INIT).words)).toString('hex').padStart(64, '0');
  const amount = BigInt(o.amount ?? '1500000').toString(16).padStart(64, '0');
  return {
    txs: [{ evm_tx: { chain_id: '1', to: '0x1a44076050125825900e736c501f859c50fE728c', value: o.value ?? '1200000000000000', data: `c7c7f5b3${receiver}${amount}`, required_erc20_approvals: o.approvals === false ? [] : [{ token_contract: o.token ?? USDC_ETH, spender: '0x1a44076050125825900e736c501f859c50fE728c', amount: o.amount ?? '1500000' }], signer_address: o.signer ?? ETH } }],
  };
}

test('EVM: an "EVM call" line and one "ERC-20 approval" line; amount, denom, sender and receiver checked', () => {
  const route = routeOf({ source_asset_chain_id: '1', source_asset_denom: USDC_ETH, dest_asset_chain_id: 'interwoven-1', required_chain_addresses: ['1', 'interwoven-1'] });
  const ok = verify(evmMsgs(), route, [ETH, INIT]);
  assert.deepEqual(ok.mismatches, []);
  assert.deepEqual(ok.summaries.map((s) => [s.type, s.kind]), [['EVM call', 'evm'], ['ERC-20 approval', 'evm']]);
  assert.equal(field(ok, 0, 'Function'), '0xc7c7f5b3');
  assert.equal(field(ok, 0, 'Value'), '1,200,000,000,000,000 wei');
  assert.equal(field(ok, 0, 'Calldata'), '68 bytes');
  assert.equal(field(ok, 1, 'Amount'), '1.5 USDC (1,500,000 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48)');
  assert.equal(verify(evmMsgs({ amount: '1500001' }), route, [ETH, INIT]).mismatches[0]!.message, "Message 2 (ERC-20 approval) approves 1,500,001 of 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48, but the route's amount is 1,500,000.");
  assert.deepEqual(whats(verify(evmMsgs({ token: '0xdAC17F958D2ee523a2206206994597C13D831ec7' }), route, [ETH, INIT])), ['denom']);
  assert.deepEqual(whats(verify(evmMsgs({ signer: '0x0000000000000000000000000000000000000001' }), route, [ETH, INIT])), ['sender']);
  const elsewhere = verify(evmMsgs({ receiver: INIT_OTHER }), route, [ETH, INIT]);
  assert.deepEqual(whats(elsewhere), ['receiver']);
  assert.equal(elsewhere.mismatches[0]!.message, `The destination address you entered (${INIT}) appears nowhere in message 1.`);
  // The receiver as UTF-8 text in the calldata counts too.
  const text = evmMsgs({ receiver: INIT_OTHER });
  text.txs[0]!.evm_tx!.data += Buffer.from(INIT, 'utf8').toString('hex');
  assert.equal(verify(text, route, [ETH, INIT]).ok, true);
  // A native source: the value is the amount.
  const native = routeOf({ source_asset_chain_id: '1', source_asset_denom: 'ethereum-native', dest_asset_chain_id: 'interwoven-1', required_chain_addresses: ['1', 'interwoven-1'] });
  assert.equal(verify(evmMsgs({ value: '1500000', approvals: false }), native, [ETH, INIT]).ok, true);
  assert.deepEqual(whats(verify(evmMsgs({ value: '1500001', approvals: false }), native, [ETH, INIT])), ['amount']);
});

test('an OP hook route shows the signed hook', () => {
  const hook = { signer: INIT, hook: 'CgQKAggB' };
  const v = verify(cosmos([[MSG_TRANSFER, transfer()]]), routeOf(), [INIT, OSMO], { signedHook: hook });
  assert.deepEqual([field(v, 0, 'OP hook signer'), field(v, 0, 'OP hook')], [INIT, 'CgQKAggB']);
});

test('server text stays plain text: bidi and control characters removed, long values cut', () => {
  const v = verify(cosmos([[MSG_TRANSFER, transfer({ memo: 'pay \u202Eevil\u202C <script>alert(1)</script>\n\tnext' })]]), routeOf(), [INIT, OSMO]);
  assert.equal(field(v, 0, 'Memo'), 'pay evil <script>alert(1)</script> next');
});

// ---------------------------------------------------------------------------------------------------------------
// End to end: the fake router's msgs, honest and tampered.

let fake: FakeRouter;
let client: RouterClient;
before(async () => {
  fake = await startFakeRouter({ timeScale: 0.01 });
  client = createRouterClient(fake.url, { retryBaseMs: 10, timeoutMs: 3000 });
});
after(async () => {
  client.dispose();
  await fake.close();
});

const HOOK = { signer: INIT, hook: 'CgQKAggB' };
const ROUTES: Array<{ name: string; req: Parameters<RouterClient['route']>[0]; addresses: string[]; hook?: boolean }> = [
  { name: 'OPinit deposit', req: { amountIn: '1000000', sourceChainId: 'interwoven-1', sourceDenom: 'uinit', destChainId: 'demo-evm-1', destDenom: L2_INIT }, addresses: [INIT, INIT] },
  { name: 'IBC + swap', req: { amountIn: '1000000', sourceChainId: 'interwoven-1', sourceDenom: 'uinit', destChainId: 'osmosis-1', destDenom: 'uosmo' }, addresses: [INIT, OSMO] },
  { name: 'IBC + OPinit with a hook', req: { amountIn: '5000', sourceChainId: 'osmosis-1', sourceDenom: 'uosmo', destChainId: 'demo-evm-1', destDenom: L2_INIT }, addresses: [OSMO, INIT, INIT_OTHER], hook: true },
  { name: 'IBC back to Initia', req: { amountIn: '5000', sourceChainId: 'osmosis-1', sourceDenom: 'uosmo', destChainId: 'interwoven-1', destDenom: 'uinit' }, addresses: [OSMO, INIT] },
  { name: 'EVM (ERC-20) to Initia', req: { amountIn: '123456789', sourceChainId: '1', sourceDenom: USDC_ETH, destChainId: 'interwoven-1', destDenom: 'uinit' }, addresses: [ETH, INIT] },
  { name: 'LayerZero + OPinit from Ethereum', req: { amountIn: '5000', sourceChainId: '1', sourceDenom: USDC_ETH, destChainId: 'demo-evm-1', destDenom: L2_INIT }, addresses: [ETH, INIT, INIT_OTHER], hook: true },
  { name: 'the fast withdrawal', req: { amountIn: '5000', sourceChainId: 'demo-evm-1', sourceDenom: L2_INIT, destChainId: 'interwoven-1', destDenom: 'uinit', isOpWithdraw: false }, addresses: [INIT, INIT] },
];

async function check(r: (typeof ROUTES)[number]): Promise<Verification> {
  const route = await client.route(r.req);
  const signedHook = r.hook ? HOOK : undefined;
  const msgs = await client.msgs({ route, addresses: r.addresses, ...(signedHook ? { signedOpHook: signedHook } : {}) });
  return verifyMsgs(msgs, { route, addresses: r.addresses, ...(signedHook ? { signedHook } : {}), asset });
}

test('end to end: the fake router\'s msgs verify for every kind of route', async () => {
  for (const r of ROUTES) {
    const v = await check(r);
    assert.deepEqual(v.mismatches, [], r.name);
    assert.equal(v.ok, true, r.name);
    assert.ok(v.summaries.length >= 1);
  }
  const swap = await check(ROUTES[1]!);
  assert.equal(field(swap, 0, 'Amount'), '1 INIT (1,000,000 uinit)');
  assert.match(field(swap, 0, 'Memo') ?? '', /swap_and_action/);
});

test('end to end: each tamper switch is caught, with the expected mismatch', async () => {
  const expected: Array<[ 'receiver' | 'amount' | 'denom' | 'sender', number, Array<string>]> = [
    ['receiver', 0, ['receiver']],
    ['amount', 0, ['amount']],
    ['denom', 0, ['denom']],
    ['sender', 0, ['sender', 'sender']],
    ['receiver', 1, ['receiver']],
    ['receiver', 2, ['receiver']],
    ['amount', 4, ['amount']],
    ['denom', 4, ['denom']],
    ['sender', 4, ['sender']],
    ['receiver', 4, ['receiver']],
  ];
  try {
    for (const [kind, i, what] of expected) {
      fake.tamperMsgs(kind);
      const v = await check(ROUTES[i]!);
      assert.deepEqual(whats(v), what, `${kind} on ${ROUTES[i]!.name}: ${JSON.stringify(v.mismatches)}`);
    }
    fake.tamperMsgs('receiver');
    const v = await check(ROUTES[0]!);
    assert.match(v.mismatches[0]!.message, new RegExp(`^Message 1 sends to init1\\w+, but you entered ${INIT} as the receiver on demo-evm-1\\.$`));
  } finally {
    fake.tamperMsgs(undefined);
  }
  assert.equal((await check(ROUTES[0]!)).ok, true);
});
