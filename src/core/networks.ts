/**
 * Network profiles: the built-in public Initia endpoints and a Local demo, and the user's own from `initia.networks`
 * (validated here: a profile that does not hold together is skipped with a sentence, never half-used). Pure: the
 * settings are read by platform/networks.ts.
 */
import { parsePageUrl, parseServiceUrl } from './validateUrl';
import { NETWORK_VMS, type NetworkVm } from './capabilities';

export interface NetworkProfile {
  name: string;
  chainId?: string;
  indexerUrl: string;
  routerUrl?: string;
  explorerUrl?: string;
  /**
   * The chain's VM, when known: `minievm` rollups serve the EVM routes, other VMs never do. Unset, the network's
   * /status decides (core/capabilities.ts).
   */
  vm?: NetworkVm;
  /** The chain's Cosmos REST (LCD) API. */
  restUrl?: string;
  /** The chain's EVM JSON-RPC (MiniEVM rollups). */
  jsonRpcUrl?: string;
  /** The explorer's transaction page, with `${txHash}` where the hash goes (the registry's `tx_page`). */
  txPage?: string;
  /** The explorer's account page, with `${accountAddress}` where the address goes (the registry's `account_page`). */
  accountPage?: string;
  /** The chain's bech32 account prefix (`init` when unset). */
  bech32Prefix?: string;
  /** The OPinit bridge id of a rollup (the registry's `metadata.op_bridge_id`). */
  opBridgeId?: string;
  /** The rollup's OPinit executor API (the registry's `metadata.executor_uri`): follows its OP withdrawals. */
  executorUrl?: string;
  builtIn: boolean;
}

/** The fields of a profile a user may set in `initia.networks` (all but `builtIn`). */
export const PROFILE_FIELDS = [
  'name',
  'chainId',
  'indexerUrl',
  'restUrl',
  'jsonRpcUrl',
  'routerUrl',
  'explorerUrl',
  'txPage',
  'accountPage',
  'bech32Prefix',
  'vm',
  'opBridgeId',
  'executorUrl',
] as const;

const SERVICE_URL_FIELDS = ['indexerUrl', 'restUrl', 'jsonRpcUrl', 'routerUrl', 'executorUrl'] as const;
const TEMPLATES = { txPage: '${txHash}', accountPage: '${accountAddress}' } as const;

const DEMO_INDEXER_PORT = 7717;
const DEMO_ROUTER_PORT = 7718;
const LOCAL_DEMO = 'Local demo';
export const DEFAULT_NETWORK = 'Initia Mainnet';

export const BUILT_IN_NETWORKS: readonly NetworkProfile[] = [
  {
    name: 'Initia Mainnet',
    chainId: 'interwoven-1',
    indexerUrl: 'https://indexer.initia.xyz',
    routerUrl: 'https://router-api.initia.xyz',
    explorerUrl: 'https://scan.initia.xyz/interwoven-1',
    vm: 'l1',
    builtIn: true,
  },
  {
    name: 'Initia Testnet',
    chainId: 'initiation-2',
    indexerUrl: 'https://indexer.initiation-2.initia.xyz',
    routerUrl: 'https://router-api.initiation-2.initia.xyz',
    explorerUrl: 'https://scan.testnet.initia.xyz/initiation-2',
    vm: 'l1',
    builtIn: true,
  },
  {
    name: 'Yominet',
    chainId: 'yominet-1',
    indexerUrl: 'https://rollytics-api-yominet-1.anvil.asia-southeast.initia.xyz',
    routerUrl: 'https://router-api.initia.xyz',
    explorerUrl: 'https://scan.initia.xyz/yominet-1',
    vm: 'minievm',
    opBridgeId: '11',
    executorUrl: 'https://opinit-api-yominet-1.anvil.asia-southeast.initia.xyz',
    builtIn: true,
  },
  {
    name: 'MiniEVM Testnet',
    chainId: 'evm-1',
    indexerUrl: 'https://rollytics-api-evm-1.anvil.asia-southeast.initia.xyz',
    routerUrl: 'https://router-api.initiation-2.initia.xyz',
    explorerUrl: 'https://scan.testnet.initia.xyz/evm-1',
    vm: 'minievm',
    opBridgeId: '1459',
    executorUrl: 'https://opinit-api-evm-1.anvil.asia-southeast.initia.xyz',
    builtIn: true,
  },
  {
    name: LOCAL_DEMO,
    chainId: 'demo-evm-1',
    indexerUrl: `http://127.0.0.1:${DEMO_INDEXER_PORT}`,
    routerUrl: `http://127.0.0.1:${DEMO_ROUTER_PORT}`,
    vm: 'minievm',
    builtIn: true,
  },
];

export interface ProfilesRead {
  profiles: NetworkProfile[];
  /** One sentence per user profile that was skipped, for a warning. */
  problems: string[];
}

/**
 * Validates the user's profiles; invalid ones are skipped with a reason, never half-used. A profile may not take a
 * built-in network's name (it would silently redirect "Initia Mainnet"); indexer, REST, JSON-RPC and router URLs are
 * https, or http for this computer or a private network; explorer pages are https (or http) pages, and the `txPage` /
 * `accountPage` templates hold their placeholder.
 *
 * A profile whose `chainId` is that of a built-in network or of one of `bases` (the registry's chains, once read)
 * takes every field it leaves out from it: `{ name, chainId: "interwoven-1", indexerUrl }` is Initia Mainnet with
 * another indexer. Only then may `indexerUrl` be left out.
 */
