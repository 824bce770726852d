/**
 * The EVM core's pure parts on small hand-made inputs (the real node and compiler output are in evmChain.test.ts):
 * the call tracer's answer flattened and its reverts followed to where they were raised, revert data in words,
 * source maps and program counters, code comparison, opcode steps laid onto frames (and refused when they do not fit),
 * arguments typed for a contract read, the JSON-RPC envelope through the real HTTP layer, the trace view's texts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CallFrameSchema, flattenTrace, revertOrigin, type CallFrame } from '../../src/core/evm/callTrace';
import { classifyRevert, panicWords, revertWords } from '../../src/core/evm/revert';
import { decodeSourceMap, instructionIndexes, lineStarts, positionAt, rangeAt } from '../../src/core/evm/sourceMap';
import { compareRuntime, comparableSize, metadataLength } from '../../src/core/evm/bytecode';
import { framePcs } from '../../src/core/evm/steps';
import { parseArgument } from '../../src/core/abi/callArgs';
import { broadcastChainId, readBroadcast, runtimeSizeOf } from '../../src/core/evm/artifactCode';
import { JSON_RPC_SERVICE, JsonRpcClient, JsonRpcError } from '../../src/core/evm/jsonRpc';
import { DEFAULT_HTTP_OPTIONS, HttpClient } from '../../src/core/http';
import { buildTraceView, decodeFrames } from '../../src/explain/traceView';
import { rejection } from './support';

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const C = '0x3333333333333333333333333333333333333333';
const word = (v: bigint | number) => BigInt(v).toString(16).padStart(64, '0');
/** Error(string) revert data. */
const errorData = (message: string) => {
  const hex = Buffer.from(message, 'utf8').toString('hex');
  return `0x08c379a0${word(32)}${word(hex.length / 2)}${hex.padEnd(Math.ceil(hex.length / 64) * 64, '0')}`;
};
const CUSTOM = `0xcf479181${word(0)}${word(5)}`;

function frame(to: string, extra: Partial<CallFrame> = {}): CallFrame {
  return {
    type: 'CALL',
    from: A,
    to,
    value: '0x0',
    gas: '0x100',
    gasUsed: '0x10',
    input: '0x12345678',
    output: '0x',
    ...extra,
  };
}

test('flattenTrace: depth-first call order, parents and children, quantities in decimal', () => {
  const root = frame(A, {
    value: '0xde0b6b3a7640000',
    calls: [frame(B, { calls: [frame(C)] }), frame(C, { type: 'staticcall' })],
  });
  const { frames, omitted } = flattenTrace(CallFrameSchema.parse(root));
  assert.equal(omitted, 0);
  assert.deepEqual(
    frames.map((f) => [f.index, f.parent, f.depth, f.to, f.type]),
    [
      [0, -1, 0, A, 'CALL'],
      [1, 0, 1, B, 'CALL'],
      [2, 1, 2, C, 'CALL'],
      [3, 0, 1, C, 'STATICCALL'],
    ],
  );
  assert.deepEqual(frames[0]!.children, [1, 3]);
  assert.equal(frames[0]!.value, '1000000000000000000');
  assert.equal(frames[0]!.gasUsed, '16');
});

test('flattenTrace: a deep chain does not overflow the stack; more frames than the limit are counted, not kept', () => {
  let deep: CallFrame = frame(C);
  for (let i = 0; i < 50_000; i++) deep = frame(B, { calls: [deep] });
  const flat = flattenTrace(deep, 1000);
  assert.equal(flat.frames.length, 1000);
  assert.equal(flat.omitted, 50_001 - 1000);
});

test("revertOrigin: a revert passed on unchanged is followed to the frame that raised it; a new revert is the frame's own", () => {
  const bubbled = flattenTrace(
    frame(A, {
      error: 'execution reverted',
      output: CUSTOM,
      calls: [
        frame(B, {
          error: 'execution reverted',
          output: CUSTOM,
          calls: [frame(C, { error: 'execution reverted', output: CUSTOM })],
        }),
      ],
    }),
  ).frames;
  assert.equal(revertOrigin(bubbled, 0), 2);
  assert.equal(revertOrigin(bubbled, 1), 2);
  // The caller caught the callee's revert and raised its own.
  const caught = flattenTrace(
    frame(A, {
      error: 'execution reverted',
      output: errorData('caught'),
      calls: [frame(B, { error: 'execution reverted', output: CUSTOM })],
    }),
  ).frames;
  assert.equal(revertOrigin(caught, 0), 0);
  const ok = flattenTrace(frame(A)).frames;
  assert.equal(revertOrigin(ok, 0), undefined);
});

