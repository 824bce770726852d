/**
 * A list loaded page by page from the indexer, for tree views: pure state, no VS Code.
 *  - a page is fetched only when asked (loadMore), one load at a time; concurrent calls share the load in flight;
 *  - the next page is asked with the server's next_key (offset = items loaded, only when a full page came without one);
 *  - the list has ended on an empty or short page, whatever next_key says (the real indexer sends one on the last page);
 *  - a failed page keeps the pages already loaded and remembers the error; the next loadMore retries the same page;
 *  - newer items can be put in front (following a growing chain) without reloading the rest.
 */
import { isCancelled } from './errors';
import { clampLimit, pageInfo, type PageRequest } from './indexer/paging';
import type { Pagination } from './indexer/schemas';

export interface Page<T> {
  items: readonly T[];
  pagination?: Pagination | null;
}

export type PageFetcher<T> = (request: PageRequest, signal: AbortSignal) => Promise<Page<T>>;

type PagedListState = 'idle' | 'loading' | 'error' | 'ended';

export class PagedList<T> {
  private list: T[] = [];
  private nextKey: string | undefined;
  private done = false;
  private failure: unknown;
  private inFlight: Promise<void> | undefined;
  private controller: AbortController | undefined;
  private totalCount: bigint | undefined;
  private pageCount = 0;
  private generation = 0;

  constructor(
    private readonly fetchPage: PageFetcher<T>,
    private readonly limit: number,
  ) {}

  get items(): readonly T[] {
    return this.list;
  }

  /** Pages loaded so far. */
  get pages(): number {
    return this.pageCount;
  }

  /** The server's total when it gave a meaningful one. */
  get total(): bigint | undefined {
    return this.totalCount;
  }

  get error(): unknown {
    return this.failure;
  }

  get state(): PagedListState {
    if (this.inFlight) return 'loading';
    if (this.failure !== undefined) return 'error';
    return this.done ? 'ended' : 'idle';
  }

  /** Whether another page may exist (or the first has not been asked for yet). */
  get hasMore(): boolean {
    return !this.done;
  }

  get loaded(): boolean {
    return this.pageCount > 0 || this.done;
  }

  /** Fetches the next page. Resolves when it is in (or failed: see `error`); never rejects. */
  loadMore(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    if (this.done) return Promise.resolve();
    const generation = this.generation;
    const controller = new AbortController();
    this.controller = controller;
    const request: PageRequest = { limit: clampLimit(this.limit) };
    if (this.nextKey) request.key = this.nextKey;
    else if (this.list.length > 0) request.offset = this.list.length;
    this.inFlight = (async () => {
      try {
        const page = await this.fetchPage(request, controller.signal);
        if (generation !== this.generation) return;
        const info = pageInfo(page.items.length, page.pagination, request.limit);
        this.list.push(...page.items);
        this.pageCount++;
        this.failure = undefined;
        if (info.total !== undefined) this.totalCount = info.total;
        // A full page with no key: go on by offset (offset-only endpoints); a short or empty page: the end.
        this.done = page.items.length < request.limit! || page.items.length === 0;
        this.nextKey = info.nextKey;
      } catch (err) {
        if (generation !== this.generation) return;
        // A cancelled load (reset, dispose) is not an error to show.
        this.failure = isCancelled(err) ? undefined : err;
      } finally {
        if (generation === this.generation) {
          this.inFlight = undefined;
          this.controller = undefined;
        }
      }
    })();
    return this.inFlight;
  }

  /** Puts newer items in front (they must not be in the list already). */
  prepend(items: readonly T[]): void {
    if (items.length === 0) return;
    this.list.unshift(...items);
    if (this.totalCount !== undefined) this.totalCount += BigInt(items.length);
  }

  /** Forgets everything (and abandons a load in flight): the next loadMore fetches the first page again. */
  reset(): void {
    this.generation++;
    this.controller?.abort();
    this.controller = undefined;
    this.inFlight = undefined;
    this.list = [];
    this.nextKey = undefined;
    this.done = false;
    this.failure = undefined;
    this.totalCount = undefined;
    this.pageCount = 0;
  }

  dispose(): void {
    this.reset();
  }
}
