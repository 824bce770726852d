// Loss: a transfer tracked from the command palette, and an open result document, survive a window reload (a new
// extension host). After "Developer: Reload Window" the extension activates again, finds the unfinished transfer and
// polling resumes (the fake router sees status requests again) without the user doing anything; the document's tab
// comes back and loads itself again from its address.
import * as assert from 'node:assert/strict';
import { waitFor } from '../support/wait';
import { e2eTest, runCommand, screenshot, trackFromPalette, viewRows } from './harness';

e2eTest(
  'loss: a tracked transfer keeps being watched, and a result document comes back, after a window reload',
  async ({ page, router, fake }) => {
    const hash = `${'9F'.repeat(31)}A7`;
    // A long transfer (LayerZero, stretched), so it is still in progress across the restart.
    router.prepare(hash, 'interwoven-1', { to: '1', fate: 'success', jitter: 30 });
    const statusOf = () => router.requests.filter((r) => r.path === '/v2/tx/status' && r.query.includes(hash)).length;

    await trackFromPalette(page, hash, 'interwoven-1');
    await waitFor('the tracking request', () => router.count('/v2/tx/track') >= 1, 30_000);
    await waitFor('a first status poll', () => statusOf() >= 1, 30_000);
    // The Transfers view shows it (the command focuses the view when asked interactively).
    await viewRows(page, 'Transfers')
      .filter({ hasText: hash.slice(0, 8) })
      .first()
      .waitFor({ timeout: 15_000 });

    // A result document, kept (double-click pins the preview tab, as users do).
    await runCommand(page, 'Initia: Show Indexer Status');
    const statusTab = page.locator('.tabs-container .tab', { hasText: 'status.json' }).first();
    await statusTab.waitFor({ timeout: 15_000 });
    await statusTab.dblclick();

    const before = statusOf();
    const restartedAt = Date.now();
    fake.resetRequests();
    await runCommand(page, 'Developer: Reload Window');
    await page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout: 60_000 });
    // The document's tab is back, and it asked the indexer again for its content.
    await page.locator('.tabs-container .tab', { hasText: 'status.json' }).first().waitFor({ timeout: 30_000 });
    const editor = page.locator('.editor-instance .view-lines').first();
    await waitFor(
      'the restored document loaded again',
      async () => (await editor.innerText().catch(() => '')).includes(fake.data.chainId),
      30_000,
    );
    assert.ok(fake.count('/status') >= 1);
    // Polling resumes on its own after the new host activates (a couple of seconds after activation).
    await waitFor(
      'status polls after the restart',
      () =>
        router.requests.some((r) => r.path === '/v2/tx/status' && r.query.includes(hash) && r.time > restartedAt + 500),
      60_000,
    );
    assert.ok(statusOf() > before);
    // And the Transfers view lists it again.
    await runCommand(page, 'Initia: Refresh Transfers');
    await viewRows(page, 'Transfers')
      .filter({ hasText: hash.slice(0, 8) })
      .first()
      .waitFor({ timeout: 15_000 });
    await screenshot(page, 'transfers');
  },
  120_000,
);
