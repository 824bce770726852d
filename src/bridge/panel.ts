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
import { deriveAddress } from '../core/router/catalog';
import { QuoteRefresher, QUOTE_MAX_AGE_MS, QUOTE_REFRESH_MS, routeSignature, type QuoteEvent } from '../core/router/quotes';
import { systemClock, type Clock } from '../core/router/poller';
import { verifyMsgs } from '../core/router/verify';
import { nameSummaryValues } from '../core/names';
import { Route, type Asset } from '../core/router/schemas';
import { DEFAULT_SLIPPAGE, SLIPPAGE_PRESETS } from '../core/units';
import { estimatedDuration, groupDigits } from '../core/format';
import { BridgeState, FromWebview, formKey, problemText, type AssetsReply, type ChainOptionView, type EditReply, type Form, type Handlers, type QuoteView, type Request, type RouteReply, type ToWebview } from './protocol';
import { ReadyQueue } from '../platform/readyQueue';
import { bridgeHtml } from './html';
import { nonce } from '../platform/webviewHtml';
import { RouterCatalog } from './catalog';
import { addressHint, checkForm, minimumReceivedText, msgsView, routeErrorText, routeView, transferInfo, type FormContext } from './viewModels';
import { errorMessage } from '../core/errors';
import { openExternalUrl } from '../platform/links';
import { unencryptedOrigins } from '../core/networks';
import { Command, StorageKey, WebviewType } from '../platform/ids';
import type { Services } from '../platform/services';
import type { TransferTracker } from './tracker';

const ADDRESSES_KEY = StorageKey.BridgeAddresses;

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
  /** The pickers' lists, per router (shared by every panel, kept a few minutes). */
  private readonly catalogs = new Map<string, RouterCatalog>();
  /** The clock of the quote refresh (tests set a manual one before opening a panel). */
  clock: Clock = systemClock;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly services: Services,
    private readonly tracker: TransferTracker,
  ) {}

  /** The lists of the router at this URL, through the router client the services keep for it. */
  catalog(client: RouterClient): RouterCatalog {
    let catalog = this.catalogs.get(client.baseUrl);
    if (!catalog || catalog.client !== client) {
      catalog = new RouterCatalog(client, () => this.clock.now());
      this.catalogs.set(client.baseUrl, catalog);
    }
    return catalog;
  }

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
    const session = new BridgeSession(panel, this.context, this.services, this.tracker, this, stateRejected);
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


/** A quote as the session keeps it: the route, what the panel shows of it, and the Fast / Lossless choice. */
interface Quote {
  route: Route;
  reply: RouteReply;
  /** The assets of the route's chains, as loaded for it (for whole units). */
  assets: (chainId: string) => readonly Asset[] | undefined;
  withdrawal?: QuoteView['withdrawal'];
}

type WithdrawalOption = NonNullable<NonNullable<QuoteView['withdrawal']>['fast']>;

/** The addresses remembered per chain, newest first (at most this many each). */
const RECENT_ADDRESSES = 5;

