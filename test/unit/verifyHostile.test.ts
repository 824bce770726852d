/* eslint-disable @typescript-eslint/no-explicit-any -- the hostile router edits arbitrary JSON answers on the wire */
/**
 * The bridge check against a hostile router: a proxy in front of the fake router rewrites its answers on the wire
 * (route, msgs, op-hook), the real RouterClient fetches and parses them, and the verdict is computed as the panel
 * computes it (route and intent → OP hook check → signed hook → msgs). Every honest route kind matches; every tamper
 * is proven to change the answer and must not match.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { bech32 } from 'bech32';
import {
  ERC20_APPROVE,
  KNOWN_EVM_FUNCTIONS,
  OFT_SEND,
  SET_APPROVAL_FOR_ALL,
  decodeCall,
  encodeCall,
  type AbiValue,
} from '../../src/core/router/check/abi';
import { l2Denom, registryAnchors } from '../../src/core/router/check/anchors';
import { pinnedAnchors } from '../../src/core/router/check/pinned';
import { parseRegistry } from '../../src/core/registry';
import { demoAnchors, OSMO_DEST as OSMO_DEST_ADDRESS } from '../fixtures/bridgeFlow';
import { bridgeRegistryChains } from '../fixtures/fakeRegistry';
import { OSMOSIS_ENTRY } from '../fixtures/fakeRouter';
import { signHook, signedTx, msgSendProto } from '../fixtures/hostileRouter';
import {
  startBridgeFlow,
  KINDS,
  INIT,
  INIT_DEST,
  ATTACKER,
  OSMO_ATTACKER,
  OSMO_DEST,
  ETH_ATTACKER,
  USDC_ETH,
  ETH_DEST,
  MSG_SEND,
  type BridgeFlow,
  type Rewrite,
  type Kind,
} from '../fixtures/bridgeFlow';

let bf: BridgeFlow;
before(async () => {
  bf = await startBridgeFlow();
});
after(() => bf.close());
const flow = (k: Kind, rewrite?: Rewrite, opts?: Parameters<BridgeFlow['flow']>[2]) => bf.flow(k, rewrite, opts);

// ---------------------------------------------------------------------------------------------------------------
// Honest routes: every kind matches.

for (const [key, k] of Object.entries(KINDS)) {
  test(`honest: ${k.name} ${k.unconfirmed ? "is Couldn't verify, for a stated reason" : 'matches'}`, async () => {
    const out = await flow(k);
    if (!k.unconfirmed) return assert.deepEqual([out.kind, out.texts], ['matches', []], key);
    assert.equal(out.kind, 'unverified', key);
    assert.ok(out.texts.length === 1 && k.unconfirmed.test(out.texts[0]!), out.texts.join('\n'));
  });
}

test('honest: what is copied is rebuilt from the checked objects, without the deprecated msgs[]', async () => {
  const out = await flow(KINDS.swap!);
  assert.equal(out.kind, 'matches');
  assert.ok(!JSON.stringify(out.signable).includes('multi_chain_msg'));
  assert.deepEqual(Object.keys(out.signable as object), ['txs']);
});

test('a LayerZero route from Initia (a Move call this check does not know) is unverified, in words', async () => {
  const out = await flow({
    name: 'lz',
    from: 'interwoven-1',
    denom: 'uinit',
    typed: '1',
    decimals: 6,
    to: '1',
    destDenom: USDC_ETH,
    addresses: { 'interwoven-1': INIT, '1': ETH_DEST },
  });
  assert.notEqual(out.kind, 'matches');
});

// ---------------------------------------------------------------------------------------------------------------
// Hostile answers

const onMsgs =
  (f: (json: any) => void): Rewrite =>
  (path, json) =>
    path === '/v2/fungible/msgs' ? (f(json), json) : undefined;
const onRoute =
  (f: (json: any) => void): Rewrite =>
  (path, json) =>
    path === '/v2/fungible/route' ? (f(json), json) : undefined;
const onHook =
  (f: (json: any) => void): Rewrite =>
  (path, json) =>
    path === '/op-hook' ? (f(json), json) : undefined;
const cosmosMsg = (json: any, t = 0, m = 0) => JSON.parse(json.txs[t].cosmos_tx.msgs[m].msg);
const setCosmosMsg = (json: any, value: unknown, t = 0, m = 0) => {
  json.txs[t].cosmos_tx.msgs[m].msg = JSON.stringify(value);
};
const editMsg = (f: (msg: any) => void, t = 0, m = 0) =>
  onMsgs((json) => {
    const msg = cosmosMsg(json, t, m);
    f(msg);
    setCosmosMsg(json, msg, t, m);
  });
const editMemo = (f: (memo: any) => void) =>
  editMsg((msg) => {
    const memo = JSON.parse(msg.memo);
    f(memo);
    msg.memo = JSON.stringify(memo);
  });
const addMsg = (typeUrl: string, value: unknown, t = 0) =>
  onMsgs((json) => {
    json.txs[t].cosmos_tx.msgs.push({ msg_type_url: typeUrl, msg: JSON.stringify(value) });
  });
const bcs32 = (addr: string) =>
  Buffer.from(
    Buffer.from(bech32.fromWords(bech32.decode(addr).words))
      .toString('hex')
      .padStart(64, '0'),
    'hex',
  ).toString('base64');
const u64 = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(n);
  return b.toString('base64');
};
const editEvm = (f: (tx: any) => void, t = 0) => onMsgs((json) => f(json.txs[t].evm_tx));
const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0');

/** Both answers told the same lie: the route (its operations) and then the messages. */
const both =
  (route: (r: any) => void, msgs: (m: any) => void): Rewrite =>
  (path, json) =>
    path === '/v2/fungible/route' ? (route(json), json) : path === '/v2/fungible/msgs' ? (msgs(json), json) : undefined;
const opOf = (r: any, kind: string) => r.operations.find((o: any) => o[kind])[kind];
/** The OFT send's arguments decoded, changed and encoded again (canonically). */
const editOft = (f: (args: any[]) => void) => (tx: any) => {
  const call = decodeCall(tx.data, KNOWN_EVM_FUNCTIONS)!;
  f(call.args);
  tx.data = encodeCall(OFT_SEND, call.args as AbiValue[]).slice(2);
};
const USDC_ON_INITIA_DENOM = 'ibc/6490A7EAB61059BFC1CDDEB05917DD70BDF3A611654162A1A47DB930D40D8AF4';
/** The rollup's INIT (what a deposit of uinit over bridge 2 mints). */
const L2_DENOM = l2Denom('2', 'uinit');
const NOW_NS = BigInt(Date.parse('2026-11-28T12:00:00Z')) * 1_000_000n;
const ATTACKER_ENTRY = bech32.encode('osmo', bech32.toWords(new Uint8Array(32).fill(0xe7)));

interface Case {
  family: string;
  name: string;
  kind: string;
  rewrite: Rewrite;
  sign?: (hook: any) => { signer: string; hook: string };
  /** Another destination asset than the kind's (the user asked for it). */
  dest?: string;
}

