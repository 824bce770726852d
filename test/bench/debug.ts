/**
 * The EVM debugger's bench (run by scripts/bench.mjs as `node --expose-gc out/test/bench/debug.js <out.json>`; not
 * part of npm test), on a recorded 100,000-step trace: a real anvil runs the Spin contract of test/fixtures/evm/ (built
 * by forge with solc-js) for enough rounds, its struct-log answer is recorded once, and a local server plays it back
 * to the debugger's real loader (src/debug/load.ts) through the extension's HTTP layer, the adapter driven by
 * @vscode/debugadapter-testsupport's DebugClient over a socket as VS Code drives it. Measured:
 *   - the time from the trace's arrival (its last byte read) to the first stop shown (stack trace answered), and the
 *     whole launch from the request sent; budget ≤ 1 s from the arrival;
 *   - a step as VS Code does one (next, the stop, the stack trace, the scopes and the Call and EVM stack variables),
 *     median and p95 of 30; budget ≤ 50 ms;
 *   - a reverse continue across the whole trace (from its end back to the entry); budget ≤ 500 ms;
 *   - the adapter's memory once stopped (heap and array buffers over the baseline, after a GC); budget ≤ 200 MB.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { createJsonRpcClient } from '../../src/core/clients';
import * as decoder from '../../src/abi/decoder';
import { EvmDebugSession } from '../../src/debug/session';
import { loadReplay, type DebugDeps } from '../../src/debug/load';
import type { NetworkProfile } from '../../src/core/networks';
import { EVM_SENDER, startEvmChain, word, type EvmChain } from '../fixtures/evmChain';
import { forgeArtifacts, forgeContracts } from '../fixtures/forgeContracts';

const STEPS = 100_000;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;
const round = (x: number) => Math.round(x * 10) / 10;
const held = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers + m.external;
};

/** Deploys Spin and runs it for enough rounds to make at least STEPS steps; the transaction's hash. */
async function spinTx(chain: EvmChain): Promise<string> {
  const artifact = JSON.parse(
    fs.readFileSync(path.join(chain.project.dir, 'out', 'Spin.sol', 'Spin.json'), 'utf8'),
  ) as { bytecode: { object: string }; methodIdentifiers: Record<string, string> };
  const deploy = await chain.rpc<string>('eth_sendTransaction', [
    { from: EVM_SENDER, data: artifact.bytecode.object, gas: '0x200000' },
  ]);
  const spin = (await chain.receipt<{ contractAddress: string }>(deploy)).contractAddress;
  const run = async (rounds: number) => {
    const hash = await chain.rpc<string>('eth_sendTransaction', [
      {
        from: EVM_SENDER,
        to: spin,
        data: `0x${artifact.methodIdentifiers['spin(uint256)']}${word(rounds)}`,
        gas: '0x1000000',
      },
    ]);
    await chain.receipt(hash);
    const trace = await chain.rpc<{ structLogs: unknown[] }>('debug_traceTransaction', [
      hash,
      { disableStack: true, disableStorage: true, enableMemory: false },
    ]);
    return { hash, steps: trace.structLogs.length };
  };
  const [a, b] = [await run(10), await run(110)];
  const perRound = (b.steps - a.steps) / 100;
  return (await run(Math.ceil((STEPS - a.steps) / perRound) + 10)).hash;
}

/** A node that plays back the recorded trace and passes everything else on to anvil. */
async function playback(chain: EvmChain, hash: string): Promise<{ url: string; bytes: number; close(): void }> {
  const result = JSON.stringify(
    await chain.rpc('debug_traceTransaction', [hash, { disableStorage: true, enableMemory: false }]),
  );
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const call = JSON.parse(body) as { id: number; method: string; params: unknown[] };
      res.setHeader('content-type', 'application/json');
      if (call.method === 'debug_traceTransaction')
        return res.end(`{"jsonrpc":"2.0","id":${call.id},"result":${result}}`);
      void chain.rpc(call.method, call.params).then(
        (r) => res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: r })),
        (e: Error) =>
          res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, error: { code: -32000, message: e.message } })),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    bytes: result.length,
    close: () => server.close(),
  };
}

