/**
 * The test-only entry of platform/hooks.ts: in the extension's Test mode, activation requires this module when
 * INITIA_TEST_HOOKS names it (test/runIntegration.ts and the bench set it) and reports to its `hooks`; the tests read
 * what was reported from `probe`. Both are this one module in the extension host (one file, one module instance).
 */
import type * as vscode from 'vscode';
import type { ActivationReport, Delivery, Hooks } from '../../src/platform/hooks';

const deliveries = new WeakMap<vscode.WebviewPanel, Delivery>();
let quickPick: vscode.QuickPick<vscode.QuickPickItem> | undefined;

export const probe = {
  /** What activate() measured of itself (undefined: the hooks were not set, or activation has not happened). */
  activation: undefined as ActivationReport | undefined,
  /** How many times the activation shell has routed into the features so far. */
  featureRequests: 0,
  /** Whether the Blocks view's follow tick is scheduled or in flight. */
  followPending: false,
  /** The terminal link provider activation registered. */
  terminalLinkProvider: undefined as vscode.TerminalLinkProvider | undefined,
  /** How the messages to a panel's webview stand, as last reported. */
  delivery(panel: vscode.WebviewPanel): Delivery | undefined {
    return deliveries.get(panel);
  },
  /** The extension's quick pick on screen. */
  quickPick<T extends vscode.QuickPickItem>(): vscode.QuickPick<T> | undefined {
    return quickPick as vscode.QuickPick<T> | undefined;
  },
};

export const hooks: Hooks = {
  activated: (report) => {
    probe.activation = report;
  },
  featureRequest: () => {
    probe.featureRequests++;
  },
  delivery: (panel, delivery) => {
    deliveries.set(panel, delivery);
  },
  quickPick: (qp) => {
    quickPick = qp;
  },
  followPending: (pending) => {
    probe.followPending = pending;
  },
  terminalLinkProvider: (provider) => {
    probe.terminalLinkProvider = provider;
  },
};

/** Where the extension finds this module (the compiled file), for INITIA_TEST_HOOKS. */
export const HOOKS_MODULE = __filename;
