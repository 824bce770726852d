/**
 * The bridge's use cases, one method per thing the user does in the panel: pick chains and assets, edit the form
 * (checked, and its quote kept fresh: quoting.ts), get the OP hook and the messages to sign (checked before signing:
 * core/router/verify.ts), track a broadcast transfer and follow it. It works over injected sources (the router, the
 * trust anchors, the tracker, the remembered addresses, the names, the clock) and answers with the protocol's view
 * models; it imports nothing of VS Code, so it is unit-tested in plain Node (test/unit/bridgeService.test.ts). The
 * panel's host (session.ts) maps each op of the protocol to one of these methods.
 */
// `npm run l10n:export` finds the l10n.t calls only in files that import l10n from vscode: this type-only import
// (erased when compiled, so the file still runs in plain Node) names it; the words come from the injected L10n.
import { pickableAssets, pickableChains, routerPrefixes } from '../core/router/catalog';
import type { l10n } from 'vscode';
import { normaliseTxHash, type RouterClient } from '../core/router/client';
import type { RouterCatalog } from '../core/router/routerLists';
import { QUOTE_MAX_AGE_MS, routeSignature } from '../core/router/quotes';
import type { Clock } from '../core/clock';
import type { L10n } from '../core/l10n';
import { verifyMsgs, type Intent } from '../core/router/verify';
import { checkOpHook, hookForMsgs } from '../core/router/check/hook';
import { Route, type OpHook } from '../core/router/schemas';
import type { AnchorBook } from '../core/router/check/anchors';
import type { AddressNames } from '../core/names';
import type { NetworkProfile } from '../core/networks';
import type { TrackedTransfer } from '../core/router/records';
import { DEFAULT_SLIPPAGE, SLIPPAGE_PRESETS } from '../core/units';
import { groupDigits } from '../core/format';
import { errorMessage } from '../core/errors';
import { unencryptedOrigins } from '../core/networks';
import type { Services } from '../platform/services';
import type { TransferTracker } from '../transfers/tracker';
import { trackChainProblem, trackRequest } from '../transfers/trackRequest';
import { formKey, type Args, type Defaults, type EditReply, type HopInfo, type Reply } from './protocol';
import type { RecentAddresses } from './addresses';
import type { BridgeAnchors } from './anchors';
import { checkForm } from './formCheck';
import { checkOptions, formContext, intentOf, type ChainDecimals } from './intent';
import { BridgeQuoting } from './quoting';
import { addressHint, msgsView, plannedHops, summaryViews, transferInfo, verdictView } from './routeViews';

/** While the panel is visible and follows a transfer in progress, its status is asked this often (ms). */
const WATCHED_POLL_MS = 5000;

/** What the bridge service works over; the panel's host makes them from the services (session.ts). */
export interface BridgeSources {
  /** The active network. */
  network(): NetworkProfile;
  /** The router client and the router's lists (cached) for a router URL. */
  router(routerUrl: string, networkName: string): RouterClient;
  catalog(routerUrl: string, networkName: string): RouterCatalog;
  /** What is known of a chain without a request (an OP withdrawal's executor). */
  chainFacts: Services['chainFacts'];
  /** The names the workspace's deployments give addresses. */
  names: AddressNames;
  anchors: Pick<BridgeAnchors, 'book'>;
  decimals: Pick<ChainDecimals, 'get'>;
  tracker: Pick<TransferTracker, 'track' | 'get' | 'refresh'>;
  addresses: Pick<RecentAddresses, 'all' | 'remember'>;
  clock: Clock;
  log: { debug(line: string): void; info(line: string): void; warn(line: string): void };
  l10n: L10n;
}

/** What the service tells its host. */
export interface BridgeEvents {
  /** The quote changed: send the page `quoteMessage()`. */
  onQuote(): void;
  /** Whether the panel is visible (a followed transfer is asked about only then). */
  visible(): boolean;
}

type Watched = { chainId: string; txHash: string; planned?: HopInfo[] };

