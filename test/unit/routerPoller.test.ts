/** The adaptive status poller on a manual clock: schedule, one request in flight, backoff, Retry-After, 404 grace, terminal stop, cancellation. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../src/core/clock';
import {
  StatusPoller,
  scheduleDelay,
  DEFAULT_SCHEDULE,
  type PollEvent,
  type PollerOptions,
} from '../../src/core/router/poller';
import type { StatusResponse } from '../../src/core/router/schemas';
import { HttpError } from '../../src/core/errors';
import { parseRetryAfter } from '../../src/core/httpBody';

const statusOf = (state: string): StatusResponse =>
  ({ transfers: [{ state, transfer_sequence: [] }] }) as StatusResponse;
const notFound = () => new HttpError('router', 404, 'tx not found', '/v2/tx/status');
const busy = (status: number, retryAfterMs?: number) =>
  new HttpError('router', status, 'busy', '/v2/tx/status', retryAfterMs);

interface Run {
  clock: ManualClock;
  poller: StatusPoller;
  times: number[];
  events: PollEvent[];
  maxInFlight: () => number;
}

/** A poller whose fetcher answers `answer(n, t)` (t: ms since start) after `latencyMs` of clock time. */
function run(
  opts: Partial<PollerOptions>,
  answer: (n: number, t: number, signal: AbortSignal) => StatusResponse | Error | Promise<StatusResponse>,
  latencyMs = 0,
): Run {
  const clock = new ManualClock();
  const start = clock.now();
  const times: number[] = [];
  const events: PollEvent[] = [];
  let inFlight = 0;
  let max = 0;
  const poller = new StatusPoller(
    async (signal) => {
      inFlight++;
      max = Math.max(max, inFlight);
      times.push(clock.now() - start);
      try {
        if (latencyMs) await new Promise<void>((r) => clock.setTimeout(r, latencyMs));
        const a = await answer(times.length, clock.now() - start, signal);
        if (a instanceof Error) throw a;
        return a;
      } finally {
        inFlight--;
      }
    },
    { startedAt: start, clock, ...opts },
    (e) => events.push(e),
  );
  return { clock, poller, times, events, maxInFlight: () => max };
}

test('schedule: nothing before 0.7×estimate (one early check for long routes), shrinking gaps to the expected end, easing off after', () => {
  const s = DEFAULT_SCHEDULE;
  const table: Array<[elapsed: number, estimate: number, polls: number, delay: number]> = [
    [0, 15_000, 0, 10_500], // first at 0.7 × 15 s
    [10_500, 15_000, 1, 3_000], // 35 % of the 4.5 s left, at least 3 s
    [16_500, 15_000, 3, 2_075], // 1.5 s late: 2 s + 5 %
    [0, 2_000, 0, 3_000], // tiny estimates: at least the minimum gap
    [0, 120_000, 0, 10_000], // long route: an early check at 10 s
    [10_000, 120_000, 1, 60_000], // then at most a minute apart until 0.7 × E (84 s)
    [70_000, 120_000, 2, 14_000],
    [84_000, 120_000, 3, 12_600], // 35 % of 36 s left
    [119_000, 120_000, 9, 3_000], // 1 s left: never overshoots E by more than the dense interval
    [120_000 + 600_000, 120_000, 30, 32_000], // 10 min late: 2 s + 30 s
    [120_000 + 3_600_000, 120_000, 60, 60_000], // an hour late: a minute
    [100_000, 30_000, 0, 0], // resumed long after the first point: ask now
    [300_000, 604_800_000, 2, 60_000], // an OP withdrawal (7 days): once a minute
  ];
  for (const [elapsed, estimate, polls, delay] of table)
    assert.equal(scheduleDelay(elapsed, estimate, polls, s), delay, `${elapsed} of ${estimate} after ${polls}`);
});

test('a 15 s route finishing on time: 3 requests (a 1 s poller makes 16), then nothing', async () => {
  const r = run({ estimatedSeconds: 15 }, (_n, t) =>
    statusOf(t >= 15_000 ? 'STATE_COMPLETED_SUCCESS' : 'STATE_PENDING'),
  );
  r.poller.start();
  assert.equal(r.poller.nextPollAt, r.clock.now() + 10_500);
  await r.clock.advance(60_000);
  assert.deepEqual(r.times, [10_500, 13_500, 16_500]);
  assert.deepEqual(
    r.events.map((e) => e.kind),
    ['status', 'status', 'done'],
  );
  const first = r.events[0]!;
  assert.ok(first.kind === 'status' && first.nextPollInMs === 3_000);
  assert.equal(r.poller.running, false);
  assert.equal(r.clock.pending, 0, 'no timer left');
  await r.clock.advance(600_000);
  assert.equal(r.times.length, 3, '0 requests after the terminal state');
  r.poller.pollNow();
  r.poller.start();
  await r.clock.advance(60_000);
  assert.equal(r.times.length, 3, 'an ended poller does not start again');
});

