/**
 * The transfer model: the overall state and each hop's state from a /v2/tx/status answer, a terminal test, and a
 * short human summary of each (real-services.md B6–B7).
 *  - Terminal: STATE_COMPLETED_SUCCESS, STATE_COMPLETED_ERROR, STATE_ABANDONED (the real service), the spec's
 *    STATE_COMPLETED and STATE_FAILED, and the legacy top-level `status: STATE_COMPLETED` (InterwovenKit stops on it).
 *  - STATE_PENDING_ERROR is not terminal but already failing (an error propagating back; funds usually return).
 *  - Hop states differ per bridge (IBC/Eureka `TRANSFER_*`, `AXELAR_TRANSFER_*`, `CCTP_TRANSFER_*`,
 *    `HYPERLANE_TRANSFER_*`, `OPINIT_TRANSFER_*`, `GO_FAST_*`, `STARGATE_TRANSFER_*`, `LAYER_ZERO_TRANSFER_*`); each
 *    maps to pending / done / failed / unknown (hops.ts). A leg kind we do not model is read leniently (its `state`,
 *    chains, and any `{tx_hash}` objects inside it).
 * Every string that comes from the router (chain ids, errors, links) is server text: the UI escapes it.
 */
import { operationView, type Route, type StatusResponse, type TransferStatus } from './schemas';
import { bridgeLabel, errorText, hopView, str } from './hops';
import type { HopView, Outcome, Release } from './records';
export { bridgeLabel, describeHopState, hopOutcome } from './hops';
export type { HopOutcome, HopTx, HopView, Outcome } from './records';

export const TERMINAL_STATES: readonly string[] = [
  'STATE_COMPLETED_SUCCESS',
  'STATE_COMPLETED_ERROR',
  'STATE_ABANDONED',
  'STATE_COMPLETED',
  'STATE_FAILED',
];
const TERMINAL = new Set(TERMINAL_STATES);

export function isTerminalState(state: string | null | undefined): boolean {
  return !!state && TERMINAL.has(state);
}

