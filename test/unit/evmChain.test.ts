/**
 * The EVM core against a real node and real compiler output: anvil from npm on a random loopback port, the project of
 * test/fixtures/evm/ built by forge with solc-js (cached) and deployed by `forge script --broadcast`, then the
 * transactions of test/fixtures/evmChain.ts. Through the extension's own HTTP layer (core/clients.ts): the call trace,
 * the revert of each transaction in words (Error(string), Panic with its code, a custom error decoded with the
 * project's ABIs, and where a revert two calls deep was raised), the opcode steps laid onto the frames, the source
 * line of each failed frame from the source map, the deployed code matched to its artifact (immutables filled in,
 * metadata hash aside), the broadcast's names, a read-only call decoded, a node's refusal told apart, the fake
 * indexer serving the node's transactions as rollytics does, and a Hardhat build info made by solc giving a line too.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod/mini';
import { createJsonRpcClient } from '../../src/core/clients';
import { flattenTrace, revertOrigin, type FlatTrace } from '../../src/core/evm/callTrace';
import { classifyRevert } from '../../src/core/evm/revert';
import { framePcs, type FramePcs } from '../../src/core/evm/steps';
import { decodeSourceMap, instructionIndexes, lineStarts, positionAt, rangeAt } from '../../src/core/evm/sourceMap';
import { compareRuntime } from '../../src/core/evm/bytecode';
import {
  readBroadcast,
  readCodeArtifact,
  readFoundryBuildInfo,
  readHardhatBuildInfo,
  type CodeArtifact,
} from '../../src/core/evm/artifactCode';
import { JsonRpcError, type JsonRpcClient } from '../../src/core/evm/jsonRpc';
import { parseArtifact, type Artifact } from '../../src/core/abi/artifacts';
import {
  buildIndex,
  decodeCallWith,
  decodeErrorWith,
  decodeReturnWith,
  encodeCallWith,
  type AbiIndex,
} from '../../src/abi/decoder';
import { evmToolsAvailable } from '../fixtures/evmProject';
import { startEvmChain, word, type EvmChain, type EvmTxName } from '../fixtures/evmChain';
import { startFakeIndexer } from '../fixtures/fakeIndexer';

const skip = evmToolsAvailable() ? false : 'forge, anvil or solc is not installed (npm ci installs them)';

let chain: EvmChain;
let rpc: JsonRpcClient;
let index: AbiIndex;
const artifacts = new Map<string, { abi: Artifact; code: CodeArtifact; files: Map<number, string> }>();

/** Reads out/<C>.sol/<C>.json of the built project: its ABI, its code and its build's source files. */
function load(contract: string) {
  const dir = chain.project.dir;
  const json = JSON.parse(
    fs.readFileSync(path.join(dir, 'out', `${contract}.sol`, `${contract}.json`), 'utf8'),
  ) as unknown;
  const parsed = parseArtifact(JSON.stringify(json), `out/${contract}.sol/${contract}.json`);
  assert.ok(!('error' in parsed));
  const code = readCodeArtifact(json, contract)!;
  const builds = fs
    .readdirSync(path.join(dir, 'out', 'build-info'))
    .map((f) => readFoundryBuildInfo(JSON.parse(fs.readFileSync(path.join(dir, 'out', 'build-info', f), 'utf8')))!);
  const files = builds.find((b) => b.sources.get(code.sourceId!) === code.sourceName)!.sources;
  return {
    abi: {
      contract: parsed.contract,
      file: `out/${contract}.sol/${contract}.json`,
      abi: parsed.abi,
      runtimeSize: parsed.runtimeSize,
    },
    code,
    files,
  };
}

const traces = new Map<EvmTxName, { flat: FlatTrace; steps: FramePcs }>();
async function trace(name: EvmTxName) {
  let t = traces.get(name);
  if (!t) {
    const call = await rpc.traceCalls(chain.txs[name]);
    const flat = flattenTrace(call);
    const steps = framePcs((await rpc.traceSteps(chain.txs[name])).structLogs, flat.frames);
    t = { flat, steps };
    traces.set(name, t);
  }
  return t;
}

/** The 1-based line of `needle` in a source of the project. */
function lineOf(file: string, needle: string): number {
  const text = fs.readFileSync(path.join(chain.project.dir, file), 'utf8');
  const at = text.indexOf(needle);
  assert.ok(at >= 0, `${needle} in ${file}`);
  return text.slice(0, at).split('\n').length;
}

/** The source line a frame stopped at, as Explain finds it. */
function sourceLine(
  contract: string,
  pcs: readonly number[],
): { file: string; line: number; text: string } | undefined {
  const a = artifacts.get(contract)!;
  const map = decodeSourceMap(a.code.runtime.sourceMap!);
  const range = rangeAt(map, instructionIndexes(a.code.runtime.object), pcs, (f) => a.files.has(f));
  if (!range) return undefined;
  const file = a.files.get(range.file)!;
  const bytes = fs.readFileSync(path.join(chain.project.dir, file));
  const { line } = positionAt(bytes, lineStarts(bytes), range.start);
  return { file, line, text: bytes.subarray(range.start, range.start + range.length).toString('utf8') };
}

