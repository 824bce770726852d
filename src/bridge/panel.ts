/**
 * The bridge panel's host side: creates (or restores, after a reload) the webview with a strict CSP (html.ts:
 * default-src 'none', scripts by nonce from dist/webview, styles from media/ and the component library's one
 * nonce-stamped style element), answers the webview's typed requests (one handler per op of protocol.ts's table,
 * each returning that op's reply type) by calling the router (every HTTP call happens here), sends view models rather than router data, and pushes live updates of the transfer it tracks. Every message
 * it posts waits for the webview's `ready` (ReadyQueue), and again after the webview's document is recreated.
 */
import * as vscode from 'vscode';
import type { RouterClient } from '../core/router/client';
import { normaliseTxHash } from '../core/router/client';
import { Route, type Asset } from '../core/router/schemas';
import { BridgeState, FromWebview, problemText, type Handlers, type Request, type ToWebview } from './protocol';
import { ReadyQueue } from './readyQueue';
import { bridgeHtml } from './html';
import { formErrors, formErrorsText, msgsSummary, routeErrorText, routeView, transferInfo } from './viewModels';
import { errorMessage } from '../core/errors';
import { openExternalUrl } from '../platform/links';
import { unencryptedOrigins } from '../core/networks';
import { Command, StorageKey, WebviewType } from '../platform/ids';
import type { Services } from '../platform/services';
import type { TransferTracker } from './tracker';

const ADDRESSES_KEY = StorageKey.BridgeAddresses;

function nonce(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64').replace(/[^A-Za-z0-9]/g, '');
}

/** Whether a state VS Code restored is unreadable (no state at all is not: the webview never saved one). */
export function isRejectedState(state: unknown): boolean {
  return state !== undefined && state !== null && !BridgeState.safeParse(state).success;
}

/** How the messages to one panel's webview stand (for tests and the log). */
export interface Delivery {
  readonly ready: boolean;
  /** Posted, waiting for the webview's `ready`. */
  readonly held: number;
  readonly sent: number;
}

export class BridgePanels implements vscode.Disposable {
  private readonly sessions = new Set<BridgeSession>();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly services: Services,
    private readonly tracker: TransferTracker,
  ) {}

  /** Shows the bridge panel (a new one, or the open one). */
  open(): vscode.WebviewPanel {
    const existing = [...this.sessions][0];
    if (existing) {
      existing.panel.reveal();
      return existing.panel;
    }
    const panel = vscode.window.createWebviewPanel(WebviewType.Bridge, vscode.l10n.t('Initia Bridge'), vscode.ViewColumn.Active, this.options());
    this.attach(panel, false);
    return panel;
  }

  /**
   * Re-attaches a panel VS Code restored after a reload. The webview gets its state back through getState; the
   * same state comes here, as VS Code stored it, and is checked with the same schema: when it cannot be read the
   * panel opens fresh, says so, and tells the webview to discard it.
   */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    const rejected = isRejectedState(state);
    panel.webview.options = this.options();
    this.attach(panel, rejected);
    if (rejected) {
      this.services.log.warn('Bridge: the restored panel state could not be read; the panel opened fresh');
      void vscode.window.showInformationMessage(vscode.l10n.t("The bridge panel's saved state could not be read, so it opened fresh."));
    }
  }

  get panels(): vscode.WebviewPanel[] {
    return [...this.sessions].map((s) => s.panel);
  }

  /** How the messages to a panel's webview stand: whether it said ready, how many wait for it, how many went. */
  delivery(panel: vscode.WebviewPanel): Delivery | undefined {
    for (const s of this.sessions) if (s.panel === panel) return s.delivery;
    return undefined;
  }

  private options(): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    return {
      enableScripts: true,
      retainContextWhenHidden: false,
      localResourceRoots: [vscode.Uri.joinPath(this.context.extensionUri, 'media'), vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'webview')],
    };
  }

  private attach(panel: vscode.WebviewPanel, stateRejected: boolean): void {
    panel.iconPath = vscode.Uri.joinPath(this.context.extensionUri, 'media', 'initia.svg');
    const session = new BridgeSession(panel, this.context, this.services, this.tracker, stateRejected);
    this.sessions.add(session);
    panel.onDidDispose(() => {
      session.dispose();
      this.sessions.delete(session);
    });
  }

  dispose(): void {
    for (const s of this.sessions) s.panel.dispose();
    this.sessions.clear();
  }
}

/** The id of something that looks like a request, to answer it even when it does not parse. */
function requestId(raw: unknown): number | undefined {
  const m = raw as { type?: unknown; id?: unknown } | null;
  return m && typeof m === 'object' && m.type === 'request' && typeof m.id === 'number' ? m.id : undefined;
}