test('classifyRevert: Error(string), Panic with its code in words, custom errors, nothing', () => {
  assert.deepEqual(classifyRevert(errorData('amount is zero')), { kind: 'error', message: 'amount is zero' });
  assert.deepEqual(classifyRevert(errorData('ünïcode ✓')), { kind: 'error', message: 'ünïcode ✓' });
  const panic = classifyRevert(`0x4e487b71${word(0x11)}`);
  assert.equal(panic.kind === 'panic' && panic.words, 'an arithmetic overflow or underflow (0x11)');
  assert.equal(panicWords(0x32n), 'an array index out of bounds (0x32)');
  assert.equal(panicWords(0x99n), 'an unknown panic code 0x99');
  assert.deepEqual(classifyRevert(CUSTOM), { kind: 'custom', selector: '0xcf479181', data: CUSTOM });
  assert.deepEqual(classifyRevert('0x'), { kind: 'empty' });
  assert.equal(revertWords({ kind: 'empty' }), 'reverted without a reason');
  // A truncated Error(string) is no message: it is shown as a selector and bytes, not garbage.
  assert.equal(classifyRevert(errorData('amount is zero').slice(0, 80)).kind, 'custom');
  assert.equal(classifyRevert(`0x08c379a0${word(2n ** 200n)}`).kind, 'custom');
});

test('source maps: compressed entries repeat the previous fields; PUSH data has no instruction', () => {
  const map = decodeSourceMap('1:2:0:-;:3;;4::1:i;5:6:-1:o');
  assert.deepEqual([...map.start], [1, 1, 1, 4, 5]);
  assert.deepEqual([...map.length], [2, 3, 3, 3, 6]);
  assert.deepEqual([...map.file], [0, 0, 0, 1, -1]);
  assert.deepEqual([...map.jump], [0, 0, 0, 1, 2]);
  // PUSH1 0x80, PUSH2 0x0102, PUSH0, REVERT: instructions at bytes 0, 2, 5, 6.
  assert.deepEqual([...instructionIndexes('0x6080610102' + '5ffd')], [0, -1, 1, -1, -1, 2, 3]);
  // Library placeholders sit inside PUSH20 data and are never read as instructions.
  assert.deepEqual(
    [...instructionIndexes(`73__$${'a'.repeat(34)}$__00`)].filter((i) => i >= 0),
    [0, 1],
  );
});

test('rangeAt: the last program counter with a user source wins; generated code is walked back from', () => {
  const map = decodeSourceMap('0:10:0:-;20:5:0:-;30:3:7:-;40:1:-1:-');
  const indexes = instructionIndexes('0x00000000');
  assert.deepEqual(
    rangeAt(map, indexes, [0, 1, 3], (f) => f === 0),
    { file: 0, start: 20, length: 5 },
  );
  assert.deepEqual(
    rangeAt(map, indexes, [0, 2], (f) => f === 0 || f === 7),
    { file: 7, start: 30, length: 3 },
  );
  assert.equal(
    rangeAt(map, indexes, [3], (f) => f === 0),
    undefined,
  );
  assert.equal(
    rangeAt(map, indexes, [99], () => true),
    undefined,
  );
});

test('positions count bytes for the offset and characters for the column', () => {
  const text = new TextEncoder().encode('a\n// é ✓\nrevert X();\n');
  const starts = lineStarts(text);
  assert.deepEqual(starts, [0, 2, 12, 24]);
  assert.deepEqual(positionAt(text, starts, 12), { line: 3, column: 0 });
  assert.deepEqual(positionAt(text, starts, 10), { line: 2, column: 6 });
});

