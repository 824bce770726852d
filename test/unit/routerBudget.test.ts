/**
 * The poller against the fake router over real HTTP.
 * 1. The budget (docs/performance.md), measured: the same transfers watched by our poller and by a fixed 1000 ms poller (what
 *    @skip-go/client 1.6.1's waitForTransaction does), on one virtual clock shared with the fake router (HTTP is
 *    real, time is not), so the numbers are exact and the test takes seconds. Budget: ≤ 1/5 of the requests,
 *    terminal detection no more than 2 s later at the median.
 * 2. End to end with real timers at a small timeScale: route → msgs → track → poll to success, failure (through
 *    STATE_PENDING_ERROR) and abandonment; a 404 grace after tracking; nothing after the end.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createRouterClient } from '../../src/core/clients';
import type { RouterClient } from '../../src/core/router/client';
import { ManualClock, scaledClock } from '../../src/core/clock';
import { StatusPoller, type PollEvent } from '../../src/core/router/poller';
import type { StatusResponse } from '../../src/core/router/schemas';
import { startFakeRouter, type Fate } from '../fixtures/fakeRouter';
import { httpIdle } from '../fixtures/httpIdle';

const INIT = 'init1veaum7vy45fzw5x4mflskgx5lnmwmxx5wm3x8p';
const OSMO = 'osmo1veaum7vy45fzw5x4mflskgx5lnmwmxx5gkz963';

/** waitForTransaction's loop: status; terminal on state ∈ {COMPLETED_SUCCESS, COMPLETED_ERROR, ABANDONED}; else wait(1000). */
async function fixedPoller(
  fetch: () => Promise<StatusResponse>,
  clock: ManualClock,
): Promise<{ requests: number; at: number }> {
  for (let requests = 1; ; requests++) {
    const s = await fetch();
    const state = s.state ?? s.transfers?.[0]?.state;
    if (state === 'STATE_COMPLETED_SUCCESS' || state === 'STATE_COMPLETED_ERROR' || state === 'STATE_ABANDONED')
      return { requests, at: clock.now() };
    await new Promise<void>((r) => clock.setTimeout(r, 1000));
  }
}

const ROUTES: Array<[string, string]> = [
  ['interwoven-1', 'demo-evm-1'], // OPinit deposit, 15 s
  ['osmosis-1', 'interwoven-1'], // IBC, 30 s
  ['interwoven-1', 'osmosis-1'], // IBC + swap, 30 s
  ['osmosis-1', 'demo-evm-1'], // IBC + OPinit, 45 s
  ['interwoven-1', 'mystery-1'], // unknown bridge kind, 60 s
  ['interwoven-1', '1'], // LayerZero, 90 s
  ['1', 'demo-evm-1'], // LayerZero + OPinit, 120 s
  ['demo-evm-1', 'osmosis-1'], // OPinit withdrawal + IBC, 150 s
];
const FATES: Array<[string, Fate]> = [
  ['1', 'success'],
  ['2', 'success'],
  ['3', 'success'],
  ['4', 'success'],
  ['c', 'failure'],
  ['e', 'abandoned'],
];

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