/** The bytes of an address, and other texts of them: 32 bytes (12 zero bytes first), another prefix, one letter's case. */
const hexOf = (addr: string) => Buffer.from(bech32.fromWords(bech32.decode(addr).words)).toString('hex');
const wide = (addr: string, prefix = 'init') =>
  bech32.encode(prefix, bech32.toWords(Buffer.from(hexOf(addr).padStart(64, '0'), 'hex')));
const mixCase = (addr: string) => addr.replace(/[a-z](?=[^1]*$)/, (c) => c.toUpperCase());
const hex = (n: string) => `0x${BigInt(n).toString(16)}`;

const send = (to: string, amount = '1000') => ({
  from_address: INIT,
  to_address: to,
  amount: [{ denom: 'uinit', amount }],
});

const CASES: Case[] = [
  // Receiver, hidden or not
  {
    family: 'receiver',
    name: 'swap memo transfers the output to another address',
    kind: 'swap',
    rewrite: editMemo((m) => (m.wasm.msg.swap_and_action.post_swap_action.transfer.to_address = OSMO_ATTACKER)),
  },
  {
    family: 'receiver',
    name: 'swap memo calls another contract (receiver moved too)',
    kind: 'swap',
    rewrite: editMsg((msg) => {
      const memo = JSON.parse(msg.memo);
      memo.wasm.contract = OSMO_ATTACKER;
      msg.receiver = OSMO_ATTACKER;
      msg.memo = JSON.stringify(memo);
    }),
  },
  {
    family: 'receiver',
    name: 'swap memo forwards the output over IBC to an attacker',
    kind: 'swap',
    rewrite: editMemo(
      (m) =>
        (m.wasm.msg.swap_and_action.post_swap_action = {
          ibc_transfer: {
            ibc_info: { source_channel: 'channel-9', receiver: ATTACKER, memo: '', recover_address: OSMO_DEST },
          },
        }),
    ),
  },
  {
    family: 'receiver',
    name: 'IBC receiver replaced',
    kind: 'noble',
    rewrite: editMsg((m) => (m.receiver = ATTACKER)),
  },
  {
    family: 'receiver',
    name: 'packet-forward memo sends the funds on from the receiver',
    kind: 'noble',
    rewrite: editMsg(
      (m) => (m.memo = JSON.stringify({ forward: { receiver: ATTACKER, port: 'transfer', channel: 'channel-0' } })),
    ),
  },
  {
    family: 'receiver',
    name: 'nested packet-forward hides the receiver two levels down',
    kind: 'osmoBack',
    rewrite: editMsg(
      (m) =>
        (m.memo = JSON.stringify({
          forward: {
            receiver: INIT_DEST,
            port: 'transfer',
            channel: 'channel-5',
            next: { forward: { receiver: ATTACKER, channel: 'channel-0' } },
          },
        })),
    ),
  },
  {
    family: 'receiver',
    name: 'ibc-hooks wasm memo on a plain transfer',
    kind: 'noble',
    rewrite: editMsg((m) => {
      m.receiver = ATTACKER;
      m.memo = JSON.stringify({ wasm: { contract: ATTACKER, msg: { swap_and_action: {} } } });
    }),
  },
  {
    family: 'receiver',
    name: 'memo of a key the check does not know (evm hook)',
    kind: 'noble',
    rewrite: editMsg(
      (m) => (m.memo = JSON.stringify({ evm: { message: { contract_addr: ETH_ATTACKER, input: '0x' } } })),
    ),
  },
  {
    family: 'receiver',
    name: 'Move hook deposits to the attacker (BCS)',
    kind: 'hook',
    rewrite: editMemo((m) => (m.move.message.args[1] = bcs32(ATTACKER))),
  },
  {
    family: 'receiver',
    name: 'Move hook calls another function',
    kind: 'hook',
    rewrite: editMsg((msg) => {
      const memo = JSON.parse(msg.memo);
      memo.move.message.function_name = 'transfer_all';
      msg.receiver = '0x1::op_bridge_hook::transfer_all';
      msg.memo = JSON.stringify(memo);
    }),
  },
  {
    family: 'receiver',
    name: 'Move hook receiver field names another function than the memo',
    kind: 'hook',
    rewrite: editMsg((m) => (m.receiver = '0x1::coin::transfer')),
  },
  {
    family: 'receiver',
    name: 'OPinit deposit to the attacker',
    kind: 'deposit',
    rewrite: editMsg((m) => (m.to = ATTACKER)),
  },
  {
    family: 'receiver',
    name: 'OPinit deposit carries a data hook that runs on the rollup',
    kind: 'deposit',
    rewrite: editMsg(
      (m) => (m.data = signHook({ hook: [{ msg_type_url: MSG_SEND, msg: JSON.stringify(send(ATTACKER)) }] })),
    ),
  },
  {
    family: 'receiver',
    name: 'withdrawal to the attacker',
    kind: 'withdrawal',
    rewrite: editMsg((m) => (m.to = ATTACKER)),
  },
  {
    family: 'receiver',
    name: 'OFT send to the attacker (bytes32)',
    kind: 'evmErc20',
    rewrite: editEvm((tx) => (tx.data = tx.data.slice(0, 8 + 64 * 4) + word(ETH_ATTACKER) + tx.data.slice(8 + 64 * 5))),
  },
  {
    family: 'receiver',
    name: "attacker's receiver word with the user's bytes appended after the arguments",
    kind: 'evmErc20',
    rewrite: editEvm(
      (tx) =>
        (tx.data =
          tx.data.slice(0, 8 + 64 * 4) +
          word(ETH_ATTACKER) +
          tx.data.slice(8 + 64 * 5) +
          word(Buffer.from(bech32.fromWords(bech32.decode(INIT_DEST).words)).toString('hex'))),
    ),
  },
  {
    family: 'receiver',
    name: 'OFT compose message runs code on the destination',
    kind: 'evmNative',
    rewrite: editEvm((tx) => {
      const d: string = tx.data;
      const composeOffset = 8 + 64 * 11;
      tx.data = d.slice(0, composeOffset) + word('20') + 'ab'.repeat(32) + d.slice(composeOffset + 64);
    }),
  },
  {
    family: 'receiver',
    name: 'CCTP mint recipient replaced',
    kind: 'cctp',
    rewrite: editMsg((m) => (m.mint_recipient = Buffer.from(word(ETH_ATTACKER), 'hex').toString('base64'))),
  },
  {
    family: 'receiver',
    name: 'second tx of a two-tx route sends to the attacker',
    kind: 'twoTx',
    rewrite: editMsg((m) => (m.receiver = OSMO_ATTACKER), 1),
  },
  {
    family: 'receiver',
    name: 'withdrawal of a two-tx route lands at an address that is not yours',
    kind: 'twoTx',
    rewrite: editMsg((m) => (m.to = ATTACKER), 0),
  },
  // Extra value-moving messages
  { family: 'extra', name: 'extra bank send', kind: 'deposit', rewrite: addMsg(MSG_SEND, send(ATTACKER)) },
  {
    family: 'extra',
    name: 'extra MsgMultiSend',
    kind: 'deposit',
    rewrite: addMsg('/cosmos.bank.v1beta1.MsgMultiSend', { inputs: [], outputs: [] }),
  },
  {
    family: 'extra',
    name: 'extra authz MsgGrant',
    kind: 'deposit',
    rewrite: addMsg('/cosmos.authz.v1beta1.MsgGrant', { granter: INIT, grantee: ATTACKER, grant: {} }),
  },
  {
    family: 'extra',
    name: 'extra authz MsgExec',
    kind: 'deposit',
    rewrite: addMsg('/cosmos.authz.v1beta1.MsgExec', { grantee: ATTACKER, msgs: [] }),
  },
  {
    family: 'extra',
    name: 'extra feegrant',
    kind: 'swap',
    rewrite: addMsg('/cosmos.feegrant.v1beta1.MsgGrantAllowance', { granter: INIT, grantee: ATTACKER, allowance: {} }),
  },
  {
    family: 'extra',
    name: 'extra wasm execute with funds',
    kind: 'swap',
    rewrite: addMsg('/cosmwasm.wasm.v1.MsgExecuteContract', {
      sender: INIT,
      contract: ATTACKER,
      msg: {},
      funds: [{ denom: 'uinit', amount: '5' }],
    }),
  },
  {
    family: 'extra',
    name: 'extra Move transfer',
    kind: 'deposit',
    rewrite: addMsg('/initia.move.v1.MsgExecute', {
      sender: INIT,
      module_address: '0x1',
      module_name: 'coin',
      function_name: 'transfer',
      type_args: [],
      args: [],
    }),
  },
  {
    family: 'extra',
    name: 'extra minievm MsgCall approving a spender',
    kind: 'withdrawal',
    rewrite: addMsg('/minievm.evm.v1.MsgCall', {
      sender: INIT,
      contract_addr: USDC_ETH,
      input: encodeCall(ERC20_APPROVE, [ETH_ATTACKER, 10n ** 30n]),
      value: '0',
    }),
  },
  {
    family: 'extra',
    name: 'extra minievm MsgCall of an unknown function',
    kind: 'withdrawal',
    rewrite: addMsg('/minievm.evm.v1.MsgCall', {
      sender: INIT,
      contract_addr: USDC_ETH,
      input: '0xdeadbeef',
      value: '0',
    }),
  },
  {
    family: 'extra',
    name: 'second ERC-20 approval to another spender',
    kind: 'evmErc20',
    rewrite: editEvm((tx) =>
      tx.required_erc20_approvals.push({ token_contract: USDC_ETH, spender: ETH_ATTACKER, amount: '12500000' }),
    ),
  },
  {
    family: 'extra',
    name: 'unlimited approval',
    kind: 'evmErc20',
    rewrite: editEvm((tx) => (tx.required_erc20_approvals[0].amount = ((1n << 256n) - 1n).toString())),
  },
  {
    family: 'extra',
    name: 'approval to another spender than the contract called',
    kind: 'evmErc20',
    rewrite: editEvm((tx) => (tx.required_erc20_approvals[0].spender = ETH_ATTACKER)),
  },
  {
    family: 'extra',
    name: 'call replaced by setApprovalForAll',
    kind: 'evmErc20',
    rewrite: editEvm((tx) => (tx.data = encodeCall(SET_APPROVAL_FOR_ALL, [ETH_ATTACKER, true]).slice(2))),
  },
  {
    family: 'extra',
    name: 'the same transfer twice',
    kind: 'noble',
    rewrite: onMsgs((json) => json.txs[0].cosmos_tx.msgs.push(json.txs[0].cosmos_tx.msgs[0])),
  },
  {
    family: 'extra',
    name: 'the same transaction twice',
    kind: 'deposit',
    rewrite: onMsgs((json) => json.txs.push(json.txs[0])),
  },
  {
    family: 'extra',
    name: 'a message type nobody knows',
    kind: 'deposit',
    rewrite: addMsg('/evil.v1.MsgDrain', { sender: INIT }),
  },
  // Amounts, denoms, decimals
  {
    family: 'amount',
    name: "route's amount_in is not what you typed",
    kind: 'deposit',
    rewrite: onRoute((r) => (r.amount_in = (BigInt(r.amount_in) * 100n).toString())),
  },
  {
    family: 'amount',
    name: 'transfer amount + 1',
    kind: 'noble',
    rewrite: editMsg((m) => (m.token.amount = (BigInt(m.token.amount) + 1n).toString())),
  },
  {
    family: 'amount',
    name: 'deposit amount doubled',
    kind: 'deposit',
    rewrite: editMsg((m) => (m.amount.amount = (BigInt(m.amount.amount) * 2n).toString())),
  },
  {
    family: 'amount',
    name: 'EVM value raised',
    kind: 'evmNative',
    rewrite: editEvm((tx) => (tx.value = (BigInt(tx.value) * 2n).toString())),
  },
  {
    family: 'amount',
    name: 'OFT amountLD raised with the approval',
    kind: 'evmErc20',
    rewrite: editEvm((tx) => {
      tx.data = tx.data.slice(0, 8 + 64 * 5) + word((10n ** 12n).toString(16)) + tx.data.slice(8 + 64 * 6);
      tx.required_erc20_approvals[0].amount = (10n ** 12n).toString();
    }),
  },
  {
    family: 'amount',
    name: 'approval above the amount',
    kind: 'evmErc20',
    rewrite: editEvm(
      (tx) =>
        (tx.required_erc20_approvals[0].amount = (BigInt(tx.required_erc20_approvals[0].amount) * 10n).toString()),
    ),
  },
  {
    family: 'amount',
    name: 'messaging fee above what the route discloses',
    kind: 'evmNative',
    rewrite: editEvm((tx) => {
      const fee = 10n ** 18n;
      const d: string = tx.data;
      const feeAt = 8 + 64 * 2;
      const amount = BigInt('0x' + d.slice(8 + 64 * 5, 8 + 64 * 6));
      tx.data = d.slice(0, feeAt) + word(fee.toString(16)) + d.slice(feeAt + 64);
      tx.value = (amount + fee).toString();
    }),
  },
  {
    family: 'amount',
    name: 'swap minimum out at 1 % while you chose 0.5 %',
    kind: 'swap',
    rewrite: editMemo((m) => {
      const a = m.wasm.msg.swap_and_action.min_asset.native;
      a.amount = ((BigInt(a.amount) * 990n) / 995n).toString();
    }),
  },
  {
    family: 'amount',
    name: 'swap minimum out of 1',
    kind: 'swap',
    rewrite: editMemo((m) => (m.wasm.msg.swap_and_action.min_asset.native.amount = '1')),
  },
  {
    family: 'amount',
    name: 'OFT minimum of 1',
    kind: 'evmErc20',
    rewrite: editEvm((tx) => (tx.data = tx.data.slice(0, 8 + 64 * 6) + word('1') + tx.data.slice(8 + 64 * 7))),
  },
  { family: 'amount', name: 'another denom sent', kind: 'noble', rewrite: editMsg((m) => (m.token.denom = 'uatom')) },
  {
    family: 'amount',
    name: 'route delivers another asset',
    kind: 'deposit',
    rewrite: onRoute((r) => (r.dest_asset_denom = 'uinit')),
  },
  {
    family: 'amount',
    name: 'Move hook deposit amount raised',
    kind: 'hook',
    rewrite: editMemo((m) => (m.move.message.args[2] = u64(10n ** 15n))),
  },
  {
    family: 'amount',
    name: 'swap pays an undisclosed affiliate',
    kind: 'swap',
    rewrite: editMemo(
      (m) => (m.wasm.msg.swap_and_action.affiliates = [{ address: OSMO_ATTACKER, basis_points_fee: '500' }]),
    ),
  },
  // Sender and chain
  {
    family: 'sender',
    name: 'tx signer is another address',
    kind: 'deposit',
    rewrite: onMsgs((json) => (json.txs[0].cosmos_tx.signer_address = ATTACKER)),
  },
  {
    family: 'sender',
    name: 'message sender is another address',
    kind: 'withdrawal',
    rewrite: editMsg((m) => (m.sender = ATTACKER)),
  },
  {
    family: 'sender',
    name: 'tx for another chain',
    kind: 'deposit',
    rewrite: onMsgs((json) => (json.txs[0].cosmos_tx.chain_id = 'mystery-1')),
  },
  {
    family: 'sender',
    name: "required_chain_addresses without your destination's chain",
    kind: 'swap',
    rewrite: onRoute((r) => (r.required_chain_addresses = ['interwoven-1', 'interwoven-1'])),
  },
  {
    family: 'sender',
    name: 'route starts on another chain',
    kind: 'noble',
    rewrite: onRoute((r) => (r.source_asset_chain_id = 'osmosis-1')),
  },
  {
    family: 'sender',
    name: 'IBC over another channel than the route',
    kind: 'noble',
    rewrite: editMsg((m) => (m.source_channel = 'channel-77')),
  },
  {
    family: 'sender',
    name: 'EVM tx signed by another address',
    kind: 'evmNative',
    rewrite: editEvm((tx) => (tx.signer_address = ETH_ATTACKER)),
  },
  {
    family: 'sender',
    name: 'OFT refund to the attacker',
    kind: 'evmNative',
    rewrite: editEvm((tx) => (tx.data = tx.data.slice(0, 8 + 64 * 4) + word(ETH_ATTACKER) + tx.data.slice(8 + 64 * 5))),
  },
  // Encoding confusion
  {
    family: 'encoding',
    name: 'amino type disagrees with msg_type_url',
    kind: 'deposit',
    rewrite: onMsgs((json) => {
      const m = cosmosMsg(json);
      setCosmosMsg(json, { type: 'cosmos-sdk/MsgSend', value: m });
    }),
  },
  ...['constructor', 'toString', '__proto__'].map((inherited) => ({
    family: 'encoding',
    name: `a CCTP burn whose msg_type_url is "${inherited}" (a name every JavaScript object inherits)`,
    kind: 'cctp' as const,
    rewrite: onMsgs((json) => (json.txs[0].cosmos_tx.msgs[0].msg_type_url = inherited)),
  })),
  {
    family: 'encoding',
    name: '"@type" disagrees with msg_type_url',
    kind: 'deposit',
    rewrite: editMsg((m) => (m['@type'] = MSG_SEND)),
  },
  {
    family: 'encoding',
    name: 'a tx carrying both cosmos_tx and evm_tx',
    kind: 'deposit',
    rewrite: onMsgs(
      (json) => (json.txs[0].evm_tx = { chain_id: 'interwoven-1', to: ETH_ATTACKER, value: '1', data: '' }),
    ),
  },
  {
    family: 'encoding',
    name: 'a field the check does not read inside a message',
    kind: 'noble',
    rewrite: editMsg((m) => (m.callback = { address: ATTACKER })),
  },
  {
    family: 'encoding',
    name: 'an unknown key on the cosmos tx',
    kind: 'deposit',
    rewrite: onMsgs((json) => (json.txs[0].cosmos_tx.fee_granter = ATTACKER)),
  },
  {
    family: 'encoding',
    name: 'message that is not JSON',
    kind: 'deposit',
    rewrite: onMsgs((json) => (json.txs[0].cosmos_tx.msgs[0].msg = '{"sender":')),
  },
  {
    family: 'encoding',
    name: 'an unknown key on the EVM tx',
    kind: 'evmNative',
    rewrite: editEvm((tx) => (tx.authorization_list = [{ address: ETH_ATTACKER }])),
  },
  // The route itself
  {
    family: 'route',
    name: 'a discontinuous path',
    kind: 'hook',
    rewrite: onRoute((r) => (r.operations[1].op_init_transfer.from_chain_id = 'noble-1')),
  },
  {
    family: 'route',
    name: 'an operation of an unknown kind',
    kind: 'deposit',
    rewrite: onRoute(
      (r) => (r.operations = [{ teleport_transfer: { from_chain_id: 'interwoven-1', to_chain_id: 'demo-evm-1' } }]),
    ),
  },
  {
    family: 'route',
    name: 'required_op_hook on a plain deposit',
    kind: 'deposit',
    rewrite: onRoute((r) => (r.required_op_hook = true)),
  },
  {
    family: 'route',
    name: 'another OP bridge than your profile names',
    kind: 'deposit',
    rewrite: (path, json: any) =>
      path === '/v2/fungible/route'
        ? ((json.operations[0].op_init_transfer.op_init_bridge_id = '7'), json)
        : path === '/v2/fungible/msgs'
          ? (() => {
              const m = cosmosMsg(json);
              m.bridge_id = '7';
              setCosmosMsg(json, m);
              return json;
            })()
          : undefined,
  },
  {
    family: 'route',
    name: 'the route ends on another chain than the last operation',
    kind: 'noble',
    rewrite: onRoute((r) => (r.operations[0].transfer.to_chain_id = 'osmosis-1')),
  },
  // The OP hook
  {
    family: 'hook',
    name: 'hook sends to the attacker',
    kind: 'hook',
    rewrite: onHook((h) => {
      const m = JSON.parse(h.hook[0].msg);
      m.to_address = ATTACKER;
      h.hook[0].msg = JSON.stringify(m);
    }),
  },
  {
    family: 'hook',
    name: 'hook sends more than the route delivers (your rollup balance)',
    kind: 'hook',
    rewrite: onHook((h) => {
      const m = JSON.parse(h.hook[0].msg);
      m.amount[0].amount = '999999999999';
      h.hook[0].msg = JSON.stringify(m);
    }),
  },
  {
    family: 'hook',
    name: 'hook for another chain',
    kind: 'hook',
    rewrite: onHook((h) => (h.chain_id = 'interwoven-1')),
  },
  {
    family: 'hook',
    name: 'hook from another account',
    kind: 'hook',
    rewrite: onHook((h) => {
      const m = JSON.parse(h.hook[0].msg);
      m.from_address = ATTACKER;
      h.hook[0].msg = JSON.stringify(m);
    }),
  },
  {
    family: 'hook',
    name: 'hook of a type the check does not know',
    kind: 'hook',
    rewrite: onHook(
      (h) =>
        (h.hook = [
          {
            msg_type_url: '/initia.move.v1.MsgExecuteJSON',
            msg: JSON.stringify({
              sender: INIT,
              module_address: '0x1',
              module_name: 'coin',
              function_name: 'transfer',
              type_args: [],
              args: [],
            }),
          },
        ]),
    ),
  },
  {
    family: 'hook',
    name: 'hook with a second message',
    kind: 'hook',
    rewrite: onHook((h) => h.hook.push({ msg_type_url: MSG_SEND, msg: JSON.stringify(send(ATTACKER)) })),
  },
  {
    family: 'hook',
    name: 'deposit carries other bytes than the signed hook',
    kind: 'hook',
    rewrite: editMemo(
      (m) => (m.move.message.args[3] = Buffer.concat([Buffer.from([4]), Buffer.from('evil')]).toString('base64')),
    ),
  },
  {
    family: 'hook',
    name: 'LayerZero route: deposit without the signed hook, to the attacker',
    kind: 'evmHook',
    rewrite: editMsg((m) => {
      m.to = ATTACKER;
      m.data = '';
    }, 1),
  },
  // Trust anchors: the router lies consistently in the route and in the messages (issue 33, root 1)
  {
    family: 'anchor',
    name: 'the OFT contract replaced in the route, the call and the approval (ERC-20)',
    kind: 'evmErc20',
    rewrite: both(
      (r) => (opOf(r, 'layer_zero_transfer').source_oft_contract_address = ETH_ATTACKER),
      (m) => {
        const tx = m.txs[0].evm_tx;
        tx.to = ETH_ATTACKER;
        tx.required_erc20_approvals[0].spender = ETH_ATTACKER;
      },
    ),
  },
  {
    family: 'anchor',
    name: 'the OFT contract replaced in the route and the call (native value)',
    kind: 'evmNative',
    rewrite: both(
      (r) => (opOf(r, 'layer_zero_transfer').source_oft_contract_address = ETH_ATTACKER),
      (m) => (m.txs[0].evm_tx.to = ETH_ATTACKER),
    ),
  },
  {
    family: 'anchor',
    name: 'the LayerZero endpoint id changed in the route and the calldata (another chain, your address)',
    kind: 'evmErc20',
    rewrite: both(
      (r) => (opOf(r, 'layer_zero_transfer').destination_endpoint_id = 30110),
      (m) => editOft((a) => (a[0][0] = 30110n))(m.txs[0].evm_tx),
    ),
  },
  {
    family: 'anchor',
    name: 'the LayerZero endpoint id changed in the calldata only (the route names none)',
    kind: 'evmNative',
    rewrite: both(
      (r) => delete opOf(r, 'layer_zero_transfer').destination_endpoint_id,
      (m) => editOft((a) => (a[0][0] = 30184n))(m.txs[0].evm_tx),
    ),
  },
  {
    family: 'anchor',
    name: 'the ibc-hooks entry contract replaced in the route, the receiver and the memo',
    kind: 'swap',
    rewrite: both(
      (r) => (opOf(r, 'transfer').to_chain_entry_contract_address = ATTACKER_ENTRY),
      (m) => {
        const msg = cosmosMsg(m);
        const memo = JSON.parse(msg.memo);
        memo.wasm.contract = ATTACKER_ENTRY;
        msg.receiver = ATTACKER_ENTRY;
        msg.memo = JSON.stringify(memo);
        setCosmosMsg(m, msg);
      },
    ),
  },
  {
    family: 'anchor',
    name: 'an IBC channel to a chain the attacker runs, in the route and the message, to your own address',
    kind: 'noble',
    rewrite: both(
      (r) => (opOf(r, 'transfer').channel = 'channel-4242'),
      (m) => {
        const msg = cosmosMsg(m);
        msg.source_channel = 'channel-4242';
        setCosmosMsg(m, msg);
      },
    ),
  },
  {
    family: 'anchor',
    name: "Initia's channel to Noble used for a transfer to Osmosis (the registry says where it leads)",
    kind: 'swap',
    rewrite: both(
      (r) => (opOf(r, 'transfer').channel = 'channel-3'),
      (m) => {
        const msg = cosmosMsg(m);
        msg.source_channel = 'channel-3';
        setCosmosMsg(m, msg);
      },
    ),
  },
  {
    family: 'anchor',
    name: 'the route names no IBC channel and the message uses an unknown one',
    kind: 'osmoBack',
    rewrite: both(
      (r) => delete opOf(r, 'transfer').channel,
      (m) => {
        const msg = cosmosMsg(m);
        msg.source_channel = 'channel-9999';
        setCosmosMsg(m, msg);
      },
    ),
  },
  {
    family: 'anchor',
    name: 'the OP bridge id changed in the route and the Move hook (BCS)',
    kind: 'hook',
    rewrite: both(
      (r) => (opOf(r, 'op_init_transfer').op_init_bridge_id = '9'),
      (m) => {
        const msg = cosmosMsg(m);
        const memo = JSON.parse(msg.memo);
        memo.move.message.args[0] = u64(9n);
        msg.memo = JSON.stringify(memo);
        setCosmosMsg(m, msg);
      },
    ),
  },
  {
    family: 'anchor',
    name: 'the OP bridge id left out of the route, another in the deposit',
    kind: 'deposit',
    rewrite: both(
      (r) => delete opOf(r, 'op_init_transfer').op_init_bridge_id,
      (m) => {
        const msg = cosmosMsg(m);
        msg.bridge_id = '11';
        setCosmosMsg(m, msg);
      },
    ),
  },
  {
    family: 'anchor',
    name: 'the swap quote 1,000× too low, with the minimum the router computes from it',
    kind: 'swap',
    rewrite: onRoute((r) => {
      const low = (BigInt(r.amount_out) / 1000n).toString();
      r.amount_out = low;
      r.estimated_amount_out = low;
    }),
  },
  {
    family: 'anchor',
    name: 'a swap quote of 1 unit and a minimum of 1',
    kind: 'swap',
    rewrite: both(
      (r) => {
        r.amount_out = '1';
        r.estimated_amount_out = '1';
      },
      (m) => {
        const msg = cosmosMsg(m);
        const memo = JSON.parse(msg.memo);
        memo.wasm.msg.swap_and_action.min_asset.native.amount = '1';
        msg.memo = JSON.stringify(memo);
        setCosmosMsg(m, msg);
      },
    ),
  },
  {
    family: 'anchor',
    name: 'a swap followed by a further IBC hop accepts a minimum of 1',
    kind: 'swap',
    rewrite: editMemo((m) => {
      const sa = m.wasm.msg.swap_and_action;
      sa.min_asset.native.amount = '1';
      sa.post_swap_action = {
        ibc_transfer: {
          ibc_info: {
            source_channel: 'channel-750',
            receiver: OSMO_DEST_ADDRESS,
            memo: '',
            recover_address: OSMO_DEST_ADDRESS,
          },
        },
      };
    }),
  },
  {
    family: 'anchor',
    name: 'an OFT minimum of a thousandth, with the quote lowered to match',
    kind: 'evmErc20',
    rewrite: both(
      (r) => {
        const low = (BigInt(r.amount_out) / 1000n).toString();
        r.amount_out = low;
        r.estimated_amount_out = low;
      },
      (m) => editOft((a) => (a[0][3] = BigInt(a[0][2]) / 1000n))(m.txs[0].evm_tx),
    ),
  },
  // Sums across transactions and denoms, and fields that decide who can finish the transfer
  {
    family: 'sums',
    name: 'the second transaction of a two-tx route duplicated (it sends twice)',
    kind: 'twoTx',
    rewrite: onMsgs((json) => json.txs.push(structuredClone(json.txs[1]))),
  },
  {
    family: 'sums',
    name: 'the second transaction sends another asset than the withdrawal brings',
    kind: 'twoTx',
    rewrite: editMsg((m) => (m.token.denom = USDC_ON_INITIA_DENOM), 1),
  },
  {
    family: 'sums',
    name: 'the withdrawal brings half of what the next transaction sends on',
    kind: 'twoTx',
    rewrite: editMsg((m) => (m.amount.amount = (BigInt(m.amount.amount) / 2n).toString()), 0),
  },
  {
    family: 'sums',
    name: 'a second IBC transfer in the second transaction, of the same amount',
    kind: 'twoTx',
    rewrite: onMsgs((json) => json.txs[1].cosmos_tx.msgs.push(json.txs[1].cosmos_tx.msgs[0])),
  },
  {
    family: 'sums',
    name: 'the OP hook sends on more than the deposit brings (route and hook raised together)',
    kind: 'hook',
    rewrite: (path, json: any) => {
      if (path === '/v2/fungible/route') {
        json.amount_out = (BigInt(json.amount_out) * 3n).toString();
        json.estimated_amount_out = json.amount_out;
        return json;
      }
      if (path === '/op-hook') {
        const m = JSON.parse(json.hook[0].msg);
        m.amount[0].amount = (BigInt(m.amount[0].amount) * 3n).toString();
        json.hook[0].msg = JSON.stringify(m);
        return json;
      }
      return undefined;
    },
  },
  {
    family: 'sums',
    name: 'CCTP burn with a destination caller: only that caller may mint',
    kind: 'cctp',
    rewrite: onMsgs((json) => {
      const tx = json.txs[0].cosmos_tx;
      tx.msgs[0].msg_type_url = '/circle.cctp.v1.MsgDepositForBurnWithCaller';
      const m = JSON.parse(tx.msgs[0].msg);
      m.destination_caller = Buffer.alloc(32, 0xa7).toString('base64');
      tx.msgs[0].msg = JSON.stringify(m);
    }),
  },
  {
    family: 'sums',
    name: 'CCTP MsgDepositForBurn whose JSON names a destination caller the chain never reads',
    kind: 'cctp',
    rewrite: editMsg((m) => (m.destination_caller = Buffer.alloc(32, 0xa7).toString('base64'))),
  },
  {
    family: 'sums',
    name: 'an IBC timeout already past',
    kind: 'noble',
    rewrite: editMsg((m) => (m.timeout_timestamp = String(NOW_NS - 1_000_000_000n))),
  },
  {
    family: 'sums',
    name: 'no IBC timeout at all',
    kind: 'noble',
    rewrite: editMsg((m) => (m.timeout_timestamp = '0')),
  },
  {
    family: 'sums',
    name: 'an IBC timeout height on the receiving chain',
    kind: 'osmoBack',
    rewrite: editMsg((m) => (m.timeout_height = { revision_number: '1', revision_height: '5' })),
  },
  {
    family: 'sums',
    name: 'a swap that expired already',
    kind: 'swap',
    rewrite: editMemo(
      (m) => (m.wasm.msg.swap_and_action.timeout_timestamp = Number(NOW_NS / 1_000_000_000n) * 1e9 - 1e12),
    ),
  },
  // Reading each field exactly as the chain will (root 2 of issue 33): numerals, bech32, address forms, memo JSON
  {
    family: 'reading',
    name: 'amount with a leading zero (Go reads it as octal)',
    kind: 'noble',
    rewrite: editMsg((m) => (m.token.amount = `0${m.token.amount}`)),
  },
  {
    family: 'reading',
    name: 'amount in hex',
    kind: 'noble',
    rewrite: editMsg((m) => (m.token.amount = hex(m.token.amount))),
  },
  {
    family: 'reading',
    name: 'amount with an underscore (1_000)',
    kind: 'noble',
    rewrite: editMsg((m) => (m.token.amount = m.token.amount.replace(/^(\d)/, '$1_'))),
  },
  {
    family: 'reading',
    name: 'amount with a plus sign',
    kind: 'noble',
    rewrite: editMsg((m) => (m.token.amount = `+${m.token.amount}`)),
  },
  {
    family: 'reading',
    name: 'amount with a leading space',
    kind: 'noble',
    rewrite: editMsg((m) => (m.token.amount = ` ${m.token.amount}`)),
  },
  {
    family: 'reading',
    name: 'deposit amount with a leading zero',
    kind: 'deposit',
    rewrite: editMsg((m) => (m.amount.amount = `0${m.amount.amount}`)),
  },
  { family: 'reading', name: 'bridge_id "01"', kind: 'deposit', rewrite: editMsg((m) => (m.bridge_id = '01')) },
  {
    family: 'reading',
    name: 'timeout_timestamp in hex',
    kind: 'noble',
    rewrite: editMsg((m) => (m.timeout_timestamp = hex(m.timeout_timestamp))),
  },
  {
    family: 'reading',
    name: 'timeout height revision "01"',
    kind: 'noble',
    rewrite: editMsg((m) => (m.timeout_height = { revision_number: '01', revision_height: '5' })),
  },
  {
    family: 'reading',
    name: 'withdrawal amount with a leading zero',
    kind: 'withdrawal',
    rewrite: editMsg((m) => (m.amount.amount = `0${m.amount.amount}`)),
  },
  {
    family: 'reading',
    name: 'approval amount with a leading zero',
    kind: 'evmErc20',
    rewrite: editEvm((tx) => (tx.required_erc20_approvals[0].amount = `0${tx.required_erc20_approvals[0].amount}`)),
  },
  {
    family: 'reading',
    name: 'EVM value with a leading zero',
    kind: 'evmNative',
    rewrite: editEvm((tx) => (tx.value = `0${tx.value}`)),
  },
  {
    family: 'reading',
    name: 'EVM value in hex',
    kind: 'evmNative',
    rewrite: editEvm((tx) => (tx.value = hex(tx.value))),
  },
  { family: 'reading', name: 'CCTP domain "00"', kind: 'cctp', rewrite: editMsg((m) => (m.destination_domain = '00')) },
  {
    family: 'reading',
    name: 'CCTP amount with a leading zero',
    kind: 'cctp',
    rewrite: editMsg((m) => (m.amount = `0${m.amount}`)),
  },
  {
    family: 'reading',
    name: 'swap minimum with a leading zero',
    kind: 'swap',
    rewrite: editMemo(
      (m) =>
        (m.wasm.msg.swap_and_action.min_asset.native.amount = `0${m.wasm.msg.swap_and_action.min_asset.native.amount}`),
    ),
  },
  {
    family: 'reading',
    name: 'swap timeout written as a fraction',
    kind: 'swap',
    rewrite: editMemo((m) => (m.wasm.msg.swap_and_action.timeout_timestamp = 1.5)),
  },
  {
    family: 'reading',
    name: 'OP hook amount with a leading zero',
    kind: 'hook',
    rewrite: onHook((h) => {
      const m = JSON.parse(h.hook[0].msg);
      m.amount[0].amount = `0${m.amount[0].amount}`;
      h.hook[0].msg = JSON.stringify(m);
    }),
  },
  {
    family: 'reading',
    name: "route's amount_in with a leading zero",
    kind: 'deposit',
    rewrite: onRoute((r) => (r.amount_in = `0${r.amount_in}`)),
  },
  {
    family: 'reading',
    name: 'mixed-case receiver (the chain refuses it)',
    kind: 'noble',
    rewrite: editMsg((m) => (m.receiver = mixCase(m.receiver))),
  },
  {
    family: 'reading',
    name: 'a 32-byte receiver whose low 20 bytes are yours',
    kind: 'noble',
    rewrite: editMsg((m) => (m.receiver = wide(m.receiver))),
  },
  {
    family: 'reading',
    name: 'a deposit to a 32-byte account holding your 20 bytes',
    kind: 'deposit',
    rewrite: editMsg((m) => (m.to = wide(m.to))),
  },
  {
    family: 'reading',
    name: 'EVM signer: an osmo1 address of your 0x bytes',
    kind: 'evmNative',
    rewrite: editEvm(
      (tx) =>
        (tx.signer_address = bech32.encode('osmo', bech32.toWords(Buffer.from(tx.signer_address.slice(2), 'hex')))),
    ),
  },
  {
    family: 'reading',
    name: 'Move hook receiver in another case',
    kind: 'hook',
    rewrite: editMsg((m) => (m.receiver = m.receiver.replace('op_bridge_hook', 'OP_BRIDGE_HOOK'))),
  },
  {
    family: 'reading',
    name: 'memo with a leading U+FEFF (not JSON for the chain: no hook runs)',
    kind: 'hook',
    rewrite: editMsg((m) => (m.memo = `\ufeff${m.memo}`)),
  },
  {
    family: 'reading',
    name: 'memo with a leading U+00A0',
    kind: 'swap',
    rewrite: editMsg((m) => (m.memo = `\u00a0${m.memo}`)),
  },
  {
    family: 'reading',
    name: 'memo with a trailing U+2028',
    kind: 'hook',
    rewrite: editMsg((m) => (m.memo = `${m.memo}\u2028`)),
  },
  {
    family: 'reading',
    name: 'memo with two "wasm" keys',
    kind: 'swap',
    rewrite: editMsg((m) => {
      const memo = JSON.parse(m.memo);
      const evil = structuredClone(memo.wasm);
      evil.msg.swap_and_action.post_swap_action.transfer.to_address = OSMO_ATTACKER;
      m.memo = `{"wasm":${JSON.stringify(evil)},"wasm":${JSON.stringify(memo.wasm)}}`;
    }),
  },
  {
    family: 'reading',
    name: 'a key twice inside the swap message',
    kind: 'swap',
    rewrite: editMsg(
      (m) =>
        (m.memo = m.memo.replace('"min_asset":', '"min_asset":{"native":{"denom":"uosmo","amount":"1"}},"min_asset":')),
    ),
  },
  {
    family: 'reading',
    name: 'a key twice in the message JSON',
    kind: 'noble',
    rewrite: onMsgs((json) => {
      const raw: string = json.txs[0].cosmos_tx.msgs[0].msg;
      json.txs[0].cosmos_tx.msgs[0].msg = `{"receiver":${JSON.stringify(ATTACKER)},${raw.slice(1)}`;
    }),
  },
  {
    family: 'reading',
    name: 'a lone surrogate in the memo',
    kind: 'swap',
    rewrite: editMsg((m) => (m.memo = m.memo.replace('"swap_venue_name":"', '"swap_venue_name":"\\ud800'))),
  },
  {
    family: 'reading',
    name: 'LayerZero receiver word with upper bytes set over your 20 bytes',
    kind: 'evmErc20',
    rewrite: editEvm(
      (tx) => (tx.data = tx.data.slice(0, 8 + 64 * 4) + 'ff'.repeat(12) + hexOf(INIT_DEST) + tx.data.slice(8 + 64 * 5)),
    ),
  },
];

