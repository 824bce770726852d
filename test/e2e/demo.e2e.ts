// The editor `npm start` opens, as it opens it: its settings and URL (scripts/demoEditor.mjs) and the demo-only
// extension that opens TRY-ME.md on the demo's first start (scripts/demo-opener). After Reload Window the result tabs
// come back and the tab the user was on stays the active one (a URL that opened TRY-ME.md, `payload=openFile`, made
// it the active tab again at every load).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as assert from 'node:assert/strict';
import { tryMeMarkdown } from '../fixtures/tryMe';
import { waitFor } from '../support/wait';
import { REPO_ROOT, e2eTest, openWorkbench, runCommand } from './harness';

interface DemoEditorModule {
  DEMO_EDITOR_SETTINGS: Record<string, unknown>;
  packDemoOpener(repoRoot: string, out: string): string;
}

e2eTest(
  "npm start's editor (TRY-ME.md opened on its first start): Reload Window keeps the result tabs and the active one",
  async (wb) => {
    const demo = (await import(
      pathToFileURL(path.join(REPO_ROOT, 'scripts', 'demoEditor.mjs')).href
    )) as DemoEditorModule;
    const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'initia-demo-workspace-'));
    const tryMe = path.join(workspace, 'TRY-ME.md');
    fs.writeFileSync(tryMe, tryMeMarkdown({ data: wb.fake.data, indexerUrl: wb.fake.url, routerUrl: wb.router.url }));
    const editor = await openWorkbench({
      vsix: wb.vsix,
      fake: wb.fake,
      router: wb.router,
      workspace,
      moreVsix: [demo.packDemoOpener(REPO_ROOT, `${workspace}-opener.vsix`)],
      settings: demo.DEMO_EDITOR_SETTINGS,
    });
    try {
      const page = editor.page;
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
    } finally {
      await editor.close();
      fs.rmSync(workspace, { recursive: true, force: true });
      fs.rmSync(`${workspace}-opener.vsix`, { force: true });
    }
  },
  150_000,
);
