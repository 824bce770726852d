/**
 * The EVM debugger's pure core (src/core/evm/debug/) against real anvil traces of the fixture project's transactions
 * (test/fixtures/evmChain.ts), plus three sent here: a deposit and a withdrawal whose transfer calls an account
 * without code, and a contract creation whose init code (assembled below) calls the identity and sha256 precompiles,
 * DELEGATECALLs the Vault, CREATEs a child, CREATE2s a child that reverts and touches memory with every instruction
 * that can. Each trace is asked twice: without memory (what the debugger streams) and with it (the truth).
 *   structLog.ts  the streamed answer (any chunking, spacing, key order, padded words) gives what JSON.parse gives;
 *                 the node's error comes back as the error; a malformed step is named by its number
 *   frames.ts     the frames of `deep`, of the deployment that creates the Relay and of the creation above
 *   memory.ts     at every step of every frame of every transaction, the rebuilt memory is the node's (bytes marked
 *                 unknown aside, and they are only a precompile's answer); each child's input and output are the
 *                 call tracer's
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { StructLogReader, readStructLog } from '../../src/core/evm/debug/structLog';
import { callSpans } from '../../src/core/evm/debug/frames';
import { callInput, rebuildMemory, returnData, type MemorySources } from '../../src/core/evm/debug/memory';
import type { CallSpans, StepTrace } from '../../src/core/evm/debug/trace';
import { evmToolsAvailable } from '../fixtures/evmProject';
import { EVM_SENDER, startEvmChain, word, type EvmChain } from '../fixtures/evmChain';

const skip = evmToolsAvailable() ? false : 'forge, anvil or solc is not installed (npm ci installs them)';

interface RawStep {
  pc: number;
  op: string;
  gas: number;
  gasCost: number;
  depth: number;
  stack: string[];
  error?: string;
  memory?: string[];
}
interface RawResult {
  failed: boolean;
  gas: number;
  returnValue: string;
  structLogs: RawStep[];
}
interface CallFrame {
  type: string;
  to?: string;
  input: string;
  output?: string;
  calls?: CallFrame[];
}
interface Traced {
  name: string;
  lean: RawResult;
  full: RawResult;
  calls: CallFrame;
  root: { to: string | null; created?: string };
  input: string;
}

let chain: EvmChain;
const traced: Traced[] = [];
const codes = new Map<string, Uint8Array>();

const hex = (b: Uint8Array): string => `0x${Buffer.from(b).toString('hex')}`;
const bytes = (h: string): Uint8Array => Uint8Array.from(Buffer.from(h.replace(/^0x/, ''), 'hex'));
const norm = (w: string): string => `0x${BigInt(w.startsWith('0x') ? w : `0x${w}`).toString(16)}`;

/** PUSHn of `h` (hex without 0x). */
const push = (h: string): string => (0x5f + h.length / 2).toString(16) + h;
/** Code that MSTOREs `h` right-aligned in the word at `offset`; the bytes start at offset + 32 − length. */
const storeRight = (h: string, offset: number): [string, number] => [
  `${push(h)}${push(offset.toString(16).padStart(4, '0'))}52`,
  offset + 32 - h.length / 2,
];
const p2 = (n: number): string => push(n.toString(16).padStart(4, '0'));