test(`at least 120 hostile cases across every family`, () => {
  assert.ok(CASES.length >= 120, `${CASES.length}`);
  assert.deepEqual([...new Set(CASES.map((c) => c.family))].sort(), [
    'amount',
    'anchor',
    'encoding',
    'extra',
    'hook',
    'reading',
    'receiver',
    'route',
    'sender',
    'sums',
  ]);
  assert.ok(CASES.filter((c) => c.family === 'reading').length >= 20);
});

for (const c of CASES) {
  test(`hostile (${c.family}): ${c.name}`, async () => {
    bf.proxy.changed = 0;
    const kind = KINDS[c.kind]!;
    const out = await flow(c.dest ? { ...kind, destDenom: c.dest } : kind, c.rewrite, { sign: c.sign });
    assert.ok(bf.proxy.changed > 0, 'the tamper changed the answer on the wire');
    assert.notEqual(out.kind, 'matches', `not a match: ${c.name}`);
    assert.ok(out.texts.length > 0 && out.texts.every((t) => t.length > 20), 'said in words');
  });
}

// Signed hooks the user pastes back: refused before /v2/fungible/msgs is asked.
const SIGNED: Array<{ name: string; sign: (hook: any) => { signer: string; hook: string } }> = [
  {
    name: '"Hello world this is not a signed tx"',
    sign: () => ({ signer: INIT, hook: Buffer.from('Hello world this is not a signed tx').toString('base64') }),
  },
  {
    name: 'a signed hook that sends elsewhere',
    sign: () => ({
      signer: INIT,
      hook: signHook({ hook: [{ msg_type_url: MSG_SEND, msg: JSON.stringify(send(ATTACKER)) }] }),
    }),
  },
  {
    name: 'a signed hook without a signature',
    sign: (h) => ({
      signer: INIT,
      hook: signedTx(
        h.hook.map((m: any) => ({ typeUrl: m.msg_type_url, value: msgSendProto(JSON.parse(m.msg)) })),
        { signatures: 0 },
      ),
    }),
  },
  { name: 'a signer who is not you', sign: (h) => ({ signer: ATTACKER, hook: signHook(h) }) },
  {
    name: 'a signed hook with one more message',
    sign: (h) => ({
      signer: INIT,
      hook: signedTx([
        ...h.hook.map((m: any) => ({ typeUrl: m.msg_type_url, value: msgSendProto(JSON.parse(m.msg)) })),
        { typeUrl: MSG_SEND, value: msgSendProto(send(ATTACKER)) },
      ]),
    }),
  },
];
for (const s of SIGNED) {
  test(`signed hook refused before msgs: ${s.name}`, async () => {
    const before = bf.fake.requests.filter((r) => r.path === '/v2/fungible/msgs').length;
    const out = await flow(KINDS.hook!, undefined, { sign: s.sign });
    assert.equal(out.kind, 'refused');
    assert.equal(bf.fake.requests.filter((r) => r.path === '/v2/fungible/msgs').length, before, 'no msgs request');
  });
}

