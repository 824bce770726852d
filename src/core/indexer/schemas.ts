/**
 * zod schemas of the indexer's resources and responses, after the real rollytics service (shared/api/real-services.md).
 * Lenient to fields we don't read (looseObject keeps them, so documents show the server's full answer); strict on
 * the fields the extension reads. Types are inferred from the schemas, never written twice.
 *
 * Every schema here and in the other schema modules is built on first use (`lazySchema`, core/lazySchema.ts): requiring
 * the features bundle builds none of them, and a lookup builds only the ones it parses with (docs/performance.md,
 * "Schemas built on first use, all of them"; a unit test holds every module of the core to it).
 */
import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';

/**
 * Decimal quantities arrive as strings on some endpoints and numbers on others: one check for both (a union of two
 * schemas cost a tenth of a page's parse, and a height is in every block).
 */
const INTEGER = /^-?\d+$/;
const decimal = lazySchema(() =>
  z.custom<string | number>((v) => (typeof v === 'string' ? INTEGER.test(v) : Number.isSafeInteger(v)), {
    error: (issue) =>
      `should be a whole number, in digits or as an integer, but is ${JSON.stringify(issue.input)?.slice(0, 40) ?? String(issue.input)}`,
  }),
);
const key = lazySchema(() => z.optional(z.nullable(z.string())));

export const Pagination = lazySchema(() =>
  z.looseObject({
    next_key: key,
    previous_key: key,
    total: z.optional(z.nullable(decimal)),
  }),
);
export type Pagination = z.infer<typeof Pagination>;

export const Coin = lazySchema(() => z.looseObject({ denom: z.string(), amount: z.string() }));
export type Coin = z.infer<typeof Coin>;

export const Status = lazySchema(() =>
  z.looseObject({
    chain_id: z.string(),
    height: decimal,
    version: z.optional(z.string()),
    commit_hash: z.optional(z.string()),
    internal_tx_height: z.optional(decimal),
    rich_list_height: z.optional(decimal),
  }),
);
export type Status = z.infer<typeof Status>;

export const AvgBlockTime = lazySchema(() => z.looseObject({ avg_block_time: z.number() }));
export type AvgBlockTime = z.infer<typeof AvgBlockTime>;

export const Block = lazySchema(() =>
  z.looseObject({
    chain_id: z.optional(z.string()),
    height: decimal,
    hash: z.string(),
    block_time: z.optional(z.string()),
    timestamp: z.string(),
    gas_used: z.optional(decimal),
    gas_wanted: z.optional(decimal),
    tx_count: decimal,
    total_fee: z.optional(z.nullable(z.array(Coin))),
    proposer: z.optional(
      z.nullable(
        z.looseObject({
          moniker: z.optional(z.string()),
          identity: z.optional(z.string()),
          operator_address: z.optional(z.string()),
        }),
      ),
    ),
  }),
);
export type Block = z.infer<typeof Block>;

const Message = lazySchema(() => z.looseObject({ '@type': z.optional(z.string()) }));

export const Tx = lazySchema(() =>
  z.looseObject({
    txhash: z.string(),
    height: decimal,
    code: z.number(),
    codespace: z.optional(z.string()),
    gas_used: z.optional(decimal),
    gas_wanted: z.optional(decimal),
    timestamp: z.optional(z.string()),
    raw_log: z.optional(z.string()),
    tx: z.optional(
      z.nullable(
        z.looseObject({
          body: z.optional(
            z.looseObject({
              messages: z.optional(z.array(Message)),
              memo: z.optional(z.string()),
            }),
          ),
          auth_info: z.optional(
            z.looseObject({
              fee: z.optional(z.looseObject({ amount: z.optional(z.array(Coin)) })),
            }),
          ),
        }),
      ),
    ),
    events: z.optional(z.nullable(z.array(z.unknown()))),
  }),
);
export type Tx = z.infer<typeof Tx>;

const EvmLog = lazySchema(() =>
  z.looseObject({
    address: z.string(),
    topics: z.array(z.string()),
    data: z.string(),
    blockNumber: z.optional(z.string()),
    transactionHash: z.optional(z.string()),
    transactionIndex: z.optional(z.string()),
    blockHash: z.optional(z.string()),
    logIndex: z.optional(z.string()),
    removed: z.optional(z.boolean()),
  }),
);
type EvmLog = z.infer<typeof EvmLog>;

