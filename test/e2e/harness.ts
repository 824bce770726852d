// e2e harness: one code-server + headless Chromium session drives the real VS Code workbench with the extension
// installed; tests register with `e2eTest(name, fn)` in test/e2e/**/*.e2e.ts and run in file order, in one session.
// Helpers: runCommand(page, title), screenshot(page, name), paletteHas(page, title), notification(page, text),
// viewRows(page, title).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { FakeIndexer } from '../fixtures/fakeIndexer';
import type { FakeRouter } from '../fixtures/fakeRouter';
import type { FakeRegistry } from '../fixtures/fakeRegistry';
import type { EvmChain } from '../fixtures/evmChain';
import type { RpcProxy } from '../fixtures/rpcProxy';
import { waitFor } from '../support/wait';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const FAKE_NETWORK = 'Fake indexer';
/** The same fake indexer with anvil's JSON-RPC (behind a counting proxy), when anvil is installed. */
export const EVM_NETWORK = 'Fake indexer + anvil';
/** Failure screenshots and logs, and this run's screenshots (git-ignored). */
export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results', 'e2e');
/** Where `screenshot()` writes: the run's results, so a test run leaves the work tree clean; with
 *  `--update-screenshots` (`npm run screenshots`) the README's own, media/screenshots/. INITIA_SCREENSHOTS_DIR overrides. */
export const SCREENSHOTS_DIR = path.resolve(
  process.env.INITIA_SCREENSHOTS_DIR ??
    (process.argv.includes('--update-screenshots')
      ? path.join(REPO_ROOT, 'media', 'screenshots')
      : path.join(RESULTS_DIR, 'screenshots')),
);

interface CodeServer {
  url: string;
  port: number;
  logFile: string;
  remoteUri(absPath: string): string;
  extHostLogTail(lines?: number): string;
  stop(opts?: { saveLogsTo?: string }): Promise<void>;
  stopSync(): void;
}
interface VscodeServerModule {
  startCodeServer(opts: {
    env?: NodeJS.ProcessEnv;
    vsix?: string[];
    settings?: Record<string, unknown>;
    cleanupDirs?: string[];
    trust?: boolean;
    smokeTestDriver?: boolean;
  }): Promise<CodeServer>;
  chromiumPath(): string;
  tail(file: string, lines?: number): string;
  CHROMIUM_ARGS: string[];
}

export interface Workbench {
  page: Page;
  /** The fake indexer the workbench's active network ("Fake indexer") points at. */
  fake: FakeIndexer;
  /** The fake router of that network. */
  router: FakeRouter;
  /** The registry the user chose (it confirms the bridge's trust anchors), when one was given. */
  registry?: FakeRegistry;
  /** anvil with the test project deployed, and the proxy EVM_NETWORK's jsonRpcUrl points at (when anvil is installed). */
  evm?: { chain: EvmChain; proxy: RpcProxy };
  context: BrowserContext;
  server: CodeServer;
  /** The workspace folder that is open. */
  workspace: string;
  /** The .vsix it runs (undefined: the repo as the extension under development), to open another like it. */
  vsix?: string;
  /** Closes the browser and stops code-server; `saveLogsTo` keeps a copy of the VS Code logs there. */
  close(opts?: { saveLogsTo?: string }): Promise<void>;
  /** Synchronous emergency stop for signal handlers and timeouts (kills code-server, removes temp dirs). */
  closeSync(): void;
}

export interface OpenOptions {
  /** The fake indexer and router to make the active network. */
  fake: FakeIndexer;
  router: FakeRouter;
  /** A fake registry to be the registry the user chose (`initia.registry.urls`): the bridge's anchors come from it. */
  registry?: FakeRegistry;
  /** anvil and its proxy: EVM_NETWORK is added to the networks. */
  evm?: { chain: EvmChain; proxy: RpcProxy };
  /** Folder to open (default test/workspace). */
  workspace?: string;
  /** Install this .vsix (the packaged extension); otherwise load the repo as the extension under development. */
  vsix?: string;
  /** Other extensions to install (.vsix files), beside this one. */
  moreVsix?: string[];
  /** Extra environment for code-server and the extension host. */
  env?: NodeJS.ProcessEnv;
  /** Extra user settings. */
  settings?: Record<string, unknown>;
  /** Workspace trust on, the folder not trusted: the workbench opens in Restricted Mode. */
  trust?: boolean;
  /** false: without the test driver, as `npm start` runs it (the driver hides notification toasts). */
  smokeTestDriver?: boolean;
  /** More of the URL's payload, made from the server (as `npm start` opens TRY-ME.md: `openFile`). */
  payload?: (server: { remoteUri(absPath: string): string }) => Array<[string, string]>;
}