test('code comparison: metadata aside, immutables and library addresses masked, anything else differs', () => {
  const meta = (hash: string) => `a264697066735822${hash.repeat(34).slice(0, 68)}64736f6c6343000825`;
  const withMeta = (body: string, hash: string) => {
    const m = meta(hash);
    return `${body}${m}${(m.length / 2).toString(16).padStart(4, '0')}`;
  };
  const body = `6080${'00'.repeat(32)}73${'00'.repeat(20)}5b`;
  const built = withMeta(body, '11');
  assert.equal(metadataLength(built), 51 + 2, 'a CBOR map of 51 bytes (ipfs hash, solc version) and its length');
  assert.equal(comparableSize(built), body.length / 2);
  assert.equal(metadataLength('0x6080'), 0);
  const deployed = withMeta(`6080${'ab'.repeat(32)}73${'cd'.repeat(20)}5b`, '22');
  const runtime = {
    object: `0x${built}`,
    immutableReferences: { '9': [{ start: 2, length: 32 }] },
    linkReferences: { 'L.sol': { L: [{ start: 35, length: 20 }] } },
  };
  assert.deepEqual(compareRuntime(`0x${deployed}`, runtime), { matches: true });
  assert.equal(
    compareRuntime(`0x${deployed}`, { object: runtime.object, immutableReferences: runtime.immutableReferences })
      .matches,
    false,
  );
  assert.deepEqual(compareRuntime(`0x${deployed.replace(/5b(?=a264)/, '5c')}`, runtime), {
    matches: false,
    why: "the deployed code differs from the artifact's at byte 55",
  });
  assert.equal(compareRuntime('0x', runtime).matches, false);
  assert.equal(compareRuntime(`0x${deployed}60`, runtime).matches, false);
  assert.equal(runtimeSizeOf({ deployedBytecode: { object: `0x${built}` } }), body.length / 2);
  assert.equal(runtimeSizeOf({ deployedBytecode: `0x${built}` }), body.length / 2);
  assert.equal(runtimeSizeOf({ deployedBytecode: { object: '0x' } }), undefined);
});

test('framePcs: each call instruction starts the next child, code or not; a mismatch gives no program counter', () => {
  const frames = flattenTrace(frame(A, { calls: [frame(B), frame(C, { type: 'STATICCALL' })] })).frames;
  const steps = [
    { pc: 0, op: 'PUSH1', depth: 1 },
    { pc: 2, op: 'CALL', depth: 1 },
    // B has no code: the next step is the caller's
    { pc: 3, op: 'STATICCALL', depth: 1 },
    { pc: 0, op: 'PUSH1', depth: 2 },
    { pc: 9, op: 'REVERT', depth: 2 },
    { pc: 4, op: 'REVERT', depth: 1 },
  ];
  const laid = framePcs(steps, frames);
  assert.ok(laid.consistent, laid.problem);
  assert.deepEqual(
    [...laid.pcs],
    [
      [0, [0, 2, 3, 4]],
      [2, [0, 9]],
    ],
  );
  const tooMany = framePcs(
    [...steps.slice(0, 5), { pc: 5, op: 'CALL', depth: 1 }, { pc: 6, op: 'STOP', depth: 1 }],
    frames,
  );
  assert.equal(tooMany.consistent, false);
  assert.match(tooMany.problem!, /makes more calls than the call trace lists/);
  assert.equal(tooMany.pcs.size, 0);
  const tooFew = framePcs(steps.slice(0, 2).concat([{ pc: 4, op: 'STOP', depth: 1 }]), frames);
  assert.equal(tooFew.consistent, false);
  assert.equal(framePcs([{ pc: 'x', op: 'PUSH1', depth: 1 }], frames).consistent, false);
  assert.equal(framePcs([{ pc: 0, op: 'PUSH1', depth: 3 }], frames).consistent, false);
});

