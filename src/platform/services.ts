/**
 * The features' shared services: the log, the settings, the network profiles, and one API client per endpoint and
 * HTTP settings (documents stay bound to the network they were opened on), replaced when those settings change.
 */
import * as vscode from 'vscode';
import { createIndexerClient, createRouterClient } from '../core/clients';
import type { HttpLogEntry } from '../core/http';
import type { IndexerClient } from '../core/indexer/client';
import type { RouterClient } from '../core/router/client';
import type { NetworkProfile } from '../core/networks';
import { Networks } from './networks';
import type { Settings } from './settings';

export class Services implements vscode.Disposable {
  readonly networks: Networks;
  private readonly clients = new Map<string, IndexerClient>();
  private readonly routers = new Map<string, RouterClient>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    readonly settings: Settings,
    readonly log: vscode.LogOutputChannel,
    private readonly version: string,
  ) {
    this.networks = new Networks(settings);
    this.disposables.push(
      this.networks,
      settings.onChange(['requestTimeoutMs', 'maxResponseBytes'], () => this.reset()),
      this.networks.onDidChange((n) => {
        this.log.info(`Active network: ${n.name} (${n.indexerUrl})`);
        this.reset(false); // router clients serve tracked transfers of any network: they stay
      }),
    );
  }

  get network(): NetworkProfile {
    return this.networks.active();
  }

  /** The indexer client of a network (the active one by default). */
  indexer(network: NetworkProfile = this.network): IndexerClient {
    const http = this.httpSettings();
    const key = JSON.stringify([network.indexerUrl, http.timeoutMs, http.maxBytes]);
    let client = this.clients.get(key);
    if (!client) {
      client = createIndexerClient(network.indexerUrl, { ...http, log: (e) => this.logRequest(network.name, e) });
      this.clients.set(key, client);
    }
    return client;
  }

  /** The router client for a router URL (a network's `routerUrl`). */
  router(routerUrl: string, networkName = 'router'): RouterClient {
    const http = this.httpSettings();
    const key = JSON.stringify([routerUrl, http.timeoutMs, http.maxBytes]);
    let client = this.routers.get(key);
    if (!client) {
      client = createRouterClient(routerUrl, { ...http, log: (e) => this.logRequest(networkName, e) });
      this.routers.set(key, client);
    }
    return client;
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
    if (!routers) return;
    for (const client of this.routers.values()) client.dispose();
    this.routers.clear();
  }

  dispose(): void {
    this.reset();
    vscode.Disposable.from(...this.disposables).dispose();
  }
}
