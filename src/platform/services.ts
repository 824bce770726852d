/**
 * The features' shared services: the log, the settings, the network profiles, and one API client per endpoint and
 * HTTP settings (documents stay bound to the network they were opened on), replaced when those settings change.
 */
import vscode = require('vscode');
import * as tls from 'node:tls';
import {
  createChainClient,
  createExecutorHttp,
  createIndexerClient,
  createJsonRpcClient,
  createMoveClient,
  createRegistryHttp,
  createRouterClient,
  type ClientOptions,
} from '../core/clients';
import type { FetchFunction, Transport } from '../core/transport';
import { chooseTransport, nodeCaCertificates } from '../core/transportChoice';
import { stepTimeoutMs, type HttpClient, type HttpLogEntry } from '../core/http';
import type { IndexerClient } from '../core/indexer/client';
import type { RouterClient } from '../core/router/client';
import type { JsonRpcClient } from '../core/evm/jsonRpc';
import type { MoveClient } from '../core/move/client';
import type { WasmClient } from '../core/wasm/client';
import type { ChainClient, ChainEndpoints } from '../core/chain/client';
import type { AddressNames } from '../core/names';
import type { NetworkProfile } from '../core/networks';
import { chainVm, registryExecutor, type RegistryChain } from '../core/registry';
import { RouterCatalog } from '../core/router/routerLists';
import { normaliseDenom } from '../core/router/denoms';
import { CapabilityServices } from './capabilityBook';
import { markOnce } from '../core/marks';
import { Networks } from './networks';
import { Registry } from './registry';
import type { Settings } from './settings';

/** What the services are made with besides the settings and the log. */
export interface ServicesOptions<N extends AddressNames> {
  /** The extension's version (the requests' user agent). */
  version: string;
  /** Where the registry's answer is kept, and the snapshot bundled with the extension. */
  registry: { storageDir: string; snapshotPath: string };
  /** The names of the workspace's deployments, made over these services (a node's EVM chain id). */
  names: (services: Services) => N;
}

export class Services<N extends AddressNames = AddressNames> extends CapabilityServices implements vscode.Disposable {
  readonly networks: Networks;
  private readonly clients = new Map<string, IndexerClient>();
  private readonly routers = new Map<string, RouterClient>();
  private readonly registries = new Map<string, HttpClient>();
  private readonly rpcs = new Map<string, JsonRpcClient>();
  private readonly moves = new Map<string, MoveClient>();
  private readonly wasms = new Map<string, WasmClient>();
  private readonly chains = new Map<string, ChainClient>();
  private readonly executors = new Map<string, HttpClient>();
  /** The chain registry (read when the network picker opens or the bridge checks a route; kept a day). */
  readonly chainRegistry: Registry;
  /** The names the workspace's deployments give addresses. */
  readonly names: N;
  private readonly disposables: vscode.Disposable[] = [];
  /** How requests travel, shared by every client; made on the first request, again after a network setting changed. */
  private shared: Transport | undefined;
  /** Origins whose route has been logged since the transport was made. */
  private readonly routed = new Set<string>();
  private readonly heights = new vscode.EventEmitter<{ network: string; height: number }>();
  /** A view saw the chain's latest height (the status bar shows it without asking again). */
  readonly onDidSeeHeight = this.heights.event;

  private readonly version: string;

  constructor(
    readonly settings: Settings,
    readonly log: vscode.LogOutputChannel,
    options: ServicesOptions<N>,
  ) {
    super();
    this.version = options.version;
    this.networks = new Networks(settings);
    this.chainRegistry = new Registry(this, options.registry.storageDir, options.registry.snapshotPath);
    this.names = options.names(this);
    this.disposables.push(
      this.heights,
      this.networks,
      this.chainRegistry,
      settings.onChange(['maxResponseBytes'], () => this.reset()),
      // The transport's connect timeout follows requestTimeoutMs: a new value makes a new transport too.
      settings.onChange(['requestTimeoutMs'], () => {
        this.reset();
        this.dropTransport();
      }),
      settings.onNetworkChange(() => {
        this.reset();
        this.dropTransport();
      }),
      this.networks.onDidChange((n) => {
        this.log.info(`Active network: ${n.name} (${n.indexerUrl})`);
        this.reset(false); // router clients serve tracked transfers of any network: they stay
      }),
    );
  }

