/**
 * The features' shared services: the log, the settings, the network profiles, and one API client per endpoint and
 * HTTP settings (documents stay bound to the network they were opened on), replaced when those settings change.
 */
import * as vscode from 'vscode';
import * as tls from 'node:tls';
import {
  createChainClient,
  createExecutorHttp,
  createIndexerClient,
  createJsonRpcClient,
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
import type { ChainClient, ChainEndpoints } from '../core/chain/client';
import { NO_NAMES, type AddressNames } from '../core/names';
import type { NetworkProfile } from '../core/networks';
import { chainVm, registryExecutor, type RegistryChain } from '../core/registry';
import type { Status } from '../core/indexer/schemas';
import { RouterCatalog } from '../core/router/routerLists';
import { normaliseDenom } from '../core/router/catalog';
import {
  evmKnown,
  isEvmRouteMissing,
  networkCapabilities,
  type Capability,
  type CapabilityFacts,
  type CapabilitySource,
  type NetworkCapabilities,
} from '../core/capabilities';
import { errorMessage } from '../core/errors';
import { markOnce } from '../core/marks';
import { Networks } from './networks';
import type { Settings } from './settings';

export class Services implements vscode.Disposable {
  readonly networks: Networks;
  private readonly clients = new Map<string, IndexerClient>();
  private readonly routers = new Map<string, RouterClient>();
  private readonly registries = new Map<string, HttpClient>();
  private readonly rpcs = new Map<string, JsonRpcClient>();
  private readonly chains = new Map<string, ChainClient>();
  private readonly executors = new Map<string, HttpClient>();
  /**
   * The registry's chains known without a request (the last answer, the kept one or the bundled snapshot); the
   * features set it once the registry exists.
   */
  registryChains: () => Promise<readonly RegistryChain[]> = () => Promise.resolve([]);
  /**
   * The registry the user chose, for the bridge's trust anchors: its chains, read again when a day old (at most one
   * request a day), and where they come from in words; the features set it once the registry exists.
   */
  registrySource: () => Promise<{ chains: readonly RegistryChain[]; where: string }> = () =>
    Promise.resolve({ chains: [], where: '' });
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

  /** Keeps a /status answer read elsewhere (the status bar's), so that capabilities() need not ask again. */
  noteStatus(network: NetworkProfile, status: Status): void {
    this.statuses.set(statusKey(network), status);
  }

  /** What the network's EVM or internal-transaction routes answered (false: "evm routes are not available"). */
  private readonly routeAnswers = new Map<string, { evmRoutes?: boolean; internalRoutes?: boolean }>();
  /** The probe of a network's EVM routes in flight, shared. */
  private readonly probes = new Map<string, Promise<void>>();

  /**
   * A route's own answer, which decides from now on. When it contradicts what was decided from the network's /status,
   * that /status is read again at the next question (it may have been read before anything was indexed).
   */
  noteRoute(network: NetworkProfile, what: Capability, available: boolean): void {
    const key = statusKey(network);
    const before = networkCapabilities(this.factsNow(network));
    const answers = { ...this.routeAnswers.get(key) };
    if (what === 'evm') answers.evmRoutes = available;
    else {
      answers.internalRoutes = available;
      if (available) answers.evmRoutes = true;
    }
    this.routeAnswers.set(key, answers);
    const decided = what === 'evm' ? before.evm : before.evmInternalTxs;
    if (decided !== available) this.statuses.delete(key);
  }

  /** The facts known now, without a request (the registry's VM for the profile's chain id is looked up by `facts`). */
  private factsNow(network: NetworkProfile, vm = network.vm): CapabilityFacts {
    const key = statusKey(network);
    return { vm, status: this.statuses.get(key), ...this.routeAnswers.get(key) };
  }

  /**
   * What the network's indexer can answer (EVM routes, internal EVM transactions): the routes' own answers first, then
   * the chain's VM (the profile's, else the registry's entry for its chain id, else for /status's `chain_id`), then
   * /status's proof (`internal_tx_height`); when none tells, one request to the EVM routes (`/evm-txs`, one item) asks
   * them. At most one /status and one probe per network, none when the profile or the registry tells, never at
   * activation (only lookups and views ask). A failed /status or probe is not kept: the next question asks again.
   */
  async capabilities(
    network: NetworkProfile = this.network,
    what: Capability = 'evmInternalTxs',
  ): Promise<NetworkCapabilities> {
    void what;
    const key = statusKey(network);
    let vm = network.vm ?? (network.chainId ? (await this.chainFacts(network.chainId)).vm : undefined);
    if (evmKnown(this.factsNow(network, vm)) === undefined) {
      const status = this.statuses.get(key) ?? (await this.readStatus(network));
      if (!vm && typeof status?.chain_id === 'string' && status.chain_id)
        vm = (await this.chainFacts(status.chain_id)).vm;
    }
    if (evmKnown(this.factsNow(network, vm)) === undefined) await this.probeEvm(network);
    return networkCapabilities(this.factsNow(network, vm));
  }

  /** One /status per network at a time, shared by everyone asking meanwhile. */
  private readStatus(network: NetworkProfile): Promise<Status | undefined> {
    const key = statusKey(network);
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
            this.log.warn(
              `Capabilities of ${network.name}: /status did not answer (${errorMessage(err)}); the routes will tell.`,
            );
            return undefined;
          },
        )
        .finally(() => this.statusReads.delete(key));
      this.statusReads.set(key, read);
    }
    return read;
  }

  /** Asks the EVM routes once (one item of `/evm-txs`): an answer or their 404 decides; another failure decides nothing. */
  private probeEvm(network: NetworkProfile): Promise<void> {
    const key = statusKey(network);
    let probe = this.probes.get(key);
    if (!probe) {
      probe = this.indexer(network)
        .evmTxs({ limit: 1, countTotal: false })
        .then(
          () => this.noteRoute(network, 'evm', true),
          (err: unknown) => {
            if (isEvmRouteMissing(err)) this.noteRoute(network, 'evm', false);
            else
              this.log.warn(`Capabilities of ${network.name}: the EVM routes did not answer (${errorMessage(err)}).`);
          },
        )
        .finally(() => this.probes.delete(key));
      this.probes.set(key, probe);
    }
    return probe;
  }

  /**
   * The capabilities known without a request (for what must be decided at once: CodeLenses); undefined when only a
   * request would tell. `networkName`: a profile's name (documents keep theirs).
   */
  knownCapabilities(networkName: string): NetworkCapabilities | undefined {
    const network = this.networks.byName(networkName);
    if (!network) return undefined;
    const facts = this.factsNow(network);
    return evmKnown(facts) === undefined ? undefined : networkCapabilities(facts);
  }

  /** The capabilities of a network as the lookup table asks for them, told what the routes answer. */
  capabilitySource(network: NetworkProfile = this.network): CapabilitySource {
    return Object.assign((what: Capability) => this.capabilities(network, what), {
      noteRoute: (what: Capability, available: boolean) => this.noteRoute(network, what, available),
    });
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
