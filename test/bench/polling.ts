/**
 * Status polling bench (run by scripts/bench.mjs as `node out/test/bench/polling.js <out.json>`; not part of npm test):
 * our StatusPoller against the REAL @skip-go/client (a dev dependency used only here) and its `waitForTransaction`,
 * which tracks the tx once and then asks for its status every 1000 ms until it is terminal.
 *
 * 1. Real time (real timers, fake router at timeScale 1): transfers that end after D = 10 s and D = 60 s, all watched
 *    at once (~75 s in all). Each transfer exists twice, on two tx hashes with identical timelines: one watched by our
 *    poller (after RouterClient.track), one by waitForTransaction (which tracks it itself). Our poller gets the
 *    route's estimate, which is never exact: the transfer takes r × the estimate, r from 0.6 to 1.3 (the range the
 *    fake router draws from). Status requests are counted per hash by the fake router; detection delay = when the
 *    watcher reported the terminal state − when the fake turned it terminal. As D is exact and waitForTransaction
 *    starts with the transfer, its requests (every 1 s + a round trip of a few ms) land just after the end: its
 *    detection delay here is close to its best case (0–1 s in the field), which counts against ours.
 * 2. Longer transfers (10 min, 1 h, an OP withdrawal's 3 days): our poller's schedule on a virtual clock shared with
 *    the fake router (HTTP is real, time is not), estimate = D. The @skip-go/client side is COMPUTED, not run: one
 *    request per second of transfer (⌈D / 1 s⌉ + 1), the end seen at most 1 s after it happens.
 *
 * Budget (docs/performance.md): ≤ 1/5 of its status requests, terminal detection ≤ 2 s later at the median (over the real-time
 * transfers). Printed and written, not enforced: the exit code is non-zero only when the measurement itself fails.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createRouterClient } from '../../src/core/clients';
import { ManualClock } from '../../src/core/clock';
import { StatusPoller, type PollEvent } from '../../src/core/router/poller';
import { httpIdle } from '../fixtures/httpIdle';
import { startFakeRouter, type FakeRouter } from '../fixtures/fakeRouter';

/** Real-time transfers: D (s) and the route (the fake's actual duration is set to exactly D). */
const REAL_TIME: ReadonlyArray<{ seconds: number; from: string; to: string }> = [
  { seconds: 10, from: 'interwoven-1', to: 'demo-evm-1' }, // OPinit deposit (nominal 15 s)
  { seconds: 60, from: 'osmosis-1', to: 'demo-evm-1' }, // IBC + OPinit (nominal 45 s)
];
/** Actual duration / our poller's estimate, one transfer each (the fake router's own range is 0.6–1.3). */
const RATIOS = [0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3];
/** Longer transfers, on the virtual clock: our poller only, estimate = D. */
const LONGER: ReadonlyArray<{ seconds: number; from: string; to: string; label: string }> = [
  { seconds: 600, from: 'interwoven-1', to: '1', label: 'LayerZero to Ethereum' },
  { seconds: 3600, from: 'demo-evm-1', to: 'osmosis-1', label: 'OPinit withdrawal + IBC' },
  { seconds: 3 * 86_400, from: 'demo-evm-1', to: 'interwoven-1', label: 'OP withdrawal, finalization period' },
];
const REAL_TIME_LIMIT_MS = 180_000;

export interface RealTimeRow {
  durationS: number;
  route: string;
  /** actual / estimate */
  ratio: number;
  estimateS: number;
  oursRequests: number;
  skipGoRequests: number;
  requestRatio: number;
  oursDetectionAfterEndS: number;
  skipGoDetectionAfterEndS: number;
  /** ours − skip-go's detection delay (s): > 0 when ours saw the end later. */
  oursLaterS: number;
}

export interface LongerRow {
  durationS: number;
  route: string;
  label: string;
  estimateS: number;
  oursRequests: number;
  /** Computed, not run: ⌈D / 1 s⌉ + 1. */
  skipGoRequests: number;
  skipGoComputed: true;
  requestRatio: number;
  oursDetectionAfterEndS: number;
  /** Computed: at most 1 s. */
  skipGoDetectionAfterEndMaxS: number;
  /** Ours later than skip-go by at least / at most this (s), skip-go seeing the end 1 s / 0 s after it. */
  oursLaterMinS: number;
  oursLaterMaxS: number;
}

