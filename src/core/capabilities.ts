/**
 * What a network's indexer can answer beyond the routes every rollytics serves: the EVM routes (`/evm-txs…`) exist
 * only on MiniEVM rollups, the internal-transaction routes (`/evm-internal-txs…`) only where their indexing is on
 * as well (rollytics api/handler/tx/handler.go); elsewhere both answer 404 "evm routes are not available on this
 * chain". Decided from the chain's VM (the profile's `vm`, else the registry's entry for the profile's chain id or
 * for /status's `chain_id`) and from what the routes themselves answered, never from whether /status carries
 * `internal_tx_height`: that field is `omitempty` (util/common-handler/status/types.go), absent while nothing has
 * been indexed yet on a new or lagging EVM rollup. Its presence does prove the internal routes. Pure: the platform
 * gathers the facts (services.ts) and caches them per network.
 */

export type NetworkVm = 'minievm' | 'minimove' | 'miniwasm' | 'l1';
export const NETWORK_VMS: readonly NetworkVm[] = ['minievm', 'minimove', 'miniwasm', 'l1'];

export interface NetworkCapabilities {
  /** The EVM routes answer (EVM transactions by hash, account and height; internal transactions). */
  evm: boolean;
  /** The internal EVM transaction routes answer. */
  evmInternalTxs: boolean;
  /** Why something is missing, as a sentence to show instead of an error. */
  reason?: string;
}

/** What is known of a network's indexer. */
export interface CapabilityFacts {
  /** The chain's VM (the profile's, else the registry's). */
  vm?: NetworkVm;
  /** What the EVM routes answered: false after their 404 "evm routes are not available", true after an answer. */
  evmRoutes?: boolean;
  /** What the internal-transaction routes answered, likewise. */
  internalRoutes?: boolean;
  /** /status as read. */
  status?: { internal_tx_height?: unknown } & Record<string, unknown>;
}

/** The sentence shown where an EVM list or lookup is asked of a network without the EVM routes. */
export const NO_EVM_INDEX = 'this network has no EVM index';
/** The sentence shown where internal EVM transactions are asked of a network that does not index them. */
export const NO_INTERNAL_TX_INDEX = 'this network does not index internal EVM transactions';

/** `/status`'s `internal_tx_height`: present (and not 0) once internal EVM transactions have been indexed. */
function hasInternalTxs(status: ({ internal_tx_height?: unknown } & Record<string, unknown>) | undefined): boolean {
  const h = status?.internal_tx_height;
  if (typeof h === 'number') return Number.isFinite(h) && h > 0;
  if (typeof h === 'string') return /^\d+$/.test(h) && !/^0+$/.test(h);
  return false;
}

/** Whether the EVM routes exist, when the facts say: the routes' own answer, else the VM, else /status's proof. */
export function evmKnown(facts: CapabilityFacts): boolean | undefined {
  if (facts.evmRoutes !== undefined) return facts.evmRoutes;
  if (facts.internalRoutes === true) return true;
  if (facts.vm) return facts.vm === 'minievm';
  return hasInternalTxs(facts.status) ? true : undefined;
}

/**
 * The capabilities from the facts. EVM as `evmKnown` says; when nothing says (a profile without `vm` on a chain the
 * registry does not know, whose routes were not asked yet) the routes are to be tried: EVM, their 404 decides. The
 * internal routes are taken to answer on an EVM network until they say otherwise.
 */
export function networkCapabilities(facts: CapabilityFacts): NetworkCapabilities {
  const evm = evmKnown(facts) ?? true;
  if (!evm) return { evm: false, evmInternalTxs: false, reason: NO_EVM_INDEX };
  if (facts.internalRoutes === false) return { evm: true, evmInternalTxs: false, reason: NO_INTERNAL_TX_INDEX };
  return { evm: true, evmInternalTxs: true };
}

/** A thing a lookup needs of the network (see `queries.ts`). */
export type Capability = 'evm' | 'evmInternalTxs';

/**
 * Asked of the network for a lookup that needs `what`; resolves at most one /status per network. `noteRoute` is told
 * what a route answered (false: its 404 "evm routes are not available"), which decides from then on.
 */
export type CapabilitySource = ((what: Capability, signal?: AbortSignal) => Promise<NetworkCapabilities>) & {
  noteRoute?: (what: Capability, available: boolean) => void;
};

/** A lookup the network cannot answer, with the sentence that says so (shown as information, not as an error). */
export class UnavailableError extends Error {
  readonly kind = 'unavailable';
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UnavailableError';
  }
}

export function isUnavailable(err: unknown): err is UnavailableError {
  return err instanceof UnavailableError;
}

/** The indexer's own 404 for an EVM route on a chain without them: the same sentence as a known capability. */
export function isEvmRouteMissing(err: unknown): boolean {
  const e = err as { status?: unknown; serverMessage?: unknown } | null;
  return (
    !!e &&
    e.status === 404 &&
    typeof e.serverMessage === 'string' &&
    /evm routes are not available/i.test(e.serverMessage)
  );
}