test('a field the check does not read is "Couldn\'t verify" (said in words), not a made-up difference', async () => {
  const out = await flow(
    KINDS.swap!,
    editMsg((m) => (m.callback = { address: ATTACKER })),
  );
  assert.equal(out.kind, 'unverified');
  assert.deepEqual(out.texts, ['Message 1 (IBC transfer) has field(s) "callback" that this check does not read.']);
});

// ---------------------------------------------------------------------------------------------------------------
// Where the anchors come from

test('no registry: the honest deposit is "Couldn\'t verify", naming the OP bridge the router alone gives', async () => {
  const out = await flow(KINDS.deposit!, undefined, { anchors: [pinnedAnchors()] });
  assert.equal(out.kind, 'unverified');
  assert.ok(
    out.texts.some((t) =>
      /^The router alone says that OP bridge 2 is the bridge of demo-evm-1; nothing else confirms it/.test(t),
    ),
    out.texts.join('\n'),
  );
});

test('a registry that names another bridge for the rollup: "Doesn\'t match", naming both', async () => {
  const chains = parseRegistry(bridgeRegistryChains(), 'r').chains.map((c) =>
    c.chain_id === 'demo-evm-1' ? { ...c, metadata: { ...c.metadata, op_bridge_id: '5' } } : c,
  );
  const out = await flow(KINDS.deposit!, undefined, {
    anchors: [registryAnchors(chains, 'https://r.example/chains.json'), pinnedAnchors()],
  });
  assert.equal(out.kind, 'mismatch');
  assert.ok(
    out.texts.some((t) =>
      t.includes('the registry you chose (https://r.example/chains.json) names bridge 5 for demo-evm-1'),
    ),
    out.texts.join('\n'),
  );
});

