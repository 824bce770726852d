/**
 * Initia's chain registry (`initia-labs/initia-registry`, published as `chains.json` at https://registry.initia.xyz
 * and https://registry.testnet.initia.xyz): the schema of one chain entry, parsed entry by entry (an entry that does
 * not parse is skipped with one sentence, never the whole list), the profile a chain becomes, the rows of the network
 * picker, and the once-a-day rule. Pure: platform/registry.ts fetches, caches and falls back to the bundled snapshot.
 */
import * as z from 'zod/mini';
import { endpoint, type HttpClient } from './http';
import { firstProblem } from './zodWords';
import { NETWORK_VMS, type NetworkVm } from './capabilities';
import { BUILT_IN_NETWORKS, type NetworkProfile } from './networks';
import { parsePageUrl, parseServiceUrl } from './validateUrl';
import { lazySchema } from './lazySchema';

/** A registry's answer is read again at most this often (a day). */
export const REGISTRY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const Api = lazySchema(() => z.looseObject({ address: z.string() }));
const ApiList = lazySchema(() => z.optional(z.array(Api)));

/** One chain of `chains.json` (the fields the extension reads; others are kept). */
export const RegistryChain = lazySchema(() =>
  z.looseObject({
    chain_id: z.string().check(z.minLength(1)),
    chain_name: z.string(),
    pretty_name: z.optional(z.string()),
    network_type: z.optional(z.string()),
    bech32_prefix: z.optional(z.string()),
    apis: z.optional(
      z.looseObject({
        rpc: ApiList,
        rest: ApiList,
        api: ApiList,
        'json-rpc': ApiList,
        indexer: ApiList,
      }),
    ),
    explorers: z.optional(
      z.array(
        z.looseObject({
          kind: z.optional(z.string()),
          url: z.optional(z.string()),
          tx_page: z.optional(z.string()),
          account_page: z.optional(z.string()),
        }),
      ),
    ),
    fees: z.optional(z.looseObject({ fee_tokens: z.optional(z.array(z.looseObject({ denom: z.string() }))) })),
    metadata: z.optional(
      z.looseObject({
        is_l1: z.optional(z.boolean()),
        op_bridge_id: z.optional(z.union([z.string(), z.number()])),
        /** The URL of the chain's asset list (its `denom_units` give decimals). */
        assetlist: z.optional(z.unknown()),
        /** The L1 denoms the rollup's OP bridge carries. */
        op_denoms: z.optional(z.array(z.unknown())),
        /** The chain's IBC channels `{chain_id, port_id, channel_id}`: read one by one (core/router/check/anchors.ts). */
        ibc_channels: z.optional(z.array(z.unknown())),
        executor_uri: z.optional(z.string()),
        minitia: z.optional(z.looseObject({ type: z.optional(z.string()) })),
      }),
    ),
    logo_URIs: z.optional(z.looseObject({ png: z.optional(z.string()), svg: z.optional(z.string()) })),
  }),
);
export type RegistryChain = z.infer<typeof RegistryChain>;

interface RegistryParse {
  chains: RegistryChain[];
  /** One sentence per entry skipped (or for an answer that is no list at all). */
  skipped: string[];
}

/** Parses a `chains.json` answer entry by entry: what does not parse is skipped with a sentence that says why. */
export function parseRegistry(value: unknown, source: string): RegistryParse {
  if (!Array.isArray(value))
    return { chains: [], skipped: [`Registry ${source}: the answer is not a list of chains; ignored.`] };
  const chains: RegistryChain[] = [];
  const skipped: string[] = [];
  value.forEach((entry: unknown, i) => {
    const r = RegistryChain.safeParse(entry);
    if (r.success) {
      chains.push(r.data);
      return;
    }
    const id =
      entry && typeof entry === 'object' && typeof (entry as { chain_id?: unknown }).chain_id === 'string'
        ? ` (${(entry as { chain_id: string }).chain_id})`
        : '';
    const { field, problem, sentence } = firstProblem(entry, r.error);
    skipped.push(
      `Registry ${source}: entry #${i + 1}${id} skipped: ${sentence ? problem : `${field || 'the entry'} ${problem}`}.`,
    );
  });
  return { chains, skipped };
}

