/**
 * The bridge panel's quote for the form it shows (pure: the clock and the router are injected; the panel host only
 * wires it). It keeps the route fresh through QuoteRefresher (300 ms after the last edit of a complete form, then
 * every 10 s while the panel is visible and the page shows the route live), and makes each quote: the route, the
 * assets of its chains (for whole units, when the router lists them) and, from an Initia rollup to Initia L1, the
 * other way of the withdrawal. The OP bridge (lossless, slow) and the usual route (fast) are both asked once per form;
 * only the chosen way is refreshed after that, and the other's answer (or its failure) is kept for the choice.
 */
import type { RouteInput } from './client';
import type { Clock } from '../clock';
import { QuoteRefresher, type QuoteEvent } from './quotes';
import type { Asset, ChainInfo, Route } from './schemas';

type Way = 'fast' | 'lossless';

/** What the form asks a route for (the amount in base units). */
export interface QuoteRequest {
  sourceChainId: string;
  sourceDenom: string;
  destChainId: string;
  destDenom: string;
  amountIn: string;
  way: Way;
}

/** What a quote needs of the router of the moment. */
interface QuoteSources {
  route(input: RouteInput, signal: AbortSignal): Promise<Route>;
  chainInfo(chainId: string): Promise<ChainInfo | undefined>;
  /** The router's assets on a chain; undefined when they cannot be had (the quote then says base units only). */
  assets(chainId: string): Promise<readonly Asset[] | undefined>;
}

/** One way of an OP withdrawal as the choice shows it: what arrives and how long it takes, or why it cannot. */
interface WayView {
  amountOut: string;
  duration: string;
  error?: string;
}

export type AssetsOf = (chainId: string) => readonly Asset[] | undefined;

export interface Quote<V> {
  route: Route;
  /** The assets of the route's chains, as loaded for it. */
  assets: AssetsOf;
  /** The quote as the panel shows it. */
  view: V;
  /** From a rollup to Initia on an asset the OP bridge takes: both ways. */
  withdrawal?: { fast?: WayView; lossless?: WayView };
}

interface BridgeQuotesOptions<V> {
  clock: Clock;
  sources: () => QuoteSources;
  /** The quote as the panel shows it. */
  view: (route: Route, assets: AssetsOf) => Promise<V>;
  /** A way of the withdrawal in words. */
  way: (route: Route, assets: AssetsOf) => WayView;
  /** A failed route in words. */
  errorText: (err: unknown) => string;
  onEvent: (event: QuoteEvent<Quote<V>>) => void;
}

/** From an Initia rollup to Initia L1: the OP bridge can take it besides the usual route. */
function isOpWithdrawal(source: ChainInfo | undefined, dest: ChainInfo | undefined): boolean {
  return (
    !!source &&
    !!dest &&
    dest.chain_name === 'initia' &&
    source.chain_name !== 'initia' &&
    source.bech32_prefix === 'init'
  );
}

export class BridgeQuotes<V> {
  private readonly refresher: QuoteRefresher<Quote<V>>;
  private key = '';
  private armed = false;
  private visible = true;
  private held = false;
  /** The other way of an OP withdrawal, asked once per form (whatever the way chosen). */
  private alternative: { key: string; fast?: WayView; lossless?: WayView } | undefined;

  constructor(private readonly options: BridgeQuotesOptions<V>) {
    this.refresher = new QuoteRefresher<Quote<V>>({ clock: options.clock, onEvent: options.onEvent });
  }

  /**
   * The form is `key` (the same key: the same route), asking `request` when it is complete. Returns true when the
   * route is asked anew (after the debounce), false when the form still asks for the route already on its way.
   */
  edit(key: string, request: QuoteRequest | undefined): boolean {
    const armed = request !== undefined;
    if (key === this.key && armed === this.armed) return false;
    this.key = key;
    this.armed = armed;
    this.refresher.edit(request && ((signal) => this.fetch(request, signal)));
    return true;
  }

  /** Whether the route of this form is the one kept fresh. */
  keeps(key: string): boolean {
    return this.armed && key === this.key;
  }

  /** The panel is shown or hidden. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    this.refresher.setVisible(this.visible && !this.held);
  }

  /** The page shows messages or a transfer made from the route: it is not refreshed until it shows it live again. */
  hold(held: boolean): void {
    this.held = held;
    this.refresher.setVisible(this.visible && !this.held);
  }

  /** Another router: the next edit asks the route anew, even for the same form. */
  reset(): void {
    this.key = '';
    this.armed = false;
  }

  get current(): { value: Quote<V>; at: number } | undefined {
    return this.refresher.current;
  }

  refreshNow(): Promise<Quote<V>> | undefined {
    return this.refresher.refreshNow();
  }

  fresh(maxAgeMs: number): Promise<{ value: Quote<V>; at: number; refetched: boolean }> {
    return this.refresher.fresh(maxAgeMs);
  }

  dispose(): void {
    this.refresher.dispose();
  }

  /** Asks the router for the form's route (and, for an OP withdrawal, the other way once per form). */
  private async fetch(request: QuoteRequest, signal: AbortSignal): Promise<Quote<V>> {
    const sources = this.options.sources();
    const input = {
      amountIn: request.amountIn,
      sourceChainId: request.sourceChainId.trim(),
      sourceDenom: request.sourceDenom.trim(),
      destChainId: request.destChainId.trim(),
      destDenom: request.destDenom.trim(),
    };
    const [source, dest] = await Promise.all([
      sources.chainInfo(input.sourceChainId),
      sources.chainInfo(input.destChainId),
    ]).catch(() => [undefined, undefined]);
    const opWithdrawal = isOpWithdrawal(source, dest);
    const lossless = opWithdrawal && request.way === 'lossless';
    const ask = (isOpWithdraw: boolean | undefined) =>
      sources.route({ ...input, ...(isOpWithdraw === undefined ? {} : { isOpWithdraw }) }, signal);
    const route = await ask(opWithdrawal ? lossless : undefined);
    // Whole units when the router knows the assets' decimals (cached per chain; a failure only costs the words).
    const lists = new Map<string, readonly Asset[]>();
    await Promise.all(
      [...new Set([route.source_asset_chain_id, route.dest_asset_chain_id])].map(async (c) => {
        const list = await sources.assets(c);
        if (list) lists.set(c, list);
      }),
    );
    const assets: AssetsOf = (c) => lists.get(c);
    const view = await this.options.view(route, assets);
    if (!opWithdrawal) return { route, assets, view };

    const formKey = JSON.stringify([
      input.sourceChainId,
      input.sourceDenom,
      input.destChainId,
      input.destDenom,
      input.amountIn,
    ]);
    if (this.alternative?.key !== formKey) this.alternative = { key: formKey };
    const alternative = this.alternative;
    alternative[lossless ? 'lossless' : 'fast'] = this.options.way(route, assets);
    const other: Way = lossless ? 'fast' : 'lossless';
    if (!alternative[other]) {
      try {
        alternative[other] = this.options.way(await ask(!lossless), assets);
      } catch (err) {
        if (signal.aborted) throw err;
        alternative[other] = { amountOut: '', duration: '', error: this.options.errorText(err) };
      }
    }
    // Offered only when the OP bridge has a route for this asset.
    const withdrawal =
      alternative.lossless && !alternative.lossless.error
        ? { fast: alternative.fast, lossless: alternative.lossless }
        : undefined;
    return { route, assets, view, withdrawal };
  }
}