test('two sources that disagree on a channel are no anchor', async () => {
  const contradiction = {
    channels: [
      { chain: 'noble-1', port: 'transfer', channel: 'channel-129', value: 'osmosis-1', source: 'another registry' },
    ],
  };
  const out = await flow(KINDS.noble!, undefined, { anchors: [...demoAnchors(), contradiction] });
  assert.equal(out.kind, 'unverified');
  assert.ok(
    out.texts.some((t) => t.startsWith('The sources disagree on the IBC channel from noble-1 to interwoven-1')),
    out.texts.join('\n'),
  );
});

test('decimals from the router alone: "Couldn\'t verify", in words', async () => {
  const out = await flow(KINDS.deposit!, undefined, { decimalsFrom: 'router' });
  assert.equal(out.kind, 'unverified');
  assert.ok(
    out.texts.some((t) => /The router alone says that uinit has 6 decimals/.test(t)),
    out.texts.join('\n'),
  );
});

test('a matching swap says what its minimum rests on (a caveat, not an effect)', async () => {
  const out = await flow(KINDS.swap!);
  assert.equal(out.kind, 'matches');
  assert.ok(
    out.caveats?.some((c) => c.startsWith("The swap's minimum rests on the router's own quote")),
    String(out.caveats),
  );
});

test('the Skip entry point the route names is the pinned one', () => {
  assert.equal(OSMOSIS_ENTRY, 'osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u');
});

