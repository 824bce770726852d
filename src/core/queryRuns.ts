/**
 * How the lookup table's rows (queries.ts) run a page and read the answer: the count and pagination of a list, the
 * warnings a page carries (a message-type filter the indexer ignored, negative rich-list amounts), the EVM routes a
 * network may not have, a tx hash tried on both its Cosmos and EVM endpoints, and the Move REST's pages.
 */
import type { IndexerClient } from './indexer/client';
import type { Pagination } from './indexer/schemas';
import { isNotFound } from './errors';
import type { MoveClient } from './move/client';
import type { TxHash } from './validate';
import {
  NO_EVM_INDEX,
  NO_INTERNAL_TX_INDEX,
  UnavailableError,
  isEvmRouteMissing,
  type Capability,
  type CapabilitySource,
} from './capabilities';

/** One page of a list: the body as the server sent it, with how many items it holds and its pagination. */
export interface ListResult {
  body: unknown;
  list: { count: number; pagination: Pagination | null | undefined };
  evm?: undefined;
  /** Something the reader must know about this page (a message-type filter the indexer did not apply). */
  warning?: string;
}

/** A single record; `evm` when a tx lookup fell through to the EVM endpoint. */
export interface RecordResult {
  body: unknown;
  list?: undefined;
  evm?: boolean;
  warning?: undefined;
}

export type QueryResult = ListResult | RecordResult;

/** What a lookup may ask of the network besides the indexer's answer. */
export interface QueryContext {
  /**
   * The network's capabilities, asked only by lookups that depend on them (EVM lists, a tx hash that could be an EVM
   * one); without it every route is tried and the indexer's 404 for EVM routes becomes the same sentence.
   */
  capabilities?: CapabilitySource;
  /** The network's Move REST (its profile's restUrl, where its VM runs Move): resources and tables. */
  move?: Pick<MoveClient, 'resources' | 'tableEntries'>;
}

/** The network's Move REST, or the sentence that says it has none. */
export function moveRest(ctx: QueryContext | undefined): NonNullable<QueryContext['move']> {
  if (!ctx?.move) throw new UnavailableError('This network has no Move REST endpoint (restUrl in its profile).');
  return ctx.move;
}

/**
 * A Move REST page as a document shows it: the JSON the node nests as strings (a resource's `move_resource`, a table
 * entry's `key` and `value`) read as JSON, kept as the text it was where it is not JSON.
 */
export function movePage(body: { pagination?: unknown }, key: string, nested: readonly string[]): ListResult {
  const json = (v: unknown) => {
    try {
      return typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
    } catch {
      return v;
    }
  };
  const items = (body as Record<string, Array<Record<string, unknown>>>)[key] ?? [];
  const read = (item: Record<string, unknown>) => ({
    ...item,
    ...Object.fromEntries(nested.map((f) => [f, json(item[f])])),
  });
  return listOf({ ...body, [key]: items.map(read) }, key);
}

export function listOf(body: unknown, key: string): ListResult {
  const b = body as Record<string, unknown>;
  const items = b[key];
  return {
    body,
    list: { count: Array.isArray(items) ? items.length : 0, pagination: b.pagination as Pagination | null | undefined },
  };
}

/**
 * The indexer answers a message-type filter it does not know with the unfiltered list (status 200): a page holding a
 * transaction that carries none of the asked types says so, and the list is not presented as filtered.
 */
