/**
 * The transfers' status documents: `initia-transfer:` addresses, read-only, the router's last answer for a tracked
 * transfer as JSON (with what the tracker knows of it), updated as the transfer goes; and the command that opens one
 * (from a Transfers row or the bridge panel's timeline).
 */
import vscode = require('vscode');
import { shorten } from '../core/format';
import type { Register } from '../platform/commandTable';
import { Command, Scheme } from '../platform/ids';
import type { TrackedTransfer, TransferTracker } from './tracker';

const TRANSFER_SCHEME = Scheme.Transfer;

/** `initia-transfer:/<chain>/<hash>.json`: the last status the router gave for a tracked transfer. */
export class TransferDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly tracker: TransferTracker) {
    this.subscription = tracker.onDidChange((t) => {
      for (const doc of vscode.workspace.textDocuments) {
        if (doc.uri.scheme !== TRANSFER_SCHEME) continue;
        if (!t || doc.uri.toString() === TransferDocuments.uri(t).toString()) this.emitter.fire(doc.uri);
      }
    });
  }

  /** A short tab title ("transfer 9F9F9F…A7.json"); the chain and the whole hash travel in the query. */
  static uri(t: Pick<TrackedTransfer, 'chainId' | 'txHash'>): vscode.Uri {
    return vscode.Uri.from({
      scheme: TRANSFER_SCHEME,
      path: `/transfer ${shorten(t.txHash.replace(/^0x/i, ''), 6, 4)}.json`,
      query: JSON.stringify({ c: t.chainId, h: t.txHash }),
    });
  }

  /** The transfer a status document's address names (its query; the older path form is read too). */
  private target(uri: vscode.Uri): { chainId: string; txHash: string } | undefined {
    try {
      const q = JSON.parse(uri.query) as { c?: unknown; h?: unknown };
      if (typeof q.c === 'string' && typeof q.h === 'string') return { chainId: q.c, txHash: q.h };
    } catch {
      // not the query form
    }
    const m = /^\/([^/]+)\/([^/]+)\.json$/.exec(uri.path);
    return m ? { chainId: m[1]!, txHash: m[2]! } : undefined;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const target = this.target(uri);
    const t = target ? this.tracker.get(target.chainId, target.txHash) : undefined;
    if (!t) return `${JSON.stringify({ error: 'This transfer is not tracked (any more).' }, null, 2)}\n`;
    const doc = {
      tx_hash: t.txHash,
      chain_id: t.chainId,
      router: t.routerUrl,
      tracked_at: new Date(t.trackedAt).toISOString(),
      watching: t.watching,
      ...(t.problem ? { problem: t.problem } : {}),
      // Waiting for the tx to land before the router takes it; an OP withdrawal is followed without the router.
      ...(t.registered === false ? { registered: false } : {}),
      ...(t.opWithdrawal
        ? {
            op_withdrawal: {
              ...t.opWithdrawal,
              claimable_at: t.claimableAt === undefined ? null : new Date(t.claimableAt).toISOString(),
            },
          }
        : {}),
      summary: t.summary ?? null,
      explorer_link: t.explorerLink ?? null,
      last_update: t.last ? new Date(t.last.updatedAt).toISOString() : null,
      status: t.last?.raw ?? null,
    };
    return `${JSON.stringify(doc, null, 2)}\n`;
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }
}

export function registerTransferDocumentCommands(tracker: TransferTracker, register: Register): vscode.Disposable[] {
  return [
    register(Command.TransfersOpenStatus, async (a?: unknown, b?: unknown) => {
      const t = tracker.fromArgs(a, b);
      if (!t) return undefined;
      const uri = TransferDocuments.uri(t);
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.languages.setTextDocumentLanguage(doc, 'json');
      await vscode.window.showTextDocument(doc, { preview: true });
      return uri;
    }),
  ];
}
