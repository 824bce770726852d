/**
 * The transfer model: the overall state and each hop's state from a /v2/tx/status answer, with a terminal test.
 * Terminal: STATE_COMPLETED_SUCCESS, STATE_COMPLETED_ERROR, STATE_ABANDONED (the real service), and the spec's
 * STATE_COMPLETED and STATE_FAILED (also the legacy top-level `status`). STATE_PENDING_ERROR is not terminal but is
 * already failing. Hop states differ per bridge; each maps to pending / done / failed.
 */
import type { Leg, LegKind, SequenceItem, StatusResponse, TransferStatus } from './schemas';
import { LEG_KINDS } from './schemas';

export type Outcome = 'pending' | 'failing' | 'success' | 'failed' | 'abandoned';
export type HopOutcome = 'pending' | 'done' | 'failed' | 'unknown';

const TERMINAL = new Set(['STATE_COMPLETED_SUCCESS', 'STATE_COMPLETED_ERROR', 'STATE_ABANDONED', 'STATE_COMPLETED', 'STATE_FAILED']);

export function isTerminalState(state: string | null | undefined): boolean {
  return !!state && TERMINAL.has(state);
}

export function outcomeOf(state: string | null | undefined): Outcome {
  switch (state) {
    case 'STATE_COMPLETED_SUCCESS':
    case 'STATE_COMPLETED':
      return 'success';
    case 'STATE_COMPLETED_ERROR':
    case 'STATE_FAILED':
    case 'STATE_UNKNOWN':
      return 'failed';
    case 'STATE_ABANDONED':
      return 'abandoned';
    case 'STATE_PENDING_ERROR':
      return 'failing';
    default:
      return 'pending';
  }
}

const STATE_WORDS: Record<string, string> = {
  STATE_SUBMITTED: 'submitted: waiting to be seen on chain',
  STATE_PENDING: 'in progress',
  STATE_RECEIVED: 'assets received, acknowledgements pending',
  STATE_PENDING_ERROR: 'failing: an error is propagating back',
  STATE_COMPLETED_SUCCESS: 'completed',
  STATE_COMPLETED: 'completed',
  STATE_COMPLETED_ERROR: 'failed (assets released)',
  STATE_FAILED: 'failed',
  STATE_ABANDONED: 'abandoned: the router stopped tracking it (it may be retried)',
  STATE_UNKNOWN: 'in an unknown state',
};

/** A short phrase for an overall state; unknown values are shown as they are. */
export function describeState(state: string): string {
  return STATE_WORDS[state] ?? state;
}

/** A hop's state mapped to pending / done / failed, per bridge (real-services.md B7). */
export function hopOutcome(kind: string, state: string | null | undefined): HopOutcome {
  if (!state) return 'unknown';
  if (/_UNKNOWN$/.test(state)) return 'unknown';
  // IBC/Eureka: RECEIVED is not final (it can still revert under PFM): only SUCCESS is done.
  if (kind === 'ibc_transfer' || kind === 'eureka_transfer') {
    if (state === 'TRANSFER_SUCCESS') return 'done';
    if (state === 'TRANSFER_FAILURE') return 'failed';
    return 'pending';
  }
  if (/_(SUCCESS|RECEIVED|FILLED)$/.test(state)) return 'done';
  if (/_(FAILURE|FAILED|TIMEOUT|REFUNDED)$/.test(state)) return 'failed';
  return 'pending';
}

export interface HopTx {
  /** The bridge's name for it: send_tx, receive_tx, acknowledge_tx, order_filled_tx, … */
  name: string;
  chainId?: string;
  hash: string;
  explorerLink?: string;
  onChainAt?: string;
}

export interface HopView {
  kind: string;
  fromChainId?: string;
  toChainId?: string;
  state: string;
  outcome: HopOutcome;
  txs: HopTx[];
  error?: string;
}

export interface TransferView {
  state: string;
  outcome: Outcome;
  terminal: boolean;
  hops: HopView[];
  release?: { chainId?: string; denom?: string; amount?: string; released?: boolean };
  error?: string;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v ? v : undefined;
}

