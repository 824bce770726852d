/**
 * Network profiles: the built-in public Initia endpoints and a Local demo, and the user's own from `initia.networks`
 * (validated here: a profile that does not hold together is skipped with a sentence, never half-used). Pure: the
 * settings are read by platform/networks.ts.
 */
import { parsePageUrl, parseServiceUrl } from './validate';
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
  builtIn: boolean;
}

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
    builtIn: true,
  },
  {
    name: 'MiniEVM Testnet',
    chainId: 'evm-1',
    indexerUrl: 'https://rollytics-api-evm-1.anvil.asia-southeast.initia.xyz',
    routerUrl: 'https://router-api.initiation-2.initia.xyz',
    explorerUrl: 'https://scan.testnet.initia.xyz/evm-1',
    vm: 'minievm',
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
 * built-in network's name (it would silently redirect "Initia Mainnet"); indexer and router URLs are https, or http
 * for this computer or a private network.
 */
export function readProfiles(userValue: unknown): ProfilesRead {
  const problems: string[] = [];
  const byName = new Map<string, NetworkProfile>(BUILT_IN_NETWORKS.map((p) => [p.name, p]));
  const names = new Set<string>();
  const list = Array.isArray(userValue) ? userValue : [];
  list.forEach((raw: unknown, i) => {
    const p = raw as Partial<Record<keyof NetworkProfile, unknown>> | null;
    const label = typeof p?.name === 'string' && p.name.trim() ? `"${p.name.trim()}"` : `#${i + 1}`;
    if (!p || typeof p !== 'object') return problems.push(`initia.networks ${label}: not an object.`);
    if (typeof p.name !== 'string' || !p.name.trim()) return problems.push(`initia.networks ${label}: "name" is required.`);
    if (BUILT_IN_NETWORKS.some((b) => b.name.toLowerCase() === p.name!.toString().trim().toLowerCase())) {
      return problems.push(`initia.networks ${label}: "${String(p.name).trim()}" is the name of a built-in network; give your profile another name.`);
    }
    if (names.has(p.name.trim().toLowerCase())) return problems.push(`initia.networks ${label}: another profile already has this name.`);
    names.add(p.name.trim().toLowerCase());
    const urls: Partial<Record<'indexerUrl' | 'routerUrl' | 'explorerUrl', string>> = {};
    for (const field of ['indexerUrl', 'routerUrl', 'explorerUrl'] as const) {
      const v = p[field];
      if (v === undefined || v === null || v === '') continue;
      const parsed = field === 'explorerUrl' ? parsePageUrl(String(v)) : parseServiceUrl(String(v));
      if (!parsed.ok) return problems.push(`initia.networks ${label}: ${field}: ${parsed.error}`);
      urls[field] = parsed.value;
    }
    if (!urls.indexerUrl) return problems.push(`initia.networks ${label}: "indexerUrl" is required.`);
    let vm: NetworkVm | undefined;
    if (p.vm !== undefined && p.vm !== null && p.vm !== '') {
      if (!(NETWORK_VMS as readonly unknown[]).includes(p.vm)) return problems.push(`initia.networks ${label}: vm: "${String(p.vm)}" is not one of ${NETWORK_VMS.join(', ')}.`);
      vm = p.vm as NetworkVm;
    }
    byName.set(p.name.trim(), {
      name: p.name.trim(),
      chainId: typeof p.chainId === 'string' && p.chainId.trim() ? p.chainId.trim() : undefined,
      indexerUrl: urls.indexerUrl,
      routerUrl: urls.routerUrl,
      explorerUrl: urls.explorerUrl,
      ...(vm ? { vm } : {}),
      builtIn: false,
    });
    return undefined;
  });
  return { profiles: [...byName.values()], problems };
}

/** Links into the network's block explorer, when it has one. */
export function explorerLink(network: NetworkProfile, kind: 'tx' | 'block' | 'account', id: string): string | undefined {
  if (!network.explorerUrl) return undefined;
  const path = kind === 'tx' ? 'txs' : kind === 'block' ? 'blocks' : 'accounts';
  return `${network.explorerUrl}/${path}/${encodeURIComponent(id)}`;
}

/** The origins of a profile's services that are plain http (not encrypted), for a warning. */
export function unencryptedOrigins(network: Pick<NetworkProfile, 'indexerUrl' | 'routerUrl'>): string[] {
  return [network.indexerUrl, network.routerUrl].filter((u): u is string => !!u && u.startsWith('http:')).map((u) => new URL(u).origin);
}
