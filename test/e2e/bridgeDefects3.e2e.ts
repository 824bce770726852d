// What a new user met in the bridge panel (issue 34, third round), each tried as they met it, in Chromium against the
// fake router: the Track fields keeping the previous transfer's hash and chain.
import * as assert from 'node:assert/strict';
import { bech32 } from 'bech32';
import type { FrameLocator } from 'playwright-core';
import { acceptWarning, fill, fillTransfer, findRoute, openBridge } from './bridgePanel';
import { e2eTest } from './harness';
import { BRIDGE, addressField } from '../../src/webview/selectors';

const address = (prefix: string, byte: number) => bech32.encode(prefix, bech32.toWords(new Uint8Array(20).fill(byte)));
const INIT = address('init', 0x34);
const OSMO = address('osmo', 0x34);

/** From a found route to the checked messages: the addresses of its chains in order, the router's warning accepted. */
async function generate(frame: FrameLocator, addresses: readonly string[]): Promise<void> {
  for (const [i, a] of addresses.entries()) await fill(frame, addressField(i), a);
  await acceptWarning(frame);
  await frame.locator(`#${BRIDGE.generate}:not([aria-disabled])`).click();
  await frame.locator(`#${BRIDGE.msgsSummary}`, { hasText: 'IBC transfer' }).waitFor({ timeout: 15_000 });
}

const inputOf = (frame: FrameLocator, id: string) => frame.locator(`#${id} input`).first();

e2eTest(
  'bridge defect 34: after New transfer the Track fields follow the new route, and a hash on another chain is refused in words',
  async ({ page }) => {
    const frame = await openBridge(page, { fresh: true });
    // A first transfer, from Initia, tracked.
    await findRoute(frame, '1');
    await generate(frame, [INIT, OSMO]);
    assert.equal(await inputOf(frame, BRIDGE.trackChain).inputValue(), 'interwoven-1');
    const first = `${'34'.repeat(31)}${Math.floor(16 + Math.random() * 200)
      .toString(16)
      .toUpperCase()}`;
    await fill(frame, BRIDGE.trackHash, first);
    await frame.locator(`#${BRIDGE.track}`).click();
    await frame.locator(`#${BRIDGE.transferState}`).waitFor({ timeout: 15_000 });
    // New transfer, from Osmosis: nothing of the first one is left in the fields.
    await frame.locator('vscode-button', { hasText: 'New transfer' }).first().click();
    await fillTransfer(frame, { amount: '1', from: 'osmosis-1', asset: 'OSMO', to: 'interwoven-1', receive: 'OSMO' });
    await frame.locator(`#${BRIDGE.amountIn}`, { hasText: 'OSMO' }).waitFor({ timeout: 20_000 });
    await generate(frame, [OSMO, INIT]);
    assert.equal(
      await inputOf(frame, BRIDGE.trackHash).inputValue(),
      '',
      'the hash of the transfer before is not kept',
    );
    assert.equal(
      await inputOf(frame, BRIDGE.trackChain).inputValue(),
      'osmosis-1',
      'the chain is the one this route is broadcast on',
    );
    // A hash said to be on another chain than the route's is not this transfer: refused, in words.
    await fill(frame, BRIDGE.trackChain, 'interwoven-1');
    await fill(frame, BRIDGE.trackHash, first);
    await frame.locator(`#${BRIDGE.track}`).click();
    await frame
      .locator(`#${BRIDGE.trackError}`, { hasText: 'broadcast on osmosis-1, not on interwoven-1' })
      .waitFor({ timeout: 10_000 });
    assert.equal(await frame.locator(`#${BRIDGE.transferState}`).count(), 0, 'nothing was tracked');
    await frame.locator('vscode-button', { hasText: 'Back to the route' }).first().click();
    await fill(frame, BRIDGE.amount, '');
  },
  120_000,
);
