/**
 * Explain Transaction in plain Node: message kinds in words, events under their message (msg_index) and the fee's
 * apart, balance changes from coin_spent / coin_received, the failed outcome with the chain's reason, amounts in whole
 * units where decimals are known, accounts and heights linked and nothing else, an EVM tx with decoded logs and its
 * internal call tree.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  balanceChanges,
  callTree,
  evmLogsOf,
  groupEvents,
  msgTypeWords,
  parseCoins,
  quantity,
  readEvents,
  signersOf,
} from '../../src/core/txExplain';
import { VALUE_UNKNOWN, explainCosmos, explainEvm, fillEvmValue } from '../../src/explain/txView';
import { ExplainView } from '../../src/explain/protocol';
import { EvmTx, Tx } from '../../src/core/indexer/schemas';

const A = 'init1veaum7vy45fzw5x4mflskgx5lnmwmxx5wm3x8p';
const B = 'init1w9chzut3w9chzut3w9chzut3w9chzut3r6wh8v';
const attr = (key: string, value: string, index = true) => ({ key, value, index });

/** A Cosmos SDK 0.50 tx as rollytics sends it: two sends, a fee, events with msg_index. */
function sdkTx(opts: { failed?: boolean; messages?: number } = {}) {
  const n = opts.messages ?? 2;
  const messages = Array.from({ length: n }, (_, i) => ({
    '@type': '/cosmos.bank.v1beta1.MsgSend',
    from_address: A,
    to_address: B,
    amount: [{ denom: 'uinit', amount: String(1_500_000 + i) }],
  }));
  const events = [
    { type: 'coin_spent', attributes: [attr('spender', A), attr('amount', '2000uinit')] },
    {
      type: 'coin_received',
      attributes: [attr('receiver', 'init17xpfvakm2amg962yls6f84z3kell8c5l70rnql'), attr('amount', '2000uinit')],
    },
    { type: 'tx', attributes: [attr('fee', '2000uinit'), attr('fee_payer', A)] },
    ...messages.flatMap((m, i) => [
      {
        type: 'message',
        attributes: [
          attr('action', '/cosmos.bank.v1beta1.MsgSend'),
          attr('sender', A),
          attr('module', 'bank'),
          attr('msg_index', String(i)),
        ],
      },
      {
        type: 'coin_spent',
        attributes: [attr('spender', A), attr('amount', `${m.amount[0]!.amount}uinit`), attr('msg_index', String(i))],
      },
      {
        type: 'coin_received',
        attributes: [attr('receiver', B), attr('amount', `${m.amount[0]!.amount}uinit`), attr('msg_index', String(i))],
      },
      {
        type: 'transfer',
        attributes: [
          attr('recipient', B),
          attr('sender', A),
          attr('amount', `${m.amount[0]!.amount}uinit`),
          attr('msg_index', String(i)),
        ],
      },
    ]),
  ];
  return Tx.parse({
    txhash: 'AB'.repeat(32),
    height: '1234',
    code: opts.failed ? 5 : 0,
    codespace: opts.failed ? 'sdk' : '',
    raw_log: opts.failed
      ? 'failed to execute message; message index: 0: 5uinit is smaller than 10uinit: insufficient funds'
      : '',
    gas_used: '81234',
    gas_wanted: '120000',
    timestamp: '2026-11-24T10:00:00.123456789Z',
    tx: {
      body: { messages, memo: 'for <b>lunch</b> \u202e' },
      auth_info: { fee: { amount: [{ denom: 'uinit', amount: '2000' }] } },
    },
    events: opts.failed ? [events[0], events[1], events[2]] : events,
  });
}

const INIT = (denom: string) => (denom === 'uinit' ? { symbol: 'INIT', decimals: 6 } : undefined);

test('txExplain: message kinds in words, coins from events, signers, hex quantities', () => {
  assert.equal(msgTypeWords('/cosmos.bank.v1beta1.MsgSend'), 'Send');
  assert.equal(msgTypeWords('/ibc.applications.transfer.v1.MsgTransfer'), 'IBC transfer');
  assert.equal(msgTypeWords('/minievm.evm.v1.MsgCall'), 'Call EVM contract');
  assert.equal(msgTypeWords('/initia.move.v1.MsgExecuteJSON'), 'Execute Move function');
  assert.equal(msgTypeWords('/my.module.v1.MsgDoSomethingNew'), 'Do something new', 'an unknown type de-camelled');
  assert.deepEqual(parseCoins('1500000uinit,20ibc/ABC'), [
    { amount: '1500000', denom: 'uinit' },
    { amount: '20', denom: 'ibc/ABC' },
  ]);
  assert.deepEqual(parseCoins('nonsense'), []);
  assert.deepEqual(signersOf([{ from_address: A }, { sender: B }, { sender: A }]), [A, B]);
  assert.equal(quantity('0x1a'), '26');
  assert.equal(quantity('0012'), '12');
  assert.equal(quantity('x'), undefined);
  assert.deepEqual(readEvents([{ type: 'x', attributes: [{ key: 'k', value: 1 }] }, 'junk', { attributes: [] }]), [
    { type: 'x', attributes: [{ key: 'k', value: '1' }] },
  ]);
});

