/**
 * A router's lists, the one cache of them: the chains (`GET /v2/info/chains`) and each chain's assets
 * (`GET /v2/fungible/assets?chain_ids=…`), kept for a few minutes (InterwovenKit keeps them 1 min stale, we keep
 * them 5: they change when a chain is listed, not while a form is filled), and an address's balances
 * (`POST /v2/info/balances`), kept 10 s. A request in flight is shared by every caller that asks the same thing. The
 * bridge's pickers, its checks and every amount shown in whole units elsewhere (the Rich List, Explain Transaction)
 * read the same lists (platform/services.ts keeps one per router). Pure: the clock is injected.
 */
import type { RouterClient } from './client';
import { balancesOf, normaliseDenom, sameDenom } from './denoms';
import type { Asset, BalanceEntry, ChainInfo } from './schemas';

const LIST_TTL_MS = 5 * 60_000;
const BALANCE_TTL_MS = 10_000;

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

/** The asset a denom names in a list (0x denoms without regard to case). */
const findAsset = (list: readonly Asset[], denom: string): Asset | undefined =>
  list.find((a) => !!a.denom && sameDenom(a.denom, denom));

export class RouterCatalog {
  private chainList: Entry<ChainInfo[]> | undefined;
  private readonly assetLists = new Map<string, Entry<Asset[]>>();
  private readonly balanceLists = new Map<string, Entry<Map<string, BalanceEntry>>>();

  constructor(
    readonly client: RouterClient,
    private readonly now: () => number = Date.now,
  ) {}

  get routerUrl(): string {
    return this.client.baseUrl;
  }

  private cached<T>(
    entry: Entry<T> | undefined,
    ttl: number,
    load: () => Promise<T>,
    store: (e: Entry<T> | undefined) => void,
  ): Promise<T> {
    if (entry && this.now() - entry.at < ttl) return entry.value;
    const value = load();
    const fresh = { at: this.now(), value };
    store(fresh);
    // A failure is not kept: the next call asks again.
    value.catch(() => store(undefined));
    return value;
  }

  /** The router's chains as it sent them (hidden ones included). */
  rawChains(): Promise<ChainInfo[]> {
    return this.cached(
      this.chainList,
      LIST_TTL_MS,
      async () => (await this.client.chains()).chains,
      (e) => {
        if (!e || !this.chainList || e.at >= this.chainList.at) this.chainList = e;
      },
    );
  }

  /** The raw chain entry (also a hidden chain: a route may pass through one). */
  async chainInfo(chainId: string): Promise<ChainInfo | undefined> {
    return (await this.rawChains()).find((c) => c.chain_id === chainId);
  }

  /** The router's assets on a chain, as it sent them (hidden ones included). */
  rawAssets(chainId: string): Promise<Asset[]> {
    const load = async () => {
      const list = (await this.client.assets([chainId])).chain_to_assets_map[chainId]?.assets ?? [];
      this.loadedAssets.set(chainId, list);
      return list;
    };
    return this.cached(this.assetLists.get(chainId), LIST_TTL_MS, load, (e) => {
      if (e) this.assetLists.set(chainId, e);
      else this.assetLists.delete(chainId);
    });
  }

  /** The asset a denom names on a chain, if the router lists it. */
  async asset(chainId: string, denom: string): Promise<Asset | undefined> {
    return findAsset(await this.rawAssets(chainId), denom);
  }

  /** The asset as it was loaded already (undefined when not loaded yet): for words, never a request. */
  assetNow(chainId: string, denom: string): Asset | undefined {
    const list = this.loaded(chainId);
    return list && findAsset(list, denom);
  }

  /** A chain's assets as last loaded (undefined when never loaded): for words, never a request. */
  loaded(chainId: string): readonly Asset[] | undefined {
    return this.loadedAssets.get(chainId);
  }

  private readonly loadedAssets = new Map<string, Asset[]>();

  /** The address's balances on a chain (a denom missing from the answer holds nothing). */
  balances(chainId: string, address: string): Promise<Map<string, BalanceEntry>> {
    const key = `${chainId}\n${address}`;
    return this.cached(
      this.balanceLists.get(key),
      BALANCE_TTL_MS,
      async () => balancesOf(await this.client.balances(chainId, address), chainId),
      (e) => {
        if (e) this.balanceLists.set(key, e);
        else this.balanceLists.delete(key);
      },
    );
  }

  /** The balance last loaded for an address and denom (undefined: not asked, or not answered yet). */
  async balanceNow(chainId: string, address: string, denom: string): Promise<BalanceEntry | undefined> {
    const entry = this.balanceLists.get(`${chainId}\n${address}`);
    if (!entry) return undefined;
    const map = await entry.value.catch(() => undefined);
    if (!map) return undefined;
    return map.get(normaliseDenom(denom)) ?? { amount: '0' };
  }
}
