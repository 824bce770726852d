/**
 * A cancellable progress notification for work already under way, shown only when it is still running after
 * LATE_NOTICE_MS (core/lateNotice.ts): a quick answer flashes nothing, a slow one says what it is waiting for and can
 * be stopped from the notification.
 */
import vscode = require('vscode');
import { systemClock, type Clock } from '../core/clock';
import { noticeWhenLate } from '../core/lateNotice';

/** `work`, with its notification if it is late; cancelling the notification calls `cancel`. */
export function progressWhenLate<T>(title: string, work: Promise<T>, cancel: () => void, clock: Clock = systemClock) {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  noticeWhenLate(
    settled,
    () =>
      void vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title, cancellable: true },
        (_progress, token) => {
          const sub = token.onCancellationRequested(cancel);
          return settled.finally(() => sub.dispose());
        },
      ),
    clock,
  );
  return work;
}