before(async () => {
  if (skip) return;
  chain = await startEvmChain();
  rpc = createJsonRpcClient(chain.url);
  for (const c of ['Vault', 'Router', 'Relay']) artifacts.set(c, load(c));
  index = buildIndex([...artifacts.values()].map((a) => a.abi));
});

after(async () => {
  await chain?.stop();
});

test(
  'a custom error: the frame raised it, its data decodes with the project ABI, the line is the revert statement',
  { skip },
  async () => {
    const { flat, steps } = await trace('custom');
    assert.equal(flat.frames.length, 1);
    const root = flat.frames[0]!;
    assert.equal(root.error, 'execution reverted');
    assert.equal(revertOrigin(flat.frames, 0), 0);
    assert.equal(classifyRevert(root.output).kind, 'custom');
    const decoded = decodeErrorWith(index, root.output);
    assert.equal(decoded?.name, 'InsufficientBalance');
    assert.equal(decoded?.contract, 'Vault');
    assert.deepEqual(
      decoded?.args.map((a) => `${a.name}=${a.value}`),
      ['available=0', 'required=10'],
    );
    assert.equal(decodeCallWith(index, { data: root.input })?.name, 'withdraw');
    assert.ok(steps.consistent, steps.problem);
    const line = sourceLine('Vault', steps.pcs.get(0)!);
    assert.equal(line?.file, 'src/Vault.sol');
    assert.equal(line?.line, lineOf('src/Vault.sol', 'if (available < amount) revert InsufficientBalance'));
    assert.match(line!.text, /^InsufficientBalance\(available, amount\)$/);
  },
);

test('require with a message: Error(string) in words, the line of the require', { skip }, async () => {
  const { flat, steps } = await trace('require');
  const revert = classifyRevert(flat.frames[0]!.output);
  assert.deepEqual(revert, { kind: 'error', message: 'amount is zero' });
  assert.equal(
    sourceLine('Vault', steps.pcs.get(0)!)?.line,
    lineOf('src/Vault.sol', 'require(amount > 0, "amount is zero");'),
  );
});

test(
  "a panic: its code in words; the REVERT in the compiler's helper is put on the division that failed",
  { skip },
  async () => {
    const { flat, steps } = await trace('panic');
    const revert = classifyRevert(flat.frames[0]!.output);
    assert.equal(revert.kind, 'panic');
    assert.equal(revert.kind === 'panic' && revert.words, 'a division or modulo by zero (0x12)');
    const line = sourceLine('Vault', steps.pcs.get(0)!);
    assert.equal(line?.line, lineOf('src/Vault.sol', 'return total / parts;'));
    assert.equal(line?.text, 'total / parts');
  },
);

test(
  'a revert two calls deep: raised by Vault, passed on by Relay and Router, each frame at its own line',
  { skip },
  async () => {
    const { flat, steps } = await trace('deep');
    assert.deepEqual(
      flat.frames.map((f) => [f.depth, f.to]),
      [
        [0, chain.addresses.router],
        [1, chain.addresses.relay],
        [2, chain.addresses.vault],
      ],
    );
    assert.ok(flat.frames.every((f) => f.error));
    assert.equal(revertOrigin(flat.frames, 0), 2, 'raised by the innermost frame');
    assert.equal(revertOrigin(flat.frames, 1), 2);
    assert.deepEqual(
      decodeErrorWith(index, flat.frames[0]!.output)?.args.map((a) => a.value),
      ['0', '5'],
    );
    assert.ok(steps.consistent, steps.problem);
    assert.equal(sourceLine('Vault', steps.pcs.get(2)!)?.line, lineOf('src/Vault.sol', 'revert InsufficientBalance'));
    assert.equal(sourceLine('Relay', steps.pcs.get(1)!)?.line, lineOf('src/Relay.sol', 'vault.withdraw(amount);'));
    assert.equal(sourceLine('Router', steps.pcs.get(0)!)?.line, lineOf('src/Router.sol', 'relay.pull(vault, amount);'));
  },
);

test(
  'a successful call: two frames, the call decoded, nothing failed, the steps fit the frames',
  { skip },
  async () => {
    const { flat, steps } = await trace('deposit');
    assert.deepEqual(
      flat.frames.map((f) => [f.type, f.to, f.error]),
      [
        ['CALL', chain.addresses.router, undefined],
        ['CALL', chain.addresses.vault, undefined],
      ],
    );
    assert.equal(flat.frames[0]!.value, String(10n ** 15n));
    assert.equal(decodeCallWith(index, { data: flat.frames[1]!.input })?.name, 'deposit');
    assert.ok(steps.consistent);
  },
);

