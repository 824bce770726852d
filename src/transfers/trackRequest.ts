/**
 * What the bridge panel asks the tracker to follow for a broadcast tx: the route's summary (with the assets' symbols
 * and decimals as the router lists them, so that amounts are shown in whole units later), and for a lossless OP
 * withdrawal (InterwovenKit's test: the route starts with `op_init_transfer` and ends in `uinit`) what follows it
 * without the router: the finalization period (the route's estimate), the rollup's executor (its profile's or the
 * registry's `executor_uri`) and the L1 address it goes to.
 */
import type { Route } from '../core/router/schemas';
import { isOpWithdrawalRoute } from '../core/router/opWithdrawal';
import type { TrackRequest } from './tracker';
import type { Services } from '../platform/services';

/** The OP bridge's finalization period when the route does not say (7 days, Initia's mainnet rollups). */
const DEFAULT_FINALIZATION_SECONDS = 7 * 24 * 3600;

interface TrackInput {
  txHash: string;
  chainId: string;
  route: Route | undefined;
  routerUrl: string;
  network: string;
  /** The address the route ends at (the last one used for its messages). */
  receiver?: string;
  /** What the router lists of an asset (symbol, decimals), without a request. */
  asset(chainId: string, denom: string): { symbol?: string | null; decimals?: number | null } | undefined;
}

/**
 * Why a hash said to be broadcast on `chainId` cannot be the transfer of `route` (whose messages are signed and
 * broadcast on its source chain), in words; undefined when it can.
 */
export function trackChainProblem(
  route: Pick<Route, 'source_asset_chain_id'> | undefined,
  chainId: string,
): string | undefined {
  if (!route || route.source_asset_chain_id === chainId) return undefined;
  if (chainId === '')
    return `Say the chain the transaction was broadcast on: this route's messages are broadcast on ${route.source_asset_chain_id}.`;
  return `This route's messages are broadcast on ${route.source_asset_chain_id}, not on ${chainId}: a transaction on ${chainId} is not this transfer. Paste the hash of the transaction you broadcast on ${route.source_asset_chain_id}, or start a new transfer for the other chain.`;
}

export async function trackRequest(input: TrackInput, services: Pick<Services, 'chainFacts'>): Promise<TrackRequest> {
  const { route } = input;
  const req: TrackRequest = {
    txHash: input.txHash,
    chainId: input.chainId,
    routerUrl: input.routerUrl,
    network: input.network,
  };
  if (!route) return req;
  const source = input.asset(route.source_asset_chain_id, route.source_asset_denom);
  const dest = input.asset(route.dest_asset_chain_id, route.dest_asset_denom);
  const decimals = (d: number | null | undefined) =>
    typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= 36 ? d : undefined;
  req.estimatedSeconds = route.estimated_route_duration_seconds ?? undefined;
  req.summary = {
    sourceChainId: route.source_asset_chain_id,
    destChainId: route.dest_asset_chain_id,
    amountIn: String(route.amount_in),
    sourceDenom: route.source_asset_denom,
    amountOut: String(route.estimated_amount_out ?? route.amount_out),
    destDenom: route.dest_asset_denom,
    hops: route.operations.length,
    ...(source?.symbol ? { sourceSymbol: source.symbol } : {}),
    ...(decimals(source?.decimals) !== undefined ? { sourceDecimals: decimals(source?.decimals) } : {}),
    ...(dest?.symbol ? { destSymbol: dest.symbol } : {}),
    ...(decimals(dest?.decimals) !== undefined ? { destDecimals: decimals(dest?.decimals) } : {}),
  };
  if (isOpWithdrawalRoute(route as unknown as Parameters<typeof isOpWithdrawalRoute>[0])) {
    const facts = await services.chainFacts(route.source_asset_chain_id);
    const seconds = route.estimated_route_duration_seconds;
    req.opWithdrawal = {
      finalizationSeconds: typeof seconds === 'number' && seconds > 0 ? seconds : DEFAULT_FINALIZATION_SECONDS,
      ...(facts.executorUrl ? { executorUrl: facts.executorUrl } : {}),
      ...(input.receiver ? { receiver: input.receiver } : {}),
    };
  }
  return req;
}
