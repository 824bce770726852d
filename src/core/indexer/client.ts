/**
 * The indexer (rollytics) client: one method per endpoint. Methods are async: bad input rejects (InputError) before
 * any request, like every other failure. Path parameters are validated and encoded the way the
 * real server routes them; list methods take a PageRequest and send `msgs` as repeated parameters. A transaction hash
 * comes parsed (a `TxHash`, made only by `parseTxHash` where the input entered): a malformed one is no argument.
 */
import type * as z from 'zod/mini';
import { endpointsUnder, type HttpClient } from '../http';
import type { RequestUrl } from '../transport';
import { InputError } from '../errors';
import { parseWith } from '../zodParse';
import {
  ANY_PREFIX,
  parseAccount,
  parseCollectionAddress,
  parseCollectionName,
  parseDenom,
  parseHeight,
  parseMsgType,
  parseTokenId,
  must,
  type TxHash,
} from '../validate';
import * as S from './schemas';
import { type PageRequest, pageQuery } from './paging';

type OrderBy = 'token_id' | 'height';

interface TxListOptions {
  page?: PageRequest;
  /** Fully qualified message types; each is sent as its own `msgs` parameter (the server ORs them). */
  msgs?: readonly string[];
}

interface AccountTxOptions extends TxListOptions {
  /** Only transactions this account signed. */
  isSigner?: boolean;
}

interface EvmAccountTxOptions {
  page?: PageRequest;
  /** Only EVM transactions this account signed (sent). */
  isSigner?: boolean;
}

interface TokenListOptions {
  page?: PageRequest;
  tokenId?: string;
  orderBy?: OrderBy;
}

interface AccountTokenOptions extends TokenListOptions {
  collectionAddr?: string;
}

type Query = Array<[string, string]>;

/**
 * One path segment, percent-encoded. `%2F` stays upper-case, which is the only escape the server decodes. A segment
 * of only dots is refused: URL resolution would turn `/by_name/..` into another endpoint (a collection may be named
 * so on chain), and the server reads `%2E` as nothing else.
 */
export function segment(value: string): string {
  if (value === '.' || value === '..')
    throw new InputError(`"${value}" cannot be looked up: in a URL it means another address.`);
  return encodeURIComponent(value);
}

/**
 * One path segment as the server will match it: rollytics does not unescape path parameters (the rich list decodes
 * `%2F` alone; a token id is used as sent), so everything a path segment may carry as it is (RFC 3986 pchar:
 * letters, digits, `-._~!$&'()*+,;=:@`) goes as it is; `/` becomes `%2F`. Anything else has been refused before
 * (validate.ts).
 */
function rawSegment(value: string): string {
  if (value === '.' || value === '..')
    throw new InputError(`"${value}" cannot be looked up: in a URL it means another address.`);
  return value.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@]/g, (c) => (c === '/' ? '%2F' : encodeURIComponent(c)));
}

export class IndexerClient {
  constructor(
    readonly baseUrl: string,
    private readonly http: HttpClient,
  ) {
    this.at = endpointsUnder(baseUrl);
  }

  /** The address of a path (and query) under the indexer's URL, parsed once. */
  private readonly at: (path: string, query?: Query) => RequestUrl;

  dispose(): void {
    this.http.dispose();
  }

  private url(path: string, query: Query = []): RequestUrl {
    return this.at(path, query);
  }

  private async get<S extends z.ZodMiniType>(
    schema: S,
    path: string,
    query: Query,
    signal?: AbortSignal,
  ): Promise<z.infer<S>> {
    const body = await this.http.get(this.url(path, query), signal);
    return parseWith(schema, body, this.http.options.service);
  }

  private txQuery(opts: TxListOptions = {}): Query {
    const q = pageQuery(opts.page);
    for (const m of opts.msgs ?? []) q.push(['msgs', must(parseMsgType(m))]);
    return q;
  }

  private tokenQuery(opts: TokenListOptions): Query {
    const q = pageQuery(opts.page);
    if (opts.tokenId !== undefined) q.push(['token_id', must(parseTokenId(opts.tokenId))]);
    if (opts.orderBy !== undefined) q.push(['order_by', opts.orderBy]);
    return q;
  }

  // --- status ---

  /** GET /status */
  async status(signal?: AbortSignal) {
    return this.get(S.Status, '/status', [], signal);
  }