export function checkFilter(result: ListResult, msgs: readonly string[] | undefined): ListResult {
  if (!msgs?.length) return result;
  const asked = new Set(msgs.map((m) => m.replace(/^\//, '')));
  const txs =
    (result.body as { txs?: Array<{ tx?: { body?: { messages?: Array<{ '@type'?: unknown }> } } }> }).txs ?? [];
  const unfiltered = txs.some(
    (t) =>
      !(t.tx?.body?.messages ?? []).some(
        (m) => typeof m['@type'] === 'string' && asked.has(m['@type'].replace(/^\//, '')),
      ),
  );
  if (!unfiltered) return result;
  const names = [...asked].map((m) => `\`${m}\``).join(', ');
  return { ...result, warning: `The indexer does not know ${names}: no filter applied, this is the unfiltered list.` };
}

/** The words for rich-list rows whose stored amount is below zero (the indexer's inconsistency, not a real balance). */
const NEGATIVE_AMOUNT =
  "a negative amount is the indexer's inconsistency (a missed or out-of-order event), not a balance on chain";

/** A rich-list page with negative amounts says so at the top. */
export function negativeHolders(result: ListResult): ListResult {
  const holders = (result.body as { holders?: Array<{ amount?: unknown }> }).holders ?? [];
  const n = holders.filter((h) => typeof h.amount === 'string' && h.amount.startsWith('-')).length;
  if (!n) return result;
  return {
    ...result,
    warning: `${n === 1 ? 'One holder has' : `${n} holders have`} a negative amount: ${NEGATIVE_AMOUNT}.`,
  };
}

/**
 * Runs an EVM route (`what`: the EVM routes, or the internal-transaction ones): refused without a request where the
 * network is known not to have them, and the indexer's own 404 for them ("evm routes are not available on this
 * chain") said in words and remembered for the network; an answer is remembered as well.
 */
export async function evmOnly<R>(
  ctx: QueryContext | undefined,
  signal: AbortSignal | undefined,
  run: () => Promise<R>,
  what: Capability = 'evm',
): Promise<R> {
  let evmSure = false;
  if (ctx?.capabilities) {
    const caps = await ctx.capabilities(what, signal);
    if (!caps.evm) throw new UnavailableError(caps.reason ?? NO_EVM_INDEX);
    if (what === 'evmInternalTxs' && !caps.evmInternalTxs)
      throw new UnavailableError(caps.reason ?? NO_INTERNAL_TX_INDEX);
    evmSure = what === 'evmInternalTxs' && (await ctx.capabilities('evm', signal)).evm;
  }
  try {
    const result = await run();
    ctx?.capabilities?.noteRoute?.(what, true);
    return result;
  } catch (err) {
    if (isEvmRouteMissing(err)) {
      ctx?.capabilities?.noteRoute?.(what, false);
      // The internal routes of a network whose EVM routes answer: its internal transactions are not indexed.
      throw new UnavailableError(what === 'evmInternalTxs' && evmSure ? NO_INTERNAL_TX_INDEX : NO_EVM_INDEX);
    }
    throw err;
  }
}

/**
 * Cosmos and EVM hashes are different keys on the real indexer: a hash the first endpoint does not know is tried on
 * the other one before saying "not found" (EVM first when the user wrote 0x).
 */
export async function lookupTx(
  client: IndexerClient,
  hash: TxHash,
  evmFirst: boolean,
  signal?: AbortSignal,
  ctx?: QueryContext,
): Promise<RecordResult> {
  const cosmos = async (): Promise<RecordResult> => ({ body: await client.tx(hash, signal) });
  const evm = async (): Promise<RecordResult> => ({ body: await client.evmTx(hash, signal), evm: true });
  // A network known to have no EVM index is asked only the cosmos endpoint (no /evm-txs/ probe).
  const noEvm = async () => (ctx?.capabilities ? !(await ctx.capabilities('evm', signal)).evm : false);
  if (evmFirst && (await noEvm())) return cosmos();
  const [first, second] = evmFirst ? [evm, cosmos] : [cosmos, evm];
  try {
    return await first();
  } catch (err) {
    if (!isNotFound(err)) throw err;
    if (!evmFirst && (await noEvm())) throw err;
    try {
      return await second();
    } catch (err2) {
      // Report the cosmos answer ("transaction not found") rather than "evm routes are not available".
      throw isNotFound(err2) ? (evmFirst ? err2 : err) : err2;
    }
  }
}
