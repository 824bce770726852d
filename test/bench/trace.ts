/**
 * Call trace bench (run by scripts/bench.mjs as `node out/test/bench/trace.js <out.json>`; not part of npm test):
 *   - the host time to decode and build the view of a 1,000-frame call trace (flatten, decode every frame's input,
 *     outputs and custom errors with the ABI decoder of dist/abi.js's source over the test project's real artifacts,
 *     build the view model, and serialise it as it is posted), median and p95 of 21 runs after a warm-up; budget 100 ms;
 *   - the source-line lookup once the artifacts are indexed: the first (the artifact's source map decoded, its
 *     instructions counted, the file's lines found) and a later one; budget 50 ms.
 * The artifacts are the forge build of test/fixtures/evm/ (cached; forge and solc from the devDependencies).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildEvmProject } from '../fixtures/evmProject';
import { flattenTrace, type CallFrame } from '../../src/core/evm/callTrace';
import { decodeSourceMap, instructionIndexes, lineStarts, positionAt, rangeAt } from '../../src/core/evm/sourceMap';
import { readCodeArtifact, readFoundryBuildInfo } from '../../src/core/evm/artifactCode';
import { parseArtifact, type Artifact } from '../../src/core/abi/artifacts';
import { buildIndex, decodeCallWith, decodeErrorWith, decodeOutputWith } from '../../src/abi/decoder';
import { buildTraceView, decodeFrames } from '../../src/explain/traceView';

const project = buildEvmProject();
const read = (rel: string) => readFileSync(join(project.dir, rel), 'utf8');
const artifacts: Artifact[] = ['Vault', 'Router', 'Relay'].map((c) => {
  const parsed = parseArtifact(read(`out/${c}.sol/${c}.json`), `out/${c}.sol/${c}.json`);
  if ('error' in parsed) throw new Error(parsed.error);
  return {
    contract: parsed.contract,
    file: `file:///w/out/${c}.sol/${c}.json`,
    abi: parsed.abi,
    runtimeSize: parsed.runtimeSize,
  };
});
const index = buildIndex(artifacts);
const vaultJson = JSON.parse(read('out/Vault.sol/Vault.json')) as { methodIdentifiers: Record<string, string> };
const sel = (sig: string) => `0x${vaultJson.methodIdentifiers[sig]}`;
const word = (v: bigint | string) => (typeof v === 'string' ? v.replace(/^0x/, '') : v.toString(16)).padStart(64, '0');

const VAULT = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const ROUTER = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
const RELAY = '0xcafac3dd18ac6c6e92c921884f9e4176737c052c';
const CUSTOM = `0xcf479181${word(0n)}${word(5n)}`;

/** A 1,000-frame trace: the Router calling the Vault and the Relay, reads and writes, the last branch reverting. */
function bigTrace(n: number): CallFrame {
  const children: CallFrame[] = [];
  for (let i = 0; children.length < n - 1; i++) {
    const who = `0x${(i % 97).toString(16).padStart(40, '0')}`;
    const kind = i % 4;
    if (kind === 0)
      children.push({
        type: 'STATICCALL',
        from: ROUTER,
        to: VAULT,
        gas: '0x1000',
        gasUsed: '0x200',
        input: `${sel('balanceOf(address)')}${word(who)}`,
        output: `0x${word(BigInt(i) * 10n ** 15n)}`,
      });
    else if (kind === 1)
      children.push({
        type: 'STATICCALL',
        from: ROUTER,
        to: VAULT,
        gas: '0x1000',
        gasUsed: '0x300',
        input: `${sel('stats(address)')}${word(who)}`,
        output: `0x${word(BigInt(i))}${word(ROUTER)}`,
      });
    else if (kind === 2)
      children.push({
        type: 'CALL',
        from: ROUTER,
        to: VAULT,
        value: `0x${(BigInt(i) * 10n ** 12n).toString(16)}`,
        gas: '0x5000',
        gasUsed: '0x900',
        input: sel('deposit()'),
        output: '0x',
      });
    else
      children.push({
        type: 'CALL',
        from: ROUTER,
        to: RELAY,
        gas: '0x5000',
        gasUsed: '0x700',
        input: `0xf2d5d56b${word(VAULT)}${word(BigInt(i))}`,
        output: '0x',
        calls: [],
      });
  }
  const last = children[children.length - 1]!;
  last.error = 'execution reverted';
  last.output = CUSTOM;
  return {
    type: 'CALL',
    from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    to: ROUTER,
    gas: '0x100000',
    gasUsed: '0x90000',
    input: `0x010fe9fa${word(VAULT)}${word(5n)}`,
    output: CUSTOM,
    error: 'execution reverted',
    calls: children,
  };
}