export function readProfiles(userValue: unknown, bases: readonly NetworkProfile[] = []): ProfilesRead {
  const problems: string[] = [];
  const byName = new Map<string, NetworkProfile>(BUILT_IN_NETWORKS.map((p) => [p.name, p]));
  const names = new Set<string>();
  const list = Array.isArray(userValue) ? userValue : [];
  list.forEach((raw: unknown, i) => {
    const p = raw as Partial<Record<keyof NetworkProfile, unknown>> | null;
    const label = typeof p?.name === 'string' && p.name.trim() ? `"${p.name.trim()}"` : `#${i + 1}`;
    if (!p || typeof p !== 'object') return problems.push(`initia.networks ${label}: not an object.`);
    if (typeof p.name !== 'string' || !p.name.trim())
      return problems.push(`initia.networks ${label}: "name" is required.`);
    if (BUILT_IN_NETWORKS.some((b) => b.name.toLowerCase() === p.name!.toString().trim().toLowerCase())) {
      return problems.push(
        `initia.networks ${label}: "${String(p.name).trim()}" is the name of a built-in network; give your profile another name.`,
      );
    }
    if (names.has(p.name.trim().toLowerCase()))
      return problems.push(`initia.networks ${label}: another profile already has this name.`);
    names.add(p.name.trim().toLowerCase());
    const chainId = typeof p.chainId === 'string' && p.chainId.trim() ? p.chainId.trim() : undefined;
    const base = chainId
      ? (BUILT_IN_NETWORKS.find((b) => b.chainId === chainId) ?? bases.find((b) => b.chainId === chainId))
      : undefined;
    const own: Partial<NetworkProfile> = {};
    const given = (v: unknown) => v !== undefined && v !== null && v !== '';
    for (const field of SERVICE_URL_FIELDS) {
      if (!given(p[field])) continue;
      const parsed = parseServiceUrl(String(p[field]));
      if (!parsed.ok) return problems.push(`initia.networks ${label}: ${field}: ${parsed.error}`);
      own[field] = parsed.value;
    }
    if (given(p.explorerUrl)) {
      const parsed = parsePageUrl(String(p.explorerUrl));
      if (!parsed.ok) return problems.push(`initia.networks ${label}: explorerUrl: ${parsed.error}`);
      own.explorerUrl = parsed.value;
    }
    for (const field of ['txPage', 'accountPage'] as const) {
      if (!given(p[field])) continue;
      const problem = templateProblem(p[field], TEMPLATES[field]);
      if (problem) return problems.push(`initia.networks ${label}: ${field}: ${problem}`);
      own[field] = String(p[field]).trim();
    }
    if (given(p.vm)) {
      if (!(NETWORK_VMS as readonly unknown[]).includes(p.vm))
        return problems.push(
          `initia.networks ${label}: vm: "${String(p.vm)}" is not one of ${NETWORK_VMS.join(', ')}.`,
        );
      own.vm = p.vm as NetworkVm;
    }
    if (given(p.bech32Prefix)) {
      if (typeof p.bech32Prefix !== 'string' || !/^[a-z][a-z0-9]{0,30}$/.test(p.bech32Prefix.trim())) {
        return problems.push(
          `initia.networks ${label}: bech32Prefix: "${String(p.bech32Prefix)}" is not a bech32 prefix (lower-case letters and digits, such as init).`,
        );
      }
      own.bech32Prefix = p.bech32Prefix.trim();
    }
    if (given(p.opBridgeId)) {
      const id = String(p.opBridgeId).trim();
      if (!/^\d{1,20}$/.test(id))
        return problems.push(`initia.networks ${label}: opBridgeId: "${id}" is not a whole number.`);
      own.opBridgeId = id;
    }
    const inherited: Partial<NetworkProfile> = base ? { ...base } : {};
    delete inherited.name;
    const profile: NetworkProfile = {
      ...inherited,
      ...own,
      name: p.name.trim(),
      ...(chainId ? { chainId } : {}),
      builtIn: false,
    } as NetworkProfile;
    if (!profile.indexerUrl) return problems.push(`initia.networks ${label}: "indexerUrl" is required.`);
    byName.set(profile.name, profile);
    return undefined;
  });
  return { profiles: [...byName.values()], problems };
}

/** Why a tx or account page template is unusable, or undefined: an http(s) page holding its placeholder. */
function templateProblem(value: unknown, placeholder: string): string | undefined {
  if (typeof value !== 'string') return `a template such as https://scan.example/txs/${placeholder}.`;
  if (!value.includes(placeholder)) return `"${value}" does not hold ${placeholder}.`;
  const parsed = parsePageUrl(value.split(placeholder).join('x'));
  return parsed.ok ? undefined : parsed.error;
}

/** Links into the network's block explorer, when it has one. */
export function explorerLink(
  network: NetworkProfile,
  kind: 'tx' | 'block' | 'account',
  id: string,
): string | undefined {
  // The explorer's own templates first (the registry's tx_page / account_page), its base URL + our paths otherwise.
  const template = kind === 'tx' ? network.txPage : kind === 'account' ? network.accountPage : undefined;
  if (template)
    return template.split(kind === 'tx' ? TEMPLATES.txPage : TEMPLATES.accountPage).join(encodeURIComponent(id));
  if (!network.explorerUrl) return undefined;
  const path = kind === 'tx' ? 'txs' : kind === 'block' ? 'blocks' : 'accounts';
  return `${network.explorerUrl}/${path}/${encodeURIComponent(id)}`;
}

/** The origins of a profile's services that are plain http (not encrypted), for a warning. */
export function unencryptedOrigins(network: Pick<NetworkProfile, 'indexerUrl' | 'routerUrl'>): string[] {
  return [network.indexerUrl, network.routerUrl]
    .filter((u): u is string => !!u && u.startsWith('http:'))
    .map((u) => new URL(u).origin);
}
