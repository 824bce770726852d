/** The API clients with the HTTP layer's defaults: what platform/services.ts, the tests and the bench create. */
import { DEFAULT_HTTP_OPTIONS, HttpClient, type HttpOptions } from './http';
import { IndexerClient } from './indexer/client';
import { RouterClient } from './router/client';
import { JSON_RPC_SERVICE, JsonRpcClient } from './evm/jsonRpc';

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

/** The HTTP client for a chain's own REST or JSON-RPC API (the user's profile URLs): asset decimals the router does not vouch for. */
export function createChainHttp(_baseUrl: string, options: ClientOptions = {}): HttpClient {
  return new HttpClient({ ...DEFAULT_HTTP_OPTIONS, ...options, service: 'chain' });
}

/** The HTTP client for a rollup's OPinit executor API (core/router/opWithdrawal.ts `findExecutorWithdrawal`). */
export function createExecutorHttp(_baseUrl: string, options: ClientOptions = {}): HttpClient {
  return new HttpClient({ ...DEFAULT_HTTP_OPTIONS, ...options, service: 'executor' });
}

/** The EVM JSON-RPC client of a network's `jsonRpcUrl` (call traces, code, read-only calls). */
export function createJsonRpcClient(url: string, options: ClientOptions = {}): JsonRpcClient {
  return new JsonRpcClient(url, new HttpClient({ ...DEFAULT_HTTP_OPTIONS, ...options, service: JSON_RPC_SERVICE }));
}