const round = (x: number, digits = 3) => Number(x.toFixed(digits));

/** Quantile, interpolating between order statistics (the median of an even count: the mean of the middle two). */
function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

function txHash(seed: string, chainId: string): string {
  const h = createHash('sha256').update(`poll-bench:${seed}`).digest('hex');
  return chainId === '1' ? `0x${h}` : h.toUpperCase();
}

const bare = (hash: string) => hash.replace(/^0x/i, '').toUpperCase();

/** Status requests the fake router saw for one tx. */
function statusRequests(fake: FakeRouter, hash: string, chainId: string): number {
  const want = bare(hash);
  return fake.requests.filter((r) => {
    if (r.method !== 'GET' || r.path !== '/v2/tx/status') return false;
    const q = new URLSearchParams(r.query);
    return bare(q.get('tx_hash') ?? '') === want && q.get('chain_id') === chainId;
  }).length;
}

/** Track requests the fake router saw for one tx. */
function trackRequests(fake: FakeRouter, hash: string): number {
  const want = bare(hash);
  return fake.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === '/v2/tx/track' &&
      bare(String((JSON.parse(r.body || '{}') as { tx_hash?: unknown }).tx_hash ?? '')) === want,
  ).length;
}

function describe(e: PollEvent): string {
  if (e.kind === 'error' || e.kind === 'notFound')
    return `${e.kind}: ${e.error instanceof Error ? e.error.message : String(e.error)}`;
  return e.kind;
}

const human = (s: number) =>
  s >= 86_400
    ? `${round(s / 86_400, 2)} d`
    : s >= 3600
      ? `${round(s / 3600, 2)} h`
      : s >= 600
        ? `${round(s / 60, 1)} min`
        : `${round(s, 1)} s`;

// --- 1. real time: our poller vs the real waitForTransaction --------------------------------------------------------

