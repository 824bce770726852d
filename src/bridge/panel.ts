/**
 * The bridge panel: opened from the palette (one at a time), or restored by VS Code after a window reload with the
 * state its webview saved. Each panel is a BridgeSession (session.ts), which wires the webview to the router.
 */
import vscode = require('vscode');
import type { Clock } from '../core/clock';
import { WebviewType } from '../platform/ids';
import type { Hooks } from '../platform/hooks';
import type { Services } from '../platform/services';
import type { TransferTracker } from '../transfers/tracker';
import { panelOptions } from '../platform/webviewPanel';
import { BridgeState } from './protocol';
import { BRIDGE_PAGE, BridgeSession } from './session';

/** Whether a state VS Code restored is unreadable (no state at all is not: the webview never saved one). */
export function isRejectedState(state: unknown): boolean {
  return state !== undefined && state !== null && !BridgeState.safeParse(state).success;
}

export class BridgePanels implements vscode.Disposable {
  private readonly sessions = new Set<BridgeSession>();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly services: Services,
    private readonly tracker: TransferTracker,
    /** The clock of the quote refresh and of the transfer the panel follows. */
    private readonly clock: Clock,
    private readonly hooks?: Hooks,
  ) {}

  /** Shows the bridge panel (a new one, or the open one). */
  open(): vscode.WebviewPanel {
    const existing = [...this.sessions][0];
    if (existing) {
      existing.panel.reveal();
      return existing.panel;
    }
    const panel = vscode.window.createWebviewPanel(
      WebviewType.Bridge,
      vscode.l10n.t(BRIDGE_PAGE.title),
      vscode.ViewColumn.Active,
      panelOptions(this.context.extensionUri),
    );
    this.attach(panel, false);
    return panel;
  }

  /**
   * Re-attaches a panel VS Code restored after a reload. The webview gets its state back through getState; the
   * same state comes here, as VS Code stored it, and is checked with the same schema: when it cannot be read the
   * panel opens fresh, says so, and tells the webview to discard it.
   */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    const rejected = isRejectedState(state);
    this.attach(panel, rejected);
    if (rejected) {
      this.services.log.warn('Bridge: the restored panel state could not be read; the panel opened fresh');
      void vscode.window.showInformationMessage(
        vscode.l10n.t("The bridge panel's saved state could not be read, so it opened fresh."),
      );
    }
  }

  get panels(): vscode.WebviewPanel[] {
    return [...this.sessions].map((s) => s.panel);
  }

  private attach(panel: vscode.WebviewPanel, stateRejected: boolean): void {
    const session = new BridgeSession(
      panel,
      { context: this.context, services: this.services, tracker: this.tracker, clock: this.clock, hooks: this.hooks },
      stateRejected,
    );
    this.sessions.add(session);
    panel.onDidDispose(() => {
      session.dispose();
      this.sessions.delete(session);
    });
  }

  dispose(): void {
    for (const s of this.sessions) s.panel.dispose();
    this.sessions.clear();
  }
}