test('contract read arguments: checked for their ABI type before anything is sent', () => {
  const p = (type: string, text: string, components?: Array<{ name: string; type: string }>) =>
    parseArgument({ name: 'x', type, components }, text);
  assert.deepEqual(p('uint8', '255'), { ok: true, value: 255n });
  assert.match((p('uint8', '256') as { error: string }).error, /out of range for uint8 \(0 to 255\)/);
  assert.match((p('uint256', '-1') as { error: string }).error, /not negative/);
  assert.deepEqual(p('int16', '-32768'), { ok: true, value: -32768n });
  assert.deepEqual(p('uint256', '0x2a'), { ok: true, value: 42n });
  assert.deepEqual(p('uint256', '1_000'), { ok: true, value: 1000n });
  assert.equal(p('uint256', '1.5').ok, false);
  assert.deepEqual(p('address', ` ${A} `), { ok: true, value: A });
  assert.equal(p('address', '0x123').ok, false);
  assert.deepEqual(p('bool', 'TRUE'), { ok: true, value: true });
  assert.equal(p('bool', 'yes').ok, false);
  assert.deepEqual(p('bytes32', `0x${'AB'.repeat(32)}`), { ok: true, value: `0x${'ab'.repeat(32)}` });
  assert.match((p('bytes32', '0xab') as { error: string }).error, /0x and 64 hexadecimal digits/);
  assert.equal(p('bytes', '0xabc').ok, false);
  assert.deepEqual(p('string', '<b>hi</b>'), { ok: true, value: '<b>hi</b>' });
  assert.deepEqual(p('uint256[]', '["1", 2]'), { ok: true, value: [1n, 2n] });
  assert.match((p('uint256[2]', '["1"]') as { error: string }).error, /exactly 2 element/);
  assert.match((p('uint8[]', '["1", "300"]') as { error: string }).error, /^element 1: /);
  assert.deepEqual(
    p('tuple', `["${A}", "7"]`, [
      { name: 'who', type: 'address' },
      { name: 'n', type: 'uint64' },
    ]),
    { ok: true, value: [A, 7n] },
  );
  assert.match(
    (
      p('tuple', '[1]', [
        { name: 'who', type: 'address' },
        { name: 'n', type: 'uint64' },
      ]) as { error: string }
    ).error,
    /2 field/,
  );
  assert.equal(p('function', 'x').ok, false);
});

test('broadcast files: contracts and the contracts they made, by address; the chain id from the path', () => {
  const names = readBroadcast({
    transactions: [
      { contractName: 'Vault', contractAddress: A.toUpperCase().replace('0X', '0x') },
      { contractName: 'Router', contractAddress: B, additionalContracts: [{ contractName: 'Relay', address: C }] },
      { contractName: null, contractAddress: null },
      { contractName: '<script>', contractAddress: A },
    ],
  });
  assert.deepEqual(
    [...names],
    [
      [A, 'Vault'],
      [B, 'Router'],
      [C, 'Relay'],
    ],
  );
  assert.equal(readBroadcast('nonsense').size, 0);
  assert.equal(broadcastChainId('/w/broadcast/Deploy.s.sol/31337/run-latest.json'), 31337);
  assert.equal(broadcastChainId('/w/broadcast/Deploy.s.sol/31337/dry-run/run-latest.json'), undefined);
});