async function realTime(): Promise<RealTimeRow[]> {
  // ESM-only; this file compiles to CommonJS, where TypeScript keeps import() as a real dynamic import.
  const skip = await import('@skip-go/client');
  const fake = await startFakeRouter({ timeScale: 1, trackLagSeconds: 0 });
  const client = createRouterClient(fake.url, { timeoutMs: 10_000 });
  skip.setApiOptions({ apiUrl: fake.url });
  const stops: Array<() => void> = [];
  let cancelled = false;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  try {
    const runs = REAL_TIME.flatMap(({ seconds, from, to }) =>
      RATIOS.map(async (ratio) => {
        const nominal = fake.estimate(from, to);
        if (nominal === undefined) throw new Error(`the fake router has no route ${from} → ${to}`);
        const ours = txHash(`${seconds}:${ratio}:ours`, from);
        const theirs = txHash(`${seconds}:${ratio}:skip-go`, from);
        for (const h of [ours, theirs]) fake.prepare(h, from, { to, fate: 'success', jitter: seconds / nominal });
        const estimateS = seconds / ratio;

        const oursDone = (async () => {
          await client.track(ours, from);
          return new Promise<number>((resolve, reject) => {
            const poller = new StatusPoller(
              (signal) => client.status(ours, from, signal, { retry: false }),
              { estimatedSeconds: estimateS },
              (e) => {
                if (e.kind === 'done') {
                  const at = Date.now();
                  if (e.view.state !== 'STATE_COMPLETED_SUCCESS')
                    reject(new Error(`our poller ended on ${e.view.state} for ${ours}`));
                  else resolve(at);
                } else if (e.kind !== 'status') {
                  // trackLagSeconds is 0 and there are no faults: anything but a status is a broken measurement.
                  poller.stop();
                  reject(new Error(`our poller, ${ours}: ${describe(e)}`));
                }
              },
            );
            stops.push(() => poller.stop());
            poller.start();
          });
        })();
        const theirsDone = skip
          .waitForTransaction({ chainId: from, txHash: theirs, isCancelled: () => cancelled })
          .then((status) => {
            const at = Date.now();
            if (status.state !== 'STATE_COMPLETED_SUCCESS')
              throw new Error(`waitForTransaction returned ${String(status.state)} for ${theirs}`);
            return at;
          });
        const [oursAt, theirsAt] = await Promise.all([oursDone, theirsDone]);

        const oursEnd = fake.terminalAt(ours, from);
        const theirsEnd = fake.terminalAt(theirs, from);
        if (oursEnd === undefined || theirsEnd === undefined)
          throw new Error(`the fake router did not track ${oursEnd === undefined ? ours : theirs}`);
        const oursAfter = (oursAt - oursEnd) / 1000;
        const theirsAfter = (theirsAt - theirsEnd) / 1000;
        if (oursAfter < 0 || theirsAfter < 0)
          throw new Error(
            `a watcher saw the end of a ${seconds} s transfer before it happened (ours ${oursAfter} s, skip-go ${theirsAfter} s)`,
          );
        return { seconds, from, to, ratio, estimateS, ours, theirs, oursAfter, theirsAfter };
      }),
    );
    const timeout = new Promise<never>((_, reject) => {
      watchdog = setTimeout(
        () => reject(new Error(`the real-time transfers did not all end within ${REAL_TIME_LIMIT_MS / 1000} s`)),
        REAL_TIME_LIMIT_MS,
      );
    });
    const ended = await Promise.race([Promise.all(runs), timeout]);
    // Counted once every transfer has ended: a request after a watcher's end would count too.
    const rows = ended.map((t): RealTimeRow => {
      const tracks = trackRequests(fake, t.theirs);
      if (tracks !== 1)
        throw new Error(`waitForTransaction sent ${tracks} track requests for ${t.theirs} (expected 1)`);
      const oursRequests = statusRequests(fake, t.ours, t.from);
      const skipGoRequests = statusRequests(fake, t.theirs, t.from);
      return {
        durationS: t.seconds,
        route: `${t.from} → ${t.to}`,
        ratio: t.ratio,
        estimateS: round(t.estimateS, 1),
        oursRequests,
        skipGoRequests,
        requestRatio: round(oursRequests / skipGoRequests),
        oursDetectionAfterEndS: round(t.oursAfter),
        skipGoDetectionAfterEndS: round(t.theirsAfter),
        oursLaterS: round(t.oursAfter - t.theirsAfter),
      };
    });
    return rows;
  } catch (err) {
    cancelled = true; // waitForTransaction checks it before each request; it then throws "aborted"
    throw err;
  } finally {
    if (watchdog !== undefined) clearTimeout(watchdog);
    stops.forEach((stop) => stop());
    client.dispose();
    await fake.close();
  }
}

// --- 2. longer: our poller's schedule on a virtual clock; skip-go's fixed 1 s computed -------------------------------

