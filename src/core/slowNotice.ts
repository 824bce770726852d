/**
 * Progress that shows only when the work is slow: a lookup that answers within `afterMs` never flashes a notification
 * (and costs the workbench nothing to draw and take down); one that takes longer gets its notice then, with the work
 * it is about. Timed on the injected clock.
 */
import type { Clock } from './clock';

/** `work`, with `show(work)` called once if it has not settled `afterMs` after this call; never after it settled. */
export function noticeIfSlow<T>(
  work: Promise<T>,
  clock: Clock,
  afterMs: number,
  show: (work: Promise<T>) => void,
): Promise<T> {
  let pending = true;
  const timer = clock.setTimeout(() => {
    if (pending) show(work);
  }, afterMs);
  const settled = () => {
    pending = false;
    clock.clearTimeout(timer);
  };
  work.then(settled, settled);
  return work;
}
