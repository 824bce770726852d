/**
 * Paging over the indexer's lists. The real server returns `next_key` even on the last page of cursor lists
 * (blocks, txs) and `null` keys (not "") when absent; so a list has ended on an empty or short page, whatever
 * `next_key` says. Keys are base64 and are URL-encoded when sent back (URLSearchParams does that).
 */
import type { Pagination } from './schemas';

export const MAX_LIMIT = 1000;
const DEFAULT_LIMIT = 100;

export interface PageRequest {
  key?: string;
  offset?: number;
  limit?: number;
  countTotal?: boolean;
  /** true (the server's default) = newest first. */
  reverse?: boolean;
}

export function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_LIMIT;
  return Math.min(MAX_LIMIT, Math.max(1, Math.floor(limit)));
}

export function pageQuery(page: PageRequest = {}): Array<[string, string]> {
  const q: Array<[string, string]> = [];
  if (page.key) q.push(['pagination.key', page.key]);
  else if (page.offset !== undefined && page.offset > 0) q.push(['pagination.offset', String(Math.floor(page.offset))]);
  if (page.limit !== undefined) q.push(['pagination.limit', String(clampLimit(page.limit))]);
  if (page.countTotal !== undefined) q.push(['pagination.count_total', String(page.countTotal)]);
  if (page.reverse !== undefined) q.push(['pagination.reverse', String(page.reverse)]);
  return q;
}

export interface PageInfo {
  /** Items on this page. */
  count: number;
  /** Whether another page may hold more items. */
  hasMore: boolean;
  /** The key to ask for the next page with, when hasMore. */
  nextKey?: string;
  /** Total as the server reports it, when it is meaningful (not "0" with items present, not "-1"). */
  total?: bigint;
}

export function pageInfo(
  count: number,
  pagination: Pagination | null | undefined,
  limit: number | undefined,
): PageInfo {
  const asked = clampLimit(limit);
  const nextKey = pagination?.next_key || undefined;
  const hasMore = count > 0 && count >= asked && nextKey !== undefined;
  return { count, hasMore, nextKey: hasMore ? nextKey : undefined, total: parseTotal(pagination?.total, count) };
}

function parseTotal(total: string | number | null | undefined, count: number): bigint | undefined {
  if (total === undefined || total === null || total === '') return undefined;
  let n: bigint;
  try {
    n = BigInt(total);
  } catch {
    return undefined;
  }
  if (n < 0n) return undefined; // "-1": the count timed out on the server
  if (n === 0n && count > 0) return undefined; // count_total=false
  return n;
}

/**
 * The keys of the pages seen so far, so a reader can go back: the server's `previous_key` is null in cursor mode.
 * Page 1 has no key.
 */
export class PageTrail {
  private readonly keys: Array<string | undefined> = [undefined];
  private index = 0;

  get page(): number {
    return this.index + 1;
  }

  get currentKey(): string | undefined {
    return this.keys[this.index];
  }

  get canGoBack(): boolean {
    return this.index > 0;
  }

  /** Moves to the next page, whose key is `nextKey`. */
  forward(nextKey: string): void {
    this.keys.length = this.index + 1;
    this.keys.push(nextKey);
    this.index++;
  }

  back(): void {
    if (this.index > 0) this.index--;
  }

  reset(): void {
    this.keys.length = 1;
    this.index = 0;
  }

  /** Returns to a page seen before (used to undo a move whose page failed to load). */
  restore(page: number): void {
    if (page >= 1 && page <= this.keys.length) this.index = page - 1;
  }
}
