/**
 * zod schemas of the transfer router (Skip Go API shape, Initia router extras), after shared/api/real-services.md
 * Part B. Lenient to fields we do not read (looseObject keeps them: the JSON documents show the whole answer, and
 * route operations go back to `/v2/fungible/msgs` exactly as they came); strict on the fields the extension reads.
 *
 * Operations (route) and legs (status `transfer_sequence`) carry exactly one key naming their kind. Every kind of
 * the real service is modelled; a kind we do not know is kept as raw JSON and reaches the UI through the fallback
 * member of `OperationView` / `LegView` (`kind: 'unknown'`), to be shown generically. The status (statusSchemas.ts) and
 * the router's lists (infoSchemas.ts) and the route's operations (operationSchemas.ts) are in files of their own,
 * re-exported here; the field kinds are wire.ts's.
 */
import * as z from 'zod/mini';

import { Operation, SwapVenue } from './operationSchemas';
import { baseAmount, opt, optAsset, optBool, optInt, optStr, shownAmount, str } from './wire';
import { lazySchema } from '../lazySchema';

export { Asset } from './wire';
export * from './statusSchemas';
export * from './infoSchemas';
export * from './operationSchemas';

// ---------------------------------------------------------------------------------------------------------------
// Route request

export const BRIDGE_TYPES = [
  'IBC',
  'AXELAR',
  'CCTP',
  'CCTP_V2',
  'HYPERLANE',
  'OPINIT',
  'GO_FAST',
  'STARGATE',
  'LAYER_ZERO',
  'EUREKA',
] as const;
export type BridgeType = (typeof BRIDGE_TYPES)[number];

/** What `/v2/fungible/route` takes (the spec's five fields; the rest optional, as InterwovenKit and Skip send them). */
export interface RouteRequest {
  amount_in: string;
  source_asset_chain_id: string;
  source_asset_denom: string;
  dest_asset_chain_id: string;
  dest_asset_denom: string;
  /** Initia only: an L2 → L1 withdrawal through the OP bridge. */
  is_op_withdraw?: boolean;
  allow_unsafe?: boolean;
  allow_multi_tx?: boolean;
  allow_swaps?: boolean;
  smart_relay?: boolean;
  go_fast?: boolean;
  bridges?: BridgeType[];
}

// ---------------------------------------------------------------------------------------------------------------
// Route response

export const Fee = lazySchema(() =>
  z.looseObject({
    fee_type: optStr,
    bridge_id: optStr,
    amount: shownAmount,
    usd_amount: optStr,
    origin_asset: optAsset,
    chain_id: optStr,
    tx_index: optInt,
    operation_index: optInt,
    fee_behavior: optStr,
  }),
);
export type Fee = z.infer<typeof Fee>;

export const Route = lazySchema(() =>
  z.looseObject({
    amount_in: baseAmount,
    amount_out: baseAmount,
    source_asset_denom: str,
    source_asset_chain_id: str,
    dest_asset_denom: str,
    dest_asset_chain_id: str,
    operations: z.array(Operation),
    /** One address per entry, in this order, goes into the msgs request's `address_list`. */
    required_chain_addresses: z.array(str),
    chain_ids: z.optional(z.nullable(z.array(str))),
    estimated_amount_out: z.optional(z.nullable(baseAmount)),
    estimated_route_duration_seconds: z.optional(z.nullable(z.number().check(z.nonnegative()))),
    txs_required: optInt,
    does_swap: optBool,
    swap_venues: z.optional(z.nullable(z.array(SwapVenue))),
    usd_amount_in: optStr,
    usd_amount_out: optStr,
    swap_price_impact_percent: optStr,
    warning: z.optional(z.nullable(z.looseObject({ type: optStr, message: optStr }))),
    estimated_fees: z.optional(z.nullable(z.array(Fee))),
    /** Initia: the route needs a signed OP hook (`POST /op-hook`) before msgs. */
    required_op_hook: optBool,
    extra_infos: z.optional(z.nullable(z.array(str))),
    extra_warnings: z.optional(z.nullable(z.array(str))),
  }),
);
export type Route = z.infer<typeof Route>;

// ---------------------------------------------------------------------------------------------------------------
// OP hook (Initia only)

export interface OpHookRequest {
  source_address: string;
  source_asset_chain_id: string;
  source_asset_denom: string;
  dest_address: string;
  dest_asset_chain_id: string;
  dest_asset_denom: string;
}

