/**
 * Language-model tools bench, inside the real extension host (loaded as extensionTestsPath by scripts/bench.mjs
 * `tools`; not part of npm test). What a tool call adds over the lookup it wraps, in host time: pairs of (the lookup
 * itself: the lookup table's row on the features' own client, as Look Up runs it) and (the tool: input checked, the
 * network resolved, the same lookup, the result written as text), each pair on a hash not asked before, in
 * alternating order, after a warm-up; the median of the pairwise differences. The same for Explain Transaction (the
 * panel's `describe` against the tool). And, for the record, the whole round trip through `vscode.lm.invokeTool`
 * (the workbench and back), which is VS Code's, not the tool's. Budget: ≤ 5 ms over the lookup.
 * Writes JSON to $INITIA_BENCH_OUT.
 */
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { startFakeIndexer } from '../fixtures/fakeIndexer';
import { runQuery } from '../../src/core/queries';
import { must, parseTxHash } from '../../src/core/validate';
import type { InitiaExplorerApi } from '../../src/extension';
import { probe } from '../support/hooks';

const EXTENSION_ID = 'initia-explorer.initia-explorer';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const round = (x: number) => Number(x.toFixed(3));

export async function run(): Promise<void> {
  const ext = vscode.extensions.getExtension<InitiaExplorerApi>(EXTENSION_ID);
  if (!ext) throw new Error('extension not found');
  const api = await ext.activate();
  // What activate() reported of itself to the test-only hooks (INITIA_TEST_HOOKS, set by scripts/bench.mjs).
  const out: Record<string, unknown> = {
    activationMs: probe.activation ? round(probe.activation.ms) : null,
    featuresLoadedAtActivation: probe.activation?.featuresLoaded ?? null,
  };
  const fake = await startFakeIndexer({ blocks: 3000 });
  const config = vscode.workspace.getConfiguration('initia');
  await config.update(
    'networks',
    [{ name: 'Bench', chainId: fake.data.chainId, indexerUrl: fake.url, vm: 'minievm' }],
    vscode.ConfigurationTarget.Global,
  );
  await config.update('activeNetwork', 'Bench', vscode.ConfigurationTarget.Global);
  try {
    const tools = api.features.tools;
    const services = api.services;
    const token = new vscode.CancellationTokenSource().token;
    const txs = fake.data.txs.filter((t) => !t.fixture).slice(-1200);
    let next = 0;
    const hash = () => txs[next++ % txs.length]!.hash;

    // The lookup alone, as Look Up runs it (the hash parsed, one request), and the tool that wraps it.
    const bare = async (h: string) => {
      const network = services.network;
      await runQuery(
        services.indexer(network),
        { op: 'tx', hash: must(parseTxHash(h)), evmFirst: false },
        { limit: 10 },
        undefined,
        {
          capabilities: services.capabilitySource(network),
        },
      );
    };
    const tool = async (h: string) => {
      await tools.invoke('initia_lookup', { input: { query: h }, toolInvocationToken: undefined }, token);
    };
    const viaVsCode = async (h: string) => {
      await vscode.lm.invokeTool('initia_lookup', { input: { query: h }, toolInvocationToken: undefined }, token);
    };
    const describe = async (h: string) => {
      await api.features.explain.describe(must(parseTxHash(h)), services.network);
    };
    const explainTool = async (h: string) => {
      await tools.invoke('initia_explainTransaction', { input: { hash: h }, toolInvocationToken: undefined }, token);
    };

    /** Median host time of a and b and of b − a over n alternating pairs, each call on a fresh hash. */
    const pairs = async (a: (h: string) => Promise<void>, b: (h: string) => Promise<void>, n: number) => {
      for (let i = 0; i < 40; i++) {
        await a(hash());
        await b(hash());
      }
      const ta: number[] = [];
      const tb: number[] = [];
      const diff: number[] = [];
      for (let i = 0; i < n; i++) {
        const order: Array<[(h: string) => Promise<void>, number[]]> =
          i % 2
            ? [
                [b, tb],
                [a, ta],
              ]
            : [
                [a, ta],
                [b, tb],
              ];
        const times: number[] = [];
        for (const [fn, acc] of order) {
          const t0 = performance.now();
          await fn(hash());
          const dt = performance.now() - t0;
          acc.push(dt);
          times.push(dt);
        }
        diff.push(i % 2 ? times[0]! - times[1]! : times[1]! - times[0]!);
      }
      return { a: round(median(ta)), b: round(median(tb)), overhead: round(median(diff)) };
    };

    const lookup = await pairs(bare, tool, 300);
    out.toolLookupBareMs = lookup.a;
    out.toolLookupMs = lookup.b;
    out.toolLookupOverheadMs = lookup.overhead;
    const explain = await pairs(describe, explainTool, 200);
    out.toolExplainBareMs = explain.a;
    out.toolExplainMs = explain.b;
    out.toolExplainOverheadMs = explain.overhead;
    const round_trip = await pairs(tool, viaVsCode, 200);
    out.toolInvokeToolRoundTripMs = round_trip.b;
    out.toolInvokeToolOverVsCodeMs = round_trip.overhead;
    fake.resetRequests();
    await tool(hash());
    out.toolRequestsPerLookup = fake.requests.length;
    out.toolBudgetMet = lookup.overhead <= 5 && explain.overhead <= 5;
  } finally {
    await config.update('activeNetwork', undefined, vscode.ConfigurationTarget.Global);
    await config.update('networks', undefined, vscode.ConfigurationTarget.Global);
    await fake.close();
  }
  if (process.env.INITIA_BENCH_OUT) fs.writeFileSync(process.env.INITIA_BENCH_OUT, JSON.stringify(out, null, 2));
  console.log(`[bench] tools ${JSON.stringify(out)}`);
}