/** Init code touching memory every way there is; it deploys nothing. */
function initCode(vault: string, share: string): string {
  const child = `${push('deadbeef')}${push('00')}52${push('04')}${push('1c')}f3`; // returns 0xdeadbeef
  const reverting = `${push('2a')}${push('00')}52${push('20')}${push('00')}fd`; // reverts with word 42
  const [storeChild, childAt] = storeRight(child, 0x100);
  const [storeReverting, revertingAt] = storeRight(reverting, 0x160);
  const call = (op: string, to: string, args: [number, number], ret: [number, number]) =>
    `${p2(ret[1])}${p2(ret[0])}${p2(args[1])}${p2(args[0])}${push(to)}5a${op}50`;
  return [
    `${push('11'.repeat(32))}${push('00')}52`, // MSTORE(0, 0x1111…)
    call('fa', '04', [0, 32], [0x40, 32]), // STATICCALL identity
    `${p2(32)}${p2(0)}${p2(0x60)}3e`, // RETURNDATACOPY(0x60, 0, 32)
    call('fa', '02', [0, 32], [0x80, 32]), // STATICCALL sha256: an answer the trace does not show
    `${p2(0x40)}${p2(0)}${p2(0xa0)}5e`, // MCOPY(0xa0, 0, 0x40)
    `${p2(0)}${p2(0)}${p2(0)}${p2(0)}${p2(0)}${push('99'.repeat(20))}5af150`, // CALL an account without code
    storeChild,
    `${p2(child.length / 2)}${p2(childAt)}${p2(0)}f0`, // CREATE → address on the stack
    `${p2(4)}${p2(0)}${p2(0x140)}833c50`, // EXTCODECOPY(address, 0x140, 0, 4), POP
    storeReverting,
    `${p2(1)}${p2(reverting.length / 2)}${p2(revertingAt)}${p2(0)}f550`, // CREATE2 that reverts
    `${p2(32)}${p2(0)}${p2(0x180)}3e`, // RETURNDATACOPY(0x180, 0, 32): the revert's data
    `${p2(32)}${p2(0x1a0)}2050`, // KECCAK256(0x1a0, 32)
    `${p2(0)}${p2(0x1e0)}a0`, // LOG0(0x1e0, 0): no growth
    `${p2(16)}${p2(0)}${p2(0x200)}39`, // CODECOPY(0x200, 0, 16)
    `${p2(8)}${p2(0)}${p2(0x220)}37`, // CALLDATACOPY(0x220, 0, 8): init code has no calldata
    `${push('ff')}${p2(0x241)}53`, // MSTORE8(0x241, 0xff)
    `${push(share.slice(2))}${push('e0')}1b${p2(0x260)}52${push('06')}${p2(0x264)}52${push('03')}${p2(0x284)}52`,
    `${p2(32)}${p2(0x2c0)}${p2(0x44)}${p2(0x260)}${push(vault.slice(2))}5af450`, // DELEGATECALL Vault.share(6, 3)
    `${p2(0)}${p2(0)}f3`, // RETURN(0, 0)
  ].join('');
}

async function trace(name: string, hash: string): Promise<void> {
  const lean = await chain.rpc<RawResult>('debug_traceTransaction', [
    hash,
    { disableStorage: true, enableMemory: false },
  ]);
  const full = await chain.rpc<RawResult>('debug_traceTransaction', [hash, { enableMemory: true }]);
  const calls = await chain.rpc<CallFrame>('debug_traceTransaction', [hash, { tracer: 'callTracer' }]);
  const tx = await chain.rpc<{ to: string | null; input: string }>('eth_getTransactionByHash', [hash]);
  const receipt = await chain.receipt<{ contractAddress?: string | null }>(hash);
  const root = tx.to
    ? { to: tx.to.toLowerCase() }
    : { to: null, created: (receipt.contractAddress ?? '').toLowerCase() };
  traced.push({ name, lean, full, calls, root, input: tx.input });
}

before(async () => {
  if (skip) return;
  chain = await startEvmChain();
  for (const [name, hash] of Object.entries(chain.txs)) await trace(name, hash);
  const run = JSON.parse(
    fs.readFileSync(path.join(chain.broadcastDir, 'Deploy.s.sol', String(chain.chainId), 'run-latest.json'), 'utf8'),
  ) as { receipts: { transactionHash: string }[] };
  for (const [i, r] of run.receipts.entries()) await trace(`deploy ${i}`, r.transactionHash);
  const { vault } = chain.addresses;
  await chain.send(vault, chain.selector('Vault', 'deposit()'), 100n);
  await trace(
    'withdraw to an account without code',
    await chain.send(vault, `${chain.selector('Vault', 'withdraw(uint256)')}${word(5)}`),
  );
  const created = await chain.rpc<string>('eth_sendTransaction', [
    {
      from: EVM_SENDER,
      data: `0x${initCode(vault, chain.selector('Vault', 'share(uint256,uint256)'))}`,
      gas: '0x200000',
    },
  ]);
  await trace('creation', created);
  const called = (c: CallFrame): string[] => [c.to?.toLowerCase() ?? '', ...(c.calls ?? []).flatMap(called)];
  for (const t of traced) {
    for (const a of called(t.calls)) {
      if (a && !codes.has(a)) codes.set(a, bytes(await chain.rpc<string>('eth_getCode', [a, 'latest'])));
    }
  }
});

