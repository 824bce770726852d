/**
 * Typed access to every `initia.*` setting: each value read through settingsSpec's `coerce` (the declared type,
 * clamped to the declared range, the default when malformed), and one change event that names the keys that changed.
 * The settings that choose endpoints (`userOnly`) are read from the user's settings alone.
 * Nothing else reads `initia.*` from VS Code's configuration. Created at activation; the features receive it.
 */
import vscode = require('vscode');
import type { NetworkConfig } from '../core/transportChoice';
import { SETTINGS, SETTING_KEYS, coerce, type SettingKey, type SettingSpec, type SettingValue } from './settingsSpec';

const SECTION = 'initia';

export class Settings implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<ReadonlySet<SettingKey>>();
  /** Fires with the keys whose value may have changed. */
  readonly onDidChange = this.emitter.event;
  private readonly subscription: vscode.Disposable;
  /**
   * Values read since the section last changed: a hover or a request reads several settings, and each
   * getConfiguration costs tens of microseconds in the extension host. Cleared before anyone hears of a change (this
   * listener is the first: the settings are made first at activation).
   */
  private readonly values = new Map<SettingKey, unknown>();
  /** The section as VS Code gave it (a snapshot), for the values not read yet; dropped with them on a change. */
  private section: vscode.WorkspaceConfiguration | undefined;

  constructor() {
    this.subscription = vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration(SECTION)) return;
      this.values.clear();
      this.section = undefined;
      const keys = new Set(SETTING_KEYS.filter((k) => e.affectsConfiguration(`${SECTION}.${k}`)));
      if (keys.size > 0) this.emitter.fire(keys);
    });
  }

  get<K extends SettingKey>(key: K): SettingValue<K> {
    if (this.values.has(key)) return this.values.get(key) as SettingValue<K>;
    const config = (this.section ??= vscode.workspace.getConfiguration(SECTION));
    // Endpoint settings: the user's value only, as VS Code reads http.proxy; a workspace's is never looked at.
    const spec: SettingSpec = SETTINGS[key];
    const value = coerce(key, spec.userOnly ? config.inspect(key)?.globalValue : config.get<unknown>(key));
    this.values.set(key, value);
    return value;
  }

  /** Subscribes to changes of any of `keys`. */
  onChange(keys: readonly SettingKey[], listener: () => void): vscode.Disposable {
    return this.onDidChange((changed) => {
      if (keys.some((k) => changed.has(k))) listener();
    });
  }

  /**
   * Writes a value where the user keeps it: in the workspace when the workspace already sets it (so the write takes
   * effect), in the user settings otherwise.
   */
  async update<K extends SettingKey>(key: K, value: SettingValue<K> | undefined): Promise<void> {
    const config = vscode.workspace.getConfiguration(SECTION);
    const inspected = config.inspect(key);
    const spec: SettingSpec = SETTINGS[key];
    const inWorkspace = inspected?.workspaceFolderValue !== undefined || inspected?.workspaceValue !== undefined;
    const target =
      inWorkspace && !spec.userOnly ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    await config.update(key, value, target);
  }

  /**
   * VS Code's own network settings (`http.*`), as VS Code reads them for extensions: the user's values only, a
   * workspace's never.
   */
  network(): NetworkConfig {
    const http = vscode.workspace.getConfiguration('http');
    const user = <T>(key: string): T | undefined => {
      const i = http.inspect<T>(key);
      return i?.globalValue ?? i?.defaultValue;
    };
    const proxySupport = user<string>('proxySupport');
    const noProxy = user<unknown>('noProxy');
    return {
      choice: this.get('http.transport'),
      proxy: user<string>('proxy')?.trim() || undefined,
      noProxy: Array.isArray(noProxy) ? noProxy.filter((n): n is string => typeof n === 'string') : [],
      proxyStrictSSL: user<boolean>('proxyStrictSSL') !== false,
      proxyAuthorization: user<string>('proxyAuthorization') || undefined,
      proxySupport:
        proxySupport === 'off' || proxySupport === 'on' || proxySupport === 'fallback' ? proxySupport : 'override',
      fetchAdditionalSupport: user<boolean>('fetchAdditionalSupport') !== false,
    };
  }

  /** Fires when VS Code's network settings or `initia.http.transport` change. */
  onNetworkChange(listener: () => void): vscode.Disposable {
    return vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('http') || e.affectsConfiguration(`${SECTION}.http.transport`)) listener();
    });
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }
}
