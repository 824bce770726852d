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
//   coldParts                the cold lookup's parts in ms (requiring and creating the features, the client, the first
//                            request, parsing and validation, the document's provider, the workbench showing it)
//   blocks10kHeapMB / msPerPage / pages   (only with INITIA_BENCH_FULL=1): 10,000 blocks loaded through Load more
import * as fs from 'node:fs';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as vscode from 'vscode';
import { startFakeIndexer } from '../fixtures/fakeIndexer';
import type { InitiaExplorerApi } from '../../src/extension';
import type { ExplorerNode } from '../../src/platform/tree';

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
  const at = new Map(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('initia:')).map((m) => [m.name.slice('initia:'.length), m.startTime]));
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

export async function run(): Promise<void> {
  const out: Record<string, unknown> = {};
  const ext = vscode.extensions.getExtension<InitiaExplorerApi>(EXTENSION_ID);
  if (!ext) throw new Error('extension not found');
  const api = await ext.activate();
  out.activationMs = Number(api.activationMs.toFixed(3));
  out.activationCpuMs = Number(api.activationCpuMs.toFixed(3));
  out.featuresLoadedAtActivation = api.featuresLoadedAtActivation;

  const full = process.env.INITIA_BENCH_FULL === '1';
  const fake = await startFakeIndexer({ blocks: full ? 10_100 : 600 });
  const config = vscode.workspace.getConfiguration('initia');
  await config.update('networks', [{ name: 'Bench', chainId: fake.data.chainId, indexerUrl: fake.url }], vscode.ConfigurationTarget.Global);
  await config.update('activeNetwork', 'Bench', vscode.ConfigurationTarget.Global);
  await config.update('pageSize', 50, vscode.ConfigurationTarget.Global);
  const transport = process.env.INITIA_BENCH_TRANSPORT;
  if (transport) await config.update('http.transport', transport, vscode.ConfigurationTarget.Global);
  try {
    // Cold first lookup: before anything touched the lazily loaded code.
    if (!api.featuresLoaded()) {
      const t0 = performance.now();
      await vscode.commands.executeCommand('initia.lookupBlock', fake.data.latestHeight - 2);
      const t1 = performance.now();
      out.coldLookupMs = Number((t1 - t0).toFixed(2));
      out.coldParts = coldParts(t0, t1);
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

    // Hover latency (uncached: a different hash each time) vs a bare undici GET of the same URL, in this host.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Pool } = require('undici') as typeof import('undici');
    const pool = new Pool(fake.url, { connections: 2 });
    const none = new vscode.CancellationTokenSource().token;
    const hover: number[] = [];
    const bare: number[] = [];
    const sample = fake.data.txs.slice(-160, -10);
    for (const [i, t] of sample.entries()) {
      const d = await vscode.workspace.openTextDocument({ language: 'plaintext', content: t.hash });
      const t0 = performance.now();
      await api.hover.provideHover(d, new vscode.Position(0, 3), none);
      const t1 = performance.now();
      const r = await pool.request({ path: `/indexer/tx/v1/txs/${t.hash}`, method: 'GET' });
      JSON.parse(await r.body.text());
      const t2 = performance.now();
      if (i >= 10) {
        hover.push(t1 - t0);
        bare.push(t2 - t1);
      }
    }
    await pool.close();
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    out.hoverMedianMs = Number(median(hover).toFixed(3));
    out.hoverBareUndiciMedianMs = Number(median(bare).toFixed(3));
    out.hoverOverheadRatio = Number((median(hover) / median(bare)).toFixed(3));

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
