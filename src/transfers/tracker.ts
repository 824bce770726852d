/**
 * Transfers that outlive the bridge panel, shared by every window: one file per tracked transfer in the profile's
 * global storage (core/router/store.ts; hash, chain, router, route summary, last status, timestamps), read back
 * through the record's schema, refreshed when another window writes (a folder watcher) and when this window gains
 * focus. Each unfinished transfer is polled by one window only, the one holding its lease (core/router/coordinator.ts),
 * with the core's adaptive StatusPoller (one request in flight, nothing after a terminal state); the others show what
 * it writes. Polling resumes after a window reload, the status bar shows transfers in progress, and the polling window
 * announces when they complete or fail. The Transfers view, the status documents and the panel's timeline read here.
 */
import vscode = require('vscode');
import { normaliseTxHash } from '../core/router/client';
import { PollCoordinator } from '../core/router/coordinator';
import {
  claimText,
  isUnfinished,
  needsPolling,
  transferKey,
  type TrackedTransfer,
  type TransferSummary,
} from '../core/router/records';
import { Leases, MAX_TRANSFERS, TransferStore } from '../core/router/store';
import { errorMessage } from '../core/errors';
import { must } from '../core/validate';
import { parseChainId } from '../core/router/inputs';
import { StorageKey } from '../platform/ids';
import type { Services } from '../platform/services';
import { TransferMirror } from './mirror';
import { ClaimTimers, TransfersStatusItem, announceClaimable, announceOutcome } from './notices';
import { pollFor } from './polls';

export { claimText, isUnfinished, transferKey, type TrackedTransfer, type TransferSummary };

export interface TrackRequest {
  txHash: string;
  chainId: string;
  routerUrl: string;
  network: string;
  estimatedSeconds?: number;
  summary?: TransferSummary;
  /** A lossless OP withdrawal: when it becomes claimable on L1 (ms). */
  claimableAt?: number;
  /**
   * A lossless OP withdrawal: recorded here, never registered with the router (core/router/opWithdrawal.ts); followed
   * on the rollup's executor when there is one, else its claim time comes from the finalization period.
   */
  opWithdrawal?: { finalizationSeconds: number; executorUrl?: string; receiver?: string };
}