class BridgeSession implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  private watched: { chainId: string; txHash: string } | undefined;
  /** Every post goes through here: held until the webview's document says ready. */
  private readonly queue = new ReadyQueue<ToWebview>((message) => void this.panel.webview.postMessage(message));
  /** The form as last edited, and the key of the route it asks for. */
  private form: Form | undefined;
  private key = '';
  private armed = false;
  private quoteEvent: QuoteEvent<Quote> = { kind: 'idle' };
  private readonly quotes: QuoteRefresher<Quote>;
  /** The other way of an OP withdrawal, fetched once per form (only the chosen way is refreshed). */
  private alternative: { key: string; fast?: WithdrawalOption; lossless?: WithdrawalOption } | undefined;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly context: vscode.ExtensionContext,
    private readonly services: Services,
    private readonly tracker: TransferTracker,
    private readonly panels: BridgePanels,
    /** The restored state could not be read: the next `init` tells the webview to discard it (once). */
    private stateRejected: boolean,
  ) {
    this.quotes = new QuoteRefresher<Quote>({
      clock: panels.clock,
      onEvent: (event) => {
        this.quoteEvent = event;
        this.queue.post(() => this.quoteMessage(), 'quote');
      },
    });
    this.quotes.setVisible(panel.visible);
    this.subscriptions.push(
      panel.webview.onDidReceiveMessage((m: unknown) => void this.receive(m)),
      // Hidden without retainContextWhenHidden, the webview's document is destroyed; a new one says ready when shown.
      panel.onDidChangeViewState(() => {
        this.quotes.setVisible(panel.visible);
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
    if (this.form) this.queue.post(() => this.quoteMessage(), 'quote');
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
        router,
        unencrypted: unencryptedOrigins({ indexerUrl: network.indexerUrl, routerUrl: network.routerUrl }).filter((o) => o === router),
        slippagePresets: [...SLIPPAGE_PRESETS],
        defaultSlippage: DEFAULT_SLIPPAGE,
      },
      ...(stateRejected ? { stateRejected } : {}),
    };
  }

  /** The quote as the webview shows it, made when it is sent (so its age is right even after waiting for ready). */
  private quoteMessage(): ToWebview {
    const e = this.quoteEvent;
    const base = { formKey: this.key, refreshSeconds: QUOTE_REFRESH_MS / 1000 };
    let quote: QuoteView;
    switch (e.kind) {
      case 'idle':
        quote = { ...base, status: 'idle' };
        break;
      case 'loading':
        quote = { ...base, status: 'loading' };
        break;
      case 'quote':
        quote = { ...base, status: 'ready', route: e.value.reply, ageMs: Math.max(0, this.panels.clock.now() - e.at), withdrawal: e.value.withdrawal };
        break;
      case 'error':
        quote = { ...base, status: 'error', error: this.routeError(e.error), ageMs: Math.max(0, this.panels.clock.now() - e.at) };
        break;
    }
    return { type: 'quote', quote };
  }

  private routeError(err: unknown): string {
    return routeErrorText(err) ?? errorMessage(err);
  }

  /** The addresses remembered per chain, newest first, as stored: anything else in there (a foreign or corrupt value) is left out. */
  private rememberedAddresses(): Record<string, string[]> {
    const stored: unknown = this.context.globalState.get(ADDRESSES_KEY);
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
    const out: Record<string, string[]> = {};
    for (const [chain, value] of Object.entries(stored)) {
      // An earlier version kept one address per chain.
      const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
      const clean = list.filter((a): a is string => typeof a === 'string' && a.length > 0 && a.length <= 200).slice(0, RECENT_ADDRESSES);
      if (clean.length) out[chain] = clean;
    }
    return out;
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

  private router(): { client: RouterClient; url: string; catalog: RouterCatalog } {
    const network = this.services.network;
    if (!network.routerUrl) throw new Error(vscode.l10n.t('The network "{0}" has no router URL (routerUrl in initia.networks).', network.name));
    const client = this.services.router(network.routerUrl, network.name);
    return { client, url: network.routerUrl, catalog: this.panels.catalog(client) };
  }

  private route(value: unknown): Route {
    const parsed = Route.safeParse(value);
    if (!parsed.success) throw new Error(vscode.l10n.t('Find the route again: the route on this page is incomplete.'));
    return parsed.data;
  }

  /** What the form check needs: the router's chains, the source asset, the sender's balance (nothing is asked for
   *  the balance here: the asset picker loads it), each as far as it is known. */
  private async formContext(form: Form): Promise<FormContext> {
    let catalog: RouterCatalog;
    try {
      catalog = this.router().catalog;
    } catch {
      return {};
    }
    const quiet = <T>(p: Promise<T>) => p.catch((err: unknown) => {
      this.services.log.debug(`Bridge: ${errorMessage(err)}`);
      return undefined;
    });
    const chains = await quiet(catalog.chains());
    const source = chains?.find((c) => c.chainId === form.sourceChainId.trim());
    const sourceAsset = source && form.sourceDenom.trim() ? await quiet(catalog.asset(source.chainId, form.sourceDenom.trim())) : undefined;
    const balance = source && form.sender.trim() ? await catalog.balanceNow(source.chainId, form.sender.trim(), form.sourceDenom.trim()) : undefined;
    return { chains, sourceAsset: sourceAsset ?? undefined, balance, feeDenoms: source?.feeDenoms, prefixes: await quiet(catalog.prefixes()) };
  }

  /** From an Initia rollup to Initia L1: the OP bridge can take it (lossless, slow) besides the usual route (fast). */
  private async isOpWithdrawal(catalog: RouterCatalog, form: Form): Promise<boolean> {
    const [source, dest] = await Promise.all([catalog.chainInfo(form.sourceChainId.trim()), catalog.chainInfo(form.destChainId.trim())]).catch(() => [undefined, undefined]);
    return !!source && !!dest && dest.chain_name === 'initia' && source.chain_name !== 'initia' && source.bech32_prefix === 'init';
  }

  /** Asks the router for the form's route (and, for an OP withdrawal, the other way once per form). */
  private async fetchQuote(form: Form, amountIn: string, signal: AbortSignal): Promise<Quote> {
    const { client, catalog } = this.router();
    const input = { amountIn, sourceChainId: form.sourceChainId.trim(), sourceDenom: form.sourceDenom.trim(), destChainId: form.destChainId.trim(), destDenom: form.destDenom.trim() };
    const opWithdrawal = await this.isOpWithdrawal(catalog, form);
    const lossless = opWithdrawal && form.withdrawal === 'lossless';
    const ask = (isOpWithdraw: boolean | undefined, s?: AbortSignal) => client.route({ ...input, ...(isOpWithdraw === undefined ? {} : { isOpWithdraw }) }, s);
    const route = await ask(opWithdrawal ? lossless : undefined, signal);
    // Whole units when the router knows the assets' decimals (cached per chain; a failure only costs the words).
    const assets = new Map<string, Asset[]>();
    await Promise.all(
      [...new Set([route.source_asset_chain_id, route.dest_asset_chain_id])].map(async (c) => {
        const list = await catalog.rawAssets(c).catch((err: unknown) => {
          this.services.log.debug(`Bridge: no asset decimals for ${c} (${errorMessage(err)})`);
          return undefined;
        });
        if (list) assets.set(c, list);
      }),
    );
    const assetsOf = (c: string): readonly Asset[] | undefined => assets.get(c);
    const reply = await this.routeReply(route, assetsOf, form);
    let withdrawal: Quote['withdrawal'];
    if (opWithdrawal) {
      const withoutWay = formKey({ ...form, withdrawal: 'fast' });
      if (this.alternative?.key !== withoutWay) this.alternative = { key: withoutWay };
      const mine = { amountOut: reply.view.amountOut.whole ?? reply.view.amountOut.base, duration: reply.view.duration };
      if (lossless) this.alternative.lossless = mine;
      else this.alternative.fast = mine;
      const other = lossless ? 'fast' : 'lossless';
      if (!this.alternative[other]) {
        const alt = this.alternative;
        try {
          const r = await ask(!lossless, signal);
          const v = routeView(r, assetsOf);
          alt[other] = { amountOut: v.amountOut.whole ?? v.amountOut.base, duration: estimatedDuration(r.estimated_route_duration_seconds) };
        } catch (err) {
          if (signal.aborted) throw err;
          alt[other] = { amountOut: '', duration: '', error: this.routeError(err) };
        }
      }
      // Offered only when the OP bridge has a route for this asset.
      if (this.alternative.lossless && !this.alternative.lossless.error) withdrawal = { fast: this.alternative.fast, lossless: this.alternative.lossless };
    }
    return { route, reply, withdrawal, assets: assetsOf };
  }

  /** A route as the panel shows it, with each chain's address hint, the address derived from the sender, and the recent ones. */
  private async routeReply(route: Route, assets: (chainId: string) => readonly Asset[] | undefined, form: Form | undefined): Promise<RouteReply> {
    const chains = await this.router().catalog.chains().catch(() => []);
    const recent = this.rememberedAddresses();
    const sender = form?.sender.trim() ?? '';
    const view = routeView(route, assets, (chainId) => {
      const chain = chains.find((c) => c.chainId === chainId);
      const derived = sender ? (chainId === route.source_asset_chain_id ? sender : chain ? deriveAddress(sender, chain) : undefined) : undefined;
      return { placeholder: addressHint(chain, chainId), derived, recent: recent[chainId] ?? [] };
    });
    return { route: route as unknown as RouteReply['route'], view, signature: routeSignature(route) };
  }

  /** Remembers the addresses sent, per chain, newest first. */
  private async remember(chains: readonly string[], addresses: readonly string[]): Promise<void> {
    const known = this.rememberedAddresses();
    chains.forEach((c, i) => {
      const a = addresses[i]?.trim();
      if (a) known[c] = [a, ...(known[c] ?? []).filter((x) => x !== a)].slice(0, RECENT_ADDRESSES);
    });
    await this.context.globalState.update(ADDRESSES_KEY, known);
  }

  /** One handler per op of the protocol's table; each must return its op's reply type. */
  private readonly handlers: Handlers = {
    chains: async () => {
      const chains = await this.router().catalog.chains();
      const views: ChainOptionView[] = chains.map((c) => ({ chainId: c.chainId, name: c.name, group: c.initia ? 'initia' : 'other', addressHint: addressHint(c, c.chainId) }));
      return { chains: views };
    },
    assets: async ({ chainId, address }) => {
      const { catalog } = this.router();
      const sender = address.trim();
      let balances: Awaited<ReturnType<RouterCatalog['balances']>> | undefined;
      let balanceNote: string | undefined;
      if (!sender) balanceNote = vscode.l10n.t('Enter your address to see your balances.');
      else {
        try {
          balances = await catalog.balances(chainId, sender);
        } catch (err) {
          balanceNote = vscode.l10n.t('No balances: {0}', errorMessage(err));
        }
      }
      const options = await catalog.assets(chainId, balances);
      const assets: AssetsReply['assets'] = options.map((a) => ({
        denom: a.denom,
        label: a.label,
        name: a.name && a.name !== a.label ? a.name : undefined,
        origin: a.originChainId && a.originChainId !== chainId ? vscode.l10n.t('from {0}', a.originChainId) : undefined,
        balance: a.balance ? `${a.balance.whole ?? groupDigits(a.balance.base)} ${a.symbol}` : undefined,
        convertible: typeof a.decimals === 'number',
      }));
      return { assets, balanceNote };
    },
    edit: async ({ form }) => {
      const ctx = await this.formContext(form);
      const check = checkForm(form, ctx);
      const key = formKey(form);
      const armed = check.base !== undefined;
      const senderChanged = this.form?.sender !== form.sender;
      this.form = form;
      if (key !== this.key || armed !== this.armed) {
        this.key = key;
        this.armed = armed;
        const base = check.base;
        this.quotes.edit(base === undefined ? undefined : (signal) => this.fetchQuote(form, base, signal));
      } else {
        // The same route: the page may have put it aside (New transfer, a reload) and the sender may derive other
        // addresses; send the quote again, with the addresses of this sender.
        const current = this.quotes.current;
        if (current && senderChanged) current.value.reply = await this.routeReply(current.value.route, current.value.assets, form);
        this.queue.post(() => this.quoteMessage(), 'quote');
      }
      const current = this.quotes.current?.value.route;
      const reply: EditReply = {
        errors: check.errors,
        warnings: check.warnings,
        balance: check.balance,
        formKey: key,
        minimumReceived: current && check.slippage ? minimumReceivedText(current, check.slippage, (c) => this.router().catalog.loaded(c)) : undefined,
      };
      return reply;
    },
    refresh: async () => {
      const pending = this.quotes.refreshNow();
      if (!pending) throw new Error(vscode.l10n.t('Fill in the form first.'));
      await pending.catch(() => undefined);
      return true;
    },
    opHook: async (req) => this.router().client.opHook(this.route(req.route), req.sourceAddress, req.destAddress),
    msgs: async (req) => {
      const shown = this.route(req.route);
      // A quote older than 10 s is fetched again first; if what the user reviewed changed, they review it again.
      if (this.form && this.armed && formKey(this.form) === this.key) {
        const fresh = await this.quotes.fresh(QUOTE_MAX_AGE_MS).catch((err: unknown) => {
          throw new Error(this.routeError(err));
        });
        if (fresh.value.reply.signature !== req.signature) {
          return { kind: 'updated', route: fresh.value.reply, note: vscode.l10n.t('Route updated: review and confirm again.') };
        }
      } else if (routeSignature(shown) !== req.signature) {
        throw new Error(vscode.l10n.t('Find the route again: the route on this page is incomplete.'));
      }
      const { client, catalog } = this.router();
      const route = shown;
      const prefixes = await catalog.prefixes().catch(() => ({}));
      const msgs = await client.msgs({ route, addresses: req.addresses, slippagePercent: req.slippage, signedOpHook: req.signedHook, addressPrefixes: prefixes });
      await this.remember(route.required_chain_addresses ?? route.chain_ids ?? [], req.addresses);
      const verification = verifyMsgs(msgs, {
        route,
        addresses: req.addresses.map((a) => a.trim()),
        signedHook: req.signedHook,
        asset: (chainId, denom) => {
          const a = catalog.assetNow(chainId, denom);
          return a ? { symbol: a.symbol ?? undefined, decimals: typeof a.decimals === 'number' ? a.decimals : undefined } : undefined;
        },
      });
      if (!verification.ok) this.services.log.warn(`Bridge: the messages differ from the route: ${verification.mismatches.map((m) => m.message).join(' | ')}`);
      // Addresses the workspace's deployments name get their name after them (core/names.ts).
      await this.services.names.ready();
      const named = { ...verification, summaries: nameSummaryValues(verification.summaries, (address, chainId) => (chainId ? this.services.names.nameOf(address, { chainId })?.name : undefined)) };
      return { kind: 'msgs', msgs: msgsView(msgs, named) };
    },
    track: async (req) => {
      const { url } = this.router();
      const route = req.route === undefined ? undefined : Route.safeParse(req.route).data;
      const lossless = req.withdrawal === 'lossless' && !!route?.operations.some((op) => 'op_init_transfer' in op);
      const t = await this.tracker.track({
        txHash: req.txHash,
        chainId: req.chainId,
        routerUrl: url,
        network: this.services.network.name,
        estimatedSeconds: route?.estimated_route_duration_seconds ?? undefined,
        claimableAt: lossless && typeof route?.estimated_route_duration_seconds === 'number' ? this.panels.clock.now() + route.estimated_route_duration_seconds * 1000 : undefined,
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
    this.quotes.dispose();
    vscode.Disposable.from(...this.subscriptions).dispose();
  }
}
