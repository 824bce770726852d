/**
 * zod schemas of the transfer router (Skip Go API shape, Initia router extras), after shared/api/real-services.md
 * Part B. Lenient to fields we do not read (looseObject keeps them: the JSON documents show the whole answer, and
 * route operations go back to `/v2/fungible/msgs` exactly as they came); strict on the fields the extension reads.
 *
 * Operations (route) and legs (status `transfer_sequence`) carry exactly one key naming their kind. Every kind of
 * the real service is modelled; a kind we do not know is kept as raw JSON and reaches the UI through the fallback
 * member of `OperationView` / `LegView` (`kind: 'unknown'`), to be shown generically. The status (statusSchemas.ts) and
 * the router's lists (infoSchemas.ts) are in files of their own, re-exported here; the field kinds are wire.ts's.
 */
import * as z from 'zod/mini';

import { baseAmount, opt, optAsset, optBool, optInt, optStr, shownAmount, str } from './wire';

export { Asset } from './wire';
export * from './statusSchemas';
export * from './infoSchemas';

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
// Operations (one per hop of a route)

const SwapVenue = z.looseObject({ name: optStr, chain_id: optStr, logo_uri: optStr });
const SwapOperation = z.looseObject({ pool: optStr, denom_in: optStr, denom_out: optStr, interface: optStr });
const SmartRelayFeeQuote = z.looseObject({
  fee_amount: optStr,
  relayer_address: optStr,
  expiration: optStr,
  fee_denom: optStr,
  fee_payment_address: optStr,
});

/** `transfer`: an IBC transfer. */
const IbcTransferOp = z.looseObject({
  from_chain_id: str,
  to_chain_id: str,
  port: optStr,
  channel: optStr,
  denom_in: optStr,
  denom_out: optStr,
  pfm_enabled: optBool,
  supports_memo: optBool,
  fee_amount: optStr,
  usd_fee_amount: optStr,
  fee_asset: optAsset,
  bridge_id: optStr,
  smart_relay: optBool,
  to_chain_entry_contract_address: optStr,
  to_chain_callback_contract_address: optStr,
  dest_denom: optStr,
});

const BankSendOp = z.looseObject({ chain_id: str, denom: optStr });

const SwapOp = z.looseObject({
  from_chain_id: optStr,
  chain_id: optStr,
  denom_in: optStr,
  denom_out: optStr,
  estimated_affiliate_fee: optStr,
  swap_venues: z.optional(z.nullable(z.array(SwapVenue))),
  swap_in: z.optional(
    z.nullable(
      z.looseObject({
        swap_venue: z.optional(z.nullable(SwapVenue)),
        swap_operations: z.optional(z.nullable(z.array(SwapOperation))),
        swap_amount_in: optStr,
        price_impact_percent: optStr,
        estimated_amount_out: optStr,
      }),
    ),
  ),
  swap_out: z.optional(
    z.nullable(
      z.looseObject({
        swap_venue: z.optional(z.nullable(SwapVenue)),
        swap_operations: z.optional(z.nullable(z.array(SwapOperation))),
        swap_amount_out: optStr,
        price_impact_percent: optStr,
      }),
    ),
  ),
  smart_swap_in: z.optional(
    z.nullable(
      z.looseObject({
        swap_venue: z.optional(z.nullable(SwapVenue)),
        swap_routes: z.optional(
          z.nullable(
            z.array(
              z.looseObject({
                swap_amount_in: optStr,
                denom_in: optStr,
                swap_operations: z.optional(z.nullable(z.array(SwapOperation))),
              }),
            ),
          ),
        ),
        estimated_amount_out: optStr,
      }),
    ),
  ),
});

const EvmSwapOp = z.looseObject({
  from_chain_id: optStr,
  denom_in: optStr,
  denom_out: optStr,
  input_token: optStr,
  amount_in: optStr,
  amount_out: optStr,
  swap_calldata: optStr,
  swap_venues: z.optional(z.nullable(z.array(SwapVenue))),
});

const AxelarTransferOp = z.looseObject({
  from_chain_id: str,
  to_chain_id: str,
  asset: optStr,
  should_unwrap: optBool,
  denom_in: optStr,
  denom_out: optStr,
  fee_amount: optStr,
  usd_fee_amount: optStr,
  fee_asset: optAsset,
  is_testnet: optBool,
  ibc_transfer_to_axelar: z.optional(z.unknown()),
  bridge_id: optStr,
  smart_relay: optBool,
});

