/**
 * What a result document shows: a query against the indexer, serialisable into the document's URI so the document
 * can be reloaded (after a window reload too). One query runs one request per page; `tx` may try the EVM hash
 * endpoint after a cosmos 404 (the real indexer keeps the two hashes apart).
 */
import type { IndexerClient, PageRequest } from '../core/index';
import { isNotFound } from '../core/errors';
import { shorten } from '../core/format';

export type AccountView = 'txs' | 'signed' | 'nfts' | 'collections' | 'internal';

export type Query =
  | { op: 'status' }
  | { op: 'blocks' }
  | { op: 'block'; height: number }
  | { op: 'txs'; msgs?: string[] }
  | { op: 'txsByHeight'; height: number; msgs?: string[] }
  | { op: 'tx'; hash: string; evmFirst?: boolean }
  | { op: 'evmTxs' }
  | { op: 'account'; account: string; view: AccountView; msgs?: string[] }
  | { op: 'collections' }
  | { op: 'collection'; address: string }
  | { op: 'collectionsByName'; name: string }
  | { op: 'collectionTokens'; address: string; orderBy?: 'token_id' | 'height' }
  | { op: 'nftHistory'; address: string; tokenId: string }
  | { op: 'richList'; denom: string };

export interface QueryResult {
  body: unknown;
  /** For lists: the items on this page and the server's pagination. */
  list?: { count: number; pagination: { next_key?: string | null; previous_key?: string | null; total?: string | number | null } | null | undefined };
  /** The record is an EVM transaction (the tx lookup fell through to the EVM endpoint). */
  evm?: boolean;
}

export function isListQuery(q: Query): boolean {
  return !['status', 'block', 'tx', 'collection'].includes(q.op);
}

function msgsSuffix(msgs: string[] | undefined): string {
  if (!msgs?.length) return '';
  const names = msgs.map((m) => m.split('.').pop());
  return ` (${names.join(', ')})`;
}

const ACCOUNT_VIEW_TITLES: Record<AccountView, string> = {
  txs: 'txs',
  signed: 'signed txs',
  nfts: 'NFTs',
  collections: 'collections',
  internal: 'internal txs',
};

/** A short, readable tab title (without ".json"); never contains "/". */
export function queryTitle(q: Query): string {
  const title = ((): string => {
    switch (q.op) {
      case 'status':
        return 'status';
      case 'blocks':
        return 'blocks';
      case 'block':
        return `block ${q.height}`;
      case 'txs':
        return `txs${msgsSuffix(q.msgs)}`;
      case 'txsByHeight':
        return `txs at ${q.height}${msgsSuffix(q.msgs)}`;
      case 'tx':
        return `tx ${shorten(q.hash.replace(/^0x/i, ''), 4, 2)}`;
      case 'evmTxs':
        return 'EVM txs';
      case 'account':
        return `${shorten(q.account, 8, 4)} ${ACCOUNT_VIEW_TITLES[q.view]}${msgsSuffix(q.msgs)}`;
      case 'collections':
        return 'collections';
      case 'collection':
        return `collection ${shorten(q.address)}`;
      case 'collectionsByName':
        return `collections named ${shorten(q.name, 16, 4)}`;
      case 'collectionTokens':
        return `tokens of ${shorten(q.address)}`;
      case 'nftHistory':
        return `NFT ${shorten(q.tokenId, 10, 4)} history`;
      case 'richList':
        return `holders of ${shorten(q.denom, 12, 4)}`;
    }
  })();
  return title.replace(/[/\\]/g, '∕');
}

function listOf(body: Record<string, unknown>, key: string): QueryResult {
  const items = body[key];
  return {
    body,
    list: {
      count: Array.isArray(items) ? items.length : 0,
      pagination: body.pagination as NonNullable<QueryResult['list']>['pagination'],
    },
  };
}

/** Runs one page of the query. */
export async function runQuery(client: IndexerClient, q: Query, page: PageRequest, signal?: AbortSignal): Promise<QueryResult> {
  switch (q.op) {
    case 'status': {
      // Status and the average block time: the two cheap facts a user wants together.
      const [status, avg] = await Promise.all([client.status(signal), client.avgBlockTime(signal).catch((e: unknown) => e)]);
      const avgBody = avg instanceof Error ? { avg_block_time_error: avg.message } : (avg as object);
      return { body: { ...status, ...avgBody } };
    }
    case 'blocks':
      return listOf(await client.blocks(page, signal), 'blocks');
    case 'block':
      return { body: await client.block(q.height, signal) };
    case 'txs':
      return listOf(await client.txs({ page, msgs: q.msgs }, signal), 'txs');
    case 'txsByHeight':
      return listOf(await client.txsByHeight(q.height, { page, msgs: q.msgs }, signal), 'txs');
    case 'tx':
      return lookupTx(client, q.hash, q.evmFirst ?? false, signal);
    case 'evmTxs':
      return listOf(await client.evmTxs(page, signal), 'txs');
    case 'account':
      switch (q.view) {
        case 'txs':
        case 'signed':
          return listOf(await client.txsByAccount(q.account, { page, msgs: q.msgs, isSigner: q.view === 'signed' }, signal), 'txs');
        case 'nfts':
          return listOf(await client.tokensByAccount(q.account, { page }, signal), 'tokens');
        case 'collections':
          return listOf(await client.collectionsByAccount(q.account, page, signal), 'collections');
        case 'internal':
          return listOf(await client.evmInternalTxsByAccount(q.account, page, signal), 'internal_txs');
      }
      break;
    case 'collections':
      return listOf(await client.collections(page, signal), 'collections');
    case 'collection':
      return { body: await client.collection(q.address, signal) };
    case 'collectionsByName':
      return listOf(await client.collectionsByName(q.name, page, signal), 'collections');
    case 'collectionTokens':
      return listOf(await client.tokensByCollection(q.address, { page, orderBy: q.orderBy }, signal), 'tokens');
    case 'nftHistory':
      return listOf(await client.nftTxs(q.address, q.tokenId, page, signal), 'txs');
    case 'richList':
      return listOf(await client.richList(q.denom, page, signal), 'holders');
  }
  throw new Error(`Unknown query ${(q as { op: string }).op}`);
}

/**
 * Cosmos and EVM hashes are different keys on the real indexer: a hash the first endpoint does not know is tried on
 * the other one before saying "not found" (EVM first when the user wrote 0x).
 */
export async function lookupTx(client: IndexerClient, hash: string, evmFirst: boolean, signal?: AbortSignal): Promise<QueryResult> {
  const cosmos = async (): Promise<QueryResult> => ({ body: await client.tx(hash, signal) });
  const evm = async (): Promise<QueryResult> => ({ body: await client.evmTx(hash, signal), evm: true });
  const [first, second] = evmFirst ? [evm, cosmos] : [cosmos, evm];
  try {
    return await first();
  } catch (err) {
    if (!isNotFound(err)) throw err;
    try {
      return await second();
    } catch (err2) {
      // Report the cosmos answer ("transaction not found") rather than "evm routes are not available".
      throw isNotFound(err2) ? (evmFirst ? err2 : err) : err2;
    }
  }
}
