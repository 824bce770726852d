/**
 * What every poller of the core shares, on the injected clock (core/clock.ts): `OneTimer`, at most one timer that
 * setting again replaces, and `TimedPoll`, a poll with one timer, at most one request in flight (aborted by stop())
 * and a listener whose bug cannot stop it. The pollers (the router's status, the landing registration, the OP
 * executor's watch) say only when to ask and what an answer means; the watch scheduler uses `OneTimer`.
 */
import { systemClock, type Clock } from './clock';
import { timerDelay } from './timers';

/** At most one timer: `set` replaces the one pending; `at` is when it fires (clock time). */
export class OneTimer {
  private handle: unknown;
  /** When the pending timer fires, while one is pending. */
  at: number | undefined;

  constructor(private readonly clock: Clock) {}

  get pending(): boolean {
    return this.handle !== undefined;
  }

  /** Runs `fn` after `ms` (through timerDelay), instead of the timer pending; returns the wait. */
  set(ms: number, fn: () => void): number {
    this.clear();
    const wait = timerDelay(ms);
    this.at = this.clock.now() + wait;
    this.handle = this.clock.setTimeout(() => {
      this.handle = undefined;
      this.at = undefined;
      fn();
    }, wait);
    return wait;
  }

  clear(): void {
    if (this.handle !== undefined) this.clock.clearTimeout(this.handle);
    this.handle = undefined;
    this.at = undefined;
  }
}

/** Calls a listener; its exception is swallowed, so that it cannot stop the poll that told it. */
export function tellSafely<E>(listener: (event: E) => void, event: E): void {
  try {
    listener(event);
  } catch {
    // a listener's bug must not stop the poll
  }
}

/**
 * A poll: `begin(ms)` starts it, `plan(ms)` sets the next tick, `tick(signal)` is the subclass's request (never two
 * at once), stop() clears the timer and aborts the request in flight. Stopped until begun.
 */
export abstract class TimedPoll {
  protected readonly clock: Clock;
  private readonly timer: OneTimer;
  private controller: AbortController | undefined;
  protected stopped = true;

  constructor(clock: Clock = systemClock) {
    this.clock = clock;
    this.timer = new OneTimer(clock);
  }

  /** Polling: started and not stopped. */
  get running(): boolean {
    return !this.stopped;
  }

  /** When the next request is due (clock time), while one is scheduled. */
  get nextPollAt(): number | undefined {
    return this.timer.at;
  }

  /** A request is in flight. */
  protected get inFlight(): boolean {
    return this.controller !== undefined;
  }

  protected begin(ms: number): void {
    this.stopped = false;
    this.plan(ms);
  }

  stop(): void {
    this.stopped = true;
    this.timer.clear();
    this.controller?.abort();
    this.controller = undefined;
  }

  /** The next tick in `ms` (none once stopped); returns the wait. */
  protected plan(ms: number): number {
    if (this.stopped) return 0;
    return this.timer.set(ms, () => void this.run());
  }

  /** One request: `signal` aborts when the poll stops. */
  protected abstract tick(signal: AbortSignal): Promise<void>;

  private async run(): Promise<void> {
    if (this.stopped || this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    try {
      await this.tick(controller.signal);
    } finally {
      if (this.controller === controller) this.controller = undefined;
    }
  }
}
