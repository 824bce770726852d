/**
 * The bridge panels, loaded on first use: the panel, its session and the router's message check are a bundle of
 * their own (dist/bridge.js, see esbuild.mjs), required when a bridge panel opens or VS Code restores one, never
 * for a lookup, a tree or a hover.
 */
import type * as vscode from 'vscode';
import { LazyBundle } from '../core/lazyBundle';
import type { BridgePanels } from './panel';

type PanelModule = typeof import('./panel');

export class LazyBridgePanels extends LazyBundle<BridgePanels> implements vscode.Disposable {
  private disposed = false;

  constructor(
    create: (module: PanelModule) => BridgePanels,
    /** esbuild.mjs keeps this require as one of dist/bridge.js. */
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    load: () => PanelModule = () => require('./panel') as PanelModule,
  ) {
    super(() => create(load()));
  }

  private get panelsImpl(): BridgePanels {
    if (this.disposed) throw new Error('Initia: the bridge panels were disposed');
    return this.loaded;
  }

  /** Shows the bridge panel (a new one, or the open one). */
  open(): vscode.WebviewPanel {
    return this.panelsImpl.open();
  }

  /** Re-attaches a panel VS Code restored after a reload (see BridgePanels.restore). */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    this.panelsImpl.restore(panel, state);
  }

  /** The open bridge panels (none while the bridge's code is not loaded). */
  get panels(): vscode.WebviewPanel[] {
    return this.ifLoaded?.panels ?? [];
  }

  dispose(): void {
    this.disposed = true;
    this.ifLoaded?.dispose();
  }
}
