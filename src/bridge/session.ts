/**
 * One bridge panel's host side: it wires the panel (platform/webviewPanel.ts: document, CSP, ready queue, the typed
 * request/reply loop) to the router through the core (the quote kept fresh, core/router/bridgeQuotes.ts; the checks
 * before signing, core/router/verify.ts) and to the transfer tracker, answering each op of the protocol's table with
 * view models (routeViews.ts, formCheck.ts). Every HTTP call happens on this side. It pushes the live quote, the
 * transfer it follows, and the router it talks to when the network changes.
 */
import * as vscode from 'vscode';
import { normaliseTxHash, type RouterClient } from '../core/router/client';
import { deriveAddress } from '../core/router/catalog';
import type { RouterCatalog } from '../core/router/routerLists';
import { BridgeQuotes, type AssetsOf, type Quote } from '../core/router/bridgeQuotes';
import { QUOTE_MAX_AGE_MS, QUOTE_REFRESH_MS, routeSignature, type QuoteEvent } from '../core/router/quotes';
import type { Clock } from '../core/clock';
import { verifyMsgs, type Intent } from '../core/router/verify';
import { checkOpHook, hookForMsgs } from '../core/router/check/hook';
import { Route, type OpHook } from '../core/router/schemas';
import { DEFAULT_SLIPPAGE, SLIPPAGE_PRESETS, checkSlippage } from '../core/units';
import { estimatedDuration, groupDigits } from '../core/format';
import { errorMessage } from '../core/errors';
import { unencryptedOrigins } from '../core/networks';
import { Command } from '../platform/ids';
import type { Hooks } from '../platform/hooks';
import type { Services } from '../platform/services';
import type { TransferTracker } from '../transfers/tracker';
import { PanelHost, commonHandlers, openJsonDocument } from '../platform/webviewPanel';
import {
  FromWebview,
  formKey,
  type OPS,
  type AssetsReply,
  type Defaults,
  type EditReply,
  type Form,
  type Handlers,
  type HopInfo,
  type RouteReply,
  type ToWebview,
} from './protocol';
import { RecentAddresses } from './addresses';
import { trackChainProblem, trackRequest } from '../transfers/trackRequest';
import { checkForm } from './formCheck';
import { ChainDecimals, checkOptions, formContext, intentOf } from './intent';
import { BridgeAnchors } from './anchors';
import { readSignedHook, saveJson } from './files';
import type { AnchorBook } from '../core/router/check/anchors';
import {
  addressHint,
  minimumReceivedText,
  msgsView,
  plannedHops,
  routeErrorText,
  routeView,
  summaryViews,
  transferInfo,
  verdictView,
  type NameOf,
} from './routeViews';

/** The bridge page: its bundle and style sheet, heading and lead. */
export const BRIDGE_PAGE = {
  name: 'bridge',
  title: 'Initia Bridge',
  lead: 'Route a cross-chain transfer, get the messages to sign, and follow it hop by hop. Keys never reach this extension and nothing is broadcast from here.',
};

/** While the panel is visible and follows a transfer in progress, its status is asked this often (ms). */
const WATCHED_POLL_MS = 5000;

export interface SessionDeps {
  context: vscode.ExtensionContext;
  services: Services;
  tracker: TransferTracker;
  clock: Clock;
  hooks?: Hooks;
}

