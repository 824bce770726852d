// Explain Transaction in the real workbench, driven inside its webview: a failed tx explained (code, codespace and
// the chain's reason first, then each message with its events), and an EVM tx whose logs are decoded with the
// built-in ERC-20/721 ABIs and whose top call is decoded with an ABI the user has in the workspace (no verified
// contract); a value in the view leads on to its lookup (as a JSON document's link does). Screenshots for the README.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EVM_TX_WITH_LOGS_HASH, FAILED_TX_HASH } from '../fixtures/fakeIndexer';
import { e2eTest, runCommand, screenshot } from './harness';
import type { FrameLocator, Page } from 'playwright-core';
import { EXPLAIN } from '../../src/webview/selectors';

function explainFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').first().frameLocator('#active-frame');
}

async function explainFromPalette(page: Page, hash: string): Promise<FrameLocator> {
  await runCommand(page, 'Initia: Explain Transaction…');
  const input = page.locator('.quick-input-widget input').first();
  await input.waitFor();
  await input.fill(hash);
  await page.keyboard.press('Enter');
  return explainFrame(page);
}

/** The marketplace the fixture EVM tx calls, as a developer's workspace would hold its ABI. */
const MARKET_ABI = [
  {
    type: 'function',
    name: 'buyItem',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'collection', type: 'address' },
      { name: 'tokenId', type: 'uint256' },
      { name: 'payToken', type: 'address' },
      { name: 'price', type: 'uint256' },
    ],
    outputs: [],
  },
];

e2eTest(
  'explain: a failed tx says why first; an EVM tx with its logs decoded (built-in ABIs) and its call decoded with the workspace ABI',
  async ({ page, fake, workspace }) => {
    await runCommand(page, 'View: Close All Editors');
    let frame = await explainFromPalette(page, FAILED_TX_HASH);
    await frame
      .locator(`#${EXPLAIN.outcomeTitle}`, { hasText: 'Failed with code 5 (sdk)' })
      .waitFor({ timeout: 30_000 });
    assert.match((await frame.locator(`#${EXPLAIN.reason}`).textContent()) ?? '', /insufficient funds/);
    assert.match((await frame.locator(`#${EXPLAIN.messages}`).textContent()) ?? '', /1\. Send/);
    await screenshot(page, 'explain-failed');

    // A call no ABI decodes (WETH's deposit(), on a contract the workspace has no ABI for): shown raw, and why.
    const multi = fake.data.txs.find((t) => t.kind === 'multi' && !t.fixture)!;
    await runCommand(page, 'View: Close All Editors');
    frame = await explainFromPalette(page, multi.hash);
    const raw = frame.locator(`#${EXPLAIN.messages} .raw-call`).first();
    await raw.waitFor({ timeout: 30_000 });
    const rawText = (await raw.textContent()) ?? '';
    assert.match(rawText, /No ABI in the workspace for 0x[0-9a-fA-F]{40} knows the function 0xd0e30db0/, rawText);
    assert.match(rawText, /Selector\s*0xd0e30db0/, rawText);
    assert.match(rawText, /Input\s*0xd0e30db0/, rawText);

    const abiFile = path.join(workspace, 'Market.abi.json');
    fs.writeFileSync(abiFile, JSON.stringify(MARKET_ABI, null, 2));
    try {
      await runCommand(page, 'View: Close All Editors');
      frame = await explainFromPalette(page, EVM_TX_WITH_LOGS_HASH);
      await frame.locator(`#${EXPLAIN.logs}`).waitFor({ timeout: 30_000 });
      const logs = (await frame.locator(`#${EXPLAIN.logs}`).textContent()) ?? '';
      assert.match(logs, /Approval.*Transfer.*Transfer/s, logs);
      assert.match(logs, /built-in ERC-20 ABI/);
      assert.match(logs, /built-in ERC-721 ABI/);
      const calls = (await frame.locator(`#${EXPLAIN.calls}`).textContent()) ?? '';
      assert.match(calls, /buyItem.*Market\.abi\.json/s, 'the top call decoded with the workspace ABI');
      assert.equal(
        (await frame.locator(`#${EXPLAIN.calls} [role=treeitem][aria-level="2"]`).count()) >= 1,
        true,
        'a tree of calls',
      );
      await screenshot(page, 'explain-evm');
      // A value leads on: the sender's account document.
      fake.resetRequests();
      const from = frame.locator(`#${EXPLAIN.facts} button.link`).filter({ hasText: /^0x/ }).first();
      const address = ((await from.textContent()) ?? '').trim();
      await from.click();
      // As from a JSON document's link: the account lookup asks what to show; its first choice is the transactions.
      await page
        .locator('.quick-input-widget .monaco-list-row', { hasText: 'every transaction that involves the account' })
        .waitFor({ timeout: 15_000 });
      await page.keyboard.press('Enter');
      await page
        .locator('.tabs-container .tab', { hasText: address.slice(0, 8) })
        .first()
        .waitFor({ timeout: 15_000 });
      assert.ok(
        fake.requests.some((r) => r.path.toLowerCase().includes(address.toLowerCase())),
        'the lookup asked the indexer for that account',
      );
    } finally {
      fs.rmSync(abiFile, { force: true });
    }
  },
  90_000,
);
