/**
 * The features' shared services: the log, the settings, the network profiles, and one API client per endpoint and
 * HTTP settings (documents stay bound to the network they were opened on), replaced when those settings change.
 */
import * as vscode from 'vscode';
import * as tls from 'node:tls';
import { createIndexerClient, createNodeClient, createRegistryHttp, createRouterClient, type ClientOptions } from '../core/clients';
import { chooseTransport, nodeCaCertificates, type FetchFunction, type Transport } from '../core/transport';
import { stepTimeoutMs, type HttpClient, type HttpLogEntry } from '../core/http';
import type { IndexerClient } from '../core/indexer/client';
import type { RouterClient } from '../core/router/client';
import type { NodeClient } from '../core/node/client';
import { NO_NAMES, type AddressNames } from '../core/names';
import type { NetworkProfile } from '../core/networks';
import type { Status } from '../core/indexer/schemas';
import type { Asset } from '../core/router/schemas';
import { normaliseDenom } from '../core/router/catalog';
import { networkCapabilities, type Capability, type CapabilitySource, type NetworkCapabilities } from '../core/capabilities';
import { errorMessage } from '../core/errors';
import { Networks } from './networks';
import type { Settings } from './settings';

/** How long a router's asset list of a chain is kept (symbols and decimals change when an asset is listed). */
const ASSET_LIST_TTL_MS = 5 * 60_000;

export class Services implements vscode.Disposable {
  readonly networks: Networks;
  private readonly clients = new Map<string, IndexerClient>();
  private readonly routers = new Map<string, RouterClient>();
  private readonly registries = new Map<string, HttpClient>();
  private readonly nodes = new Map<string, NodeClient>();
  /** The names the workspace's deployments give addresses (the features set the real ones). */
  names: AddressNames = NO_NAMES;
  private readonly disposables: vscode.Disposable[] = [];
  /** How requests travel, shared by every client; made on the first request, again after a network setting changed. */
  private shared: Transport | undefined;
  /** Origins whose route has been logged since the transport was made. */
  private readonly routed = new Set<string>();
  private readonly heights = new vscode.EventEmitter<{ network: string; height: number }>();
  /** A view saw the chain's latest height (the status bar shows it without asking again). */
  readonly onDidSeeHeight = this.heights.event;
  /** The last /status answer per network (name and indexer), whoever read it: what capabilities() are made of. */
  private readonly statuses = new Map<string, Status>();
  /** A /status request in flight per network, shared by everyone asking for capabilities meanwhile. */
  private readonly statusReads = new Map<string, Promise<Status | undefined>>();