async function main(out: string): Promise<void> {
  const chain = await startEvmChain();
  const hash = await spinTx(chain);
  const node = await playback(chain, hash);
  const artifacts = forgeArtifacts(chain.project.dir);
  let arrived = 0;
  let steps = 0;
  const rpc = createJsonRpcClient(node.url, { maxBytes: 1024 * 1024 * 1024 });
  const deps: DebugDeps = {
    services: {
      network: { name: 'bench', jsonRpcUrl: node.url } as NetworkProfile,
      networks: { byName: () => undefined } as never,
      jsonRpc: () => rpc,
    },
    settings: { get: (() => 512) as never },
    abis: { snapshot: async () => ({ decoder, index: decoder.buildIndex(artifacts), artifacts }) },
    contracts: () => forgeContracts(chain.project.dir),
    log: {
      debug: () => undefined,
      warn: () => undefined,
      info: (m: string) => {
        arrived = performance.now();
        steps = Number(/(\d+) steps/.exec(m)?.[1] ?? 0);
      },
    },
  };
  const server = net.createServer((socket) => {
    // VS Code runs the adapter inline (no socket); here the socket must not hold back small writes (Nagle).
    socket.setNoDelay(true);
    const session = new EvmDebugSession((config, progress) => loadReplay(deps, config, progress));
    session.setRunAsServer(true);
    session.start(socket, socket);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  gc();
  const baseline = held();
  const dc = new DebugClient('node', 'unused', 'initia-evm');
  await dc.start((server.address() as net.AddressInfo).port);
  const sent = performance.now();
  await Promise.all([
    dc.waitForEvent('initialized').then(() => dc.configurationDoneRequest()),
    dc.launch({ txHash: hash }),
    dc.waitForEvent('stopped'),
  ]);
  const first = await dc.stackTraceRequest({ threadId: 1 });
  const shown = performance.now();
  const step = async (request: () => Promise<unknown>): Promise<number> => {
    const t = performance.now();
    const stopped = dc.waitForEvent('stopped');
    await request();
    await stopped;
    const frames = await dc.stackTraceRequest({ threadId: 1 });
    const scopes = (await dc.scopesRequest({ frameId: frames.body.stackFrames[0]!.id })).body.scopes;
    for (const s of scopes.filter((x: DebugProtocol.Scope) => !x.expensive).slice(0, 2))
      await dc.variablesRequest({ variablesReference: s.variablesReference });
    return performance.now() - t;
  };
  const stepTimes: number[] = [];
  for (let i = 0; i < 30; i++) stepTimes.push(await step(() => dc.nextRequest({ threadId: 1 })));
  gc();
  const memory = held() - baseline;
  await step(() => dc.continueRequest({ threadId: 1 }));
  const reverse = await step(() => dc.reverseContinueRequest({ threadId: 1 }));
  const last = await dc.stackTraceRequest({ threadId: 1 });
  await dc.stop();
  server.close();
  node.close();
  await chain.stop();
  const report = {
    debugTraceSteps: steps,
    debugTraceBytes: node.bytes,
    debugFirstStopAfterArrivalMs: round(shown - arrived),
    debugLaunchMs: round(shown - sent),
    debugStepMs: round(median(stepTimes)),
    debugStepP95Ms: round(p95(stepTimes)),
    debugReverseContinueMs: round(reverse),
    debugMemoryMb: round(memory / 1024 / 1024),
    debugFirstStop: `${path.basename(first.body.stackFrames[0]?.source?.path ?? '?')}:${first.body.stackFrames[0]?.line}`,
    debugReverseStop: `${path.basename(last.body.stackFrames[0]?.source?.path ?? '?')}:${last.body.stackFrames[0]?.line}`,
  };
  console.log(JSON.stringify(report, null, 2));
  fs.writeFileSync(out, JSON.stringify(report, null, 2));
}

void main(process.argv[2] ?? 'debug-bench.json').catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