  /** GET /indexer/block/v1/avg_blocktime: seconds, as a float. */
  async avgBlockTime(signal?: AbortSignal) {
    return this.get(S.AvgBlockTime, '/indexer/block/v1/avg_blocktime', [], signal);
  }

  // --- blocks ---

  /** GET /indexer/block/v1/blocks */
  async blocks(page?: PageRequest, signal?: AbortSignal) {
    return this.get(S.BlocksResponse, '/indexer/block/v1/blocks', pageQuery(page), signal);
  }

  /** GET /indexer/block/v1/blocks/{height} */
  async block(height: number | string, signal?: AbortSignal) {
    const h = must(parseHeight(height));
    return this.get(S.BlockResponse, `/indexer/block/v1/blocks/${h}`, [], signal);
  }

  // --- cosmos txs ---

  /** GET /indexer/tx/v1/txs */
  async txs(opts?: TxListOptions, signal?: AbortSignal) {
    return this.get(S.TxsResponse, '/indexer/tx/v1/txs', this.txQuery(opts), signal);
  }

  /** GET /indexer/tx/v1/txs/by_account/{account} */
  async txsByAccount(account: string, opts: AccountTxOptions = {}, signal?: AbortSignal) {
    const a = must(parseAccount(account, ANY_PREFIX));
    const q = this.txQuery(opts);
    if (opts.isSigner) q.push(['is_signer', 'true']);
    return this.get(S.TxsResponse, `/indexer/tx/v1/txs/by_account/${segment(a.value)}`, q, signal);
  }

  /** GET /indexer/tx/v1/txs/by_height/{height} */
  async txsByHeight(height: number | string, opts?: TxListOptions, signal?: AbortSignal) {
    const h = must(parseHeight(height));
    return this.get(S.TxsResponse, `/indexer/tx/v1/txs/by_height/${h}`, this.txQuery(opts), signal);
  }

  /** GET /indexer/tx/v1/txs/{tx_hash} (cosmos hash: upper-case hex, no 0x) */
  async tx(hash: TxHash, signal?: AbortSignal) {
    return this.get(S.TxResponse, `/indexer/tx/v1/txs/${hash.cosmos}`, [], signal);
  }

  // --- EVM ---

  /** GET /indexer/tx/v1/evm-txs */
  async evmTxs(page?: PageRequest, signal?: AbortSignal) {
    return this.get(S.EvmTxsResponse, '/indexer/tx/v1/evm-txs', pageQuery(page), signal);
  }

  /** GET /indexer/tx/v1/evm-txs/{tx_hash}: served by the real indexer on EVM rollups, not in the spec. */
  async evmTx(hash: TxHash, signal?: AbortSignal) {
    return this.get(S.EvmTxResponse, `/indexer/tx/v1/evm-txs/${hash.evm}`, [], signal);
  }

  /** GET /indexer/tx/v1/evm-txs/by_account/{account}: `is_signer=true` keeps those the account signed. */
  async evmTxsByAccount(account: string, opts: EvmAccountTxOptions = {}, signal?: AbortSignal) {
    const a = must(parseAccount(account, ANY_PREFIX));
    const q = pageQuery(opts.page);
    if (opts.isSigner) q.push(['is_signer', 'true']);
    return this.get(S.EvmTxsResponse, `/indexer/tx/v1/evm-txs/by_account/${segment(a.value)}`, q, signal);
  }

  /** GET /indexer/tx/v1/evm-txs/by_height/{height} */
  async evmTxsByHeight(height: number | string, page?: PageRequest, signal?: AbortSignal) {
    const h = must(parseHeight(height));
    return this.get(S.EvmTxsResponse, `/indexer/tx/v1/evm-txs/by_height/${h}`, pageQuery(page), signal);
  }

  /** GET /indexer/tx/v1/evm-internal-txs: every internal call, newest first. */
  async evmInternalTxs(page?: PageRequest, signal?: AbortSignal) {
    return this.get(S.InternalTxsResponse, '/indexer/tx/v1/evm-internal-txs', pageQuery(page), signal);
  }

  /** GET /indexer/tx/v1/evm-internal-txs/by_height/{height} (paged by sequence, newest first) */
  async evmInternalTxsByHeight(height: number | string, page?: PageRequest, signal?: AbortSignal) {
    const h = must(parseHeight(height));
    return this.get(S.InternalTxsResponse, `/indexer/tx/v1/evm-internal-txs/by_height/${h}`, pageQuery(page), signal);
  }

