/** zod schemas of the router's tracking answers: `/v2/tx/track` and `/v2/tx/status` (legs per bridge kind). */
import * as z from 'zod/mini';
import { opt, optBool, optStr, str } from './wire';
import { lazySchema } from '../lazySchema';

// ---------------------------------------------------------------------------------------------------------------
// Track

export const TrackResponse = lazySchema(() => z.looseObject({ tx_hash: str, explorer_link: optStr }));
export type TrackResponse = z.infer<typeof TrackResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Status

/** A transaction on some chain, as status legs report them. `explorer_link` is server text: check before opening. */
export const ChainTx = lazySchema(() =>
  z.looseObject({ chain_id: str, tx_hash: str, explorer_link: optStr, on_chain_at: optStr }),
);
export type ChainTx = z.infer<typeof ChainTx>;
const optTx = lazySchema(() => opt(ChainTx));

const ErrorDetails = lazySchema(() =>
  z.looseObject({
    code: z.optional(z.nullable(z.union([z.number(), z.string()]))),
    message: optStr,
  }),
);
const PacketError = lazySchema(() => z.looseObject({ type: optStr, message: optStr, details: opt(ErrorDetails) }));
const LegError = lazySchema(() => z.looseObject({ type: optStr, message: optStr }));

const legBase = { state: str, from_chain_id: optStr, to_chain_id: optStr };

/** `ibc_transfer` and `eureka_transfer`: `TRANSFER_*` states, txs of the IBC packet. */
const IbcLeg = lazySchema(() =>
  z.looseObject({
    ...legBase,
    src_chain_id: optStr,
    dst_chain_id: optStr,
    packet_txs: opt(
      z.looseObject({
        send_tx: optTx,
        receive_tx: optTx,
        acknowledge_tx: optTx,
        timeout_tx: optTx,
        error: opt(PacketError),
      }),
    ),
  }),
);

const AxelarLeg = lazySchema(() =>
  z.looseObject({
    ...legBase,
    type: optStr,
    axelar_scan_link: optStr,
    txs: opt(
      z.looseObject({
        send_token_txs: opt(
          z.looseObject({ send_tx: optTx, confirm_tx: optTx, execute_tx: optTx, error: opt(LegError) }),
        ),
        contract_call_with_token_txs: opt(
          z.looseObject({
            send_tx: optTx,
            gas_paid_tx: optTx,
            approve_tx: optTx,
            confirm_tx: optTx,
            execute_tx: optTx,
            error: opt(LegError),
          }),
        ),
      }),
    ),
  }),
);

/** cctp_transfer, cctp_transfer_v2, hyperlane_transfer, op_init_transfer: a send and a receive. */
const SendReceiveLeg = lazySchema(() =>
  z.looseObject({
    ...legBase,
    txs: opt(z.looseObject({ send_tx: optTx, receive_tx: optTx })),
  }),
);

const GoFastLeg = lazySchema(() =>
  z.looseObject({
    ...legBase,
    txs: opt(
      z.looseObject({
        order_submitted_tx: optTx,
        order_filled_tx: optTx,
        order_refunded_tx: optTx,
        order_timeout_tx: optTx,
      }),
    ),
    error_message: optStr,
  }),
);

const StargateLeg = lazySchema(() =>
  z.looseObject({
    ...legBase,
    txs: opt(z.looseObject({ send_tx: optTx, receive_tx: optTx, error_tx: optTx })),
  }),
);

const LayerZeroLeg = lazySchema(() =>
  z.looseObject({
    ...legBase,
    txs: opt(z.looseObject({ send_tx: optTx, receive_tx: optTx, compose_tx: optTx, error_tx: optTx })),
  }),
);

const LEG_SCHEMAS = {
  ibc_transfer: IbcLeg,
  eureka_transfer: IbcLeg,
  axelar_transfer: AxelarLeg,
  cctp_transfer: SendReceiveLeg,
  cctp_transfer_v2: SendReceiveLeg,
  hyperlane_transfer: SendReceiveLeg,
  op_init_transfer: SendReceiveLeg,
  go_fast_transfer: GoFastLeg,
  stargate_transfer: StargateLeg,
  layer_zero_transfer: LayerZeroLeg,
} as const;
type LegKind = keyof typeof LEG_SCHEMAS;
const LEG_KINDS = Object.keys(LEG_SCHEMAS) as LegKind[];

/** One item of `transfer_sequence`: exactly one key naming its bridge; unknown keys kept as raw JSON. */
export const SequenceItem = lazySchema(() =>
  z.looseObject({
    ibc_transfer: opt(IbcLeg),
    eureka_transfer: opt(IbcLeg),
    axelar_transfer: opt(AxelarLeg),
    cctp_transfer: opt(SendReceiveLeg),
    cctp_transfer_v2: opt(SendReceiveLeg),
    hyperlane_transfer: opt(SendReceiveLeg),
    op_init_transfer: opt(SendReceiveLeg),
    go_fast_transfer: opt(GoFastLeg),
    stargate_transfer: opt(StargateLeg),
    layer_zero_transfer: opt(LayerZeroLeg),
  }),
);
export type SequenceItem = z.infer<typeof SequenceItem>;

export type LegView =
  | { [K in LegKind]: { kind: K; leg: NonNullable<SequenceItem[K]> } }[LegKind]
  | { kind: 'unknown'; key: string | undefined; /** The raw leg; `state` read leniently from it. */ leg: unknown };

export function legView(item: SequenceItem): LegView {
  const record = item as Record<string, unknown>;
  for (const kind of LEG_KINDS) {
    const leg = record[kind];
    if (leg != null) return { kind, leg } as LegView;
  }
  const key = Object.keys(record).find((k) => record[k] != null && typeof record[k] === 'object');
  return { kind: 'unknown', key, leg: key === undefined ? undefined : record[key] };
}

const StatusError = lazySchema(() =>
  z.looseObject({
    type: optStr,
    message: optStr,
    details: opt(z.looseObject({ code: z.optional(z.unknown()), message: optStr })),
  }),
);
type StatusError = z.infer<typeof StatusError>;

const AssetRelease = lazySchema(() => z.looseObject({ chain_id: str, denom: str, amount: optStr, released: optBool }));
type AssetRelease = z.infer<typeof AssetRelease>;

const NextBlocking = lazySchema(() => z.looseObject({ transfer_sequence_index: z.number().check(z.int()) }));

/** One independent transfer started by the tx. */
const transferStatusShape = () => ({
  state: str,
  transfer_sequence: z.optional(z.nullable(z.array(SequenceItem))),
  next_blocking_transfer: opt(NextBlocking),
  transfer_asset_release: opt(AssetRelease),
  error: opt(StatusError),
});
export const TransferStatus = lazySchema(() => z.looseObject(transferStatusShape()));
export type TransferStatus = z.infer<typeof TransferStatus>;

/** `GET /v2/tx/status`: `transfers[]`, plus the deprecated top-level copy of the first one and the legacy `status`. */
export const StatusResponse = lazySchema(() =>
  z.looseObject({
    ...transferStatusShape(),
    transfers: z.optional(z.nullable(z.array(TransferStatus))),
    state: optStr,
    status: optStr,
  }),
);
export type StatusResponse = z.infer<typeof StatusResponse>;
