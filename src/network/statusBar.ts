/**
 * Status bar item: the active network and its latest indexed height. The height is read from /status at a modest
 * interval, only while the window has focus. Activation creates the item and shows the network's name; this class
 * takes it over when the features load (activation loads them for the first read, 1.5 s after start, when the
 * status bar is on and the window focused).
 */
import vscode = require('vscode');
import { errorMessage } from '../core/errors';
import { unencryptedOrigins } from '../core/networks';
import { untrustedMarkdown } from '../platform/markdown';
import { indexerLag, isLoopbackUrl } from '../core/localRollup';
import type { NetworkProfile } from '../core/networks';
import type { Services } from '../platform/services';

export class NetworkStatusBar implements vscode.Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: AbortController | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  private height: string | undefined;
  private problem: string | undefined;
  /** A local rollup's node height, when its profile has REST (the indexer's lag is shown). */
  private nodeHeight: number | undefined;

  constructor(
    private readonly services: Services,
    private readonly item: vscode.StatusBarItem,
  ) {
    this.subscriptions.push(
      services.networks.onDidChange(() => {
        this.height = undefined;
        this.problem = undefined;
        this.nodeHeight = undefined;
        this.render();
        this.schedule(0);
      }),
      vscode.window.onDidChangeWindowState((state) => {
        if (state.focused) this.schedule(0);
        else this.stop();
      }),
      services.settings.onChange(['statusBar.enabled', 'statusBar.refreshSeconds'], () => this.start()),
      // The Blocks view saw a newer block: show it now rather than at the next read.
      services.onDidSeeHeight(({ network, height }) => {
        if (network !== this.services.network.name || height <= Number(this.height ?? 0)) return;
        this.height = String(height);
        this.problem = undefined;
        if (this.enabled) this.render();
      }),
    );
  }

  /** The latest height shown (or known, while the item is off). */
  get shownHeight(): number | undefined {
    return this.height === undefined ? undefined : Number(this.height);
  }

  /** Shows the item and reads the height now (when enabled and focused), then every `refreshSeconds`. */
  start(): void {
    if (!this.enabled) {
      this.stop();
      this.item.hide();
      return;
    }
    this.render();
    this.item.show();
    this.schedule(0);
  }

  private get enabled(): boolean {
    return this.services.settings.get('statusBar.enabled');
  }

  private get intervalMs(): number {
    return this.services.settings.get('statusBar.refreshSeconds') * 1000;
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.enabled || !vscode.window.state.focused) return;
    this.timer = setTimeout(() => void this.refresh(), delayMs);
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.inFlight?.abort();
  }

  /** One /status request (never two at once), then the next one is scheduled. */
  async refresh(): Promise<void> {
    if (this.inFlight) return;
    const ac = new AbortController();
    this.inFlight = ac;
    try {
      const network = this.services.network;
      const status = await this.services.indexer(network).status(ac.signal);
      this.services.noteStatus(network, status); // what capabilities() read: no /status of their own
      this.height = String(status.height);
      this.problem = undefined;
      this.nodeHeight = await this.readNodeHeight(network, ac.signal);
    } catch (err) {
      if (!ac.signal.aborted) this.problem = errorMessage(err);
    } finally {
      this.inFlight = undefined;
      this.render();
      if (!ac.signal.aborted) this.schedule(this.intervalMs);
    }
  }

  /**
   * On a rollup of this computer whose profile has REST, the node's height too (one loopback request per read), so
   * that the item says how far the indexer is behind; never for remote networks.
   */
  private async readNodeHeight(network: NetworkProfile, signal: AbortSignal): Promise<number | undefined> {
    if (!network.restUrl || !isLoopbackUrl(network.indexerUrl) || !isLoopbackUrl(network.restUrl)) return undefined;
    try {
      return await this.services.chain(network)?.latestHeight(signal);
    } catch {
      return undefined;
    }
  }

  /** Blocks the indexer is behind the node, when both heights are known. */
  get lag(): number | undefined {
    return indexerLag(this.height === undefined ? undefined : Number(this.height), this.nodeHeight);
  }

  private render(): void {
    const network = this.services.network;
    const height = this.height ? ` #${Number(this.height).toLocaleString('en-US')}` : '';
    const plain = unencryptedOrigins(network);
    const vm = network.vm ? ` · ${network.vm}` : '';
    const lag = this.lag;
    const behind = lag ? ` ${vscode.l10n.t('({0} behind)', lag.toLocaleString('en-US'))}` : '';
    this.item.text = `$(${this.problem ? 'warning' : 'globe'}) ${network.name}${vm}${height}${behind}${plain.length ? ' $(unlock)' : ''}`;
    const tip = untrustedMarkdown();
    tip.appendText(vscode.l10n.t('Initia network: {0}', network.name));
    if (network.chainId) tip.appendText(` (${network.chainId})`);
    if (network.vm) tip.appendText(`\n\n${vscode.l10n.t('VM: {0}', network.vm)}`);
    tip.appendText(`\n\n${vscode.l10n.t('Indexer: {0}', new URL(network.indexerUrl).origin)}\n\n`);
    tip.appendText(
      `${network.routerUrl ? vscode.l10n.t('Router: {0}', new URL(network.routerUrl).origin) : vscode.l10n.t('Router: none')}\n\n`,
    );
    if (plain.length) tip.appendText(`${vscode.l10n.t('Not encrypted (plain http): {0}', plain.join(', '))}\n\n`);
    if (this.height) tip.appendText(vscode.l10n.t('Latest indexed height: {0}', this.height));
    if (lag !== undefined)
      tip.appendText(
        `\n\n${lag === 0 ? vscode.l10n.t('The indexer is up to date with the node.') : vscode.l10n.t('The indexer is {0} blocks behind the node (at {1}).', lag, this.nodeHeight ?? '?')}`,
      );
    if (this.problem) tip.appendText(vscode.l10n.t('Not answering: {0}', this.problem));
    tip.appendText(`\n\n${vscode.l10n.t('Click to switch network.')}`);
    this.item.tooltip = tip;
    this.item.accessibilityInformation = {
      label: vscode.l10n.t(
        'Initia network {0}{1}{2}',
        network.name + (network.vm ? `, ${network.vm}` : ''),
        this.height ? vscode.l10n.t(', height {0}', this.height) : '',
        plain.length ? vscode.l10n.t(', not encrypted') : '',
      ),
    };
  }

  dispose(): void {
    this.stop();
    vscode.Disposable.from(...this.subscriptions).dispose();
  }
}