test('an early finish is seen within a few seconds, a late one within ~2 s + 5 % of the delay', async () => {
  const early = run({ estimatedSeconds: 60 }, (_n, t) =>
    statusOf(t >= 45_000 ? 'STATE_COMPLETED_SUCCESS' : 'STATE_PENDING'),
  );
  early.poller.start();
  await early.clock.advance(600_000);
  assert.deepEqual(early.times, [10_000, 42_000, 48_300]);
  const late = run({ estimatedSeconds: 60 }, (_n, t) =>
    statusOf(t >= 90_000 ? 'STATE_COMPLETED_SUCCESS' : 'STATE_PENDING'),
  );
  late.poller.start();
  await late.clock.advance(600_000);
  const last = late.times.at(-1)!;
  assert.ok(last >= 90_000 && last - 90_000 <= 2_000 + 0.05 * 30_000 + 1, `seen at ${last}`);
  assert.ok(late.times.length <= 18, `${late.times.length} requests (a 1 s poller: 91)`);
});

test('one request in flight: a slow answer is not overtaken, pollNow() while waiting does nothing', async () => {
  const r = run({ estimatedSeconds: 15 }, (n) => statusOf(n >= 3 ? 'STATE_COMPLETED_SUCCESS' : 'STATE_PENDING'), 5_000);
  r.poller.start();
  await r.clock.advance(11_000); // the first request is in flight (10.5 s → 15.5 s)
  for (let i = 0; i < 5; i++) r.poller.pollNow();
  await r.clock.advance(100_000);
  assert.equal(r.maxInFlight(), 1);
  // answered at 15.5 s; the next gap is counted from the answer (0.5 s past E: 2 s + 5 % of 0.5 s)
  assert.deepEqual(r.times, [10_500, 17_525, 24_901.25], 'the next is scheduled only after the answer');
  assert.equal(r.events.at(-1)!.kind, 'done');
});

test('without an estimate (a pasted hash) the first look comes after 3 s, then the schedule of a 30 s route', async () => {
  const r = run({}, (n) => statusOf(n >= 3 ? 'STATE_COMPLETED_SUCCESS' : 'STATE_PENDING'));
  r.poller.start();
  await r.clock.advance(120_000);
  assert.deepEqual(r.times, [3_000, 21_000, 24_150]);
});

test('pollNow asks at once between scheduled polls (a user refresh)', async () => {
  const r = run({ estimatedSeconds: 600 }, () => statusOf('STATE_PENDING'));
  r.poller.start();
  await r.clock.advance(5_000);
  r.poller.pollNow();
  await r.clock.advance(0);
  assert.deepEqual(r.times, [5_000]);
  r.poller.stop();
});

test('errors back off exponentially; a Retry-After is honoured, even by pollNow()', async () => {
  const r = run({ estimatedSeconds: 15 }, (n) =>
    n <= 3 ? busy(500) : n === 4 ? busy(429, 30_000) : statusOf('STATE_COMPLETED_SUCCESS'),
  );
  r.poller.start();
  await r.clock.advance(43_000);
  assert.deepEqual(r.times, [10_500, 14_500, 22_500, 38_500]);
  const gaps = r.times.slice(1).map((t, i) => t - r.times[i]!);
  assert.deepEqual(gaps, [4_000, 8_000, 16_000], 'doubling');
  r.poller.pollNow(); // during the server's wait: refused
  await r.clock.advance(20_000);
  assert.equal(r.times.length, 4, 'nothing before Retry-After');
  await r.clock.advance(10_000);
  assert.deepEqual(r.times.slice(4), [68_500], 'exactly when the server allowed it');
  const errors = r.events.filter((e) => e.kind === 'error');
  assert.deepEqual(
    errors.map((e) => e.kind === 'error' && [e.consecutive, e.retryInMs]),
    [
      [1, 4_000],
      [2, 8_000],
      [3, 16_000],
      [4, 32_000],
    ],
  );
  assert.equal(r.events.at(-1)!.kind, 'done');
});