/** The outcome an overall state stands for. Non-terminal states are only ever pending or failing. */
export function outcomeOf(state: string | null | undefined): Outcome {
  switch (state) {
    case 'STATE_COMPLETED_SUCCESS':
    case 'STATE_COMPLETED':
      return 'success';
    case 'STATE_COMPLETED_ERROR':
    case 'STATE_FAILED':
      return 'failed';
    case 'STATE_ABANDONED':
      return 'abandoned';
    case 'STATE_PENDING_ERROR':
    case 'STATE_UNKNOWN': // "treat as error" (docs), but the router has not given up: keep watching
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

/** How a failed transfer ended, after the word "failed": "packet timed out", or "(assets released)" from its state. */
export function failureWords(error: string | undefined, state: string): string {
  if (error) return `: ${error.replace(/[.\s]+$/, '')}`;
  const words = describeState(state).replace(/^failed\s*/i, '');
  return words ? ` (${words.replace(/^\((.*)\)$/, '$1')})` : '';
}

export interface TransferView {
  state: string;
  outcome: Outcome;
  terminal: boolean;
  /** Not terminal but already failing (STATE_PENDING_ERROR, a failed hop, an error reported). */
  failing: boolean;
  /** One line for people: what is happening, or how it ended. */
  summary: string;
  hops: HopView[];
  /** Index in `hops` of the hop in progress (next_blocking_transfer, else the first unfinished), if any. */
  currentHop?: number;
  release?: Release;
  error?: string;
}

interface Part {
  state: string;
  hops: HopView[];
  next?: number;
  release?: TransferView['release'];
  error?: string;
}

function partOf(
  t: Pick<
    TransferStatus,
    'state' | 'transfer_sequence' | 'next_blocking_transfer' | 'transfer_asset_release' | 'error'
  >,
): Part {
  const r = t.transfer_asset_release;
  return {
    state: t.state,
    hops: (t.transfer_sequence ?? []).map(hopView),
    next: t.next_blocking_transfer?.transfer_sequence_index,
    release: r
      ? { chainId: str(r.chain_id), denom: str(r.denom), amount: str(r.amount), released: r.released ?? undefined }
      : undefined,
    error: errorText(t.error),
  };
}

const RANK: Record<Outcome, number> = { failed: 4, abandoned: 3, failing: 2, pending: 1, success: 0 };

/**
 * The whole transfer from a status answer: one view over every independent transfer the tx started (all must be
 * terminal for the whole to be; the worst outcome wins), or the top-level fields when `transfers` is absent.
 */
export function transferView(status: StatusResponse): TransferView {
  const legacyDone = status.status === 'STATE_COMPLETED';
  let parts = (status.transfers ?? []).map(partOf);
  if (parts.length === 0) {
    const state = str(status.state) ?? str(status.status) ?? 'STATE_SUBMITTED';
    parts = [
      partOf({
        state,
        transfer_sequence: status.transfer_sequence,
        next_blocking_transfer: status.next_blocking_transfer,
        transfer_asset_release: status.transfer_asset_release,
        error: status.error,
      }),
    ];
  }
  const terminal = parts.every((p) => isTerminalState(p.state)) || legacyDone || isTerminalState(status.status);
  const outcomes = parts.map((p) => outcomeOf(p.state));
  const worst = outcomes.reduce((a, b) => (RANK[b] > RANK[a] ? b : a));
  const hops = parts.flatMap((p) => p.hops);
  const error = parts.map((p) => p.error).find(Boolean);
  let outcome: Outcome;
  if (terminal) {
    // Ended by the legacy `status` while a `state` still reads pending: the router says it completed.
    outcome =
      worst === 'pending' || worst === 'failing'
        ? isTerminalState(status.status)
          ? outcomeOf(status.status)
          : 'success'
        : worst;
  } else {
    outcome = worst === 'pending' && !hops.some((h) => h.outcome === 'failed') ? 'pending' : 'failing';
  }
  const worstPart = parts[outcomes.indexOf(worst)] ?? parts[0]!;
  const state = parts.length === 1 ? parts[0]!.state : worstPart.state;
  let currentHop: number | undefined;
  if (!terminal) {
    let offset = 0;
    for (const p of parts) {
      const i = p.next !== undefined && p.next < p.hops.length ? p.next : p.hops.findIndex((h) => h.outcome !== 'done');
      if (i >= 0 && !isTerminalState(p.state)) {
        currentHop = offset + i;
        break;
      }
      offset += p.hops.length;
    }
  }
  const release = parts.find((p) => p.release)?.release;
  const view: TransferView = {
    state,
    outcome,
    terminal,
    failing: !terminal && outcome === 'failing',
    summary: '',
    hops,
    currentHop,
    release,
    error,
  };
  view.summary = summarize(view);
  return view;
}

function releaseText(r: TransferView['release']): string {
  if (!r?.released || !r.chainId) return '';
  const what = [r.amount, r.denom].filter(Boolean).join(' ');
  return `${what ? `${what} ` : ''}released on ${r.chainId}`;
}

/** One line for a transfer view: what is happening now, or how it ended. */
function summarize(
  v: Pick<TransferView, 'state' | 'outcome' | 'terminal' | 'hops' | 'currentHop' | 'release' | 'error'>,
): string {
  const released = releaseText(v.release);
  switch (v.outcome) {
    case 'success':
      return `Completed${released ? `: ${released}` : ''}.`;
    case 'failed':
      return `Failed${v.error ? `: ${v.error}` : ''}.${released ? ` Assets ${released}.` : ''}`;
    case 'abandoned':
      return 'The router stopped tracking this transfer (no progress for a long time). It may still complete: check the explorer, or track it again.';
    case 'failing': {
      const failedHop = v.hops.find((h) => h.outcome === 'failed');
      const why =
        v.error ??
        failedHop?.error ??
        (failedHop
          ? `${failedHop.label} hop failed`
          : v.state === 'STATE_UNKNOWN'
            ? 'the router reports an unknown state'
            : 'an error is propagating back');
      return `Failing: ${why}. Waiting for the final state (funds are usually returned).`;
    }
    case 'pending': {
      if (v.state === 'STATE_SUBMITTED' || v.hops.length === 0)
        return 'Submitted: waiting for the router to see the transaction on chain.';
      if (v.state === 'STATE_RECEIVED') return 'Assets received; acknowledgements pending.';
      const i = v.currentHop ?? v.hops.length - 1;
      const hop = v.hops[i];
      return `In progress, hop ${i + 1} of ${v.hops.length}${hop ? `: ${hop.summary}` : ''}.`;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Route preview: the operations of a route as steps (for the panel before signing)

export interface RouteStep {
  /** The operation kind (`transfer`, `swap`, `op_init_transfer`, …) or the unknown key. */
  kind: string;
  label: string;
  known: boolean;
  fromChainId?: string;
  toChainId?: string;
  denomIn?: string;
  denomOut?: string;
  /** Swap venue name, when a swap says it (server text). */
  venue?: string;
  /** The bridge the hop goes over, when the operation names it (`IBC`, `OPINIT`, …; server text). */
  bridgeId?: string;
  txIndex?: number;
  amountIn?: string;
  amountOut?: string;
}

export function routeSteps(route: Pick<Route, 'operations'>): RouteStep[] {
  return route.operations.map((op) => {
    const v = operationView(op);
    const body = (v.body && typeof v.body === 'object' ? v.body : {}) as Record<string, unknown>;
    const kind = v.kind === 'unknown' ? (v.key ?? 'unknown') : v.kind;
    const swap = (body.swap_in ?? body.swap_out ?? body.smart_swap_in) as
      { swap_venue?: { name?: unknown } } | undefined;
    const chain = str(body.chain_id);
    return {
      kind,
      label: bridgeLabel(kind),
      known: v.kind !== 'unknown',
      fromChainId: str(body.from_chain_id) ?? chain,
      toChainId: str(body.to_chain_id) ?? chain,
      denomIn: str(body.denom_in) ?? str(body.denom),
      denomOut: str(body.denom_out) ?? str(body.denom),
      venue:
        str(swap?.swap_venue?.name) ??
        str(
          (Array.isArray(body.swap_venues) ? (body.swap_venues[0] as { name?: unknown } | undefined) : undefined)?.name,
        ),
      bridgeId: str(body.bridge_id),
      txIndex: typeof op.tx_index === 'number' ? op.tx_index : undefined,
      amountIn: str(op.amount_in),
      amountOut: str(op.amount_out),
    };
  });
}