  constructor(
    readonly settings: Settings,
    readonly log: vscode.LogOutputChannel,
    private readonly version: string,
  ) {
    this.networks = new Networks(settings);
    this.disposables.push(
      this.heights,
      this.networks,
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

  private readonly assetLists = new Map<string, { at: number; list: Promise<readonly Asset[]> }>();

  /**
   * What the router says of a denom of the network's own chain (its symbol and decimals, for whole units), from its
   * asset list for that chain, kept 5 minutes per router and chain; undefined when the network has no router or chain
   * id, or the router does not list the denom. An ERC-20 matches as its 0x address whatever its case, and as `evm/0x…`.
   */
  async assetOf(network: NetworkProfile, denom: string): Promise<{ symbol?: string; decimals?: number } | undefined> {
    if (!network.routerUrl || !network.chainId) return undefined;
    const chainId = network.chainId;
    const key = `${network.routerUrl}\n${chainId}`;
    let cached = this.assetLists.get(key);
    if (!cached || Date.now() - cached.at > ASSET_LIST_TTL_MS) {
      const list = this.router(network.routerUrl, network.name)
        .assets([chainId])
        .then((a) => a.chain_to_assets_map[chainId]?.assets ?? []);
      cached = { at: Date.now(), list };
      this.assetLists.set(key, cached);
      list.catch(() => this.assetLists.delete(key));
    }
    const norm = (d: string) => {
      const bare = d.replace(/^evm\//, '');
      return /^0x[0-9a-fA-F]{40}$/.test(bare) ? normaliseDenom(bare) : d;
    };
    const want = norm(denom);
    const asset = (await cached.list).find((a) => !!a.denom && norm(a.denom) === want);
    if (!asset) return undefined;
    return { symbol: asset.symbol ?? undefined, decimals: typeof asset.decimals === 'number' ? asset.decimals : undefined };
  }

  /** Keeps a /status answer read elsewhere (the status bar's), so that capabilities() need not ask again. */
  noteStatus(network: NetworkProfile, status: Status): void {
    this.statuses.set(statusKey(network), status);
  }

  /**
   * What the network's indexer can answer (EVM routes, internal EVM transactions), from its profile's `vm` and its
   * /status: at most one /status request per network (none when the status bar has read it, none when the profile
   * alone answers `what`), never at activation since only lookups and views ask. A /status that fails is not kept:
   * the answer is then the profile's alone, and the next question asks again.
   */
  async capabilities(network: NetworkProfile = this.network, what: Capability = 'evmInternalTxs'): Promise<NetworkCapabilities> {
    const key = statusKey(network);
    const known = this.statuses.get(key);
    // A profile that names its VM answers "EVM?" by itself; "internal txs?" needs /status on a MiniEVM rollup.
    if (known || (network.vm && (network.vm !== 'minievm' || what === 'evm'))) return networkCapabilities(network, known);
    let read = this.statusReads.get(key);
    if (!read) {
      read = this.indexer(network)
        .status()
        .then(
          (status) => {
            this.statuses.set(key, status);
            return status;
          },
          (err: unknown) => {
            this.log.warn(`Capabilities of ${network.name}: /status did not answer (${errorMessage(err)}); going by its profile.`);
            return undefined;
          },
        )
        .finally(() => this.statusReads.delete(key));
      this.statusReads.set(key, read);
    }
    return networkCapabilities(network, await read);
  }

  /**
   * The capabilities known without a request (the profile's `vm` names a VM other than MiniEVM, or a /status has been
   * read), for what must be decided at once (CodeLenses); undefined when only a request would tell. `networkName`:
   * a profile's name (documents keep theirs).
   */
  knownCapabilities(networkName: string): NetworkCapabilities | undefined {
    const network = this.networks.byName(networkName);
    if (!network) return undefined;
    const known = this.statuses.get(statusKey(network));
    if (known || (network.vm && network.vm !== 'minievm')) return networkCapabilities(network, known);
    // A MiniEVM profile: EVM for sure; whether internal txs are indexed is not known yet.
    return network.vm === 'minievm' ? { evm: true, evmInternalTxs: false } : undefined;
  }

  /** The capabilities of a network as the lookup table asks for them. */
  capabilitySource(network: NetworkProfile = this.network): CapabilitySource {
    return (what) => this.capabilities(network, what);
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
   * The client of a network's own node (its REST and JSON-RPC endpoints), or undefined when the profile names
   * neither. One per endpoints and HTTP settings, dropped with the indexer clients.
   */
  node(network: NetworkProfile = this.network): NodeClient | undefined {
    const { restUrl, jsonRpcUrl } = network;
    const first = restUrl ?? jsonRpcUrl;
    if (!first) return undefined;
    const http = this.httpSettings();
    const key = JSON.stringify([restUrl, jsonRpcUrl, http.timeoutMs, http.maxBytes]);
    let client = this.nodes.get(key);
    if (!client) {
      if (restUrl && jsonRpcUrl) this.transport(jsonRpcUrl); // logged once per origin
      client = createNodeClient({ restUrl, jsonRpcUrl }, { ...http, transport: this.transport(first), log: (e) => this.logRequest(network.name, e) });
      this.nodes.set(key, client);
    }
    return client;
  }

  /** The HTTP client for a chain registry's `chains.json` (the same transport, proxies and limits as every request). */
  registry(url: string): HttpClient {
    return this.client(this.registries, url, 'registry', createRegistryHttp);
  }

  /** The client of `url` for the current HTTP settings, made on first use; its requests are logged under `networkName`. */
  private client<C>(cache: Map<string, C>, url: string, networkName: string, create: (url: string, options: ClientOptions) => C): C {
    const http = this.httpSettings();
    const key = JSON.stringify([url, http.timeoutMs, http.maxBytes]);
    let client = cache.get(key);
    if (!client) {
      client = create(url, { ...http, transport: this.transport(url), log: (e) => this.logRequest(networkName, e) });
      cache.set(key, client);
    }
    return client;
  }

  /** The shared transport, saying in the log how requests to `url`'s origin travel (once per origin). */
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
    return { timeoutMs: this.settings.get('requestTimeoutMs'), maxBytes: this.settings.get('maxResponseBytes'), userAgent: `initia-explorer-vscode/${this.version}` };
  }

  private logRequest(network: string, e: HttpLogEntry): void {
    const line = `${e.method} ${e.url} → ${e.status ?? 'failed'} ${e.ms} ms${e.bytes !== undefined ? ` ${e.bytes} B` : ''}${e.attempt > 1 ? ` (attempt ${e.attempt})` : ''} [${network}]`;
    if (e.status === undefined || e.status >= 400) this.log.warn(line);
    else this.log.debug(line);
  }

  private reset(routers = true): void {
    for (const client of this.clients.values()) client.dispose();
    this.clients.clear();
    for (const client of this.nodes.values()) client.dispose();
    this.nodes.clear();
    if (!routers) return;
    for (const client of this.routers.values()) client.dispose();
    this.routers.clear();
    for (const client of this.registries.values()) client.dispose();
    this.registries.clear();
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

function statusKey(network: NetworkProfile): string {
  return JSON.stringify([network.name, network.indexerUrl]);
}
