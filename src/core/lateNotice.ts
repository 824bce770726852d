/**
 * A notice for work that turns out slow: shown only when the work is still running after a delay. A lookup answered
 * in a few milliseconds then flashes no notification (and the workbench is not made to build one while it opens the
 * document), and one that takes a while still says so and can be cancelled. Pure: the delay runs on a `Clock`.
 */
import type { Clock } from './clock';

/** How long work runs before its notice is shown (VS Code's own delayed notifications wait about as long). */
export const LATE_NOTICE_MS = 500;

/**
 * Calls `show` once if `work` has not settled `delayMs` after this call; never after it settled. Returns a function
 * that gives up the notice (it is not shown if it was not yet).
 */
export function noticeWhenLate(work: PromiseLike<unknown>, show: () => void, clock: Clock, delayMs = LATE_NOTICE_MS) {
  let pending = true;
  const timer = clock.setTimeout(() => {
    if (pending) {
      pending = false;
      show();
    }
  }, delayMs);
  const settle = () => {
    pending = false;
    clock.clearTimeout(timer);
  };
  work.then(settle, settle);
  return settle;
}
