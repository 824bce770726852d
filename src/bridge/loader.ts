/**
 * The bridge panels, loaded on first use: the panel, its session and the router's message check are a bundle of
 * their own (dist/bridge.js, see esbuild.mjs), required when a bridge panel opens or VS Code restores one, never
 * for a lookup, a tree or a hover.
 */
import type * as vscode from 'vscode';
import type { BridgePanels } from './panel';

type PanelModule = typeof import('./panel');

export class LazyBridgePanels implements vscode.Disposable {
  private loaded: BridgePanels | undefined;
  private disposed = false;

  constructor(
    private readonly create: (module: PanelModule) => BridgePanels,
    /** esbuild.mjs keeps this require as one of dist/bridge.js. */
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    private readonly load: () => PanelModule = () => require('./panel') as PanelModule,
  ) {}

  /** Whether the bridge's code has been loaded (only opening or restoring a panel loads it). */
  get isLoaded(): boolean {
    return this.loaded !== undefined;
  }

  private get panelsImpl(): BridgePanels {
    if (this.disposed) throw new Error('Initia: the bridge panels were disposed');
    return (this.loaded ??= this.create(this.load()));
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
    return this.loaded?.panels ?? [];
  }

  dispose(): void {
    this.disposed = true;
    this.loaded?.dispose();
  }
}
