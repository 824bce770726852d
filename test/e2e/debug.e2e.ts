// Debug a mined EVM transaction, in the real workbench: anvil (started by the runner, behind a counting proxy) on the
// network "Fake indexer + anvil", the Foundry project built by forge copied into the workspace as `evm/`. Explain's
// "Debug from here" starts the debugger, which runs to the revert two calls deep: the editor shows Vault.sol with the
// stopped line highlighted, the Call Stack names Vault.withdraw, Relay.pull and Router.withdrawVia, and the Variables
// view lists the call's decoded arguments. Screenshot for the README.
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

e2eTest(
  'evm debug: Explain’s “Debug from here” stops at the revert in Vault.sol, the line highlighted, the arguments decoded',
  async ({ page, evm, workspace }) => {
    if (!evm)
      throw new Error('anvil is not installed (npm ci installs @foundry-rs/anvil): the runner started no EVM node');
    const { chain, proxy } = evm;
    const folder = path.join(workspace, 'evm');
    copyEvmProject(buildEvmProject(), folder);
    const line =
      fs
        .readFileSync(path.join(folder, 'src', 'Vault.sol'), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('revert InsufficientBalance')) + 1;
    try {
      await runCommand(page, 'View: Close All Editors');
      await selectNetwork(page, EVM_NETWORK);
      await runCommand(page, 'Initia: Explain Transaction…');
      const input = page.locator('.quick-input-widget input').first();
      await input.waitFor();
      await input.fill(chain.txs.deep);
      await page.keyboard.press('Enter');
      const frame = explainFrame(page);
      // The copied artifacts reach the ABI index a moment after they appear: refresh until the trace is named.
      await waitFor(
        'the call trace named from the workspace',
        async () => {
          const named =
            (await frame
              .locator(`#${traceFrame(2)} .contract`)
              .textContent({ timeout: 20_000 })
              .catch(() => '')) === 'Vault';
          if (!named) await frame.locator(`#${EXPLAIN.refresh}`).click();
          return named;
        },
        60_000,
        500,
      );
      proxy.reset();
      await frame.locator(`#${EXPLAIN.debugRevert}`).click();
      // The debugger stops at the revert: Vault.sol open, the stopped line highlighted where the revert is.
      await page.locator('.tabs-container .tab', { hasText: 'Vault.sol' }).first().waitFor({ timeout: 30_000 });
      const stopped = page.locator('.monaco-editor .debug-top-stack-frame-line').first();
      await stopped.waitFor({ timeout: 30_000 });
      await page
        .locator('.statusbar-item', { hasText: new RegExp(`^Ln ${line}, Col \\d+`) })
        .first()
        .waitFor({ timeout: 15_000 });
      // The Call Stack names the three calls; the Variables view lists the decoded argument.
      await runCommand(page, 'View: Show Run and Debug');
      const stack = page.locator('.debug-call-stack .monaco-list-row');
      await stack.filter({ hasText: 'Vault.withdraw' }).first().waitFor({ timeout: 15_000 });
      const names = (await stack.allTextContents()).join(' | ');
      assert.match(names, /Vault\.withdraw.*Relay\.pull.*Router\.withdrawVia/s, names);
      const variables = page.locator('.debug-variables .monaco-list-row');
      // VS Code expands the first scope (Call) by itself once the top frame is focused; if it has not yet, open it.
      await waitFor(
        'the Call scope open in the Variables view',
        async () => {
          if (await variables.filter({ hasText: 'amount' }).count()) return true;
          const closed = page.locator('.debug-variables .monaco-list-row[aria-expanded="false"]', {
            hasText: /^Call$/,
          });
          if (await closed.count())
            await closed
              .first()
              .click()
              .catch(() => undefined);
          return false;
        },
        30_000,
        1_000,
      );
      const vars = (await variables.allTextContents()).join(' | ').replace(/\u00a0/g, ' ');
      assert.match(vars, /amount\W*5 /, vars);
      assert.match(vars, /reverted with\W*InsufficientBalance\(available: 0, required: 5\)/, vars);
      assert.match(vars, /msg\.sender/, vars);
      assert.equal(proxy.count('debug_traceTransaction'), 1, proxy.methods().join(', '));
      await screenshot(page, 'debug-evm');
    } finally {
      await runCommand(page, 'Debug: Stop').catch(() => undefined);
      await runCommand(page, 'View: Show Explorer').catch(() => undefined);
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
      await selectNetwork(page, FAKE_NETWORK).catch(() => undefined);
      fs.rmSync(folder, { recursive: true, force: true });
    }
  },
  180_000,
);
