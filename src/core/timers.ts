/**
 * Timer delays that always mean what they say. Node runs a timer whose delay is above 2³¹−1 ms (about 24.8 days),
 * or not a number, after 1 ms: a server's absurd `Retry-After` would turn into a request loop. Every delay the core
 * schedules goes through `timerDelay`.
 */

/** The longest delay a Node timer keeps. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** The longest `Retry-After` honoured: a server that asks for more is asked again after this. */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** `ms` as a delay a timer keeps: 0 for negative or not-a-number values, at most MAX_TIMER_MS. */
export function timerDelay(ms: number): number {
  if (Number.isNaN(ms) || ms <= 0) return 0;
  return Math.min(MAX_TIMER_MS, ms);
}