test("budget: ≤ 1/5 of a 1 s poller's status requests, terminal detection ≤ 2 s later at the median (measured)", async (t) => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const fake = await startFakeRouter({ now: () => clock.now() });
  const client = createRouterClient(fake.url, { timeoutMs: 5000 });
  const { track, settle } = httpIdle();
  interface Row {
    route: string;
    estimate: number;
    fate: Fate;
    actual: number;
    ours: number;
    fixed: number;
    oursAt: number;
    fixedAt: number;
    oursMaxInFlight: number;
  }
  const rows: Row[] = [];
  const runs: Array<Promise<void>> = [];
  const counters: Array<() => void> = [];
  try {
    for (const [from, to] of ROUTES) {
      const estimate = fake.estimate(from, to)!;
      for (const [digit, fate] of FATES) {
        const body = createHash('sha256').update(`budget:${from}>${to}:${digit}`).digest('hex').slice(0, 63) + digit;
        const hash = from === '1' ? `0x${body}` : body.toUpperCase();
        fake.prepare(hash, from, { to });
        await client.track(hash, from);
        const trackedAt = clock.now();
        const fetch = (signal?: AbortSignal) => track(() => client.status(hash, from, signal, { retry: false }));
        const row: Row = {
          route: `${from}>${to}`,
          estimate,
          fate,
          actual: fake.terminalAt(hash, from)! - trackedAt,
          ours: 0,
          fixed: 0,
          oursAt: 0,
          fixedAt: 0,
          oursMaxInFlight: 0,
        };
        rows.push(row);
        let inFlight = 0;
        runs.push(
          new Promise<void>((resolve, reject) => {
            const poller = new StatusPoller(
              async (signal) => {
                inFlight++;
                row.oursMaxInFlight = Math.max(row.oursMaxInFlight, inFlight);
                try {
                  return await fetch(signal);
                } finally {
                  inFlight--;
                }
              },
              { startedAt: trackedAt, estimatedSeconds: estimate, clock },
              (e: PollEvent) => {
                if (e.kind === 'done') {
                  row.oursAt = clock.now() - trackedAt;
                  resolve();
                } else if (e.kind === 'error' || e.kind === 'notFound') reject(e.error as Error);
              },
            );
            counters.push(() => (row.ours = poller.requests));
            poller.start();
          }),
        );
        runs.push(
          fixedPoller(() => fetch(), clock).then((r) => {
            row.fixed = r.requests;
            row.fixedAt = r.at - trackedAt;
          }),
        );
      }
    }
    const all = Promise.all(runs);
    let finished = false;
    void all.then(() => (finished = true));
    for (let i = 0; i < 2000 && !finished; i++) await clock.advance(5_000, settle);
    await all;
    counters.forEach((c) => c());
    const requestsAtEnd = fake.count('/v2/tx/status');
    await clock.advance(3_600_000, settle);
    assert.equal(fake.count('/v2/tx/status'), requestsAtEnd, '0 requests after every transfer ended');
  } finally {
    client.dispose();
    await fake.close();
  }

  for (const r of rows) {
    assert.equal(r.oursMaxInFlight, 1, `${r.route}: at most one request in flight`);
    assert.ok(r.oursAt >= r.actual && r.fixedAt >= r.actual, `${r.route}: nobody sees the end before it happens`);
  }
  const ours = rows.reduce((s, r) => s + r.ours, 0);
  const fixed = rows.reduce((s, r) => s + r.fixed, 0);
  const later = rows.map((r) => r.oursAt - r.fixedAt);
  const afterEnd = rows.map((r) => r.oursAt - r.actual);
  t.diagnostic(
    `${rows.length} transfers: ${ours} status requests vs ${fixed} for a 1 s poller (ratio ${(ours / fixed).toFixed(3)})`,
  );
  t.diagnostic(
    `detection later than the 1 s poller: median ${(quantile(later, 0.5) / 1000).toFixed(2)} s, p75 ${(quantile(later, 0.75) / 1000).toFixed(2)} s, p90 ${(quantile(later, 0.9) / 1000).toFixed(2)} s, max ${(Math.max(...later) / 1000).toFixed(2)} s`,
  );
  t.diagnostic(
    `detection after the actual end: median ${(quantile(afterEnd, 0.5) / 1000).toFixed(2)} s, p90 ${(quantile(afterEnd, 0.9) / 1000).toFixed(2)} s`,
  );
  for (const [from, to] of ROUTES) {
    const rs = rows.filter((r) => r.route === `${from}>${to}`);
    const o = rs.reduce((s, r) => s + r.ours, 0);
    const f = rs.reduce((s, r) => s + r.fixed, 0);
    t.diagnostic(
      `  ${`${from} → ${to}`.padEnd(28)} E=${String(rs[0]!.estimate).padStart(3)} s  ours ${String(o).padStart(3)}  1 s poller ${String(f).padStart(4)}  ratio ${(o / f).toFixed(3)}  median later ${(
        quantile(
          rs.map((r) => r.oursAt - r.fixedAt),
          0.5,
        ) / 1000
      ).toFixed(2)} s`,
    );
  }
  assert.ok(ours * 5 <= fixed, `ours ${ours} vs ${fixed}`);
  assert.ok(quantile(later, 0.5) <= 2000, `median ${quantile(later, 0.5)} ms later`);
});

