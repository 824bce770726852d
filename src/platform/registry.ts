/**
 * The chain registry as the network picker reads it (core/registryStore.ts): the registries of `initia.registry.urls`
 * (user settings only) read at most once a day, in the background, only when the picker opens (never at
 * activation), through the shared HTTP layer (proxies, certificates, limits); the answer kept in a file of the
 * extension's global storage; the snapshot bundled in `media/registry-snapshot.json` when there is neither.
 */
import vscode = require('vscode');
import { fetchRegistry } from '../core/registry';
import { RegistryStore, type RegistryState } from '../core/registryStore';
import type { HttpClient } from '../core/http';
import type { Settings } from './settings';

export type { RegistryState } from '../core/registryStore';

/** What the registry reads through: the settings (its URLs), the log and the shared HTTP layer (services.ts). */
export interface RegistryDeps {
  settings: Pick<Settings, 'get'>;
  log: vscode.LogOutputChannel;
  /** The HTTP client for a registry's `chains.json`. */
  registry(url: string): HttpClient;
}

export class Registry implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<RegistryState>();
  /** Fires when a fresher list has been read. */
  readonly onDidChange = this.emitter.event;
  readonly store: RegistryStore;

  constructor(services: RegistryDeps, storageDir: string, snapshotPath: string) {
    this.store = new RegistryStore({
      storageDir,
      snapshotPath,
      urls: () => services.settings.get('registry.urls'),
      fetch: (url) => fetchRegistry(services.registry(url), url),
      log: services.log,
      changed: (state) => this.emitter.fire(state),
    });
  }

  /** The chains known now, without a request: the last answer, else the kept one, else the bundled snapshot. */
  load(): Promise<RegistryState> {
    return this.store.load();
  }

  /** Reads the registries when the answer in hand is a day old; resolves with the new state, or undefined. */
  refresh(): Promise<RegistryState | undefined> {
    return this.store.refresh();
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
