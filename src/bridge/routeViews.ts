/**
 * What the bridge webview shows of the router's answers, made on the host (pure: no VS Code, unit-tested in plain
 * Node): the route (amounts in whole units, fees, duration, hops, warnings, the addresses along it), the check's
 * verdict and the messages in words, the transfer's timeline. The webview renders these as they are, as text.
 */
import type { Asset, Fee, Route } from '../core/router/schemas';
import { routerErrorInfo } from '../core/router/client';
import type { ChainOption } from '../core/router/catalog';
import type { Verification } from '../core/router/verify';
import { bridgeLabel, describeHopState, routeSteps, type RouteStep } from '../core/router/transfer';
import { opStage, releaseWords, stateWords } from '../core/router/transferText';
import type { WithdrawalStage } from '../core/router/opWithdrawal';
import { absoluteTime, estimatedDuration, formatUnits, groupDigits } from '../core/format';
import { minimumReceived } from '../core/units';
import { claimText, type TrackedTransfer } from '../core/router/records';
import { nameSummaryFields } from '../core/names';
import type { HopInfo, MsgsView, RouteStepView, RouteView, TransferInfo, VerdictView } from './protocol';

/** The assets the router knows on a chain (undefined: not known, e.g. the assets request failed). */
export type AssetsOf = (chainId: string) => readonly Asset[] | undefined;

function findAsset(assets: AssetsOf, chainId: string, denom: string): Asset | undefined {
  // For words only: a denom written in another case still names the asset's symbol.
  return assets(chainId)?.find((a) => !!a.denom && a.denom.toLowerCase() === denom.toLowerCase());
}

/** `1.5 INIT` when the asset's decimals are known, else undefined. */
function wholeUnits(assets: AssetsOf, chainId: string, denom: string, amount: unknown): string | undefined {
  const asset = findAsset(assets, chainId, denom);
  if (!asset || typeof asset.decimals !== 'number' || amount === undefined || amount === null) return undefined;
  const units = formatUnits(String(amount), asset.decimals);
  return units === undefined ? undefined : `${units} ${asset.symbol ?? denom}`;
}

/** `a → b`, or the one of them there is (or both are). */
const arrow = (from: string | undefined, to: string | undefined): string =>
  from && to && from !== to ? `${from} → ${to}` : from || to || '';

function stepView(step: RouteStep): RouteStepView {
  return {
    label: step.label,
    chains: arrow(step.fromChainId, step.toChainId),
    denoms: arrow(step.denomIn, step.denomOut) || undefined,
    via: step.bridgeId ?? step.venue,
  };
}

/** The hint in an address field: EVM chains take 0x addresses, the others bech32 with their prefix. */
export function addressHint(chain: Pick<ChainOption, 'evm' | 'prefix'> | undefined, chainId: string): string {
  if (chain?.evm || (!chain && /^\d+$/.test(chainId))) return '0x…';
  return chain?.prefix ? `${chain.prefix}1…` : 'bech32 address';
}

/** A fee in whole units when its asset says its decimals ("0.002 INIT ($0.01)"), else in base units with the denom. */
export function feeText(fee: Fee): string | undefined {
  const amount = String(fee.amount ?? '').trim();
  if (!amount) return undefined;
  const asset = fee.origin_asset;
  const whole =
    asset && typeof asset.decimals === 'number' && /^\d+$/.test(amount)
      ? formatUnits(amount, asset.decimals)
      : undefined;
  const what =
    whole !== undefined
      ? `${whole} ${asset?.symbol ?? asset?.denom ?? ''}`
      : `${groupDigits(amount)} ${asset?.denom ?? ''}`;
  const usd = fee.usd_amount ? ` ($${fee.usd_amount})` : '';
  return `${what.trim()}${usd}`;
}

const WARNING_TITLES: Record<string, string> = {
  BAD_PRICE_WARNING: 'Bad price',
  LOW_INFO_WARNING: 'Little price information',
};

/** What the route view needs to know of each chain's addresses. */
export type AddressesOf = (chainId: string) => { placeholder: string; derived?: string; recent: string[] };

