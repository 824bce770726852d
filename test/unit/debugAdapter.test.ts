/**
 * The EVM debugger's adapter (src/debug/session.ts) driven by @vscode/debugadapter-testsupport's DebugClient over a
 * socket, in this process, on transactions mined by a real anvil from contracts forge built with solc: the replay
 * loaded by the real loader (src/debug/load.ts: the trace streamed over the extension's HTTP layer), the workspace's
 * contracts read from the built project. Stops, steps forwards and back, breakpoints, frames, variables, storage and
 * the revert reached by continue.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import * as path from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { createJsonRpcClient } from '../../src/core/clients';
import * as decoder from '../../src/abi/decoder';
import { EvmDebugSession } from '../../src/debug/session';
import { loadReplay, type DebugDeps } from '../../src/debug/load';
import type { NetworkProfile } from '../../src/core/networks';
import { evmToolsAvailable } from '../fixtures/evmProject';
import { EVM_SENDER, startEvmChain, word, type EvmChain } from '../fixtures/evmChain';
import { forgeArtifacts, forgeContracts } from '../fixtures/forgeContracts';
import { startRpcProxy, type RpcProxy } from '../fixtures/rpcProxy';

const skip = !evmToolsAvailable() && 'forge, anvil or solc is not installed';

let chain: EvmChain;
let proxy: RpcProxy;
let server: net.Server;
let port: number;
let extra: string;
/** What a test changes of the loader's dependencies for the sessions it starts. */
let variant: Partial<DebugDeps> = {};

