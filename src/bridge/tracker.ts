/**
 * Transfers that outlive the bridge panel: tracked transfers are persisted in globalState (hash, chain, router,
 * route summary, last status, timestamps), polled in the background by the core's adaptive StatusPoller (one
 * request in flight per transfer, nothing after a terminal state), resumed after a window reload, shown in the
 * status bar while any is in progress, and announced when they complete or fail. The Transfers view and the panel's
 * timeline read from here.
 */
import * as vscode from 'vscode';
import type { HopView, TransferView } from '../core/router/transfer';
import { StatusPoller } from '../core/router/poller';
import { normaliseTxHash } from '../core/router/client';
import { errorMessage } from '../core/errors';
import { shorten } from '../core/format';
import { Command, StorageKey, ViewId } from '../platform/ids';
import type { Services } from '../platform/services';

const MAX_TRANSFERS = 100;

/** A tracked transfer that is still being followed: watched, not terminal, known to the router. */
export function isUnfinished(t: Pick<TrackedTransfer, 'watching' | 'last' | 'problem'>): boolean {
  return t.watching && !t.last?.terminal && !t.problem;
}

export interface TransferSummary {
  sourceChainId?: string;
  destChainId?: string;
  amountIn?: string;
  sourceDenom?: string;
  amountOut?: string;
  destDenom?: string;
  hops?: number;
}

export interface TrackedTransfer {
  /** As registered with the router (cosmos: upper-case hex; EVM: 0x lower-case). */
  txHash: string;
  chainId: string;
  routerUrl: string;
  network: string;
  trackedAt: number;
  estimatedSeconds?: number;
  summary?: TransferSummary;
  explorerLink?: string;
  watching: boolean;
  last?: {
    state: string;
    outcome: TransferView['outcome'];
    terminal: boolean;
    hops: HopView[];
    error?: string;
    release?: TransferView['release'];
    updatedAt: number;
    /** The raw status answer, for the JSON document. */
    raw?: unknown;
  };
  /** Why polling stopped without a terminal state (the router never knew it, …). */
  problem?: string;
}

export const transferKey = (t: Pick<TrackedTransfer, 'chainId' | 'txHash'>) => `${t.chainId}:${t.txHash}`;

export interface TrackRequest {
  txHash: string;
  chainId: string;
  routerUrl: string;
  network: string;
  estimatedSeconds?: number;
  summary?: TransferSummary;
}