/** Starts code-server, opens the workbench in Chromium and waits until it is ready. */
export async function openWorkbench(opts: OpenOptions): Promise<Workbench> {
  // The server module is ESM (node built-ins only, shared with scripts/vscode-launcher.mjs): load it dynamically.
  const mod = (await import(
    pathToFileURL(path.join(REPO_ROOT, 'scripts', 'vscode-server.mjs')).href
  )) as VscodeServerModule;
  const workspace = path.resolve(opts.workspace ?? path.join(REPO_ROOT, 'test', 'workspace'));
  const browserTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'initia-e2e-chromium-'));
  const xdg = {
    XDG_CONFIG_HOME: path.join(browserTmp, 'xdg-config'),
    XDG_CACHE_HOME: path.join(browserTmp, 'xdg-cache'),
    TMPDIR: path.join(browserTmp, 'tmp'),
  };
  for (const d of Object.values(xdg)) fs.mkdirSync(d, { recursive: true });
  const removeBrowserTmp = () => {
    if (process.env.INITIA_KEEP_TEMP !== '1') fs.rmSync(browserTmp, { recursive: true, force: true, maxRetries: 3 });
  };
  let server: CodeServer;
  try {
    server = await mod.startCodeServer({
      // If this process dies uncleanly, code-server's watchdog removes the browser profile too.
      cleanupDirs: [browserTmp],
      env: { ...process.env, ...opts.env },
      vsix: [...(opts.vsix ? [opts.vsix] : []), ...(opts.moreVsix ?? [])],
      trust: opts.trust,
      smokeTestDriver: opts.smokeTestDriver,
      settings: {
        'initia.networks': [
          {
            name: FAKE_NETWORK,
            chainId: opts.fake.data.chainId,
            indexerUrl: opts.fake.url,
            routerUrl: opts.router.url,
            explorerUrl: 'https://scan.example/demo',
          },
          ...(opts.evm
            ? [
                {
                  name: EVM_NETWORK,
                  chainId: opts.fake.data.chainId,
                  indexerUrl: opts.fake.url,
                  routerUrl: opts.router.url,
                  jsonRpcUrl: opts.evm.proxy.url,
                  vm: 'minievm',
                },
              ]
            : []),
        ],
        'initia.activeNetwork': FAKE_NETWORK,
        'initia.richList.denoms': opts.fake.data.denoms.slice(0, 2),
        'initia.statusBar.enabled': true,
        ...(opts.registry ? { 'initia.registry.urls': [opts.registry.mainnetUrl] } : {}),
        ...opts.settings,
      },
    });
  } catch (err) {
    removeBrowserTmp();
    throw err;
  }
  let context: BrowserContext | undefined;
  const close = async (closeOpts: { saveLogsTo?: string } = {}) => {
    // Not a sleep: a cap. Closing a browser whose page hangs can take forever; code-server is stopped either way.
    await Promise.race([context?.close().catch(() => undefined), new Promise((r) => setTimeout(r, 5000))]);
    await server.stop(closeOpts);
    removeBrowserTmp();
  };
  try {
    context = await chromium.launchPersistentContext(path.join(browserTmp, 'profile'), {
      executablePath: mod.chromiumPath(),
      headless: true,
      viewport: { width: 1400, height: 900 },
      args: mod.CHROMIUM_ARGS,
      env: { ...process.env, ...xdg } as Record<string, string>,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    if (process.env.INITIA_VERBOSE === '1')
      page.on('console', (m) => process.stderr.write(`[browser ${m.type()}] ${m.text()}\n`));
    const query = new URLSearchParams({ folder: workspace });
    const payload: Array<[string, string]> = [
      ...(opts.vsix
        ? []
        : ([
            ['extensionDevelopmentPath', server.remoteUri(REPO_ROOT)],
            ['skipWelcome', 'true'],
          ] as Array<[string, string]>)),
      ...(opts.payload?.(server) ?? []),
    ];
    if (payload.length) query.set('payload', JSON.stringify(payload));
    await page.goto(`${server.url}/?${query}`);
    await page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout: 60_000 });
    // The extension host is up once the remote indicator shows the connection; give the workbench a moment to settle.
    await page
      .locator('.monaco-workbench .part.activitybar, .monaco-workbench .part.sidebar')
      .first()
      .waitFor({ timeout: 30_000 });
    const closeSync = () => {
      server.stopSync();
      removeBrowserTmp();
    };
    return {
      page,
      fake: opts.fake,
      router: opts.router,
      registry: opts.registry,
      evm: opts.evm,
      context,
      server,
      workspace,
      vsix: opts.vsix,
      close,
      closeSync,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Whether `locator` reaches `state` (visible by default) within `timeoutMs`: true or false, never a throw. */
export function reaches(
  locator: Locator,
  timeoutMs: number,
  state: 'visible' | 'hidden' | 'attached' = 'visible',
): Promise<boolean> {
  return locator.waitFor({ state, timeout: timeoutMs }).then(
    () => true,
    () => false,
  );
}

/**
 * Opens another window of the same workbench: a second page of the same code-server, which runs its own extension
 * host (as a second VS Code window does), sharing the profile's global storage. Close it with `page.close()`.
 */
export async function openWindow(wb: Workbench): Promise<Page> {
  const page = await wb.context.newPage();
  await page.goto(wb.page.url());
  await page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout: 60_000 });
  await page
    .locator('.monaco-workbench .part.activitybar, .monaco-workbench .part.sidebar')
    .first()
    .waitFor({ timeout: 30_000 });
  return page;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Opens the command palette (F1) if needed and types `>text` into it. */
async function openPalette(page: Page, text: string): Promise<Locator> {
  const input = page.locator('.quick-input-widget input').first();
  // F1 can be swallowed while a modal editor or dialog has focus, and a closing palette is still "visible" for a
  // moment: retry with Escape first, and finally Ctrl+Shift+P.
  const keys = ['F1', 'F1', 'Control+Shift+P'];
  for (let attempt = 0; attempt < keys.length; attempt++) {
    if (!(await input.isVisible())) {
      if (attempt > 0) await page.keyboard.press('Escape');
      await page.keyboard.press(keys[attempt]);
      if (!(await reaches(input, 3_000))) continue;
    }
    try {
      await input.fill(`>${text}`, { timeout: 3_000 });
      return input;
    } catch {
      /* the palette was closing: try again */
    }
  }
  throw new Error('the command palette did not open');
}

/** Closes the quick input (palette) and waits until it is gone. */
export async function closePalette(page: Page): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  if (!(await widget.isVisible())) return;
  await page.keyboard.press('Escape');
  await widget.waitFor({ state: 'hidden', timeout: 3_000 }).catch(() => undefined);
}

