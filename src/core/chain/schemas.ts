/**
 * What a chain's node answers, as far as the extension reads it (zod/mini; unknown fields allowed and dropped):
 *  - Cosmos REST (LCD, `weave rollup launch` prints `http://localhost:1317`): a transaction
 *    (`/cosmos/tx/v1beta1/txs/{hash}`), bank balances, node info, the latest block (a denom's metadata is read by
 *    core/router/check/decimals.ts's own schema);
 *  - EVM JSON-RPC (MiniEVM, `:8545`): `eth_chainId`, `eth_getTransactionReceipt`, `eth_getCode`, `eth_getBalance`,
 *    `eth_call`;
 *  - CometBFT RPC (`:26657`): `/status` (the node's chain id and height).
 */
import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';

const IntString = lazySchema(() => z.union([z.string(), z.number()]));

export const CosmosTxResponse = lazySchema(() =>
  z.object({
    tx_response: z.looseObject({
      height: IntString,
      txhash: z.string(),
      code: z.optional(z.nullable(z.number())),
      codespace: z.optional(z.nullable(z.string())),
      raw_log: z.optional(z.nullable(z.string())),
    }),
  }),
);

const Coin = lazySchema(() => z.object({ denom: z.string(), amount: z.string() }));
export const BankBalances = lazySchema(() =>
  z.object({
    balances: z.array(Coin),
    pagination: z.optional(
      z.nullable(
        z.looseObject({ next_key: z.optional(z.nullable(z.string())), total: z.optional(z.nullable(IntString)) }),
      ),
    ),
  }),
);
export type BankBalancesResponse = z.infer<typeof BankBalances>;

export const NodeInfo = lazySchema(() =>
  z.object({
    default_node_info: z.looseObject({
      network: z.string(),
      moniker: z.optional(z.string()),
      version: z.optional(z.string()),
    }),
    application_version: z.optional(
      z.nullable(
        z.looseObject({
          name: z.optional(z.string()),
          app_name: z.optional(z.string()),
          version: z.optional(z.string()),
          build_deps: z.optional(
            z.nullable(z.array(z.looseObject({ path: z.optional(z.string()), version: z.optional(z.string()) }))),
          ),
        }),
      ),
    ),
  }),
);
export type NodeInfoResponse = z.infer<typeof NodeInfo>;

export const LatestBlock = lazySchema(() =>
  z.object({
    block: z.looseObject({ header: z.looseObject({ height: IntString, chain_id: z.optional(z.string()) }) }),
  }),
);

export const RpcStatus = lazySchema(() =>
  z.object({
    result: z.looseObject({
      node_info: z.looseObject({ network: z.string() }),
      sync_info: z.looseObject({ latest_block_height: IntString }),
    }),
  }),
);

const Quantity = lazySchema(() => z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/)));
export const EvmReceipt = lazySchema(() =>
  z.nullable(
    z.looseObject({
      transactionHash: z.optional(z.string()),
      status: z.optional(z.nullable(Quantity)),
      blockNumber: z.optional(z.nullable(Quantity)),
      contractAddress: z.optional(z.nullable(z.string())),
    }),
  ),
);
export const HexQuantity = Quantity;
export const HexData = lazySchema(() => z.string().check(z.regex(/^0x[0-9a-fA-F]*$/)));

/** An answer read by its own checker (the bank's denom metadata: core/router/check/decimals.ts). */
export const Anything = lazySchema(() => z.unknown());

/** `GET /ibc/core/channel/v1/channels/{channel}/ports/{port}/client_state`: the light client of the chain at the other end. */
export const ChannelClientState = lazySchema(() =>
  z.looseObject({
    identified_client_state: z.looseObject({
      client_id: z.optional(z.string()),
      client_state: z.looseObject({ '@type': z.optional(z.string()), chain_id: z.optional(z.string()) }),
    }),
  }),
);
