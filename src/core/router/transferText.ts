/**
 * A tracked transfer in words, the same in the bridge panel's timeline, the Transfers view and the status bar: its
 * state (waiting to land, what the router says, or an OP withdrawal's stage), and the amount released in whole units
 * where the router listed the asset's decimals when it was tracked. Pure.
 */
import { formatUnits, groupDigits } from '../format';
import type { TrackedTransfer } from './records';
import { describeState } from './transfer';
import { describeWithdrawal, withdrawalStage, type WithdrawalStage } from './opWithdrawal';

type Record = Pick<
  TrackedTransfer,
  'chainId' | 'problem' | 'last' | 'registered' | 'opWithdrawal' | 'trackedAt' | 'summary'
>;

/** The stage of an OP withdrawal now, or undefined for a router transfer. */
export function opStage(
  t: Pick<TrackedTransfer, 'opWithdrawal' | 'trackedAt'>,
  now: number,
): WithdrawalStage | undefined {
  return t.opWithdrawal ? withdrawalStage(t.opWithdrawal, t.trackedAt, now) : undefined;
}

/** The transfer's state in a few words ("waiting for the transaction to land on demo-evm-1", "completed", …). */
export function stateWords(t: Record, now: number, format: (ms: number) => string): string {
  if (t.opWithdrawal) {
    return describeWithdrawal(
      t.opWithdrawal,
      t.trackedAt,
      now,
      { from: t.summary?.sourceChainId ?? t.chainId, to: t.summary?.destChainId ?? 'Initia L1' },
      format,
    );
  }
  if (t.problem) return t.registered === false ? 'not seen by the router' : 'unknown to the router';
  if (t.registered === false) return `waiting for the transaction to land on ${t.chainId}`;
  return t.last ? describeState(t.last.state) : 'registered: waiting for the first status';
}

/** The state in a few words for a list row ("waiting to land on demo-evm-1", "withdrawal initiated", "completed"). */
export function shortStateWords(t: Record, now: number): string {
  const stage = opStage(t, now);
  if (stage)
    return {
      sent: 'withdrawal sent',
      initiated: 'withdrawal initiated',
      inOutput: 'withdrawal in an output',
      claimable: 'withdrawal finalized',
    }[stage];
  if (t.problem) return t.registered === false ? 'not seen by the router' : 'unknown to the router';
  if (t.registered === false) return `waiting to land on ${t.chainId}`;
  return t.last ? describeState(t.last.state) : 'registered';
}

/** An amount of one of the transfer's assets in whole units ("1.497 INIT"), else in base units with its denom. */
function amountOf(t: Pick<TrackedTransfer, 'summary'>, amount: string, denom: string | undefined): string {
  const s = t.summary;
  const asset =
    denom && s?.destDenom === denom
      ? { symbol: s.destSymbol, decimals: s.destDecimals }
      : denom && s?.sourceDenom === denom
        ? { symbol: s.sourceSymbol, decimals: s.sourceDecimals }
        : undefined;
  const whole = asset?.decimals === undefined ? undefined : formatUnits(amount, asset.decimals);
  return whole === undefined ? `${groupDigits(amount)} ${denom ?? ''}`.trim() : `${whole} ${asset?.symbol || denom}`;
}

/**
 * What the router released, in words ("Arrived: 1.497 INIT on interwoven-1" on success, "Returned: … on …" after a
 * failure, "Released: …" before the end), or what an OP withdrawal carries ("Withdrawing: 1.5 INIT to interwoven-1"); undefined when unknown.
 */
export function releaseWords(t: Pick<TrackedTransfer, 'summary' | 'last' | 'opWithdrawal'>): string | undefined {
  if (t.opWithdrawal) {
    const s = t.summary;
    return s?.amountIn
      ? `Withdrawing: ${amountOf(t, s.amountIn, s.sourceDenom)}${s.destChainId ? ` to ${s.destChainId}` : ''}`
      : undefined;
  }
  const r = t.last?.release;
  if (!r?.amount) return undefined;
  const outcome = t.last?.outcome;
  const verb = outcome === 'success' ? 'Arrived' : outcome === 'pending' ? 'Released' : 'Returned';
  return `${verb}: ${amountOf(t, r.amount, r.denom)} on ${r.chainId ?? '?'}`;
}
