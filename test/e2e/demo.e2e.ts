// The editor `npm start` opens, as it opens it: its settings and URL (scripts/demoEditor.mjs) and the demo-only
// extension that opens TRY-ME.md on the demo's first start (scripts/demo-opener). After Reload Window the result tabs
// come back and the tab the user was on stays the active one (a URL that opened TRY-ME.md, `payload=openFile`, made
// it the active tab again at every load). Its settings hold the demo's Move rollup, "Local Move demo", whose REST
// answers the vault module: picked in Select Network…, its view is called from the palette as TRY-ME.md says, and its
// failing transaction explained: the abort named from the workspace's Move source, with its doc, its site opened.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { tryMeMarkdown } from '../fixtures/tryMe';
import { MOVE_DEMO_NETWORK, moveProfile, startMoveIndexer, startMoveNode } from '../fixtures/moveRollup';
import { MOVE_ACCOUNT, MOVE_SENDER, MOVE_TXS, VAULT_BALANCES } from '../fixtures/moveData';
import { EXPLAIN } from '../../src/webview/selectors';
import type { FakeNode } from '../fixtures/fakeNode';
import { waitFor } from '../support/wait';
import { REPO_ROOT, e2eTest, openWorkbench, runCommand, screenshot, selectNetwork, type Workbench } from './harness';

type MoveProfile = ReturnType<typeof moveProfile>;
interface DemoEditorModule {
  packDemoOpener(repoRoot: string, out: string): string;
  demoUserSettings(
    demo: Pick<Workbench, 'router'> & {
      indexer: Workbench['fake'];
      registry: { mainnetUrl: string };
      move: { indexer: Workbench['fake']; profile: MoveProfile };
    },
    network: string,
  ): Record<string, unknown>;
}

/** The demo's settings hold the Move rollup's profile, and its REST answers the module TRY-ME.md names. */
async function moveRollupIsThere(settings: Record<string, unknown>, profile: MoveProfile): Promise<void> {
  const networks = settings['initia.networks'] as MoveProfile[];
  assert.deepEqual(
    networks.find((n) => n.name === MOVE_DEMO_NETWORK),
    profile,
    JSON.stringify(networks),
  );
  const res = await fetch(`${profile.restUrl}/initia/move/v1/accounts/0xcafe/modules/vault`);
  assert.equal(res.status, 200);
  const { module } = (await res.json()) as { module: { abi: string } };
  const abi = JSON.parse(module.abi) as { exposed_functions: Array<{ name: string; is_view: boolean }> };
  assert.ok(abi.exposed_functions.some((f) => f.name === 'balance' && f.is_view));
}

/** On the Local Move demo network, Call Move View Function… from the palette: 0xcafe::vault, balance, the sender as
 *  init1…; the answer opens as a document, and the node was asked once, in hex. */
async function moveViewFromPalette(page: Page, node: FakeNode): Promise<void> {
  await selectNetwork(page, MOVE_DEMO_NETWORK);
  await page.locator('.statusbar-item', { hasText: MOVE_DEMO_NETWORK }).first().waitFor({ timeout: 15_000 });
  await runCommand(page, 'Initia: Call Move View Function…');
  const input = page.locator('.quick-input-widget input').first();
  await input.waitFor();
  await input.fill('0xcafe::vault');
  await page.keyboard.press('Enter');
  await page
    .locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: /^balance/ })
    .first()
    .click({ timeout: 15_000 });
  await page.locator('.quick-input-widget', { hasText: 'Argument 1 of balance' }).waitFor({ timeout: 10_000 });
  await input.fill(MOVE_SENDER);
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab', { hasText: 'vault_balance' }).first().waitFor({ timeout: 15_000 });
  const result = page.locator('.editor-instance .monaco-editor .view-lines').filter({ hasText: '"result"' }).first();
  await result.waitFor({ timeout: 15_000 });
  const text = ((await result.textContent()) ?? '').replace(/\u00a0/g, ' ');
  assert.match(text, new RegExp(`"result": "${VAULT_BALANCES[MOVE_ACCOUNT]}"`), text);
  const views = node.requests.filter((r) => r.path === '/initia/move/v1/view/json');
  assert.equal(views.length, 1);
  assert.match(views[0]!.body, new RegExp(MOVE_ACCOUNT.slice(2)), 'the init1… owner reached the node as hex');
}

/**
 * On the Local Move demo, Explain of the failing Move transaction: its abort named from the workspace's
 * move/sources/vault.move with its doc comment; "Raised at …" opens the line that raised it.
 */
