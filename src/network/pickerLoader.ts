/**
 * Select Network, loaded on first use: the picker and the probe of this machine's rollup are a bundle of their own
 * (dist/picker.js, see esbuild.mjs), required when the picker first opens or the command is run with a name.
 */
import type * as vscode from 'vscode';
import { LazyBundle } from '../core/lazyBundle';
import type { Register } from '../platform/commandTable';
import type { Hooks } from '../platform/hooks';
import { Command } from '../platform/ids';
import type { Registry } from '../platform/registry';
import type { Services } from '../platform/services';
import type { Settings } from '../platform/settings';
import type { LocalRollupFinder } from './localRollup';
import type { NetworkPicker } from './networkPicker';

type PickerModule = typeof import('./pickerBundle');

export class LazyNetworkPicker extends LazyBundle<{ picker: NetworkPicker; finder: LocalRollupFinder }> {
  constructor(
    private readonly services: Services,
    registry: Registry,
    settings: Settings,
    hooks?: Hooks,
    /** esbuild.mjs keeps this require as one of dist/picker.js. */
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    private readonly load: () => PickerModule = () => require('./pickerBundle') as PickerModule,
  ) {
    super(() => {
      const m = load();
      const finder = new m.LocalRollupFinder(settings, services.networks, services.log, services);
      return { finder, picker: new m.NetworkPicker(services.networks, registry, settings, finder, hooks) };
    });
  }

  /** The picker (loaded and made on first use). */
  get picker(): NetworkPicker {
    return this.loaded.picker;
  }

  /** The probe of this machine's rollup (loaded with the picker). */
  get localRollup(): LocalRollupFinder {
    return this.loaded.finder;
  }

  /** Registers Initia: Select Network; its handler loads the picker. */
  register(register: Register): vscode.Disposable[] {
    return [
      register(Command.SelectNetwork, (name?: unknown) =>
        this.load().selectNetwork(this.picker, this.services.networks, name),
      ),
    ];
  }
}
