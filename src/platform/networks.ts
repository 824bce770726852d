/**
 * Network profiles: the built-in public Initia endpoints and a Local demo, merged with the user's
 * `initia.networks` (a user profile with a built-in's name replaces it). The active one is `initia.activeNetwork`.
 */
import * as vscode from 'vscode';
import { parseServiceUrl } from '../core/validate';
import type { Settings } from './settings';

export interface NetworkProfile {
  name: string;
  chainId?: string;
  indexerUrl: string;
  routerUrl?: string;
  explorerUrl?: string;
  builtIn: boolean;
}

export const DEMO_INDEXER_PORT = 7717;
export const DEMO_ROUTER_PORT = 7718;
export const LOCAL_DEMO = 'Local demo';
export const DEFAULT_NETWORK = 'Initia Mainnet';

export const BUILT_IN_NETWORKS: readonly NetworkProfile[] = [
  {
    name: 'Initia Mainnet',
    chainId: 'interwoven-1',
    indexerUrl: 'https://indexer.initia.xyz',
    routerUrl: 'https://router-api.initia.xyz',
    explorerUrl: 'https://scan.initia.xyz/interwoven-1',
    builtIn: true,
  },
  {
    name: 'Initia Testnet',
    chainId: 'initiation-2',
    indexerUrl: 'https://indexer.initiation-2.initia.xyz',
    routerUrl: 'https://router-api.initiation-2.initia.xyz',
    explorerUrl: 'https://scan.testnet.initia.xyz/initiation-2',
    builtIn: true,
  },
  {
    name: 'Yominet',
    chainId: 'yominet-1',
    indexerUrl: 'https://rollytics-api-yominet-1.anvil.asia-southeast.initia.xyz',
    routerUrl: 'https://router-api.initia.xyz',
    explorerUrl: 'https://scan.initia.xyz/yominet-1',
    builtIn: true,
  },
  {
    name: 'MiniEVM Testnet',
    chainId: 'evm-1',
    indexerUrl: 'https://rollytics-api-evm-1.anvil.asia-southeast.initia.xyz',
    routerUrl: 'https://router-api.initiation-2.initia.xyz',
    explorerUrl: 'https://scan.testnet.initia.xyz/evm-1',
    builtIn: true,
  },
  {
    name: LOCAL_DEMO,
    chainId: 'demo-evm-1',
    indexerUrl: `http://127.0.0.1:${DEMO_INDEXER_PORT}`,
    routerUrl: `http://127.0.0.1:${DEMO_ROUTER_PORT}`,
    builtIn: true,
  },
];

export interface ProfilesRead {
  profiles: NetworkProfile[];
  /** One sentence per user profile that was skipped, for a warning. */
  problems: string[];
}

/** Validates the user's profiles; invalid ones are skipped with a reason, never half-used. */
export function readProfiles(userValue: unknown): ProfilesRead {
  const problems: string[] = [];
  const byName = new Map<string, NetworkProfile>(BUILT_IN_NETWORKS.map((p) => [p.name, p]));
  const list = Array.isArray(userValue) ? userValue : [];
  list.forEach((raw: unknown, i) => {
    const p = raw as Partial<Record<keyof NetworkProfile, unknown>> | null;
    const label = typeof p?.name === 'string' && p.name.trim() ? `"${p.name.trim()}"` : `#${i + 1}`;
    if (!p || typeof p !== 'object') return problems.push(`initia.networks ${label}: not an object.`);
    if (typeof p.name !== 'string' || !p.name.trim()) return problems.push(`initia.networks ${label}: "name" is required.`);
    const urls: Partial<Record<'indexerUrl' | 'routerUrl' | 'explorerUrl', string>> = {};
    for (const field of ['indexerUrl', 'routerUrl', 'explorerUrl'] as const) {
      const v = p[field];
      if (v === undefined || v === null || v === '') continue;
      const parsed = parseServiceUrl(String(v));
      if (!parsed.ok) return problems.push(`initia.networks ${label}: ${field}: ${parsed.error}`);
      urls[field] = parsed.value;
    }
    if (!urls.indexerUrl) return problems.push(`initia.networks ${label}: "indexerUrl" is required.`);
    byName.set(p.name.trim(), {
      name: p.name.trim(),
      chainId: typeof p.chainId === 'string' && p.chainId.trim() ? p.chainId.trim() : undefined,
      indexerUrl: urls.indexerUrl,
      routerUrl: urls.routerUrl,
      explorerUrl: urls.explorerUrl,
      builtIn: false,
    });
    return undefined;
  });
  return { profiles: [...byName.values()], problems };
}

/** Links into the network's block explorer, when it has one. */
export function explorerLink(network: NetworkProfile, kind: 'tx' | 'block' | 'account', id: string): string | undefined {
  if (!network.explorerUrl) return undefined;
  const path = kind === 'tx' ? 'txs' : kind === 'block' ? 'blocks' : 'accounts';
  return `${network.explorerUrl}/${path}/${encodeURIComponent(id)}`;
}

export class Networks implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<NetworkProfile>();
  /** Fires when the active network or its settings change. */
  readonly onDidChange = this.emitter.event;
  private readonly subscription: vscode.Disposable;
  private cache: ProfilesRead | undefined;
  private warned = new Set<string>();

  constructor(private readonly settings: Settings) {
    this.subscription = settings.onChange(['networks', 'activeNetwork'], () => {
      this.cache = undefined;
      this.emitter.fire(this.active());
    });
  }

  all(): NetworkProfile[] {
    if (!this.cache) {
      this.cache = readProfiles(this.settings.get('networks'));
      const fresh = this.cache.problems.filter((p) => !this.warned.has(p));
      fresh.forEach((p) => this.warned.add(p));
      if (fresh.length > 0) {
        void vscode.window.showWarningMessage(vscode.l10n.t('Some network profiles were skipped: {0}', fresh.join(' ')), vscode.l10n.t('Open Settings')).then((choice) => {
          if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', 'initia.networks');
        });
      }
    }
    return this.cache.profiles;
  }

  /** The active profile; an unknown name falls back to the default network. */
  active(): NetworkProfile {
    const name = this.settings.get('activeNetwork');
    const all = this.all();
    return all.find((p) => p.name === name) ?? all.find((p) => p.name === DEFAULT_NETWORK) ?? all[0]!;
  }

  /** The profile of that name, if it is still configured. */
  byName(name: string): NetworkProfile | undefined {
    return this.all().find((p) => p.name === name);
  }

  async select(name: string): Promise<void> {
    await this.settings.update('activeNetwork', name);
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }
}