  /** Tells whoever shows the chain's height that a view has just seen this one. */
  reportHeight(network: NetworkProfile, height: number): void {
    if (Number.isSafeInteger(height) && height > 0) this.heights.fire({ network: network.name, height });
  }

  private readonly catalogs = new Map<string, RouterCatalog>();

  /** A router's lists (chains, assets, balances), the one cache of them, through the client kept for its URL. */
  catalog(routerUrl: string, networkName = 'router'): RouterCatalog {
    const client = this.router(routerUrl, networkName);
    let catalog = this.catalogs.get(routerUrl);
    if (!catalog || catalog.client !== client) {
      catalog = new RouterCatalog(client);
      this.catalogs.set(routerUrl, catalog);
    }
    return catalog;
  }

  /**
   * What the router says of a denom of the network's own chain (its symbol and decimals, for whole units), from its
   * asset list for that chain (the router's lists, kept 5 minutes); undefined when the network has no router or chain
   * id, or the router does not list the denom. An ERC-20 matches as its 0x address whatever its case, and as `evm/0x…`.
   */
  async assetOf(network: NetworkProfile, denom: string): Promise<{ symbol?: string; decimals?: number } | undefined> {
    if (!network.routerUrl || !network.chainId) return undefined;
    const list = await this.catalog(network.routerUrl, network.name).rawAssets(network.chainId);
    const norm = (d: string) => {
      const bare = d.replace(/^evm\//, '');
      return /^0x[0-9a-fA-F]{40}$/.test(bare) ? normaliseDenom(bare) : d;
    };
    const want = norm(denom);
    const asset = list.find((a) => !!a.denom && norm(a.denom) === want);
    if (!asset) return undefined;
    return {
      symbol: asset.symbol ?? undefined,
      decimals: typeof asset.decimals === 'number' ? asset.decimals : undefined,
    };
  }

  get network(): NetworkProfile {
    return this.networks.active();
  }

  /** The indexer client of a network (the active one by default). */
  indexer(network: NetworkProfile = this.network): IndexerClient {
    return this.client(this.clients, network.indexerUrl, network.name, createIndexerClient);
  }

  /** The router client for a router URL (a network's `routerUrl`). */
  router(routerUrl: string, networkName = 'router'): RouterClient {
    return this.client(this.routers, routerUrl, networkName, createRouterClient);
  }

  /**
   * The client of a chain's own node (its profile's REST and JSON-RPC endpoints, the user's or the registry's), or
   * undefined when the profile names neither: the one client of those APIs (the watch, the address hover, the status
   * bar's lag, the bridge check's decimals). One per endpoints and HTTP settings; kept across a switch of the active
   * network (a watch or a bridge panel may be asking another network's node), dropped when a network setting changes.
   */
  chain(network: Pick<NetworkProfile, 'name' | 'restUrl' | 'jsonRpcUrl'> = this.network): ChainClient | undefined {
    const { restUrl, jsonRpcUrl } = network;
    const first = restUrl ?? jsonRpcUrl;
    if (!first) return undefined;
    const http = this.httpSettings();
    const key = JSON.stringify([restUrl, jsonRpcUrl, http.timeoutMs, http.maxBytes]);
    let client = this.chains.get(key);
    if (!client) {
      if (restUrl && jsonRpcUrl) this.transport(jsonRpcUrl); // logged once per origin
      client = createChainClient(
        { restUrl, jsonRpcUrl },
        { ...http, transport: this.transport(first), log: (e) => this.logRequest(network.name, e) },
      );
      this.chains.set(key, client);
    }
    return client;
  }

  /** The HTTP client for a rollup's OPinit executor API. */
  executor(url: string): HttpClient {
    return this.client(this.executors, url, 'executor', createExecutorHttp);
  }

  /**
   * What is known of a chain by its id, without a request: its VM, OPinit bridge id and executor, from the user's and
   * the built-in profiles first, then from the registry's chains (the last answer, the kept one or the snapshot).
   */
  async chainFacts(chainId: string): Promise<Pick<NetworkProfile, 'vm' | 'opBridgeId' | 'executorUrl'>> {
    const facts: Pick<NetworkProfile, 'vm' | 'opBridgeId' | 'executorUrl'> = {};
    const take = (f: Pick<NetworkProfile, 'vm' | 'opBridgeId' | 'executorUrl'>) => {
      facts.vm ??= f.vm;
      facts.opBridgeId ??= f.opBridgeId;
      facts.executorUrl ??= f.executorUrl;
    };
    for (const p of this.networks.all()) if (p.chainId === chainId) take(p);
    for (const c of await this.registryChains().catch(() => [])) {
      if (c.chain_id !== chainId) continue;
      const id = c.metadata?.op_bridge_id;
      take({
        vm: chainVm(c),
        executorUrl: registryExecutor(c),
        opBridgeId: id !== undefined && /^\d{1,20}$/.test(String(id)) ? String(id) : undefined,
      });
    }
    return facts;
  }

  /** The EVM JSON-RPC client of a network (its profile's `jsonRpcUrl`, from the user's settings or the registry), or
   *  undefined when the profile has none. */
  jsonRpc(network: NetworkProfile = this.network): JsonRpcClient | undefined {
    return network.jsonRpcUrl
      ? this.client(this.rpcs, network.jsonRpcUrl, network.name, createJsonRpcClient)
      : undefined;
  }

  /**
   * The Move REST client of a network (its profile's `restUrl`), or undefined when it has none or its VM runs no Move
   * (an EVM or Wasm rollup). One per URL: the modules it has read stay with it, so an ABI is asked for once.
   */
  move(network: NetworkProfile = this.network): MoveClient | undefined {
    if (!network.restUrl || network.vm === 'minievm' || network.vm === 'miniwasm') return undefined;
    return this.client(this.moves, network.restUrl, network.name, createMoveClient);
  }

  /**
   * The CosmWasm REST client of a network (its profile's `restUrl`), or undefined when it has none or its VM is known
   * to run no CosmWasm (L1, an EVM or a Move rollup). One per URL, with the settings' transport, limits and log, like
   * every client; made by `create` (core/wasm/client.ts `createWasmClient`), which Explain's bundle hands in: the
   * client's code stays in that bundle, out of the features'.
   */
  wasm(network: NetworkProfile, create: (url: string, options: ClientOptions) => WasmClient): WasmClient | undefined {
    if (!network.restUrl || (network.vm && network.vm !== 'miniwasm')) return undefined;
    return this.client(this.wasms, network.restUrl, network.name, create);
  }

  /**
   * The registry's chains known without a request (the last answer, the kept one or the bundled snapshot).
   */
  async registryChains(): Promise<readonly RegistryChain[]> {
    return (await this.chainRegistry.load()).chains;
  }

  /**
   * The registry the user chose, for the bridge's trust anchors: its chains, read again when a day old (at most one
   * request a day), and where they come from in words.
   */
  async registrySource(): Promise<{ chains: readonly RegistryChain[]; where: string }> {
    const state = (await this.chainRegistry.refresh().catch(() => undefined)) ?? (await this.chainRegistry.load());
    const where =
      state.origin === 'snapshot'
        ? 'the registry snapshot shipped with the extension'
        : this.settings.get('registry.urls').join(', ');
    return { chains: state.chains, where };
  }

  /** The HTTP client for a chain registry's `chains.json` (the same transport, proxies and limits as every request). */
  registry(url: string): HttpClient {
    return this.client(this.registries, url, 'registry', createRegistryHttp);
  }

  /** The client of `url` for the current HTTP settings, made on first use; its requests are logged under `networkName`. */
  private client<C>(
    cache: Map<string, C>,
    url: string,
    networkName: string,
    create: (url: string, options: ClientOptions) => C,
  ): C {
    const http = this.httpSettings();
    const key = JSON.stringify([url, http.timeoutMs, http.maxBytes]);
    let client = cache.get(key);
    if (!client) {
      markOnce('client:make');
      client = create(url, { ...http, transport: this.transport(url), log: (e) => this.logRequest(networkName, e) });
      cache.set(key, client);
      markOnce('client:made');
    }
    return client;
  }

  /** The shared transport, saying in the log how requests to `url`'s origin travel (once per origin). */
  /**
   * Clients for the local rollup probe (network/localRollup.ts): loopback URLs only, asked directly with the probe's own
   * short timeout and no retry (a proxy has no business with 127.0.0.1); the caller disposes them.
   */
  loopbackClients(options: ClientOptions): {
    indexer(url: string): IndexerClient;
    chain(endpoints: ChainEndpoints): ChainClient;
  } {
    return {
      indexer: (url) => createIndexerClient(url, options),
      chain: (endpoints) => createChainClient(endpoints, options),
    };
  }

  private transport(url: string): Transport {
    if (!this.shared) {
      const ca = () => nodeCaCertificates(tls as { getCACertificates?: (type: string) => string[] });
      const choice = chooseTransport(this.settings.network(), {
        vscodeFetch: (globalThis as { __vscodePatchedFetch?: FetchFunction }).__vscodePatchedFetch,
        env: process.env,
        ca,
        // VS Code's fetch trusts the bundled and the system certificates, not NODE_EXTRA_CA_CERTS: hand those over.
        fetchCa: process.env.NODE_EXTRA_CA_CERTS ? ca : undefined,
        connectTimeoutMs: stepTimeoutMs(this.settings.get('requestTimeoutMs')),
      });
      this.shared = choice.transport;
      this.routed.clear();
      this.log.info(`Network: ${choice.description}`);
    }
    const origin = new URL(url).origin;
    if (!this.routed.has(origin)) {
      this.routed.add(origin);
      this.log.info(`Network: ${origin} via ${this.shared.name}, ${this.shared.route(origin)}`);
    }
    return this.shared;
  }

  private httpSettings(): { timeoutMs: number; maxBytes: number; userAgent: string } {
    return {
      timeoutMs: this.settings.get('requestTimeoutMs'),
      maxBytes: this.settings.get('maxResponseBytes'),
      userAgent: `initia-explorer-vscode/${this.version}`,
    };
  }

  private logRequest(network: string, e: HttpLogEntry): void {
    const line = `${e.method} ${e.url} → ${e.status ?? 'failed'} ${e.ms} ms${e.bytes !== undefined ? ` ${e.bytes} B` : ''}${e.attempt > 1 ? ` (attempt ${e.attempt})` : ''} [${network}]`;
    if (e.status === undefined || e.status >= 400) this.log.warn(line);
    else this.log.debug(line);
  }

  private reset(routers = true): void {
    for (const client of this.clients.values()) client.dispose();
    this.clients.clear();
    this.rpcs.clear(); // their HTTP clients share the transport, which is closed apart
    if (!routers) return;
    for (const client of this.routers.values()) client.dispose();
    this.routers.clear();
    this.catalogs.clear();
    for (const client of this.registries.values()) client.dispose();
    this.registries.clear();
    for (const client of this.executors.values()) client.dispose();
    this.executors.clear();
    for (const client of this.chains.values()) client.dispose();
    this.chains.clear();
    for (const client of this.moves.values()) client.dispose();
    this.moves.clear();
    for (const client of this.wasms.values()) client.dispose();
    this.wasms.clear();
  }

  /** Closes the shared transport; the next request makes one from the settings as they are then. */
  private dropTransport(): void {
    this.shared?.dispose();
    this.shared = undefined;
  }

  dispose(): void {
    this.reset();
    this.dropTransport();
    vscode.Disposable.from(...this.disposables).dispose();
  }
}
