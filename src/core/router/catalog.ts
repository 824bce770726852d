/**
 * The router's chain and asset lists as a bridge form offers them: hidden entries dropped, Initia chains first,
 * bridged twins told apart, assets with balances attached and sorted by what the account holds (the page's picker
 * searches them: `filterOptions` in src/webview/components/picker.ts); and the same account's address on another
 * chain. Pure. Names, symbols and labels are server text: escape before showing.
 */
import { bech32 } from 'bech32';
import { formatUnits, shorten } from '../format';
import { compareDecimal } from '../units';
import { isEvmChainId } from './client';
import type { Asset, BalanceEntry, ChainInfo } from './schemas';
import { normaliseDenom } from './denoms';
import type { RouterCatalog } from './routerLists';

export interface ChainOption {
  chainId: string;
  /** pretty_name, else chain_name, else the chain id. */
  name: string;
  /** bech32_prefix, when non-empty. */
  prefix?: string;
  /** chain_type 'evm', or a numeric chain id. */
  evm: boolean;
  /** The Initia L1 (chain_name 'initia') or an Interwoven rollup (bech32 prefix 'init'). */
  initia: boolean;
  testnet: boolean;
  feeDenoms: string[];
}

const nonEmpty = (s: string | null | undefined): string | undefined =>
  typeof s === 'string' && s.trim() !== '' ? s : undefined;
const byName = (a: string, b: string): number => a.toLowerCase().localeCompare(b.toLowerCase(), 'en');

/** 0 the Initia L1, 1 an Interwoven rollup, 2 any other chain. */
function chainRank(chain: ChainInfo): number {
  if (chain.chain_name === 'initia') return 0;
  return chain.bech32_prefix === 'init' ? 1 : 2;
}

/**
 * Drops hidden chains and duplicates (first wins); Initia chains first (chain_name 'initia', the L1, first of all,
 * then chains whose bech32_prefix is 'init', i.e. Interwoven rollups, by name), then the others by name
 * (case-insensitive).
 */
export function chainOptions(chains: readonly ChainInfo[]): ChainOption[] {
  const seen = new Set<string>();
  const kept: Array<{ option: ChainOption; rank: number }> = [];
  for (const chain of chains) {
    if (chain.hidden === true || seen.has(chain.chain_id)) continue;
    seen.add(chain.chain_id);
    const rank = chainRank(chain);
    const prefix = nonEmpty(chain.bech32_prefix);
    const option: ChainOption = {
      chainId: chain.chain_id,
      name: nonEmpty(chain.pretty_name) ?? nonEmpty(chain.chain_name) ?? chain.chain_id,
      evm: chain.chain_type === 'evm' || isEvmChainId(chain.chain_id),
      initia: rank < 2,
      testnet: chain.is_testnet === true,
      feeDenoms: (chain.fee_assets ?? []).map((f) => f.denom).filter((d): d is string => nonEmpty(d) !== undefined),
    };
    if (prefix !== undefined) option.prefix = prefix;
    kept.push({ option, rank });
  }
  return kept
    .sort(
      (a, b) => a.rank - b.rank || byName(a.option.name, b.option.name) || byName(a.option.chainId, b.option.chainId),
    )
    .map((k) => k.option);
}

interface BalanceInfo {
  /** Base units. */
  base: string;
  /** Whole units with digit grouping, when the decimals are known. */
  whole?: string;
  /** The router's USD value (server text, a decimal string). */
  usd?: string;
}

export interface AssetOption {
  chainId: string;
  denom: string;
  /** symbol, else the denom. */
  symbol: string;
  /** What to show: the symbol, or for bridged twins (two visible assets with one symbol) the recommended symbol. */
  label: string;
  name?: string;
  decimals?: number;
  originChainId?: string;
  balance?: BalanceInfo;
}

/** A plain non-negative decimal string, or undefined (a USD value we cannot compare counts as none). */
const usdOf = (v: string | null | undefined): string | undefined =>
  typeof v === 'string' && compareDecimal(v, '0') !== undefined ? v : undefined;

