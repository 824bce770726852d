/**
 * What a network's indexer can answer beyond the routes every rollytics serves: the EVM routes (`/evm-txs…`,
 * `/evm-internal-txs…`) exist only on MiniEVM rollups (elsewhere they answer 404 "evm routes are not available on
 * this chain"), and internal EVM transactions only where their indexing is on, which `/status` says by carrying
 * `internal_tx_height` (omitted when 0). Pure: the platform reads /status and caches the answer per network.
 */

export type NetworkVm = 'minievm' | 'minimove' | 'miniwasm' | 'l1';
export const NETWORK_VMS: readonly NetworkVm[] = ['minievm', 'minimove', 'miniwasm', 'l1'];

export interface NetworkCapabilities {
  /** The EVM routes answer (EVM transactions by hash, account and height; internal transactions). */
  evm: boolean;
  /** Internal EVM transactions are indexed (`/status` has `internal_tx_height`). */
  evmInternalTxs: boolean;
  /** Why something is missing, as a sentence to show instead of an error. */
  reason?: string;
}

/** The sentence shown where an EVM list or lookup is asked of a network without the EVM routes. */
export const NO_EVM_INDEX = 'this network has no EVM index';
/** The sentence shown where internal EVM transactions are asked of a network that does not index them. */
export const NO_INTERNAL_TX_INDEX = 'this network does not index internal EVM transactions';

/** `/status`'s `internal_tx_height`: present (and not 0) when internal EVM transactions are indexed. */
function hasInternalTxs(status: { internal_tx_height?: unknown } | undefined): boolean {
  const h = status?.internal_tx_height;
  if (typeof h === 'number') return Number.isFinite(h) && h > 0;
  if (typeof h === 'string') return /^\d+$/.test(h) && !/^0+$/.test(h);
  return false;
}

/**
 * EVM when the profile says `minievm`, or (the profile silent) when `/status` has `internal_tx_height`; internal
 * transactions only when `/status` has it (and the network is EVM). A profile naming another VM has no EVM whatever
 * `/status` says. Without a `/status` answer, a silent profile counts as not EVM.
 */
export function networkCapabilities(
  profile: { vm?: NetworkVm },
  status?: { internal_tx_height?: unknown } & Record<string, unknown>,
): NetworkCapabilities {
  const internal = hasInternalTxs(status);
  const evm = profile.vm ? profile.vm === 'minievm' : internal;
  if (!evm) return { evm: false, evmInternalTxs: false, reason: NO_EVM_INDEX };
  if (!internal) return { evm: true, evmInternalTxs: false, reason: NO_INTERNAL_TX_INDEX };
  return { evm: true, evmInternalTxs: true };
}

/** A thing a lookup needs of the network (see `queries.ts`). */
export type Capability = 'evm' | 'evmInternalTxs';

/** Asked of the network for a lookup that needs `what`; resolves at most one /status per network. */
export type CapabilitySource = (what: Capability, signal?: AbortSignal) => Promise<NetworkCapabilities>;

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
  return !!e && e.status === 404 && typeof e.serverMessage === 'string' && /evm routes are not available/i.test(e.serverMessage);
}