/** A found route as the panel shows it. */
export function routeView(
  route: Route,
  assets: AssetsOf = () => undefined,
  addresses: AddressesOf = (c) => ({ placeholder: addressHint(undefined, c), recent: [] }),
): RouteView {
  const amountOut = route.estimated_amount_out ?? route.amount_out;
  const chains = route.required_chain_addresses ?? route.chain_ids ?? [];
  const fees = route.estimated_fees ?? [];
  const feeList = (behavior: 'FEE_BEHAVIOR_DEDUCTED' | 'FEE_BEHAVIOR_ADDITIONAL') =>
    fees
      .filter((f) =>
        behavior === 'FEE_BEHAVIOR_ADDITIONAL'
          ? f.fee_behavior === behavior
          : f.fee_behavior !== 'FEE_BEHAVIOR_ADDITIONAL',
      )
      .map(feeText)
      .filter((f): f is string => !!f);
  const warning =
    route.warning?.message || route.warning?.type
      ? [
          {
            title:
              WARNING_TITLES[route.warning?.type ?? ''] ??
              (route.warning?.type ? route.warning.type.replace(/_/g, ' ').toLowerCase() : 'Warning'),
            text: route.warning?.message ?? '',
          },
        ]
      : [];
  const impact = (route as { swap_price_impact_percent?: unknown }).swap_price_impact_percent;
  return {
    sourceChainId: route.source_asset_chain_id,
    amountIn: {
      base: `${groupDigits(route.amount_in)} ${route.source_asset_denom} on ${route.source_asset_chain_id}`,
      whole: wholeUnits(assets, route.source_asset_chain_id, route.source_asset_denom, route.amount_in),
    },
    amountOut: {
      base: `${groupDigits(amountOut)} ${route.dest_asset_denom} on ${route.dest_asset_chain_id}`,
      whole: wholeUnits(assets, route.dest_asset_chain_id, route.dest_asset_denom, amountOut),
    },
    duration: estimatedDuration(route.estimated_route_duration_seconds),
    fees: { deducted: feeList('FEE_BEHAVIOR_DEDUCTED'), additional: feeList('FEE_BEHAVIOR_ADDITIONAL') },
    opHookRequired: route.required_op_hook === true,
    doesSwap: route.does_swap === true,
    priceImpact: typeof impact === 'string' && /^-?\d+(\.\d+)?$/.test(impact) ? `${impact} %` : undefined,
    steps: routeSteps(route).map(stepView),
    warnings: [...warning, ...(route.extra_warnings ?? []).filter(Boolean).map((text) => ({ title: 'Warning', text }))],
    infos: (route.extra_infos ?? []).filter(Boolean),
    addresses: chains.map((chainId) => ({ chainId, ...addresses(chainId) })),
  };
}

/** The amount that arrives at the least, at this slippage ("0.99 OSMO"), for a swap route. */
export function minimumReceivedText(route: Route, slippage: string, assets: AssetsOf): string | undefined {
  const out = String(route.estimated_amount_out ?? route.amount_out ?? '');
  if (!/^\d+$/.test(out) || route.does_swap !== true) return undefined;
  const min = minimumReceived(out, slippage);
  return (
    wholeUnits(assets, route.dest_asset_chain_id, route.dest_asset_denom, min) ??
    `${groupDigits(min)} ${route.dest_asset_denom}`
  );
}

/** A verdict as the panel says it. */
export function verdictView(
  v: Pick<Verification, 'kind' | 'effects' | 'caveats' | 'mismatches' | 'unverified'>,
): VerdictView {
  return {
    kind: v.kind,
    effects: v.effects,
    caveats: v.caveats,
    mismatches: v.mismatches.map((m) => m.text),
    unverified: v.unverified.map((m) => m.text),
  };
}

/** The names of addresses on a chain (the workspace's deployments: core/names.ts); none by default. */
export type NameOf = (address: string, chainId: string | undefined) => string | undefined;

/** Decoded messages as the panel lists them, an address's name beside it where `nameOf` knows one. */
export const summaryViews = (summaries: Verification['summaries'], nameOf?: NameOf) =>
  (nameOf ? nameSummaryFields(summaries, nameOf) : summaries).map((s) => ({
    title: `${s.type} on ${s.chainId}`,
    fields: s.fields.map((f: { label: string; value: string; name?: string }) => ({
      label: f.label,
      value: f.value,
      ...(f.name ? { name: f.name } : {}),
    })),
  }));

/** The messages to sign as the panel shows them: rebuilt from what was checked (core/router/verify.ts), with the verdict. */
export function msgsView(verification: Verification, nameOf?: NameOf): MsgsView {
  return {
    signable: verification.signable as MsgsView['signable'],
    summaries: summaryViews(verification.summaries, nameOf),
    verdict: verdictView(verification),
  };
}

/**
 * The hops a route plans (each operation that moves between chains), as the timeline shows them before the router
 * has reported any: waiting.
 */
