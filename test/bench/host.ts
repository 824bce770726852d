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
//   warmLookupMs / warmLookupCpuMs / warmBareMs  a second lookup (another height): wall and host CPU time, and a
//                            bare request for the same record on the same transport (median of 5, connection open)
//   coldParts                the cold lookup's parts in ms (requiring and creating the features, the client, the first
//                            request, parsing and validation, the document's provider, the workbench showing it)
//   blocks10kHeapMB / msPerPage / pages   (only with INITIA_BENCH_FULL=1): 10,000 blocks loaded through Load more
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

export async function run(): Promise<void> {
  const out: Record<string, unknown> = {};
  const ext = vscode.extensions.getExtension<InitiaExplorerApi>(EXTENSION_ID);
  if (!ext) throw new Error('extension not found');
  const api = await ext.activate();
  // What activate() reported of itself to the test-only hooks (INITIA_TEST_HOOKS, set by scripts/bench.mjs).
  const activation = probe.activation;
  if (!activation) throw new Error('activate() reported nothing: INITIA_TEST_HOOKS is not set');
  out.activationMs = Number(activation.ms.toFixed(3));
  out.activationCpuMs = Number(activation.cpuMs.toFixed(3));
  out.featuresLoadedAtActivation = activation.featuresLoaded;

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
  try {
    // The workbench finishes starting (restoring its parts) after the tests begin: let it settle first, as a user's
    // window has by the time of a first lookup, so that its start-up is not timed as part of the lookup.
    await new Promise((resolve) => setTimeout(resolve, Number(process.env.INITIA_BENCH_SETTLE_MS ?? 3000)));
    // Cold first lookup: before anything touched the lazily loaded code.
    if (!api.featuresLoaded()) {
      const profile = process.env.INITIA_BENCH_PROFILE ? await startProfile() : undefined;
      const t0 = performance.now();
      await vscode.commands.executeCommand('initia.lookupBlock', fake.data.latestHeight - 2);
      const t1 = performance.now();
      if (profile) fs.writeFileSync(process.env.INITIA_BENCH_PROFILE!, JSON.stringify(await profile()));
      out.coldLookupMs = Number((t1 - t0).toFixed(2));
      out.coldParts = coldParts(t0, t1);
      // The direct transport's bundle (undici): the default path must not have loaded it.
      out.directBundleLoaded = require.cache[path.join(ext.extensionPath, 'dist', 'direct.js')] !== undefined;
      // The bridge's bundle: a lookup must not load it either.
      out.bridgeBundleLoaded = require.cache[path.join(ext.extensionPath, 'dist', 'bridge.js')] !== undefined;
      out.explainBundleLoaded = require.cache[path.join(ext.extensionPath, 'dist', 'explain.js')] !== undefined;
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      // The warm lookup: another height, everything loaded; the host's CPU time beside the wall time, and a bare request
      // for the same record on the same transport (VS Code's fetch or undici) right after.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const height = fake.data.latestHeight - 3;
      const c0 = process.cpuUsage();
      const w0 = performance.now();
      await vscode.commands.executeCommand('initia.lookupBlock', height);
      out.warmLookupMs = Number((performance.now() - w0).toFixed(2));
      const cpu = process.cpuUsage(c0);
      out.warmLookupCpuMs = Number(((cpu.user + cpu.system) / 1000).toFixed(2));
      out.warmBareMs = Number(
        (await bareRequestMs(`${fake.url}/indexer/block/v1/blocks/${height}`, transport === 'direct')).toFixed(3),
      );
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    } else {
      out.coldLookupMs = null; // something loaded the features first: not a cold measurement
    }
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
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    const hovers = async (sample: typeof fake.data.txs, name: string) => {
      const times = { hover: [] as number[], bare: [] as number[], bareFetch: [] as number[], client: [] as number[] };
      const profile = process.env.INITIA_BENCH_PROFILE ? await startProfile() : undefined;
      for (const [i, t] of sample.entries()) {
        const d = await vscode.workspace.openTextDocument({ language: 'plaintext', content: t.hash });
        const t0 = performance.now();
        await api.hover.provideHover(d, new vscode.Position(0, 3), none);
        const t1 = performance.now();
        const r = await pool.request({ path: `/indexer/tx/v1/txs/${t.hash}`, method: 'GET' });
        JSON.parse(await r.body.text());
        const t2 = performance.now();
        JSON.parse(await (await fetch(`${fake.url}/indexer/tx/v1/txs/${t.hash}`)).text());
        const t3 = performance.now();
        await api.services.indexer().tx(must(parseTxHash(t.hash)));
        const t4 = performance.now();
        if (i >= 10) {
          times.hover.push(t1 - t0);
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
    const byFetch = await hovers(fake.data.txs.slice(-160, -10), transport || 'vscode');
    out.hoverMedianMs = byFetch.hover;
    out.hoverBareUndiciMedianMs = byFetch.bare;
    out.hoverOverheadRatio = Number((byFetch.hover / byFetch.bare).toFixed(3));
    out.hoverBareFetchMedianMs = byFetch.bareFetch;
    out.hoverClientMedianMs = byFetch.client;
    if (full && transport !== 'direct') {
      await config.update('http.transport', 'direct', vscode.ConfigurationTarget.Global);
      const direct = await hovers(fake.data.txs.slice(-320, -170), 'direct');
      await config.update('http.transport', undefined, vscode.ConfigurationTarget.Global);
      out.hoverDirectMedianMs = direct.hover;
      out.hoverDirectBareUndiciMedianMs = direct.bare;
      out.hoverDirectClientMedianMs = direct.client;
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
