// Benchmark inside the real extension host (loaded as extensionTestsPath by scripts/bench.mjs; not part of npm test).
// Writes its figures as JSON to $INITIA_BENCH_OUT:
//   activationMs             activate() as measured by the extension itself (wall clock)
//   activationCpuMs          CPU time of the host process during activate() (not counting waits for a CPU)
//   featuresLoadedAtActivation  whether dist/features.js (the adapters and the core: undici, zod) was loaded by it
//   requestsPerTreePage      requests the fake saw for one Blocks page, and for one Load more
//   requestsPerLookup        requests for one lookup command
//   requestsPerFirstHover / requestsPerRepeatedHover
//   coldLookupMs             the first lookup of the session, command to shown document, with nothing of the
//                            extension's lazily loaded code loaded yet (the test workspace turns the status bar off);
//                            INITIA_BENCH_TRANSPORT picks initia.http.transport, INITIA_BENCH_COLD_ONLY=1 stops there
//                            (INITIA_BENCH_PROFILE=<file>: a CPU profile of the host during it, for DevTools)
//   warmLookupMs / warmLookupCpuMs / warmBareMs  later lookups (other heights; the median of INITIA_BENCH_WARM_PAIRS,
//                            default 5): wall and host CPU time, and a bare request for the same record on the same
//                            transport (median of 5, connection open)
//   coldParts                the cold lookup's parts in ms (requiring and creating the features, the client, the first
//                            request, parsing and validation, the document's provider, the workbench showing it)
//   blocks10kHeapMB / msPerPage / pages   (only with INITIA_BENCH_FULL=1): 10,000 blocks loaded through Load more
// Beside ours, the bare baseline (test/bench/bare/, loaded in the same start by scripts/bench.mjs): what a lookup must
// do with nothing of ours, on the same transport, against the same fake indexer.
//   coldBareMs / coldBareParts   the bare cold first lookup (another height), in the same start as ours; which of the
//                            two goes first alternates with INITIA_BENCH_START (even: ours first), so that the
//                            workbench's first editor (and VS Code's first fetch) is paid by each in turn: coldOrder
//   coldLookupOwnMs          our own part of the cold lookup: coldParts without the request, the document's provider
//                            and the workbench showing it (null when a mark is missing)
//   warmLookupMsRuns / warmLookupBareMsRuns  pairs of warm lookups (ours, bare; the order alternating), each into an
//                            empty editor area; warmLookupMs / warmLookupBareMs their medians
//   hoverBareCmdMedianMs / hoverDirect…  uncached hovers paired with the bare hover (one request + JSON.parse), the
//                            order alternating, on VS Code's stack and on the direct transport
import * as fs from 'node:fs';
import * as inspector from 'node:inspector';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as vscode from 'vscode';
import { startFakeIndexer } from '../fixtures/fakeIndexer';
import { must, parseTxHash } from '../../src/core/validate';
import type { InitiaExplorerApi } from '../../src/extension';
import type { ExplorerNode } from '../../src/platform/tree';
import { probe } from '../support/hooks';

const EXTENSION_ID = 'initia-explorer.initia-explorer';

function gc(): void {
  v8.setFlagsFromString('--expose_gc');
  (vm.runInNewContext('gc') as () => void)();
}

