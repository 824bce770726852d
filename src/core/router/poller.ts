/**
 * Polls a transfer's status until it reaches a terminal state, asking as little as it can while still noticing the
 * end about as soon as a 1 s poller would (docs/performance.md budget: ≤ 1/5 of the requests of @skip-go/client's
 * `waitForTransaction`, which polls every 1000 ms, and terminal detection no more than 2 s later at the median).
 *
 * The schedule is driven by the route's estimated duration E, counted from `startedAt` (when the tx was tracked):
 *  - before 0.7·E nothing is likely to be over: no request, except one early check 10 s in for long routes
 *    (E ≥ 60 s: is the tx known? did it fail at once?), and at most `maxIntervalMs` (60 s) apart;
 *  - from 0.7·E to E the gaps shrink geometrically towards the expected end (35 % of the time left, ≥ 3 s), so an
 *    early finish is still seen within a few seconds;
 *  - after E it asks every 2 s, easing off slowly (+5 % of the time past E, at most 60 s), so a late transfer or an
 *    abandonment (the router gives up after 10–30 min) is seen without hammering.
 * Without an estimate (a pasted hash) the first request comes after 3 s. `scheduleDelay` is the pure function; its
 * figures against a 1 s poller are the bench's (`npm run bench -- polling`, test/unit/routerBudget.test.ts).
 *
 * Also:
 *  - at most one request in flight; the next is scheduled only when the previous has answered;
 *  - errors back off exponentially (4 s, 8 s, … 60 s); a 429/503 `Retry-After` is honoured (no request before it,
 *    not even pollNow());
 *  - a 404 ("tx not found") right after tracking is normal: it keeps asking for a grace period (counted from
 *    tracking or from this poller's start, whichever is later), then reports `notFound` and stops;
 *  - it stops at a terminal state (0 requests after), on stop()/dispose(), or when `signal` aborts (the request in
 *    flight is aborted too).
 * The clock is injected (core/clock.ts): tests run it on `ManualClock`, a fast demo on `scaledClock`.
 */
import { isNotFound } from '../errors';
import type { StatusResponse } from './schemas';
import { transferView, type TransferView } from './transfer';
import { systemClock, type Clock } from '../clock';
import { TimedPoll, tellSafely } from '../timedPoll';

interface Schedule {
  /** Fraction of the estimate before which nothing is asked (but the early check). */
  firstAt: number;
  /** Before the expected end: the next gap is this share of the time left… */
  approach: number;
  /** …but at least this (ms). */
  minGapMs: number;
  /** From the expected end on: the gap (ms)… */
  denseIntervalMs: number;
  /** …plus this share of the time already past the expected end. */
  lateGrowth: number;
  /** The longest gap, everywhere (ms). */
  maxIntervalMs: number;
  /** One early request this long after tracking (ms)… */
  earlyCheckMs: number;
  /** …for routes estimated to take at least this long (ms). */
  earlyCheckFromMs: number;
}

export const DEFAULT_SCHEDULE: Schedule = {
  firstAt: 0.7,
  approach: 0.35,
  minGapMs: 3000,
  denseIntervalMs: 2000,
  lateGrowth: 0.05,
  maxIntervalMs: 60_000,
  earlyCheckMs: 10_000,
  earlyCheckFromMs: 60_000,
};

/**
 * The wait (ms) before the next request, `elapsedMs` after tracking, for a route estimated at `estimateMs`,
 * after `polls` requests so far. 0 means ask now (e.g. resuming a transfer that is already past its first point).
 */
export function scheduleDelay(
  elapsedMs: number,
  estimateMs: number,
  polls: number,
  s: Schedule = DEFAULT_SCHEDULE,
): number {
  const e = Math.max(0, estimateMs);
  const first = Math.max(s.minGapMs, s.firstAt * e);
  if (polls === 0 && e >= s.earlyCheckFromMs && elapsedMs < s.earlyCheckMs) return s.earlyCheckMs - elapsedMs;
  if (elapsedMs < first) return Math.min(s.maxIntervalMs, first - elapsedMs);
  if (polls === 0) return 0;
  const left = e - elapsedMs;
  const gap =
    left > 0
      ? Math.min(left + s.denseIntervalMs, Math.max(s.minGapMs, s.approach * left))
      : s.denseIntervalMs + s.lateGrowth * -left;
  return Math.min(s.maxIntervalMs, gap);
}

export interface PollerOptions {
  /** When the transfer was tracked, in the clock's time (default: now). */
  startedAt?: number;
  /** The route's `estimated_route_duration_seconds`, when known (default: a first look after 3 s, then as for 30 s). */
  estimatedSeconds?: number;
  clock?: Clock;
  /** Overrides of the schedule (`denseIntervalMs`, `maxIntervalMs`, …). */
  schedule?: Partial<Schedule>;
  /** Shorthand for `schedule.denseIntervalMs`. */
  denseIntervalMs?: number;
  /** Shorthand for `schedule.maxIntervalMs`. */
  maxIntervalMs?: number;
  /** How long 404s are taken as "not tracked yet" (default: the larger of 2 min and twice the estimate). */
  notFoundGraceMs?: number;
  /** First backoff after an error (ms, default 4000); doubles per consecutive error up to `maxIntervalMs`. */
  errorBackoffMs?: number;
  /** Aborting it stops the poller, like stop(). */
  signal?: AbortSignal;
}

export type PollEvent =
  | { kind: 'status'; view: TransferView; status: StatusResponse; nextPollInMs: number }
  | { kind: 'notFoundYet'; retryInMs: number; graceLeftMs: number }
  | { kind: 'error'; error: unknown; retryInMs: number; consecutive: number }
  | { kind: 'notFound'; error: unknown }
  | { kind: 'done'; view: TransferView; status: StatusResponse };