/** The assets to offer: not hidden, with a denom, each denom once (the first wins). */
function visibleAssets(assets: readonly Asset[]): Asset[] {
  const seen = new Set<string>();
  const visible: Asset[] = [];
  for (const asset of assets) {
    const denom = nonEmpty(asset.denom);
    if (asset.hidden === true || denom === undefined || seen.has(normaliseDenom(denom))) continue;
    seen.add(normaliseDenom(denom));
    visible.push(asset);
  }
  return visible;
}

/** By USD value (desc), then balance in whole units (desc, exactly; unknown decimals after), then label and denom. */
function sortOptions(options: AssetOption[]): AssetOption[] {
  // Balances on one scale: base × 10^(maxDecimals − decimals), so that 1 of a 6-decimal asset equals 1 of an 18-decimal one.
  const scale = Math.max(0, ...options.map((o) => (o.balance && o.balance.base !== '0' ? (o.decimals ?? 0) : 0)));
  const keys = new Map<AssetOption, { usd: string; tier: number; amount: bigint }>();
  for (const o of options) {
    const base = o.balance && /^\d+$/.test(o.balance.base) ? BigInt(o.balance.base) : 0n;
    // 0: a balance in known units, 1: a balance whose decimals are unknown (cannot be compared), 2: nothing.
    const tier = base === 0n ? 2 : o.decimals === undefined ? 1 : 0;
    const amount = tier === 0 ? base * 10n ** BigInt(scale - o.decimals!) : 0n;
    keys.set(o, { usd: o.balance?.usd ?? '0', tier, amount });
  }
  return options.sort((a, b) => {
    const [x, y] = [keys.get(a)!, keys.get(b)!];
    return (
      (compareDecimal(y.usd, x.usd) ?? 0) ||
      x.tier - y.tier ||
      (x.amount === y.amount ? 0 : x.amount < y.amount ? 1 : -1) ||
      byName(a.label, b.label) ||
      byName(a.denom, b.denom)
    );
  });
}

/**
 * Drops hidden assets, assets without a denom and repeated denoms (first wins); labels bridged twins; attaches
 * balances when given (a denom absent from them has a zero balance); sorts by USD value (desc), then by balance in
 * whole units (desc, exactly; balances whose decimals are unknown after the known ones), then by label
 * (case-insensitive).
 */
export function assetOptions(
  chainId: string,
  assets: readonly Asset[],
  balances?: ReadonlyMap<string, BalanceEntry>,
): AssetOption[] {
  const visible = visibleAssets(assets);
  const symbolOf = (a: Asset) => nonEmpty(a.symbol) ?? a.denom!;
  const symbolCount = new Map<string, number>();
  for (const a of visible)
    symbolCount.set(symbolOf(a).toLowerCase(), (symbolCount.get(symbolOf(a).toLowerCase()) ?? 0) + 1);

  const options = visible.map((asset): AssetOption => {
    const denom = asset.denom!;
    const symbol = symbolOf(asset);
    const twin = (symbolCount.get(symbol.toLowerCase()) ?? 0) > 1;
    const option: AssetOption = {
      chainId,
      denom,
      symbol,
      label: twin ? (nonEmpty(asset.recommended_symbol) ?? `${symbol} (${shorten(denom)})`) : symbol,
    };
    const name = nonEmpty(asset.name);
    if (name !== undefined) option.name = name;
    const origin = nonEmpty(asset.origin_chain_id);
    if (origin !== undefined) option.originChainId = origin;
    const entry = balances?.get(normaliseDenom(denom)) ?? balances?.get(denom);
    const decimals = asset.decimals ?? entry?.decimals ?? undefined;
    // At most 255 (ERC-20 decimals are a uint8): a hostile value must not make the balance sort raise 10 to it.
    if (decimals !== undefined && Number.isInteger(decimals) && decimals >= 0 && decimals <= 255)
      option.decimals = decimals;
    if (balances) {
      if (entry) {
        const balance: BalanceInfo = { base: entry.amount };
        const whole = option.decimals === undefined ? undefined : formatUnits(entry.amount, option.decimals);
        if (whole !== undefined) balance.whole = whole;
        const usd = usdOf(entry.value_usd);
        if (usd !== undefined) balance.usd = usd;
        option.balance = balance;
      } else {
        option.balance = { base: '0', whole: '0' };
      }
    }
    return option;
  });

  // Labels that still collide (twins with one recommended symbol, or none) get the short denom.
  const labelCount = new Map<string, number>();
  for (const o of options) labelCount.set(o.label.toLowerCase(), (labelCount.get(o.label.toLowerCase()) ?? 0) + 1);
  for (const o of options) {
    if ((labelCount.get(o.label.toLowerCase()) ?? 0) > 1 && (symbolCount.get(o.symbol.toLowerCase()) ?? 0) > 1)
      o.label = `${o.label} (${shorten(o.denom)})`;
  }

  return sortOptions(options);
}