test('an absurd Retry-After (days, or beyond what a timer keeps) is honoured up to the longest gap: at most one request a minute', async () => {
  for (const retryAfterMs of [99_999_999_000, 2 ** 31, 3 * 86_400_000]) {
    const r = run({ estimatedSeconds: 15 }, () => busy(429, retryAfterMs));
    r.poller.start(true);
    await r.clock.advance(10 * 60_000);
    assert.ok(r.times.length <= 11, `${r.times.length} requests in 10 min with Retry-After ${retryAfterMs} ms`);
    assert.ok(r.times.length >= 2, 'still asking now and then');
    const gaps = r.times.slice(1).map((t, i) => t - r.times[i]!);
    assert.ok(
      gaps.every((g) => g === DEFAULT_SCHEDULE.maxIntervalMs),
      gaps.join(', '),
    );
    r.poller.stop();
  }
});

test('a real timer: a router that keeps answering 429 with Retry-After 99999999 gets one request, not a loop', async () => {
  let requests = 0;
  const poller = new StatusPoller(
    async () => {
      requests++;
      throw busy(429, parseRetryAfter('99999999'));
    },
    { startedAt: Date.now(), estimatedSeconds: 15 },
    () => undefined,
  );
  poller.start(true);
  // Real time is the thing under test here: the bug was Node firing an over-long timer after 1 ms.
  await new Promise((r) => setTimeout(r, 1500));
  poller.stop();
  assert.equal(requests, 1);
});

test('404 right after tracking is "not found yet" for the grace period, then the status', async () => {
  const r = run({ estimatedSeconds: 15 }, (n) =>
    n <= 2 ? notFound() : statusOf(n >= 4 ? 'STATE_COMPLETED_ERROR' : 'STATE_PENDING'),
  );
  r.poller.start();
  await r.clock.advance(120_000);
  assert.deepEqual(
    r.events.map((e) => e.kind),
    ['notFoundYet', 'notFoundYet', 'status', 'done'],
  );
  const first = r.events[0]!;
  assert.ok(first.kind === 'notFoundYet' && first.graceLeftMs === 120_000 - 10_500);
  const done = r.events.at(-1)!;
  assert.ok(done.kind === 'done' && done.view.outcome === 'failed');
});

test('a 404 past the grace period stops with notFound (and nothing after)', async () => {
  const r = run({ estimatedSeconds: 15, notFoundGraceMs: 60_000 }, () => notFound());
  r.poller.start();
  await r.clock.advance(600_000);
  assert.equal(r.events.at(-1)!.kind, 'notFound');
  assert.ok(r.times.at(-1)! >= 60_000 && r.times.at(-2)! < 60_000, `last ${r.times.at(-1)}`);
  assert.ok(r.times.length <= 6, `${r.times.length} requests`);
  assert.equal(r.poller.running, false);
  assert.equal(r.clock.pending, 0);
});

test('stop(), dispose() and an aborted signal end polling and abort the request in flight', async () => {
  let aborted = 0;
  const slow = (_n: number, _t: number, signal: AbortSignal) =>
    new Promise<StatusResponse>((_resolve, reject) =>
      signal.addEventListener('abort', () => (aborted++, reject(new Error('aborted')))),
    );
  for (const how of ['stop', 'dispose', 'signal'] as const) {
    const controller = new AbortController();
    const r = run({ estimatedSeconds: 15, signal: controller.signal }, slow);
    r.poller.start();
    await r.clock.advance(11_000);
    assert.equal(r.times.length, 1);
    if (how === 'stop') r.poller.stop();
    else if (how === 'dispose') r.poller.dispose();
    else controller.abort();
    await r.clock.advance(600_000);
    assert.equal(r.times.length, 1, how);
    assert.equal(r.poller.running, false, how);
    assert.equal(r.clock.pending, 0, how);
    assert.deepEqual(r.events, [], `${how}: no event for a cancelled request`);
  }
  assert.equal(aborted, 3);
  const pre = new AbortController();
  pre.abort();
  const never = run({ signal: pre.signal }, () => statusOf('STATE_PENDING'));
  never.poller.start();
  await never.clock.advance(600_000);
  assert.equal(never.times.length, 0, 'an already aborted signal never starts');
});

test('a listener that throws does not stop the polling; a resumed transfer past its first point asks at once', async () => {
  const clock = new ManualClock();
  const times: number[] = [];
  const poller = new StatusPoller(
    async () => {
      times.push(clock.now());
      return statusOf(times.length >= 2 ? 'STATE_COMPLETED_SUCCESS' : 'STATE_PENDING');
    },
    { startedAt: clock.now() - 100_000, estimatedSeconds: 30, clock },
    () => {
      throw new Error('listener bug');
    },
  );
  poller.start();
  await clock.advance(0);
  assert.deepEqual(times, [clock.now()], 'asked at once');
  await clock.advance(60_000);
  assert.equal(times.length, 2);
  assert.equal(poller.running, false);
  assert.equal(poller.last?.view.outcome, 'success');
});