after(async () => {
  await chain?.stop();
});

const envelope = (result: RawResult): string => JSON.stringify({ jsonrpc: '2.0', id: 1, result });

/** The same answer spaced out, its keys in another order and its words padded as older geth sends them. */
function reordered(result: RawResult): string {
  const steps = result.structLogs.map((s) => {
    const { memory: _m, ...rest } = s;
    const out: Record<string, unknown> = {
      stack: rest.stack.map((w) => `0x${w.slice(2).padStart(64, '0').toUpperCase()}`),
      depth: rest.depth,
      extra: { nested: ['[', '{', '"\\'] },
      op: rest.op,
      gasCost: rest.gasCost,
      pc: rest.pc,
      gas: rest.gas,
    };
    if (rest.error !== undefined) out.error = rest.error;
    return out;
  });
  const body = {
    id: 1,
    result: {
      returnValue: result.returnValue,
      'struct"Logs': [],
      structLogs: steps,
      gas: result.gas,
      failed: result.failed,
    },
    jsonrpc: '2.0',
  };
  return JSON.stringify(body, null, 3).replace(/\n/g, '\r\n\t');
}

function stream(text: string, size: number): StepTrace {
  const all = new TextEncoder().encode(text);
  const reader = new StructLogReader();
  for (let i = 0; i < all.length; i += size) reader.push(all.subarray(i, i + size));
  const answer = reader.end();
  assert.ok(!('error' in answer), 'a trace, not an error');
  return answer;
}

function sameSteps(got: StepTrace, want: RawResult, label: string): void {
  assert.equal(got.length, want.structLogs.length, label);
  assert.equal(got.failed, want.failed);
  assert.equal(got.gasUsed, want.gas);
  assert.equal(got.returnValue, want.returnValue.toLowerCase());
  want.structLogs.forEach((s, i) => {
    const at = `${label} step ${i}`;
    assert.equal(got.pc[i], s.pc, at);
    assert.equal(got.opAt(i), s.op, at);
    assert.equal(got.depth[i], s.depth, at);
    assert.equal(got.gas[i], s.gas, at);
    assert.equal(got.gasCost[i], s.gasCost, at);
    assert.equal(got.errorAt(i), s.error, at);
    const stack = s.stack.map(norm);
    assert.deepEqual(got.stackAt(i), stack, at);
    assert.equal(got.stackSize(i), stack.length, at);
    for (let n = 0; n <= stack.length; n++) assert.equal(got.stackWord(i, n), stack[stack.length - 1 - n], at);
  });
}

test('streamed in any chunks, spacing and key order, the steps are what JSON.parse reads', { skip }, () => {
  for (const t of traced) {
    for (const size of [1, 7, 65536]) sameSteps(stream(envelope(t.lean), size), t.lean, `${t.name} by ${size}`);
    for (const size of [1, 7, 65536]) sameSteps(stream(reordered(t.lean), size), t.lean, `${t.name} reordered`);
    sameSteps(readStructLog(envelope(t.full)), t.full, `${t.name} with memory`);
  }
});

