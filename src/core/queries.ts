/**
 * What a result document (or a hover) shows: one table row per kind of lookup, each with its arguments as a zod
 * schema, whether it is a list or a single record, a tab title and the function that runs one page of it.
 * `Query` is inferred from the table, and the same table parses a document's URI, so a stale or hand-edited address
 * is refused with a sentence instead of running half-understood.
 *
 * Adding an endpoint: its response schema (indexer/schemas.ts), a client method (indexer/client.ts), one row here
 * and, if wanted, a command that opens it (documents/lookups.ts).
 */
import { WRITERS, txHash } from './queryFields';
import { parseTableHandle } from './move/handle';
import * as z from 'zod/mini';
import type { IndexerClient } from './indexer/client';
import type { PageRequest } from './indexer/paging';
import {
  checkFilter,
  evmOnly,
  listOf,
  lookupTx,
  movePage,
  moveRest,
  negativeHolders,
  type ListResult,
  type QueryContext,
  type QueryResult,
  type RecordResult,
} from './queryRuns';
import { shorten } from './format';
import { bech32ToHex } from './addressAt';
import { firstProblem } from './zodWords';
import {
  ANY_PREFIX,
  parseAccount,
  parseCollectionAddress,
  parseCollectionName,
  parseDenom,
  parseHeight,
  parseMsgType,
  parseTokenId,
  txHashText,
  type Parsed,
} from './validate';
import { lazySchema } from './lazySchema';
import { isRecord } from './fastCheck';

export type { ListResult, QueryResult };

type Run<Q, R> = (
  client: IndexerClient,
  query: Q,
  page: PageRequest,
  signal?: AbortSignal,
  ctx?: QueryContext,
) => Promise<R>;

interface RowOf<S extends z.ZodMiniObject, K extends 'list' | 'record'> {
  /** The lookup's name, the `op` its arguments carry. */
  op: string;
  /** Its arguments (`op` and the fields of `args`), built on first use: a lookup builds the one it reads. */
  schema: S;
  kind: K;
  /** A short, readable tab title (without ".json"). */
  title(query: z.infer<S>): string;
  run: Run<z.infer<S>, K extends 'list' ? ListResult : RecordResult>;
}

/** A row's argument fields besides `op`. */
type Fields = Record<string, z.ZodMiniType>;
type ArgsOf<O extends string, F extends Fields> = z.ZodMiniObject<{ op: z.ZodMiniLiteral<O> } & F>;
type Spec<O extends string, F extends Fields, K extends 'list' | 'record'> = {
  /** The fields besides `op` (a function: their schemas are built with the row's, on first use). */
  args?: () => F;
} & Pick<RowOf<ArgsOf<O, F>, K>, 'title' | 'run'>;

const row =
  <K extends 'list' | 'record'>(kind: K) =>
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a row without arguments besides `op`
  <O extends string, F extends Fields = {}>(op: O, { args, title, run }: Spec<O, F, K>) => ({
    op,
    kind,
    title,
    run,
    schema: lazySchema(() => z.object({ op: z.literal(op), ...args?.() }) as unknown as ArgsOf<O, F>),
  });
const list = row('list');
const record = row('record');

/** A string that one of validate.ts's parsers accepts (its sentence when it does not). */
function valid<T>(parse: (s: string) => Parsed<T>) {
  return z.string().check(
    z.superRefine((value, ctx) => {
      const parsed = parse(value);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error, input: value });
    }),
  );
}

const height = lazySchema(() =>
  z.number().check(
    z.superRefine((value, ctx) => {
      const parsed = parseHeight(value);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error, input: value });
    }),
  ),
);
const msgs = lazySchema(() => z.optional(z.array(valid(parseMsgType))));
/** Account views; `internal`, `evmTxs` and `evmSigned` are served by the EVM routes only. */
export const ACCOUNT_VIEWS = ['txs', 'signed', 'nfts', 'collections', 'internal', 'evmTxs', 'evmSigned'] as const;
export type AccountView = (typeof ACCOUNT_VIEWS)[number];
export const TOKEN_ORDERS = ['token_id', 'height'] as const;