export function plannedHops(route: Pick<Route, 'operations'>): HopInfo[] {
  return routeSteps(route)
    .filter((s) => s.fromChainId && s.toChainId && s.fromChainId !== s.toChainId)
    .map((s) => ({
      kind: s.kind,
      label: s.label,
      fromChainId: s.fromChainId,
      toChainId: s.toChainId,
      chains: `${s.fromChainId} → ${s.toChainId}`,
      state: 'WAITING',
      stateText: 'waiting',
      outcome: 'pending',
      txs: [],
    }));
}

/**
 * A tracked transfer as the webview's timeline shows it: its state in words (waiting to land, the router's state, or
 * an OP withdrawal's stage, in the order they happen), amounts in whole units where the router listed the decimals;
 * until the router reports hops, the ones its route planned.
 */
export function transferInfo(t: TrackedTransfer, now = Date.now(), planned: readonly HopInfo[] = []): TransferInfo {
  const format = (ms: number) => absoluteTime(ms);
  const reported = t.last?.hops ?? [];
  const base = {
    txHash: t.txHash,
    chainId: t.chainId,
    problem: t.problem,
    explorerLink: t.explorerLink,
    amountOut: releaseWords(t),
    stateText: stateWords(t, now, format),
  };
  const stage = opStage(t, now);
  if (stage) {
    const from = t.summary?.sourceChainId ?? t.chainId;
    const to = t.summary?.destChainId;
    return {
      ...base,
      state: `OP_WITHDRAWAL_${stage.toUpperCase()}`,
      outcome: stage === 'claimable' ? 'success' : 'pending',
      // Nothing more to watch once it can be claimed: the claim is the user's, on L1.
      terminal: stage === 'claimable',
      hops: [
        {
          kind: 'op_init_transfer',
          label: bridgeLabel('op_init_transfer'),
          fromChainId: from,
          toChainId: to,
          chains: `${from} → ${to ?? '?'}`,
          state: stage,
          stateText: WITHDRAWAL_HOP_WORDS[stage],
          outcome: stage === 'claimable' ? 'done' : 'pending',
          txs: [{ name: 'withdrawal_tx', label: 'withdrawal tx', hash: t.txHash, chainId: t.chainId }],
        },
      ],
      updatedAt: t.opWithdrawal?.checkedAt,
    };
  }
  return {
    ...base,
    state: t.last?.state ?? 'STATE_SUBMITTED',
    outcome: t.last?.outcome ?? 'pending',
    terminal: t.last?.terminal ?? false,
    hops:
      !reported.length && !t.last?.terminal
        ? [...planned]
        : reported.map((h) => ({
            kind: h.kind,
            // Transfers stored by an earlier version may lack the label.
            label: h.label || bridgeLabel(h.kind),
            fromChainId: h.fromChainId,
            toChainId: h.toChainId,
            chains: `${h.fromChainId ?? '?'} → ${h.toChainId ?? '?'}`,
            state: h.state,
            stateText: describeHopState(h.kind, h.state),
            outcome: h.outcome,
            error: h.error,
            txs: h.txs.map((x) => ({
              name: x.name,
              label: x.name.replace(/_/g, ' '),
              hash: x.hash,
              chainId: x.chainId,
              explorerLink: x.explorerLink,
            })),
          })),
    error: t.last?.error,
    updatedAt: t.last?.updatedAt,
    claim: claimText(t, now, format),
  };
}

/** An OP withdrawal's hop, by stage. */
const WITHDRAWAL_HOP_WORDS: Record<WithdrawalStage, string> = {
  sent: 'sent, not yet listed by the rollup',
  initiated: 'initiated, waiting for its output',
  inOutput: 'in an output, challenge period',
  claimable: 'claimable on L1',
};

const UNSAFE_REASONS: Record<string, string> = {
  BAD_PRICE_ERROR: 'its price deviates too far from the market',
  LOW_INFO_ERROR: 'there is too little price information to estimate what would arrive',
  HIGH_LOSS_ERROR: 'too much of the value would be lost on the way',
};

/**
 * A refused route in words, when the router said why in a way we recognise: no route between these assets, or a
 * route withheld for the user's protection (price safety). Undefined for any other failure (its own message stands).
 */
export function routeErrorText(err: unknown): string | undefined {
  const info = routerErrorInfo(err);
  if (!info) return undefined;
  // Initia's `info` (the router's own help for the refusal) is already in the message, in brackets.
  if (info.noRoute)
    return `The router has no route from this asset to that one (it said: ${info.message}). Check the chains and denoms, or try another asset.`;
  if (info.unsafe) {
    const why = (info.reason && UNSAFE_REASONS[info.reason]) ?? 'it judged the route unsafe';
    return `The router withheld this route because ${why} (it said: ${info.message}). Try a smaller amount or another route.`;
  }
  return undefined;
}
