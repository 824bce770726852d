/**
 * What the user is told of tracked transfers outside the Transfers view: the status bar item while some are in
 * progress, a notification when one completes or fails, and one when a lossless OP withdrawal can be claimed (a timer
 * each, until then). The tracker decides when; this file says it.
 */
import vscode = require('vscode');
import { failureWords } from '../core/router/transfer';
import { transferKey, type TrackedTransfer } from '../core/router/records';
import { stateWords } from '../core/router/transferText';
import { timerDelay } from '../core/timers';
import { absoluteTime, shorten } from '../core/format';
import { Command, ViewId } from '../platform/ids';

/** " (source → destination)" when the transfer's summary names both chains. */
function routeWords(t: TrackedTransfer): string {
  return t.summary?.sourceChainId && t.summary.destChainId
    ? ` (${t.summary.sourceChainId} → ${t.summary.destChainId})`
    : '';
}

function openStatus(t: TrackedTransfer): void {
  void vscode.commands.executeCommand(Command.TransfersOpenStatus, t.chainId, t.txHash);
}

/** Says that a transfer completed, failed or was abandoned by the router, with a way to its status document. */
export function announceOutcome(t: TrackedTransfer): void {
  const details = vscode.l10n.t('Show Details');
  const name = shorten(t.txHash, 8, 6);
  const route = routeWords(t);
  const outcome = t.last?.outcome;
  const show =
    outcome === 'success'
      ? vscode.window.showInformationMessage(vscode.l10n.t('Initia: transfer {0}{1} completed.', name, route), details)
      : vscode.window.showWarningMessage(
          outcome === 'abandoned'
            ? vscode.l10n.t('Initia: the router abandoned tracking transfer {0}{1}.', name, route)
            : vscode.l10n.t(
                'Initia: transfer {0}{1} failed{2}.',
                name,
                route,
                failureWords(t.last?.error, t.last?.state ?? ''),
              ),
          details,
        );
  void show.then((choice) => {
    if (choice === details) openStatus(t);
  });
}

/** Says that a withdrawal can be claimed; the claim is signed elsewhere. */
export async function announceClaimable(t: TrackedTransfer): Promise<void> {
  const details = vscode.l10n.t('Show Details');
  const choice = await vscode.window.showInformationMessage(
    vscode.l10n.t(
      'Initia: withdrawal {0}{1} can now be claimed on {2}. Claim it with your wallet: the claim is signed outside this extension.',
      shorten(t.txHash, 8, 6),
      routeWords(t),
      t.summary?.destChainId ?? 'L1',
    ),
    details,
  );
  if (choice === details) openStatus(t);
}

/**
 * A timer per lossless OP withdrawal not yet announced as claimable (timerDelay caps a long wait: it re-arms), set
 * again when its claim time moves (the executor says when the withdrawal was in a block).
 */
export class ClaimTimers {
  private readonly timers = new Map<string, { timer: ReturnType<typeof setTimeout>; at: number }>();

  constructor(private readonly due: (key: string) => void) {}

  schedule(transfers: Iterable<TrackedTransfer>): void {
    for (const t of transfers) {
      const key = transferKey(t);
      const armed = this.timers.get(key);
      if (t.claimableAt === undefined || t.claimAnnounced || !t.watching) {
        if (armed) clearTimeout(armed.timer);
        this.timers.delete(key);
        continue;
      }
      if (armed?.at === t.claimableAt) continue;
      if (armed) clearTimeout(armed.timer);
      const timer = setTimeout(
        () => {
          this.timers.delete(key);
          this.due(key);
        },
        timerDelay(t.claimableAt - Date.now()),
      );
      this.timers.set(key, { timer, at: t.claimableAt });
    }
  }

  dispose(): void {
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}

/** The status bar item: shown while transfers are in progress, the first one's hops done, a warning when one fails. */
export class TransfersStatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('initia.transfers', vscode.StatusBarAlignment.Left, 49);

  constructor() {
    this.item.name = vscode.l10n.t('Initia Transfers');
    this.item.command = `${ViewId.Transfers}.focus`;
  }

  render(active: readonly TrackedTransfer[]): void {
    if (active.length === 0) {
      this.item.hide();
      return;
    }
    const first = active[0]!;
    const hops = first.last?.hops ?? [];
    const done = hops.filter((h) => h.outcome === 'done').length;
    const total = first.summary?.hops ?? hops.length;
    const failing = active.some((t) => t.last?.outcome === 'failing');
    this.item.text =
      active.length === 1
        ? `$(sync~spin) ${vscode.l10n.t('Transfer {0}/{1}', done, total || '?')}`
        : `$(sync~spin) ${vscode.l10n.t('{0} transfers', active.length)}`;
    this.item.tooltip = active
      .map((t) => `${shorten(t.txHash, 8, 6)}: ${stateWords(t, Date.now(), (ms) => absoluteTime(ms))}`)
      .join('\n');
    this.item.backgroundColor = failing ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}
