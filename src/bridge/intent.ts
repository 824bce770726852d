/**
 * What the bridge host knows besides the router's answers, for the form check and the checks before signing: the
 * form's context (the router's chains, the source asset, the sender's balance as far as they are loaded), the user's
 * intent (held here, never taken from the router's answer), the source asset's decimals from the chain itself, and
 * what the checks know of the user's own network profiles.
 */
// `npm run l10n:export` finds the l10n.t calls only in files that import l10n from vscode: this type-only import
// (erased when compiled, so the file still runs in plain Node) names it; the words come from the injected L10n.
import { pickableChains, routerPrefixes } from '../core/router/catalog';
import type { l10n } from 'vscode';
import type { RouterCatalog } from '../core/router/routerLists';
import type { Intent } from '../core/router/verify';
import type { Route } from '../core/router/schemas';
import { bankDecimals, erc20Decimals } from '../core/router/check/decimals';
import { DEFAULT_SLIPPAGE, checkSlippage, parseWholeAmount } from '../core/units';
import { errorMessage } from '../core/errors';
import type { L10n } from '../core/l10n';
import type { Services } from '../platform/services';
import type { AnchorBook } from '../core/router/check/anchors';
import type { Form } from './protocol';
import type { FormContext } from './formCheck';

/**
 * What the form check needs: the router's chains, the source asset, the sender's balance (nothing is asked for the
 * balance here: the asset picker loads it), each as far as it is known; nothing without a router.
 */
export async function formContext(
  catalog: RouterCatalog | undefined,
  form: Form,
  log: { debug(line: string): void },
): Promise<FormContext> {
  if (!catalog) return {};
  const quiet = <T>(p: Promise<T>) =>
    p.catch((err: unknown) => {
      log.debug(`Bridge: ${errorMessage(err)}`);
      return undefined;
    });
  const chains = await quiet(pickableChains(catalog));
  const source = chains?.find((c) => c.chainId === form.sourceChainId.trim());
  const sourceAsset =
    source && form.sourceDenom.trim() ? await quiet(catalog.asset(source.chainId, form.sourceDenom.trim())) : undefined;
  const balance =
    source && form.sender.trim()
      ? await catalog.balanceNow(source.chainId, form.sender.trim(), form.sourceDenom.trim())
      : undefined;
  return {
    chains,
    sourceAsset: sourceAsset ?? undefined,
    balance,
    feeDenoms: source?.feeDenoms,
    prefixes: await quiet(routerPrefixes(catalog)),
  };
}

/**
 * The source asset's decimals from the chain itself, where the user's profile of that chain has a REST URL (bank
 * denom metadata) or, for an 0x token, a JSON-RPC URL (`decimals()`); undefined otherwise, or when it does not say.
 * Kept per chain and denom for the panel's life.
 */
export class ChainDecimals {
  private readonly known = new Map<string, number | undefined>();

  constructor(private readonly services: Services) {}

  async get(chainId: string, denom: string): Promise<number | undefined> {
    const key = `${chainId}|${denom}`;
    if (this.known.has(key)) return this.known.get(key);
    const evm = /^0x/i.test(denom);
    const profile = this.services.networks.all().find((p) => p.chainId === chainId && (evm ? p.jsonRpcUrl : p.restUrl));
    const chain = profile && this.services.chain(profile);
    let found: number | undefined;
    try {
      if (chain && evm) found = await erc20Decimals(chain, denom);
      else if (chain) found = await bankDecimals(chain, denom);
    } catch (err) {
      this.services.log.info(
        `Bridge: ${chainId} did not say the decimals of ${denom} (${errorMessage(err)}): the router's are used.`,
      );
    }
    this.known.set(key, found);
    return found;
  }
}

/**
 * The user's intent: the form the user filled in (source, asset, amount in whole units, destination, slippage) and
 * the address the user confirmed for each chain of the route. Never taken from the router's answer; the decimals are
 * the chain's when it says them, else the router's, or the user's for a custom denom (said next to the amount).
 */
export async function intentOf(
  form: Form | undefined,
  route: Route,
  addresses: readonly string[],
  ctx: (form: Form) => Promise<FormContext>,
  decimals: Pick<ChainDecimals, 'get'>,
  book: AnchorBook,
  l10n: L10n,
): Promise<Intent> {
  if (!form) throw new Error(l10n.t('Fill in the form first.'));
  const context = await ctx(form);
  const custom = form.sourceDecimals.trim();
  const routerDecimals = context.sourceAsset?.decimals ?? undefined;
  const fromChain = custom ? undefined : await decimals.get(form.sourceChainId.trim(), form.sourceDenom.trim());
  const listed = book.decimals(form.sourceChainId.trim(), form.sourceDenom.trim());
  const fromRegistry = listed.kind === 'found' ? listed.anchor.value : undefined;
  const used = custom ? Number(custom) : (fromChain ?? fromRegistry ?? routerDecimals);
  if (typeof used !== 'number' || !Number.isInteger(used))
    throw new Error(l10n.t('The decimals of {0} are not known: the amount cannot be checked.', form.sourceDenom));
  const amount = parseWholeAmount(form.amount, used);
  if (!amount.ok) throw new Error(amount.error);
  // The slippage as the form check reads it ("1%", " 1 % " and "1" are one slippage, "1"); refused here otherwise.
  const slippage = checkSlippage(form.slippage.trim() || DEFAULT_SLIPPAGE);
  if (slippage.value === undefined) throw new Error(slippage.error);
  const byChain: Record<string, string> = {};
  route.required_chain_addresses.forEach((c, i) => {
    const a = addresses[i]?.trim();
    if (a && byChain[c] === undefined) byChain[c] = a;
  });
  if (form.sender.trim() && byChain[form.sourceChainId.trim()] === undefined)
    byChain[form.sourceChainId.trim()] = form.sender.trim();
  return {
    sourceChainId: form.sourceChainId.trim(),
    sourceDenom: form.sourceDenom.trim(),
    amountIn: amount.value.base,
    typed: form.amount.trim(),
    decimals: used,
    decimalsFrom: custom
      ? 'user'
      : fromChain !== undefined
        ? 'chain'
        : fromRegistry !== undefined
          ? 'registry'
          : 'router',
    ...(typeof routerDecimals === 'number' ? { routerDecimals } : {}),
    symbol: context.sourceAsset?.symbol ?? undefined,
    destChainId: form.destChainId.trim(),
    destDenom: form.destDenom.trim(),
    addresses: byChain,
    slippagePercent: slippage.value,
  };
}

/**
 * What the checks know beyond the router: the anchors (bridge/anchors.ts), the clock, and words for amounts, whose
 * decimals come from an anchor (a router's decimals are never used to say what an amount is worth).
 */
export function checkOptions(catalog: RouterCatalog, book: AnchorBook, now: number) {
  return {
    anchors: book,
    now,
    asset: (chainId: string, denom: string) => {
      const a = catalog.assetNow(chainId, denom);
      const d = book.decimals(chainId, denom);
      return { symbol: a?.symbol ?? undefined, decimals: d.kind === 'found' ? d.anchor.value : undefined };
    },
  };
}

/** What the session passes as `L10n`: VS Code's own (see the import above). */
export type HostL10n = typeof l10n;