export class TransferTracker implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TrackedTransfer | undefined>();
  /** Fires with the transfer that changed (undefined: the list changed). */
  readonly onDidChange = this.emitter.event;
  private readonly pollers = new Map<string, StatusPoller>();
  private readonly statusItem: vscode.StatusBarItem;
  private transfers: TrackedTransfer[];

  constructor(
    private readonly services: Services,
    private readonly memento: vscode.Memento,
  ) {
    this.transfers = memento.get<TrackedTransfer[]>(StorageKey.Transfers, []);
    this.statusItem = vscode.window.createStatusBarItem('initia.transfers', vscode.StatusBarAlignment.Left, 49);
    this.statusItem.name = vscode.l10n.t('Initia Transfers');
    this.statusItem.command = `${ViewId.Transfers}.focus`;
    this.renderStatusItem();
  }

  all(): readonly TrackedTransfer[] {
    return this.transfers;
  }

  /** What is stored in globalState (what a window reload brings back). */
  persisted(): readonly TrackedTransfer[] {
    return this.memento.get<TrackedTransfer[]>(StorageKey.Transfers, []);
  }

  get(chainId: string, txHash: string): TrackedTransfer | undefined {
    return this.transfers.find((t) => t.chainId === chainId && t.txHash === txHash);
  }

  /** Restarts polling for every unfinished transfer that is watched (after a window reload). */
  resume(): void {
    for (const t of this.transfers) if (isUnfinished(t)) this.startPolling(t, true);
  }

  /** Registers a broadcast tx with the router (once) and starts watching it. */
  async track(req: TrackRequest, signal?: AbortSignal): Promise<TrackedTransfer> {
    const txHash = normaliseTxHash(req.txHash, req.chainId);
    const existing = this.get(req.chainId, txHash);
    if (existing) {
      if (!existing.last?.terminal) {
        existing.watching = true;
        existing.problem = undefined;
        this.startPolling(existing, true);
      }
      await this.save(existing);
      return existing;
    }
    const ack = await this.services.router(req.routerUrl, req.network).track(txHash, req.chainId, signal);
    const record: TrackedTransfer = {
      txHash,
      chainId: req.chainId,
      routerUrl: req.routerUrl,
      network: req.network,
      trackedAt: Date.now(),
      estimatedSeconds: req.estimatedSeconds,
      summary: req.summary,
      explorerLink: ack.explorer_link ?? undefined,
      watching: true,
    };
    this.transfers.unshift(record);
    // Keep the list bounded: the oldest finished transfers go first.
    while (this.transfers.length > MAX_TRANSFERS) {
      const i = this.transfers.map((t) => !!t.last?.terminal || !t.watching).lastIndexOf(true);
      if (i < 0) break;
      this.transfers.splice(i, 1);
    }
    await this.save(undefined);
    // With an estimate, nothing can be done before it (the poller waits); without one, ask now to show progress.
    this.startPolling(record, req.estimatedSeconds === undefined);
    return record;
  }

  /** Asks for the status now (a user's refresh). */
  refresh(t: TrackedTransfer): void {
    const poller = this.pollers.get(transferKey(t));
    if (poller) poller.pollNow();
    else if (!t.last?.terminal) {
      t.watching = true;
      t.problem = undefined;
      this.startPolling(t, true);
    }
  }

  async stopWatching(t: TrackedTransfer): Promise<void> {
    this.pollers.get(transferKey(t))?.stop();
    this.pollers.delete(transferKey(t));
    t.watching = false;
    await this.save(t);
  }

  async remove(t: TrackedTransfer): Promise<void> {
    this.pollers.get(transferKey(t))?.stop();
    this.pollers.delete(transferKey(t));
    this.transfers = this.transfers.filter((x) => x !== t);
    await this.save(undefined);
  }

  /** Whether a poller is live for this transfer: while false, nothing asks the router about it (for tests). */
  isPolling(t: Pick<TrackedTransfer, 'chainId' | 'txHash'>): boolean {
    return this.pollers.get(transferKey(t))?.running === true;
  }

  /** In progress: watched and not terminal. */
  active(): TrackedTransfer[] {
    return this.transfers.filter(isUnfinished);
  }

  private startPolling(t: TrackedTransfer, immediately: boolean): void {
    const key = transferKey(t);
    this.pollers.get(key)?.stop();
    const poller = new StatusPoller(
      // One poll is one request: the poller itself backs off and honours Retry-After.
      (signal) => this.services.router(t.routerUrl, t.network).status(t.txHash, t.chainId, signal, { retry: false }),
      // Without a route estimate (a hash tracked on its own) nothing says when it can be done: ask every few seconds
      // from the start, easing off, instead of waiting for a guessed end.
      { startedAt: t.trackedAt, estimatedSeconds: t.estimatedSeconds, ...(t.estimatedSeconds === undefined ? { schedule: { firstAt: 0 } } : {}) },
      (event) => {
        switch (event.kind) {
          case 'status':
          case 'done':
            t.last = {
              state: event.view.state,
              outcome: event.view.outcome,
              terminal: event.view.terminal,
              hops: event.view.hops,
              error: event.view.error,
              release: event.view.release,
              updatedAt: Date.now(),
              raw: event.status,
            };
            t.problem = undefined;
            if (event.kind === 'done') {
              this.pollers.delete(key);
              this.announce(t);
            }
            break;
          case 'notFoundYet':
            break;
          case 'notFound':
            this.pollers.delete(key);
            t.problem = vscode.l10n.t('The router does not know this transaction ({0}). Check the hash and chain, then track it again.', errorMessage(event.error));
            void vscode.window.showWarningMessage(vscode.l10n.t('Initia: transfer {0} is unknown to the router.', shorten(t.txHash, 8, 6)));
            break;
          case 'error':
            this.services.log.warn(`Transfer ${t.txHash}: ${errorMessage(event.error)} (next try in ${Math.round(event.retryInMs / 1000)} s)`);
            break;
        }
        void this.save(t);
      },
    );
    this.pollers.set(key, poller);
    poller.start(immediately);
    this.renderStatusItem();
  }

  private announce(t: TrackedTransfer): void {
    const details = vscode.l10n.t('Show Details');
    const name = shorten(t.txHash, 8, 6);
    const route = t.summary?.sourceChainId && t.summary.destChainId ? ` (${t.summary.sourceChainId} → ${t.summary.destChainId})` : '';
    const outcome = t.last?.outcome;
    const show =
      outcome === 'success'
        ? vscode.window.showInformationMessage(vscode.l10n.t('Initia: transfer {0}{1} completed.', name, route), details)
        : vscode.window.showWarningMessage(
            outcome === 'abandoned'
              ? vscode.l10n.t('Initia: the router abandoned tracking transfer {0}{1}.', name, route)
              : vscode.l10n.t('Initia: transfer {0}{1} failed: {2}', name, route, t.last?.error ?? t.last?.state ?? ''),
            details,
          );
    void show.then((choice) => {
      if (choice === details) void vscode.commands.executeCommand(Command.TransfersOpenStatus, t.chainId, t.txHash);
    });
  }

  private async save(changed: TrackedTransfer | undefined): Promise<void> {
    this.renderStatusItem();
    this.emitter.fire(changed);
    await this.memento.update(StorageKey.Transfers, this.transfers);
  }

  private renderStatusItem(): void {
    const active = this.active();
    if (active.length === 0) {
      this.statusItem.hide();
      return;
    }
    const first = active[0]!;
    const hops = first.last?.hops ?? [];
    const done = hops.filter((h) => h.outcome === 'done').length;
    const total = first.summary?.hops ?? hops.length;
    const failing = active.some((t) => t.last?.outcome === 'failing');
    this.statusItem.text =
      active.length === 1
        ? `$(sync~spin) ${vscode.l10n.t('Transfer {0}/{1}', done, total || '?')}`
        : `$(sync~spin) ${vscode.l10n.t('{0} transfers', active.length)}`;
    this.statusItem.tooltip = active.map((t) => `${shorten(t.txHash, 8, 6)}: ${t.last?.state ?? vscode.l10n.t('registered, waiting for the first status')}`).join('\n');
    this.statusItem.backgroundColor = failing ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.statusItem.show();
  }

  dispose(): void {
    for (const p of this.pollers.values()) p.stop();
    this.pollers.clear();
    this.statusItem.dispose();
    this.emitter.dispose();
  }
}