export class TransferTracker implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TrackedTransfer | undefined>();
  /** Fires with the transfer that changed (undefined: the list changed). */
  readonly onDidChange = this.emitter.event;
  /** Why a registration still waits, when the router does not answer (not the transaction's landing); not stored. */
  private readonly waitingReasons = new Map<string, string>();

  /** Why this transfer's registration is still waiting, if not for its transaction to land ("connection refused"). */
  waitingReason(t: Pick<TrackedTransfer, 'chainId' | 'txHash'>): string | undefined {
    return this.waitingReasons.get(transferKey(t));
  }

  private setWaiting(t: TrackedTransfer, reason: string | undefined): void {
    const key = transferKey(t);
    if (this.waitingReasons.get(key) === reason) return;
    if (reason === undefined) this.waitingReasons.delete(key);
    else this.waitingReasons.set(key, reason);
    this.emitter.fire(t);
  }
  private readonly statusItem: TransfersStatusItem;
  /** This window's copy of the records on disk. */
  private readonly transfers: TransferMirror;
  private readonly claimTimers = new ClaimTimers((key) => void this.announceClaim(key));
  private readonly store: TransferStore | undefined;
  private readonly coordinator: PollCoordinator | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  /** Polling starts with resume() or a first track, never while the features load. */
  private started = false;
  /** Whether the next poller of a key asks at once (a resumed or taken-over transfer) or on its schedule. */
  private readonly immediately = new Map<string, boolean>();
  private pendingFlag: number | undefined;

  constructor(
    private readonly services: Services,
    private readonly memento: vscode.Memento,
    /** The profile's global storage folder (shared by every window): transfers/ and leases/ live here. */
    readonly storageDir: string,
  ) {
    const log = (line: string) => services.log.warn(line);
    try {
      this.store = new TransferStore(storageDir, { log });
      const leases = new Leases(storageDir);
      this.coordinator = new PollCoordinator({
        leases,
        start: (key) => this.startPoller(key),
        onError: (err) => services.log.warn(`Transfer leases: ${errorMessage(err)}`),
      });
    } catch (err) {
      // Transfers are then kept in this window only, for this session.
      services.log.error(`Transfers cannot be stored in ${storageDir}: ${errorMessage(err)}`);
    }
    this.transfers = new TransferMirror(
      this.store,
      log,
      (key) => this.coordinator?.polling(key) ?? false,
      (key) => this.coordinator?.done(key),
    );
    this.statusItem = new TransfersStatusItem();
    this.migrate();
    this.reloadAll();
    this.statusItem.render(this.active());
    const unwatch = this.store?.watch((names) => this.reloadFiles(names));
    if (unwatch) this.disposables.push({ dispose: unwatch });
    this.disposables.push(
      vscode.window.onDidChangeWindowState((state) => {
        if (!state.focused) return;
        this.reloadAll();
        // A focused window that sees unfinished transfers takes part in polling them: if the window that polls one
        // is gone, its lease expires and this one takes it over.
        if (!this.started && this.active().length > 0) {
          this.started = true;
          this.sync();
        }
        if (this.started) this.coordinator?.check();
      }),
    );
  }

  all(): readonly TrackedTransfer[] {
    return [...this.transfers.values()].sort((a, b) => b.trackedAt - a.trackedAt);
  }

  /** What is stored (what another window or a window reload sees). */
  persisted(): readonly TrackedTransfer[] {
    return this.store?.load() ?? this.all();
  }

  get(chainId: string, txHash: string): TrackedTransfer | undefined {
    return this.transfers.get(transferKey({ chainId, txHash }));
  }

  /** Starts polling the unfinished transfers that no other window polls (after a window reload). */
  resume(): void {
    this.started = true;
    this.reloadAll();
    this.sync();
  }

  /**
   * Records a broadcast tx and starts following it; resolves with the record at once. A router transfer is then
   * registered with the router once it has landed (`registered(…)` waits for that); a lossless OP withdrawal is never
   * registered (its claim time is set now and refined by the rollup's executor). Tracking a hash again resumes it.
   */
  async track(req: TrackRequest): Promise<TrackedTransfer> {
    this.started = true;
    const chainId = must(parseChainId(req.chainId), 'Chain');
    const txHash = normaliseTxHash(req.txHash, chainId);
    const existing = this.get(chainId, txHash) ?? this.transfers.reloadOne(chainId, txHash);
    if (existing) {
      if (isUnfinished({ ...existing, watching: true, problem: undefined }) && (!existing.watching || existing.problem))
        this.resumeRecord(existing);
      await this.save(existing);
      return existing;
    }
    const now = Date.now();
    const op = req.opWithdrawal;
    const record: TrackedTransfer = {
      txHash,
      chainId,
      routerUrl: req.routerUrl,
      network: req.network,
      trackedAt: now,
      estimatedSeconds: req.estimatedSeconds,
      summary: req.summary,
      watching: true,
      ...(op
        ? { opWithdrawal: { ...op }, claimableAt: now + op.finalizationSeconds * 1000 }
        : {
            registered: false,
            registerSince: now,
            ...(req.claimableAt !== undefined ? { claimableAt: req.claimableAt } : {}),
          }),
    };
    this.transfers.add(record);
    // With an estimate, nothing can be done before it (the poller waits); without one, ask now to show progress.
    this.immediately.set(transferKey(record), req.estimatedSeconds === undefined);
    this.transfers.write(record);
    // Keep the list bounded: the oldest finished transfers go first.
    try {
      for (const gone of this.store?.evict(MAX_TRANSFERS) ?? []) this.transfers.forget(gone);
    } catch (err) {
      this.services.log.warn(`Transfers: ${errorMessage(err)}`);
    }
    await this.save(undefined);
    return record;
  }

  /**
   * Resolves when the router has accepted the transfer (at once for one it knows, or an OP withdrawal); rejects with
   * the reason when it gave up (the tx did not land within a minute, an unknown chain), and when `signal` aborts
   * (then the transfer is no longer watched: Refresh takes it up again).
   */
  registered(t: TrackedTransfer, signal?: AbortSignal): Promise<TrackedTransfer> {
    const settled = () => {
      const current = this.get(t.chainId, t.txHash) ?? t;
      if (current.problem) return new Error(current.problem);
      return current.registered === false ? undefined : current;
    };
    return new Promise<TrackedTransfer>((resolve, reject) => {
      const check = () => {
        const result = settled();
        if (result === undefined) return false;
        cleanup();
        if (result instanceof Error) reject(result);
        else resolve(result);
        return true;
      };
      const onAbort = () => {
        cleanup();
        const current = this.get(t.chainId, t.txHash);
        if (current && current.registered === false) void this.stopWatching(current);
        reject(new Error(vscode.l10n.t('Stopped waiting for the transaction to land on {0}.', t.chainId)));
      };
      const subscription = this.onDidChange(() => void check());
      const cleanup = () => {
        subscription.dispose();
        signal?.removeEventListener('abort', onAbort);
      };
      if (check()) return;
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Watches a transfer again (a refresh, tracking it again): a registration that gave up gets a new minute. */
  private resumeRecord(t: TrackedTransfer): void {
    t.watching = true;
    t.problem = undefined;
    if (t.registered === false) t.registerSince = Date.now();
    this.immediately.set(transferKey(t), true);
  }

  /** The transfer a command was run for: a Transfers row (carrying its transfer `t`), or its chain id and hash. */
  fromArgs(a: unknown, b: unknown): TrackedTransfer | undefined {
    const row =
      a && typeof a === 'object' && 't' in a ? (a as { t: Pick<TrackedTransfer, 'chainId' | 'txHash'> }).t : undefined;
    if (row) return this.get(row.chainId, row.txHash);
    return typeof a === 'string' && typeof b === 'string' ? this.get(a, b) : undefined;
  }

  /** Asks for the status now (a user's refresh). */
  refresh(t: TrackedTransfer): void {
    this.started = true;
    const key = transferKey(t);
    const poll = this.coordinator?.poll(key) as { running?: boolean; pollNow?: () => void } | undefined;
    if (poll?.running && poll.pollNow) {
      poll.pollNow();
      return;
    }
    this.reloadAll();
    if (isUnfinished({ ...t, watching: true, problem: undefined }) && (!t.watching || t.problem)) {
      this.resumeRecord(t);
      void this.save(t);
    } else {
      this.sync();
    }
  }

  async stopWatching(t: TrackedTransfer): Promise<void> {
    t.watching = false;
    await this.save(t);
  }

  async remove(t: TrackedTransfer): Promise<void> {
    this.transfers.forget(transferKey(t));
    try {
      this.store?.remove(t);
    } catch (err) {
      this.services.log.warn(`Transfers: ${errorMessage(err)}`);
    }
    await this.save(undefined);
  }

  /** Whether a poller is live for this transfer in this window: while false, this window does not ask the router. */
  isPolling(t: Pick<TrackedTransfer, 'chainId' | 'txHash'>): boolean {
    return this.coordinator?.polling(transferKey(t)) ?? false;
  }

  /** In progress: watched and not terminal. */
  active = (): TrackedTransfer[] => this.all().filter(isUnfinished);

  /** Moves what an older version kept in globalState (one array) into files, once. */
  private migrate(): void {
    let legacy: unknown;
    try {
      legacy = this.memento.get<unknown>(StorageKey.Transfers);
      if (legacy === undefined || !this.store) return;
      const { imported, dropped } = this.store.importLegacy(legacy);
      if (imported || dropped)
        this.services.log.info(`Transfers moved to files: ${imported} imported, ${dropped} dropped.`);
      void Promise.resolve(this.memento.update(StorageKey.Transfers, undefined)).catch(() => undefined);
    } catch (err) {
      this.services.log.warn(`Stored transfers could not be moved: ${errorMessage(err)}`);
    }
  }

  /** Polls what needs polling (the coordinator decides which window does). */
  private sync(): void {
    if (this.started) this.coordinator?.want(this.all().filter(needsPolling).map(transferKey));
    this.claimTimers.schedule(this.transfers.values());
  }

  /** Says once (in whichever window gets there first) that a withdrawal can be claimed; the claim is signed elsewhere. */
  private async announceClaim(key: string): Promise<void> {
    const t = this.transfers.get(key);
    if (!t || t.claimAnnounced || t.claimableAt === undefined) return;
    if (t.claimableAt > Date.now()) {
      this.claimTimers.schedule(this.transfers.values());
      return;
    }
    // Another window may have said it already: what is on disk decides.
    const stored = this.store?.read(t);
    if (stored?.claimAnnounced) {
      this.transfers.apply(stored);
      return;
    }
    t.claimAnnounced = true;
    await this.save(t);
    await announceClaimable(t);
  }

  /** Re-reads every record (focus, resume). */
  private reloadAll(): void {
    if (this.transfers.reloadAll()) void this.save(undefined);
  }

  /** Re-reads the files another window (or this one) wrote. */
  private reloadFiles(names: ReadonlySet<string>): void {
    if (this.transfers.reloadFiles(names)) void this.save(undefined);
  }

  private startPoller(key: string) {
    const t = this.transfers.get(key);
    if (!t) return undefined;
    const immediately = this.immediately.get(key) ?? true;
    this.immediately.delete(key);
    return pollFor(t, immediately, {
      services: this.services,
      save: (x) => void this.save(x),
      announce: (x) => announceOutcome(x),
      waiting: (x, reason) => this.setWaiting(x, reason),
    });
  }

  /** Stores `changed` (when given), then brings polling, the status item, the listeners and the reload hint up to date. */
  private async save(changed: TrackedTransfer | undefined): Promise<void> {
    if (changed) this.transfers.write(changed);
    this.sync();
    this.statusItem.render(this.active());
    this.emitter.fire(changed);
    await this.updatePendingFlag();
  }

  /** The shell's hint (globalState) that there are transfers to resume after a reload: how many are unfinished. */
  private async updatePendingFlag(): Promise<void> {
    const n = this.active().length;
    if (this.pendingFlag === n) return;
    this.pendingFlag = n;
    try {
      await this.memento.update(StorageKey.TransfersPending, n);
    } catch {
      // a hint only
    }
  }

  dispose(): void {
    this.claimTimers.dispose();
    // Frees the leases: another window takes over these transfers at its next check.
    this.coordinator?.dispose();
    for (const d of this.disposables) d.dispose();
    this.statusItem.dispose();
    this.emitter.dispose();
  }
}