function msgsSuffix(types: readonly string[] | undefined): string {
  if (!types?.length) return '';
  return ` (${types.map((m) => m.split('.').pop()).join(', ')})`;
}

const ACCOUNT_VIEW_TITLES: Record<AccountView, string> = {
  txs: 'txs',
  signed: 'signed txs',
  nfts: 'NFTs',
  collections: 'collections',
  internal: 'internal txs',
  evmTxs: 'EVM txs',
  evmSigned: 'signed EVM txs',
};

const TABLE = [
  record('status', {
    title: () => 'status',
    run: async (client, _q, _page, signal) => {
      // Status and the average block time: the two cheap facts a user wants together.
      const [status, avg] = await Promise.all([
        client.status(signal),
        client.avgBlockTime(signal).catch((e: unknown) => e),
      ]);
      const avgBody = avg instanceof Error ? { avg_block_time_error: avg.message } : (avg as object);
      return { body: { ...status, ...avgBody } };
    },
  }),
  list('blocks', {
    title: () => 'blocks',
    run: async (client, _q, page, signal) => listOf(await client.blocks(page, signal), 'blocks'),
  }),
  record('block', {
    args: () => ({ height }),
    title: (q) => `block ${q.height}`,
    run: async (client, q, _page, signal) => ({ body: await client.block(q.height, signal) }),
  }),
  list('txs', {
    args: () => ({ msgs }),
    title: (q) => `txs${msgsSuffix(q.msgs)}`,
    run: async (client, q, page, signal) =>
      checkFilter(listOf(await client.txs({ page, msgs: q.msgs }, signal), 'txs'), q.msgs),
  }),
  list('txsByHeight', {
    args: () => ({ height, msgs }),
    title: (q) => `txs at ${q.height}${msgsSuffix(q.msgs)}`,
    run: async (client, q, page, signal) =>
      checkFilter(listOf(await client.txsByHeight(q.height, { page, msgs: q.msgs }, signal), 'txs'), q.msgs),
  }),
  record('tx', {
    args: () => ({ hash: txHash(txHashText), evmFirst: z.optional(z.boolean()) }),
    title: (q) => `tx ${shorten(txHashText(q.hash).replace(/^0x/, ''), 4, 2)}`,
    run: (client, q, _page, signal, ctx) => lookupTx(client, q.hash, q.evmFirst ?? false, signal, ctx),
  }),
  list('evmTxs', {
    title: () => 'EVM txs',
    run: (client, _q, page, signal, ctx) =>
      evmOnly(ctx, signal, async () => listOf(await client.evmTxs(page, signal), 'txs')),
  }),
  list('evmTxsByHeight', {
    args: () => ({ height }),
    title: (q) => `EVM txs at ${q.height}`,
    run: (client, q, page, signal, ctx) =>
      evmOnly(ctx, signal, async () => listOf(await client.evmTxsByHeight(q.height, page, signal), 'txs')),
  }),
  list('evmInternalTxs', {
    title: () => 'internal EVM txs',
    run: (client, _q, page, signal, ctx) =>
      evmOnly(
        ctx,
        signal,
        async () => listOf(await client.evmInternalTxs(page, signal), 'internal_txs'),
        'evmInternalTxs',
      ),
  }),
  list('evmInternalTxsByHeight', {
    args: () => ({ height }),
    title: (q) => `internal txs at ${q.height}`,
    run: (client, q, page, signal, ctx) =>
      evmOnly(
        ctx,
        signal,
        async () => listOf(await client.evmInternalTxsByHeight(q.height, page, signal), 'internal_txs'),
        'evmInternalTxs',
      ),
  }),
  list('evmInternalTxsByHash', {
    args: () => ({ hash: txHash((h) => h.evm) }),
    title: (q) => `internal txs of ${shorten(q.hash.evm.slice(2), 4, 2)}`,
    run: (client, q, page, signal, ctx) =>
      evmOnly(
        ctx,
        signal,
        async () => listOf(await client.evmInternalTxsByHash(q.hash, page, signal), 'internal_txs'),
        'evmInternalTxs',
      ),
  }),
  list('account', {
    args: () => ({ account: valid((s) => parseAccount(s, ANY_PREFIX)), view: z.enum(ACCOUNT_VIEWS), msgs }),
    title: (q) => `${shorten(q.account, 8, 4)} ${ACCOUNT_VIEW_TITLES[q.view]}${msgsSuffix(q.msgs)}`,
    run: async (client, q, page, signal, ctx) => {
      switch (q.view) {
        case 'txs':
        case 'signed':
          return checkFilter(
            listOf(
              await client.txsByAccount(q.account, { page, msgs: q.msgs, isSigner: q.view === 'signed' }, signal),
              'txs',
            ),
            q.msgs,
          );
        case 'nfts':
          return listOf(await client.tokensByAccount(q.account, { page }, signal), 'tokens');
        case 'collections':
          return listOf(await client.collectionsByAccount(q.account, page, signal), 'collections');
        case 'internal':
          return evmOnly(
            ctx,
            signal,
            async () => listOf(await client.evmInternalTxsByAccount(q.account, page, signal), 'internal_txs'),
            'evmInternalTxs',
          );
        case 'evmTxs':
        case 'evmSigned':
          return evmOnly(ctx, signal, async () =>
            listOf(await client.evmTxsByAccount(q.account, { page, isSigner: q.view === 'evmSigned' }, signal), 'txs'),
          );
      }
    },
  }),
  list('collections', {
    title: () => 'collections',
    run: async (client, _q, page, signal) => listOf(await client.collections(page, signal), 'collections'),
  }),
  record('collection', {
    args: () => ({ address: valid(parseCollectionAddress) }),
    title: (q) => `collection ${shorten(q.address)}`,
    run: async (client, q, _page, signal) => ({ body: await client.collection(q.address, signal) }),
  }),
  list('collectionsByName', {
    args: () => ({ name: valid(parseCollectionName) }),
    title: (q) => `collections named ${shorten(q.name, 16, 4)}`,
    run: async (client, q, page, signal) => listOf(await client.collectionsByName(q.name, page, signal), 'collections'),
  }),
  list('collectionTokens', {
    args: () => ({ address: valid(parseCollectionAddress), orderBy: z.optional(z.enum(TOKEN_ORDERS)) }),
    title: (q) => `tokens of ${shorten(q.address)}`,
    run: async (client, q, page, signal) =>
      listOf(await client.tokensByCollection(q.address, { page, orderBy: q.orderBy }, signal), 'tokens'),
  }),
  list('nftHistory', {
    args: () => ({ address: valid(parseCollectionAddress), tokenId: valid(parseTokenId) }),
    title: (q) => `NFT ${shorten(q.tokenId, 10, 4)} history`,
    run: async (client, q, page, signal) => listOf(await client.nftTxs(q.address, q.tokenId, page, signal), 'txs'),
  }),
  list('richList', {
    args: () => ({ denom: valid(parseDenom) }),
    title: (q) => `holders of ${shorten(q.denom, 12, 4)}`,
    run: async (client, q, page, signal) =>
      negativeHolders(listOf(await client.richList(q.denom, page, signal), 'holders')),
  }),
  // The Move REST of the network's node (not the indexer): an account's resources, a table's entries.
  list('moveResources', {
    args: () => ({ account: valid((s) => parseAccount(s, ANY_PREFIX)) }),
    title: (q) => `${shorten(q.account, 8, 4)} Move resources`,
    run: async (_client, q, page, signal, ctx) =>
      movePage(
        await moveRest(ctx).resources(
          q.account.startsWith('0x') ? q.account : bech32ToHex(q.account),
          page.key,
          signal,
        ),
        'resources',
        ['move_resource'],
      ),
  }),
  list('moveTable', {
    args: () => ({ handle: valid(parseTableHandle) }),
    title: (q) => `Move table ${shorten(q.handle, 8, 4)}`,
    run: async (_client, q, page, signal, ctx) =>
      movePage(await moveRest(ctx).tableEntries(q.handle, page.key, signal), 'table_entries', ['key', 'value']),
  }),
] as const;