async function untilDone(
  client: RouterClient,
  hash: string,
  chainId: string,
  estimatedSeconds: number,
  scale: number,
): Promise<{ states: string[]; events: string[]; poller: StatusPoller }> {
  const states: string[] = [];
  const events: string[] = [];
  let poller!: StatusPoller;
  await new Promise<void>((resolve, reject) => {
    poller = new StatusPoller(
      (signal) => client.status(hash, chainId, signal, { retry: false }),
      { estimatedSeconds, clock: scaledClock(scale) },
      (e) => {
        if (events.at(-1) !== e.kind) events.push(e.kind);
        if (e.kind === 'status' || e.kind === 'done') if (states.at(-1) !== e.view.state) states.push(e.view.state);
        if (e.kind === 'done') resolve();
        if (e.kind === 'notFound' || e.kind === 'error') reject(e.error as Error);
      },
    );
    poller.start();
  });
  return { states, events, poller };
}

test('end to end with real timers (timeScale 0.01): success, failure through PENDING_ERROR, abandonment; nothing after the end', async () => {
  const scale = 0.01;
  const fake = await startFakeRouter({ timeScale: scale });
  const client = createRouterClient(fake.url, { timeoutMs: 3000 });
  try {
    const route = await client.route({
      amountIn: '1000000',
      sourceChainId: 'interwoven-1',
      sourceDenom: 'uinit',
      destChainId: 'osmosis-1',
      destDenom: 'uosmo',
    });
    await client.msgs({ route, addresses: [INIT, OSMO] }); // the fake binds the next tracked txs on this chain to this route
    const estimate = route.estimated_route_duration_seconds!;
    const hash = (last: string) => `${'CD'.repeat(31)}A${last}`;
    const results = await Promise.all(
      ['1', 'c', 'e'].map(async (last) => {
        await client.track(hash(last), 'interwoven-1');
        return untilDone(client, hash(last), 'interwoven-1', estimate, scale);
      }),
    );
    const [ok, failed, abandoned] = results.map((r) => r.states);
    assert.equal(ok!.at(-1), 'STATE_COMPLETED_SUCCESS');
    assert.deepEqual(
      failed!.slice(-2),
      ['STATE_PENDING_ERROR', 'STATE_COMPLETED_ERROR'],
      'the failing state is seen before the end',
    );
    assert.equal(abandoned!.at(-1), 'STATE_ABANDONED');
    const failedView = results[1]!.poller.last!.view;
    assert.match(
      failedView.summary,
      /^Failed: packet timed out <script>alert\("status"\)<\/script>\. Assets \d+ uinit released on interwoven-1\.$/,
    );
    const requests = fake.count('/v2/tx/status');
    assert.ok(requests <= 3 * 8, `${requests} status requests for three 30 s transfers`);
    // Nothing after the end: a terminal state stops the poller (no timer, nothing in flight), so no request can follow.
    assert.deepEqual(
      results.map((r) => [r.poller.running, r.poller.nextPollAt]),
      [
        [false, undefined],
        [false, undefined],
        [false, undefined],
      ],
    );
    assert.equal(fake.count('/v2/tx/status'), requests, 'no request after the terminal states');
  } finally {
    client.dispose();
    await fake.close();
  }
});

test('end to end: a 404 right after tracking (indexing lag) is waited out, then the transfer completes', async () => {
  const scale = 0.01;
  const fake = await startFakeRouter({ timeScale: scale, trackLagSeconds: 12 });
  const client = createRouterClient(fake.url, { timeoutMs: 3000 });
  try {
    const hash = `${'EF'.repeat(31)}A2`;
    fake.prepare(hash, 'interwoven-1', { to: 'demo-evm-1', jitter: 1 });
    await client.track(hash, 'interwoven-1');
    const { states, events } = await untilDone(client, hash, 'interwoven-1', 15, scale);
    assert.equal(events[0], 'notFoundYet');
    assert.equal(events.at(-1), 'done');
    assert.equal(states.at(-1), 'STATE_COMPLETED_SUCCESS');
  } finally {
    client.dispose();
    await fake.close();
  }
});
