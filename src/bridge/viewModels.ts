/**
 * What the bridge webview shows, made on the host from the router's answers (pure: no VS Code, unit-tested in plain
 * Node). The webview renders these as they are, as text; it derives nothing from router data itself.
 */
import { evmTxData, txView, type Asset, type MsgsResponse, type Route } from '../core/router/schemas';
import { routerErrorInfo } from '../core/router/client';
import { bridgeLabel, describeHopState, describeState, routeSteps, type RouteStep } from '../core/router/transfer';
import { estimatedDuration, formatUnits, groupDigits } from '../core/format';
import { parseAssetDenom, parseBaseAmount, parseChainId, parseSlippage, type Parsed } from '../core/validate';
import { FORM_FIELDS, type Form, type FormErrors, type FormField, type RouteStepView, type RouteView, type TransferInfo } from './protocol';
import type { TrackedTransfer } from './tracker';

/** The assets the router knows on a chain (undefined: not known, e.g. the assets request failed). */
export type AssetsOf = (chainId: string) => readonly Asset[] | undefined;

/** `1.5 INIT` when the asset's decimals are known, else undefined. */
function wholeUnits(assets: AssetsOf, chainId: string, denom: string, amount: unknown): string | undefined {
  const asset = assets(chainId)?.find((a) => (a.denom ?? '').toLowerCase() === denom.toLowerCase());
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

/** The hint in an address field: EVM chains (numeric ids) take 0x addresses, the others bech32. */
function addressPlaceholder(chainId: string): string {
  return /^\d+$/.test(chainId) ? '0x…' : 'bech32 address';
}

/** A found route as the panel shows it. */
export function routeView(route: Route, assets: AssetsOf = () => undefined): RouteView {
  const amountOut = route.estimated_amount_out ?? route.amount_out;
  const chains = route.required_chain_addresses ?? route.chain_ids ?? [];
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
    fees: (route.estimated_fees ?? []).map((f) => `${groupDigits(String(f.amount ?? ''))} ${f.origin_asset?.denom ?? ''}`.trim()).filter(Boolean),
    opHookRequired: route.required_op_hook === true,
    steps: routeSteps(route).map(stepView),
    warnings: [route.warning?.message, ...(route.extra_warnings ?? [])].filter((w): w is string => !!w),
    infos: (route.extra_infos ?? []).filter(Boolean),
    addresses: chains.map((chainId) => ({ chainId, placeholder: addressPlaceholder(chainId) })),
  };
}

/** A tracked transfer as the webview's timeline shows it. */
export function transferInfo(t: TrackedTransfer): TransferInfo {
  const release = t.last?.release;
  return {
    txHash: t.txHash,
    chainId: t.chainId,
    state: t.last?.state ?? 'STATE_SUBMITTED',
    stateText: t.problem ? 'unknown to the router' : t.last ? describeState(t.last.state) : 'registered: waiting for the first status',
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
    problem: t.problem,
    explorerLink: t.explorerLink,
    amountOut: release?.amount ? `${groupDigits(release.amount)} ${release.denom ?? ''} on ${release.chainId ?? '?'}`.trim() : undefined,
    updatedAt: t.last?.updatedAt,
  };
}

/** A 0x value in wei as words ("0 wei", "1,500,000,000,000,000,000 wei"). */
function wei(value: string | null | undefined): string {
  const v = (value ?? '').trim() || '0';
  return /^\d+$/.test(v) ? `${groupDigits(v)} wei` : v;
}

/**
 * One line per transaction to sign, in the order they are signed: what kind, on which chain, signed by whom, and
 * what it carries. EVM calldata comes from the router without 0x; it is shown (and counted) with it, as wallets take it.
 */
export function msgsSummary(msgs: MsgsResponse): string[] {
  return msgs.txs.map((tx, i) => {
    const n = `${i + 1}.`;
    const view = txView(tx);
    switch (view.kind) {
      case 'cosmos': {
        const types = view.tx.msgs.map((m) => m.msg_type_url.replace(/^\//, ''));
        const count = types.length === 1 ? '1 message' : `${types.length} messages`;
        const signer = view.tx.signer_address ? `, signed by ${view.tx.signer_address}` : '';
        return `${n} Cosmos transaction on ${view.chainId}${signer}: ${count} (${types.join(', ')})`;
      }
      case 'evm': {
        const data = evmTxData(view.tx);
        const bytes = (data.length - 2) / 2;
        const call = bytes >= 4 ? `calldata ${bytes} bytes, function ${data.slice(0, 10)}` : 'no calldata';
        const approvals = view.tx.required_erc20_approvals?.length ? `; first approve ${view.tx.required_erc20_approvals.length} ERC-20 allowance(s)` : '';
        return `${n} EVM transaction on chain ${view.chainId} to ${view.tx.to}, value ${wei(view.tx.value)}, ${call}${approvals}`;
      }
      case 'svm':
        return `${n} Solana transaction on ${view.chainId}`;
      case 'unknown':
        return `${n} A transaction of a kind this version does not know: see the JSON`;
    }
  });
}

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
  if (info.noRoute) return `The router has no route from this asset to that one (it said: ${info.message}). Check the chains and denoms, or try another asset.`;
  if (info.unsafe) {
    const why = (info.reason && UNSAFE_REASONS[info.reason]) ?? 'it judged the route unsafe';
    return `The router withheld this route because ${why} (it said: ${info.message}). Try a smaller amount or another route.`;
  }
  return undefined;
}

/** Each field of the bridge form: its name in words and the rule the router client applies to it. */
const FORM_RULES: Record<FormField, { label: string; parse: (input: string) => Parsed<string> }> = {
  sourceChainId: { label: 'Source chain id', parse: parseChainId },
  sourceDenom: { label: 'Source denom', parse: parseAssetDenom },
  destChainId: { label: 'Destination chain id', parse: parseChainId },
  destDenom: { label: 'Destination denom', parse: parseAssetDenom },
  amount: { label: 'Amount', parse: parseBaseAmount },
  slippage: { label: 'Slippage', parse: parseSlippage },
};

/** Every field's problem at once (the rules of core/validate.ts, as the router client checks them); {} when all is well. */
export function formErrors(form: Form): FormErrors {
  const errors: FormErrors = {};
  for (const field of FORM_FIELDS) {
    const parsed = FORM_RULES[field].parse(form[field]);
    if (!parsed.ok) errors[field] = parsed.error;
  }
  return errors;
}

/** The problems of a form in one text, field by field ("Source denom: Enter a denom …"); undefined when there are none. */
export function formErrorsText(errors: FormErrors): string | undefined {
  const lines = FORM_FIELDS.filter((f) => errors[f]).map((f) => `${FORM_RULES[f].label}: ${errors[f]}`);
  return lines.length ? lines.join('\n') : undefined;
}