/** Every lookup a document or a hover can show: the union of the table's argument schemas. */
export type Query = z.infer<(typeof TABLE)[number]['schema']>;
export type QueryOp = Query['op'];

type AnyRow = RowOf<z.ZodMiniObject, 'list' | 'record'>;

/** The operations of the table, in its order. */
export const QUERY_OPS: readonly QueryOp[] = TABLE.map((row) => row.op);
const ROWS: ReadonlyMap<string, AnyRow> = new Map(TABLE.map((row) => [row.op, row as unknown as AnyRow]));
if (ROWS.size !== TABLE.length) throw new Error('Initia: two rows of the lookup table have the same op');

/** What a lookup is before its row is known: an object (anything else is refused in zod's words). */
const AnObject = lazySchema(() => z.object({}));

function rowOf(query: Query): AnyRow {
  const row = ROWS.get(query.op);
  if (!row) throw new Error(`Unknown lookup "${String((query as { op: unknown }).op)}".`);
  return row;
}

export function isListQuery(query: Query): boolean {
  return rowOf(query).kind === 'list';
}

/** A short, readable tab title (without ".json"); never contains "/" or "\". */
export function queryTitle(query: Query): string {
  return rowOf(query).title(query).replace(/[/\\]/g, '∕');
}

/** Runs one page of the query (a record ignores the page). */
export function runQuery(
  client: IndexerClient,
  query: Query,
  page: PageRequest,
  signal?: AbortSignal,
  ctx?: QueryContext,
): Promise<QueryResult> {
  return rowOf(query).run(client, query, page, signal, ctx);
}