type StatusFetcher = (signal: AbortSignal) => Promise<StatusResponse>;

const DEFAULT_ESTIMATE_S = 30;

export class StatusPoller extends TimedPoll {
  private readonly schedule: Schedule;
  private readonly startedAt: number;
  private ended = false;
  private failures = 0;
  /** No request before this time (a Retry-After). */
  private notBefore = 0;
  private graceFrom = 0;
  private readonly onAbort = (): void => this.stop();
  /** Requests sent so far. */
  requests = 0;
  /** Requests that answered with a status (the last one terminal when the poller ended on it). */
  answers = 0;
  /** The last status answer. */
  last: { view: TransferView; status: StatusResponse; at: number } | undefined;

  constructor(
    private readonly fetchStatus: StatusFetcher,
    private readonly options: PollerOptions,
    private readonly onEvent: (event: PollEvent) => void,
  ) {
    super(options.clock ?? systemClock);
    this.startedAt = options.startedAt ?? this.clock.now();
    this.schedule = {
      ...DEFAULT_SCHEDULE,
      ...options.schedule,
      ...(options.denseIntervalMs !== undefined ? { denseIntervalMs: options.denseIntervalMs } : {}),
      ...(options.maxIntervalMs !== undefined ? { maxIntervalMs: options.maxIntervalMs } : {}),
    };
  }

  private get estimateMs(): number {
    return (this.options.estimatedSeconds ?? DEFAULT_ESTIMATE_S) * 1000;
  }

  private get grace(): number {
    return this.options.notFoundGraceMs ?? Math.max(120_000, 2 * this.estimateMs);
  }

  /** Starts polling: at the schedule's next point, or at once with `immediately` (a resumed transfer, a refresh). */
  start(immediately = false): void {
    if (this.ended || !this.stopped) return;
    if (this.options.signal?.aborted) return;
    this.stopped = false;
    this.options.signal?.addEventListener('abort', this.onAbort, { once: true });
    this.graceFrom = Math.max(this.startedAt, this.clock.now());
    this.begin(immediately ? 0 : this.nextDelay());
  }

  /** Asks now (a user's refresh), unless a request is in flight or the server asked to wait (Retry-After). */
  pollNow(): void {
    if (this.stopped || this.inFlight) return;
    this.plan(0);
  }

  override stop(): void {
    super.stop();
    this.options.signal?.removeEventListener('abort', this.onAbort);
  }

  dispose(): void {
    this.stop();
  }

  /**
   * The delay before the next request on the normal schedule. Without an estimate (a pasted hash: it may be an old,
   * finished transfer) the first request comes after the minimum gap, then the schedule of a 30 s route.
   */
  nextDelay(): number {
    const elapsed = this.clock.now() - this.startedAt;
    if (this.options.estimatedSeconds === undefined && this.requests === 0)
      return Math.max(0, this.schedule.minGapMs - elapsed);
    return scheduleDelay(elapsed, this.estimateMs, this.requests, this.schedule);
  }

  /** The next request in `ms`, but not before a Retry-After. */
  protected override plan(ms: number): number {
    return super.plan(Math.max(0, ms, this.notBefore - this.clock.now()));
  }

  private finish(): void {
    this.ended = true;
    this.stop();
  }

  protected async tick(signal: AbortSignal): Promise<void> {
    this.requests++;
    try {
      const status = await this.fetchStatus(signal);
      if (this.stopped) return;
      this.failures = 0;
      this.answers++;
      this.graceFrom = Math.max(this.graceFrom, this.clock.now()); // a later 404 gets a fresh grace
      const view = transferView(status);
      this.last = { view, status, at: this.clock.now() };
      if (view.terminal) {
        this.finish();
        tellSafely(this.onEvent, { kind: 'done', view, status });
        return;
      }
      const wait = this.plan(this.nextDelay());
      tellSafely(this.onEvent, { kind: 'status', view, status, nextPollInMs: wait });
    } catch (err) {
      if (this.stopped || signal.aborted) return;
      this.failed(err);
    }
  }

  private failed(err: unknown): void {
    const e = err as { retryAfterMs?: unknown };
    // Honoured up to the schedule's longest gap: a router asking for days is asked again within a minute.
    const retryAfter =
      typeof e.retryAfterMs === 'number' && e.retryAfterMs > 0
        ? Math.min(e.retryAfterMs, this.schedule.maxIntervalMs)
        : 0;
    if (retryAfter > 0) this.notBefore = this.clock.now() + retryAfter;
    if (isNotFound(err)) {
      const graceLeft = this.graceFrom + this.grace - this.clock.now();
      if (graceLeft > 0) {
        this.failures++;
        const wait = this.plan(Math.max(this.nextDelay(), this.backoff()));
        tellSafely(this.onEvent, { kind: 'notFoundYet', retryInMs: wait, graceLeftMs: graceLeft });
      } else {
        this.finish();
        tellSafely(this.onEvent, { kind: 'notFound', error: err });
      }
      return;
    }
    this.failures++;
    const wait = this.plan(Math.max(this.backoff(), retryAfter, this.nextDelay()));
    tellSafely(this.onEvent, { kind: 'error', error: err, retryInMs: wait, consecutive: this.failures });
  }

  private backoff(): number {
    const base = this.options.errorBackoffMs ?? 2 * this.schedule.denseIntervalMs;
    return Math.min(this.schedule.maxIntervalMs, base * 2 ** Math.min(this.failures - 1, 10));
  }
}