/** Collects the named txs of a leg, wherever the bridge nests them (txs, packet_txs, send_token_txs, …). */
function legTxs(leg: Leg): HopTx[] {
  const out: HopTx[] = [];
  const visit = (name: string, v: unknown, depth: number) => {
    if (!v || typeof v !== 'object' || depth > 3) return;
    const o = v as Record<string, unknown>;
    const hash = str(o.tx_hash);
    if (hash) {
      out.push({ name, hash, chainId: str(o.chain_id), explorerLink: str(o.explorer_link), onChainAt: str(o.on_chain_at) });
      return;
    }
    for (const [k, child] of Object.entries(o)) if (k !== 'error') visit(k, child, depth + 1);
  };
  visit('txs', leg.txs, 0);
  visit('packet_txs', leg.packet_txs, 0);
  return out;
}

function errorText(e: unknown): string | undefined {
  if (!e || typeof e !== 'object') return str(e);
  const o = e as Record<string, unknown>;
  const details = o.details && typeof o.details === 'object' ? str((o.details as Record<string, unknown>).message) : undefined;
  return [str(o.type), str(o.message), details].filter(Boolean).join(': ') || undefined;
}

export function hopView(item: SequenceItem): HopView {
  const kind = (LEG_KINDS as readonly string[]).find((k) => item[k as LegKind]) ?? Object.keys(item)[0] ?? 'unknown';
  const leg = (item[kind as LegKind] ?? (item as Record<string, unknown>)[kind] ?? {}) as Leg;
  const state = str(leg.state) ?? 'UNKNOWN';
  const packetError = leg.packet_txs && typeof leg.packet_txs === 'object' ? (leg.packet_txs as Record<string, unknown>).error : undefined;
  const txsError = leg.txs && typeof leg.txs === 'object' ? (leg.txs as Record<string, unknown>).error : undefined;
  return {
    kind,
    fromChainId: str(leg.from_chain_id) ?? str(leg.src_chain_id),
    toChainId: str(leg.to_chain_id) ?? str(leg.dst_chain_id),
    state,
    outcome: hopOutcome(kind, state),
    txs: legTxs(leg),
    error: errorText(leg.error) ?? errorText(packetError) ?? errorText(txsError) ?? str(leg.error_message),
  };
}

function transferOf(t: TransferStatus): TransferView {
  const state = t.state;
  return {
    state,
    outcome: outcomeOf(state),
    terminal: isTerminalState(state),
    hops: (t.transfer_sequence ?? []).map(hopView),
    release: t.transfer_asset_release
      ? {
          chainId: str(t.transfer_asset_release.chain_id),
          denom: str(t.transfer_asset_release.denom),
          amount: t.transfer_asset_release.amount != null ? String(t.transfer_asset_release.amount) : undefined,
          released: t.transfer_asset_release.released,
        }
      : undefined,
    error: errorText(t.error),
  };
}

const RANK: Record<Outcome, number> = { failed: 4, abandoned: 3, failing: 2, pending: 1, success: 0 };

/**
 * The whole transfer from a status answer: one view over every independent transfer the tx started (all must be
 * terminal for the whole to be; the worst outcome wins), or the legacy top-level fields when `transfers` is absent.
 */
export function transferView(status: StatusResponse): TransferView {
  const transfers = status.transfers ?? [];
  if (transfers.length === 0) {
    const state = str(status.state) ?? str(status.status) ?? 'STATE_SUBMITTED';
    return transferOf({
      state,
      transfer_sequence: status.transfer_sequence,
      transfer_asset_release: status.transfer_asset_release,
      error: status.error,
    });
  }
  const views = transfers.map(transferOf);
  const worst = views.reduce((a, b) => (RANK[b.outcome] > RANK[a.outcome] ? b : a));
  const terminal = views.every((v) => v.terminal) || status.status === 'STATE_COMPLETED';
  let outcome: Outcome;
  if (terminal) outcome = worst.outcome === 'pending' || worst.outcome === 'failing' ? 'success' : worst.outcome; // legacy STATE_COMPLETED
  else outcome = worst.outcome === 'pending' ? 'pending' : 'failing';
  return {
    state: views.length === 1 ? views[0]!.state : worst.state,
    outcome,
    terminal,
    hops: views.flatMap((v) => v.hops),
    release: views.find((v) => v.release)?.release,
    error: views.map((v) => v.error).find(Boolean),
  };
}
