/**
 * What the bridge webview shows, made on the host from the router's answers (pure: no VS Code, unit-tested in plain
 * Node). The webview renders these as they are, as text; it derives nothing from router data itself.
 */
import type { Asset, BalanceEntry, Fee, Route } from '../core/router/schemas';
import { routerErrorInfo } from '../core/router/client';
import { sameDenom, type ChainOption } from '../core/router/catalog';
import type { Verification } from '../core/router/verify';
import { bridgeLabel, describeHopState, routeSteps, type RouteStep } from '../core/router/transfer';
import { opStage, releaseWords, stateWords } from '../core/router/transferText';
import type { WithdrawalStage } from '../core/router/opWithdrawal';
import { absoluteTime, estimatedDuration, formatUnits, groupDigits } from '../core/format';
import { checkSlippage, compareBase, fromBaseUnits, minimumReceived, parseWholeAmount } from '../core/units';
import { parseAssetDenom, parseChainId, type Parsed } from '../core/validate';
import { parseAddressForChain } from '../core/router/client';
import { type EditReply, type Form, type FormErrors, type FormField, type MsgsView, type RouteStepView, type RouteView, type VerdictView } from './protocol';
import type { TransferInfo } from './protocol';
import type { TrackedTransfer } from './tracker';
import { claimText } from '../core/router/records';

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
const arrow = (from: string | undefined, to: string | undefined): string => (from && to && from !== to ? `${from} → ${to}` : (from || to || ''));

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
  const whole = asset && typeof asset.decimals === 'number' && /^\d+$/.test(amount) ? formatUnits(amount, asset.decimals) : undefined;
  const what = whole !== undefined ? `${whole} ${asset?.symbol ?? asset?.denom ?? ''}` : `${groupDigits(amount)} ${asset?.denom ?? ''}`;
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
export function routeView(route: Route, assets: AssetsOf = () => undefined, addresses: AddressesOf = (c) => ({ placeholder: addressHint(undefined, c), recent: [] })): RouteView {
  const amountOut = route.estimated_amount_out ?? route.amount_out;
  const chains = route.required_chain_addresses ?? route.chain_ids ?? [];
  const fees = route.estimated_fees ?? [];
  const feeList = (behavior: 'FEE_BEHAVIOR_DEDUCTED' | 'FEE_BEHAVIOR_ADDITIONAL') =>
    fees.filter((f) => (behavior === 'FEE_BEHAVIOR_ADDITIONAL' ? f.fee_behavior === behavior : f.fee_behavior !== 'FEE_BEHAVIOR_ADDITIONAL')).map(feeText).filter((f): f is string => !!f);
  const warning = route.warning?.message || route.warning?.type ? [{ title: WARNING_TITLES[route.warning?.type ?? ''] ?? (route.warning?.type ? route.warning.type.replace(/_/g, ' ').toLowerCase() : 'Warning'), text: route.warning?.message ?? '' }] : [];
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
  return wholeUnits(assets, route.dest_asset_chain_id, route.dest_asset_denom, min) ?? `${groupDigits(min)} ${route.dest_asset_denom}`;
}

/** A verdict as the panel says it. */
export function verdictView(v: Pick<Verification, 'kind' | 'effects' | 'mismatches' | 'unverified'>): VerdictView {
  return { kind: v.kind, effects: v.effects, mismatches: v.mismatches.map((m) => m.text), unverified: v.unverified.map((m) => m.text) };
}

export const summaryViews = (summaries: Verification['summaries']) => summaries.map((s) => ({ title: `${s.type} on ${s.chainId}`, fields: s.fields.map((f) => ({ label: f.label, value: f.value })) }));

/** The messages to sign as the panel shows them: rebuilt from what was checked (core/router/verify.ts), with the verdict. */
export function msgsView(verification: Verification): MsgsView {
  return { signable: verification.signable as MsgsView['signable'], summaries: summaryViews(verification.summaries), verdict: verdictView(verification) };
}

/**
 * A tracked transfer as the webview's timeline shows it: its state in words (waiting to land, the router's state, or
 * an OP withdrawal's stage, in the order they happen), amounts in whole units where the router listed the decimals.
 */
