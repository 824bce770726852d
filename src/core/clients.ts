/** The API clients with the HTTP layer's defaults: what platform/services.ts, the tests and the bench create. */
import { DEFAULT_HTTP_OPTIONS, HttpClient, type HttpOptions } from './http';
import { IndexerClient } from './indexer/client';
import { RouterClient } from './router/client';
import { JSON_RPC_SERVICE, JsonRpcClient } from './evm/jsonRpc';
import { ChainClient, type ChainEndpoints } from './chain/client';
import { MoveClient } from './move/client';

export type ClientOptions = Partial<Omit<HttpOptions, 'service'>>;

export function createIndexerClient(baseUrl: string, options: ClientOptions = {}): IndexerClient {
  return new IndexerClient(baseUrl, new HttpClient({ ...DEFAULT_HTTP_OPTIONS, ...options, service: 'indexer' }));
}

export function createRouterClient(baseUrl: string, options: ClientOptions = {}): RouterClient {
  return new RouterClient(baseUrl, new HttpClient({ ...DEFAULT_HTTP_OPTIONS, ...options, service: 'router' }));
}

/** The HTTP client for the chain registry's `chains.json` (core/registry.ts `fetchRegistry`). */
export function createRegistryHttp(_baseUrl: string, options: ClientOptions = {}): HttpClient {
  return new HttpClient({ ...DEFAULT_HTTP_OPTIONS, ...options, service: 'registry' });
}

/**
 * The client of a chain's own node: its REST, JSON-RPC and (the local probe) RPC endpoints, from the user's profiles
 * or the registry (core/chain/client.ts). The one client of those APIs: the watch, the address hover, the status bar's
 * lag, the local rollup probe and the bridge check's decimals from the chain all ask through it.
 */
export function createChainClient(endpoints: ChainEndpoints, options: ClientOptions = {}): ChainClient {
  return new ChainClient(endpoints, new HttpClient({ ...DEFAULT_HTTP_OPTIONS, ...options, service: 'node' }));
}

/** The HTTP client for a rollup's OPinit executor API (core/router/opWithdrawal.ts `findExecutorWithdrawal`). */
export function createExecutorHttp(_baseUrl: string, options: ClientOptions = {}): HttpClient {
  return new HttpClient({ ...DEFAULT_HTTP_OPTIONS, ...options, service: 'executor' });
}

/** The EVM JSON-RPC client of a network's `jsonRpcUrl` (call traces, code, read-only calls). */
export function createJsonRpcClient(url: string, options: ClientOptions = {}): JsonRpcClient {
  return new JsonRpcClient(url, new HttpClient({ ...DEFAULT_HTTP_OPTIONS, ...options, service: JSON_RPC_SERVICE }));
}

/** The Move REST client of a network's `restUrl` (modules and their ABIs, kept; view calls; resources; tables). */
export function createMoveClient(restUrl: string, options: ClientOptions = {}): MoveClient {
  return new MoveClient(restUrl, new HttpClient({ ...DEFAULT_HTTP_OPTIONS, ...options, service: 'node' }));
}