test(
  'deployed code matches its artifact with the immutables filled in; without the immutables it would not',
  { skip },
  async () => {
    const vault = artifacts.get('Vault')!.code;
    const code = await rpc.getCode(chain.addresses.vault, 'latest');
    assert.ok(Object.keys(vault.runtime.immutableReferences ?? {}).length > 0, 'Vault has an immutable');
    assert.deepEqual(compareRuntime(code, vault.runtime), { matches: true });
    assert.equal(compareRuntime(code, { object: vault.runtime.object }).matches, false);
    // The Relay (made by the Router, in no broadcast transaction) is found by its code alone.
    assert.deepEqual(
      compareRuntime(await rpc.getCode(chain.addresses.relay, 'latest'), artifacts.get('Relay')!.code.runtime),
      { matches: true },
    );
    assert.equal(compareRuntime(code, artifacts.get('Relay')!.code.runtime).matches, false);
    // Another metadata hash (a comment changed) is still the same contract; a changed instruction is not.
    const hex = code.slice(2);
    const metaStart = hex.length - 2 * (Number.parseInt(hex.slice(-4), 16) + 2);
    const otherMeta = `0x${hex.slice(0, metaStart + 20)}${hex.slice(metaStart + 20, metaStart + 22) === 'ff' ? '00' : 'ff'}${hex.slice(metaStart + 22)}`;
    assert.deepEqual(compareRuntime(otherMeta, vault.runtime), { matches: true });
    const otherCode = `0x${hex.slice(0, 20)}${hex.slice(20, 22) === 'ff' ? '00' : 'ff'}${hex.slice(22)}`;
    assert.deepEqual(compareRuntime(otherCode, vault.runtime), {
      matches: false,
      why: "the deployed code differs from the artifact's at byte 10",
    });
  },
);

test("the broadcast names the contracts it deployed, the Router's Relay too", { skip }, async () => {
  const run = JSON.parse(
    fs.readFileSync(path.join(chain.broadcastDir, 'Deploy.s.sol', String(chain.chainId), 'run-latest.json'), 'utf8'),
  ) as unknown;
  const names = readBroadcast(run);
  assert.equal(names.get(chain.addresses.vault), 'Vault');
  assert.equal(names.get(chain.addresses.router), 'Router');
  assert.equal(names.get(chain.addresses.relay), 'Relay');
});

