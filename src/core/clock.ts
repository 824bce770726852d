/**
 * Time, injected: every timed piece of the core (pollers, quotes, the watch) takes a `Clock`, so that tests run it on
 * `ManualClock` (time moves only when told) and a fast demo on `scaledClock`; the product runs on `systemClock`.
 */
import { timerDelay } from './timers';

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, timerDelay(ms)),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * A clock whose time runs `1 / scale` times faster than `base` (scale 0.01: 100× faster). The poller keeps thinking
 * in nominal milliseconds, so a fake router at `timeScale` 0.01 and a poller on `scaledClock(0.01)` agree.
 */
export function scaledClock(scale: number, base: Clock = systemClock): Clock {
  if (!(scale > 0)) throw new RangeError('scale must be > 0');
  const origin = base.now();
  return {
    now: () => origin + (base.now() - origin) / scale,
    setTimeout: (fn, ms) => base.setTimeout(fn, ms * scale),
    clearTimeout: (h) => base.clearTimeout(h),
  };
}

/** A clock that moves only when told to: timers fire in order as `advance` passes them. */
export class ManualClock implements Clock {
  private time: number;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();

  constructor(start = 1_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Timers waiting. */
  get pending(): number {
    return this.timers.size;
  }

  /**
   * Moves time forward by `ms`, firing due timers in order. After each, `settle` is awaited (by default a few turns
   * of the event loop) so that promise chains started by the timer, including real I/O, can schedule the next one.
   */
  async advance(ms: number, settle: () => Promise<void> = () => turns(3)): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.timers)
        if (
          entry[1].at <= end &&
          (!next || entry[1].at < next[1].at || (entry[1].at === next[1].at && entry[0] < next[0]))
        )
          next = entry;
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = next[1].at;
      next[1].fn();
      await settle();
    }
    this.time = end;
  }
}

async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise<void>((r) => setImmediate(r));
}
