/** The API clients with the HTTP layer's defaults: what platform/services.ts, the tests and the bench create. */
import { DEFAULT_HTTP_OPTIONS, HttpClient, type HttpOptions } from './http';
import { IndexerClient } from './indexer/client';
import { RouterClient } from './router/client';
import { NodeClient, type NodeEndpoints } from './node/client';

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

/** The HTTP client of a node's REST, JSON-RPC and RPC endpoints (core/node/client.ts). */
export function createNodeClient(endpoints: NodeEndpoints, options: ClientOptions = {}): NodeClient {
  return new NodeClient(endpoints, new HttpClient({ ...DEFAULT_HTTP_OPTIONS, ...options, service: 'node' }));
}