  /**
   * GET /indexer/tx/v1/evm-internal-txs/{tx_hash}: the call tree of one EVM transaction (`parent_index` / `index`),
   * paged by sequence (one per call; core/indexer/callTree.ts loads them all); an EVM hash the indexer does not know
   * is a 404 `transaction not found`.
   */
  async evmInternalTxsByHash(hash: TxHash, page?: PageRequest, signal?: AbortSignal) {
    return this.get(S.InternalTxsResponse, `/indexer/tx/v1/evm-internal-txs/${hash.evm}`, pageQuery(page), signal);
  }

  /** GET /indexer/tx/v1/evm-internal-txs/by_account/{account} */
  async evmInternalTxsByAccount(account: string, page?: PageRequest, signal?: AbortSignal) {
    const a = must(parseAccount(account, ANY_PREFIX));
    return this.get(
      S.InternalTxsResponse,
      `/indexer/tx/v1/evm-internal-txs/by_account/${segment(a.value)}`,
      pageQuery(page),
      signal,
    );
  }

  // --- NFTs ---

  /** GET /indexer/nft/v1/collections */
  async collections(page?: PageRequest, signal?: AbortSignal) {
    return this.get(S.CollectionsResponse, '/indexer/nft/v1/collections', pageQuery(page), signal);
  }

  /** GET /indexer/nft/v1/collections/by_account/{account} */
  async collectionsByAccount(account: string, page?: PageRequest, signal?: AbortSignal) {
    const a = must(parseAccount(account, ANY_PREFIX));
    return this.get(
      S.CollectionsResponse,
      `/indexer/nft/v1/collections/by_account/${segment(a.value)}`,
      pageQuery(page),
      signal,
    );
  }

  /** GET /indexer/nft/v1/collections/by_name/{name}: substring match on letters and digits. */
  async collectionsByName(name: string, page?: PageRequest, signal?: AbortSignal) {
    const n = must(parseCollectionName(name));
    return this.get(
      S.CollectionsResponse,
      `/indexer/nft/v1/collections/by_name/${segment(n)}`,
      pageQuery(page),
      signal,
    );
  }

  /** GET /indexer/nft/v1/collections/{collection_addr} */
  async collection(address: string, signal?: AbortSignal) {
    const a = must(parseCollectionAddress(address));
    return this.get(S.CollectionResponse, `/indexer/nft/v1/collections/${segment(a.value)}`, [], signal);
  }

  /** GET /indexer/nft/v1/tokens/by_account/{account} */
  async tokensByAccount(account: string, opts: AccountTokenOptions = {}, signal?: AbortSignal) {
    const a = must(parseAccount(account, ANY_PREFIX));
    const q = this.tokenQuery(opts);
    if (opts.collectionAddr !== undefined)
      q.push(['collection_addr', must(parseCollectionAddress(opts.collectionAddr)).value]);
    return this.get(S.NftsResponse, `/indexer/nft/v1/tokens/by_account/${segment(a.value)}`, q, signal);
  }

  /** GET /indexer/nft/v1/tokens/by_collection/{collection_addr} */
  async tokensByCollection(collectionAddr: string, opts: TokenListOptions = {}, signal?: AbortSignal) {
    const c = must(parseCollectionAddress(collectionAddr));
    return this.get(
      S.NftsResponse,
      `/indexer/nft/v1/tokens/by_collection/${segment(c.value)}`,
      this.tokenQuery(opts),
      signal,
    );
  }

  /** GET /indexer/nft/v1/txs/{collection_addr}/{token_id} */
  async nftTxs(collectionAddr: string, tokenId: string, page?: PageRequest, signal?: AbortSignal) {
    const c = must(parseCollectionAddress(collectionAddr));
    const t = must(parseTokenId(tokenId));
    return this.get(S.TxsResponse, `/indexer/nft/v1/txs/${segment(c.value)}/${rawSegment(t)}`, pageQuery(page), signal);
  }

  // --- rich list ---

  /** GET /indexer/richlist/v1/{denom}: the denom is one path segment, `evm/0x…` sent as `evm%2F0x…`. */
  async richList(denom: string, page?: PageRequest, signal?: AbortSignal) {
    const d = must(parseDenom(denom));
    return this.get(S.HoldersResponse, `/indexer/richlist/v1/${rawSegment(d)}`, pageQuery(page), signal);
  }
}
