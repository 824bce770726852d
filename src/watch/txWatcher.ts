/**
 * "Watch until it is in": follows transactions the user just broadcast until the indexer has them (core/watch.ts
 * schedules the requests: one in flight for every watch together, at most one a second, backing off; the node first
 * when the profile has its endpoint). The status bar shows "waiting for 0x12…ab (4 s)" (or how many, and the
 * oldest's wait) while any is watched; a click lists them, to stop one or all. When a watch ends a notification says
 * success or the failure reason in words, with Explain; at the time limit it says what the node saw, and names
 * `weave rollup indexer start` when the node has the transaction but the indexer does not. Started from a terminal
 * link, the hover, Look Up or **Initia: Watch Transaction…**; nothing is asked before or after.
 */
import vscode = require('vscode');
import { WatchScheduler, type Watch, type WatchEnd, type WatchSource } from '../core/watch';
import { askIndexer, askNode, watchedHash, type WatchedHash } from '../core/watchChecks';
import { errorMessage } from '../core/errors';
import { labelText, shorten } from '../core/format';
import type { NetworkProfile } from '../core/networks';
import { INDEXER_START_COMMAND } from '../core/localRollup';
import type { Services } from '../platform/services';
import { Command } from '../platform/ids';

export interface WatchEnded {
  watch: Watch;
  end: WatchEnd;
  /** The notification's text (for tests and the log). */
  message?: string;
}

export class TxWatcher implements vscode.Disposable {
  private readonly scheduler: WatchScheduler;
  private readonly targets = new Map<number, { network: NetworkProfile; target: WatchedHash }>();
  private item: vscode.StatusBarItem | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private readonly ended = new vscode.EventEmitter<WatchEnded>();
  /** A watch ended (found, timed out or stopped). */
  readonly onDidEnd = this.ended.event;
  /** The ends so far (for tests). */
  readonly ends: WatchEnded[] = [];
  constructor(private readonly services: Services) {
    this.scheduler = new WatchScheduler({
      timeLimitMs: () => services.settings.get('watch.timeLimitSeconds') * 1000,
      check: (watch, source, signal) => this.check(watch, source, signal),
      onChange: () => this.render(),
      onEnd: (watch, end) => this.finish(watch, end),
      onError: (watch, source, err) =>
        this.services.log.warn(`Watch ${watch.hash}: the ${source} did not answer: ${errorMessage(err)}`),
    });
  }

  /** The transactions being watched. */
  get watches(): Watch[] {
    return this.scheduler.watches;
  }

  /** Requests made by every watch so far (for tests and the bench). */
  get requests(): number {
    return this.scheduler.requests;
  }

  /** Whether a request or a timer is pending (false once every watch has ended). */
  get busy(): boolean {
    return this.scheduler.busy;
  }

  /** The status bar item's text, or undefined when nothing is watched. */
  get statusText(): string | undefined {
    return this.item && this.scheduler.watches.length > 0 ? this.item.text : undefined;
  }

