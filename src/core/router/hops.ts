/**
 * A transfer's hops as the router reports them (real-services.md B7): each bridge's leg states mapped to pending /
 * done / failed / unknown and said in a few words, the txs and errors wherever a bridge nests them, and readable
 * names for the operation and leg kinds. transfer.ts builds the whole transfer's view from these.
 */
import { legView, type ChainTx, type SequenceItem } from './schemas';
import type { HopOutcome, HopTx, HopView } from './records';

const LABELS: Record<string, string> = {
  transfer: 'IBC',
  ibc_transfer: 'IBC',
  eureka_transfer: 'IBC Eureka',
  axelar_transfer: 'Axelar',
  cctp_transfer: 'CCTP',
  cctp_transfer_v2: 'CCTP v2',
  hyperlane_transfer: 'Hyperlane',
  op_init_transfer: 'OPinit bridge',
  go_fast_transfer: 'Go Fast',
  stargate_transfer: 'Stargate',
  layer_zero_transfer: 'LayerZero',
  lz_transfer: 'LayerZero',
  bank_send: 'Bank send',
  swap: 'Swap',
  evm_swap: 'EVM swap',
};

/** A readable name for an operation or leg kind (`op_init_transfer` → "OPinit bridge"); unknown kinds de-snaked. */
export function bridgeLabel(kind: string): string {
  return (
    LABELS[kind] ??
    kind
      .replace(/_/g, ' ')
      .replace(/\s+transfer$/, '')
      .trim()
  );
}

/** A hop's state mapped to pending / done / failed, per bridge (real-services.md B7). */
export function hopOutcome(kind: string, state: string | null | undefined): HopOutcome {
  if (!state) return 'unknown';
  if (/_UNKNOWN$/.test(state)) return 'unknown';
  // IBC/Eureka: RECEIVED is not final (it can still revert under PFM): only SUCCESS is done.
  if (kind === 'ibc_transfer' || kind === 'eureka_transfer') {
    if (state === 'TRANSFER_SUCCESS') return 'done';
    if (state === 'TRANSFER_FAILURE' || state === 'TRANSFER_PENDING_ERROR') return 'failed';
    return 'pending';
  }
  // CCTP and Stargate: SENT, PENDING_CONFIRMATION and CONFIRMED are all still pending (the skip client's
  // getSimpleStatus maps the latter two of Stargate to "failed": a quirk not copied here).
  if (/_(SUCCESS|RECEIVED|FILLED)$/.test(state)) return 'done';
  if (/(_FAILURE|_FAILED|_TIMEOUT|_REFUNDED|_ERROR)$/.test(state)) return 'failed';
  return 'pending';
}

/** A few words for a hop's state (IBC's RECEIVED waits for the acknowledgement; GoFast's FILLED is delivered; …). */
export function describeHopState(kind: string, state: string): string {
  if (kind === 'ibc_transfer' || kind === 'eureka_transfer') {
    switch (state) {
      case 'TRANSFER_PENDING':
        return 'sent, waiting for the destination to receive it';
      case 'TRANSFER_RECEIVED':
        return 'received, waiting for the acknowledgement';
      case 'TRANSFER_SUCCESS':
        return 'arrived';
      case 'TRANSFER_FAILURE':
        return 'failed';
      case 'TRANSFER_PENDING_ERROR':
        return 'failing, the error is propagating back';
    }
  }
  if (state === 'GO_FAST_POST_ACTION_FAILED') return 'arrived, but the action after it failed';
  const suffix: Array<[RegExp, string]> = [
    [/_UNKNOWN$/, 'state not known yet'],
    [/_SENT$/, 'sent, waiting for the destination'],
    [/_PENDING_CONFIRMATION$/, 'waiting for confirmation'],
    [/_PENDING_RECEIPT$/, 'confirmed, waiting for the receipt on the destination'],
    [/_CONFIRMED$/, 'confirmed, waiting for delivery'],
    [/_WAITING_FOR_COMPOSE$/, 'delivered, waiting for the follow-up call on the destination'],
    [/_(RECEIVED|SUCCESS|FILLED)$/, 'arrived'],
    [/_TIMEOUT$/, 'timed out'],
    [/_REFUNDED$/, 'refunded'],
    [/(_FAILURE|_FAILED|_ERROR)$/, 'failed'],
    [/_PENDING$/, 'in progress'],
  ];
  return suffix.find(([re]) => re.test(state))?.[1] ?? state;
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' && v ? v : undefined;
}