const CctpTransferOp = z.looseObject({
  from_chain_id: str,
  to_chain_id: str,
  burn_token: optStr,
  denom_in: optStr,
  denom_out: optStr,
  bridge_id: optStr,
  smart_relay: optBool,
  smart_relay_fee_quote: z.optional(z.nullable(SmartRelayFeeQuote)),
  // cctp_transfer_v2 only
  destination_domain: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  finality_threshold: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  max_fee: optStr,
});

const HyperlaneTransferOp = z.looseObject({
  from_chain_id: str,
  to_chain_id: str,
  denom_in: optStr,
  denom_out: optStr,
  hyperlane_contract_address: optStr,
  fee_amount: optStr,
  usd_fee_amount: optStr,
  fee_asset: optAsset,
  bridge_id: optStr,
  smart_relay: optBool,
});

const OpInitTransferOp = z.looseObject({
  from_chain_id: str,
  to_chain_id: str,
  denom_in: optStr,
  denom_out: optStr,
  /** Untyped in the swagger: a string such as "14" in the docs, a number in some builds. */
  op_init_bridge_id: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  bridge_id: optStr,
  smart_relay: optBool,
});

const GoFastTransferOp = z.looseObject({
  from_chain_id: str,
  to_chain_id: str,
  denom_in: optStr,
  denom_out: optStr,
  bridge_id: optStr,
  source_domain: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  destination_domain: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  fee: z.optional(
    z.nullable(
      z.looseObject({
        fee_asset: optAsset,
        bps_fee: optStr,
        bps_fee_amount: optStr,
        bps_fee_usd: optStr,
        source_chain_fee_amount: optStr,
        source_chain_fee_usd: optStr,
        destination_chain_fee_amount: optStr,
        destination_chain_fee_usd: optStr,
      }),
    ),
  ),
});

const StargateTransferOp = z.looseObject({
  from_chain_id: str,
  to_chain_id: str,
  denom_in: optStr,
  denom_out: optStr,
  pool_address: optStr,
  destination_endpoint_id: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  oft_fee_asset: optAsset,
  oft_fee_amount: optStr,
  oft_fee_amount_usd: optStr,
  messaging_fee_asset: optAsset,
  messaging_fee_amount: optStr,
  messaging_fee_amount_usd: optStr,
  bridge_id: optStr,
});

const LayerZeroTransferOp = z.looseObject({
  from_chain_id: str,
  to_chain_id: str,
  denom_in: optStr,
  denom_out: optStr,
  source_oft_contract_address: optStr,
  destination_endpoint_id: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  messaging_fee_asset: optAsset,
  messaging_fee_amount: optStr,
  messaging_fee_amount_usd: optStr,
  bridge_id: optStr,
});

const EurekaTransferOp = z.looseObject({
  from_chain_id: str,
  to_chain_id: str,
  destination_port: optStr,
  source_client: optStr,
  denom_in: optStr,
  denom_out: optStr,
  pfm_enabled: optBool,
  supports_memo: optBool,
  entry_contract_address: optStr,
  callback_adapter_contract_address: optStr,
  bridge_id: optStr,
  smart_relay: optBool,
  smart_relay_fee_quote: z.optional(z.nullable(SmartRelayFeeQuote)),
  to_chain_callback_contract_address: optStr,
  to_chain_entry_contract_address: optStr,
});

/** Initia router, older builds (`RouterOperationJson` in a stored InterwovenKit): LayerZero under another key. */
const LzTransferOp = z.looseObject({
  from_chain_id: str,
  to_chain_id: str,
  denom_in: optStr,
  denom_out: optStr,
});

/** Every operation kind of the real service, with the schema of its body. */
const OPERATION_SCHEMAS = {
  transfer: IbcTransferOp,
  bank_send: BankSendOp,
  swap: SwapOp,
  evm_swap: EvmSwapOp,
  axelar_transfer: AxelarTransferOp,
  cctp_transfer: CctpTransferOp,
  cctp_transfer_v2: CctpTransferOp,
  hyperlane_transfer: HyperlaneTransferOp,
  op_init_transfer: OpInitTransferOp,
  go_fast_transfer: GoFastTransferOp,
  stargate_transfer: StargateTransferOp,
  layer_zero_transfer: LayerZeroTransferOp,
  eureka_transfer: EurekaTransferOp,
  lz_transfer: LzTransferOp,
} as const;
type OperationKind = keyof typeof OPERATION_SCHEMAS;
export const OPERATION_KINDS = Object.keys(OPERATION_SCHEMAS) as OperationKind[];

/**
 * One operation of a route. The body of a known kind is checked (a wrong type names the field, e.g.
 * `operations[1].op_init_transfer.to_chain_id`); any other key is kept as is, so an unknown kind survives parsing
 * and is sent back to `/v2/fungible/msgs` unchanged.
 */
