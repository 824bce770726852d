// The integrated terminal: a transaction hash printed by a command is a link; Ctrl+click offers Look Up / Explain /
// Watch, and Look Up opens the transaction's document (the shell's TerminalLinkProvider, in the real workbench).
import type { Page } from 'playwright-core';
import { waitFor } from '../support/wait';
import { e2eTest, resetUi, runCommand, screenshot } from './harness';

/** Browser code (a string: this file is compiled without the DOM's types): the rectangle of `needle` in the terminal
 *  row that holds `rowText` (xterm's DOM renderer, which a workbench without GPU uses). */
const TEXT_BOX = `({ rowText, needle }) => {
  const rows = Array.from(document.querySelectorAll('.terminal-wrapper .xterm-rows > div')).filter((r) => r.getClientRects().length > 0);
  const row = rows.find((r) => (r.textContent || '').replace(/\\u00a0/g, ' ').includes(rowText));
  if (!row) return undefined;
  const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent || '').replace(/\\u00a0/g, ' ');
    const at = text.indexOf(needle);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + needle.length);
    const r = range.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  }
  return undefined;
}`;

type Box = { x: number; y: number; width: number; height: number };

async function textBox(page: Page, rowText: string, needle: string): Promise<Box | undefined> {
  return (await page.evaluate(`(${TEXT_BOX})(${JSON.stringify({ rowText, needle })})`)) as Box | undefined;
}

e2eTest(
  'terminal: a printed tx hash is a link; Ctrl+click, Look Up Transaction opens its document',
  async ({ page, fake }) => {
    const tx = fake.data.txs.find((t) => t.kind === 'send')!;
    await runCommand(page, 'Terminal: Create New Terminal');
    // The terminal just made (those of earlier attempts are hidden behind it).
    const terminal = page.locator('.terminal-wrapper .xterm >> visible=true').first();
    await terminal.waitFor({ timeout: 20_000 });
    await terminal.click();
    // The command line holds the hash only through a variable: the output row is the one that reads "txhash: <hash>".
    await page.keyboard.type(`H=${tx.hash.toLowerCase()}; echo "txhash: $(echo $H | tr a-f A-F)"`);
    await page.keyboard.press('Enter');
    const printed = `txhash: ${tx.hash}`;
    let box: Awaited<ReturnType<typeof textBox>>;
    await waitFor(
      'the printed hash in the terminal',
      async () => (box = await textBox(page, printed, tx.hash)) !== undefined,
      20_000,
    );
    const x = box!.x + box!.width / 2;
    const y = box!.y + box!.height / 2;
    // Hovering lets the terminal ask the link providers for that line; the link is then activated with Ctrl+click.
    await page.mouse.move(x, y);
    await page.keyboard.down('Control');
    const choices = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Look Up Transaction' }).first();
    await waitFor(
      'the link to be activated',
      async () => {
        await page.mouse.move(x + 1, y);
        await page.mouse.move(x, y);
        await page.mouse.click(x, y);
        return choices.isVisible();
      },
      20_000,
      500,
    );
    await page.keyboard.up('Control');
    await page
      .locator('.quick-input-widget .monaco-list-row', { hasText: 'Watch Until It Is In' })
      .first()
      .waitFor({ timeout: 5_000 });
    await screenshot(page, 'terminal-link');
    await choices.click();
    await page
      .locator('.tabs-container .tab', { hasText: `tx ${tx.hash.slice(0, 4)}` })
      .first()
      .waitFor({ timeout: 20_000 });
    await resetUi(page);
    await runCommand(page, 'View: Close All Editors');
    await runCommand(page, 'Terminal: Kill All Terminals').catch(() => undefined);
  },
  120_000,
);