test("the node's error comes back as the error; a malformed step is named by its number", { skip }, () => {
  const refused = JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } });
  const reader = new StructLogReader();
  reader.push(new TextEncoder().encode(refused));
  assert.deepEqual(reader.end(), { error: { code: -32601, message: 'Method not found' } });
  assert.throws(() => readStructLog(refused), /-32601.*Method not found/);
  const deep = traced.find((t) => t.name === 'deep')!.lean;
  const broken = (change: (s: Record<string, unknown>) => void) => {
    const steps = deep.structLogs.map((s) => ({ ...s }) as Record<string, unknown>);
    change(steps[5]!);
    return envelope({ ...deep, structLogs: steps as unknown as RawStep[] });
  };
  for (const change of [
    (s: Record<string, unknown>) => (s.op = 7),
    (s: Record<string, unknown>) => (s.depth = 0),
    (s: Record<string, unknown>) => delete s.pc,
  ]) {
    for (const size of [7, 1 << 20]) assert.throws(() => stream(broken(change), size), /step 5\b/);
  }
  assert.throws(() => stream(envelope(deep).slice(0, 5000), 7), /ended early/);
  assert.throws(() => stream(JSON.stringify({ jsonrpc: '2.0', id: 1, result: null }), 7), /no struct log/);
});

const spansOf = (t: Traced): { trace: StepTrace; spans: CallSpans } => {
  const trace = readStructLog(envelope(t.lean));
  return { trace, spans: callSpans(trace, t.root) };
};

test('the frames: deep is Router → Relay → Vault; a deployment creates; calls without code make none', { skip }, () => {
  const { router, relay, vault } = chain.addresses;
  const deep = spansOf(traced.find((t) => t.name === 'deep')!);
  const frames = deep.spans.frames.map((f) => [f.kind, f.codeAddress, f.storageAddress, f.depth, f.parent]);
  assert.deepEqual(frames, [
    ['TX', router, router, 1, -1],
    ['CALL', relay, relay, 2, 0],
    ['CALL', vault, vault, 3, 1],
  ]);
  for (const f of deep.spans.frames) {
    if (f.parent >= 0) assert.equal(deep.trace.opAt(f.callStep), 'CALL');
    for (let s = f.firstStep; s <= f.lastStep; s++) {
      assert.equal(deep.trace.depth[s] === f.depth, deep.spans.frameOf[s] === f.index, `step ${s}`);
    }
  }
  assert.deepEqual(deep.spans.frames[0]!.children, [1]);
  const deployRouter = spansOf(traced.find((t) => t.name.startsWith('deploy') && t.root.created === router)!);
  assert.deepEqual(
    deployRouter.spans.frames.map((f) => [f.kind, f.codeAddress, f.storageAddress]),
    [
      ['CREATE_TX', router, router],
      ['CREATE', relay, relay],
    ],
  );
  assert.equal(spansOf(traced.find((t) => t.name.startsWith('withdraw'))!).spans.frames.length, 1);
  const empty = readStructLog(envelope({ failed: false, gas: 21000, returnValue: '', structLogs: [] }));
  const none = callSpans(empty, { to: vault });
  assert.deepEqual([empty.length, none.frames.length, none.frames[0]!.firstStep], [0, 1, -1]);
  assert.equal(rebuildMemory(empty, none, 0, 0, sourcesOf(traced[0]!)).bytes.length, 0);
  const creation = traced.find((t) => t.name === 'creation')!;
  const made = spansOf(creation).spans.frames;
  const createdChild = creation.calls.calls!.find((c) => c.type === 'CREATE')!.to!.toLowerCase();
  assert.deepEqual(
    made.map((f) => [f.kind, f.codeAddress, f.storageAddress]),
    [
      ['CREATE_TX', creation.root.created, creation.root.created],
      ['CREATE', createdChild, createdChild],
      ['CREATE2', '', ''],
      ['DELEGATECALL', vault, creation.root.created],
    ],
  );
});

/** The call tracer's frame of each of our frames: a frame's call instructions are its tracer children, in order. */
function tracerFrames(trace: StepTrace, spans: CallSpans, root: CallFrame): Map<number, CallFrame> {
  const out = new Map<number, CallFrame>([[0, root]]);
  const byCallStep = new Map(spans.frames.filter((f) => f.parent >= 0).map((f) => [f.callStep, f.index]));
  for (const f of spans.frames) {
    const calls = out.get(f.index)!.calls ?? [];
    let next = 0;
    for (let s = f.firstStep; s <= f.lastStep; s++) {
      if (spans.frameOf[s] !== f.index || !/^(CALL|CALLCODE|DELEGATECALL|STATICCALL|CREATE2?)$/.test(trace.opAt(s))) {
        continue;
      }
      const call = calls[next++];
      const child = byCallStep.get(s);
      if (child !== undefined) out.set(child, call!);
    }
  }
  return out;
}