/** The APIs a registry chain lists, by the names the registry gives them. */
const REGISTRY_APIS = ['indexer', 'rest', 'json-rpc', 'rpc', 'api'] as const;
type RegistryApi = (typeof REGISTRY_APIS)[number];

function listedApis(chain: RegistryChain): RegistryApi[] {
  return REGISTRY_APIS.filter((a) => (chain.apis?.[a]?.length ?? 0) > 0);
}

/** The VM of a chain: `l1` for Initia itself, else its rollup type when the registry names a known one. */
export function chainVm(chain: RegistryChain): NetworkVm | undefined {
  if (chain.metadata?.is_l1) return 'l1';
  const t = chain.metadata?.minitia?.type;
  return t && (NETWORK_VMS as readonly string[]).includes(t) && t !== 'l1' ? (t as NetworkVm) : undefined;
}

/** The first address of that API that is a usable service URL (https, or http for a private host). */
function firstService(chain: RegistryChain, api: RegistryApi): string | undefined {
  for (const { address } of chain.apis?.[api] ?? []) {
    const parsed = parseServiceUrl(address);
    if (parsed.ok) return parsed.value;
  }
  return undefined;
}

/** The rollup's OPinit executor API (`metadata.executor_uri`), when it is a usable service URL. */
export function registryExecutor(chain: RegistryChain): string | undefined {
  const parsed = chain.metadata?.executor_uri ? parseServiceUrl(chain.metadata.executor_uri) : undefined;
  return parsed?.ok ? parsed.value : undefined;
}

/** Why a chain cannot be browsed, or undefined when it can. */
export const NO_INDEXER = 'no indexer in the registry';

/**
 * The profile a registry chain becomes: its indexer, REST and JSON-RPC, its explorer and page templates, bech32 prefix,
 * VM and OP bridge id. The registry lists no router: a chain gets the router of its network's Initia L1 (as the
 * built-in rollups do). Named after its pretty name, with the chain id added when that name is taken.
 */
export function registryProfile(
  chain: RegistryChain,
  takenNames: ReadonlySet<string> = new Set(),
): { profile: NetworkProfile } | { reason: string } {
  const indexerUrl = firstService(chain, 'indexer');
  if (!indexerUrl) return { reason: NO_INDEXER };
  const explorer = chain.explorers?.find((e) => e.url || e.tx_page || e.account_page);
  const page = (v: string | undefined, placeholder?: string) => {
    if (!v || (placeholder && !v.includes(placeholder))) return undefined;
    return parsePageUrl(placeholder ? v.split(placeholder).join('x') : v).ok ? v.trim() : undefined;
  };
  const l1 = BUILT_IN_NETWORKS.find(
    (b) => b.vm === 'l1' && b.name === (chain.network_type === 'testnet' ? 'Initia Testnet' : 'Initia Mainnet'),
  );
  const pretty = (chain.pretty_name ?? chain.chain_name).trim() || chain.chain_id;
  const lower = new Set([...takenNames, ...BUILT_IN_NETWORKS.map((b) => b.name)].map((n) => n.toLowerCase()));
  const name = lower.has(pretty.toLowerCase()) ? `${pretty} (${chain.chain_id})` : pretty;
  const vm = chainVm(chain);
  const opBridgeId = chain.metadata?.op_bridge_id;
  const profile: NetworkProfile = {
    name,
    chainId: chain.chain_id,
    indexerUrl,
    builtIn: false,
  };
  const rest = firstService(chain, 'rest');
  const jsonRpc = firstService(chain, 'json-rpc');
  if (rest) profile.restUrl = rest;
  if (jsonRpc) profile.jsonRpcUrl = jsonRpc;
  if (l1?.routerUrl && chain.network_type !== 'devnet') profile.routerUrl = l1.routerUrl;
  const explorerUrl = page(explorer?.url);
  const txPage = page(explorer?.tx_page, '${txHash}');
  const accountPage = page(explorer?.account_page, '${accountAddress}');
  if (explorerUrl) profile.explorerUrl = explorerUrl;
  if (txPage) profile.txPage = txPage;
  if (accountPage) profile.accountPage = accountPage;
  if (chain.bech32_prefix && /^[a-z][a-z0-9]{0,30}$/.test(chain.bech32_prefix))
    profile.bech32Prefix = chain.bech32_prefix;
  if (vm) profile.vm = vm;
  if (opBridgeId !== undefined && /^\d{1,20}$/.test(String(opBridgeId))) profile.opBridgeId = String(opBridgeId);
  const executorUrl = registryExecutor(chain);
  if (executorUrl) profile.executorUrl = executorUrl;
  return { profile };
}

