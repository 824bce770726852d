/**
 * Status bar item: the active network and its latest indexed height. The height is read from /status at a modest
 * interval, only while the window has focus; nothing is fetched during activation (the first read is deferred).
 */
import * as vscode from 'vscode';
import { errorMessage } from '../core/errors';
import type { Services } from '../services';

const FIRST_READ_DELAY_MS = 1500;

export class NetworkStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: AbortController | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  private height: string | undefined;
  private problem: string | undefined;

  constructor(private readonly services: Services) {
    this.item = vscode.window.createStatusBarItem('initia.network', vscode.StatusBarAlignment.Left, 50);
    this.item.name = vscode.l10n.t('Initia Network');
    this.item.command = 'initia.selectNetwork';
    this.subscriptions.push(
      this.item,
      services.networks.onDidChange(() => {
        this.height = undefined;
        this.problem = undefined;
        this.render();
        this.schedule(0);
      }),
      vscode.window.onDidChangeWindowState((state) => {
        if (state.focused) this.schedule(0);
        else this.stop();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('initia.statusBar')) this.start();
      }),
    );
  }

  start(): void {
    if (!this.enabled) {
      this.stop();
      this.item.hide();
      return;
    }
    this.render();
    this.item.show();
    this.schedule(FIRST_READ_DELAY_MS);
  }

  private get enabled(): boolean {
    return vscode.workspace.getConfiguration('initia').get<boolean>('statusBar.enabled', true);
  }

  private get intervalMs(): number {
    return Math.max(10, vscode.workspace.getConfiguration('initia').get<number>('statusBar.refreshSeconds', 30)) * 1000;
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
      const status = await this.services.indexer().status(ac.signal);
      this.height = String(status.height);
      this.problem = undefined;
    } catch (err) {
      if (!ac.signal.aborted) this.problem = errorMessage(err);
    } finally {
      this.inFlight = undefined;
      this.render();
      if (!ac.signal.aborted) this.schedule(this.intervalMs);
    }
  }

  private render(): void {
    const network = this.services.network;
    const height = this.height ? ` #${Number(this.height).toLocaleString('en-US')}` : '';
    this.item.text = `$(${this.problem ? 'warning' : 'globe'}) ${network.name}${height}`;
    const tip = new vscode.MarkdownString(undefined, true);
    tip.appendText(vscode.l10n.t('Initia network: {0}', network.name));
    if (network.chainId) tip.appendText(` (${network.chainId})`);
    tip.appendText(`\n\n${network.indexerUrl}\n\n`);
    if (this.height) tip.appendText(vscode.l10n.t('Latest indexed height: {0}', this.height));
    if (this.problem) tip.appendText(vscode.l10n.t('Not answering: {0}', this.problem));
    tip.appendText(`\n\n${vscode.l10n.t('Click to switch network.')}`);
    this.item.tooltip = tip;
    this.item.accessibilityInformation = {
      label: vscode.l10n.t('Initia network {0}{1}', network.name, this.height ? vscode.l10n.t(', height {0}', this.height) : ''),
    };
  }

  dispose(): void {
    this.stop();
    vscode.Disposable.from(...this.subscriptions).dispose();
  }
}
