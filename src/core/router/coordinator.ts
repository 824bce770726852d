/**
 * Which window polls which transfer. Every window (extension host) runs one coordinator over the same lease folder;
 * for each transfer that needs polling it tries to take the lease (store.ts `Leases`): the one that gets it polls,
 * renewing the lease every `renewMs` (20 s; it lasts 60 s); the others only show what the polling window writes and
 * try again on a slow timer (`checkMs`, 30 s) and whenever `check()` is called (the window gains focus). A window
 * that closes releases its leases (another takes them at its next check); one that dies leaves them to expire.
 * Pure: no vscode, the clock injected (the bench runs three on one folder on a virtual clock).
 */
import { systemClock, type Clock } from '../clock';
import type { Leases } from './store';

/** A running poll of one transfer (a StatusPoller). */
export interface Poll {
  readonly running: boolean;
  stop(): void;
}

interface CoordinatorOptions {
  leases: Leases;
  /** Starts polling `key`, whose lease this window now holds; undefined: nothing to poll after all. */
  start(key: string): Poll | undefined;
  clock?: Clock;
  /** How often held leases are renewed (ms, default 20 s). */
  renewMs?: number;
  /** How often leases this window does not hold are tried again (ms, default 30 s). */
  checkMs?: number;
  /** A lease could not be read or written (a full disk, …). */
  onError?: (err: unknown) => void;
}

export class PollCoordinator {
  private readonly wanted = new Set<string>();
  private readonly polls = new Map<string, Poll>();
  private readonly clock: Clock;
  private renewTimer: unknown;
  private checkTimer: unknown;
  private disposed = false;

  constructor(private readonly options: CoordinatorOptions) {
    this.clock = options.clock ?? systemClock;
  }

  /** Whether this window polls `key` now. */
  polling(key: string): boolean {
    return this.polls.get(key)?.running === true;
  }

  /** The poll this window runs for `key`, if any. */
  poll(key: string): Poll | undefined {
    return this.polls.get(key);
  }

  /** The transfers that need polling (by some window). Polls those whose lease it gets; stops and releases the rest. */
  want(keys: Iterable<string>): void {
    if (this.disposed) return;
    const next = new Set(keys);
    for (const key of [...this.polls.keys()]) if (!next.has(key)) this.done(key);
    this.wanted.clear();
    for (const key of next) this.wanted.add(key);
    this.check();
  }

  /** Tries to take the leases of wanted transfers this window does not poll (free, released or expired ones). */
  check(): void {
    if (this.disposed) return;
    for (const key of this.wanted) {
      const current = this.polls.get(key);
      if (current?.running) continue;
      if (current) this.done(key);
      try {
        if (!this.options.leases.acquire(key)) continue;
      } catch (err) {
        this.options.onError?.(err);
        continue;
      }
      const poll = this.options.start(key);
      if (poll?.running) this.polls.set(key, poll);
      else this.release(key);
    }
    this.schedule();
  }

  /** The poll of `key` ended (terminal, unknown) or is no longer wanted here: stop it and free the lease. */
  done(key: string): void {
    const poll = this.polls.get(key);
    this.polls.delete(key);
    poll?.stop();
    this.release(key);
  }

  /** Stops polling and frees every lease (the window closes: others take over at their next check). */
  dispose(): void {
    this.disposed = true;
    if (this.renewTimer !== undefined) this.clock.clearTimeout(this.renewTimer);
    if (this.checkTimer !== undefined) this.clock.clearTimeout(this.checkTimer);
    for (const key of [...this.polls.keys()]) this.done(key);
    this.wanted.clear();
  }

  private release(key: string): void {
    try {
      this.options.leases.release(key);
    } catch (err) {
      this.options.onError?.(err);
    }
  }

  private renew(): void {
    for (const [key, poll] of [...this.polls]) {
      if (!poll.running) {
        this.done(key);
        continue;
      }
      let ours = false;
      try {
        ours = this.options.leases.renew(key);
      } catch (err) {
        this.options.onError?.(err);
        ours = true; // could not write: keep polling, the lease may still be ours
      }
      if (!ours) {
        // Another window took it over (this one was away too long): it polls now.
        this.polls.delete(key);
        poll.stop();
      }
    }
  }

  /** Timers run only while there is something to renew or to wait for. */
  private schedule(): void {
    if (this.disposed) return;
    if (this.polls.size > 0 && this.renewTimer === undefined) {
      this.renewTimer = this.clock.setTimeout(() => {
        this.renewTimer = undefined;
        this.renew();
        this.schedule();
      }, this.options.renewMs ?? 20_000);
    }
    const waiting = [...this.wanted].some((k) => !this.polls.has(k));
    if (waiting && this.checkTimer === undefined) {
      this.checkTimer = this.clock.setTimeout(() => {
        this.checkTimer = undefined;
        try {
          this.options.leases.sweep();
        } catch {
          // best effort
        }
        this.check();
      }, this.options.checkMs ?? 30_000);
    }
  }
}