async function longer(): Promise<LongerRow[]> {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const fake = await startFakeRouter({ now: () => clock.now(), trackLagSeconds: 0 });
  const client = createRouterClient(fake.url, { timeoutMs: 10_000 });
  // A timer's promise chain includes real HTTP: wait until no request is in flight before the clock moves on.
  const { track, settle } = httpIdle();
  const stops: Array<() => void> = [];
  try {
    const runs: Array<Promise<LongerRow>> = [];
    for (const { seconds, from, to, label } of LONGER) {
      const nominal = fake.estimate(from, to);
      if (nominal === undefined) throw new Error(`the fake router has no route ${from} → ${to}`);
      const hash = txHash(`long:${seconds}`, from);
      fake.prepare(hash, from, { to, fate: 'success', jitter: seconds / nominal });
      await client.track(hash, from);
      const trackedAt = clock.now();
      runs.push(
        new Promise<number>((resolve, reject) => {
          const poller = new StatusPoller(
            (signal) => track(() => client.status(hash, from, signal, { retry: false })),
            { startedAt: trackedAt, estimatedSeconds: seconds, clock },
            (e) => {
              if (e.kind === 'done') {
                if (e.view.state !== 'STATE_COMPLETED_SUCCESS')
                  reject(new Error(`our poller ended on ${e.view.state} for ${hash}`));
                else resolve(clock.now());
              } else if (e.kind !== 'status') {
                poller.stop();
                reject(new Error(`our poller, ${hash}: ${describe(e)}`));
              }
            },
          );
          stops.push(() => poller.stop());
          poller.start();
        }).then((at): LongerRow => {
          const end = fake.terminalAt(hash, from)!;
          const after = (at - end) / 1000;
          if (after < 0) throw new Error(`our poller saw the end of ${hash} before it happened`);
          const skipGoRequests = Math.ceil(seconds) + 1;
          const oursRequests = statusRequests(fake, hash, from);
          return {
            durationS: seconds,
            route: `${from} → ${to}`,
            label,
            estimateS: seconds,
            oursRequests,
            skipGoRequests,
            skipGoComputed: true,
            requestRatio: round(oursRequests / skipGoRequests, 5),
            oursDetectionAfterEndS: round(after),
            skipGoDetectionAfterEndMaxS: 1,
            oursLaterMinS: round(after - 1),
            oursLaterMaxS: round(after),
          };
        }),
      );
    }
    const all = Promise.all(runs);
    let settled = false;
    all.then(
      () => (settled = true),
      () => (settled = true),
    );
    const limit = clock.now() + Math.max(...LONGER.map((l) => l.seconds)) * 2000 + 3_600_000;
    while (!settled && clock.now() < limit) await clock.advance(60_000, settle);
    if (!settled) throw new Error('the longer transfers did not all end on the virtual clock');
    return await all;
  } finally {
    stops.forEach((stop) => stop());
    client.dispose();
    await fake.close();
  }
}

