// Why an EVM transaction failed, in the real workbench: anvil (started by the runner, behind a counting proxy) on the
// network "Fake indexer + anvil", the Foundry project built by forge copied into the workspace as `evm/`. From the
// palette, Explain shows the call trace with the contracts named from the workspace and the custom error in words
// first; "Open src/Vault.sol:N" opens the file at the revert; "Call Contract…" on the Vault frame reads stats(address)
// at the transaction's block, decoded; after a window reload the restored panel asks the node nothing. Screenshot for
// the README: the decoded custom error with its source line.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { buildEvmProject, copyEvmProject } from '../fixtures/evmProject';
import { waitFor } from '../support/wait';
import { EVM_NETWORK, FAKE_NETWORK, e2eTest, runCommand, screenshot, selectNetwork } from './harness';
import { EXPLAIN, traceFrame } from '../../src/webview/selectors';

function explainFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').first().frameLocator('#active-frame');
}

/** Picks a quick pick row by the start of its label. */
async function pick(page: Page, label: string | RegExp): Promise<void> {
  const row = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: label }).first();
  await row.waitFor({ timeout: 15_000 });
  await row.click();
}

/** The little of the DOM `textInView` uses (this project's TypeScript has no DOM library). */
interface Box {
  left: number;
  right: number;
  width: number;
}
interface DomNode {
  textContent: string | null;
}
interface DomElement extends DomNode {
  closest(selector: string): DomElement | null;
  getBoundingClientRect(): Box;
}
interface DomDocument {
  querySelectorAll(selector: string): Iterable<DomElement>;
  createRange(): {
    setStart(node: DomNode, offset: number): void;
    setEnd(node: DomNode, offset: number): void;
    getBoundingClientRect(): Box;
  };
  createTreeWalker(root: DomElement, whatToShow: number): { nextNode(): DomNode | null };
}

/**
 * Whether `text`, on the editor line that holds it, lies inside the editor's visible text area (not scrolled off to a
 * side): its characters' box, from a DOM range over the line's text, within the scrollable area's box.
 */
async function textInView(page: Page, text: string): Promise<boolean> {
  return page.evaluate((wanted) => {
    const doc = (globalThis as unknown as { document: DomDocument }).document;
    for (const line of doc.querySelectorAll('.monaco-editor .view-line')) {
      const at = (line.textContent ?? '').replace(/\u00a0/g, ' ').indexOf(wanted);
      const area = line.closest('.editor-scrollable');
      if (at < 0 || !area) continue;
      const range = doc.createRange();
      const walker = doc.createTreeWalker(line, 4 /* NodeFilter.SHOW_TEXT */);
      let offset = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const length = node.textContent?.length ?? 0;
        if (at >= offset && at < offset + length) range.setStart(node, at - offset);
        if (at + wanted.length <= offset + length) {
          range.setEnd(node, at + wanted.length - offset);
          break;
        }
        offset += length;
      }
      const box = range.getBoundingClientRect();
      const view = area.getBoundingClientRect();
      return box.width > 0 && box.left >= view.left && box.right <= view.right;
    }
    return false;
  }, text);
}