export class BridgeSession implements vscode.Disposable {
  private readonly host: PanelHost<typeof OPS, ToWebview>;
  private readonly quotes: BridgeQuotes<RouteReply>;
  private readonly addresses: RecentAddresses;
  private readonly decimals: ChainDecimals;
  private readonly anchors: BridgeAnchors;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** The transfer the page follows, with the hops its route planned. */
  private watched: { chainId: string; txHash: string; planned?: HopInfo[] } | undefined;
  private tickTimer: unknown;
  /** The form as last edited. */
  private form: Form | undefined;
  /** The OP hook the router answered, as it was checked and shown (the signed hook must carry exactly it). */
  private hook: { signature: string; hook: OpHook } | undefined;
  private quoteEvent: QuoteEvent<Quote<RouteReply>> = { kind: 'idle' };

  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly deps: SessionDeps,
    /** The restored state could not be read: the next `init` tells the webview to discard it (once). */
    private stateRejected: boolean,
  ) {
    const { services, tracker, clock } = deps;
    this.addresses = new RecentAddresses(deps.context.globalState);
    this.decimals = new ChainDecimals(services);
    this.anchors = new BridgeAnchors(services);
    this.quotes = new BridgeQuotes<RouteReply>({
      clock,
      sources: () => {
        const { client, catalog } = this.router();
        return {
          route: (input, signal) => client.route(input, signal),
          chainInfo: (chainId) => catalog.chainInfo(chainId),
          assets: (chainId) =>
            catalog.rawAssets(chainId).catch((err: unknown) => {
              services.log.debug(`Bridge: no asset decimals for ${chainId} (${errorMessage(err)})`);
              return undefined;
            }),
        };
      },
      view: (route, assets) => this.routeReply(route, assets, this.form),
      way: (route, assets) => {
        const v = routeView(route, assets);
        return {
          amountOut: v.amountOut.whole ?? v.amountOut.base,
          duration: estimatedDuration(route.estimated_route_duration_seconds),
        };
      },
      errorText: (err) => this.routeError(err),
      onEvent: (event) => {
        this.quoteEvent = event;
        this.host.post(() => this.quoteMessage(), 'quote');
      },
    });
    this.host = new PanelHost<typeof OPS, ToWebview>(panel, {
      extensionUri: deps.context.extensionUri,
      log: services.log,
      page: BRIDGE_PAGE,
      fromWebview: FromWebview,
      handlers: this.handlers,
      hooks: deps.hooks,
      onDocument: (post) => {
        post(() => this.init());
        if (this.form) post(() => this.quoteMessage(), 'quote');
      },
      onVisibility: (visible) => this.quotes.setVisible(visible),
    });
    this.quotes.setVisible(panel.visible);
    this.subscriptions.push(
      tracker.onDidChange((t) => {
        const w = this.watched;
        if (!w) return;
        const current = t ?? tracker.get(w.chainId, w.txHash);
        if (current && current.chainId === w.chainId && current.txHash === w.txHash)
          this.host.post({ type: 'transfer', transfer: transferInfo(current, Date.now(), w.planned) }, 'transfer');
      }),
      // Another network, another router: the page names it and asks its lists again; the route is asked anew.
      services.networks.onDidChange(() => {
        this.quotes.reset();
        this.host.post({ type: 'network', defaults: this.defaults() }, 'network');
      }),
    );
    const tick = () => {
      const w = this.watched;
      const t = w && tracker.get(w.chainId, w.txHash);
      if (t && panel.visible && !t.last?.terminal && t.watching) tracker.refresh(t);
      this.tickTimer = clock.setTimeout(tick, WATCHED_POLL_MS);
    };
    this.tickTimer = clock.setTimeout(tick, WATCHED_POLL_MS);
  }

  private init(): ToWebview {
    const stateRejected = this.stateRejected;
    this.stateRejected = false;
    return { type: 'init', defaults: this.defaults(), ...(stateRejected ? { stateRejected } : {}) };
  }

  private defaults(): Defaults {
    const network = this.deps.services.network;
    const router = network.routerUrl ? new URL(network.routerUrl).origin : '';
    return {
      network: network.name,
      sourceChainId: network.chainId ?? '',
      router,
      unencrypted: unencryptedOrigins({ indexerUrl: network.indexerUrl, routerUrl: network.routerUrl }).filter(
        (o) => o === router,
      ),
      slippagePresets: [...SLIPPAGE_PRESETS],
      defaultSlippage: DEFAULT_SLIPPAGE,
    };
  }

  /** The quote as the webview shows it, made when it is sent (its age and minimum are right even after waiting for ready). */
  private quoteMessage(): ToWebview {
    const e = this.quoteEvent;
    const base = { formKey: this.form ? formKey(this.form) : '', refreshSeconds: QUOTE_REFRESH_MS / 1000 };
    const age = (at: number) => Math.max(0, this.deps.clock.now() - at);
    switch (e.kind) {
      case 'idle':
      case 'loading':
        return { type: 'quote', quote: { ...base, status: e.kind } };
      case 'quote':
        return {
          type: 'quote',
          quote: {
            ...base,
            status: 'ready',
            route: this.withMinimum(e.value.view, e.value.route, this.form?.slippage),
            ageMs: age(e.at),
            withdrawal: e.value.withdrawal,
          },
        };
      case 'error':
        return {
          type: 'quote',
          quote: { ...base, status: 'error', error: this.routeError(e.error), ageMs: age(e.at) },
        };
    }
  }

  /** The route's view with what a swap delivers at the least at this slippage. */
  private withMinimum(reply: RouteReply, route: Route, slippage = ''): RouteReply {
    let minimumReceived: string | undefined;
    try {
      const tolerance = checkSlippage(slippage.trim() || DEFAULT_SLIPPAGE).value;
      minimumReceived =
        tolerance === undefined
          ? undefined
          : minimumReceivedText(route, tolerance, (c) => this.router().catalog.loaded(c));
    } catch {
      minimumReceived = undefined;
    }
    return { ...reply, view: { ...reply.view, minimumReceived } };
  }

  private routeError(err: unknown): string {
    return routeErrorText(err) ?? errorMessage(err);
  }

  private router(): { client: RouterClient; url: string; catalog: RouterCatalog } {
    const network = this.deps.services.network;
    if (!network.routerUrl)
      throw new Error(
        vscode.l10n.t('The network "{0}" has no router URL (routerUrl in initia.networks).', network.name),
      );
    return {
      client: this.deps.services.router(network.routerUrl, network.name),
      url: network.routerUrl,
      catalog: this.deps.services.catalog(network.routerUrl, network.name),
    };
  }

  private catalog(): RouterCatalog | undefined {
    try {
      return this.router().catalog;
    } catch {
      return undefined;
    }
  }

  /** The names the workspace's deployments give addresses, per chain (read on the first question: core/names.ts). */
  private async names(): Promise<NameOf> {
    const names = this.deps.services.names;
    await names.ready();
    return (address, chainId) => (chainId ? names.nameOf(address, { chainId })?.name : undefined);
  }

  private route(value: unknown): Route {
    const parsed = Route.safeParse(value);
    if (!parsed.success) throw new Error(vscode.l10n.t('Find the route again: the route on this page is incomplete.'));
    return parsed.data;
  }

  /** The user's intent and the route's trust anchors (gathered once per source and panel: bridge/anchors.ts). */
  private async checking(route: Route, addresses: readonly string[]): Promise<{ book: AnchorBook; intent: Intent }> {
    const book = await this.anchors.book(route);
    return {
      book,
      intent: await intentOf(
        this.form,
        route,
        addresses,
        (form) => formContext(this.catalog(), form, this.deps.services.log),
        this.decimals,
        book,
      ),
    };
  }

  /** A route as the panel shows it, with each chain's address hint, the address derived from the sender, and the recent ones. */
  private async routeReply(route: Route, assets: AssetsOf, form: Form | undefined): Promise<RouteReply> {
    const chains = await this.router()
      .catalog.chains()
      .catch(() => []);
    const recent = this.addresses.all();
    const sender = form?.sender.trim() ?? '';
    const view = routeView(route, assets, (chainId) => {
      const chain = chains.find((c) => c.chainId === chainId);
      const derived = sender
        ? chainId === route.source_asset_chain_id
          ? sender
          : chain
            ? deriveAddress(sender, chain)
            : undefined
        : undefined;
      return { placeholder: addressHint(chain, chainId), derived, recent: recent[chainId] ?? [] };
    });
    return { route: route as unknown as RouteReply['route'], view, signature: routeSignature(route) };
  }

  /** Follows a transfer in the page: its updates are pushed, with the hops its route planned until the router reports them. */
  private follow(t: { chainId: string; txHash: string }, route: Route | undefined) {
    this.watched = { chainId: t.chainId, txHash: t.txHash, planned: route && plannedHops(route) };
    return this.watched.planned;
  }

  /** One handler per op of the protocol's table; each must return its op's reply type. */
  private readonly handlers: Handlers = {
    ...commonHandlers,
    chains: async () => {
      const chains = await this.router().catalog.chains();
      return {
        chains: chains.map((c) => ({
          chainId: c.chainId,
          name: c.name,
          group: c.initia ? 'initia' : 'other',
          addressHint: addressHint(c, c.chainId),
        })),
      };
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
    edit: async ({ form, live }) => {
      this.quotes.hold(live === false);
      const check = checkForm(form, await formContext(this.catalog(), form, this.deps.services.log));
      const key = formKey(form);
      const senderChanged = this.form?.sender !== form.sender;
      this.form = form;
      const base = check.base;
      if (
        !this.quotes.edit(
          key,
          base === undefined
            ? undefined
            : {
                sourceChainId: form.sourceChainId,
                sourceDenom: form.sourceDenom,
                destChainId: form.destChainId,
                destDenom: form.destDenom,
                amountIn: base,
                way: form.withdrawal,
              },
        )
      ) {
        // The same route: the page may have put it aside (New transfer, a reload), the sender may derive other
        // addresses and the slippage another minimum; send the quote again, as it is for this form.
        const current = this.quotes.current;
        if (current && senderChanged)
          current.value.view = await this.routeReply(current.value.route, current.value.assets, form);
        this.host.post(() => this.quoteMessage(), 'quote');
      }
      const reply: EditReply = { errors: check.errors, warnings: check.warnings, balance: check.balance, formKey: key };
      return reply;
    },
    refresh: async () => {
      const pending = this.quotes.refreshNow();
      if (!pending) throw new Error(vscode.l10n.t('Fill in the form first.'));
      await pending.catch(() => undefined);
      return true;
    },
    opHook: async (req) => {
      const route = this.route(req.route);
      const { book, intent } = await this.checking(route, req.addresses);
      const { client, catalog } = this.router();
      // The hook is asked for the user's own bech32 key (the source's, or on an EVM source the one on Initia).
      const source = req.addresses.map((a) => a.trim()).find((a) => a && !/^0x/i.test(a)) ?? '';
      const hook = await client.opHook(route, source, intent.addresses[intent.destChainId] ?? '');
      const check = checkOpHook(hook, intent, route, checkOptions(catalog, book, this.deps.clock.now()));
      this.hook = { signature: routeSignature(route), hook };
      if (check.kind !== 'matches')
        this.deps.services.log.warn(
          `Bridge: the OP hook does not match the transfer: ${[...check.mismatches, ...check.unverified].map((m) => m.text).join(' | ')}`,
        );
      // What the user copies and signs: the hook as parsed and checked.
      const shown = {
        chain_id: hook.chain_id,
        hook: hook.hook.map((m) => ({ msg_type_url: m.msg_type_url, msg: m.msg })),
      };
      return { hook: shown, summaries: summaryViews(check.summaries, await this.names()), verdict: verdictView(check) };
    },
    msgs: async (req) => {
      const route = this.route(req.route);
      // A quote older than 10 s is fetched again first; if what the user reviewed changed, they review it again.
      if (this.form && this.quotes.keeps(formKey(this.form))) {
        const fresh = await this.quotes.fresh(QUOTE_MAX_AGE_MS).catch((err: unknown) => {
          throw new Error(this.routeError(err));
        });
        if (fresh.value.view.signature !== req.signature) {
          return {
            kind: 'updated',
            route: this.withMinimum(fresh.value.view, fresh.value.route, req.slippage),
            note: vscode.l10n.t('Route updated: review and confirm again.'),
          };
        }
      } else if (routeSignature(route) !== req.signature) {
        throw new Error(vscode.l10n.t('Find the route again: the route on this page is incomplete.'));
      }
      const { client, catalog } = this.router();
      const { book, intent } = await this.checking(route, req.addresses);
      const options = checkOptions(catalog, book, this.deps.clock.now());
      // A route that needs an OP hook: the checked hook and a signed hook carrying exactly it, or no request at all.
      const hook = this.hook && this.hook.signature === routeSignature(route) ? this.hook.hook : undefined;
      const prepared = hookForMsgs(intent, route, hook, req.signedHook, options);
      if (!prepared.ok)
        throw new Error(vscode.l10n.t('The signed OP hook was refused: {0}', prepared.problems.join(' ')));
      const prefixes = await catalog.prefixes().catch(() => ({}));
      const msgs = await client.msgs({
        route,
        addresses: req.addresses,
        slippagePercent: intent.slippagePercent,
        signedOpHook: req.signedHook,
        addressPrefixes: prefixes,
      });
      await this.addresses.remember(route.required_chain_addresses ?? route.chain_ids ?? [], req.addresses);
      const verification = verifyMsgs(msgs, { intent, route, hook: prepared.value, ...options });
      if (!verification.ok)
        this.deps.services.log.warn(
          `Bridge: the messages were not verified (${verification.kind}): ${[...verification.mismatches, ...verification.unverified].map((m) => m.text).join(' | ')}`,
        );
      return { kind: 'msgs', msgs: msgsView(verification, await this.names()) };
    },
    track: async (req) => {
      const { url, catalog } = this.router();
      const route = req.route === undefined ? undefined : Route.safeParse(req.route).data;
      const wrongChain = trackChainProblem(route, req.chainId);
      if (wrongChain) throw new Error(wrongChain);
      const input = {
        txHash: req.txHash,
        chainId: req.chainId,
        route,
        routerUrl: url,
        network: this.deps.services.network.name,
        receiver: route ? this.addresses.all()[route.dest_asset_chain_id]?.[0] : undefined,
        asset: (chainId: string, denom: string) => catalog.assetNow(chainId, denom),
      };
      // Recorded at once; the router is asked once the tx has landed (the timeline says so meanwhile), and never for
      // a lossless OP withdrawal (src/transfers/trackRequest.ts).
      const t = await this.deps.tracker.track(await trackRequest(input, this.deps.services));
      return transferInfo(t, Date.now(), this.follow(t, route));
    },
    watch: async (req) => {
      const t = this.deps.tracker.get(req.chainId, normaliseTxHash(req.txHash, req.chainId));
      if (!t) throw new Error(vscode.l10n.t('This transfer is no longer tracked.'));
      const planned = this.follow(t, req.route === undefined ? undefined : Route.safeParse(req.route).data);
      if (!t.last?.terminal) this.deps.tracker.refresh(t);
      return transferInfo(t, Date.now(), planned);
    },
    openJson: async (req) => {
      if (req.what !== 'status') return openJsonDocument(req.value);
      const w = this.watched;
      if (!w) throw new Error(vscode.l10n.t('No transfer is tracked in this panel yet.'));
      await vscode.commands.executeCommand(Command.TransfersOpenStatus, w.chainId, w.txHash);
      return true;
    },
    saveJson: (req) => saveJson(req.what, req.value),
    readSignedHook: () => readSignedHook(),
  };

  dispose(): void {
    if (this.tickTimer !== undefined) this.deps.clock.clearTimeout(this.tickTimer);
    this.quotes.dispose();
    this.host.dispose();
    vscode.Disposable.from(...this.subscriptions).dispose();
  }
}
