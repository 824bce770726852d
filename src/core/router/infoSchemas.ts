/** zod schemas of the router's lists: its chains, each chain's assets, an address's balances (every string server text). */
import * as z from 'zod/mini';
import { Asset, baseAmount, opt, optBool, optInt, optStr, str } from './wire';
import { lazySchema } from '../lazySchema';

// ---------------------------------------------------------------------------------------------------------------
// Chains (`GET /v2/info/chains`): names to show for chain ids; every string is server text.

/** A gas price tier: a decimal string such as "0.025". */
const GasPrice = lazySchema(() => z.looseObject({ low: optStr, average: optStr, high: optStr }));
const FeeAsset = lazySchema(() => z.looseObject({ denom: optStr, gas_price: opt(GasPrice) }));
type FeeAsset = z.infer<typeof FeeAsset>;

export const ChainInfo = lazySchema(() =>
  z.looseObject({
    chain_id: str,
    chain_name: optStr,
    pretty_name: optStr,
    bech32_prefix: optStr,
    chain_type: optStr,
    logo_uri: optStr,
    /** Initia router extras: the chain's RPC and REST endpoints, whether the UI hides it, an EVM chain's fee asset. */
    rpc: optStr,
    rest: optStr,
    hidden: optBool,
    evm_fee_asset: opt(z.looseObject({ name: optStr, symbol: optStr, decimals: optInt })),
    is_testnet: optBool,
    fee_assets: opt(z.array(FeeAsset)),
  }),
);
export type ChainInfo = z.infer<typeof ChainInfo>;

export const ChainsResponse = lazySchema(() => z.looseObject({ chains: z.array(ChainInfo) }));

/** GET /v2/fungible/assets: the assets the router knows, per chain (their symbols and decimals). */
export const AssetsResponse = lazySchema(() =>
  z.looseObject({
    chain_to_assets_map: z.record(z.string(), z.looseObject({ assets: z.optional(z.nullable(z.array(Asset))) })),
  }),
);
export type AssetsResponse = z.infer<typeof AssetsResponse>;
export type ChainsResponse = z.infer<typeof ChainsResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Balances (`POST /v2/info/balances`)

/** What `/v2/info/balances` takes: per chain, an address and the denoms to read (`[]`: every asset of the chain). */
export const BalancesRequest = lazySchema(() =>
  z.object({
    chains: z.record(z.string(), z.object({ address: z.string(), denoms: z.array(z.string()) })),
  }),
);
export type BalancesRequest = z.infer<typeof BalancesRequest>;

/** One denom's balance: `amount` in base units (checked), the rest for display (server text). */
export const BalanceEntry = lazySchema(() =>
  z.looseObject({
    amount: baseAmount,
    formatted_amount: optStr,
    decimals: optInt,
    price: optStr,
    value_usd: optStr,
    /** Set when the router could not read this balance. */
    error: opt(z.looseObject({ code: z.optional(z.nullable(z.union([z.number(), z.string()]))), message: optStr })),
  }),
);
export type BalanceEntry = z.infer<typeof BalanceEntry>;

export const BalancesResponse = lazySchema(() =>
  z.looseObject({
    chains: z.record(
      z.string(),
      z.looseObject({
        address: optStr,
        /** Denom → balance. A denom absent here has a zero balance; an absent map (no balance at all) reads as `{}`. */
        denoms: z._default(z.record(z.string(), BalanceEntry), () => ({})),
      }),
    ),
  }),
);
export type BalancesResponse = z.infer<typeof BalancesResponse>;