class BridgeSession implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  private watched: { chainId: string; txHash: string } | undefined;
  /** Every post goes through here: held until the webview's document says ready. */
  private readonly queue = new ReadyQueue<ToWebview>((message) => void this.panel.webview.postMessage(message));

  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly context: vscode.ExtensionContext,
    private readonly services: Services,
    private readonly tracker: TransferTracker,
    /** The restored state could not be read: the next `init` tells the webview to discard it (once). */
    private stateRejected: boolean,
  ) {
    this.subscriptions.push(
      panel.webview.onDidReceiveMessage((m: unknown) => void this.receive(m)),
      // Hidden without retainContextWhenHidden, the webview's document is destroyed; a new one says ready when shown.
      panel.onDidChangeViewState(() => {
        if (!panel.visible) this.expectDocument();
      }),
      tracker.onDidChange((t) => {
        if (!this.watched) return;
        const current = t ?? this.tracker.get(this.watched.chainId, this.watched.txHash);
        if (current && current.chainId === this.watched.chainId && current.txHash === this.watched.txHash) this.queue.post({ type: 'transfer', transfer: transferInfo(current) }, 'transfer');
      }),
    );
    this.expectDocument();
    panel.webview.html = this.html();
  }

  get delivery(): Delivery {
    return { ready: this.queue.isReady, held: this.queue.pending, sent: this.queue.sent };
  }

  /** A new document is coming (html set, panel hidden, webview reloaded): hold posts until it says ready, `init` first. */
  private expectDocument(): void {
    this.queue.reset();
    this.queue.post(() => this.init());
  }

  private init(): ToWebview {
    const network = this.services.network;
    const stateRejected = this.stateRejected;
    this.stateRejected = false;
    const router = network.routerUrl ? new URL(network.routerUrl).origin : '';
    return {
      type: 'init',
      defaults: {
        network: network.name,
        sourceChainId: network.chainId ?? '',
        addresses: this.rememberedAddresses(),
        chains: [],
        router,
        unencrypted: unencryptedOrigins({ indexerUrl: network.indexerUrl, routerUrl: network.routerUrl }).filter((o) => o === router),
      },
      ...(stateRejected ? { stateRejected } : {}),
    };
  }

  /** The last address used per chain id, as stored: anything else in there (a foreign or corrupt value) is left out. */
  private rememberedAddresses(): Record<string, string> {
    const stored: unknown = this.context.globalState.get(ADDRESSES_KEY);
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
    return Object.fromEntries(Object.entries(stored).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length <= 200));
  }

  private html(): string {
    const webview = this.panel.webview;
    return bridgeHtml({
      cspSource: webview.cspSource,
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'webview', 'bridge.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'media', 'bridge.css')).toString(),
      scriptNonce: nonce(),
      styleNonce: nonce(),
    });
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = FromWebview.safeParse(raw);
    if (!parsed.success) {
      const problem = problemText(raw, parsed.error);
      this.services.log.warn(`Bridge: ignored a malformed message from the webview (${problem})`);
      // A request the host cannot read still gets an answer, so that the webview does not wait for ever.
      const id = requestId(raw);
      if (id !== undefined) this.queue.post({ type: 'reply', id, ok: false, error: vscode.l10n.t('The extension could not read this request: {0}.', problem) });
      return;
    }
    const msg = parsed.data;
    if (msg.type === 'ready') {
      // Ready again without having been hidden: the webview was reloaded, its document is a new one.
      if (this.queue.isReady) this.expectDocument();
      this.queue.markReady();
      return;
    }
    const generation = this.queue.generation;
    let reply: ToWebview;
    try {
      reply = { type: 'reply', id: msg.id, ok: true, result: await this.dispatch(msg.request) };
    } catch (err) {
      reply = { type: 'reply', id: msg.id, ok: false, error: errorMessage(err) };
    }
    // The document that asked is gone: a later one numbers its requests from 1 again.
    if (generation === this.queue.generation) this.queue.post(reply);
  }

  private dispatch(request: Request): Promise<unknown> {
    // Each handler takes its own op's request (the table's types say so); TypeScript cannot follow the pairing here.
    const handler = this.handlers[request.op] as (request: Request) => Promise<unknown>;
    return handler(request);
  }

  private router(): { client: RouterClient; url: string } {
    const network = this.services.network;
    if (!network.routerUrl) throw new Error(vscode.l10n.t('The network "{0}" has no router URL (routerUrl in initia.networks).', network.name));
    return { client: this.services.router(network.routerUrl, network.name), url: network.routerUrl };
  }

  private readonly assets = new Map<string, Asset[]>();

  /** The assets of the route's two chains, for whole units (one request for the chains not asked yet). */
  private async loadAssets(route: Route): Promise<void> {
    const chains = [...new Set([route.source_asset_chain_id, route.dest_asset_chain_id])].filter((c) => !this.assets.has(c));
    if (!chains.length) return;
    const answer = await this.router().client.assets(chains);
    for (const c of chains) this.assets.set(c, answer.chain_to_assets_map[c]?.assets ?? []);
  }

  private route(value: unknown): Route {
    const parsed = Route.safeParse(value);
    if (!parsed.success) throw new Error(vscode.l10n.t('Find the route again: the route on this page is incomplete.'));
    return parsed.data;
  }

  /** One handler per op of the protocol's table; each must return its op's reply type. */
  private readonly handlers: Handlers = {
    validateForm: async ({ form }) => formErrors(form),
    route: async ({ form: f }) => {
      // Every field's problem at once, and no router request while there is one (the webview checks first too).
      const problems = formErrorsText(formErrors(f));
      if (problems) throw new Error(problems);
      const route = await this.router()
        .client.route({ amountIn: f.amount, sourceChainId: f.sourceChainId, sourceDenom: f.sourceDenom, destChainId: f.destChainId, destDenom: f.destDenom })
        .catch((err: unknown) => {
          throw new Error(routeErrorText(err) ?? errorMessage(err));
        });
      // Whole units when the router knows the assets' decimals (best effort: one more request, cached per chain).
      await this.loadAssets(route).catch((err: unknown) => this.services.log.debug(`Bridge: no asset decimals (${errorMessage(err)})`));
      return { route, view: routeView(route, (chainId) => this.assets.get(chainId)) };
    },
    opHook: async (req) => this.router().client.opHook(this.route(req.route), req.sourceAddress, req.destAddress),
    msgs: async (req) => {
      const route = this.route(req.route);
      const msgs = await this.router().client.msgs({ route, addresses: req.addresses, slippagePercent: req.slippage, signedOpHook: req.signedHook });
      // Remember the addresses per chain, to prefill the next transfer.
      const chains = route.required_chain_addresses ?? route.chain_ids ?? [];
      const known = this.rememberedAddresses();
      chains.forEach((c, i) => {
        if (req.addresses[i]) known[c] = req.addresses[i]!.trim();
      });
      await this.context.globalState.update(ADDRESSES_KEY, known);
      return { raw: msgs, summary: msgsSummary(msgs) };
    },
    track: async (req) => {
      const { url } = this.router();
      const route = req.route === undefined ? undefined : Route.safeParse(req.route).data;
      const t = await this.tracker.track({
        txHash: req.txHash,
        chainId: req.chainId,
        routerUrl: url,
        network: this.services.network.name,
        estimatedSeconds: route?.estimated_route_duration_seconds ?? undefined,
        summary: route
          ? {
              sourceChainId: route.source_asset_chain_id,
              destChainId: route.dest_asset_chain_id,
              amountIn: String(route.amount_in),
              sourceDenom: route.source_asset_denom,
              amountOut: String(route.estimated_amount_out ?? route.amount_out),
              destDenom: route.dest_asset_denom,
              hops: route.operations.length,
            }
          : undefined,
      });
      this.watched = { chainId: t.chainId, txHash: t.txHash };
      return transferInfo(t);
    },
    watch: async (req) => {
      const t = this.tracker.get(req.chainId, normaliseTxHash(req.txHash, req.chainId));
      if (!t) throw new Error(vscode.l10n.t('This transfer is no longer tracked.'));
      this.watched = { chainId: t.chainId, txHash: t.txHash };
      if (!t.last?.terminal) this.tracker.refresh(t);
      return transferInfo(t);
    },
    openJson: async (req) => {
      if (req.what === 'status') {
        const w = this.watched;
        if (!w) throw new Error(vscode.l10n.t('No transfer is tracked in this panel yet.'));
        await vscode.commands.executeCommand(Command.TransfersOpenStatus, w.chainId, w.txHash);
        return true;
      }
      const doc = await vscode.workspace.openTextDocument({ language: 'json', content: `${JSON.stringify(req.value ?? null, null, 2)}\n` });
      await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true });
      return true;
    },
    saveJson: async (req) => {
      const target = await vscode.window.showSaveDialog({ filters: { JSON: ['json'] }, saveLabel: vscode.l10n.t('Save'), title: vscode.l10n.t('Save the {0} as JSON', req.what) });
      if (!target) return false;
      await vscode.workspace.fs.writeFile(target, Buffer.from(`${JSON.stringify(req.value ?? null, null, 2)}\n`, 'utf8'));
      return true;
    },
    readSignedHook: async () => {
      const [file] = (await vscode.window.showOpenDialog({ canSelectMany: false, openLabel: vscode.l10n.t('Use this signed hook'), filters: { 'Signed hook': ['json', 'txt', 'b64'] } })) ?? [];
      if (!file) return null;
      const text = Buffer.from(await vscode.workspace.fs.readFile(file)).toString('utf8').trim();
      if (text.length > 1_000_000) throw new Error(vscode.l10n.t('That file is too large to be a signed hook.'));
      try {
        const json = JSON.parse(text) as { signer?: unknown; hook?: unknown };
        return { signer: typeof json.signer === 'string' ? json.signer : undefined, hook: typeof json.hook === 'string' ? json.hook : undefined };
      } catch {
        return { hook: text.replace(/\s+/g, '') };
      }
    },
    copy: async (req) => {
      await vscode.env.clipboard.writeText(req.text);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied to the clipboard'), 2500);
      return true;
    },
    openLink: async (req) => {
      if (!(await openExternalUrl(req.url))) throw new Error(vscode.l10n.t('Only http and https links are opened.'));
      return true;
    },
  };

  dispose(): void {
    vscode.Disposable.from(...this.subscriptions).dispose();
  }
}