test('txExplain: events under their message by msg_index, the fee apart; balance changes net per address', () => {
  const tx = sdkTx();
  const events = readEvents(tx.events);
  const { byMessage, other } = groupEvents(events, 2);
  assert.deepEqual(
    byMessage.map((e) => e.map((x) => x.type)),
    [
      ['message', 'coin_spent', 'coin_received', 'transfer'],
      ['message', 'coin_spent', 'coin_received', 'transfer'],
    ],
  );
  assert.ok(
    byMessage.flat().every((e) => e.attributes.every((a) => a.key !== 'msg_index')),
    'msg_index is how they are grouped, not shown',
  );
  assert.deepEqual(
    other.map((e) => e.type),
    ['coin_spent', 'coin_received', 'tx'],
    'fee events apart',
  );
  assert.deepEqual(balanceChanges(events), [
    { address: A, changes: [{ denom: 'uinit', amount: '-3002001' }] },
    { address: 'init17xpfvakm2amg962yls6f84z3kell8c5l70rnql', changes: [{ denom: 'uinit', amount: '2000' }] },
    { address: B, changes: [{ denom: 'uinit', amount: '3000001' }] },
  ]);
});

test('explainCosmos: outcome, facts, messages with their events, balances in whole units; accounts and the height link', () => {
  const view = ExplainView.parse(explainCosmos(sdkTx(), { network: 'n', asset: INIT }));
  assert.deepEqual(view.outcome, { ok: true, text: 'Succeeded' });
  const fact = (label: string) => view.facts.find((f) => f.label === label);
  assert.deepEqual(fact('Height'), { label: 'Height', text: '1234', link: { kind: 'block', value: '1234' } });
  assert.equal(fact('Fee')?.text, '0.002 INIT (2,000 uinit)');
  assert.equal(fact('Gas used / wanted')?.text, '81,234 / 120,000');
  assert.deepEqual(fact('Signer')?.link, { kind: 'account', value: A });
  assert.equal(fact('Memo')?.text, 'for <b>lunch</b> \u202e', 'the memo as text (the webview puts it in as text)');
  assert.equal(view.messages.length, 2);
  assert.equal(view.messages[0]!.title, '1. Send');
  assert.deepEqual(
    view.messages[0]!.fields.find((f) => f.label === 'amount'),
    { label: 'amount', text: '1.5 INIT (1,500,000 uinit)' },
  );
  assert.deepEqual(view.messages[0]!.fields.find((f) => f.label === 'to address')?.link, { kind: 'account', value: B });
  assert.deepEqual(
    view.messages[1]!.events.map((e) => e.type),
    ['message', 'coin_spent', 'coin_received', 'transfer'],
  );
  assert.deepEqual(view.balances[0], {
    address: { label: 'Address', text: A, link: { kind: 'account', value: A } },
    changes: ['−3.002001 INIT (3,002,001 uinit)'],
  });
  assert.deepEqual(view.balances[2]!.changes, ['+3.000001 INIT (3,000,001 uinit)']);
  // Nothing but accounts, heights (and hashes) links anywhere: a value that looks like a URL or a command is text.
  const links = [
    ...view.facts,
    ...view.messages.flatMap((m) => [...m.fields, ...m.events.flatMap((e) => e.attributes)]),
  ].filter((f) => f.link);
  assert.ok(links.every((f) => f.link!.kind === 'account' || f.link!.kind === 'block'));
});

test('explainCosmos: a failed tx says so with its code, codespace and the chain reason; base units where decimals are unknown', () => {
  const view = explainCosmos(sdkTx({ failed: true }), { network: 'n' });
  assert.deepEqual(view.outcome, {
    ok: false,
    text: 'Failed with code 5 (sdk)',
    reason: 'failed to execute message; message index: 0: 5uinit is smaller than 10uinit: insufficient funds',
  });
  assert.equal(view.facts.find((f) => f.label === 'Fee')?.text, '2,000 uinit');
  assert.deepEqual(view.messages[0]!.events, [], 'a failed tx has only the fee events');
  assert.equal(view.otherEvents.length, 3);
});