test("every frame's input and output are the call tracer's", { skip }, () => {
  for (const t of traced) {
    const { trace, spans } = spansOf(t);
    const sources = sourcesOf(t);
    const tracer = tracerFrames(trace, spans, t.calls);
    for (const f of spans.frames) {
      const call = tracer.get(f.index)!;
      const label = `${t.name} frame ${f.index}`;
      assert.equal(hex(callInput(trace, spans, f.index, sources).bytes), call.input.toLowerCase(), label);
      const out = returnData(trace, spans, f.index, sources);
      assert.equal(out.unknown, undefined, label);
      assert.equal(hex(out.bytes), (call.output ?? '0x').toLowerCase(), label);
    }
    assert.equal(hex(returnData(trace, spans, 0, sources).bytes), trace.returnValue, t.name);
  }
});

function sourcesOf(t: Traced): MemorySources {
  return { calldata: (f) => (f === 0 ? bytes(t.input) : undefined), code: (a) => codes.get(a) };
}

/** Compares a rebuilt memory with the node's at `step` (unknown bytes aside); returns how many were unknown. */
function sameMemory(t: Traced, trace: StepTrace, spans: CallSpans, frame: number, step: number): number {
  const label = `${t.name} frame ${frame} step ${step} (${trace.opAt(step)})`;
  const got = rebuildMemory(trace, spans, frame, step, sourcesOf(t));
  const want = bytes((t.full.structLogs[step]!.memory ?? []).map((w) => w.replace(/^0x/, '')).join(''));
  assert.equal(got.bytes.length, want.length, label);
  if (!got.unknown) {
    assert.equal(hex(got.bytes), hex(want), label);
    return 0;
  }
  let unknown = 0;
  for (let i = 0; i < want.length; i++) {
    if (got.unknown[i]) unknown++;
    else assert.equal(got.bytes[i], want[i], `${label} byte ${i}`);
  }
  assert.deepEqual(got.notes, [`the precompile at 0x${'2'.padStart(40, '0')} answered bytes the trace does not show`]);
  return unknown;
}

test('at every step of every frame of every transaction, the rebuilt memory is the node’s', { skip }, () => {
  let unknownSteps = 0;
  let checked = 0;
  for (const t of traced) {
    const { trace, spans } = spansOf(t);
    for (const f of spans.frames) {
      for (let s = f.firstStep; s <= f.lastStep; s++) {
        if (spans.frameOf[s] !== f.index) continue;
        if (sameMemory(t, trace, spans, f.index, s) > 0) unknownSteps++;
        checked++;
      }
    }
    // Backwards too (the kept state is left behind, a replay starts over) and once more, out of order.
    const last = spans.frames[0]!.lastStep;
    for (let s = last; s >= 0; s -= 37) sameMemory(t, trace, spans, spans.frameOf[s]!, s);
  }
  assert.ok(checked > 2000, `${checked} steps`);
  assert.ok(unknownSteps > 0, 'the sha256 answer is unknown');
});

test('a 100,000-step answer streams through (not timed)', { skip }, () => {
  const deep = traced.find((t) => t.name === 'deep')!.lean;
  const steps: RawStep[] = [];
  while (steps.length < 100_000) steps.push(...deep.structLogs.slice(0, 100_000 - steps.length));
  const trace = stream(envelope({ ...deep, structLogs: steps }), 65536);
  assert.equal(trace.length, 100_000);
  const i = 99_999;
  assert.deepEqual(trace.stackAt(i), steps[i]!.stack.map(norm));
  assert.equal(trace.opAt(i), steps[i]!.op);
});