export const OpHook = lazySchema(() =>
  z.looseObject({
    /** The chain the hook is signed for. */
    chain_id: str,
    /** Amino-JSON messages (each `msg` is a JSON string). */
    hook: z.array(z.looseObject({ msg_type_url: str, msg: str })),
  }),
);
export type OpHook = z.infer<typeof OpHook>;

/** What msgs takes after the client signed the hook: the signer and the base64 `Tx` bytes. */
export interface SignedOpHook {
  signer: string;
  hook: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Msgs

export interface MsgsRequest {
  amount_in: string;
  amount_out: string;
  source_asset_chain_id: string;
  source_asset_denom: string;
  dest_asset_chain_id: string;
  dest_asset_denom: string;
  /** One address per `required_chain_addresses` entry of the route, same order. */
  address_list: string[];
  /** The route's operations, as they came. */
  operations: Operation[];
  slippage_tolerance_percent: string;
  signed_op_hook?: SignedOpHook;
  [extra: string]: unknown;
}

const CosmosMsg = lazySchema(() =>
  z.looseObject({
    /** Amino JSON, as a string. */
    msg: str,
    /** The proto type URL. */
    msg_type_url: str,
  }),
);
const CosmosTx = lazySchema(() =>
  z.looseObject({
    chain_id: str,
    path: z.optional(z.nullable(z.array(str))),
    signer_address: optStr,
    msgs: z.array(CosmosMsg),
  }),
);
type CosmosTx = z.infer<typeof CosmosTx>;

const Erc20Approval = lazySchema(() => z.looseObject({ token_contract: str, spender: str, amount: str }));

export const EvmTx = lazySchema(() =>
  z.looseObject({
    chain_id: str,
    to: str,
    /** Wei as a decimal string; may be "". */
    value: optStr,
    /** Hex WITHOUT 0x (see `evmTxData`). */
    data: optStr,
    required_erc20_approvals: z.optional(z.nullable(z.array(Erc20Approval))),
    signer_address: optStr,
  }),
);
export type EvmTx = z.infer<typeof EvmTx>;

const SvmTx = lazySchema(() => z.looseObject({ chain_id: str, signer_address: optStr, tx: str }));
type SvmTx = z.infer<typeof SvmTx>;

/** One transaction to sign: exactly one of cosmos_tx / evm_tx / svm_tx. */
export const TxToSign = lazySchema(() =>
  z.looseObject({
    cosmos_tx: opt(CosmosTx),
    evm_tx: opt(EvmTx),
    svm_tx: opt(SvmTx),
    operations_indices: z.optional(z.nullable(z.array(z.number().check(z.int())))),
  }),
);
export type TxToSign = z.infer<typeof TxToSign>;

type TxView =
  | { kind: 'cosmos'; tx: CosmosTx; chainId: string }
  | { kind: 'evm'; tx: EvmTx; chainId: string }
  | { kind: 'svm'; tx: SvmTx; chainId: string }
  | { kind: 'unknown'; raw: TxToSign; chainId: undefined };

export function txView(tx: TxToSign): TxView {
  if (tx.cosmos_tx) return { kind: 'cosmos', tx: tx.cosmos_tx, chainId: tx.cosmos_tx.chain_id };
  if (tx.evm_tx) return { kind: 'evm', tx: tx.evm_tx, chainId: tx.evm_tx.chain_id };
  if (tx.svm_tx) return { kind: 'svm', tx: tx.svm_tx, chainId: tx.svm_tx.chain_id };
  return { kind: 'unknown', raw: tx, chainId: undefined };
}

/** The router sends EVM calldata without 0x; wallets want it with. */
export function evmTxData(tx: EvmTx): string {
  const data = tx.data ?? '';
  return /^0x/i.test(data) ? data : `0x${data}`;
}

export const MsgsResponse = lazySchema(() =>
  z.looseObject({
    txs: z.array(TxToSign),
    /** Deprecated form (`multi_chain_msg` | `evm_tx` | `svm_tx`); kept as is. */
    msgs: z.optional(z.nullable(z.array(z.unknown()))),
    min_amount_out: z.optional(z.nullable(baseAmount)),
    estimated_fees: z.optional(z.nullable(z.array(Fee))),
  }),
);
export type MsgsResponse = z.infer<typeof MsgsResponse>;
