/**
 * The Move REST client and a Move transaction explained, over real HTTP against the fake Move REST
 * (test/fixtures/fakeMove.ts): one module request per module across explanations, MsgExecute arguments decoded by the
 * on-chain ABI (signers dropped; BCS made by @mysten/bcs's encoder), MsgExecuteJSON arguments as sent, a module the
 * node does not have shown raw with the reason, the `move` events, the abort parsed and named from the chain's own
 * error map, and a view call whose typed init1… address reaches the node as hex.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bech32 } from 'bech32';
import { DEFAULT_HTTP_OPTIONS, HttpClient } from '../../src/core/http';
import { MoveClient } from '../../src/core/move/client';
import { explainMove } from '../../src/core/move/explain';
import { encodeBcs } from '../../src/core/move/bcs';
import { jsonArg } from '../../src/core/move/jsonArgs';
import { readErrorMap } from '../../src/core/move/errorMap';
import { nameAbort } from '../../src/core/move/naming';
import { startFakeMoveRest } from '../fixtures/fakeMove';
import { MOVE_ACCOUNT } from '../fixtures/moveData';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const client = (url: string) =>
  new MoveClient(url, new HttpClient({ ...DEFAULT_HTTP_OPTIONS, service: 'node', maxRetries: 0 }));

const ABORT =
  'failed to execute message; message index: 1: VM aborted: location=0000000000000000000000000000000000000000000000000000000000000001::fungible_asset, code=65540';

const messages = [
  {
    '@type': '/initia.move.v1.MsgExecute',
    sender: 'init1wlvk4e083pd3nddlfe5quy56e68atra3gu9xfs',
    module_address: '0x1',
    module_name: 'fungible_asset',
    function_name: 'transfer',
    type_args: ['0x1::fungible_asset::Metadata'],
    args: [b64(encodeBcs('address', '0xaa')), b64(encodeBcs('address', '0xbb')), b64(encodeBcs('u64', '2500000'))],
  },
  {
    '@type': '/initia.move.v1.MsgExecuteJSON',
    sender: 'init1wlvk4e083pd3nddlfe5quy56e68atra3gu9xfs',
    module_address: '0xCAFE',
    module_name: 'vault',
    function_name: 'withdraw',
    type_args: [],
    args: ['"2000000"', 'null'],
  },
  {
    '@type': '/initia.move.v1.MsgExecute',
    module_address: '0xbeef',
    module_name: 'gone',
    function_name: 'f',
    type_args: [],
    args: ['AQ=='],
  },
  { '@type': '/cosmos.bank.v1beta1.MsgSend', from_address: 'a', to_address: 'b', amount: [] },
];

const events = [
  {
    type: 'move',
    attributes: [
      { key: 'type_tag', value: '0x1::fungible_asset::WithdrawEvent' },
      { key: 'data', value: '{"store":"0xaa","amount":"2500000"}' },
      { key: 'msg_index', value: '0' },
    ],
  },
  { type: 'coin_spent', attributes: [{ key: 'amount', value: '1uinit' }] },
];

test('a Move transaction explained against the node: ABIs asked once per module, arguments decoded, the abort named', async (t) => {
  const rest = await startFakeMoveRest();
  t.after(() => rest.close());
  const moves = client(rest.url);
  const read = (address: string, module: string) => moves.module(address, module);
  const first = await explainMove(messages, events, ABORT, read);
  assert.deepEqual(
    first.calls.map((c) => [c.msgIndex, c.kind, c.target, c.typeArgs]),
    [
      [0, 'execute', '0x1::fungible_asset::transfer', ['0x1::fungible_asset::Metadata']],
      [1, 'executeJson', '0xcafe::vault::withdraw', []],
      [2, 'execute', '0xbeef::gone::f', []],
    ],
  );
  assert.deepEqual(
    first.calls[0]!.args.map((a) => [a.type, a.value]),
    [
      ['0x1::object::Object<T0>', `0x${'0'.repeat(62)}aa`],
      ['0x1::object::Object<T0>', `0x${'0'.repeat(62)}bb`],
      ['u64', '2500000'],
    ],
    'the leading &signer is dropped; Object<T0> is an address',
  );
  assert.deepEqual(
    first.calls[1]!.args.map((a) => a.value),
    ['2000000', null],
  );
  assert.match(first.calls[2]!.problem ?? '', /its module's ABI could not be read: .*not found/);
  assert.deepEqual(first.calls[2]!.args, [{ type: '?', raw: 'AQ==' }], 'shown raw');
  assert.deepEqual(first.events, [
    { typeTag: '0x1::fungible_asset::WithdrawEvent', data: { store: '0xaa', amount: '2500000' }, msgIndex: 0 },
  ]);
  assert.equal(first.failure?.kind, 'aborted');

  const before = rest.count('/initia/move/v1/accounts/');
  assert.equal(before, 3, 'one request per module');
  await explainMove(messages, events, ABORT, read);
  assert.equal(
    rest.count('/initia/move/v1/accounts/'),
    4,
    'cached across explanations; the missing module is asked again',
  );

  const fa = await moves.module('0x1', 'fungible_asset');
  assert.ok(fa.bytes, 'the node sends the compiled bytes');
  const named = nameAbort(first.failure as never, { chain: { map: readErrorMap(fa.bytes) } });
  assert.deepEqual([named.source, named.name], ['chain', 'EINSUFFICIENT_BALANCE']);
});

test('a view call sends what the VM reads: an init1… address typed by the user reaches the node as hex', async (t) => {
  const rest = await startFakeMoveRest();
  t.after(() => rest.close());
  const typed = bech32.encode('init', bech32.toWords(Buffer.from(MOVE_ACCOUNT.slice(2), 'hex')));
  const arg = jsonArg('address', typed);
  assert.ok(arg.ok);
  const answer = await client(rest.url).view({
    address: '0xcafe',
    module: 'vault',
    function: 'balance',
    typeArgs: [],
    args: [arg.json],
  });
  assert.equal(JSON.parse(answer.data), '1500000');
  const sent = JSON.parse(rest.requests.at(-1)!.body);
  assert.deepEqual(sent, {
    address: '0xcafe',
    module_name: 'vault',
    function_name: 'balance',
    type_args: [],
    args: [`"${MOVE_ACCOUNT}"`],
  });
  await assert.rejects(
    client(rest.url).view({
      address: '0xcafe',
      module: 'vault',
      function: 'balance',
      typeArgs: [],
      args: [JSON.stringify(typed)],
    }),
    /invalid address/,
    'the bech32 text itself is what the real node refuses (HTTP 500)',
  );
});
