/**
 * The bridge form checked as the user types, on the host (pure: no VS Code, unit-tested in plain Node): every
 * field's problem at once, in words, with the rules of the core (units, validate, the router's chain list and
 * prefixes), the sender's balance, and the amount in base units when the route can be asked for.
 */
import type { Asset, BalanceEntry } from '../core/router/schemas';
import { type ChainOption } from '../core/router/catalog';
import { sameDenom } from '../core/router/denoms';
import { formatUnits } from '../core/format';
import { checkSlippage, compareBase, fromBaseUnits, parseWholeAmount } from '../core/units';
import { type Parsed } from '../core/validate';
import { parseAssetDenom, parseChainId } from '../core/router/inputs';
import { parseAddressForChain } from '../core/router/client';
import type { EditReply, Form, FormErrors, FormField } from './protocol';

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

export interface FormCheck extends Omit<EditReply, 'formKey'> {
  /** The amount in base units, when every field the route needs is valid. */
  base?: string;
  /** The slippage as the router takes it, when it is valid. */
  slippage?: string;
}

function chainProblem(chainId: string, chains: readonly ChainOption[] | undefined): Parsed<string> {
  const parsed = parseChainId(chainId);
  if (!parsed.ok) return { ok: false, error: chainId.trim() ? parsed.error : 'Pick a chain.' };
  if (chains && chains.length && !chains.some((c) => c.chainId === parsed.value))
    return { ok: false, error: `The router does not list the chain ${parsed.value}.` };
  return parsed;
}

/** The source asset's decimals: the router's for a listed asset, else the user's for a custom denom (checked). */
function sourceDecimals(form: Form, ctx: FormContext, denomOk: boolean, errors: FormErrors): number | undefined {
  if (ctx.sourceAsset) return typeof ctx.sourceAsset.decimals === 'number' ? ctx.sourceAsset.decimals : undefined;
  if (!denomOk) return undefined;
  const d = form.sourceDecimals.trim();
  if (/^\d{1,2}$/.test(d) && Number(d) <= 36) return Number(d);
  errors.sourceDecimals =
    "Enter the asset's decimals, a whole number from 0 to 36 (6 for most Cosmos assets, 18 for most EVM tokens).";
  return undefined;
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
  else if (denom.ok && form.sourceChainId.trim() === form.destChainId.trim() && sameDenom(denom.value, dest.value))
    errors.destDenom = 'The destination is the same asset on the same chain.';

  const decimals = sourceDecimals(form, ctx, denom.ok, errors);

  if (form.sender.trim() && source.ok) {
    const parsed = parseAddressForChain(source.value, form.sender, ctx.prefixes);
    if (!parsed.ok) errors.sender = parsed.error;
  }

  let base: string | undefined;
  let balance: FormCheck['balance'];
  const symbol = ctx.sourceAsset?.symbol ?? (denom.ok ? denom.value : '');
  if (ctx.balance && decimals !== undefined && /^\d+$/.test(ctx.balance.amount)) {
    const whole = formatUnits(ctx.balance.amount, decimals);
    balance = {
      text: `${whole ?? ctx.balance.amount} ${symbol}`.trim(),
      max: fromBaseUnits(ctx.balance.amount, decimals),
    };
  }
  const amount = parseWholeAmount(form.amount, decimals);
  if (!amount.ok) {
    // The amount cannot be checked against decimals the form does not have yet: say what is missing first.
    if (!(errors.sourceDecimals && !form.amount.trim()))
      errors.amount =
        decimals === undefined && !ctx.sourceAsset && errors.sourceDecimals
          ? 'Enter the decimals first.'
          : amount.error;
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
  const routeFields: FormField[] = [
    'sourceChainId',
    'sourceDenom',
    'sourceDecimals',
    'amount',
    'destChainId',
    'destDenom',
  ];
  return {
    errors,
    warnings,
    balance,
    base: routeFields.some((f) => errors[f]) ? undefined : base,
    slippage: slippage.value,
  };
}
