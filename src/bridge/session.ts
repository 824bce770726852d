/**
 * One bridge panel's host side: it wires the panel (platform/webviewPanel.ts: document, CSP, ready queue, the typed
 * request/reply loop) to the bridge service (service.ts: one method per user action over the router, the trust
 * anchors and the transfer tracker). Each op of the protocol's table is one line here; what needs VS Code itself
 * (a JSON document, a file to save or read, the transfer's status document) is done here. It pushes the live quote,
 * the transfer it follows, and the router it talks to when the network changes.
 */
import vscode = require('vscode');
import type { Clock } from '../core/clock';
import { Command } from '../platform/ids';
import type { Hooks } from '../platform/hooks';
import type { Services } from '../platform/services';
import type { TransferTracker } from '../transfers/tracker';
import { PanelHost, commonHandlers, openJsonDocument } from '../platform/webviewPanel';
import { FromWebview, type Args, type OPS, type Handlers, type ToWebview } from './protocol';
import { RecentAddresses } from './addresses';
import { ChainDecimals } from './intent';
import { BridgeAnchors } from './anchors';
import { readSignedHook, saveJson } from './files';
import { BridgeService } from './service';

/** The bridge page: its bundle and style sheet, heading and lead. */
export const BRIDGE_PAGE = {
  name: 'bridge',
  title: 'Initia Bridge',
  lead: 'Route a cross-chain transfer, get the messages to sign, and follow it hop by hop. Keys never reach this extension and nothing is broadcast from here.',
};

export interface SessionDeps {
  context: vscode.ExtensionContext;
  services: Services;
  tracker: TransferTracker;
  clock: Clock;
  hooks?: Hooks;
}

export class BridgeSession implements vscode.Disposable {
  private readonly host: PanelHost<typeof OPS, ToWebview>;
  private readonly service: BridgeService;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    readonly panel: vscode.WebviewPanel,
    deps: SessionDeps,
    /** The restored state could not be read: the next `init` tells the webview to discard it (once). */
    private stateRejected: boolean,
  ) {
    const { services, tracker, clock } = deps;
    this.service = new BridgeService(
      {
        network: () => services.network,
        router: (url, name) => services.router(url, name),
        catalog: (url, name) => services.catalog(url, name),
        chainFacts: (chainId) => services.chainFacts(chainId),
        names: services.names,
        anchors: new BridgeAnchors(services),
        decimals: new ChainDecimals(services),
        tracker,
        addresses: new RecentAddresses(deps.context.globalState),
        clock,
        log: services.log,
        l10n: vscode.l10n,
      },
      { onQuote: () => this.host.post(() => this.service.quoteMessage(), 'quote'), visible: () => panel.visible },
    );
    this.host = new PanelHost<typeof OPS, ToWebview>(panel, {
      extensionUri: deps.context.extensionUri,
      log: services.log,
      page: BRIDGE_PAGE,
      fromWebview: FromWebview,
      handlers: this.handlers,
      hooks: deps.hooks,
      onDocument: (post) => {
        post(() => this.init());
        if (this.service.hasForm) post(() => this.service.quoteMessage(), 'quote');
      },
      onVisibility: (visible) => this.service.setVisible(visible),
    });
    this.service.setVisible(panel.visible);
    this.subscriptions.push(
      tracker.onDidChange((t) => {
        const transfer = this.service.transferChanged(t);
        if (transfer) this.host.post({ type: 'transfer', transfer }, 'transfer');
      }),
      // Another network, another router: the page names it and asks its lists again; the route is asked anew.
      services.networks.onDidChange(() => {
        this.service.networkChanged();
        this.host.post({ type: 'network', defaults: this.service.defaults() }, 'network');
      }),
    );
  }

  private init(): ToWebview {
    const stateRejected = this.stateRejected;
    this.stateRejected = false;
    return { type: 'init', defaults: this.service.defaults(), ...(stateRejected ? { stateRejected } : {}) };
  }

  /** One handler per op of the protocol's table, each the service's use case or a VS Code action. */
  private readonly handlers: Handlers = {
    ...commonHandlers,
    chains: () => this.service.chains(),
    assets: (req) => this.service.assets(req),
    edit: (req) => this.service.edit(req),
    refresh: () => this.service.refresh(),
    opHook: (req) => this.service.opHook(req),
    msgs: (req) => this.service.msgs(req),
    track: (req) => this.service.track(req),
    watch: (req) => this.service.watch(req),
    openJson: (req) => this.openJson(req),
    saveJson: (req) => saveJson(req.what, req.value),
    readSignedHook: () => readSignedHook(),
  };

  /** A JSON document of what the page shows, or the followed transfer's status document. */
  private async openJson(req: Args<'openJson'>): Promise<boolean> {
    if (req.what !== 'status') return openJsonDocument(req.value);
    const w = this.service.watched;
    if (!w) throw new Error(vscode.l10n.t('No transfer is tracked in this panel yet.'));
    await vscode.commands.executeCommand(Command.TransfersOpenStatus, w.chainId, w.txHash);
    return true;
  }

  dispose(): void {
    this.service.dispose();
    this.host.dispose();
    vscode.Disposable.from(...this.subscriptions).dispose();
  }
}
