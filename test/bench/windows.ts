/**
 * Several windows bench (run by scripts/bench.mjs as `node out/test/bench/windows.js <out.json>`; not part of npm
 * test): the status requests for the same transfers watched by 1 window and by 3 windows that coordinate through one
 * shared folder. A "window" here is the coordination the tracker runs in each extension host, without VS Code: a
 * TransferStore and Leases on the shared temp folder, a PollCoordinator, and the real StatusPoller (as the tracker
 * starts it) against the fake router over real HTTP, on one virtual clock shared with the router. The full tracker
 * needs the vscode module, so it is not what runs here. Budget: 3 windows ≤ 1.1 × the requests of 1.
 * A second 3-window run closes the polling window halfway (its leases released) to count the handover too.
 */
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRouterClient } from '../../src/core/clients';
import { ManualClock } from '../../src/core/clock';
import { StatusPoller } from '../../src/core/router/poller';
import { PollCoordinator } from '../../src/core/router/coordinator';
import { Leases, TransferStore } from '../../src/core/router/store';
import { transferKey, type TrackedTransfer } from '../../src/core/router/records';
import { startFakeRouter } from '../fixtures/fakeRouter';
import { httpIdle } from '../fixtures/httpIdle';

const ROUTES: Array<[string, string]> = [
  ['interwoven-1', 'demo-evm-1'],
  ['osmosis-1', 'interwoven-1'],
  ['interwoven-1', 'osmosis-1'],
  ['osmosis-1', 'demo-evm-1'],
  ['interwoven-1', '1'],
  ['demo-evm-1', 'osmosis-1'],
];

interface Run {
  windows: number;
  transfers: number;
  statusRequests: number;
  /** Status requests per transfer, in ROUTES order. */
  perTransfer: number[];
}

async function run(windows: number, label: string, closeHalfway = false): Promise<Run> {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const fake = await startFakeRouter({ now: () => clock.now(), trackLagSeconds: 0 });
  const client = createRouterClient(fake.url, { timeoutMs: 10_000 });
  const { track, settle } = httpIdle();
  const dir = mkdtempSync(join(tmpdir(), 'initia-bench-windows-'));
  const coordinators: PollCoordinator[] = [];
  try {
    const records: TrackedTransfer[] = [];
    for (const [i, [from, to]] of ROUTES.entries()) {
      const txHash = `${label}${String(i).padStart(63 - label.length, '0')}1`.toUpperCase().replace(/[^0-9A-F]/g, 'A');
      fake.prepare(txHash, from, { to, fate: 'success', jitter: 1.1 });
      await client.track(txHash, from);
      records.push({
        txHash,
        chainId: from,
        routerUrl: fake.url,
        network: 'bench',
        trackedAt: clock.now(),
        estimatedSeconds: fake.estimate(from, to),
        watching: true,
      });
    }
    const byKey = new Map(records.map((r) => [transferKey(r), r]));
    const ended = new Set<string>();
    for (let w = 0; w < windows; w++) {
      const store = new TransferStore(dir);
      const leases = new Leases(dir, { owner: `window-${w}`, now: () => clock.now() });
      const coordinator: PollCoordinator = new PollCoordinator({
        leases,
        clock,
        start: (key) => {
          const t = byKey.get(key)!;
          const poller = new StatusPoller(
            (signal) => track(() => client.status(t.txHash, t.chainId, signal, { retry: false })),
            { startedAt: t.trackedAt, estimatedSeconds: t.estimatedSeconds, clock },
            (e) => {
              if (e.kind === 'status' || e.kind === 'done')
                store.write({
                  ...t,
                  last: {
                    state: e.view.state,
                    outcome: e.view.outcome,
                    terminal: e.view.terminal,
                    hops: e.view.hops,
                    updatedAt: clock.now(),
                    raw: e.status,
                  },
                });
              if (e.kind === 'done' || e.kind === 'notFound') {
                ended.add(key);
                for (const c of coordinators) c.want([...byKey.keys()].filter((k) => !ended.has(k)));
              }
            },
          );
          // Resumed or taken over: ask at once, as the tracker does.
          poller.start(true);
          return poller;
        },
      });
      coordinators.push(coordinator);
    }
    // Every window wants every transfer at the same moment (each was told of them by the shared folder).
    for (const c of coordinators) c.want(byKey.keys());
    const limit = clock.now() + 3_600_000;
    let closed = false;
    while (ended.size < byKey.size && clock.now() < limit) {
      await clock.advance(5_000, settle);
      if (closeHalfway && !closed && clock.now() - records[0]!.trackedAt > 30_000) {
        closed = true;
        coordinators[0]!.dispose(); // the polling window closes: its leases are freed
      }
    }
    if (ended.size < byKey.size) throw new Error(`${label}: not every transfer ended on the virtual clock`);
    const perTransfer = records.map(
      (r) => fake.requests.filter((q) => q.path === '/v2/tx/status' && q.query.includes(r.txHash)).length,
    );
    return { windows, transfers: records.length, statusRequests: perTransfer.reduce((a, b) => a + b, 0), perTransfer };
  } finally {
    for (const c of coordinators) c.dispose();
    client.dispose();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const outFile = process.argv[2];
  if (!outFile) throw new Error('usage: node out/test/bench/windows.js <out.json>');
  const one = await run(1, 'a');
  const three = await run(3, 'b');
  const handover = await run(3, 'c', true);
  const ratio = Number((three.statusRequests / one.statusRequests).toFixed(3));
  const result = {
    pollWindows1: one.statusRequests,
    pollWindows3: three.statusRequests,
    pollWindowsRatio: ratio,
    pollWindows3Handover: handover.statusRequests,
    pollWindowsTransfers: one.transfers,
    pollWindowsBudgetMet: three.statusRequests <= 1.1 * one.statusRequests,
    pollWindowsNote:
      'the coordination core (TransferStore, Leases, PollCoordinator) with the real StatusPoller, 3 instances on one temp folder, virtual clock, fake router over HTTP; not the VS Code tracker itself',
  };
  writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nSeveral windows: ${one.transfers} transfers, status requests at the fake router`);
  console.log(`  1 window:                       ${one.statusRequests} (${one.perTransfer.join(' ')})`);
  console.log(
    `  3 windows:                      ${three.statusRequests} (${three.perTransfer.join(' ')}), ${ratio}× one: budget ≤ 1.1× ${result.pollWindowsBudgetMet ? 'MET' : 'MISSED'}`,
  );
  console.log(`  3 windows, the poller closes:   ${handover.statusRequests} (${handover.perTransfer.join(' ')})`);
  console.log(`\n  written to ${outFile}`);
}

main().then(
  () => setTimeout(() => process.exit(0), 100).unref(),
  (err: unknown) => {
    console.error('[bench] several windows measurement failed:', err);
    process.exit(1);
  },
);