const root = bigTrace(1000);
const contracts = new Map([
  [VAULT, { name: 'Vault', code: true }],
  [ROUTER, { name: 'Router', code: true }],
  [RELAY, { name: 'Relay', code: true }],
]);
const decoder = {
  decodeCall: (input: { to?: string; data: string }) => decodeCallWith(index, input),
  decodeOutput: (input: string, output: string) => decodeOutputWith(index, input, output),
  decodeError: (data: string) => decodeErrorWith(index, data),
};
let frames = 0;
let bytes = 0;
const once = () => {
  const flat = flattenTrace(root);
  const view = buildTraceView({
    node: 'http://127.0.0.1:8545',
    flat,
    contracts,
    ...decodeFrames(flat.frames, decoder),
    sources: new Map(),
  });
  frames = view.frames.length;
  bytes = JSON.stringify(view).length;
};
for (let i = 0; i < 3; i++) once();
const runs: number[] = [];
for (let i = 0; i < 21; i++) {
  const t0 = performance.now();
  once();
  runs.push(performance.now() - t0);
}
runs.sort((a, b) => a - b);

// The source line of the Vault's revert, once its artifact, build info and source file are read (what "indexed" holds).
const vault = readCodeArtifact(JSON.parse(read('out/Vault.sol/Vault.json')), 'Vault')!;
const files = readdirSync(join(project.dir, 'out', 'build-info'))
  .map((f) => readFoundryBuildInfo(JSON.parse(read(`out/build-info/${f}`)))!.sources)
  .find((s) => s.get(vault.sourceId!) === vault.sourceName)!;
const source = new Uint8Array(readFileSync(join(project.dir, 'src', 'Vault.sol')));
const revertAt = read('src/Vault.sol').indexOf('revert InsufficientBalance');
// The program counters the opcode trace gives: a run of 64 (as many as are kept per frame), the revert's the last.
const pcs = (() => {
  const map = decodeSourceMap(vault.runtime.sourceMap!);
  const indexes = instructionIndexes(vault.runtime.object);
  const all: number[] = [];
  for (let pc = 0; pc < indexes.length; pc++) if (indexes[pc]! >= 0) all.push(pc);
  const at = all.findIndex((pc) => map.start[indexes[pc]!] === revertAt + 7);
  return all.slice(Math.max(0, at - 63), at + 1);
})();
const lookup = (cached?: { map: ReturnType<typeof decodeSourceMap>; indexes: Int32Array; starts: number[] }) => {
  const c = cached ?? {
    map: decodeSourceMap(vault.runtime.sourceMap!),
    indexes: instructionIndexes(vault.runtime.object),
    starts: lineStarts(source),
  };
  const range = rangeAt(c.map, c.indexes, pcs, (f) => files.has(f))!;
  return { c, line: positionAt(source, c.starts, range.start).line };
};
const t1 = performance.now();
const first = lookup();
const firstMs = performance.now() - t1;
const later: number[] = [];
for (let i = 0; i < 21; i++) {
  const t = performance.now();
  lookup(first.c);
  later.push(performance.now() - t);
}
later.sort((a, b) => a - b);

const result = {
  trace1000Frames: frames,
  trace1000Ms: Number(runs[10]!.toFixed(2)),
  trace1000P95Ms: Number(runs[19]!.toFixed(2)),
  trace1000ViewBytes: bytes,
  sourceLineFirstMs: Number(firstMs.toFixed(2)),
  sourceLineMs: Number(later[10]!.toFixed(3)),
  sourceLineFound: first.line,
};
console.log(
  `[trace] ${frames} frames decoded and built: median ${result.trace1000Ms} ms, p95 ${result.trace1000P95Ms} ms (view ${Math.round(bytes / 1024)} KB); source line: first ${result.sourceLineFirstMs} ms, then ${result.sourceLineMs} ms (line ${first.line})`,
);
if (process.argv[2]) writeFileSync(process.argv[2], JSON.stringify(result));