function paletteRow(page: Page, title: string): Locator {
  return page
    .locator('.quick-input-widget .quick-input-list .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^\\s*${escapeRegExp(title)}\\s*$`) }) })
    .first();
}

/** Closes quick inputs, menus, notifications and modal editors so the next step starts from a clean workbench. */
export async function resetUi(page: Page): Promise<void> {
  for (let i = 0; i < 3; i++) await page.keyboard.press('Escape');
  await page
    .locator('.quick-input-widget')
    .waitFor({ state: 'hidden', timeout: 3_000 })
    .catch(() => undefined);
  await closeModalEditor(page);
}

/**
 * Closes the modal editor VS Code opens some editors in (Running Extensions, since 1.139), by its close button:
 * Escape closes it only while the focus is inside it, and while it is open it keeps F1 from opening the palette.
 */
export async function closeModalEditor(page: Page): Promise<void> {
  const modal = page.locator('.modal-editor-part').first();
  for (let attempt = 0; attempt < 3 && (await modal.isVisible()); attempt++) {
    const close = page
      .locator(
        '.modal-editor-part .modal-editor-header [aria-label^="Close Modal Editor"], .modal-editor-part .modal-editor-header .codicon-close',
      )
      .first();
    await close.click({ timeout: 2_000 }).catch(() => page.keyboard.press('Escape'));
    await modal.waitFor({ state: 'hidden', timeout: 2_000 }).catch(() => undefined);
  }
  if (await modal.isVisible()) throw new Error('a modal editor stays open');
}

/** Runs a command from the command palette by its full title as shown there ("Category: Title"). Right after start-up
 *  the palette may not list the extension's commands yet, and an open palette does not refresh: reopen it until then. */
export async function runCommand(page: Page, title: string, timeoutMs = 30_000): Promise<void> {
  const row = paletteRow(page, title);
  await waitFor(
    `command "${title}" in the command palette`,
    async () => {
      await openPalette(page, title);
      if (await reaches(row, 3_000)) return true;
      await closePalette(page);
      return false;
    },
    timeoutMs,
    0,
  );
  await row.click();
  await page
    .locator('.quick-input-widget')
    .waitFor({ state: 'hidden', timeout: 5_000 })
    .catch(() => undefined);
}

/**
 * Chooses a network in "Initia: Select Network…" as a person does: types its name and clicks its row. The picker's
 * rows may be replaced while it is open (the registry and this machine answer later), which can leave no row
 * focused for Enter; a click on the row does not depend on the focus.
 */
export async function selectNetwork(page: Page, name: string): Promise<void> {
  const exact = new RegExp(`^\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  const widget = page.locator('.quick-input-widget');
  const input = page.locator('.quick-input-widget input[placeholder^="Select the Initia network"]');
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (!(await input.isVisible())) await runCommand(page, 'Initia: Select Network…');
    if (!(await reaches(input, 10_000))) continue;
    await input.fill(name);
    const row = page
      .locator('.quick-input-widget .quick-input-list .monaco-list-row', {
        has: page.locator('.label-name', { hasText: exact }),
      })
      .first();
    if (!(await reaches(row, 10_000))) continue;
    await row.click({ timeout: 5_000 }).catch(() => undefined);
    if (await reaches(widget, 15_000, 'hidden')) return;
  }
  throw new Error(`Select Network…: a click on the "${name}" row did not close it, in three tries`);
}

/** Whether the command palette offers a command with exactly this title; closes the palette unless `keepOpen`
 *  (keep it open to check many titles quickly). */
export async function paletteHas(
  page: Page,
  title: string,
  opts: { keepOpen?: boolean; timeoutMs?: number } = {},
): Promise<boolean> {
  await openPalette(page, title);
  const found = await reaches(paletteRow(page, title), opts.timeoutMs ?? 3_000);
  if (!opts.keepOpen) await closePalette(page);
  return found;
}

/** Tracks a transfer from the command palette: the hash, then the chain (its box is prefilled with the active
 *  network's chain id, demo-evm-1 on the fake indexer). */
export async function trackFromPalette(page: Page, hash: string, chainId: string): Promise<void> {
  await runCommand(page, 'Initia: Track a Transfer…');
  const input = page.locator('.quick-input-widget input').first();
  await input.waitFor();
  await input.fill(hash);
  await page.keyboard.press('Enter');
  await waitFor('the chain box', async () => (await input.inputValue()) === 'demo-evm-1', 30_000);
  await input.fill(chainId);
  await page.keyboard.press('Enter');
}

/** The rows of a sidebar view pane, by the pane's title. */
export function viewRows(page: Page, title: string): Locator {
  return page.locator('.pane', { has: page.locator('.pane-header', { hasText: title }) }).locator('.monaco-list-row');
}

/** Waits for a notification toast containing `text`. */
export async function notification(page: Page, text: string | RegExp, timeoutMs = 10_000): Promise<Locator> {
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
  await toast.waitFor({ state: 'visible', timeout: timeoutMs });
  return toast;
}

/** Waits until the extension host has activated the extension `id` (publisher.name), read from the remote
 *  extension host log; rejects after `timeoutMs`. */
export async function waitForActivation(wb: Workbench, id: string, timeoutMs = 30_000): Promise<void> {
  const needle = `ExtensionService#_doActivateExtension ${id},`;
  await waitFor(`the activation of ${id}`, () => wb.server.extHostLogTail(100_000).includes(needle), timeoutMs, 200);
}

/** Saves a PNG screenshot of the whole workbench as <SCREENSHOTS_DIR>/<name>.png; returns the path. */
export async function screenshot(page: Page, name: string, dir = SCREENSHOTS_DIR): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file });
  return file;
}

// ---- a tiny sequential test registry -------------------------------------------------------------------------

export type E2eFn = (wb: Workbench) => Promise<void>;
interface E2eCase {
  name: string;
  fn: E2eFn;
  timeoutMs: number;
}
const cases: E2eCase[] = [];

/** Registers an e2e test; tests run in registration order in one shared workbench. */
export function e2eTest(name: string, fn: E2eFn, timeoutMs = 60_000): void {
  cases.push({ name, fn, timeoutMs });
}

export function registeredTests(): readonly E2eCase[] {
  return cases;
}
