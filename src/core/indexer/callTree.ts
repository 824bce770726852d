/**
 * The whole call tree of an EVM transaction. rollytics gives every internal call its own sequence
 * (indexer/extension/internaltx/util.go, `seqInfo.Sequence++` per call, in pre-order) and pages every internal-call
 * list by it (api/handler/tx/internaltx.go: `ParsePagination(c, common.CursorTypeSequence)`, at most 1000 a page,
 * 100 by default, newest first). One page is not the tree: a tx with more calls than a page would lose its top call
 * and its earliest ones. Here the pages are asked oldest first (`pagination.reverse=false`), so that what is loaded
 * is always the tree's beginning (the calls in pre-order), following `next_key` until a short page, at most
 * `maxCalls`, stopping (with what it has) when `signal` aborts or a later page fails. Pure: no vscode.
 */
import type { IndexerClient } from './client';
import { MAX_LIMIT, pageInfo } from './paging';
import type { InternalTx } from './schemas';
import type { TxHash } from '../validate';

/** At most this many calls are loaded for one transaction (ten pages of the server's largest). */
const MAX_TREE_CALLS = 10_000;

export interface CallTreeLoad {
  calls: InternalTx[];
  /** The server's count of the transaction's calls, when it gave one. */
  total?: number;
  /** Every call is loaded. */
  complete: boolean;
  /** Why not, when not: the user stopped it, the limit, or the error of a later page. */
  stopped?: 'cancelled' | 'limit' | { error: unknown };
  /** Requests made. */
  requests: number;
}

interface CallTreeOptions {
  signal?: AbortSignal;
  /** Calls per request (default the server's largest, 1000). */
  pageLimit?: number;
  maxCalls?: number;
  /** After each page: how many are loaded, of how many. */
  onProgress?: (loaded: number, total: number | undefined) => void;
}

export async function loadCallTree(
  client: Pick<IndexerClient, 'evmInternalTxsByHash'>,
  hash: TxHash,
  options: CallTreeOptions = {},
): Promise<CallTreeLoad> {
  const limit = options.pageLimit ?? MAX_LIMIT;
  const max = options.maxCalls ?? MAX_TREE_CALLS;
  const byIndex = new Map<number, InternalTx>();
  let total: number | undefined;
  let key: string | undefined;
  let requests = 0;
  const result = (complete: boolean, stopped?: CallTreeLoad['stopped']): CallTreeLoad => ({
    calls: [...byIndex.values()].sort((a, b) => a.index - b.index),
    total,
    complete,
    ...(stopped ? { stopped } : {}),
    requests,
  });
  for (;;) {
    if (options.signal?.aborted) return result(false, 'cancelled');
    let page: Awaited<ReturnType<IndexerClient['evmInternalTxsByHash']>>;
    try {
      requests++;
      page = await client.evmInternalTxsByHash(
        hash,
        { limit, reverse: false, ...(key ? { key } : {}) },
        options.signal,
      );
    } catch (err) {
      // The first page's failure is the caller's to say; a later one leaves what was loaded, with why.
      if (byIndex.size === 0) throw err;
      return result(false, options.signal?.aborted ? 'cancelled' : { error: err });
    }
    for (const c of page.internal_txs) if (!byIndex.has(c.index)) byIndex.set(c.index, c);
    const info = pageInfo(page.internal_txs.length, page.pagination, limit);
    if (info.total !== undefined && info.total <= BigInt(Number.MAX_SAFE_INTEGER)) total = Number(info.total);
    options.onProgress?.(byIndex.size, total);
    if (!info.hasMore || (total !== undefined && byIndex.size >= total)) return result(true);
    if (byIndex.size >= max) return result(false, 'limit');
    key = info.nextKey;
  }
}

/** What a partial tree is, in words ("Showing the first 100 of 151 internal calls: loading was stopped."). */
export function partialTreeNote(load: CallTreeLoad, describe: (err: unknown) => string): string | undefined {
  if (load.complete) return undefined;
  const of = load.total !== undefined ? ` of ${load.total}` : '';
  const head = `Showing the first ${load.calls.length}${of} internal calls`;
  if (load.stopped === 'cancelled') return `${head}: loading was stopped.`;
  if (load.stopped === 'limit') return `${head} (at most ${MAX_TREE_CALLS.toLocaleString('en-US')} are loaded).`;
  const err = typeof load.stopped === 'object' ? load.stopped.error : undefined;
  return `${head}; the rest could not be loaded: ${describe(err)}`;
}
