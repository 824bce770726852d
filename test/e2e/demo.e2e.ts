// The editor `npm start` opens, as it opens it: its settings (scripts/demoEditor.mjs) and its URL, which opens TRY-ME.md
// (`payload=openFile`). A result tab must come back after Reload Window there, as it does with a plain `?folder=` URL
// (a workbench opened with a file to open restores no other editor unless `window.restoreWindows` is `preserve`).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tryMeMarkdown } from '../fixtures/tryMe';
import { REPO_ROOT, e2eTest, openWorkbench, runCommand } from './harness';

interface DemoEditorModule {
  DEMO_EDITOR_SETTINGS: Record<string, unknown>;
  demoPayload(tryMeRemoteUri: string): Array<[string, string]>;
}

e2eTest(
  "npm start's editor (TRY-ME.md opened by its URL): Reload Window keeps the result tabs",
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
      settings: demo.DEMO_EDITOR_SETTINGS,
      payload: (server) => demo.demoPayload(server.remoteUri(tryMe)),
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
    } finally {
      await editor.close();
      fs.rmSync(workspace, { recursive: true, force: true });
    }
  },
  150_000,
);