export function transferInfo(t: TrackedTransfer, now = Date.now()): TransferInfo {
  const format = (ms: number) => absoluteTime(ms);
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
    hops: (t.last?.hops ?? []).map((h) => ({
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
      txs: h.txs.map((x) => ({ name: x.name, label: x.name.replace(/_/g, ' '), hash: x.hash, chainId: x.chainId, explorerLink: x.explorerLink })),
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
  if (info.noRoute) return `The router has no route from this asset to that one (it said: ${info.message}). Check the chains and denoms, or try another asset.`;
  if (info.unsafe) {
    const why = (info.reason && UNSAFE_REASONS[info.reason]) ?? 'it judged the route unsafe';
    return `The router withheld this route because ${why} (it said: ${info.message}). Try a smaller amount or another route.`;
  }
  return undefined;
}

/** What the form check needs to know besides the form. */
export interface FormContext {
  /** The chains the router lists (undefined: not loaded, so chain ids are only checked for their form). */
  chains?: readonly ChainOption[];
  /** The source asset as the router lists it; undefined when its denom is not listed (a custom denom). */
  sourceAsset?: Pick<Asset, 'decimals' | 'symbol'>;
  /** The sender's balance of the source asset (undefined: not known). */
  balance?: Pick<BalanceEntry, 'amount'>;
  /** The denoms that pay fees on the source chain. */
  feeDenoms?: readonly string[];
  /** Bech32 prefixes by chain id (the router's). */
  prefixes?: Readonly<Record<string, string>>;
}

export interface FormCheck extends Omit<EditReply, 'formKey' | 'minimumReceived'> {
  /** The amount in base units, when every field the route needs is valid. */
  base?: string;
  /** The slippage as the router takes it, when it is valid. */
  slippage?: string;
}

function chainProblem(chainId: string, chains: readonly ChainOption[] | undefined): Parsed<string> {
  const parsed = parseChainId(chainId);
  if (!parsed.ok) return { ok: false, error: chainId.trim() ? parsed.error : 'Pick a chain.' };
  if (chains && chains.length && !chains.some((c) => c.chainId === parsed.value)) return { ok: false, error: `The router does not list the chain ${parsed.value}.` };
  return parsed;
}

/**
 * Every field's problem at once, and what is worth a look, as the user types (the rules of the core: units,
 * validate, the router's chain list and prefixes). `base` is the amount in base units when nothing is wrong.
 */
export function checkForm(form: Form, ctx: FormContext = {}): FormCheck {
  const errors: FormErrors = {};
  const warnings: FormErrors = {};
  const put = (field: FormField, parsed: Parsed<unknown>) => {
    if (!parsed.ok) errors[field] = parsed.error;
  };
  const source = chainProblem(form.sourceChainId, ctx.chains);
  put('sourceChainId', source);
  put('destChainId', chainProblem(form.destChainId, ctx.chains));
  const denom = parseAssetDenom(form.sourceDenom);
  if (!denom.ok) errors.sourceDenom = form.sourceDenom.trim() ? denom.error : 'Pick an asset.';
  const dest = parseAssetDenom(form.destDenom);
  if (!dest.ok) errors.destDenom = form.destDenom.trim() ? dest.error : 'Pick an asset.';
  else if (denom.ok && form.sourceChainId.trim() === form.destChainId.trim() && sameDenom(denom.value, dest.value)) errors.destDenom = 'The destination is the same asset on the same chain.';

  let decimals: number | undefined;
  if (ctx.sourceAsset) {
    decimals = typeof ctx.sourceAsset.decimals === 'number' ? ctx.sourceAsset.decimals : undefined;
  } else if (denom.ok) {
    const d = form.sourceDecimals.trim();
    if (!/^\d{1,2}$/.test(d) || Number(d) > 36) errors.sourceDecimals = "Enter the asset's decimals, a whole number from 0 to 36 (6 for most Cosmos assets, 18 for most EVM tokens).";
    else decimals = Number(d);
  }

  if (form.sender.trim() && source.ok) {
    const parsed = parseAddressForChain(source.value, form.sender, ctx.prefixes);
    if (!parsed.ok) errors.sender = parsed.error;
  }

  let base: string | undefined;
  let balance: FormCheck['balance'];
  const symbol = ctx.sourceAsset?.symbol ?? (denom.ok ? denom.value : '');
  if (ctx.balance && decimals !== undefined && /^\d+$/.test(ctx.balance.amount)) {
    const whole = formatUnits(ctx.balance.amount, decimals);
    balance = { text: `${whole ?? ctx.balance.amount} ${symbol}`.trim(), max: fromBaseUnits(ctx.balance.amount, decimals) };
  }
  const amount = parseWholeAmount(form.amount, decimals);
  if (!amount.ok) {
    // The amount cannot be checked against decimals the form does not have yet: say what is missing first.
    if (!(errors.sourceDecimals && !form.amount.trim())) errors.amount = decimals === undefined && !ctx.sourceAsset && errors.sourceDecimals ? 'Enter the decimals first.' : amount.error;
  } else {
    base = amount.value.base;
    if (ctx.balance && /^\d+$/.test(ctx.balance.amount)) {
      const cmp = compareBase(base, ctx.balance.amount);
      if (cmp > 0) errors.amount = `More than your balance (${balance?.text ?? ctx.balance.amount}).`;
      else if (cmp === 0 && denom.ok && ctx.feeDenoms?.some((f) => sameDenom(f, denom.value))) {
        warnings.amount = `${symbol || 'This asset'} also pays the network fee on ${form.sourceChainId}: sending all of it leaves nothing for the fee.`;
      }
    }
  }

  const slippage = checkSlippage(form.slippage);
  if (slippage.error) errors.slippage = slippage.error;
  else if (slippage.warning) warnings.slippage = slippage.warning;

  // The route needs neither the sender nor the slippage (they matter for the messages): their problems do not hold it up.
  const routeFields: FormField[] = ['sourceChainId', 'sourceDenom', 'sourceDecimals', 'amount', 'destChainId', 'destDenom'];
  return { errors, warnings, balance, base: routeFields.some((f) => errors[f]) ? undefined : base, slippage: slippage.value };
}
