/**
 * A quote that stays fresh (pure: the clock is injected). The bridge panel asks for a route 300 ms after the last
 * edit of a complete form, then again every 10 s while the panel is visible, and never while it is hidden
 * (InterwovenKit's rules: 300 ms debounce, 10 s refetch, ROUTE_MAX_AGE_MS 10 s before confirming).
 *
 * - `edit(fetch)`: the form changed. The request in flight (if any) is aborted and its answer dropped; a new one
 *   starts after the debounce. `edit(undefined)`: the form is incomplete, nothing is asked and the quote is cleared.
 * - `setVisible(false)` stops the timer (a request in flight still lands); `setVisible(true)` asks at once when the
 *   quote is older than the refresh period, else waits for what is left of it.
 * - `fresh(maxAgeMs)`: the quote, fetched again first when it is older than `maxAgeMs` (before "Generate messages").
 * Exactly one request per period while visible: the next one is scheduled when the previous one has answered.
 */
import type { Clock } from '../clock';
import type { Route } from './schemas';

const QUOTE_DEBOUNCE_MS = 300;
export const QUOTE_REFRESH_MS = 10_000;
/** A quote older than this is fetched again before the messages are generated. */
export const QUOTE_MAX_AGE_MS = 10_000;

type QuoteFetch<Q> = (signal: AbortSignal) => Promise<Q>;

export type QuoteEvent<Q> =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'quote'; value: Q; at: number }
  | { kind: 'error'; error: unknown; at: number };

interface QuoteRefresherOptions<Q> {
  clock: Clock;
  onEvent: (event: QuoteEvent<Q>) => void;
  debounceMs?: number;
  refreshMs?: number;
}

export class QuoteRefresher<Q> {
  private fetcher: QuoteFetch<Q> | undefined;
  private timer: unknown;
  private inFlight: { controller: AbortController; promise: Promise<Q> } | undefined;
  private visible = true;
  private last: { value: Q; at: number } | undefined;
  /** When the last request (answered or failed) ended: the refresh period counts from there. */
  private lastEndedAt: number | undefined;
  private disposed = false;
  private generation = 0;
  private readonly debounceMs: number;
  private readonly refreshMs: number;

  constructor(private readonly options: QuoteRefresherOptions<Q>) {
    this.debounceMs = options.debounceMs ?? QUOTE_DEBOUNCE_MS;
    this.refreshMs = options.refreshMs ?? QUOTE_REFRESH_MS;
  }

  /** The last quote and when it came (clock ms), if the current form has one. */
  get current(): { value: Q; at: number } | undefined {
    return this.last;
  }

  /** How old the current quote is (ms), if there is one. */
  age(): number | undefined {
    return this.last ? this.options.clock.now() - this.last.at : undefined;
  }

  get isVisible(): boolean {
    return this.visible;
  }

  /** The form changed: a new quote after the debounce (or none, for an incomplete form). */
  edit(fetch: QuoteFetch<Q> | undefined): void {
    if (this.disposed) return;
    this.generation++;
    this.abort();
    this.clearTimer();
    this.fetcher = fetch;
    this.last = undefined;
    this.lastEndedAt = undefined;
    if (!fetch) {
      this.options.onEvent({ kind: 'idle' });
      return;
    }
    this.options.onEvent({ kind: 'loading' });
    if (this.visible) this.schedule(this.debounceMs);
  }

  setVisible(visible: boolean): void {
    if (this.disposed || visible === this.visible) return;
    this.visible = visible;
    this.clearTimer();
    if (!visible || !this.fetcher || this.inFlight) return;
    const since = this.lastEndedAt === undefined ? Infinity : this.options.clock.now() - this.lastEndedAt;
    this.schedule(since >= this.refreshMs ? 0 : this.refreshMs - since);
  }

  /** Asks now (a "Refresh" button), unless a request is already on its way. */
  refreshNow(): Promise<Q> | undefined {
    if (this.disposed || !this.fetcher) return undefined;
    if (this.inFlight) return this.inFlight.promise;
    this.clearTimer();
    return this.fetch();
  }

  /** The quote, fetched again first when it is older than `maxAgeMs` (or there is none yet). */
  async fresh(maxAgeMs = QUOTE_MAX_AGE_MS): Promise<{ value: Q; at: number; refetched: boolean }> {
    if (!this.fetcher) throw new Error('The form is not complete.');
    const age = this.age();
    if (this.last && !this.inFlight && age !== undefined && age <= maxAgeMs) return { ...this.last, refetched: false };
    const pending = this.refreshNow();
    if (!pending) throw new Error('The form is not complete.');
    const value = await pending;
    return { value, at: this.last?.at ?? this.options.clock.now(), refetched: true };
  }

  dispose(): void {
    this.disposed = true;
    this.abort();
    this.clearTimer();
  }

  private schedule(ms: number): void {
    this.clearTimer();
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = undefined;
      void this.fetch().catch(() => undefined);
    }, ms);
  }

  private fetch(): Promise<Q> {
    const fetcher = this.fetcher!;
    const generation = this.generation;
    const controller = new AbortController();
    const promise = fetcher(controller.signal);
    this.inFlight = { controller, promise };
    const settle = () => {
      if (this.inFlight?.promise === promise) this.inFlight = undefined;
    };
    const current = () => generation === this.generation && !this.disposed;
    promise.then(
      (value) => {
        settle();
        if (!current()) return;
        const at = this.options.clock.now();
        this.last = { value, at };
        this.lastEndedAt = at;
        this.options.onEvent({ kind: 'quote', value, at });
        if (this.visible) this.schedule(this.refreshMs);
      },
      (error: unknown) => {
        settle();
        if (!current()) return;
        const at = this.options.clock.now();
        this.lastEndedAt = at;
        this.options.onEvent({ kind: 'error', error, at });
        if (this.visible) this.schedule(this.refreshMs);
      },
    );
    return promise;
  }

  private abort(): void {
    this.inFlight?.controller.abort();
    this.inFlight = undefined;
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.options.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/**
 * What a person reviewed of a route, as one string: the amounts, the operations, the fees, the duration and the
 * warnings. Two routes with the same signature need no second look; a different one does ("Route updated").
 */
export function routeSignature(route: Route): string {
  const fees = (route.estimated_fees ?? []).map((f) => [
    String(f.amount ?? ''),
    f.origin_asset?.denom ?? '',
    f.fee_behavior ?? '',
  ]);
  return JSON.stringify([
    route.amount_in,
    String(route.estimated_amount_out ?? route.amount_out ?? ''),
    route.operations,
    fees,
    route.estimated_route_duration_seconds ?? null,
    route.warning?.type ?? null,
    route.warning?.message ?? null,
    route.extra_warnings ?? [],
    route.required_op_hook === true,
  ]);
}
