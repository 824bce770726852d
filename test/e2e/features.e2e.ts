// Feature checks in the real workbench, against the fake indexer (the active network): a lookup from the command
// palette opens its JSON document; the Initia sidebar pages blocks lazily (Load more = one request) and expands a
// block into its transactions. Screenshots go to media/screenshots/ for the README.
import * as assert from 'node:assert/strict';
import { waitFor } from '../support/wait';
import { e2eTest, reaches, runCommand, screenshot, viewRows } from './harness';

e2eTest('Initia: Show Indexer Status opens a read-only JSON document from the fake indexer', async ({ page, fake }) => {
  fake.resetRequests();
  await runCommand(page, 'Initia: Show Indexer Status');
  await page.locator('.tabs-container .tab', { hasText: 'status.json' }).first().waitFor({ timeout: 15_000 });
  const editor = page.locator('.editor-instance .view-lines').first();
  await waitFor('the status JSON in the editor', async () => (await editor.innerText()).includes(fake.data.chainId));
  assert.deepEqual(fake.requests.map((r) => r.path).sort(), ['/indexer/block/v1/avg_blocktime', '/status']);
  await screenshot(page, 'lookup-status');
});

e2eTest(
  'the Initia sidebar: Blocks load lazily, Load more asks one page, a block expands into its transactions',
  async ({ page, fake }) => {
    fake.resetRequests();
    // The activity bar's Initia item toggles its side bar: click it only when the Blocks view is not shown (a retry, or an
    // earlier test, may have left it shown).
    const blocksHeader = page.locator('.pane-header', { hasText: 'Blocks' }).first();
    if (!(await blocksHeader.isVisible()))
      await page.locator('.activitybar .action-item a[aria-label^="Initia"]').first().click();
    const blocks = viewRows(page, 'Blocks');
    const tip = fake.data.latestHeight;
    await blocks
      .filter({ hasText: tip.toLocaleString('en-US') })
      .first()
      .waitFor({ timeout: 20_000 });
    await waitFor('one blocks request', () => fake.count('/indexer/block/v1/blocks') === 1);
    // A click on a collapsed row expands it: the newest block's transactions, one request.
    await blocks.first().click();
    if (fake.data.txsAt(tip).length > 0)
      await waitFor('the block transactions', () => fake.count(`/indexer/tx/v1/txs/by_height/${tip}`) === 1);
    // Load more is the last row: move the focus to the end of the list and activate it, as a keyboard user would.
    // (The focus stays in the tree unless something took it meanwhile, a notification say: then End is pressed again.)
    const loadMore = blocks.filter({ hasText: 'Load more…' }).first();
    await waitFor(
      'Load more focused at the end of the list',
      async () => {
        if (!(await blocks.and(page.locator('.focused')).first().isVisible())) await blocks.first().click();
        await page.keyboard.press('End');
        return reaches(loadMore, 2_000);
      },
      20_000,
      0,
    );
    await page.keyboard.press('Enter');
    await waitFor('the second page', () => fake.count('/indexer/block/v1/blocks') === 2);
    const q = new URLSearchParams(fake.requests.filter((r) => r.path === '/indexer/block/v1/blocks')[1]!.query);
    assert.ok(q.get('pagination.key'), 'the next page by the server key');
    await page.keyboard.press('Home');
    // The screenshot shows the top of the list: wait until the focus is back on the newest block.
    await blocks
      .and(page.locator('.focused'))
      .filter({ hasText: tip.toLocaleString('en-US') })
      .first()
      .waitFor({ timeout: 5_000 });
    await screenshot(page, 'sidebar');
  },
);

/** The browser's window, as far as this test reads it (the tests compile without DOM types). */
type Window = { getComputedStyle(el: unknown): { fontStyle: string } };

