/**
 * Workspace ABI index bench (run by scripts/bench.mjs as `node out/test/bench/abi.js [out.json]`; not part of npm
 * test). Writes 1,000 generated artifacts into a temp folder, as the tools lay them out (600 Foundry `out/…` with
 * bytecode and metadata, 300 Hardhat `artifacts/…` each with its `.dbg.json`, 100 plain `.abi.json`; 10–40 ABI items
 * each, ERC-20-like items shared by a third of them), then measures, each in a fresh Node process (median of 5):
 *   - index: list the files, read them, parse them (src/core/abi/artifacts.ts, as the features run it) and build the
 *     maps (dist/abi.js's buildIndex: keccak of every signature). Budget ≤ 1 s, off the activation path.
 *   - first decode: the same plus loading dist/abi.js and decoding one log and one call: what the first decode in the
 *     host costs (without VS Code's findFiles, which reads the same folder tree).
 *   - rebuild: buildIndex again in the same process (the watcher's refresh: the hashes are kept).
 * Needs dist/abi.js (node esbuild.mjs, or the production build that scripts/bench.mjs makes).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import {
  isArtifactPath,
  parseArtifact,
  type AbiItem,
  type AbiParameter,
  type Artifact,
} from '../../src/core/abi/artifacts';
import type * as Decoder from '../../src/abi/decoder';

const ROOT = join(__dirname, '..', '..', '..');
const DECODER = join(ROOT, 'dist', 'abi.js');
const ARTIFACTS = 1000;
const RUNS = 5;

// ---------------------------------------------------------------------------------------------------------------
// Generated artifacts

/** mulberry32: the same artifacts on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VERBS = [
  'transfer',
  'approve',
  'mint',
  'burn',
  'deposit',
  'withdraw',
  'stake',
  'unstake',
  'claim',
  'swap',
  'set',
  'update',
  'pause',
  'execute',
  'vote',
  'propose',
  'cancel',
  'harvest',
  'rebalance',
  'register',
  'settle',
  'liquidate',
  'borrow',
  'repay',
];
const NOUNS = [
  '',
  'Owner',
  'Fee',
  'Rewards',
  'Shares',
  'Collateral',
  'Order',
  'Pool',
  'Position',
  'Config',
  'Oracle',
  'Vault',
  'Proposal',
  'Batch',
  'Limit',
];
const EVENTS = [
  'Transfer',
  'Approval',
  'Deposited',
  'Withdrawn',
  'Staked',
  'Claimed',
  'Swapped',
  'Updated',
  'Paused',
  'Executed',
  'Voted',
  'Proposed',
  'Liquidated',
  'Borrowed',
  'Repaid',
  'Settled',
];
const TYPES = [
  'address',
  'uint256',
  'uint256',
  'uint8',
  'uint64',
  'bool',
  'bytes32',
  'bytes',
  'string',
  'address[]',
  'uint256[]',
  'int256',
  'uint128',
];

const ERC20_LIKE: AbiItem[] = [
  {
    type: 'event',
    name: 'Transfer',
    inputs: [
      { name: 'from', type: 'address', indexed: true },
      { name: 'to', type: 'address', indexed: true },
      { name: 'value', type: 'uint256', indexed: false },
    ],
    anonymous: false,
  },
  {
    type: 'event',
    name: 'Approval',
    inputs: [
      { name: 'owner', type: 'address', indexed: true },
      { name: 'spender', type: 'address', indexed: true },
      { name: 'value', type: 'uint256', indexed: false },
    ],
    anonymous: false,
  },
  {
    type: 'function',
    name: 'transfer',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    name: 'balanceOf',
    inputs: [{ name: 'account', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    name: 'totalSupply',
    inputs: [],
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
];

function generateAbi(random: () => number, n: number): AbiItem[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const param = (i: number, indexed?: boolean): AbiParameter => {
    if (random() < 0.05) {
      return {
        name: `p${i}`,
        type: 'tuple',
        components: [
          { name: 'a', type: 'address' },
          { name: 'b', type: pick(TYPES) },
        ],
        ...(indexed === undefined ? {} : { indexed: false }),
      };
    }
    const type = pick(TYPES);
    return indexed === undefined
      ? { name: `p${i}`, type }
      : { name: `p${i}`, type, indexed: indexed && !type.endsWith(']') && random() < 0.5 };
  };
  const items: AbiItem[] = random() < 0.33 ? [...ERC20_LIKE] : [];
  items.push({ type: 'constructor', inputs: [param(0), param(1)], stateMutability: 'nonpayable' });
  while (items.length < n) {
    if (random() < 0.25) {
      const inputs = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, i) => param(i, true));
      items.push({
        type: 'event',
        name: `${pick(EVENTS)}${random() < 0.5 ? pick(NOUNS) : ''}`,
        inputs,
        anonymous: false,
      });
    } else if (random() < 0.1) {
      items.push({ type: 'error', name: `Err${pick(NOUNS)}${Math.floor(random() * 50)}`, inputs: [param(0)] });
    } else {
      const inputs = Array.from({ length: Math.floor(random() * 5) }, (_, i) => param(i));
      items.push({
        type: 'function',
        name: `${pick(VERBS)}${pick(NOUNS)}`,
        inputs,
        outputs: random() < 0.5 ? [param(0)] : [],
        stateMutability: pick(['view', 'nonpayable', 'payable', 'pure']),
      });
    }
  }
  return items;
}

const hex = (random: () => number, bytes: number) => {
  let s = '0x';
  for (let i = 0; i < bytes; i++)
    s += Math.floor(random() * 256)
      .toString(16)
      .padStart(2, '0');
  return s;
};

/** Writes the artifacts; answers the folder and one custom event and function to decode. */
function writeArtifacts(dir: string): void {
  const random = prng(15);
  for (let i = 0; i < ARTIFACTS; i++) {
    const name = `C${i}`;
    const abi = generateAbi(random, 10 + Math.floor(random() * 31));
    const code = 2_000 + Math.floor(random() * 18_000); // bytes of deployed code: 2–20 KB
    if (i < 600) {
      const file = join(dir, 'out', `${name}.sol`, `${name}.json`);
      mkdirSync(join(file, '..'), { recursive: true });
      const metadata = {
        compiler: { version: '0.8.26+commit.8a97fa7a' },
        language: 'Solidity',
        output: { abi },
        settings: { optimizer: { enabled: true, runs: 200 } },
        version: 1,
      };
      writeFileSync(
        file,
        JSON.stringify({
          abi,
          bytecode: { object: hex(random, code + 200), sourceMap: '1:2:3:-:0;'.repeat(code / 40), linkReferences: {} },
          deployedBytecode: {
            object: hex(random, code),
            sourceMap: '1:2:3:-:0;'.repeat(code / 40),
            linkReferences: {},
            immutableReferences: {},
          },
          methodIdentifiers: {},
          rawMetadata: JSON.stringify(metadata),
          metadata,
          id: i,
        }),
      );
    } else if (i < 900) {
      const folder = join(dir, 'artifacts', 'contracts', `${name}.sol`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(
        join(folder, `${name}.json`),
        JSON.stringify(
          {
            _format: 'hh-sol-artifact-1',
            contractName: name,
            sourceName: `contracts/${name}.sol`,
            abi,
            bytecode: hex(random, code + 200),
            deployedBytecode: hex(random, code),
            linkReferences: {},
            deployedLinkReferences: {},
          },
          null,
          2,
        ),
      );
      writeFileSync(
        join(folder, `${name}.dbg.json`),
        JSON.stringify({ _format: 'hh-sol-dbg-1', buildInfo: '../../build-info/0.json' }, null, 2),
      );
    } else {
      mkdirSync(join(dir, 'abis'), { recursive: true });
      writeFileSync(join(dir, 'abis', `${name}.abi.json`), JSON.stringify(abi, null, 2));
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// One measurement (a fresh process: nothing of the decoder or its hashes loaded yet)

interface Measure {
  files: number;
  listMs: number;
  readParseMs: number;
  loadDecoderMs: number;
  buildIndexMs: number;
  indexMs: number;
  decodeMs: number;
  firstDecodeMs: number;
  rebuildMs: number;
  events: number;
  functions: number;
  bytesRead: number;
}

function measure(dir: string): Measure {
  const t0 = performance.now();
  const files = (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => isArtifactPath(f.split('\\').join('/')))
    .sort();
  const t1 = performance.now();
  const artifacts: Artifact[] = [];
  let bytesRead = 0;
  for (const f of files) {
    const text = readFileSync(join(dir, f), 'utf8');
    bytesRead += text.length;
    const parsed = parseArtifact(text, f);
    if ('error' in parsed) throw new Error(parsed.error);
    artifacts.push({ contract: parsed.contract, file: `file://${join(dir, f)}`, abi: parsed.abi });
  }
  const t2 = performance.now();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const decoder = require(DECODER) as typeof Decoder;
  const t3 = performance.now();
  const index = decoder.buildIndex(artifacts);
  const t4 = performance.now();
  // a custom event and a function of the last Foundry artifact
  const abi = artifacts.find((a) => a.contract === 'C599')!.abi;
  const event = abi.find(
    (i) => i.type === 'event' && (i.inputs ?? []).every((p) => !p.indexed && p.type === 'uint256'),
  ) ?? { type: 'event', name: 'None', inputs: [] };
  const topic0 = decoder.eventTopic(decoder.signatureOf(event));
  const log = decoder.decodeLogWith(index, {
    address: '0x',
    topics: [topic0],
    data: `0x${'00'.repeat(32 * (event.inputs?.length ?? 0))}`,
  });
  const call = decoder.decodeCallWith(index, { data: `0xa9059cbb${'00'.repeat(64)}` });
  const t5 = performance.now();
  if (!call) throw new Error('the transfer call did not decode');
  if (event.name !== 'None' && !log) throw new Error(`${event.name} did not decode`);
  const r0 = performance.now();
  decoder.buildIndex(artifacts);
  const rebuildMs = performance.now() - r0;
  const round = (x: number) => Number(x.toFixed(1));
  return {
    files: files.length,
    listMs: round(t1 - t0),
    readParseMs: round(t2 - t1),
    loadDecoderMs: round(t3 - t2),
    buildIndexMs: round(t4 - t3),
    indexMs: round(t2 - t0 + (t4 - t3)),
    decodeMs: round(t5 - t4),
    firstDecodeMs: round(t5 - t0),
    rebuildMs: round(rebuildMs),
    events: index.stats.events,
    functions: index.stats.functions,
    bytesRead,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function main(): void {
  if (process.argv[2] === '--child') {
    process.stdout.write(JSON.stringify(measure(process.argv[3]!)));
    return;
  }
  try {
    statSync(DECODER);
  } catch {
    throw new Error(`${relative(process.cwd(), DECODER)} is missing: run node esbuild.mjs first`);
  }
  const out = process.argv[2];
  const dir = mkdtempSync(join(tmpdir(), 'initia-bench-abi-'));
  try {
    writeArtifacts(dir);
    const runs: Measure[] = [];
    for (let i = 0; i < RUNS; i++) {
      const child = spawnSync(process.execPath, [__filename, '--child', dir], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`measurement ${i + 1} failed: ${child.stderr}`);
      runs.push(JSON.parse(child.stdout) as Measure);
    }
    const pick = (k: keyof Measure) => Number(median(runs.map((r) => r[k])).toFixed(1));
    const result = {
      abiArtifacts: runs[0]!.files,
      abiItems: { events: runs[0]!.events, functions: runs[0]!.functions },
      abiBytesRead: runs[0]!.bytesRead,
      abiDecoderBytes: statSync(DECODER).size,
      abiIndexMs: pick('indexMs'),
      abiIndexMsRuns: runs.map((r) => r.indexMs),
      abiReadParseMs: pick('readParseMs'),
      abiBuildIndexMs: pick('buildIndexMs'),
      abiLoadDecoderMs: pick('loadDecoderMs'),
      abiFirstDecodeMs: pick('firstDecodeMs'),
      abiRebuildMs: pick('rebuildMs'),
      abiIndexBudgetMet: pick('indexMs') <= 1000,
    };
    console.log(
      `ABI index bench: ${result.abiArtifacts} artifacts (${(result.abiBytesRead / 2 ** 20).toFixed(1)} MB), ${result.abiItems.events} events + ${result.abiItems.functions} functions, median of ${RUNS} fresh processes`,
    );
    console.log(
      `  list ${pick('listMs')} ms, read + parse ${result.abiReadParseMs} ms, buildIndex ${result.abiBuildIndexMs} ms → index ${result.abiIndexMs} ms (budget ≤ 1000 ms)`,
    );
    console.log(
      `  load dist/abi.js (${(result.abiDecoderBytes / 1024).toFixed(1)} KB) ${result.abiLoadDecoderMs} ms → first decode ${result.abiFirstDecodeMs} ms; rebuild (watcher refresh) ${result.abiRebuildMs} ms`,
    );
    if (out) writeFileSync(out, JSON.stringify(result, null, 2));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
