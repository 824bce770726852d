/**
 * The extension's shared services: the log, the network profiles, and the indexer client for the active network,
 * created on first use (loading the core bundle then) and replaced when the network or HTTP settings change.
 */
import * as vscode from 'vscode';
import type { IndexerClient, HttpLogEntry, RouterClient } from './core/index';
import { loadCore } from './lazy';
import { Networks, type NetworkProfile } from './network/networks';

export class Services implements vscode.Disposable {
  readonly log: vscode.LogOutputChannel;
  readonly networks: Networks;
  /** One client per indexer URL and HTTP settings (documents stay bound to the network they were opened on). */
  private readonly clients = new Map<string, IndexerClient>();
  private readonly routers = new Map<string, RouterClient>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor() {
    this.log = vscode.window.createOutputChannel('Initia Explorer', { log: true });
    this.networks = new Networks();
    this.disposables.push(
      this.log,
      this.networks,
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('initia.requestTimeoutMs') || e.affectsConfiguration('initia.maxResponseBytes')) this.reset();
      }),
      this.networks.onDidChange((n) => {
        this.log.info(`Active network: ${n.name} (${n.indexerUrl})`);
        this.reset(false); // router clients serve tracked transfers of any network: they stay
      }),
    );
  }

  get network(): NetworkProfile {
    return this.networks.active();
  }

  /** The indexer client of a network (the active one by default). The first call loads the core bundle. */
  indexer(network: NetworkProfile = this.network): IndexerClient {
    const { timeoutMs, maxBytes } = this.httpSettings();
    const key = JSON.stringify([network.indexerUrl, timeoutMs, maxBytes]);
    let client = this.clients.get(key);
    if (!client) {
      client = loadCore().createIndexerClient(network.indexerUrl, {
        timeoutMs,
        maxBytes,
        userAgent: this.userAgent(),
        log: (e) => this.logRequest(network.name, e),
      });
      this.clients.set(key, client);
    }
    return client;
  }

  /** The router client for a router URL (a network's `routerUrl`). The first call loads the core bundle. */
  router(routerUrl: string, networkName = 'router'): RouterClient {
    const { timeoutMs, maxBytes } = this.httpSettings();
    const key = JSON.stringify([routerUrl, timeoutMs, maxBytes]);
    let client = this.routers.get(key);
    if (!client) {
      client = loadCore().createRouterClient(routerUrl, {
        timeoutMs,
        maxBytes,
        userAgent: this.userAgent(),
        log: (e) => this.logRequest(networkName, e),
      });
      this.routers.set(key, client);
    }
    return client;
  }

  private httpSettings(): { timeoutMs: number; maxBytes: number } {
    const config = vscode.workspace.getConfiguration('initia');
    return { timeoutMs: config.get<number>('requestTimeoutMs', 15_000), maxBytes: config.get<number>('maxResponseBytes', 8 * 1024 * 1024) };
  }

  private userAgent(): string {
    return `initia-explorer-vscode/${vscode.extensions.getExtension('initia-explorer.initia-explorer')?.packageJSON?.version ?? 'dev'}`;
  }

  private logRequest(network: string, e: HttpLogEntry): void {
    const line = `${e.method} ${e.url} → ${e.status ?? 'failed'} ${e.ms} ms${e.bytes !== undefined ? ` ${e.bytes} B` : ''}${e.attempt > 1 ? ` (attempt ${e.attempt})` : ''} [${network}]`;
    if (e.status === undefined || e.status >= 400) this.log.warn(line);
    else this.log.debug(line);
  }

  private reset(routers = true): void {
    for (const client of this.clients.values()) client.dispose();
    this.clients.clear();
    if (!routers) return;
    for (const client of this.routers.values()) client.dispose();
    this.routers.clear();
  }

  dispose(): void {
    this.reset();
    vscode.Disposable.from(...this.disposables).dispose();
  }
}
