/**
 * A rollup on this machine, as `weave rollup launch` runs it (REST `:1317`, RPC `:26657`, JSON-RPC `:8545` on EVM
 * rollups) and `weave rollup indexer start` adds its indexer (rollytics' API on `:6767`): found by asking loopback
 * only, at the ports the user set, when the network picker opens, and never from files (`~/.weave` and `~/.minitia`
 * hold keys; they are never read). Each probe is one request that either answers or fails; they run side by side.
 * Pure: the requests are the caller's (core/chain/client.ts and the indexer client on a direct loopback transport).
 */
import type { NetworkVm } from './capabilities';
import type { NodeInfoResponse } from './chain/schemas';

export interface LocalPorts {
  indexer: number;
  rest: number;
  rpc: number;
  jsonRpc: number;
}

/** weave's defaults. */
export const DEFAULT_LOCAL_PORTS: LocalPorts = { indexer: 6767, rest: 1317, rpc: 26657, jsonRpc: 8545 };
/** Only loopback is ever probed. */
const LOCAL_HOST = '127.0.0.1';
/** The command that starts a local rollup's indexer. */
export const INDEXER_START_COMMAND = 'weave rollup indexer start';

const localUrl = (port: number): string => `http://${LOCAL_HOST}:${port}`;

/** Ports as a setting holds them: whole numbers 1–65535, each falling back to weave's default. */
export function localPorts(raw: unknown): LocalPorts {
  const given = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const port = (key: keyof LocalPorts) => {
    const v = given[key];
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : Number.NaN;
    return Number.isInteger(n) && n >= 1 && n <= 65535 ? n : DEFAULT_LOCAL_PORTS[key];
  };
  return { indexer: port('indexer'), rest: port('rest'), rpc: port('rpc'), jsonRpc: port('jsonRpc') };
}

interface LocalProbe {
  ports: LocalPorts;
  indexer?: { chainId: string; height: number };
  rest?: { chainId: string; vm?: NetworkVm; app?: string };
  rpc?: { chainId: string; height: number };
  jsonRpc?: { evmChainId: string };
}

export interface ProbeDeps {
  indexerStatus(url: string, signal: AbortSignal): Promise<{ chain_id?: string; height: number | string }>;
  nodeInfo(restUrl: string, signal: AbortSignal): Promise<NodeInfoResponse>;
  rpcStatus(rpcUrl: string, signal: AbortSignal): Promise<{ chainId: string; height: number }>;
  evmChainId(jsonRpcUrl: string, signal: AbortSignal): Promise<string>;
}

/** Asks the four services at once; what fails (nothing listening, a timeout, another service) is left out. */
export async function probeLocalRollup(ports: LocalPorts, deps: ProbeDeps, signal: AbortSignal): Promise<LocalProbe> {
  const quiet = <T>(p: Promise<T>): Promise<T | undefined> => p.catch(() => undefined);
  const [status, info, rpc, evm] = await Promise.all([
    quiet(deps.indexerStatus(localUrl(ports.indexer), signal)),
    quiet(deps.nodeInfo(localUrl(ports.rest), signal)),
    quiet(deps.rpcStatus(localUrl(ports.rpc), signal)),
    quiet(deps.evmChainId(localUrl(ports.jsonRpc), signal)),
  ]);
  const probe: LocalProbe = { ports };
  const indexed = Number(status?.height);
  if (status && Number.isFinite(indexed)) probe.indexer = { chainId: status.chain_id ?? '', height: indexed };
  if (info)
    probe.rest = {
      chainId: info.default_node_info.network,
      vm: vmOf(info),
      app: info.application_version?.app_name ?? info.application_version?.name,
    };
  if (rpc && Number.isFinite(rpc.height)) probe.rpc = rpc;
  if (evm) probe.jsonRpc = { evmChainId: evm };
  return probe;
}