export class BridgeService {
  private readonly quoting: BridgeQuoting;
  /** The transfer the page follows, with the hops its route planned. */
  private followed: Watched | undefined;
  /** The OP hook the router answered, as it was checked and shown (the signed hook must carry exactly it). */
  private hook: { signature: string; hook: OpHook } | undefined;
  private tickTimer: unknown;

  constructor(
    private readonly sources: BridgeSources,
    private readonly events: BridgeEvents,
  ) {
    this.quoting = new BridgeQuoting({
      router: () => this.router(),
      recent: () => sources.addresses.all(),
      clock: sources.clock,
      log: sources.log,
      onQuote: () => events.onQuote(),
    });
    this.tickTimer = sources.clock.setTimeout(() => this.tick(), WATCHED_POLL_MS);
  }

  /** The transfer the page follows, if any. */
  get watched(): Readonly<Watched> | undefined {
    return this.followed;
  }

  /** Whether the page has a form (its quote is sent again to a new document). */
  get hasForm(): boolean {
    return this.quoting.form !== undefined;
  }

  /** The router's defaults for the page: the network, its router (and whether it is unencrypted), the slippages. */
  defaults(): Defaults {
    const network = this.sources.network();
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

  /** The live quote as the page shows it. */
  quoteMessage(): ReturnType<BridgeQuoting['message']> {
    return this.quoting.message();
  }

  setVisible(visible: boolean): void {
    this.quoting.setVisible(visible);
  }

  /** Another network, another router: the route is asked anew. */
  networkChanged(): void {
    this.quoting.reset();
  }

  /** The followed transfer as the page shows it, when `t` (or, for undefined, any change) concerns it. */
  transferChanged(t: TrackedTransfer | undefined): Reply<'track'> | undefined {
    const w = this.followed;
    if (!w) return undefined;
    const current = t ?? this.sources.tracker.get(w.chainId, w.txHash);
    if (!current || current.chainId !== w.chainId || current.txHash !== w.txHash) return undefined;
    return transferInfo(current, Date.now(), w.planned);
  }

  /** The chains the router knows, for the pickers. */
  async chains(): Promise<Reply<'chains'>> {
    const chains = await pickableChains(this.router().catalog);
    return {
      chains: chains.map((c) => ({
        chainId: c.chainId,
        name: c.name,
        group: c.initia ? 'initia' : 'other',
        addressHint: addressHint(c, c.chainId),
      })),
    };
  }

  /** The assets of a chain, with the address's balances when one is given. */
  async assets({ chainId, address }: Args<'assets'>): Promise<Reply<'assets'>> {
    const { catalog } = this.router();
    const { l10n } = this.sources;
    const sender = address.trim();
    let balances: Awaited<ReturnType<RouterCatalog['balances']>> | undefined;
    let balanceNote: string | undefined;
    if (!sender) balanceNote = l10n.t('Enter your address to see your balances.');
    else {
      try {
        balances = await catalog.balances(chainId, sender);
      } catch (err) {
        balanceNote = l10n.t('No balances: {0}', errorMessage(err));
      }
    }
    const options = await pickableAssets(catalog, chainId, balances);
    const assets = options.map((a) => ({
      denom: a.denom,
      label: a.label,
      symbol: a.symbol,
      name: a.name && a.name !== a.label ? a.name : undefined,
      origin: a.originChainId && a.originChainId !== chainId ? l10n.t('from {0}', a.originChainId) : undefined,
      balance: a.balance ? `${a.balance.whole ?? groupDigits(a.balance.base)} ${a.symbol}` : undefined,
      convertible: typeof a.decimals === 'number',
    }));
    return { assets, balanceNote };
  }

  /** The form changed: every field checked, and its route asked for (once complete) and kept fresh. */
  async edit({ form, live }: Args<'edit'>): Promise<EditReply> {
    this.quoting.hold(live === false);
    const check = checkForm(form, await formContext(this.catalog(), form, this.sources.log));
    await this.quoting.edit(form, check.base);
    return { errors: check.errors, warnings: check.warnings, balance: check.balance, formKey: formKey(form) };
  }

  /** Fetches the route again now. */
  async refresh(): Promise<boolean> {
    const { l10n } = this.sources;
    const pending = this.quoting.refreshNow();
    if (!pending) throw new Error(l10n.t('Fill in the form first.'));
    await pending.catch(() => undefined);
    return true;
  }

  /** The OP hook the route needs signed, checked against what the user asked for. */
  async opHook(req: Args<'opHook'>): Promise<Reply<'opHook'>> {
    const route = this.route(req.route);
    const { book, intent } = await this.checking(route, req.addresses);
    const { client, catalog } = this.router();
    // The hook is asked for the user's own bech32 key (the source's, or on an EVM source the one on Initia).
    const source = req.addresses.map((a) => a.trim()).find((a) => a && !/^0x/i.test(a)) ?? '';
    const hook = await client.opHook(route, source, intent.addresses[intent.destChainId] ?? '');
    const check = checkOpHook(hook, intent, route, checkOptions(catalog, book, this.sources.clock.now()));
    this.hook = { signature: routeSignature(route), hook };
    if (check.kind !== 'matches')
      this.sources.log.warn(
        `Bridge: the OP hook does not match the transfer: ${[...check.mismatches, ...check.unverified].map((m) => m.text).join(' | ')}`,
      );
    // What the user copies and signs: the hook as parsed and checked.
    const shown = {
      chain_id: hook.chain_id,
      hook: hook.hook.map((m) => ({ msg_type_url: m.msg_type_url, msg: m.msg })),
    };
    return { hook: shown, summaries: summaryViews(check.summaries, await this.names()), verdict: verdictView(check) };
  }

  /** The messages to sign (the route fetched again first when older than 10 s), decoded and checked. */
  async msgs(req: Args<'msgs'>): Promise<Reply<'msgs'>> {
    const { l10n } = this.sources;
    const route = this.route(req.route);
    // A quote older than 10 s is fetched again first; if what the user reviewed changed, they review it again.
    const fresh = await this.quoting.fresh(QUOTE_MAX_AGE_MS);
    if (fresh && fresh.view.signature !== req.signature)
      return {
        kind: 'updated',
        route: this.quoting.withMinimum(fresh.view, fresh.route, req.slippage),
        note: l10n.t('Route updated: review and confirm again.'),
      };
    if (!fresh && routeSignature(route) !== req.signature)
      throw new Error(l10n.t('Find the route again: the route on this page is incomplete.'));
    const { client, catalog } = this.router();
    const { book, intent } = await this.checking(route, req.addresses);
    const options = checkOptions(catalog, book, this.sources.clock.now());
    // A route that needs an OP hook: the checked hook and a signed hook carrying exactly it, or no request at all.
    const hook = this.hook && this.hook.signature === routeSignature(route) ? this.hook.hook : undefined;
    const prepared = hookForMsgs(intent, route, hook, req.signedHook, options);
    if (!prepared.ok) throw new Error(l10n.t('The signed OP hook was refused: {0}', prepared.problems.join(' ')));
    const prefixes = await routerPrefixes(catalog).catch(() => ({}));
    const msgs = await client.msgs({
      route,
      addresses: req.addresses,
      slippagePercent: intent.slippagePercent,
      signedOpHook: req.signedHook,
      addressPrefixes: prefixes,
    });
    await this.sources.addresses.remember(route.required_chain_addresses ?? route.chain_ids ?? [], req.addresses);
    const verification = verifyMsgs(msgs, { intent, route, hook: prepared.value, ...options });
    if (!verification.ok)
      this.sources.log.warn(
        `Bridge: the messages were not verified (${verification.kind}): ${[...verification.mismatches, ...verification.unverified].map((m) => m.text).join(' | ')}`,
      );
    return { kind: 'msgs', msgs: msgsView(verification, await this.names()) };
  }

  /**
   * Tracks a broadcast transaction and follows it: recorded at once; the router is asked once the tx has landed (the
   * timeline says so meanwhile), and never for a lossless OP withdrawal (src/transfers/trackRequest.ts).
   */
  async track(req: Args<'track'>): Promise<Reply<'track'>> {
    const network = this.sources.network();
    const { url, catalog } = this.router();
    const route = req.route === undefined ? undefined : Route.safeParse(req.route).data;
    const wrongChain = trackChainProblem(route, req.chainId);
    if (wrongChain) throw new Error(wrongChain);
    const input = {
      txHash: req.txHash,
      chainId: req.chainId,
      route,
      routerUrl: url,
      network: network.name,
      receiver: route ? this.sources.addresses.all()[route.dest_asset_chain_id]?.[0] : undefined,
      asset: (chainId: string, denom: string) => catalog.assetNow(chainId, denom),
    };
    const t = await this.sources.tracker.track(await trackRequest(input, this.sources));
    return transferInfo(t, Date.now(), this.follow(t, route));
  }

  /** Follows a transfer that is already tracked (after the panel came back), with the route it follows. */
  async watch(req: Args<'watch'>): Promise<Reply<'watch'>> {
    const { tracker, l10n } = this.sources;
    const t = tracker.get(req.chainId, normaliseTxHash(req.txHash, req.chainId));
    if (!t) throw new Error(l10n.t('This transfer is no longer tracked.'));
    const planned = this.follow(t, req.route === undefined ? undefined : Route.safeParse(req.route).data);
    if (!t.last?.terminal) tracker.refresh(t);
    return transferInfo(t, Date.now(), planned);
  }

  /** Follows a transfer in the page: its updates are pushed, with the hops its route planned until the router reports them. */
  private follow(t: { chainId: string; txHash: string }, route: Route | undefined): HopInfo[] | undefined {
    this.followed = { chainId: t.chainId, txHash: t.txHash, planned: route && plannedHops(route) };
    return this.followed.planned;
  }

  /** While the panel is visible, the followed transfer in progress is asked about every few seconds. */
  private tick(): void {
    const w = this.followed;
    const t = w && this.sources.tracker.get(w.chainId, w.txHash);
    if (t && this.events.visible() && !t.last?.terminal && t.watching) this.sources.tracker.refresh(t);
    this.tickTimer = this.sources.clock.setTimeout(() => this.tick(), WATCHED_POLL_MS);
  }

  private router(): { client: RouterClient; url: string; catalog: RouterCatalog } {
    const { l10n } = this.sources;
    const network = this.sources.network();
    if (!network.routerUrl)
      throw new Error(l10n.t('The network "{0}" has no router URL (routerUrl in initia.networks).', network.name));
    return {
      client: this.sources.router(network.routerUrl, network.name),
      url: network.routerUrl,
      catalog: this.sources.catalog(network.routerUrl, network.name),
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
  private async names(): Promise<(address: string, chainId?: string) => string | undefined> {
    const { names } = this.sources;
    await names.ready();
    return (address, chainId) => (chainId ? names.nameOf(address, { chainId })?.name : undefined);
  }

  private route(value: unknown): Route {
    const { l10n } = this.sources;
    const parsed = Route.safeParse(value);
    if (!parsed.success) throw new Error(l10n.t('Find the route again: the route on this page is incomplete.'));
    return parsed.data;
  }

  /** The user's intent and the route's trust anchors (gathered once per source and panel: bridge/anchors.ts). */
  private async checking(route: Route, addresses: readonly string[]): Promise<{ book: AnchorBook; intent: Intent }> {
    const book = await this.sources.anchors.book(route);
    const { log, decimals, l10n } = this.sources;
    const ctx = (form: Parameters<typeof formContext>[1]) => formContext(this.catalog(), form, log);
    return { book, intent: await intentOf(this.quoting.form, route, addresses, ctx, decimals, book, l10n) };
  }

  dispose(): void {
    if (this.tickTimer !== undefined) this.sources.clock.clearTimeout(this.tickTimer);
    this.quoting.dispose();
  }
}

/** What the session passes as `L10n`: VS Code's own (see the import above). */
export type HostL10n = typeof l10n;