  /**
   * Starts watching a hash on a network (the active one by default): checked first (a bad hash is a sentence and no
   * request), then the one scheduler takes it. Resolves to the watch, or undefined when the hash is not one.
   */
  async watch(input: string, network: NetworkProfile = this.services.network): Promise<Watch | undefined> {
    const evmNetwork = await this.services.capabilities(network, 'evm').then(
      (c) => c.evm,
      () => network.vm === 'minievm',
    );
    const target = watchedHash(input, evmNetwork);
    if ('error' in target) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Initia: cannot watch that: {0}', target.error));
      return undefined;
    }
    const node = target.evm ? !!network.jsonRpcUrl : !!network.restUrl;
    const watch = this.scheduler.add({ hash: target.hash, network: network.name, node });
    this.targets.set(watch.id, { network, target });
    this.services.log.info(`Watching ${target.hash} on ${network.name} (${node ? 'node and indexer' : 'indexer'})`);
    this.render();
    return watch;
  }

  stop(id: number): boolean {
    return this.scheduler.cancel(id);
  }

  stopAll(): void {
    this.scheduler.cancelAll();
  }

  private async check(watch: Watch, source: WatchSource, signal: AbortSignal) {
    const known = this.targets.get(watch.id);
    if (!known) throw new Error('unknown watch');
    const { network, target } = known;
    if (source === 'node') {
      const node = this.services.chain(network);
      if (!node) throw new Error('no node endpoint');
      return askNode(node, target, signal);
    }
    return askIndexer(this.services.indexer(network), target, signal);
  }

  private render(): void {
    const watches = this.scheduler.watches;
    if (watches.length === 0) {
      if (this.ticker) clearInterval(this.ticker);
      this.ticker = undefined;
      this.item?.hide();
      return;
    }
    if (!this.item) {
      this.item = vscode.window.createStatusBarItem('initia.watch', vscode.StatusBarAlignment.Left, 49);
      this.item.name = vscode.l10n.t('Initia Watched Transactions');
      this.item.command = Command.WatchShow;
    }
    // A timer for the seconds shown only (no request): stopped when the last watch ends.
    this.ticker ??= setInterval(() => this.render(), 1000);
    const now = Date.now();
    const oldest = watches[0]!;
    const seconds = Math.max(0, Math.round((now - oldest.startedAt) / 1000));
    const short = (w: Watch) => shorten(w.hash, 4, 2);
    this.item.text =
      watches.length === 1
        ? oldest.seen
          ? vscode.l10n.t(
              '$(sync~spin) {0} in block {1}, indexing ({2} s)',
              short(oldest),
              oldest.seen.height ?? '?',
              seconds,
            )
          : vscode.l10n.t('$(sync~spin) waiting for {0} ({1} s)', short(oldest), seconds)
        : vscode.l10n.t('$(sync~spin) waiting for {0} transactions ({1} s)', watches.length, seconds);
    this.item.tooltip = watches
      .map(
        (w) =>
          `${w.hash} · ${w.network}${w.seen ? ` · ${vscode.l10n.t('the node has it')}` : ''}${w.lastError ? ` · ${labelText(w.lastError, 120)}` : ''}`,
      )
      .concat(vscode.l10n.t('Click to stop watching.'))
      .join('\n');
    this.item.show();
  }

  private finish(watch: Watch, end: WatchEnd): void {
    const known = this.targets.get(watch.id);
    this.targets.delete(watch.id);
    const network = known?.network.name ?? watch.network;
    const hash = watch.hash;
    const short = shorten(hash, hash.startsWith('0x') ? 8 : 6, 6);
    let message: string | undefined;
    const explain = vscode.l10n.t('Explain');
    const open = vscode.l10n.t('Open JSON');
    const again = vscode.l10n.t('Watch Again');
    if (end.kind === 'found') {
      const o = end.outcome;
      const block = o.height !== undefined ? vscode.l10n.t(' in block {0}', o.height) : '';
      if (o.ok) {
        message = vscode.l10n.t('Transaction {0} succeeded{1} on {2}.', short, block, network);
        void vscode.window.showInformationMessage(message, explain, open).then((c) => this.act(c, hash, explain, open));
      } else {
        const code =
          o.code !== undefined
            ? ` (${[vscode.l10n.t('code {0}', o.code), o.codespace].filter(Boolean).join(', ')})`
            : '';
        message = vscode.l10n.t(
          'Transaction {0} failed{1} on {2}: {3}{4}.',
          short,
          block,
          network,
          labelText(o.reason ?? vscode.l10n.t('no reason given'), 300),
          code,
        );
        void vscode.window.showWarningMessage(message, explain, open).then((c) => this.act(c, hash, explain, open));
      }
    } else if (end.kind === 'timeout') {
      const minutes = Math.round((watch.deadline - watch.startedAt) / 60_000);
      const waited =
        minutes >= 1
          ? vscode.l10n.t('{0} min', minutes)
          : vscode.l10n.t('{0} s', Math.round((watch.deadline - watch.startedAt) / 1000));
      message = vscode.l10n.t('Transaction {0} is still not indexed by {1} after {2}.', short, network, waited);
      if (end.seen) {
        const outcome =
          end.seen.ok === false
            ? vscode.l10n.t('failed: {0}', labelText(end.seen.reason ?? '?', 200))
            : vscode.l10n.t('succeeded');
        message += ` ${vscode.l10n.t('The node has it in block {0} ({1}): its indexer is behind or not running (`{2}` starts a local one).', end.seen.height ?? '?', outcome, INDEXER_START_COMMAND)}`;
      } else if (end.lastError) message += ` ${vscode.l10n.t('Last error: {0}', labelText(end.lastError, 300))}`;
      else message += ` ${vscode.l10n.t('Check that it was broadcast to this network.')}`;
      const network_ = vscode.l10n.t('Select Network');
      void vscode.window.showWarningMessage(message, again, network_).then((c) => {
        if (c === again && known) void this.watch(hash, known.network);
        else if (c === network_) void vscode.commands.executeCommand(Command.SelectNetwork);
      });
    }
    if (message) this.services.log.info(`Watch ${hash}: ${message}`);
    const ended = { watch, end, message };
    this.ends.push(ended);
    this.ended.fire(ended);
    this.render();
  }

  private act(choice: string | undefined, hash: string, explain: string, open: string): void {
    if (choice === explain) void vscode.commands.executeCommand(Command.ExplainTransaction, hash);
    else if (choice === open) void vscode.commands.executeCommand(Command.LookupTransaction, hash);
  }

  /** The status item's click: the watches, to stop one or all. */
  async show(): Promise<void> {
    const watches = this.scheduler.watches;
    if (watches.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No transaction is being watched.'));
      return;
    }
    type Item = vscode.QuickPickItem & { id?: number };
    const now = Date.now();
    const items: Item[] = watches.map((w) => ({
      label: `$(close) ${w.hash}`,
      description: `${w.network} · ${Math.round((now - w.startedAt) / 1000)} s`,
      detail: w.seen
        ? vscode.l10n.t('The node has it in block {0}; waiting for the indexer.', w.seen.height ?? '?')
        : w.lastError
          ? labelText(w.lastError, 200)
          : vscode.l10n.t('Not known yet.'),
      id: w.id,
    }));
    if (watches.length > 1) items.push({ label: vscode.l10n.t('$(close-all) Stop watching all') });
    const picked = await vscode.window.showQuickPick(items, {
      placeHolder: vscode.l10n.t('Choose a transaction to stop watching'),
    });
    if (!picked) return;
    if (picked.id === undefined) this.stopAll();
    else this.stop(picked.id);
  }

  dispose(): void {
    this.scheduler.dispose();
    if (this.ticker) clearInterval(this.ticker);
    this.item?.dispose();
    this.ended.dispose();
  }
}

/**
 * Initia: Watch Transaction (its handler; watch/loader.ts registers it): resolves to the watch started (its id and
 * hash), or undefined.
 */
export async function watchCommand(
  watcher: TxWatcher,
  services: Services,
  hash?: unknown,
  networkName?: unknown,
): Promise<Watch | undefined> {
  let input = typeof hash === 'string' ? hash : undefined;
  input ??= await vscode.window.showInputBox({
    title: vscode.l10n.t('Initia: Watch Transaction'),
    prompt: vscode.l10n.t('The hash of a transaction you just broadcast: the extension asks until the indexer has it.'),
    placeHolder: vscode.l10n.t('64 hexadecimal digits, 0x for an EVM transaction'),
    validateInput: (v) => {
      const parsed = watchedHash(v, false);
      return 'error' in parsed ? parsed.error : undefined;
    },
    ignoreFocusOut: true,
  });
  if (!input) return undefined;
  const network = typeof networkName === 'string' ? services.networks.byName(networkName) : services.network;
  if (!network) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Initia: there is no network named "{0}".', String(networkName)));
    return undefined;
  }
  return watcher.watch(input.trim(), network);
}