export const Operation = z.looseObject({
  tx_index: optInt,
  amount_in: optStr,
  amount_out: optStr,
  transfer: opt(IbcTransferOp),
  bank_send: opt(BankSendOp),
  swap: opt(SwapOp),
  evm_swap: opt(EvmSwapOp),
  axelar_transfer: opt(AxelarTransferOp),
  cctp_transfer: opt(CctpTransferOp),
  cctp_transfer_v2: opt(CctpTransferOp),
  hyperlane_transfer: opt(HyperlaneTransferOp),
  op_init_transfer: opt(OpInitTransferOp),
  go_fast_transfer: opt(GoFastTransferOp),
  stargate_transfer: opt(StargateTransferOp),
  layer_zero_transfer: opt(LayerZeroTransferOp),
  eureka_transfer: opt(EurekaTransferOp),
  lz_transfer: opt(LzTransferOp),
});
export type Operation = z.infer<typeof Operation>;

/** The keys of an operation that are not its kind. */
const OPERATION_COMMON_KEYS = new Set(['tx_index', 'amount_in', 'amount_out']);

/** An operation seen by its kind: a discriminated union whose last member keeps an unknown kind as raw JSON. */
type OperationView =
  | { [K in OperationKind]: { kind: K; body: NonNullable<Operation[K]>; op: Operation } }[OperationKind]
  | {
      kind: 'unknown';
      /** The key naming the kind, when there is one (e.g. `teleport_transfer`). */ key: string | undefined;
      body: unknown;
      op: Operation;
    };

export function operationView(op: Operation): OperationView {
  const record = op as Record<string, unknown>;
  for (const kind of OPERATION_KINDS) {
    const body = record[kind];
    if (body != null) return { kind, body, op } as OperationView;
  }
  const key = Object.keys(record).find(
    (k) => !OPERATION_COMMON_KEYS.has(k) && record[k] != null && typeof record[k] === 'object',
  );
  return { kind: 'unknown', key, body: key === undefined ? undefined : record[key], op };
}

// ---------------------------------------------------------------------------------------------------------------
// Route response

export const Fee = z.looseObject({
  fee_type: optStr,
  bridge_id: optStr,
  amount: shownAmount,
  usd_amount: optStr,
  origin_asset: optAsset,
  chain_id: optStr,
  tx_index: optInt,
  operation_index: optInt,
  fee_behavior: optStr,
});
export type Fee = z.infer<typeof Fee>;

export const Route = z.looseObject({
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
});
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

export const OpHook = z.looseObject({
  /** The chain the hook is signed for. */
  chain_id: str,
  /** Amino-JSON messages (each `msg` is a JSON string). */
  hook: z.array(z.looseObject({ msg_type_url: str, msg: str })),
});
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

const CosmosMsg = z.looseObject({
  /** Amino JSON, as a string. */
  msg: str,
  /** The proto type URL. */
  msg_type_url: str,
});
const CosmosTx = z.looseObject({
  chain_id: str,
  path: z.optional(z.nullable(z.array(str))),
  signer_address: optStr,
  msgs: z.array(CosmosMsg),
});
type CosmosTx = z.infer<typeof CosmosTx>;

const Erc20Approval = z.looseObject({ token_contract: str, spender: str, amount: str });

export const EvmTx = z.looseObject({
  chain_id: str,
  to: str,
  /** Wei as a decimal string; may be "". */
  value: optStr,
  /** Hex WITHOUT 0x (see `evmTxData`). */
  data: optStr,
  required_erc20_approvals: z.optional(z.nullable(z.array(Erc20Approval))),
  signer_address: optStr,
});
export type EvmTx = z.infer<typeof EvmTx>;

const SvmTx = z.looseObject({ chain_id: str, signer_address: optStr, tx: str });
type SvmTx = z.infer<typeof SvmTx>;

/** One transaction to sign: exactly one of cosmos_tx / evm_tx / svm_tx. */
export const TxToSign = z.looseObject({
  cosmos_tx: opt(CosmosTx),
  evm_tx: opt(EvmTx),
  svm_tx: opt(SvmTx),
  operations_indices: z.optional(z.nullable(z.array(z.number().check(z.int())))),
});
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

export const MsgsResponse = z.looseObject({
  txs: z.array(TxToSign),
  /** Deprecated form (`multi_chain_msg` | `evm_tx` | `svm_tx`); kept as is. */
  msgs: z.optional(z.nullable(z.array(z.unknown()))),
  min_amount_out: z.optional(z.nullable(baseAmount)),
  estimated_fees: z.optional(z.nullable(z.array(Fee))),
});
export type MsgsResponse = z.infer<typeof MsgsResponse>;
