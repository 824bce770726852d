/**
 * The extension's shared services: the log, the network profiles, and the indexer client for the active network,
 * created on first use (loading the core bundle then) and replaced when the network or HTTP settings change.
 */
import * as vscode from 'vscode';
import type { IndexerClient, HttpLogEntry } from './core/index';
import { loadCore } from './lazy';
import { Networks, type NetworkProfile } from './network/networks';

export class Services implements vscode.Disposable {
  readonly log: vscode.LogOutputChannel;
  readonly networks: Networks;
  /** One client per indexer URL and HTTP settings (documents stay bound to the network they were opened on). */
  private readonly clients = new Map<string, IndexerClient>();
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
        this.reset();
      }),
    );
  }

  get network(): NetworkProfile {
    return this.networks.active();
  }

  /** The indexer client of a network (the active one by default). The first call loads the core bundle. */
  indexer(network: NetworkProfile = this.network): IndexerClient {
    const config = vscode.workspace.getConfiguration('initia');
    const timeoutMs = config.get<number>('requestTimeoutMs', 15_000);
    const maxBytes = config.get<number>('maxResponseBytes', 8 * 1024 * 1024);
    const key = JSON.stringify([network.indexerUrl, timeoutMs, maxBytes]);
    let client = this.clients.get(key);
    if (!client) {
      client = loadCore().createIndexerClient(network.indexerUrl, {
        timeoutMs,
        maxBytes,
        userAgent: `initia-explorer-vscode/${vscode.extensions.getExtension('initia-explorer.initia-explorer')?.packageJSON?.version ?? 'dev'}`,
        log: (e) => this.logRequest(network.name, e),
      });
      this.clients.set(key, client);
    }
    return client;
  }

  private logRequest(network: string, e: HttpLogEntry): void {
    const line = `${e.method} ${e.url} → ${e.status ?? 'failed'} ${e.ms} ms${e.bytes !== undefined ? ` ${e.bytes} B` : ''}${e.attempt > 1 ? ` (attempt ${e.attempt})` : ''} [${network}]`;
    if (e.status === undefined || e.status >= 400) this.log.warn(line);
    else this.log.debug(line);
  }

  private reset(): void {
    for (const client of this.clients.values()) client.dispose();
    this.clients.clear();
  }

  dispose(): void {
    this.reset();
    vscode.Disposable.from(...this.disposables).dispose();
  }
}
