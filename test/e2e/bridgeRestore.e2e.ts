// The bridge panel keeps its place: hidden and shown again (its webview document is recreated) and after a window
// reload (VS Code restores the panel through the serializer), the form and the found route come back as they were,
// read from the saved state with the protocol's schema, and nothing says the state was discarded.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { bridgeFrame, openBridge, findRoute } from './bridgePanel';
import { e2eTest, runCommand } from './harness';
import { waitFor } from '../support/wait';
import { BRIDGE } from '../../src/webview/selectors';

const AMOUNT_IN = '2 INIT (2,000,000 uinit on interwoven-1)';

async function assertRestored(page: Page): Promise<void> {
  const frame = bridgeFrame(page);
  await frame.locator(`#${BRIDGE.amountIn}`, { hasText: AMOUNT_IN }).waitFor({ timeout: 60_000 });
  assert.equal(await frame.locator(`#${BRIDGE.amount} input`).first().inputValue(), '2', 'the form');
  // The picker shows the asset's label once the router's list for the chain is back (the denom until then).
  await waitFor(
    'the picked asset',
    async () => (await frame.locator(`#${BRIDGE.sourceAsset}`).inputValue()) === 'INIT',
    15_000,
  );
  assert.match(
    (await frame.locator(`#${BRIDGE.amountOut}`).textContent()) ?? '',
    /^3\.659705 OSMO \(3,659,705 uosmo on osmosis-1\)/,
    'the route',
  );
  assert.equal(await frame.locator(`#${BRIDGE.stateNote}`).count(), 0, 'the saved state was read');
  assert.equal(
    await page.locator('.notifications-toasts .notification-toast', { hasText: 'could not be read' }).count(),
    0,
  );
}

e2eTest(
  'bridge: the form and the route survive the panel being hidden and a window reload',
  async ({ page }) => {
    // The panel may still show an earlier transfer: start a new one.
    const frame = await openBridge(page, { fresh: true });
    await findRoute(frame, '2');
    await frame.locator(`#${BRIDGE.amountIn}`, { hasText: AMOUNT_IN }).waitFor({ timeout: 15_000 });

    // Hidden behind another editor, then shown again: a new document, the same panel.
    await runCommand(page, 'File: New Untitled Text File');
    await runCommand(page, 'Initia: Open Bridge');
    await assertRestored(page);

    // A window reload: VS Code restores the panel (and its state) through the extension's serializer.
    await runCommand(page, 'Developer: Reload Window');
    await page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout: 60_000 });
    await assertRestored(page);
  },
  150_000,
);
