/**
 * Polls a transfer's status until it reaches a terminal state, asking as little as it can:
 *  - at most one request in flight; the next is scheduled only when the previous has answered;
 *  - before the route's expected end (tracked-at + estimated duration) nothing can be done yet: it asks sparsely
 *    (at the expected end, or every `maxIntervalMs` for long transfers such as OP withdrawals);
 *  - from the expected end on, densely (`denseIntervalMs`) for a while, then easing off geometrically;
 *  - errors back off exponentially, and a 429/503 `Retry-After` is honoured;
 *  - a 404 ("tx not found") right after tracking is normal: it keeps asking on schedule for a grace period;
 *  - it stops at a terminal state, on stop(), or when the grace period runs out with the router still not knowing it.
 * The clock is injected, so tests run it on a fake one.
 */
import { isNotFound } from '../errors';
import type { StatusResponse } from './schemas';
import { transferView, type TransferView } from './transfer';

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface PollerOptions {
  /** When the transfer was tracked (ms since epoch). */
  startedAt: number;
  /** The route's estimated duration, when known. */
  estimatedSeconds?: number;
  clock?: Clock;
  denseIntervalMs?: number;
  maxIntervalMs?: number;
  /** How long a 404 is taken as "not tracked yet" (default: the larger of 2 min and twice the estimate). */
  notFoundGraceMs?: number;
}

export type PollEvent =
  | { kind: 'status'; view: TransferView; status: StatusResponse }
  | { kind: 'notFoundYet' }
  | { kind: 'error'; error: unknown; retryInMs: number }
  | { kind: 'notFound'; error: unknown }
  | { kind: 'done'; view: TransferView; status: StatusResponse };

export type StatusFetcher = (signal: AbortSignal) => Promise<StatusResponse>;

const DEFAULT_ESTIMATE_S = 30;

export class StatusPoller {
  private readonly clock: Clock;
  private timer: unknown;
  private controller: AbortController | undefined;
  private stopped = false;
  private failures = 0;
  private afterEndPolls = 0;
  private inFlight = false;
  /** Requests sent so far. */
  requests = 0;

  constructor(
    private readonly fetchStatus: StatusFetcher,
    private readonly options: PollerOptions,
    private readonly onEvent: (event: PollEvent) => void,
  ) {
    this.clock = options.clock ?? systemClock;
  }

  private get expectedEnd(): number {
    return this.options.startedAt + (this.options.estimatedSeconds ?? DEFAULT_ESTIMATE_S) * 1000;
  }

  private get dense(): number {
    return this.options.denseIntervalMs ?? 2000;
  }

  private get max(): number {
    return this.options.maxIntervalMs ?? 60_000;
  }

  private get grace(): number {
    return this.options.notFoundGraceMs ?? Math.max(120_000, 2 * (this.options.estimatedSeconds ?? DEFAULT_ESTIMATE_S) * 1000);
  }

  get running(): boolean {
    return !this.stopped;
  }

  /** Starts polling (the first request at the schedule's first point; `immediately` asks once right away). */
  start(immediately = false): void {
    this.stopped = false;
    this.schedule(immediately ? 0 : this.nextDelay());
  }

  /** Asks now (a user's refresh), unless a request is already in flight. */
  pollNow(): void {
    if (this.stopped || this.inFlight) return;
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.controller?.abort();
    this.controller = undefined;
  }

  /** The delay before the next request on the normal schedule. */
  nextDelay(): number {
    const now = this.clock.now();
    const untilEnd = this.expectedEnd - now;
    if (untilEnd > 0) return Math.min(untilEnd, this.max);
    // Dense for a while after the expected end (as long again as the estimate, at least 30 s), then easing off.
    const denseFor = Math.max(30_000, (this.options.estimatedSeconds ?? DEFAULT_ESTIMATE_S) * 1000);
    if (-untilEnd < denseFor) return this.dense;
    return Math.min(this.max, this.dense * 1.5 ** Math.min(++this.afterEndPolls, 12));
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      void this.tick();
    }, Math.max(0, ms));
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.inFlight) return;
    this.inFlight = true;
    const controller = new AbortController();
    this.controller = controller;
    this.requests++;
    try {
      const status = await this.fetchStatus(controller.signal);
      if (this.stopped) return;
      this.failures = 0;
      const view = transferView(status);
      if (view.terminal) {
        this.stopped = true;
        this.onEvent({ kind: 'done', view, status });
        return;
      }
      this.onEvent({ kind: 'status', view, status });
      this.schedule(this.nextDelay());
    } catch (err) {
      if (this.stopped || controller.signal.aborted) return;
      if (isNotFound(err)) {
        if (this.clock.now() - this.options.startedAt < this.grace) {
          this.onEvent({ kind: 'notFoundYet' });
          this.schedule(Math.max(this.nextDelay(), this.dense));
        } else {
          this.stopped = true;
          this.onEvent({ kind: 'notFound', error: err });
        }
        return;
      }
      this.failures++;
      const backoff = Math.min(this.max, this.dense * 2 ** Math.min(this.failures, 8));
      const retryAfter = (err as { retryAfterMs?: unknown }).retryAfterMs;
      const wait = Math.max(backoff, typeof retryAfter === 'number' ? retryAfter : 0, this.nextDelay());
      this.onEvent({ kind: 'error', error: err, retryInMs: wait });
      this.schedule(wait);
    } finally {
      this.inFlight = false;
      if (this.controller === controller) this.controller = undefined;
    }
  }
}