function heapMB(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/**
 * The cold first lookup split into its parts, from the marks the extension sets once per session (`initia:<moment>`,
 * src/extension.ts and src/core/marks.ts): milliseconds per part, in order; a part whose marks are missing is left out.
 */
function coldParts(t0: number, t1: number): Record<string, number> {
  const at = new Map(
    performance
      .getEntriesByType('mark')
      .filter((m) => m.name.startsWith('initia:'))
      .map((m) => [m.name.slice('initia:'.length), m.startTime]),
  );
  const steps: Array<[string, string | number, string | number]> = [
    ['command to the shell', t0, 'features:load'],
    ['require features.js', 'features:load', 'features:required'],
    ['create the features', 'features:required', 'features:created'],
    ['lookup to its request (incl. client)', 'features:created', 'http:send'],
    ['of which the client and transport', 'client:make', 'client:made'],
    ['first request: to the headers', 'http:send', 'http:headers'],
    ['first request: the body', 'http:headers', 'http:body'],
    ['JSON.parse', 'http:body', 'http:parsed'],
    ['validation (schemas on first use)', 'http:parsed', 'validated'],
    ['to the document loaded', 'validated', 'doc:loaded'],
    ["the document's provider (open)", 'doc:loaded', 'doc:opened'],
    ['the workbench showing the editor', 'doc:opened', t1],
  ];
  const out: Record<string, number> = {};
  for (const [name, from, to] of steps) {
    const a = typeof from === 'number' ? from : at.get(from);
    const b = typeof to === 'number' ? to : at.get(to);
    if (a !== undefined && b !== undefined) out[name] = Number((b - a).toFixed(2));
  }
  return out;
}

/** The parts of coldParts that are our own work (the rest: the request, the document's provider, the workbench). */
const OWN_PARTS = [
  'command to the shell',
  'require features.js',
  'create the features',
  'lookup to its request (incl. client)',
  'JSON.parse',
  'validation (schemas on first use)',
  'to the document loaded',
];

/** Our own part of the cold lookup in ms, from its parts; null when one is missing (a mark not set). */
function ownMs(parts: Record<string, number>): number | null {
  if (OWN_PARTS.some((p) => parts[p] === undefined)) return null;
  return Number(OWN_PARTS.reduce((n, p) => n + parts[p]!, 0).toFixed(2));
}

/** The bare baseline extension's API (test/bench/bare/extension.js; its commands do the same). */
interface BareApi {
  prepare(opts: { direct: boolean }): boolean;
  lookupBlock(url: string, opts: { direct: boolean }): Promise<Record<string, number>>;
  hover(url: string, opts: { direct: boolean }): Promise<unknown>;
}
const BARE_ID = 'initia-bench.initia-bare';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (x: number, digits = 2) => Number(x.toFixed(digits));

/** Starts V8's CPU profiler in this process (the extension host); the function returned stops it and gives the profile. */
async function startProfile(): Promise<() => Promise<object>> {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
  await post('Profiler.start');
  return async () => {
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    session.disconnect();
    return profile;
  };
}

/** A bare GET of `url` on the transport the extension uses (VS Code's patched fetch, or undici): the median of 5 after
 *  one that opens the connection, in ms. */
async function bareRequestMs(url: string, direct: boolean): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { request } = require('undici') as typeof import('undici');
  const once = async () => {
    const t0 = performance.now();
    if (direct) JSON.parse(await (await request(url)).body.text());
    else JSON.parse(await (await fetch(url)).text());
    return performance.now() - t0;
  };
  await once();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) times.push(await once());
  return times.sort((a, b) => a - b)[2]!;
}

/**
 * The features bundle's code cache (src/platform/codeCache.ts) kept from one start to the next, as a user's starts
 * keep it in the extension's global storage: each start of the launcher has a fresh profile, so the bench copies it
 * in before the cold lookup (from $INITIA_BENCH_CODE_CACHE) and back out once written. Whether a start had it is in
 * its figures (`codeCachePrimed`).
 */
function primeCodeCache(storagePath: string | undefined): boolean {
  const kept = process.env.INITIA_BENCH_CODE_CACHE;
  if (!kept || !storagePath || !fs.existsSync(kept)) return false;
  const files = fs.readdirSync(kept).filter((f) => f.endsWith('.bin'));
  if (!files.length) return false;
  fs.mkdirSync(path.join(storagePath, 'code-cache'), { recursive: true });
  for (const f of files) fs.copyFileSync(path.join(kept, f), path.join(storagePath, 'code-cache', f));
  return true;
}

/**
 * Waits (up to 8 s: each is written 5 s after first use) for the code cache of every bundle this start loaded
 * (`bundles`: features.js, and direct.js on the direct transport) and keeps them for the next start.
 */
async function keepCodeCache(storagePath: string | undefined, bundles: string[]): Promise<void> {
  const kept = process.env.INITIA_BENCH_CODE_CACHE;
  if (!kept || !storagePath) return;
  const dir = path.join(storagePath, 'code-cache');
  const written = () => {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.bin')) : [];
    return bundles.every((b) => files.some((f) => f.startsWith(`${b}-`)));
  };
  for (let i = 0; i < 80 && !written(); i++) await sleep(100);
  if (!fs.existsSync(dir)) return;
  fs.mkdirSync(kept, { recursive: true });
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.bin')))
    fs.copyFileSync(path.join(dir, f), path.join(kept, f));
}

