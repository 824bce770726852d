// Result documents after a window reload: the tab comes back and loads itself again (its address carries the network
// and the lookup), as the README promises.
import * as assert from 'node:assert/strict';
import { waitFor } from '../support/wait';
import { e2eTest, runCommand } from './harness';

e2eTest(
  'a result document comes back after a window reload and loads itself again',
  async ({ page, fake }) => {
    await runCommand(page, 'View: Close All Editors');
    await runCommand(page, 'Initia: Show Indexer Status');
    const tab = page.locator('.tabs-container .tab', { hasText: 'status.json' }).first();
    await tab.waitFor({ timeout: 15_000 });
    // Keep it (a preview tab is not restored by VS Code either): double-click pins it, as users do.
    await tab.dblclick();
    fake.resetRequests();
    await runCommand(page, 'Developer: Reload Window');
    await page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout: 60_000 });
    await page.locator('.tabs-container .tab', { hasText: 'status.json' }).first().waitFor({ timeout: 30_000 });
    const editor = page.locator('.editor-instance .view-lines').first();
    await waitFor('the document loaded again', async () => (await editor.innerText().catch(() => '')).includes(fake.data.chainId), 30_000);
    assert.ok(fake.count('/status') >= 1, 'it asked the indexer again');
  },
  120_000,
);