/** The rollup's VM from the node's build dependencies (`github.com/initia-labs/minievm`, …) or app name. */
function vmOf(info: NodeInfoResponse): NetworkVm | undefined {
  const app = info.application_version;
  const deps = (app?.build_deps ?? []).map((d) => d.path ?? '');
  for (const vm of ['minievm', 'minimove', 'miniwasm'] as const) {
    if (deps.some((p) => p === `github.com/initia-labs/${vm}` || p.startsWith(`github.com/initia-labs/${vm}/`)))
      return vm;
    if (app?.app_name === vm || app?.name === vm) return vm;
  }
  return undefined;
}

/** What the picker offers for a probe, or undefined when nothing answered. */
export interface LocalOffer {
  chainId: string;
  vm?: NetworkVm;
  /** "Local rollup (<chain id>, <VM>)". */
  label: string;
  /** What answered, with its port: ["indexer :6767", "REST :1317", …]. */
  answered: string[];
  /** The indexer does not answer but the node does: it cannot be browsed until `weave rollup indexer start`. */
  missingIndexer: boolean;
  /** The indexer answers for another chain than the node's. */
  otherChainIndexer?: string;
  /** The profile to write when chosen (only when the indexer answers). */
  profile?: {
    name: string;
    chainId: string;
    indexerUrl: string;
    restUrl?: string;
    jsonRpcUrl?: string;
    vm?: NetworkVm;
  };
  indexerHeight?: number;
  nodeHeight?: number;
  /** How many blocks the indexer is behind the node, when both heights are known. */
  lag?: number;
}

const LOCAL_PROFILE_PREFIX = 'Local rollup';

export function localOffer(probe: LocalProbe): LocalOffer | undefined {
  const { ports } = probe;
  const answered: string[] = [];
  if (probe.indexer) answered.push(`indexer :${ports.indexer}`);
  if (probe.rest) answered.push(`REST :${ports.rest}`);
  if (probe.rpc) answered.push(`RPC :${ports.rpc}`);
  if (probe.jsonRpc) answered.push(`JSON-RPC :${ports.jsonRpc}`);
  if (answered.length === 0) return undefined;
  const nodeChain = probe.rest?.chainId || probe.rpc?.chainId;
  const chainId = nodeChain || probe.indexer?.chainId || '';
  const vm = probe.rest?.vm ?? (probe.jsonRpc ? 'minievm' : undefined);
  const label = `${LOCAL_PROFILE_PREFIX} (${[chainId || 'unknown chain', vm].filter(Boolean).join(', ')})`;
  const node = !!(probe.rest || probe.rpc || probe.jsonRpc);
  const offer: LocalOffer = { chainId, vm, label, answered, missingIndexer: node && !probe.indexer };
  if (probe.indexer && nodeChain && probe.indexer.chainId && probe.indexer.chainId !== nodeChain)
    offer.otherChainIndexer = probe.indexer.chainId;
  if (probe.indexer) {
    offer.profile = {
      name: chainId ? `${LOCAL_PROFILE_PREFIX} ${chainId}` : LOCAL_PROFILE_PREFIX,
      chainId,
      indexerUrl: localUrl(ports.indexer),
      ...(probe.rest ? { restUrl: localUrl(ports.rest) } : {}),
      ...(probe.jsonRpc ? { jsonRpcUrl: localUrl(ports.jsonRpc) } : {}),
      ...(vm ? { vm } : {}),
    };
    if (!chainId) delete (offer.profile as { chainId?: string }).chainId;
    offer.indexerHeight = probe.indexer.height;
  }
  offer.nodeHeight = probe.rpc?.height;
  offer.lag = indexerLag(offer.indexerHeight, offer.nodeHeight);
  return offer;
}

/** Blocks the indexer is behind the node (0 when level or ahead), or undefined when either height is unknown. */
export function indexerLag(indexerHeight: number | undefined, nodeHeight: number | undefined): number | undefined {
  if (
    indexerHeight === undefined ||
    nodeHeight === undefined ||
    !Number.isFinite(indexerHeight) ||
    !Number.isFinite(nodeHeight)
  )
    return undefined;
  return Math.max(0, nodeHeight - indexerHeight);
}

/** Whether a service URL is on this computer (127.0.0.0/8, localhost, ::1): a local rollup's. */
export function isLoopbackUrl(url: string): boolean {
  try {
    const h = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
    return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
  } catch {
    return false;
  }
}