export const EvmTx = lazySchema(() =>
  z.looseObject({
    transactionHash: z.string(),
    blockNumber: z.string(),
    from: z.string(),
    to: z.optional(z.nullable(z.string())),
    status: z.optional(z.string()),
    gasUsed: z.optional(z.string()),
    contractAddress: z.optional(z.nullable(z.string())),
    transactionIndex: z.optional(z.string()),
    type: z.optional(z.string()),
    logs: z.optional(z.nullable(z.array(EvmLog))),
  }),
);
export type EvmTx = z.infer<typeof EvmTx>;

/**
 * One call of an EVM transaction's call tree (rollytics `api/handler/tx/types.go` EvmInternalTxResponse): `index`
 * numbers the calls of the tx, `parent_index` names the caller's index (0 for the top call's children of the tx
 * itself). Byte fields are `0x` + even-length hex of the stored bytes (`"0x"` when empty); `from` / `to` are `""` when
 * the indexer has no account for them.
 */
export const InternalTx = lazySchema(() =>
  z.looseObject({
    height: decimal,
    hash: z.string(),
    parent_index: z.number(),
    index: z.number(),
    type: z.string(),
    from: z.string(),
    to: z.string(),
    input: z.string(),
    output: z.string(),
    value: z.string(),
    gas: z.string(),
    gasUsed: z.string(),
  }),
);
export type InternalTx = z.infer<typeof InternalTx>;

export const Collection = lazySchema(() =>
  z.looseObject({
    object_addr: z.string(),
    collection: z.looseObject({
      creator: z.string(),
      name: z.string(),
      origin_name: z.optional(z.string()),
      nfts: z.optional(z.nullable(z.looseObject({ length: z.optional(decimal) }))),
    }),
    height: z.optional(decimal),
    timestamp: z.optional(z.string()),
  }),
);
export type Collection = z.infer<typeof Collection>;

export const Nft = lazySchema(() =>
  z.looseObject({
    collection_addr: z.string(),
    collection_name: z.optional(z.string()),
    object_addr: z.optional(z.string()),
    owner: z.string(),
    nft: z.looseObject({ token_id: z.string(), uri: z.optional(z.string()) }),
    height: z.optional(decimal),
    timestamp: z.optional(z.string()),
  }),
);
export type Nft = z.infer<typeof Nft>;

/**
 * A rich-list row. The amount is a signed integer: rollytics keeps running sums that can go below zero ("Negative
 * balances can occur due to transaction ordering issues or missed events", indexer/extension/richlist/utils/db.go;
 * Move only logs them) and the API returns them unchanged.
 */
export const Holder = lazySchema(() =>
  z.looseObject({ account: z.string(), amount: z.string().check(z.regex(/^-?\d+$/)) }),
);
export type Holder = z.infer<typeof Holder>;

const list = <K extends string, T extends z.ZodMiniType>(k: K, item: T) =>
  z.looseObject({ [k]: z.array(item), pagination: z.optional(z.nullable(Pagination)) } as {
    [P in K]: z.ZodMiniArray<T>;
  } & {
    pagination: z.ZodMiniOptional<z.ZodMiniNullable<typeof Pagination>>;
  });

export const BlocksResponse = lazySchema(() => list('blocks', Block));
export const BlockResponse = lazySchema(() => z.looseObject({ block: Block }));
export const TxsResponse = lazySchema(() => list('txs', Tx));
export const TxResponse = lazySchema(() => z.looseObject({ tx: Tx }));
export const EvmTxsResponse = lazySchema(() => list('txs', EvmTx));
export const EvmTxResponse = lazySchema(() => z.looseObject({ tx: EvmTx }));
export const InternalTxsResponse = lazySchema(() => list('internal_txs', InternalTx));
export const CollectionsResponse = lazySchema(() => list('collections', Collection));
export const CollectionResponse = lazySchema(() => z.looseObject({ collection: Collection }));
export const NftsResponse = lazySchema(() => list('tokens', Nft));
export const HoldersResponse = lazySchema(() => list('holders', Holder));

export type BlocksResponse = z.infer<typeof BlocksResponse>;
export type BlockResponse = z.infer<typeof BlockResponse>;
export type TxsResponse = z.infer<typeof TxsResponse>;
export type TxResponse = z.infer<typeof TxResponse>;
export type EvmTxsResponse = z.infer<typeof EvmTxsResponse>;
export type EvmTxResponse = z.infer<typeof EvmTxResponse>;
export type InternalTxsResponse = z.infer<typeof InternalTxsResponse>;
export type CollectionsResponse = z.infer<typeof CollectionsResponse>;
export type CollectionResponse = z.infer<typeof CollectionResponse>;
export type NftsResponse = z.infer<typeof NftsResponse>;
export type HoldersResponse = z.infer<typeof HoldersResponse>;