/** Bech32 prefixes by chain id (non-empty prefixes only, hidden chains included: routes pass through them), for `RouterClient` and `parseAddressForChain`. */
export function addressPrefixes(chains: readonly ChainInfo[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const chain of chains) {
    const prefix = nonEmpty(chain.bech32_prefix);
    if (prefix !== undefined && !Object.hasOwn(out, chain.chain_id)) out[chain.chain_id] = prefix;
  }
  return out;
}

/** The bytes of an account address: bech32 (any prefix, valid checksum) or 0x hex, 20 or 32 bytes. */
function addressBytes(address: string): Uint8Array | undefined {
  const s = address.trim();
  if (/^0x/i.test(s)) {
    if (!/^0x([0-9a-fA-F]{40}|[0-9a-fA-F]{64})$/.test(s)) return undefined;
    return Uint8Array.from(
      s
        .slice(2)
        .match(/../g)!
        .map((h) => parseInt(h, 16)),
    );
  }
  if (s !== s.toLowerCase() && s !== s.toUpperCase()) return undefined;
  try {
    const bytes = Uint8Array.from(bech32.fromWords(bech32.decode(s.toLowerCase(), 120).words));
    return bytes.length === 20 || bytes.length === 32 ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The same account on another chain: its bytes in bech32 with the chain's prefix, or for an EVM chain the 0x hex
 * (lower-case) of a 20-byte address. Undefined when it cannot be derived (an invalid address, no prefix known for a
 * cosmos chain, or not 20 bytes for an EVM chain).
 */
export function deriveAddress(address: string, chain: Pick<ChainOption, 'prefix' | 'evm'>): string | undefined {
  const bytes = addressBytes(address);
  if (!bytes) return undefined;
  if (chain.evm)
    return bytes.length === 20 ? `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}` : undefined;
  const prefix = chain.prefix;
  if (!prefix || prefix !== prefix.toLowerCase()) return undefined;
  try {
    return bech32.encode(prefix, bech32.toWords(bytes), 120);
  } catch {
    return undefined;
  }
}

/** The chains a person can pick, Initia's first, from the router's list its catalog keeps. */
export async function pickableChains(catalog: Pick<RouterCatalog, 'rawChains'>): Promise<ChainOption[]> {
  return chainOptions(await catalog.rawChains());
}

/** Bech32 prefixes by chain id, from the router's own list. */
export async function routerPrefixes(catalog: Pick<RouterCatalog, 'rawChains'>): Promise<Record<string, string>> {
  return addressPrefixes(await catalog.rawChains());
}

/** The assets a person can pick on a chain, with the address's balances when given. */
export async function pickableAssets(
  catalog: Pick<RouterCatalog, 'rawAssets'>,
  chainId: string,
  balances?: ReadonlyMap<string, BalanceEntry>,
): Promise<AssetOption[]> {
  return assetOptions(chainId, await catalog.rawAssets(chainId), balances);
}
