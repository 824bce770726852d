/**
 * The deadlines of the requests in flight, on one timer (http.ts: each request's total deadline). A timer per request
 * costs more than the request's own work around it: Node drops a timer list once it is empty and makes it again for
 * the next timer of that length, so one request after another each scheduled and cancelled a timer (some 20 µs per
 * request in a running program; `npm run bench -- client`). Here a deadline is an entry in a set: the one timer is
 * set for the earliest deadline, and when it fires it ends what is due and is set again for the next, if any. A
 * deadline cancelled before its time leaves the timer as it is (it finds nothing due). Times are monotonic: a change
 * of the system's clock moves no deadline.
 */
import type { Clock } from './clock';
import { systemClock } from './clock';

interface Entry {
  at: number;
  expire: () => void;
}

/** The system's timers on a monotonic time (performance.now()), for the deadlines of requests. */
const monotonic: Clock = {
  now: () => performance.now(),
  setTimeout: systemClock.setTimeout,
  clearTimeout: systemClock.clearTimeout,
};

export class Deadlines {
  private readonly pending = new Set<Entry>();
  private timer: unknown;
  /** When the timer is set to fire (Infinity: not set). */
  private armedAt = Number.POSITIVE_INFINITY;

  /** `onError`: what an ending that throws becomes (by default thrown on its own, as a timer of its own would). */
  constructor(
    private readonly clock: Clock = monotonic,
    private readonly onError: (err: unknown) => void = (err) =>
      queueMicrotask(() => {
        throw err;
      }),
  ) {}

  /** Deadlines not yet reached nor cancelled. */
  get size(): number {
    return this.pending.size;
  }

  /**
   * Calls `expire` once, `ms` from now, unless the function returned is called first (it cancels). A negative or
   * not-a-number `ms` is now; `Infinity` is never.
   */
  add(ms: number, expire: () => void): () => void {
    const entry: Entry = { at: this.clock.now() + (ms > 0 ? ms : 0), expire };
    this.pending.add(entry);
    if (entry.at < this.armedAt) this.arm(entry.at);
    return () => void this.pending.delete(entry);
  }

  private arm(at: number): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.armedAt = at;
    this.timer = this.clock.setTimeout(() => this.fire(), at - this.clock.now());
    // Nothing to wait for once the requests are gone: the timer alone keeps no program running.
    (this.timer as { unref?: () => void } | null)?.unref?.();
  }

  private fire(): void {
    this.timer = undefined;
    this.armedAt = Number.POSITIVE_INFINITY;
    const now = this.clock.now();
    const due: Entry[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const entry of this.pending) {
      if (entry.at <= now) due.push(entry);
      else if (entry.at < next) next = entry.at;
    }
    for (const entry of due) this.pending.delete(entry);
    if (next !== Number.POSITIVE_INFINITY) this.arm(next);
    for (const entry of due) {
      try {
        entry.expire();
      } catch (err) {
        this.onError(err); // without keeping the other deadlines from ending
      }
    }
  }
}

/** The deadlines of every request in flight (the HTTP layer's and the fetch transport's), on one timer. */
export const requestDeadlines = new Deadlines();