// --- report -----------------------------------------------------------------------------------------------------

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const outFile = process.argv[2];
  if (!outFile) throw new Error('usage: node out/test/bench/polling.js <out.json>');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const skipGoVersion = (require('@skip-go/client/package.json') as { version: string }).version;
  console.log(
    `[bench] status polling: our poller vs @skip-go/client ${skipGoVersion} waitForTransaction, ${REAL_TIME.length * RATIOS.length} transfers of ${REAL_TIME.map((r) => `${r.seconds} s`).join(' / ')} in real time (~75 s) …`,
  );
  // One after the other: the virtual-clock run keeps the event loop busy, which must not delay the real timers.
  const long = await longer();
  const t0 = Date.now();
  const rt = await realTime();
  const realTimeS = (Date.now() - t0) / 1000;

  const ours = rt.reduce((n, r) => n + r.oursRequests, 0);
  const theirs = rt.reduce((n, r) => n + r.skipGoRequests, 0);
  const later = rt.map((r) => r.oursLaterS);
  const byDuration = REAL_TIME.map(({ seconds, from, to }) => {
    const rs = rt.filter((r) => r.durationS === seconds);
    const o = rs.reduce((n, r) => n + r.oursRequests, 0);
    const s = rs.reduce((n, r) => n + r.skipGoRequests, 0);
    return {
      durationS: seconds,
      route: `${from} → ${to}`,
      transfers: rs.length,
      oursRequests: o,
      skipGoRequests: s,
      requestRatio: round(o / s),
      oursDetectionAfterEndMedianS: round(
        quantile(
          rs.map((r) => r.oursDetectionAfterEndS),
          0.5,
        ),
      ),
      skipGoDetectionAfterEndMedianS: round(
        quantile(
          rs.map((r) => r.skipGoDetectionAfterEndS),
          0.5,
        ),
      ),
      oursLaterMedianS: round(
        quantile(
          rs.map((r) => r.oursLaterS),
          0.5,
        ),
      ),
      oursLaterP90S: round(
        quantile(
          rs.map((r) => r.oursLaterS),
          0.9,
        ),
      ),
    };
  });
  const result = {
    skipGoClient: skipGoVersion,
    pollTransfers: rt.length,
    pollRequestsOurs: ours,
    pollRequestsSkipClient: theirs,
    pollRatio: round(ours / theirs),
    pollDetectionLaterMedianS: round(quantile(later, 0.5), 2),
    pollDetectionLaterP90S: round(quantile(later, 0.9), 2),
    budgetRequestsMet: ours * 5 <= theirs,
    budgetDetectionMet: quantile(later, 0.5) <= 2,
    pollRealTime: rt,
    pollRealTimeByDuration: byDuration,
    pollLonger: long,
    pollLongerNote:
      '@skip-go/client side computed, not run: one status request per second of transfer (⌈D / 1 s⌉ + 1), the end seen ≤ 1 s after it',
  };
  writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`);

  const s = (x: number) => x.toFixed(2);
  const header = [
    'D',
    'route',
    'estimate',
    'ours',
    'skip-go',
    'ratio',
    'ours after end',
    'skip-go after end',
    'ours later',
  ];
  const rows: string[][] = [];
  for (const d of byDuration) {
    for (const r of rt.filter((x) => x.durationS === d.durationS)) {
      rows.push([
        human(r.durationS),
        r.route,
        `${r.estimateS.toFixed(1)} s`,
        String(r.oursRequests),
        String(r.skipGoRequests),
        r.requestRatio.toFixed(3),
        `${s(r.oursDetectionAfterEndS)} s`,
        `${s(r.skipGoDetectionAfterEndS)} s`,
        `${s(r.oursLaterS)} s`,
      ]);
    }
    rows.push([
      `${human(d.durationS)} all`,
      `${d.transfers} transfers (median delays)`,
      '',
      String(d.oursRequests),
      String(d.skipGoRequests),
      d.requestRatio.toFixed(3),
      `${s(d.oursDetectionAfterEndMedianS)} s`,
      `${s(d.skipGoDetectionAfterEndMedianS)} s`,
      `${s(d.oursLaterMedianS)} s`,
    ]);
  }
  for (const r of long) {
    rows.push([
      human(r.durationS),
      `${r.route} (${r.label})`,
      human(r.estimateS),
      String(r.oursRequests),
      `${r.skipGoRequests}*`,
      r.requestRatio.toFixed(4),
      `${s(r.oursDetectionAfterEndS)} s`,
      '≤ 1.00 s*',
      `${s(r.oursLaterMinS)} to ${s(r.oursLaterMaxS)} s`,
    ]);
  }
  console.log(
    `\nStatus polling: our StatusPoller vs @skip-go/client ${skipGoVersion} waitForTransaction (fixed 1 s), fake router on 127.0.0.1\n`,
  );
  console.log(table(header, rows));
  console.log(
    `\n  10 s and 60 s: real timers, both watchers against the same fake router (actual duration = r × our estimate, r = ${RATIOS.join(', ')}); took ${realTimeS.toFixed(0)} s.`,
  );
  console.log(
    '  Longer: our poller on a virtual clock shared with the fake router (real HTTP), estimate = D. * skip-go computed, not run: ⌈D / 1 s⌉ + 1 requests, the end seen ≤ 1 s after it.',
  );
  console.log(
    `\n  real time, ${rt.length} transfers: ${ours} status requests vs ${theirs} (ratio ${result.pollRatio}): budget ≤ 1/5 ${result.budgetRequestsMet ? 'MET' : 'MISSED'}`,
  );
  console.log(
    `  ours later than skip-go: median ${s(result.pollDetectionLaterMedianS)} s, p90 ${s(result.pollDetectionLaterP90S)} s: budget ≤ 2 s at the median ${result.budgetDetectionMet ? 'MET' : 'MISSED'}`,
  );
  console.log(`\n  written to ${outFile}`);
}

main().then(
  () => {
    // Everything is closed, so the process ends now. If it is still alive in 5 s, something was left running (a
    // poller's timer, a socket): say what, and end it anyway (the timer itself does not keep the process alive).
    setTimeout(() => {
      console.error(
        `[bench] status polling: still running 5 s after the end (open: ${process.getActiveResourcesInfo().join(', ')})`,
      );
      process.exit(1);
    }, 5000).unref();
  },
  (err: unknown) => {
    console.error('[bench] status polling measurement failed:', err);
    process.exit(1);
  },
);
