/**
 * zod schemas of a route's operations (one per hop; Skip Go API shape, Initia router extras), re-exported by
 * schemas.ts. An operation carries exactly one key naming its kind; every kind of the real service is modelled, and
 * a kind we do not know is kept as raw JSON (`OperationView`'s `kind: 'unknown'`) and sent back unchanged.
 */
import * as z from 'zod/mini';

import { opt, optAsset, optBool, optInt, optStr, str } from './wire';
import { lazySchema } from '../lazySchema';

export const SwapVenue = lazySchema(() => z.looseObject({ name: optStr, chain_id: optStr, logo_uri: optStr }));
const SwapOperation = lazySchema(() =>
  z.looseObject({ pool: optStr, denom_in: optStr, denom_out: optStr, interface: optStr }),
);
const SmartRelayFeeQuote = lazySchema(() =>
  z.looseObject({
    fee_amount: optStr,
    relayer_address: optStr,
    expiration: optStr,
    fee_denom: optStr,
    fee_payment_address: optStr,
  }),
);

/** `transfer`: an IBC transfer. */
const IbcTransferOp = lazySchema(() =>
  z.looseObject({
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
  }),
);

const BankSendOp = lazySchema(() => z.looseObject({ chain_id: str, denom: optStr }));

const SwapOp = lazySchema(() =>
  z.looseObject({
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
  }),
);

const EvmSwapOp = lazySchema(() =>
  z.looseObject({
    from_chain_id: optStr,
    denom_in: optStr,
    denom_out: optStr,
    input_token: optStr,
    amount_in: optStr,
    amount_out: optStr,
    swap_calldata: optStr,
    swap_venues: z.optional(z.nullable(z.array(SwapVenue))),
  }),
);

const AxelarTransferOp = lazySchema(() =>
  z.looseObject({
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
  }),
);

const CctpTransferOp = lazySchema(() =>
  z.looseObject({
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
  }),
);

const HyperlaneTransferOp = lazySchema(() =>
  z.looseObject({
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
  }),
);

const OpInitTransferOp = lazySchema(() =>
  z.looseObject({
    from_chain_id: str,
    to_chain_id: str,
    denom_in: optStr,
    denom_out: optStr,
    /** Untyped in the swagger: a string such as "14" in the docs, a number in some builds. */
    op_init_bridge_id: z.optional(z.nullable(z.union([z.string(), z.number()]))),
    bridge_id: optStr,
    smart_relay: optBool,
  }),
);

const GoFastTransferOp = lazySchema(() =>
  z.looseObject({
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
  }),
);

const StargateTransferOp = lazySchema(() =>
  z.looseObject({
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
  }),
);

const LayerZeroTransferOp = lazySchema(() =>
  z.looseObject({
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
  }),
);

const EurekaTransferOp = lazySchema(() =>
  z.looseObject({
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
  }),
);

/** Initia router, older builds (`RouterOperationJson` in a stored InterwovenKit): LayerZero under another key. */
const LzTransferOp = lazySchema(() =>
  z.looseObject({
    from_chain_id: str,
    to_chain_id: str,
    denom_in: optStr,
    denom_out: optStr,
  }),
);

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
export const Operation = lazySchema(() =>
  z.looseObject({
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
  }),
);
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