test('a route claiming the deposit brings your L2 INIT while it mints OSMO: the OP hook would spend your own INIT there', async () => {
  // The fake router answers any destination asset asked for (endsAsAsked): here it claims the OSMO deposit delivers L2 INIT.
  const out = await flow({ ...KINDS.hook!, destDenom: L2_DENOM });
  assert.notEqual(out.kind, 'matches');
  assert.ok(
    out.texts.some((t) => t.includes(`mints ${'l2/'}`) && t.includes('another asset of yours')),
    out.texts.join('\n'),
  );
});

test('a packet-forward memo with "Receiver" and "receiver" (Go matches field names in any case) is not a match', async () => {
  const out = await flow(
    KINDS.noble!,
    editMsg(
      (m) =>
        (m.memo = JSON.stringify({
          forward: { Receiver: ATTACKER, receiver: INIT_DEST, port: 'transfer', channel: 'channel-0' },
        })),
    ),
  );
  assert.notEqual(out.kind, 'matches');
  assert.ok(out.texts.length > 0);
});

test('a non-canonical numeral is said in words, as a mismatch', async () => {
  const out = await flow(
    KINDS.noble!,
    editMsg((m) => (m.token.amount = `0${m.token.amount}`)),
  );
  assert.equal(out.kind, 'mismatch');
  assert.ok(
    out.texts.some((t) =>
      /token\.amount is written "025000000", not a canonical whole number: the chain may read it differently/.test(t),
    ),
    out.texts.join('\n'),
  );
});

test('a memo the chain does not read as JSON (leading U+FEFF) lands at the receiver, not in the hook', async () => {
  const out = await flow(
    KINDS.hook!,
    editMsg((m) => (m.memo = `\ufeff${m.memo}`)),
  );
  assert.equal(out.kind, 'mismatch');
  assert.ok(
    out.texts.some((t) => t.includes('0x1::op_bridge_hook::deposit')),
    out.texts.join('\n'),
  );
});

test('a slippage the check cannot read is never "no minimum": a swap is "Couldn\'t verify", in words', async () => {
  for (const k of [KINDS.swap!, KINDS.evmErc20!]) {
    const out = await flow({ ...k, slippage: '1%' });
    assert.equal(out.kind, 'unverified', k.name);
    assert.ok(
      out.texts.some((t) => /the least you accept could not be worked out/.test(t)),
      out.texts.join('\n'),
    );
  }
});