/** Checks a value against the table: a Query, or the sentence that says what is wrong with it. */
function parseQuery(value: unknown): Parsed<Query> {
  // The row its `op` names parses it (building that row's schema alone); an object naming none is refused here.
  const op = isRecord(value) ? value.op : undefined;
  const row = typeof op === 'string' ? ROWS.get(op) : undefined;
  if (isRecord(value) && !row)
    return { ok: false, error: `"${String(op)}" is not a lookup this version knows (${QUERY_OPS.join(', ')}).` };
  const result = (row?.schema ?? AnObject).safeParse(value);
  if (result.success) return { ok: true, value: result.data as unknown as Query }; // its row's arguments: a Query
  const { field, problem, sentence } = firstProblem(value, result.error);
  const text = sentence ? `${field || 'the lookup'}: ${problem}` : `${field || 'the lookup'} ${problem}`;
  return { ok: false, error: `${text.replace(/\.$/, '')}.` };
}

/** What a result document's address carries: the network it was opened on and its query. */
export interface DocumentAddress {
  network: string;
  query: Query;
}

/** Encodes a document address as the JSON that goes into the URI's query. */
export function encodeDocumentAddress(address: DocumentAddress): string {
  return JSON.stringify({ n: address.network, q: addressForm(address.query) });
}

/** The query as an address carries it: a field its row reads into another type (a hash) written back as text. */
function addressForm(query: Query): Record<string, unknown> {
  const shape: Record<string, unknown> = rowOf(query).schema.shape;
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => {
      const write = WRITERS.get(shape[key] as object);
      return [key, write ? write(value as never) : value];
    }),
  );
}

/** Reads a document address back: the address, or why it cannot be read (a stale or hand-edited URI). */
export function decodeDocumentAddress(text: string): Parsed<DocumentAddress> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: 'its address does not hold a lookup (it is not JSON).' };
  }
  const r = raw as { n?: unknown; q?: unknown } | null;
  if (!r || typeof r !== 'object' || typeof r.n !== 'string' || !r.n)
    return { ok: false, error: 'its address names no network.' };
  const query = parseQuery(r.q);
  if (!query.ok) return { ok: false, error: `its lookup cannot be read: ${query.error}` };
  return { ok: true, value: { network: r.n, query: query.value } };
}