e2eTest(
  'evm trace: a revert two calls deep explained from the workspace, its line opened, the contract read; nothing asked again after a reload',
  async ({ page, evm, workspace }) => {
    if (!evm)
      throw new Error('anvil is not installed (npm ci installs @foundry-rs/anvil): the runner started no EVM node');
    const { chain, proxy } = evm;
    const folder = path.join(workspace, 'evm');
    copyEvmProject(buildEvmProject(), folder);
    fs.cpSync(chain.broadcastDir, path.join(folder, 'broadcast'), { recursive: true });
    try {
      await runCommand(page, 'View: Close All Editors');
      await selectNetwork(page, EVM_NETWORK);
      await runCommand(page, 'Initia: Explain Transaction…');
      const input = page.locator('.quick-input-widget input').first();
      await input.waitFor();
      await input.fill(chain.txs.deep);
      await page.keyboard.press('Enter');
      const frame = explainFrame(page);
      const vault = frame.locator(`#${traceFrame(2)}`);
      // The copied artifacts reach the ABI index a moment after they appear (its file watcher): refresh until they have.
      await waitFor(
        'the call trace named from the workspace',
        async () => {
          if (
            ((await vault
              .locator('.contract')
              .textContent({ timeout: 20_000 })
              .catch(() => '')) ?? '') === 'Vault'
          )
            return true;
          await frame.locator(`#${EXPLAIN.refresh}`).click();
          return false;
        },
        60_000,
        500,
      );
      assert.match(
        (await frame.locator(`#${EXPLAIN.outcome}`).textContent()) ?? '',
        new RegExp(`on ${EVM_NETWORK.replace(/[+]/g, '\\+')}`),
      );
      const trace = (await frame.locator(`#${EXPLAIN.trace}`).textContent()) ?? '';
      assert.match(trace, /Router\.withdrawVia.*Relay\.pull.*Vault\.withdraw/s, trace);
      assert.match(trace, /passed on from #2/);
      const reason = (await frame.locator(`#${EXPLAIN.reason}`).textContent()) ?? '';
      assert.match(
        reason,
        /^InsufficientBalance\(available: 0, required: 5\) — raised in Vault\.withdraw, 2 calls deep \(src\/Vault\.sol:\d+\)$/,
        reason,
      );
      const line = Number(/src\/Vault\.sol:(\d+)/.exec(reason)![1]);

      // Open the revert's line: the workspace's file, the revert's range selected.
      await frame.locator(`#${EXPLAIN.openRevertSource}`).click();
      await page.locator('.tabs-container .tab', { hasText: 'Vault.sol' }).first().waitFor({ timeout: 15_000 });
      await page
        .locator('.statusbar-item', { hasText: new RegExp(`^Ln ${line}, Col \\d+ \\(38 selected\\)`) })
        .first()
        .waitFor({ timeout: 15_000 });
      // In the editor beside the panel (narrower than the line), the statement is scrolled into view, sideways too.
      await waitFor(
        'the revert scrolled into view in the narrow editor',
        () => textInView(page, 'InsufficientBalance(available, amount)'),
        10_000,
      );
      // For the README: the explorer out of the way, the panel and the file side by side.
      await runCommand(page, 'View: Close Primary Side Bar');
      await screenshot(page, 'explain-evm-revert');
      await runCommand(page, 'View: Toggle Primary Side Bar Visibility');

      // Read the Vault at the transaction's block, from its frame.
      await vault.locator('button', { hasText: 'Call Contract…' }).click();
      await pick(page, 'stats(address who)');
      const arg = page.locator('.quick-input-widget input').first();
      await page.locator('.quick-input-widget', { hasText: 'who (address)' }).waitFor({ timeout: 10_000 });
      await arg.fill(chain.addresses.router);
      await page.keyboard.press('Enter');
      await pick(page, /^At block \d+/);
      await page.locator('.tabs-container .tab', { hasText: 'Vault.stats' }).first().waitFor({ timeout: 15_000 });
      const result = page
        .locator('.editor-instance .monaco-editor .view-lines')
        .filter({ hasText: '"result"' })
        .first();
      await result.waitFor({ timeout: 15_000 });
      const text = ((await result.textContent()) ?? '').replace(/\u00a0/g, ' ');
      assert.match(text, /"balance": "1000000000000000"/, text);
      assert.match(text, /"vaultOwner": "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"/);
      assert.equal(proxy.count('eth_call'), 1);

      // A window reload: the panel comes back with its trace, and the node is asked nothing (the trace was kept).
      // The panel's tab is titled by its transaction.
      await page
        .locator('.tabs-container .tab', {
          hasText: `Explain ${chain.txs.deep.slice(0, 6)}…${chain.txs.deep.slice(-4)}`,
        })
        .first()
        .click();
      proxy.reset();
      await runCommand(page, 'Developer: Reload Window');
      await page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout: 60_000 });
      await explainFrame(page)
        .locator(`#${traceFrame(2)} .contract`, { hasText: 'Vault' })
        .waitFor({ timeout: 60_000 });
      assert.equal(proxy.count('debug_traceTransaction'), 0, proxy.methods().join(', '));
    } finally {
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
      await selectNetwork(page, FAKE_NETWORK).catch(() => undefined);
      fs.rmSync(folder, { recursive: true, force: true });
    }
  },
  180_000,
);