async function explainMoveAbort(page: Page): Promise<void> {
  await runCommand(page, 'Initia: Explain Transaction…');
  const input = page.locator('.quick-input-widget input').first();
  await input.waitFor();
  await input.fill(MOVE_TXS.vaultAbort);
  await page.keyboard.press('Enter');
  const frame = page.frameLocator('iframe.webview.ready').first().frameLocator('#active-frame');
  const name = frame.locator(`#${EXPLAIN.moveAbortName}`);
  await name.waitFor({ timeout: 30_000 });
  assert.equal(await name.textContent(), 'EINSUFFICIENT_FUNDS');
  assert.equal(
    await frame.locator(`#${EXPLAIN.moveAbortDoc}`).textContent(),
    'The vault holds less for this account than the amount asked for.',
  );
  assert.equal(
    await frame.locator(`#${EXPLAIN.moveAbortSource}`).textContent(),
    "named from the workspace's Move source",
  );
  await screenshot(page, 'explain-move-abort');
  await frame.locator('button', { hasText: 'Raised at move/sources/vault.move:35' }).click();
  await page.locator('.tabs-container .tab', { hasText: 'vault.move' }).first().waitFor({ timeout: 15_000 });
}

/** Reload Window keeps the result tabs, and the tab the user was on stays the active one. */
async function reloadKeepsTabs(page: Page): Promise<void> {
  const tab = (text: string) => page.locator('.tabs-container .tab', { hasText: text }).first();
  await tab('TRY-ME.md').waitFor({ timeout: 30_000 });
  await runCommand(page, 'Initia: Show Indexer Status');
  await tab('status.json').waitFor({ timeout: 15_000 });
  await tab('status.json').dblclick(); // kept, as users keep a lookup
  await runCommand(page, 'Developer: Reload Window');
  await page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout: 60_000 });
  await tab('TRY-ME.md').waitFor({ timeout: 30_000 });
  await tab('status.json').waitFor({ timeout: 30_000 });
  // The tab the user was on stays the active one: TRY-ME.md opens on the demo's first start only.
  const active = page.locator('.tabs-container .tab.active');
  await waitFor(
    'the restored editors settled',
    async () => (await page.locator('.tabs-container .tab').count()) === 2,
    30_000,
  );
  assert.match((await active.first().textContent()) ?? '', /status\.json/, 'the active tab after Reload Window');
}

e2eTest(
  "npm start's editor (TRY-ME.md opened on its first start): Reload Window keeps the result tabs and the active one; the Local Move demo's view from the palette",
  async (wb) => {
    const demo = (await import(
      pathToFileURL(path.join(REPO_ROOT, 'scripts', 'demoEditor.mjs')).href
    )) as DemoEditorModule;
    if (!wb.registry) throw new Error('the runner started no registry');
    const moveIndexer = await startMoveIndexer();
    const moveNode = await startMoveNode(moveIndexer);
    const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'initia-demo-workspace-'));
    try {
      const profile = moveProfile(moveIndexer.url, moveNode.url);
      // As npm start makes them when the demo's indexer is not on its own port: its profile active, the Move one beside.
      const network = 'Demo (other ports)';
      const move = { indexer: moveIndexer, profile };
      const demoParts = { indexer: wb.fake, router: wb.router, registry: wb.registry, move };
      const settings = demo.demoUserSettings(demoParts, network);
      await moveRollupIsThere(settings, profile);
      const tryMe = { data: wb.fake.data, indexerUrl: wb.fake.url, routerUrl: wb.router.url, network, move: profile };
      fs.writeFileSync(path.join(workspace, 'TRY-ME.md'), tryMeMarkdown(tryMe));
      // The Move package, as npm start copies it: its constants name the demo's aborts.
      fs.cpSync(path.join(REPO_ROOT, 'test', 'fixtures', 'move', 'workspace'), path.join(workspace, 'move'), {
        recursive: true,
      });
      const editor = await openWorkbench({
        vsix: wb.vsix,
        fake: wb.fake,
        router: wb.router,
        workspace,
        moreVsix: [demo.packDemoOpener(REPO_ROOT, `${workspace}-opener.vsix`)],
        settings,
      });
      try {
        await reloadKeepsTabs(editor.page);
        await moveViewFromPalette(editor.page, moveNode);
        await explainMoveAbort(editor.page);
      } finally {
        await editor.close();
      }
    } finally {
      await moveIndexer.close();
      await moveNode.close();
      fs.rmSync(workspace, { recursive: true, force: true });
      fs.rmSync(`${workspace}-opener.vsix`, { force: true });
    }
  },
  150_000,
);