test(
  'a read-only call: encoded from the ABI, answered by eth_call, its outputs decoded by name',
  { skip },
  async () => {
    const stats = artifacts.get('Vault')!.abi.abi.find((i) => i.name === 'stats')!;
    const data = encodeCallWith(stats, [chain.addresses.router]);
    assert.equal(data, `${chain.selector('Vault', 'stats(address)')}${word(chain.addresses.router)}`);
    const out = await rpc.ethCall({ to: chain.addresses.vault, data }, 'latest');
    const decoded = decodeReturnWith(stats, out);
    assert.deepEqual(
      decoded?.map((a) => [a.name, a.type, a.value.toLowerCase()]),
      [
        ['balance', 'uint256', String(10n ** 15n)],
        ['vaultOwner', 'address', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'],
      ],
    );
    // At the block before the deposit the balance was 0.
    const receipt = await chain.receipt<{ blockNumber: string }>(chain.txs.deposit);
    const before = decodeReturnWith(
      stats,
      await rpc.ethCall({ to: chain.addresses.vault, data }, Number(BigInt(receipt.blockNumber)) - 1),
    );
    assert.equal(before?.[0]?.value, '0');
  },
);

test(
  'a reverting eth_call carries its revert data; a method the node does not serve is told apart',
  { skip },
  async () => {
    const withdraw = artifacts.get('Vault')!.abi.abi.find((i) => i.name === 'withdraw')!;
    const err = await rpc.ethCall({ to: chain.addresses.vault, data: encodeCallWith(withdraw, [7n]) }, 'latest').then(
      () => assert.fail('expected a revert'),
      (e: unknown) => e,
    );
    assert.ok(err instanceof JsonRpcError, String(err));
    assert.equal(err.unavailable, false);
    assert.equal(typeof err.data, 'string');
    assert.deepEqual(
      decodeErrorWith(index, err.data as string)?.args.map((a) => a.value),
      ['0', '7'],
    );
    const refused = await rpc.call('debug_noSuchMethod', [], z.unknown()).then(
      () => assert.fail('expected an error'),
      (e: unknown) => e,
    );
    assert.ok(refused instanceof JsonRpcError && refused.unavailable, String(refused));
    assert.match(refused.message, /^The JSON-RPC node answered debug_noSuchMethod with error -32601: /);
  },
);

test(
  'the call trace of a transaction the node does not have: said in words, not "unexpected shape" (issue 34)',
  { skip },
  async () => {
    const err = await rpc.traceCalls(`0x${'5e'.repeat(32)}`).then(
      () => assert.fail('expected an error'),
      (e: unknown) => e,
    );
    assert.ok(err instanceof JsonRpcError, String(err));
    assert.equal(err.missing, true, err.message);
    assert.doesNotMatch(err.message, /unexpected shape/);
  },
);

test(
  "the fake indexer serves the node's transactions as rollytics does: a failed one without internal calls",
  { skip },
  async () => {
    const fake = await startFakeIndexer({ blocks: 5 });
    try {
      await chain.serveTo(fake);
      const get = async (p: string) => (await fetch(`${fake.url}${p}`)).json() as Promise<Record<string, unknown>>;
      const deep = await get(`/indexer/tx/v1/evm-txs/${chain.txs.deep}`);
      assert.equal((deep.tx as { status: string }).status, '0x0');
      assert.deepEqual(Object.keys(deep.tx as object).sort(), [
        'blockHash',
        'blockNumber',
        'contractAddress',
        'cumulativeGasUsed',
        'effectiveGasPrice',
        'from',
        'gasUsed',
        'logs',
        'logsBloom',
        'status',
        'to',
        'transactionHash',
        'transactionIndex',
        'type',
      ]);
      assert.deepEqual((await get(`/indexer/tx/v1/evm-internal-txs/${chain.txs.deep}`)).internal_txs, []);
      const calls = (await get(`/indexer/tx/v1/evm-internal-txs/${chain.txs.deposit}?pagination.reverse=false`))
        .internal_txs as Array<Record<string, unknown>>;
      assert.deepEqual(
        calls.map((c) => [c.index, c.parent_index, c.to]),
        [
          [0, -1, chain.addresses.router],
          [1, 0, chain.addresses.vault],
        ],
      );
      assert.equal(calls[0]!.output, '0x', 'the top call keeps no output');
    } finally {
      await fake.close();
    }
  },
);

test(
  'Hardhat: a build info made by solc, its source map and source files give the line of a revert on the node',
  { skip },
  async () => {
    // What Hardhat does: solc's standard JSON, the build info keeping its input and output, the artifact apart.
    const source = fs.readFileSync(path.join(chain.project.dir, 'src', 'Vault.sol'), 'utf8');
    const input = {
      language: 'Solidity',
      sources: { 'contracts/Vault.sol': { content: source } },
      settings: {
        optimizer: { enabled: false, runs: 200 },
        outputSelection: {
          '*': {
            '*': [
              'abi',
              'evm.bytecode.object',
              'evm.deployedBytecode.object',
              'evm.deployedBytecode.sourceMap',
              'evm.deployedBytecode.immutableReferences',
            ],
            '': ['ast'],
          },
        },
      },
    };
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const solc = require('solc') as { compile(input: string): string };
    const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
      contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
      errors?: Array<{ severity: string; message: string }>;
    };
    assert.deepEqual(
      (output.errors ?? []).filter((e) => e.severity === 'error'),
      [],
    );
    const build = readHardhatBuildInfo(
      { _format: 'hh-sol-build-info-1', input, output },
      'contracts/Vault.sol',
      'Vault',
    )!;
    assert.ok(build.runtime?.sourceMap);
    assert.equal(build.sources.get(0), 'contracts/Vault.sol');
    assert.equal(build.contents.get('contracts/Vault.sol'), source);
    // Deployed and called as Hardhat's own node would run it.
    const creation = `0x${output.contracts['contracts/Vault.sol']!.Vault!.evm.bytecode.object}`;
    const deployed = await chain.receipt<{ contractAddress: string }>(
      await chain.rpc<string>('eth_sendTransaction', [
        { from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', data: creation, gas: '0x200000' },
      ]),
    );
    const address = deployed.contractAddress.toLowerCase();
    assert.deepEqual(compareRuntime(await rpc.getCode(address, 'latest'), build.runtime!), { matches: true });
    const hash = await chain.send(address, `${chain.selector('Vault', 'withdraw(uint256)')}${word(3)}`);
    const flat = flattenTrace(await rpc.traceCalls(hash));
    const pcs = framePcs((await rpc.traceSteps(hash)).structLogs, flat.frames).pcs.get(0)!;
    const range = rangeAt(
      decodeSourceMap(build.runtime!.sourceMap!),
      instructionIndexes(build.runtime!.object),
      pcs,
      (f) => build.sources.has(f),
    )!;
    const bytes = new TextEncoder().encode(source);
    assert.equal(
      positionAt(bytes, lineStarts(bytes), range.start).line,
      lineOf('src/Vault.sol', 'revert InsufficientBalance'),
    );
  },
);
