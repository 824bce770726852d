/**
 * Hooks: what the extension tells an observer about itself that no user sees (how activation went, how a panel's
 * messages stand, which quick pick is on screen, whether a follow tick is pending). Product code only calls these
 * optional functions; none is set in use. The integration tests and the bench set them through a test-only entry:
 * in the extension's Test mode, activation requires the module named by INITIA_TEST_HOOKS (test/support/hooks.ts)
 * and passes its `hooks` to whatever reports here. Types only, and one loader; no test code lives in src/.
 */
import vscode = require('vscode');

/** What activate() measured of itself. */
export interface ActivationReport {
  /** Milliseconds spent in activate() (wall clock). */
  ms: number;
  /** CPU milliseconds the extension host process used meanwhile (excludes time it waited for a CPU). */
  cpuMs: number;
  /** Whether dist/features.js was in memory when activate() returned (it must not be). */
  featuresLoaded: boolean;
  /** The extension's global storage folder (where the features bundle's code cache is kept). */
  storagePath?: string;
}

/** How the messages to one panel's webview stand: whether it said ready, how many wait for it, how many went. */
export interface Delivery {
  readonly ready: boolean;
  readonly held: number;
  readonly sent: number;
}

export interface Hooks {
  activated?(report: ActivationReport): void;
  /** The activation shell routed into the features (a command, a view, a hover, …). */
  featureRequest?(): void;
  /** A panel's messages changed hands (posted, held, delivered, or its document went). */
  delivery?(panel: vscode.WebviewPanel, delivery: Delivery): void;
  /** A quick pick of the extension opened (or closed: undefined). */
  quickPick?(quickPick: vscode.QuickPick<vscode.QuickPickItem> | undefined): void;
  /** The Blocks view's follow tick: scheduled or in flight (true), or none (false). */
  followPending?(pending: boolean): void;
  /** The terminal link provider activation registered (a test asks it for a line's links and activates one). */
  terminalLinkProvider?(provider: vscode.TerminalLinkProvider): void;
}

/** The hooks of a test run: the module INITIA_TEST_HOOKS names, in Test mode only; none otherwise. */
export function testHooks(context: vscode.ExtensionContext): Hooks | undefined {
  const file = process.env.INITIA_TEST_HOOKS;
  if (context.extensionMode !== vscode.ExtensionMode.Test || !file) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(file) as { hooks?: Hooks }).hooks;
}