function chainTx(name: string, tx: ChainTx): HopTx {
  return {
    name,
    hash: tx.tx_hash,
    chainId: str(tx.chain_id),
    explorerLink: str(tx.explorer_link),
    onChainAt: str(tx.on_chain_at),
  };
}

/** The named txs of a leg, wherever the bridge nests them (txs, packet_txs, send_token_txs, …), in order. */
function legTxs(leg: unknown): HopTx[] {
  const out: HopTx[] = [];
  const visit = (name: string, v: unknown, depth: number) => {
    if (!v || typeof v !== 'object' || depth > 3) return;
    const o = v as Record<string, unknown>;
    if (str(o.tx_hash)) {
      out.push(chainTx(name, { ...o, chain_id: str(o.chain_id) ?? '', tx_hash: o.tx_hash as string } as ChainTx));
      return;
    }
    for (const [k, child] of Object.entries(o)) if (k !== 'error') visit(k, child, depth + 1);
  };
  const l = leg as Record<string, unknown> | undefined;
  visit('txs', l?.txs, 0);
  visit('packet_txs', l?.packet_txs, 0);
  return out;
}

export function errorText(e: unknown): string | undefined {
  if (!e || typeof e !== 'object') return str(e);
  const o = e as Record<string, unknown>;
  const details =
    o.details && typeof o.details === 'object' ? str((o.details as Record<string, unknown>).message) : undefined;
  const parts = [str(o.message), details].filter((p, i, all): p is string => !!p && all.indexOf(p) === i);
  const text = withoutFailedLead(parts.join(': '));
  if (!text) return str(o.type);
  return text;
}

/**
 * The router's words for an error without a lead-in that only says again that it failed: every sentence that shows
 * one already says so ("… failed: packet timed out", not "… failed: the transfer failed: packet timed out").
 */
function withoutFailedLead(text: string): string {
  return text.replace(/^\s*(the\s+)?(transfer|transaction|tx)\s+(has\s+)?failed\s*([:.,;—–-]\s*|$)/i, '').trim();
}

/** The first error a leg reports (packet error, Axelar tx error, GoFast error message). */
function legError(leg: Record<string, unknown>): string | undefined {
  const nested = (v: unknown, key: string) =>
    v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  const txs = leg.txs;
  return (
    errorText(leg.error) ??
    errorText(nested(leg.packet_txs, 'error')) ??
    errorText(nested(txs, 'error')) ??
    errorText(nested(nested(txs, 'send_token_txs'), 'error')) ??
    errorText(nested(nested(txs, 'contract_call_with_token_txs'), 'error')) ??
    str(leg.error_message)
  );
}

export function hopView(item: SequenceItem): HopView {
  const view = legView(item);
  const kind = view.kind === 'unknown' ? (view.key ?? 'unknown') : view.kind;
  const leg = (view.leg && typeof view.leg === 'object' ? view.leg : {}) as Record<string, unknown>;
  const state = str(leg.state) ?? 'UNKNOWN';
  const fromChainId = str(leg.from_chain_id) ?? str(leg.src_chain_id);
  const toChainId = str(leg.to_chain_id) ?? str(leg.dst_chain_id);
  const label = bridgeLabel(kind);
  const error = legError(leg);
  const outcome = hopOutcome(kind, state);
  const route = fromChainId || toChainId ? ` ${fromChainId ?? '?'} → ${toChainId ?? '?'}` : '';
  const words = describeHopState(kind, state);
  return {
    kind,
    label,
    known: view.kind !== 'unknown',
    fromChainId,
    toChainId,
    state,
    outcome,
    summary: `${label}${route}: ${words}${outcome === 'failed' && error ? ` (${error})` : ''}`,
    txs: legTxs(leg),
    error,
  };
}
