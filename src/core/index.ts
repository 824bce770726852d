/**
 * Entry of the lazily loaded core bundle (dist/core.js): undici, the zod schemas and the API clients. The activation
 * bundle requires it on first use only, through src/lazy.ts.
 */
import { DEFAULT_HTTP_OPTIONS, HttpClient, type HttpOptions } from './http';
import { IndexerClient } from './indexer/client';
import { RouterClient } from './router/client';

export * from './errors';
export { HttpClient, DEFAULT_HTTP_OPTIONS } from './http';
export type { HttpOptions, HttpLogEntry } from './http';
export { IndexerClient } from './indexer/client';
export * as schemas from './indexer/schemas';
export { pageInfo, PageTrail, clampLimit, MAX_LIMIT, DEFAULT_LIMIT } from './indexer/paging';
export type { PageRequest, PageInfo } from './indexer/paging';

export function createIndexerClient(baseUrl: string, options: Partial<Omit<HttpOptions, 'service'>> = {}): IndexerClient {
  const http = new HttpClient({ ...DEFAULT_HTTP_OPTIONS, ...options, service: 'indexer' });
  return new IndexerClient(baseUrl, http);
}
export { LRUCache } from 'lru-cache';
export { RouterClient, normaliseTxHash } from './router/client';
export type { RouteInput, MsgsInput } from './router/client';
export * as routerSchemas from './router/schemas';
export { transferView, isTerminalState, outcomeOf, describeState, hopOutcome } from './router/transfer';
export type { TransferView, HopView, HopTx, Outcome, HopOutcome } from './router/transfer';
export { StatusPoller, systemClock } from './router/poller';
export type { PollEvent, PollerOptions, Clock } from './router/poller';

export function createRouterClient(baseUrl: string, options: Partial<Omit<HttpOptions, 'service'>> = {}): RouterClient {
  const http = new HttpClient({ ...DEFAULT_HTTP_OPTIONS, ...options, service: 'router' });
  return new RouterClient(baseUrl, http);
}
export { routerErrorInfo, parseAddressForChain, msgsRequest, isEvmChainId, KNOWN_ADDRESS_PREFIXES } from './router/client';
export type { RouterErrorInfo, StatusOptions, RouterClientOptions } from './router/client';
export { TERMINAL_STATES, isFailingState, describeHopState, bridgeLabel, hopView, summarize, routeSteps } from './router/transfer';
export type { RouteStep } from './router/transfer';
export { ManualClock, scaledClock, scheduleDelay, DEFAULT_SCHEDULE } from './router/poller';
export type { Schedule, StatusFetcher } from './router/poller';