/** One registry chain as the network picker shows it. */
export interface RegistryRow {
  chain: RegistryChain;
  group: 'mainnet' | 'testnet';
  label: string;
  /** Chain id and VM. */
  description: string;
  /** The APIs the registry lists (and why the chain cannot be chosen, when it cannot). */
  detail: string;
  /** The profile it becomes, when it can be browsed. */
  profile?: NetworkProfile;
  /** Why it cannot be chosen. */
  disabledReason?: string;
}

/**
 * The registry chains for the picker: mainnet, then testnet (devnets and other types are left out), each by name;
 * a chain whose id one of `profiles` already has is left out (that profile is listed above it).
 */
export function registryRows(chains: readonly RegistryChain[], profiles: readonly NetworkProfile[]): RegistryRow[] {
  const known = new Set(profiles.map((p) => p.chainId).filter(Boolean));
  const taken = new Set(profiles.map((p) => p.name));
  const seen = new Set<string>();
  const rows: RegistryRow[] = [];
  for (const chain of chains) {
    const group = chain.network_type === 'mainnet' || chain.network_type === 'testnet' ? chain.network_type : undefined;
    if (!group || known.has(chain.chain_id) || seen.has(chain.chain_id)) continue;
    seen.add(chain.chain_id);
    const made = registryProfile(chain, taken);
    const vm = chainVm(chain) ?? chain.metadata?.minitia?.type ?? 'unknown VM';
    const apis = listedApis(chain);
    const apiText = apis.length ? `APIs: ${apis.join(', ')}` : 'no APIs listed';
    rows.push({
      chain,
      group,
      label: (chain.pretty_name ?? chain.chain_name).trim() || chain.chain_id,
      description: `${chain.chain_id} · ${vm}`,
      detail: 'reason' in made ? `${apiText} · ${made.reason}` : apiText,
      ...('profile' in made ? { profile: made.profile } : { disabledReason: made.reason }),
    });
  }
  const order = { mainnet: 0, testnet: 1 } as const;
  return rows.sort((a, b) => order[a.group] - order[b.group] || a.label.localeCompare(b.label, 'en'));
}

/** Whether an answer read at `fetchedAt` from `urls` still stands at `now`: read at most once a day per set of URLs. */
export function registryFresh(
  cached: { fetchedAt: number; urls: readonly string[] } | undefined,
  urls: readonly string[],
  now: number,
): boolean {
  if (!cached || !Number.isFinite(cached.fetchedAt)) return false;
  if (cached.urls.length !== urls.length || cached.urls.some((u, i) => u !== urls[i])) return false;
  const age = now - cached.fetchedAt;
  return age >= 0 && age < REGISTRY_MAX_AGE_MS;
}

/** The registry's answers as kept on disk (the cache in global storage, the bundled snapshot): raw, parsed on read. */
export const RegistryFile = lazySchema(() =>
  z.object({
    fetchedAt: z.optional(z.number()),
    generatedFrom: z.optional(z.string()),
    sources: z.array(z.object({ url: z.string(), chains: z.array(z.unknown()) })),
  }),
);
export type RegistryFile = z.infer<typeof RegistryFile>;

/** Reads one `chains.json` through the HTTP layer (deadline, size limit, retry, proxies as every other request). */
export function fetchRegistry(http: HttpClient, url: string, signal?: AbortSignal): Promise<unknown> {
  return http.get(endpoint(url, ''), signal);
}