test('JSON-RPC through the HTTP layer: the result checked; an error object, a wrong id and a wrong shape in words', async () => {
  const answers: unknown[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const { id } = JSON.parse(body) as { id: number };
      const next = answers.shift();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(typeof next === 'function' ? (next as (id: number) => unknown)(id) : next));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new HttpClient({ ...DEFAULT_HTTP_OPTIONS, service: JSON_RPC_SERVICE, maxBytes: 4096 });
  const rpc = new JsonRpcClient(url, client);
  try {
    answers.push((id: number) => ({ jsonrpc: '2.0', id, result: '0x7a69' }));
    assert.equal(await rpc.chainId(), 31337);
    answers.push((id: number) => ({
      jsonrpc: '2.0',
      id,
      error: { code: -32601, message: 'the method debug_traceTransaction does not exist/is not available' },
    }));
    const refused = await rejection(rpc.traceCalls(`0x${'ab'.repeat(32)}`));
    assert.ok(refused instanceof JsonRpcError && refused.unavailable);
    answers.push((id: number) => ({ jsonrpc: '2.0', id: id + 1, result: '0x' }));
    assert.match((await rejection(rpc.getCode(A, 'latest'))).message, /the answer is for request \d+, not \d+/);
    answers.push((id: number) => ({ jsonrpc: '2.0', id, result: { type: 'CALL' } }));
    assert.match(
      (await rejection(rpc.traceCalls(`0x${'ab'.repeat(32)}`))).message,
      /unexpected shape: field from is missing/,
    );
    const before = answers.length;
    assert.match((await rejection(rpc.getCode('0x12', 'latest'))).message, /0x and 40 hexadecimal digits/);
    assert.match((await rejection(rpc.traceCalls('0x12'))).message, /0x and 64 hexadecimal digits/);
    assert.equal(answers.length, before, 'bad input: no request');
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

test('the trace view: names, decoded calls, the revert raised and passed on, notes; chain text stays text', () => {
  const hostile = 'evil\u202e\u0007name';
  const flat = flattenTrace(
    frame(A, {
      error: 'execution reverted',
      output: CUSTOM,
      input: '0x2e1a7d4d',
      calls: [
        frame(B, { error: 'execution reverted', output: CUSTOM, input: '0xdeadbeef00' }),
        frame(C, { type: 'STATICCALL', output: `0x${word(7)}`, input: '0x70a08231' }),
      ],
    }),
  );
  const custom = {
    name: 'InsufficientBalance',
    signature: 'InsufficientBalance(uint256,uint256)',
    contract: 'Vault',
    args: [
      { name: 'available', type: 'uint256', value: '0' },
      { name: 'required', type: 'uint256', value: '5' },
    ],
  };
  const decoded = decodeFrames(flat.frames, {
    decodeCall: ({ data }) =>
      data === '0x2e1a7d4d' ? { name: 'withdraw', signature: 'withdraw(uint256)', args: [] } : undefined,
    decodeOutput: () => [{ name: 'balance', type: 'uint256', value: '7' }],
    decodeError: () => custom,
  });
  const view = buildTraceView({
    node: 'http://127.0.0.1:8545',
    flat,
    contracts: new Map([
      [A, { name: 'Router', code: true }],
      [
        B,
        {
          name: hostile,
          code: true,
          mismatch: 'The artifact out/X.sol/X.json is not the code deployed at this address.',
        },
      ],
    ]),
    ...decoded,
    sources: new Map([
      [
        0,
        {
          uri: 'file:///w/src/Router.sol',
          path: 'src/Router.sol',
          line: 16,
          column: 8,
          endLine: 16,
          endColumn: 33,
          snippet: 'relay.pull(vault, amount)',
        },
      ],
    ]),
  });
  assert.equal(view.frames[0]!.contract, 'Router');
  assert.equal(view.frames[0]!.call, 'withdraw');
  assert.deepEqual(view.frames[0]!.revert, {
    text: 'InsufficientBalance(available: 0, required: 5)',
    raised: false,
    from: 1,
  });
  assert.deepEqual(view.frames[1]!.revert, {
    text: 'InsufficientBalance(available: 0, required: 5)',
    raised: true,
    from: undefined,
  });
  assert.equal(view.frames[1]!.contract, 'evilname');
  assert.equal(view.frames[1]!.call, '0xdeadbeef');
  assert.match(view.frames[1]!.note!, /is not the code deployed/);
  assert.deepEqual(view.frames[2]!.returned, [{ label: 'balance (uint256)', text: '7' }]);
  assert.equal(view.frames[2]!.contract, '0x3333…3333');
  assert.equal(view.frames[2]!.contractRef, undefined, 'no code known: not offered for reading');
  assert.deepEqual(view.contracts, [A, B]);
  assert.deepEqual(view.revert, {
    text: 'InsufficientBalance(available: 0, required: 5)',
    frame: 1,
    where: `evilname.0xdeadbeef, 1 call deep`,
    source: undefined,
  });
  assert.deepEqual(view.frames[0]!.source, {
    source: 0,
    label: 'src/Router.sol:16',
    snippet: 'relay.pull(vault, amount)',
  });
  assert.equal(view.sources[0]!.uri, 'file:///w/src/Router.sol');
});
