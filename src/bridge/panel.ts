/**
 * The bridge panel's host side: creates (or restores, after a reload) the webview with a strict CSP (default-src
 * 'none', scripts by nonce from dist/webview, styles from media/), answers the webview's typed requests by calling
 * the router (every HTTP call happens here), and pushes live updates of the transfer it tracks.
 */
import * as vscode from 'vscode';
import type { RouterClient } from '../core/router/client';
import { normaliseTxHash } from '../core/router/client';
import { Route, type Asset } from '../core/router/schemas';
import { FromWebview, type BridgeState, type Request, type ToWebview, type TransferInfo } from './protocol';
import { describeState } from '../core/router/transfer';
import { errorMessage } from '../core/errors';
import { formatUnits, groupDigits } from '../core/format';
import { openExternalUrl } from '../platform/links';
import { Command, StorageKey, WebviewType } from '../platform/ids';
import type { Services } from '../platform/services';
import type { TrackedTransfer, TransferTracker } from './tracker';

const ADDRESSES_KEY = StorageKey.BridgeAddresses;

function nonce(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64').replace(/[^A-Za-z0-9]/g, '');
}

/** A tracked transfer as the webview's timeline shows it. */
export function transferInfo(t: TrackedTransfer): TransferInfo {
  const release = t.last?.release;
  return {
    txHash: t.txHash,
    chainId: t.chainId,
    state: t.last?.state ?? 'STATE_SUBMITTED',
    stateText: t.problem ? 'unknown to the router' : t.last ? describeState(t.last.state) : 'registered: waiting for the first status',
    outcome: t.last?.outcome ?? 'pending',
    terminal: t.last?.terminal ?? false,
    hops: (t.last?.hops ?? []).map((h) => ({
      kind: h.kind,
      fromChainId: h.fromChainId,
      toChainId: h.toChainId,
      state: h.state,
      outcome: h.outcome,
      error: h.error,
      txs: h.txs.map((x) => ({ name: x.name, hash: x.hash, chainId: x.chainId, explorerLink: x.explorerLink })),
    })),
    error: t.last?.error,
    problem: t.problem,
    explorerLink: t.explorerLink,
    amountOut: release?.amount ? `${groupDigits(release.amount)} ${release.denom ?? ''} on ${release.chainId ?? '?'}`.trim() : undefined,
    updatedAt: t.last?.updatedAt,
  };
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
    this.attach(panel);
    return panel;
  }

  /** Re-attaches a panel VS Code restored after a reload (its webview state comes back through getState). */
  restore(panel: vscode.WebviewPanel, _state: BridgeState | undefined): void {
    panel.webview.options = this.options();
    this.attach(panel);
  }

  get panels(): vscode.WebviewPanel[] {
    return [...this.sessions].map((s) => s.panel);
  }

  private options(): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    return {
      enableScripts: true,
      retainContextWhenHidden: false,
      localResourceRoots: [vscode.Uri.joinPath(this.context.extensionUri, 'media'), vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'webview')],
    };
  }

  private attach(panel: vscode.WebviewPanel): void {
    panel.iconPath = vscode.Uri.joinPath(this.context.extensionUri, 'media', 'initia.svg');
    const session = new BridgeSession(panel, this.context, this.services, this.tracker);
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

class BridgeSession implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  private watched: { chainId: string; txHash: string } | undefined;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly context: vscode.ExtensionContext,
    private readonly services: Services,
    private readonly tracker: TransferTracker,
  ) {
    panel.webview.html = this.html();
    this.subscriptions.push(
      panel.webview.onDidReceiveMessage((m: unknown) => void this.receive(m)),
      tracker.onDidChange((t) => {
        if (!this.watched) return;
        const current = t ?? this.tracker.get(this.watched.chainId, this.watched.txHash);
        if (current && current.chainId === this.watched.chainId && current.txHash === this.watched.txHash) this.post({ type: 'transfer', transfer: transferInfo(current) });
      }),
    );
  }

  private html(): string {
    const webview = this.panel.webview;
    const n = nonce();
    const script = webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'webview', 'bridge.js'));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'media', 'bridge.css'));
    const csp = [`default-src 'none'`, `style-src ${webview.cspSource}`, `font-src ${webview.cspSource}`, `img-src ${webview.cspSource}`, `script-src 'nonce-${n}'`].join('; ');
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style.toString()}">
<title>Initia Bridge</title>
</head>
<body>
<h1>Initia Bridge</h1>
<p class="lead">Route a cross-chain transfer, get the messages to sign, and follow it hop by hop. Keys never reach this extension and nothing is broadcast from here.</p>
<main id="app" aria-label="Bridge"></main>
<script nonce="${n}" src="${script.toString()}"></script>
</body>
</html>`;
  }

  private post(message: ToWebview): void {
    void this.panel.webview.postMessage(message);
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = FromWebview.safeParse(raw);
    if (!parsed.success) {
      this.services.log.warn(`Bridge: ignored a malformed message from the webview`);
      return;
    }
    const msg = parsed.data;
    if (msg.type === 'ready') {
      const network = this.services.network;
      this.post({
        type: 'init',
        defaults: { network: network.name, sourceChainId: network.chainId ?? '', addresses: this.context.globalState.get<Record<string, string>>(ADDRESSES_KEY, {}), chains: [] },
      });
      return;
    }
    try {
      const result = await this.handle(msg.request);
      this.post({ type: 'reply', id: msg.id, ok: true, result });
    } catch (err) {
      this.post({ type: 'reply', id: msg.id, ok: false, error: errorMessage(err) });
    }
  }

  private router(): { client: RouterClient; url: string } {
    const network = this.services.network;
    if (!network.routerUrl) throw new Error(vscode.l10n.t('The network "{0}" has no router URL (routerUrl in initia.networks).', network.name));
    return { client: this.services.router(network.routerUrl, network.name), url: network.routerUrl };
  }

  private readonly assets = new Map<string, Asset[]>();

  private async displayAmounts(route: Route): Promise<{ amountIn?: string; amountOut?: string }> {
    const chains = [...new Set([route.source_asset_chain_id, route.dest_asset_chain_id])].filter((c) => !this.assets.has(c));
    if (chains.length) {
      const answer = await this.router().client.assets(chains);
      for (const c of chains) this.assets.set(c, answer.chain_to_assets_map[c]?.assets ?? []);
    }
    const show = (chainId: string, denom: string, amount: unknown): string | undefined => {
      const asset = this.assets.get(chainId)?.find((a) => (a.denom ?? '').toLowerCase() === denom.toLowerCase());
      if (!asset || typeof asset.decimals !== 'number' || amount === undefined || amount === null) return undefined;
      const units = formatUnits(String(amount), asset.decimals);
      return units === undefined ? undefined : `${units} ${asset.symbol ?? denom}`;
    };
    return {
      amountIn: show(route.source_asset_chain_id, route.source_asset_denom, route.amount_in),
      amountOut: show(route.dest_asset_chain_id, route.dest_asset_denom, route.estimated_amount_out ?? route.amount_out),
    };
  }

  private route(value: unknown): Route {
    const parsed = Route.safeParse(value);
    if (!parsed.success) throw new Error(vscode.l10n.t('Find the route again: the route on this page is incomplete.'));
    return parsed.data;
  }

  private async handle(req: Request): Promise<unknown> {
    switch (req.op) {
      case 'route': {
        const f = req.form;
        const route = await this.router().client.route({ amountIn: f.amount, sourceChainId: f.sourceChainId, sourceDenom: f.sourceDenom, destChainId: f.destChainId, destDenom: f.destDenom });
        // Whole units when the router knows the assets' decimals (best effort: one more request, cached per chain).
        const display = await this.displayAmounts(route).catch((err: unknown) => {
          this.services.log.debug(`Bridge: no asset decimals (${errorMessage(err)})`);
          return undefined;
        });
        return { route, display };
      }
      case 'opHook':
        return this.router().client.opHook(this.route(req.route), req.sourceAddress, req.destAddress);
      case 'msgs': {
        const route = this.route(req.route);
        const msgs = await this.router().client.msgs({ route, addresses: req.addresses, slippagePercent: req.slippage, signedOpHook: req.signedHook });
        // Remember the addresses per chain, to prefill the next transfer.
        const chains = route.required_chain_addresses ?? route.chain_ids ?? [];
        const known = { ...this.context.globalState.get<Record<string, string>>(ADDRESSES_KEY, {}) };
        chains.forEach((c, i) => {
          if (req.addresses[i]) known[c] = req.addresses[i]!.trim();
        });
        await this.context.globalState.update(ADDRESSES_KEY, known);
        return msgs;
      }
      case 'track': {
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
      }
      case 'watch': {
        const t = this.tracker.get(req.chainId, normaliseTxHash(req.txHash, req.chainId));
        if (!t) throw new Error(vscode.l10n.t('This transfer is no longer tracked.'));
        this.watched = { chainId: t.chainId, txHash: t.txHash };
        if (!t.last?.terminal) this.tracker.refresh(t);
        return transferInfo(t);
      }
      case 'openJson': {
        if (req.what === 'status') {
          const w = this.watched;
          if (!w) throw new Error(vscode.l10n.t('No transfer is tracked in this panel yet.'));
          return vscode.commands.executeCommand(Command.TransfersOpenStatus, w.chainId, w.txHash).then(() => true);
        }
        const doc = await vscode.workspace.openTextDocument({ language: 'json', content: `${JSON.stringify(req.value ?? null, null, 2)}\n` });
        await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true });
        return true;
      }
      case 'saveJson': {
        const target = await vscode.window.showSaveDialog({ filters: { JSON: ['json'] }, saveLabel: vscode.l10n.t('Save'), title: vscode.l10n.t('Save the {0} as JSON', req.what) });
        if (!target) return false;
        await vscode.workspace.fs.writeFile(target, Buffer.from(`${JSON.stringify(req.value ?? null, null, 2)}\n`, 'utf8'));
        return true;
      }
      case 'readSignedHook': {
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
      }
      case 'copy':
        await vscode.env.clipboard.writeText(req.text);
        vscode.window.setStatusBarMessage(vscode.l10n.t('Copied to the clipboard'), 2500);
        return true;
      case 'openLink':
        if (!(await openExternalUrl(req.url))) throw new Error(vscode.l10n.t('Only http and https links are opened.'));
        return true;
    }
  }

  dispose(): void {
    vscode.Disposable.from(...this.subscriptions).dispose();
  }
}