test('explainCosmos: an EVM call decoded, the logs its events carry decoded, the ABI file named by number', () => {
  const tx = Tx.parse({
    ...sdkTx(),
    tx: {
      body: {
        messages: [
          {
            '@type': '/minievm.evm.v1.MsgCall',
            sender: A,
            contract_addr: '0x1a44076050125825900e736c501f859c50fe728c',
            input: `0xa9059cbb${'0'.repeat(24)}${'11'.repeat(20)}${'0'.repeat(63)}1`,
            value: '0',
          },
        ],
      },
    },
    events: [
      {
        type: 'evm',
        attributes: [
          attr(
            'log',
            JSON.stringify({
              address: '0x1a44076050125825900e736c501f859c50fe728c',
              topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'],
              data: '0x01',
            }),
          ),
          attr('msg_index', '0'),
        ],
      },
    ],
  });
  const decoded = {
    name: 'transfer',
    signature: 'transfer(address,uint256)',
    contract: 'Token',
    file: 'file:///ws/out/Token.sol/Token.json',
    args: [
      { name: 'to', type: 'address', value: `0x${'11'.repeat(20)}` },
      { name: 'amount', type: 'uint256', value: '1' },
    ],
  };
  const logs = evmLogsOf(readEvents(tx.events));
  assert.equal(logs.length, 1);
  const view = explainCosmos(tx, {
    network: 'n',
    calls: new Map([[0, decoded]]),
    logs: logs.map((log) => ({
      log,
      decoded: { ...decoded, name: 'Transfer', signature: 'Transfer(address,address,uint256)' },
    })),
  });
  assert.equal(view.messages[0]!.title, '1. Call EVM contract');
  assert.equal(view.messages[0]!.call?.source, 'Token (Token.json)');
  assert.equal(view.messages[0]!.call?.file, 0);
  assert.deepEqual(view.abiFiles, ['file:///ws/out/Token.sol/Token.json'], 'one file, named once');
  assert.equal(view.logs[0]!.decoded?.title, 'Transfer');
  assert.deepEqual(view.messages[0]!.call?.args[0]?.link, { kind: 'account', value: `0x${'11'.repeat(20)}` });
});

test('explainEvm: status, from → to, value in whole units, logs decoded or raw, internal calls as a tree', () => {
  const tx = EvmTx.parse({
    transactionHash: `0x${'cd'.repeat(32)}`,
    blockNumber: '0x4d2',
    from: `0x${'aa'.repeat(20)}`,
    to: `0x${'bb'.repeat(20)}`,
    status: '0x0',
    gasUsed: '0x5208',
    logs: [
      {
        address: `0x${'bb'.repeat(20)}`,
        topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'],
        data: '0x',
      },
      { address: `0x${'cc'.repeat(20)}`, topics: ['0x1234'], data: '0xdead' },
    ],
  });
  const internal = [
    {
      height: '1234',
      hash: tx.transactionHash,
      index: 0,
      parent_index: -1,
      type: 'CALL',
      from: tx.from,
      to: tx.to!,
      value: '0xde0b6b3a7640000',
      gas: '0x7530',
      gasUsed: '0x5208',
      input: '0x',
      output: '0x',
    },
    {
      height: '1234',
      hash: tx.transactionHash,
      index: 2,
      parent_index: 1,
      type: 'STATICCALL',
      from: tx.to!,
      to: `0x${'dd'.repeat(20)}`,
      value: '0x0',
      gas: '0x0',
      gasUsed: '0x0',
      input: '0x',
      output: '0x',
    },
    {
      height: '1234',
      hash: tx.transactionHash,
      index: 1,
      parent_index: 0,
      type: 'DELEGATECALL',
      from: tx.to!,
      to: `0x${'cc'.repeat(20)}`,
      value: '0x0',
      gas: '0x0',
      gasUsed: '0x0',
      input: '0x',
      output: '0x',
    },
  ];
  assert.deepEqual(
    callTree(internal).map((n) => [n.call.index, n.depth]),
    [
      [0, 0],
      [1, 1],
      [2, 2],
    ],
  );
  const view = ExplainView.parse(
    explainEvm(tx, {
      network: 'n',
      internal,
      logs: [
        { name: 'Transfer', signature: 'Transfer(address,address,uint256)', builtin: 'ERC-20', args: [] },
        undefined,
      ],
    }),
  );
  assert.deepEqual(view.outcome, { ok: false, text: 'Reverted (status 0x0)' });
  assert.deepEqual(
    view.facts.find((f) => f.label === 'Block'),
    { label: 'Block', text: '1234', link: { kind: 'block', value: '1234' } },
  );
  assert.equal(
    view.facts.find((f) => f.label === 'Value')?.text,
    '1 (1,000,000,000,000,000,000 wei)',
    'the top call carries the value',
  );
  assert.equal(view.facts.find((f) => f.label === 'Gas used')?.text, '21,000');
  assert.equal(view.logs[0]!.decoded?.source, 'the built-in ERC-20 ABI');
  assert.equal(view.logs[1]!.decoded, undefined);
  assert.deepEqual(view.logs[1]!.topics, ['0x1234'], 'raw when no ABI knows it');
  assert.deepEqual(
    view.calls.map((c) => [c.title, c.depth]),
    [
      ['CALL #0', 0],
      ['DELEGATECALL #1', 1],
      ['STATICCALL #2', 2],
    ],
  );
});

