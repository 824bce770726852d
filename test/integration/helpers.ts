/** Shared set-up for integration suites: the fake indexer as the active network, captured notifications. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startFakeIndexer, type FakeIndexer } from '../fixtures/fakeIndexer';
import { startFakeRouter, type FakeRouter } from '../fixtures/fakeRouter';
import type { InitiaExplorerApi } from '../../src/extension';

/** Polls a condition until it holds or fails the test (test/support/wait.ts, shared with the unit and e2e tests). */
export { waitFor } from '../support/wait';

export const EXTENSION_ID = 'initia-explorer.initia-explorer';
export const FAKE_NETWORK = 'Fake indexer';

export interface Harness {
  fake: FakeIndexer;
  api: InitiaExplorerApi;
  /** Error notifications shown since the last `clear()`. */
  errors: string[];
  infos: string[];
  clear(): void;
  restore(): Promise<void>;
}

type Show = (message: string, ...rest: unknown[]) => Thenable<unknown>;

/**
 * Starts a fake indexer, makes it the active network, and captures error / info notifications. An EVM fake's profile
 * says `vm: "minievm"` (as the built-in EVM networks do), so that whether it is EVM costs no /status request; a
 * non-EVM fake's profile is silent, and its /status decides.
 */
export async function setUp(options: Parameters<typeof startFakeIndexer>[0] = {}): Promise<Harness> {
  const fake = await startFakeIndexer(options);
  const config = vscode.workspace.getConfiguration('initia');
  await config.update(
    'networks',
    [
      {
        name: FAKE_NETWORK,
        chainId: fake.data.chainId,
        indexerUrl: fake.url,
        explorerUrl: 'https://scan.example/demo',
        ...(options.evm === false ? {} : { vm: 'minievm' }),
      },
    ],
    vscode.ConfigurationTarget.Global,
  );
  await config.update('activeNetwork', FAKE_NETWORK, vscode.ConfigurationTarget.Global);
  const ext = vscode.extensions.getExtension<InitiaExplorerApi>(EXTENSION_ID);
  assert.ok(ext, 'extension present');
  const api = await ext.activate();
  const errors: string[] = [];
  const infos: string[] = [];
  const win = vscode.window as unknown as { showErrorMessage: Show; showInformationMessage: Show };
  const originalError = win.showErrorMessage;
  const originalInfo = win.showInformationMessage;
  win.showErrorMessage = (message: string) => {
    errors.push(message);
    return Promise.resolve(undefined);
  };
  win.showInformationMessage = (message: string) => {
    infos.push(message);
    return Promise.resolve(undefined);
  };
  return {
    fake,
    api,
    errors,
    infos,
    clear() {
      errors.length = 0;
      infos.length = 0;
      fake.resetRequests();
      fake.clearFaults();
    },
    async restore() {
      win.showErrorMessage = originalError;
      win.showInformationMessage = originalInfo;
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await config.update('activeNetwork', undefined, vscode.ConfigurationTarget.Global);
      await config.update('networks', undefined, vscode.ConfigurationTarget.Global);
      await fake.close();
    },
  };
}

export interface Opened {
  uri: vscode.Uri;
  text: string;
  json: Record<string, unknown>;
}

/** Runs a lookup command and reads the document it opened. */
export async function run(command: string, ...args: unknown[]): Promise<Opened> {
  const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(command, ...args);
  assert.ok(uri, `${command}(${args.map((a) => JSON.stringify(a)).join(', ')}) opened no document`);
  const doc = await vscode.workspace.openTextDocument(uri);
  assert.equal(doc.languageId, 'json');
  const text = doc.getText();
  return { uri, text, json: JSON.parse(text) as Record<string, unknown> };
}

export async function read(uri: vscode.Uri): Promise<Record<string, unknown>> {
  const doc = await vscode.workspace.openTextDocument(uri);
  return JSON.parse(doc.getText()) as Record<string, unknown>;
}

