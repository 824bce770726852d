/**
 * The bridge's live quote for the form as last edited (core/router/bridgeQuotes.ts: asked 300 ms after an edit, kept
 * fresh while the panel is visible), and the quote as the page shows it: the route's view with each chain's address
 * hint, the address derived from the sender and the recent ones, and what a swap delivers at the least at the
 * form's slippage. Part of the bridge service (service.ts); plain TypeScript, unit-tested in Node.
 */
import { deriveAddress, pickableChains } from '../core/router/catalog';
import type { RouterClient } from '../core/router/client';
import type { RouterCatalog } from '../core/router/routerLists';
import { BridgeQuotes, type AssetsOf, type Quote } from '../core/router/bridgeQuotes';
import { QUOTE_REFRESH_MS, routeSignature, type QuoteEvent } from '../core/router/quotes';
import type { Route } from '../core/router/schemas';
import type { Clock } from '../core/clock';
import { DEFAULT_SLIPPAGE, checkSlippage } from '../core/units';
import { estimatedDuration } from '../core/format';
import { errorMessage } from '../core/errors';
import { formKey, type Form, type RouteReply, type ToWebview } from './protocol';
import { addressHint, minimumReceivedText, routeErrorText, routeView } from './routeViews';

export interface QuotingDeps {
  /** The active network's router (throws, in words, when it has none). */
  router(): { client: RouterClient; catalog: RouterCatalog };
  /** The addresses remembered per chain, newest first. */
  recent(): Record<string, string[]>;
  clock: Clock;
  log: { debug(line: string): void };
  /** The quote changed: the page is to be sent `message()`. */
  onQuote(): void;
}

export class BridgeQuoting {
  private readonly quotes: BridgeQuotes<RouteReply>;
  /** The form as last edited. */
  form: Form | undefined;
  private event: QuoteEvent<Quote<RouteReply>> = { kind: 'idle' };

  constructor(private readonly deps: QuotingDeps) {
    this.quotes = new BridgeQuotes<RouteReply>({
      clock: deps.clock,
      sources: () => {
        const { client, catalog } = deps.router();
        return {
          route: (input, signal) => client.route(input, signal),
          chainInfo: (chainId) => catalog.chainInfo(chainId),
          assets: (chainId) =>
            catalog.rawAssets(chainId).catch((err: unknown) => {
              deps.log.debug(`Bridge: no asset decimals for ${chainId} (${errorMessage(err)})`);
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
      errorText: (err) => routeError(err),
      onEvent: (event) => {
        this.event = event;
        deps.onQuote();
      },
    });
  }

  /**
   * The form changed: its route is asked again when it differs (`base`: the amount in base units, undefined while the
   * form is incomplete). The same route: the page may have put it aside (New transfer, a reload), the sender may
   * derive other addresses and the slippage another minimum; the quote is sent again, as it is for this form.
   */
  async edit(form: Form, base: string | undefined): Promise<void> {
    const senderChanged = this.form?.sender !== form.sender;
    this.form = form;
    const request =
      base === undefined
        ? undefined
        : {
            sourceChainId: form.sourceChainId,
            sourceDenom: form.sourceDenom,
            destChainId: form.destChainId,
            destDenom: form.destDenom,
            amountIn: base,
            way: form.withdrawal,
          };
    if (this.quotes.edit(formKey(form), request)) return;
    const current = this.quotes.current;
    if (current && senderChanged)
      current.value.view = await this.routeReply(current.value.route, current.value.assets, form);
    this.deps.onQuote();
  }

  /** `held`: the page shows messages or a transfer made from the route, which stays as it is (not refreshed). */
  hold(held: boolean): void {
    this.quotes.hold(held);
  }

  /** The route of the quote in hand, if any. */
  get route(): Route | undefined {
    return this.quotes.current?.value.route;
  }

  /** Fetches the route again now; undefined while the form is incomplete. */
  refreshNow(): Promise<unknown> | undefined {
    return this.quotes.refreshNow();
  }

  /** The quote for the form as last edited, fetched again first when older than `maxAgeMs`; undefined for another form. */
  async fresh(maxAgeMs: number): Promise<Quote<RouteReply> | undefined> {
    if (!this.form || !this.quotes.keeps(formKey(this.form))) return undefined;
    const fresh = await this.quotes.fresh(maxAgeMs).catch((err: unknown) => {
      throw new Error(routeError(err));
    });
    return fresh.value;
  }

  setVisible(visible: boolean): void {
    this.quotes.setVisible(visible);
  }

  /** Another network, another router: the route is asked anew. */
  reset(): void {
    this.quotes.reset();
  }

  /** The quote as the webview shows it, made when it is sent (its age and minimum are right even after waiting for ready). */
  message(): ToWebview {
    const e = this.event;
    const base = { formKey: this.form ? formKey(this.form) : '', refreshSeconds: QUOTE_REFRESH_MS / 1000 };
    const age = (at: number) => Math.max(0, this.deps.clock.now() - at);
    switch (e.kind) {
      case 'idle':
      case 'loading':
        return { type: 'quote', quote: { ...base, status: e.kind } };
      case 'quote': {
        const route = this.withMinimum(e.value.view, e.value.route, this.form?.slippage);
        return {
          type: 'quote',
          quote: { ...base, status: 'ready', route, ageMs: age(e.at), withdrawal: e.value.withdrawal },
        };
      }
      case 'error':
        return { type: 'quote', quote: { ...base, status: 'error', error: routeError(e.error), ageMs: age(e.at) } };
    }
  }

  /** The route's view with what a swap delivers at the least at this slippage. */
  withMinimum(reply: RouteReply, route: Route, slippage = ''): RouteReply {
    let minimumReceived: string | undefined;
    try {
      const tolerance = checkSlippage(slippage.trim() || DEFAULT_SLIPPAGE).value;
      minimumReceived =
        tolerance === undefined
          ? undefined
          : minimumReceivedText(route, tolerance, (c) => this.deps.router().catalog.loaded(c));
    } catch {
      minimumReceived = undefined;
    }
    return { ...reply, view: { ...reply.view, minimumReceived } };
  }

  /** A route as the panel shows it, with each chain's address hint, the address derived from the sender, and the recent ones. */
  private async routeReply(route: Route, assets: AssetsOf, form: Form | undefined): Promise<RouteReply> {
    const chains = await pickableChains(this.deps.router().catalog).catch(() => []);
    const recent = this.deps.recent();
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

  dispose(): void {
    this.quotes.dispose();
  }
}

/** A failed route request in words. */
export function routeError(err: unknown): string {
  return routeErrorText(err) ?? errorMessage(err);
}