export async function run(): Promise<void> {
  const out: Record<string, unknown> = {};
  const ext = vscode.extensions.getExtension<InitiaExplorerApi>(EXTENSION_ID);
  if (!ext) throw new Error('extension not found');
  // (extensionPath may be a symbolic link, scripts/vscode-launcher.mjs: require.cache has the real paths.)
  const dist = path.join(fs.realpathSync(ext.extensionPath), 'dist');
  const api = await ext.activate();
  // What activate() reported of itself to the test-only hooks (INITIA_TEST_HOOKS, set by scripts/bench.mjs).
  const activation = probe.activation;
  if (!activation) throw new Error('activate() reported nothing: INITIA_TEST_HOOKS is not set');
  out.activationMs = Number(activation.ms.toFixed(3));
  out.activationCpuMs = Number(activation.cpuMs.toFixed(3));
  out.featuresLoadedAtActivation = activation.featuresLoaded;
  out.codeCachePrimed = primeCodeCache(activation.storagePath);

  const bareExt = vscode.extensions.getExtension<BareApi>(BARE_ID);
  if (!bareExt) throw new Error(`the bare baseline extension (${BARE_ID}) is not loaded: scripts/bench.mjs loads it`);
  const bare = await bareExt.activate();

  const full = process.env.INITIA_BENCH_FULL === '1';
  const fake = await startFakeIndexer({ blocks: full ? 10_100 : 600 });
  const config = vscode.workspace.getConfiguration('initia');
  await config.update(
    'networks',
    [{ name: 'Bench', chainId: fake.data.chainId, indexerUrl: fake.url }],
    vscode.ConfigurationTarget.Global,
  );
  await config.update('activeNetwork', 'Bench', vscode.ConfigurationTarget.Global);
  await config.update('pageSize', 50, vscode.ConfigurationTarget.Global);
  const transport = process.env.INITIA_BENCH_TRANSPORT;
  if (transport) await config.update('http.transport', transport, vscode.ConfigurationTarget.Global);
  const direct = transport === 'direct';
  // The bare baseline's undici (the direct transport) is loaded now, not during its lookup: requiring the unbundled
  // package takes 100–300 ms here, which would swamp the comparison (VS Code's fetch is loaded already too).
  const opts = { direct };
  const blockUrl = (height: number) => `${fake.url}/indexer/block/v1/blocks/${height}`;
  const closeEditors = async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await sleep(200);
  };
  try {
    bare.prepare(opts);
    // The workbench finishes starting (restoring its parts) after the tests begin: let it settle first, as a user's
    // window has by the time of a first lookup, so that its start-up is not timed as part of the lookup.
    await sleep(Number(process.env.INITIA_BENCH_SETTLE_MS ?? 3000));
    // Cold first lookup: before anything touched the lazily loaded code; ours and the bare one in the same start, the
    // first of them alternating from start to start (the first editor, VS Code's first fetch are paid by the first).
    if (!api.featuresLoaded()) {
      const oursFirst = Number(process.env.INITIA_BENCH_START ?? 0) % 2 === 0;
      out.coldOrder = oursFirst ? 'ours-first' : 'bare-first';
      const coldOurs = async () => {
        const profile = process.env.INITIA_BENCH_PROFILE ? await startProfile() : undefined;
        const t0 = performance.now();
        await vscode.commands.executeCommand('initia.lookupBlock', fake.data.latestHeight - 2);
        const t1 = performance.now();
        if (profile) fs.writeFileSync(process.env.INITIA_BENCH_PROFILE!, JSON.stringify(await profile()));
        out.coldLookupMs = round(t1 - t0);
        const parts = coldParts(t0, t1);
        out.coldParts = parts;
        out.coldLookupOwnMs = ownMs(parts);
      };
      // Through its command, as ours is reached.
      const coldBare = async () => {
        const t0 = performance.now();
        const parts = await vscode.commands.executeCommand<Record<string, number>>(
          'initiaBare.lookupBlock',
          blockUrl(fake.data.latestHeight - 4),
          opts,
        );
        out.coldBareMs = round(performance.now() - t0);
        out.coldBareParts = Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, round(v)]));
      };
      const rendererProfile = process.env.INITIA_BENCH_RENDERER_PROFILE_NAME;
      for (const step of oursFirst ? [coldOurs, coldBare] : [coldBare, coldOurs]) {
        const name = `${rendererProfile}-${step === coldOurs ? 'ours' : 'bare'}`;
        if (rendererProfile) {
          console.log(`[bench-renderer-profile] start ${name}`);
          await sleep(500);
        }
        await step();
        if (rendererProfile) console.log(`[bench-renderer-profile] stop ${name}`);
        await closeEditors();
        await sleep(300);
      }
      // The direct transport's bundle (undici): the default path must not have loaded it.
      out.directBundleLoaded = require.cache[path.join(dist, 'direct.js')] !== undefined;
      // The bridge's bundle: a lookup must not load it either.
      out.bridgeBundleLoaded = require.cache[path.join(dist, 'bridge.js')] !== undefined;
      out.explainBundleLoaded = require.cache[path.join(dist, 'explain.js')] !== undefined;
      out.transfersBundleLoaded = require.cache[path.join(dist, 'transfers.js')] !== undefined;
      // Warm lookups: other heights, everything loaded, each into an empty editor area; ours and the bare one in
      // pairs, the order alternating; the host's CPU time of ours beside its wall time. Then a bare request for the
      // same record on the same transport (VS Code's fetch or undici), connection open.
      const pairs = Number(process.env.INITIA_BENCH_WARM_PAIRS ?? 5);
      const warmOurs: number[] = [];
      const warmBare: number[] = [];
      const warmCpu: number[] = [];
      for (let k = 0; k < pairs; k++) {
        const ours = async () => {
          const c0 = process.cpuUsage();
          const w0 = performance.now();
          await vscode.commands.executeCommand('initia.lookupBlock', fake.data.latestHeight - 10 - 2 * k);
          warmOurs.push(round(performance.now() - w0));
          const cpu = process.cpuUsage(c0);
          warmCpu.push((cpu.user + cpu.system) / 1000);
        };
        const bareOne = async () => {
          const w0 = performance.now();
          await vscode.commands.executeCommand(
            'initiaBare.lookupBlock',
            blockUrl(fake.data.latestHeight - 11 - 2 * k),
            opts,
          );
          warmBare.push(round(performance.now() - w0));
        };
        for (const step of k % 2 ? [bareOne, ours] : [ours, bareOne]) {
          await step();
          await closeEditors();
        }
      }
      out.warmLookupMsRuns = warmOurs;
      out.warmLookupBareMsRuns = warmBare;
      out.warmLookupMs = round(median(warmOurs));
      out.warmLookupBareMs = round(median(warmBare));
      out.warmLookupCpuMs = round(median(warmCpu));
      out.warmBareMs = round(await bareRequestMs(blockUrl(fake.data.latestHeight - 3), direct), 3);
    } else {
      out.coldLookupMs = null; // something loaded the features first: not a cold measurement
    }
    // The bundles this start loaded (direct.js on the direct transport, or with extra CAs on https) have a cache each.
    const loaded = ['features.js', 'direct.js'].filter((b) => require.cache[path.join(dist, b)] !== undefined);
    await keepCodeCache(activation.storagePath, loaded);
    if (process.env.INITIA_BENCH_COLD_ONLY === '1') {
      if (process.env.INITIA_BENCH_OUT) fs.writeFileSync(process.env.INITIA_BENCH_OUT, JSON.stringify(out, null, 2));
      return;
    }
    const tree = api.views.blocks.tree;
    api.views.blocks.refresh();
    fake.resetRequests();
    let rows = await tree.getChildren();
    const firstPage = fake.requests.length;
    const loadMore = async () => {
      const more = rows.at(-1)!;
      const cmd = tree.getTreeItem(more).command!;
      await vscode.commands.executeCommand(cmd.command, ...(cmd.arguments ?? []));
      rows = await tree.getChildren();
    };
    fake.resetRequests();
    await loadMore();
    out.requestsPerTreePage = Math.max(firstPage, fake.requests.length);

    fake.resetRequests();
    await vscode.commands.executeCommand('initia.lookupBlock', fake.data.latestHeight - 1);
    out.requestsPerLookup = fake.requests.length;

    const tx = fake.data.txs.at(-5)!;
    const doc = await vscode.workspace.openTextDocument({ language: 'plaintext', content: `tx ${tx.hash}` });
    fake.resetRequests();
    await vscode.commands.executeCommand('vscode.executeHoverProvider', doc.uri, new vscode.Position(0, 10));
    out.requestsPerFirstHover = fake.requests.length;
    fake.resetRequests();
    await vscode.commands.executeCommand('vscode.executeHoverProvider', doc.uri, new vscode.Position(0, 10));
    out.requestsPerRepeatedHover = fake.requests.length;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    // Hover latency (uncached: a different hash each time) beside bare GETs of the same URL in this host (an undici
    // Pool, and VS Code's patched fetch, which the default transport is) and our client's request alone; on the
    // default transport, then on the direct one (other hashes).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Pool } = require('undici') as typeof import('undici');
    const pool = new Pool(fake.url, { connections: 2 });
    const none = new vscode.CancellationTokenSource().token;
    // Paired with each of our hovers, the bare extension's hover (one request + JSON.parse of the same URL on the same
    // transport; called through its exports, as ours is through our api), the order alternating.
    const hovers = async (sample: typeof fake.data.txs, name: string, directHover: boolean) => {
      const times = {
        hover: [] as number[],
        bareCmd: [] as number[],
        bare: [] as number[],
        bareFetch: [] as number[],
        client: [] as number[],
      };
      const profile = process.env.INITIA_BENCH_PROFILE ? await startProfile() : undefined;
      for (const [i, t] of sample.entries()) {
        const d = await vscode.workspace.openTextDocument({ language: 'plaintext', content: t.hash });
        const url = `${fake.url}/indexer/tx/v1/txs/${t.hash}`;
        let b0 = 0;
        let b1 = 0;
        if (i % 2) {
          b0 = performance.now();
          await bare.hover(url, { direct: directHover });
          b1 = performance.now();
        }
        const t0 = performance.now();
        await api.hover.provideHover(d, new vscode.Position(0, 3), none);
        const t1 = performance.now();
        if (i % 2 === 0) {
          b0 = performance.now();
          await bare.hover(url, { direct: directHover });
          b1 = performance.now();
        }
        const r = await pool.request({ path: `/indexer/tx/v1/txs/${t.hash}`, method: 'GET' });
        JSON.parse(await r.body.text());
        const t2 = performance.now();
        JSON.parse(await (await fetch(`${fake.url}/indexer/tx/v1/txs/${t.hash}`)).text());
        const t3 = performance.now();
        await api.services.indexer().tx(must(parseTxHash(t.hash)));
        const t4 = performance.now();
        if (i >= 10) {
          times.hover.push(t1 - t0);
          times.bareCmd.push(b1 - b0);
          times.bare.push(t2 - t1);
          times.bareFetch.push(t3 - t2);
          times.client.push(t4 - t3);
        }
      }
      if (profile)
        fs.writeFileSync(
          process.env.INITIA_BENCH_PROFILE!.replace(/\.cpuprofile$/, `-hover-${name}.cpuprofile`),
          JSON.stringify(await profile()),
        );
      return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Number(median(v).toFixed(3))])) as Record<
        keyof typeof times,
        number
      >;
    };
    const byFetch = await hovers(fake.data.txs.slice(-160, -10), transport || 'vscode', direct);
    out.hoverMedianMs = byFetch.hover;
    out.hoverBareCmdMedianMs = byFetch.bareCmd;
    out.hoverBareUndiciMedianMs = byFetch.bare;
    out.hoverOverheadRatio = Number((byFetch.hover / byFetch.bare).toFixed(3));
    out.hoverBareFetchMedianMs = byFetch.bareFetch;
    out.hoverClientMedianMs = byFetch.client;
    // The direct transport's hovers in every start (other hashes), for a ratio per start as on VS Code's stack.
    if (!direct) {
      bare.prepare({ direct: true });
      await config.update('http.transport', 'direct', vscode.ConfigurationTarget.Global);
      const byUndici = await hovers(fake.data.txs.slice(-320, -170), 'direct', true);
      await config.update('http.transport', undefined, vscode.ConfigurationTarget.Global);
      out.hoverDirectMedianMs = byUndici.hover;
      out.hoverDirectBareCmdMedianMs = byUndici.bareCmd;
      out.hoverDirectBareUndiciMedianMs = byUndici.bare;
      out.hoverDirectClientMedianMs = byUndici.client;
    }
    await pool.close();

    if (full) {
      api.views.blocks.refresh();
      const before = heapMB();
      rows = await tree.getChildren();
      const times: number[] = [];
      while (rows.length - 1 < 10_000) {
        const t0 = performance.now();
        await loadMore();
        // VS Code asks for every row's TreeItem after a change: count that work too.
        for (const r of rows) tree.getTreeItem(r as ExplorerNode);
        times.push(performance.now() - t0);
      }
      const after = heapMB();
      times.sort((a, b) => a - b);
      out.pages = times.length + 1;
      out.blocksLoaded = rows.length - 1;
      out.blocks10kHeapMB = Number((after - before).toFixed(1));
      out.msPerPage = Number(times[Math.floor(times.length / 2)]!.toFixed(2));
      out.msPerPageP95 = Number(times[Math.floor(times.length * 0.95)]!.toFixed(2));
    }
  } finally {
    await config.update('activeNetwork', undefined, vscode.ConfigurationTarget.Global);
    await config.update('networks', undefined, vscode.ConfigurationTarget.Global);
    await config.update('pageSize', undefined, vscode.ConfigurationTarget.Global);
    if (transport) await config.update('http.transport', undefined, vscode.ConfigurationTarget.Global);
    await fake.close();
  }
  const file = process.env.INITIA_BENCH_OUT;
  if (file) fs.writeFileSync(file, JSON.stringify(out, null, 2));
  console.log(`[bench] ${JSON.stringify(out)}`);
}