test('explain: a call no ABI decodes is shown raw: its selector, input and output, and which contract has no ABI', () => {
  const market = `0x${'bb'.repeat(20)}`;
  const input = `0xde250604${'0'.repeat(24)}${'11'.repeat(20)}${'0'.repeat(63)}7`;
  const tx = EvmTx.parse({
    transactionHash: `0x${'cd'.repeat(32)}`,
    blockNumber: '0x4d2',
    from: `0x${'aa'.repeat(20)}`,
    to: market,
    status: '0x1',
    gasUsed: '0x5208',
    logs: [],
  });
  const internal = [
    {
      height: '1234',
      hash: tx.transactionHash,
      index: 0,
      parent_index: -1,
      type: 'CALL',
      from: tx.from,
      to: market,
      value: '0x0',
      gas: '0x7530',
      gasUsed: '0x5208',
      input,
      output: `0x${'0'.repeat(63)}1`,
    },
    {
      height: '1234',
      hash: tx.transactionHash,
      index: 1,
      parent_index: 0,
      type: 'CALL',
      from: market,
      to: `0x${'cc'.repeat(20)}`,
      value: '0x1',
      gas: '0x0',
      gasUsed: '0x0',
      input: '0x',
      output: '0x',
    },
  ];
  const view = ExplainView.parse(explainEvm(tx, { network: 'n', internal }));
  assert.deepEqual(view.calls[0]!.raw, {
    selector: '0xde250604',
    input,
    output: `0x${'0'.repeat(63)}1`,
    note: `No ABI in the workspace for ${market} knows the function 0xde250604.`,
  });
  assert.equal(view.calls[1]!.raw, undefined, 'a plain value transfer has nothing to decode');
  // Decoded: no raw.
  const decoded = ExplainView.parse(
    explainEvm(tx, {
      network: 'n',
      internal,
      calls: new Map([[0, { name: 'buyItem', signature: 'buyItem(address,uint256)', args: [] }]]),
    }),
  );
  assert.equal(decoded.calls[0]!.raw, undefined);
  assert.equal(decoded.calls[0]!.decoded?.title, 'buyItem');
  // A Cosmos MsgCall whose input no ABI decodes: the same, under its message.
  const cosmos = Tx.parse({
    ...sdkTx(),
    tx: {
      body: {
        messages: [
          { '@type': '/minievm.evm.v1.MsgCall', sender: A, contract_addr: market, input: input.slice(2), value: '0' },
        ],
      },
    },
  });
  const msg = ExplainView.parse(explainCosmos(cosmos, { network: 'n' })).messages[0]!;
  assert.equal(msg.rawCall?.selector, '0xde250604');
  assert.equal(msg.rawCall?.input, input);
  assert.match(msg.rawCall!.note, new RegExp(`for ${market} knows the function 0xde250604`));
});

test('explain: a 200-message tx: every message with its own four events (the time is measured by npm run bench)', () => {
  const view = explainCosmos(sdkTx({ messages: 200 }), { network: 'n', asset: INIT });
  assert.equal(view.messages.length, 200);
  assert.ok(view.messages.every((m, i) => m.title === `${i + 1}. Send` && m.events.length === 4));
});

test('explainEvm: a failed call the indexer keeps no calls for has an unknown value, not 0; the call trace fills it (issue 34)', () => {
  const tx = EvmTx.parse({
    transactionHash: `0x${'ce'.repeat(32)}`,
    blockNumber: '0x4d2',
    from: `0x${'aa'.repeat(20)}`,
    to: `0x${'bb'.repeat(20)}`,
    status: '0x0',
    gasUsed: '0x5208',
    logs: [],
  });
  const view = ExplainView.parse(explainEvm(tx, { network: 'n', internal: [] }));
  const value = () => view.facts.find((f) => f.label === 'Value')?.text;
  assert.equal(value(), VALUE_UNKNOWN);
  assert.doesNotMatch(value() ?? '', /^0\b/);
  fillEvmValue(view, '1000000000000000000');
  assert.equal(value(), '1 (1,000,000,000,000,000,000 wei)', 'the value the top call of the trace sent');
  fillEvmValue(view, '5');
  assert.equal(value(), '1 (1,000,000,000,000,000,000 wei)', 'a value the indexer or trace gave is kept');
});