e2eTest(
  'lookups open in the preview tab: the next lookup takes its place, as VS Code does for files',
  async ({ page }) => {
    await runCommand(page, 'View: Close All Editors');
    const tabs = page.locator('.tabs-container .tab');
    await waitFor('no editor open', async () => (await tabs.count()) === 0);
    await runCommand(page, 'Initia: Show Indexer Status');
    await tabs.filter({ hasText: 'status.json' }).first().waitFor({ timeout: 15_000 });
    assert.equal(
      await tabs
        .filter({ hasText: 'status.json' })
        .locator('.label-name')
        .first()
        .evaluate((el) => (globalThis as unknown as Window).getComputedStyle(el).fontStyle),
      'italic',
      'a preview tab',
    );
    await runCommand(page, 'Initia: Show Latest Blocks');
    await tabs.filter({ hasText: 'blocks.json' }).first().waitFor({ timeout: 15_000 });
    assert.equal(await tabs.count(), 1, 'the second lookup replaced the first');
  },
);

e2eTest('Look Up… says what it recognised as you type, and offers recent lookups', async ({ page, fake }) => {
  const height = String(fake.data.latestHeight - 11);
  const input = page.locator('.quick-input-widget input').first();
  const rows = page.locator('.quick-input-widget .monaco-list-row');
  await runCommand(page, 'Initia: Look Up…');
  await input.fill(height);
  await rows
    .filter({ hasText: `Recognised: block height ${height}` })
    .first()
    .waitFor({ timeout: 10_000 });
  await input.fill('init1abc');
  await rows.filter({ hasText: '38 characters after init1' }).first().waitFor({ timeout: 10_000 });
  await input.fill(height);
  await rows.filter({ hasText: 'Recognised' }).first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  await page
    .locator('.tabs-container .tab', { hasText: `block ${height}.json` })
    .first()
    .waitFor({ timeout: 15_000 });
  // Again: the recent one is offered, and choosing it looks it up.
  await runCommand(page, 'View: Close All Editors');
  await runCommand(page, 'Initia: Look Up…');
  const recent = rows
    .filter({ hasText: height })
    .filter({ hasText: `block height ${height}` })
    .first();
  await recent.waitFor({ timeout: 10_000 });
  await recent.click();
  await page
    .locator('.tabs-container .tab', { hasText: `block ${height}.json` })
    .first()
    .waitFor({ timeout: 15_000 });
});

e2eTest(
  'the editor title offers Previous / Next Page only on a list, each enabled when there is such a page',
  async ({ page, fake }) => {
    await runCommand(page, 'View: Close All Editors');
    const action = (title: string) => page.locator(`.editor-actions .action-label[aria-label^="${title}"]`);
    // A single record: a transaction. No paging there.
    const tx = fake.data.txs.find((t) => t.kind === 'send')!;
    await runCommand(page, 'Initia: Look Up…');
    await page.locator('.quick-input-widget input').first().fill(tx.hash);
    await page
      .locator('.quick-input-widget .monaco-list-row', { hasText: 'Recognised' })
      .first()
      .waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await page.locator('.tabs-container .tab', { hasText: /^tx / }).first().waitFor({ timeout: 15_000 });
    await action('Refresh Document').first().waitFor({ timeout: 10_000 });
    assert.equal(await action('Next Page').count(), 0, 'no Next Page on a transaction');
    assert.equal(await action('Previous Page').count(), 0, 'no Previous Page on a transaction');
    // A list on its first page: Next enabled, Previous there but disabled; on page 2 both enabled.
    await runCommand(page, 'Initia: Show Latest Blocks');
    await page.locator('.tabs-container .tab', { hasText: 'blocks.json' }).first().waitFor({ timeout: 15_000 });
    const isDisabled = async (title: string) =>
      ((await action(title).first().getAttribute('class')) ?? '').includes('disabled');
    await waitFor(
      'Next Page enabled on page 1',
      async () => (await action('Next Page').count()) === 1 && !(await isDisabled('Next Page')),
      15_000,
    );
    assert.equal(await isDisabled('Previous Page'), true, 'no page before the first');
    await action('Next Page').first().click();
    await waitFor('Previous Page enabled on page 2', async () => !(await isDisabled('Previous Page')), 15_000);
    await runCommand(page, 'View: Close All Editors');
  },
);