before(async () => {
  if (skip) return;
  chain = await startEvmChain();
  proxy = await startRpcProxy(chain.url);
  const artifacts = forgeArtifacts(chain.project.dir);
  const network = { name: 'anvil', jsonRpcUrl: proxy.url } as NetworkProfile;
  const rpc = createJsonRpcClient(proxy.url);
  const deps: DebugDeps = {
    services: { network, networks: { byName: () => undefined } as never, jsonRpc: () => rpc },
    settings: { get: (() => 256) as never },
    abis: { snapshot: async () => ({ decoder, index: decoder.buildIndex(artifacts), artifacts }) },
    contracts: () => forgeContracts(chain.project.dir),
    log: { debug: () => undefined, warn: () => undefined, info: () => undefined },
  };
  server = net.createServer((socket) => {
    socket.setNoDelay(true);
    const session = new EvmDebugSession((config, progress) => loadReplay({ ...deps, ...variant }, config, progress));
    session.setRunAsServer(true);
    session.start(socket, socket);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as net.AddressInfo).port;
  extra = await chain.send(chain.addresses.vault, `${chain.selector('Vault', 'withdraw(uint256)')}${word(7)}`);
});

after(async () => {
  server?.close();
  await proxy?.close();
  await chain?.stop();
});

async function client(): Promise<DebugClient> {
  const dc = new DebugClient('node', 'unused', 'initia-evm');
  await dc.start(port);
  return dc;
}

const file = (name: string) => path.join(chain.project.dir, 'src', name);

async function top(dc: DebugClient): Promise<DebugProtocol.StackFrame> {
  const trace = await dc.stackTraceRequest({ threadId: 1 });
  return trace.body.stackFrames[0]!;
}

async function launched(dc: DebugClient, hash: string, extraArgs: Record<string, unknown> = {}): Promise<void> {
  await Promise.all([
    dc.waitForEvent('initialized').then(() => dc.configurationDoneRequest()),
    dc.launch({ txHash: hash, ...extraArgs }),
    dc.waitForEvent('stopped'),
  ]);
}

test(
  'the first stop is the entry of the outermost call of the user’s code; one trace per session',
  { skip },
  async () => {
    proxy.reset();
    const dc = await client();
    try {
      await launched(dc, chain.txs.deep);
      const frame = await top(dc);
      assert.equal(frame.source?.path, file('Router.sol'));
      assert.match(frame.name, /^Router\.withdrawVia/);
      assert.equal(proxy.count('debug_traceTransaction'), 1);
    } finally {
      await dc.stop();
    }
  },
);

test('continue runs to the revert, two calls deep, with the error decoded', { skip }, async () => {
  const dc = await client();
  try {
    await launched(dc, chain.txs.deep);
    const stopped = dc.waitForEvent('stopped');
    await dc.continueRequest({ threadId: 1 });
    const event = (await stopped) as DebugProtocol.StoppedEvent;
    assert.equal(event.body.reason, 'exception');
    assert.match(event.body.text ?? '', /InsufficientBalance\(available: 0, required: 5\)/);
    const trace = await dc.stackTraceRequest({ threadId: 1 });
    const names = trace.body.stackFrames.map((f) => f.name);
    assert.deepEqual(names, ['Vault.withdraw', 'Relay.pull', 'Router.withdrawVia'], 'one frame per call');
    assert.equal(trace.body.stackFrames[0]!.source?.path, file('Vault.sol'));
    assert.equal(trace.body.stackFrames[0]!.line, 26);
    const scopes = await dc.scopesRequest({ frameId: trace.body.stackFrames[0]!.id });
    const call = scopes.body.scopes.find((s) => s.name === 'Call')!;
    const vars = (await dc.variablesRequest({ variablesReference: call.variablesReference })).body.variables;
    assert.equal(vars.find((v) => v.name === 'amount')?.value, '5');
    assert.equal(vars.find((v) => v.name === 'msg.sender')?.value, chain.addresses.relay);
  } finally {
    await dc.stop();
  }
});

test('a breakpoint in a .sol file is hit; reverse continue returns to the previous one', { skip }, async () => {
  const dc = await client();
  try {
    await dc.hitBreakpoint({ txHash: chain.txs.deep, stopOnEntry: false }, { path: file('Relay.sol'), line: 9 });
    await dc.setBreakpointsRequest({ source: { path: file('Vault.sol') }, breakpoints: [{ line: 25 }] });
    await dc.setBreakpointsRequest({ source: { path: file('Relay.sol') }, breakpoints: [{ line: 9 }] });
    let stopped = dc.waitForEvent('stopped');
    await dc.continueRequest({ threadId: 1 });
    await stopped;
    assert.equal((await top(dc)).line, 25);
    stopped = dc.waitForEvent('stopped');
    await dc.reverseContinueRequest({ threadId: 1 });
    const event = (await stopped) as DebugProtocol.StoppedEvent;
    assert.equal(event.body.reason, 'breakpoint');
    const frame = await top(dc);
    assert.deepEqual([frame.source?.path, frame.line], [file('Relay.sol'), 9]);
  } finally {
    await dc.stop();
  }
});

test('a line no step runs is an unverified breakpoint', { skip }, async () => {
  const dc = await client();
  try {
    await launched(dc, chain.txs.deep);
    const answer = await dc.setBreakpointsRequest({
      source: { path: file('Vault.sol') },
      breakpoints: [{ line: 3 }, { line: 25 }],
    });
    assert.deepEqual(
      answer.body.breakpoints.map((b) => b.verified),
      [false, true],
    );
  } finally {
    await dc.stop();
  }
});

test('stepping in forwards and back gives the same positions in reverse', { skip }, async () => {
  const dc = await client();
  try {
    await launched(dc, chain.txs.deep);
    const at = async () => {
      const f = await top(dc);
      return `${path.basename(f.source?.path ?? '?')}:${f.line}:${f.name}`;
    };
    const step = async (kind: 'stepIn' | 'stepBack') => {
      const stopped = dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
      await (kind === 'stepIn' ? dc.stepInRequest({ threadId: 1 }) : dc.stepBackRequest({ threadId: 1 }));
      return stopped;
    };
    const forward = [await at()];
    for (;;) {
      const stop = await step('stepIn');
      forward.push(await at());
      if (stop.body.description === 'End of the transaction') break;
      assert.ok(forward.length < 100, 'the end is reached');
    }
    const back = [forward.at(-1)!];
    while (back.length < forward.length) {
      await step('stepBack');
      back.push(await at());
    }
    assert.deepEqual(back.reverse(), forward);
    assert.ok(forward.some((p) => p.startsWith('Relay.sol:9:')));
    assert.ok(
      forward.some((p) => p.startsWith('Vault.sol:26:Vault.withdraw')),
      forward.join('\n'),
    );
  } finally {
    await dc.stop();
  }
});

test('step in enters the called contract; step out returns to the caller', { skip }, async () => {
  const dc = await client();
  try {
    await launched(dc, chain.txs.deep);
    const step = async (kind: 'stepIn' | 'stepOut' | 'next') => {
      const stopped = dc.waitForEvent('stopped');
      if (kind === 'stepIn') await dc.stepInRequest({ threadId: 1 });
      else if (kind === 'stepOut') await dc.stepOutRequest({ threadId: 1 });
      else await dc.nextRequest({ threadId: 1 });
      await stopped;
      return top(dc);
    };
    let frame = await top(dc);
    for (let i = 0; i < 30 && frame.source?.path !== file('Relay.sol'); i++) frame = await step('stepIn');
    assert.equal(frame.source?.path, file('Relay.sol'));
    const depth = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames.length;
    assert.ok(depth >= 2);
  } finally {
    await dc.stop();
  }
});

test('storage reads and writes so far, and memory as words', { skip }, async () => {
  const deposit = await chain.send(chain.addresses.vault, chain.selector('Vault', 'deposit()'), 3n);
  const dc = await client();
  try {
    await launched(dc, deposit, { stopOnEntry: false });
    const frame = await top(dc);
    const scopes = (await dc.scopesRequest({ frameId: frame.id })).body.scopes;
    const storage = scopes.find((s) => s.name === 'Storage')!;
    const slots = (await dc.variablesRequest({ variablesReference: storage.variablesReference })).body.variables;
    // Named by the artifact's storage layout: the mapping's entry by its key (the keccak256 preimage in the trace).
    const entry = slots.find((v) => v.name === `balanceOf[${EVM_SENDER}]`);
    assert.ok(entry, JSON.stringify(slots));
    assert.match(entry.value, /→ 0x0{63}3$/);
    const memory = scopes.find((s) => s.name === 'Memory')!;
    assert.equal(memory.expensive, true);
    const words = (await dc.variablesRequest({ variablesReference: memory.variablesReference })).body.variables;
    assert.ok(words.every((w) => /^0x[0-9a-f?]{64}$/.test(w.value) || w.name === 'note' || w.name === '(empty)'));
  } finally {
    await dc.stop();
  }
});

test(
  'a malformed hash is refused before any request; a node without the debug namespace is a sentence',
  { skip },
  async () => {
    proxy.reset();
    let dc = await client();
    try {
      await assert.rejects(dc.launch({ txHash: '0x1234' }), /txHash.*0x and 64 hexadecimal digits/);
      assert.deepEqual(proxy.methods(), []);
    } finally {
      await dc.stop();
    }
    proxy.refuse.add('debug_traceTransaction');
    dc = await client();
    try {
      await assert.rejects(dc.launch({ txHash: extra }), /does not serve debug_traceTransaction/);
    } finally {
      proxy.refuse.clear();
      await dc.stop();
    }
  },
);

test(
  'calls without sources: run through by default, or shown as a disassembly where breakpoints hold',
  { skip },
  async () => {
    const none = { broadcastNames: async () => new Map(), identify: async (address: string) => ({ address }) };
    variant = { contracts: () => none as never };
    const dc = await client();
    try {
      await launched(dc, chain.txs.deep, { withoutSource: 'disassembly' });
      const frame = await top(dc);
      assert.match(frame.source?.name ?? '', /^disassembly:0x[0-9a-f]{40}$/);
      assert.ok(frame.source?.sourceReference);
      const listing = await dc.sourceRequest({
        source: frame.source!,
        sourceReference: frame.source!.sourceReference!,
      });
      const lines = listing.body.content.split('\n');
      assert.match(lines[frame.line - 1]!, /^0x[0-9a-f]{4}  PUSH1 0x80$/);
      const stopped = dc.waitForEvent('stopped');
      await dc.nextRequest({ threadId: 1 });
      await stopped;
      assert.equal((await top(dc)).line, frame.line + 1, 'one instruction per line');
    } finally {
      variant = {};
      await dc.stop();
    }
  },
);

test('a trace over the size limit is refused with its size and the setting to raise', { skip }, async () => {
  variant = { settings: { get: (() => 0.1) as never } };
  const dc = await client();
  try {
    await assert.rejects(
      dc.launch({ txHash: chain.txs.deep }),
      /The trace of 0x[0-9a-f]{64} is 0\.2 MB; the debugger reads at most 0\.1 MB \(initia\.debug\.maxTraceMegabytes\): raise the setting to debug it\./,
    );
  } finally {
    variant = {};
    await dc.stop();
  }
});
