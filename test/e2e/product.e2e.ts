// The editor `npm start` opens: the packaged extension in code-server without the test driver, whose workbench hides
// every notification toast. There, an indexer error shows as a toast with its actions, as users see it.
import * as assert from 'node:assert/strict';
import { notification, openWorkbench, runCommand } from './harness';
import { e2eTest } from './harness';

e2eTest(
  'as npm start runs it (no test driver): an indexer error is a notification with Retry and Select Network',
  async (wb) => {
    if (!wb.vsix) return; // npm start installs the packaged extension; the repo as a development extension needs the driver
    const product = await openWorkbench({
      vsix: wb.vsix,
      fake: wb.fake,
      router: wb.router,
      registry: wb.registry,
      smokeTestDriver: false,
    });
    try {
      const page = product.page;
      await runCommand(page, 'Initia: Look Up…');
      const input = page.locator('.quick-input-widget input').first();
      await input.fill('99999999');
      await page.keyboard.press('Enter');
      const toast = await notification(page, /The indexer answered 404/, 20_000);
      const text = (await toast.textContent()) ?? '';
      assert.match(text, /Retry/);
      assert.match(text, /Select Network/);
    } finally {
      await product.close();
    }
  },
  120_000,
);
