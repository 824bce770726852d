/**
 * The network profiles as the user set them, and the active one, with a change event. Reads `initia.networks` and
 * `initia.activeNetwork` through the typed settings (user values only: a workspace cannot choose endpoints).
 */
import vscode = require('vscode');
import { DEFAULT_NETWORK, readProfiles, type NetworkProfile, type ProfilesRead } from '../core/networks';
import { registryProfile, type RegistryChain } from '../core/registry';
import type { Settings } from './settings';

export class Networks implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<NetworkProfile>();
  /** Fires when the active network or its settings change. */
  readonly onDidChange = this.emitter.event;
  private readonly subscription: vscode.Disposable;
  private cache: ProfilesRead | undefined;
  private warned = new Set<string>();
  /** The registry's chains as profiles, once read: what a user profile naming their chain id inherits from. */
  private bases: NetworkProfile[] = [];

  constructor(private readonly settings: Settings) {
    this.subscription = settings.onChange(['networks', 'activeNetwork'], () => {
      this.cache = undefined;
      this.emitter.fire(this.active());
    });
  }

  all(): NetworkProfile[] {
    if (!this.cache) {
      this.cache = readProfiles(this.settings.get('networks'), this.bases);
      const fresh = this.cache.problems.filter((p) => !this.warned.has(p));
      fresh.forEach((p) => this.warned.add(p));
      if (fresh.length > 0) {
        void vscode.window
          .showWarningMessage(
            vscode.l10n.t('Some network profiles were skipped: {0}', fresh.join(' ')),
            vscode.l10n.t('Open Settings'),
          )
          .then((choice) => {
            if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', 'initia.networks');
          });
      }
    }
    return this.cache.profiles;
  }

  /**
   * The registry's chains (read by the network picker): a user profile that names one's chain id takes the fields it
   * leaves out from it. Fires a change only when the active profile is different for it.
   */
  setRegistry(chains: readonly RegistryChain[]): void {
    const bases = chains.flatMap((c) => {
      const made = registryProfile(c);
      return 'profile' in made ? [made.profile] : [];
    });
    if (JSON.stringify(bases) === JSON.stringify(this.bases)) return;
    const before = JSON.stringify(this.active());
    this.bases = bases;
    this.cache = undefined;
    if (JSON.stringify(this.active()) !== before) this.emitter.fire(this.active());
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