/** GETs the fake directly (not through the extension) to pick sample values; these requests are then forgotten. */
export async function sample<T>(h: Harness, path: string): Promise<T> {
  const res = await fetch(`${h.fake.url}${path}`);
  assert.equal(res.status, 200, path);
  const body = (await res.json()) as T;
  h.fake.resetRequests();
  return body;
}

/** Runs `fn` with `network` added to the networks and active; then the networks and the active one are as before. */
export async function onNetwork(
  network: { name: string; indexerUrl: string; vm?: string },
  fn: () => Promise<void>,
): Promise<void> {
  const config = vscode.workspace.getConfiguration('initia');
  const networks = config.get<unknown[]>('networks') ?? [];
  const active = config.get<string>('activeNetwork');
  try {
    await config.update('networks', [...networks, network], vscode.ConfigurationTarget.Global);
    await config.update('activeNetwork', network.name, vscode.ConfigurationTarget.Global);
    await fn();
  } finally {
    await config.update('activeNetwork', active, vscode.ConfigurationTarget.Global);
    await config.update('networks', networks, vscode.ConfigurationTarget.Global);
  }
}

/** The paths (without query) the extension requested since the last clear. */
export function paths(h: Harness): string[] {
  return h.fake.requests.map((r) => r.path);
}

/** Starts a fake router (its transfers a hundred times faster) and makes it the fake network's router. */
export async function startRouterFor(h: Harness): Promise<FakeRouter> {
  const router = await startFakeRouter({ timeScale: 0.01 });
  const config = vscode.workspace.getConfiguration('initia');
  await config.update(
    'networks',
    [{ name: FAKE_NETWORK, chainId: 'interwoven-1', indexerUrl: h.fake.url, routerUrl: router.url }],
    vscode.ConfigurationTarget.Global,
  );
  return router;
}

/**
 * Accepts `item` in a quick pick the extension shows, as a user's Enter on it would. The extension host sends a
 * visible quick pick's changes to the workbench on the next turn of its event loop (a 0 ms timer), while a command
 * goes at once: the items and the active item set here are let go first, so the workbench accepts this item and not
 * the one it had before (the messages arrive in order).
 */
export async function acceptItem<T extends vscode.QuickPickItem>(qp: vscode.QuickPick<T>, item: T): Promise<void> {
  qp.activeItems = [item];
  await new Promise((r) => setTimeout(r, 0));
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
}

/**
 * Puts a copy of `source` at `target` in one step, as a checkout or a `mv` does: copied beside the workspace, then
 * renamed in. VS Code's watcher does not see into a folder that arrives whole (nor, at times, into folders made an
 * instant apart, as a copy file by file makes them): what the extension watches there it must watch itself.
 */
export function moveIn(source: string, target: string): void {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'initia-move-in-'));
  try {
    fs.cpSync(source, path.join(staging, 'tree'), { recursive: true });
    fs.renameSync(path.join(staging, 'tree'), target);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** What `captureProgress` saw: each progress's options and each message reported, and the token its tasks were given. */
export interface CapturedProgress {
  shown: vscode.ProgressOptions[];
  said: string[];
  /** Cancels every captured progress (as the notification's Cancel button would). */
  cancel: vscode.CancellationTokenSource;
  restore(): void;
}

/** Replaces `vscode.window.withProgress` (the extension's too: one API object) until `restore()`: tasks run at once. */
export function captureProgress(): CapturedProgress {
  const win = vscode.window as unknown as { withProgress: typeof vscode.window.withProgress };
  const original = win.withProgress;
  const captured: CapturedProgress = {
    shown: [],
    said: [],
    cancel: new vscode.CancellationTokenSource(),
    restore: () => void (win.withProgress = original),
  };
  win.withProgress = ((
    opts: vscode.ProgressOptions,
    task: (p: vscode.Progress<{ message?: string }>, t: vscode.CancellationToken) => Thenable<unknown>,
  ) => {
    captured.shown.push(opts);
    return task({ report: (v) => void captured.said.push(v.message ?? '') }, captured.cancel.token);
  }) as typeof vscode.window.withProgress;
  return captured;
}
