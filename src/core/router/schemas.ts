/**
 * zod schemas of the transfer router (Skip Go API shape, Initia router extras), after shared/api/real-services.md
 * Part B. Lenient to fields we do not read (looseObject keeps them, so the JSON documents show the full answer);
 * strict on the fields the extension reads. Operations and status legs carry exactly one key naming their kind; a
 * kind we do not model is kept as raw JSON and shown generically.
 */
import * as z from 'zod/mini';

const str = z.string();
const optStr = z.optional(z.nullable(z.string()));
const amount = z.union([z.string(), z.number()]);

// ---------------------------------------------------------------------------------------------------------------
// Route

export const RouteRequest = z.looseObject({
  amount_in: str,
  source_asset_chain_id: str,
  source_asset_denom: str,
  dest_asset_chain_id: str,
  dest_asset_denom: str,
  is_op_withdraw: z.optional(z.boolean()),
  allow_unsafe: z.optional(z.boolean()),
  allow_multi_tx: z.optional(z.boolean()),
});
export type RouteRequest = z.infer<typeof RouteRequest>;

/** The fields every transfer-like operation shares (each bridge adds its own). */
const Hop = z.looseObject({
  from_chain_id: optStr,
  to_chain_id: optStr,
  chain_id: optStr,
  denom_in: optStr,
  denom_out: optStr,
  denom: optStr,
  bridge_id: optStr,
});
export type Hop = z.infer<typeof Hop>;

/** Operation kinds of the real service (swagger `Operation` oneOf, plus Initia's older `lz_transfer`). */
export const OPERATION_KINDS = [
  'transfer',
  'bank_send',
  'swap',
  'evm_swap',
  'axelar_transfer',
  'cctp_transfer',
  'cctp_transfer_v2',
  'hyperlane_transfer',
  'op_init_transfer',
  'go_fast_transfer',
  'stargate_transfer',
  'layer_zero_transfer',
  'eureka_transfer',
  'lz_transfer',
] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

export const Operation = z.looseObject({
  tx_index: z.optional(z.number()),
  amount_in: z.optional(amount),
  amount_out: z.optional(amount),
  ...Object.fromEntries(OPERATION_KINDS.map((k) => [k, z.optional(Hop)])),
} as { tx_index: z.ZodMiniOptional<z.ZodMiniNumber>; amount_in: z.ZodMiniOptional<typeof amount>; amount_out: z.ZodMiniOptional<typeof amount> } & {
  [K in OperationKind]: z.ZodMiniOptional<typeof Hop>;
});
export type Operation = z.infer<typeof Operation>;

export const Fee = z.looseObject({
  fee_type: optStr,
  amount: z.optional(amount),
  usd_amount: optStr,
  chain_id: optStr,
  origin_asset: z.optional(z.nullable(z.looseObject({ denom: optStr, symbol: optStr, decimals: z.optional(z.nullable(z.number())) }))),
});

export const Route = z.looseObject({
  amount_in: amount,
  amount_out: amount,
  source_asset_denom: str,
  source_asset_chain_id: str,
  dest_asset_denom: str,
  dest_asset_chain_id: str,
  operations: z.array(Operation),
  chain_ids: z.optional(z.array(str)),
  required_chain_addresses: z.optional(z.array(str)),
  estimated_amount_out: z.optional(amount),
  estimated_route_duration_seconds: z.optional(z.nullable(z.number())),
  txs_required: z.optional(z.number()),
  does_swap: z.optional(z.boolean()),
  estimated_fees: z.optional(z.nullable(z.array(Fee))),
  warning: z.optional(z.nullable(z.looseObject({ type: optStr, message: optStr }))),
  required_op_hook: z.optional(z.boolean()),
  extra_infos: z.optional(z.nullable(z.array(str))),
  extra_warnings: z.optional(z.nullable(z.array(str))),
});
export type Route = z.infer<typeof Route>;

// ---------------------------------------------------------------------------------------------------------------
// OP hook, msgs, track

export const OpHookRequest = z.looseObject({
  source_address: str,
  source_asset_chain_id: str,
  source_asset_denom: str,
  dest_address: str,
  dest_asset_chain_id: str,
  dest_asset_denom: str,
});
export type OpHookRequest = z.infer<typeof OpHookRequest>;

export const OpHook = z.looseObject({
  chain_id: str,
  hook: z.array(z.looseObject({ msg_type_url: str, msg: str })),
});
export type OpHook = z.infer<typeof OpHook>;

export const SignedOpHook = z.looseObject({ signer: str, hook: str });
export type SignedOpHook = z.infer<typeof SignedOpHook>;

