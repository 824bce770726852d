// Restricted Mode, with the packaged extension installed as a user would have it: a second workbench whose folder is
// not trusted. An extension that declared no support for untrusted workspaces would be disabled there; Initia
// Explorer declares limited support, so its sidebar browses the (user-configured) network.
import * as assert from 'node:assert/strict';
import { e2eTest, openWorkbench, viewRows } from './harness';

e2eTest(
  'Restricted Mode: the folder is not trusted, and the Initia sidebar still browses blocks',
  async (wb) => {
    if (!wb.vsix) return; // the repo as a development extension is exempt from workspace trust: only a .vsix shows it
    const restricted = await openWorkbench({
      vsix: wb.vsix,
      fake: wb.fake,
      router: wb.router,
      registry: wb.registry,
      trust: true,
    });
    try {
      const page = restricted.page;
      await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ timeout: 20_000 });
      await page.locator('.activitybar .action-item a[aria-label^="Initia"]').first().click({ timeout: 20_000 });
      const tip = wb.fake.data.latestHeight.toLocaleString('en-US');
      await viewRows(page, 'Blocks').filter({ hasText: tip }).first().waitFor({ timeout: 20_000 });
      assert.ok((await viewRows(page, 'Blocks').count()) > 1);
    } finally {
      await restricted.close();
    }
  },
  120_000,
);