export const MsgsRequest = z.looseObject({
  amount_in: str,
  amount_out: str,
  source_asset_chain_id: str,
  source_asset_denom: str,
  dest_asset_chain_id: str,
  dest_asset_denom: str,
  address_list: z.array(str),
  operations: z.array(Operation),
  slippage_tolerance_percent: str,
  signed_op_hook: z.optional(SignedOpHook),
});
export type MsgsRequest = z.infer<typeof MsgsRequest>;

const CosmosMsg = z.looseObject({ msg: str, msg_type_url: str });
export const CosmosTx = z.looseObject({ chain_id: str, path: z.optional(z.array(str)), signer_address: optStr, msgs: z.array(CosmosMsg) });
export const EvmTxMsg = z.looseObject({
  chain_id: str,
  to: str,
  value: z.optional(z.nullable(z.string())),
  data: z.optional(z.nullable(z.string())),
  required_erc20_approvals: z.optional(z.nullable(z.array(z.looseObject({ token_contract: str, spender: str, amount: str })))),
  signer_address: optStr,
});
export const SvmTx = z.looseObject({ chain_id: str, signer_address: optStr, tx: str });

export const TxToSign = z.looseObject({
  cosmos_tx: z.optional(CosmosTx),
  evm_tx: z.optional(EvmTxMsg),
  svm_tx: z.optional(SvmTx),
  operations_indices: z.optional(z.array(z.number())),
});
export type TxToSign = z.infer<typeof TxToSign>;

export const MsgsResponse = z.looseObject({
  txs: z.array(TxToSign),
  msgs: z.optional(z.nullable(z.array(z.unknown()))),
  min_amount_out: z.optional(amount),
  estimated_fees: z.optional(z.nullable(z.array(Fee))),
});
export type MsgsResponse = z.infer<typeof MsgsResponse>;

export const TrackResponse = z.looseObject({ tx_hash: str, explorer_link: optStr });
export type TrackResponse = z.infer<typeof TrackResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Status

export const ChainTx = z.looseObject({ chain_id: optStr, tx_hash: str, explorer_link: optStr, on_chain_at: optStr });
export type ChainTx = z.infer<typeof ChainTx>;

/** One leg of the transfer sequence: its state, chains, and a bag of named txs (bridge-specific names). */
const Leg = z.looseObject({
  state: optStr,
  from_chain_id: optStr,
  to_chain_id: optStr,
  src_chain_id: optStr,
  dst_chain_id: optStr,
  txs: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  packet_txs: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  error: z.optional(z.unknown()),
  error_message: optStr,
});
export type Leg = z.infer<typeof Leg>;

export const LEG_KINDS = [
  'ibc_transfer',
  'eureka_transfer',
  'axelar_transfer',
  'cctp_transfer',
  'cctp_transfer_v2',
  'hyperlane_transfer',
  'op_init_transfer',
  'go_fast_transfer',
  'stargate_transfer',
  'layer_zero_transfer',
] as const;
export type LegKind = (typeof LEG_KINDS)[number];

export const SequenceItem = z.looseObject(
  Object.fromEntries(LEG_KINDS.map((k) => [k, z.optional(Leg)])) as { [K in LegKind]: z.ZodMiniOptional<typeof Leg> },
);
export type SequenceItem = z.infer<typeof SequenceItem>;

const StatusError = z.looseObject({ type: optStr, message: optStr });

export const TransferStatus = z.looseObject({
  state: str,
  transfer_sequence: z.optional(z.nullable(z.array(SequenceItem))),
  next_blocking_transfer: z.optional(z.nullable(z.looseObject({ transfer_sequence_index: z.optional(z.number()) }))),
  transfer_asset_release: z.optional(z.nullable(z.looseObject({ chain_id: optStr, denom: optStr, amount: z.optional(z.nullable(amount)), released: z.optional(z.boolean()) }))),
  error: z.optional(z.nullable(StatusError)),
});
export type TransferStatus = z.infer<typeof TransferStatus>;

export const StatusResponse = z.looseObject({
  transfers: z.optional(z.nullable(z.array(TransferStatus))),
  state: optStr,
  status: optStr,
  transfer_sequence: z.optional(z.nullable(z.array(SequenceItem))),
  transfer_asset_release: z.optional(z.nullable(z.looseObject({ chain_id: optStr, denom: optStr, amount: z.optional(z.nullable(amount)), released: z.optional(z.boolean()) }))),
  error: z.optional(z.nullable(StatusError)),
});
export type StatusResponse = z.infer<typeof StatusResponse>;
