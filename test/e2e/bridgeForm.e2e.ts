// The bridge form says everything that is wrong at once, next to each field, before asking the router anything;
// and "New transfer" offers again the addresses entered for each chain (sent with "Generate messages" or only typed).
import * as assert from 'node:assert/strict';
import { bech32 } from 'bech32';
import { acceptWarning, openBridge, findRoute, fill, pick } from './bridgePanel';
import { e2eTest } from './harness';
import { BRIDGE, addressField, errorLine } from '../../src/webview/selectors';

/** A valid address no earlier test has used (so that nothing remembered before can prefill it). */
const address = (prefix: string, byte: number) => bech32.encode(prefix, bech32.toWords(new Uint8Array(20).fill(byte)));
const INIT = address('init', 0x3c);
const OSMO = address('osmo', 0x3c);
const INIT_TYPED = address('init', 0x5a);

e2eTest(
  'bridge: the form says what is wrong next to each field as the user types, and asks the router for no route meanwhile',
  async ({ page, router }) => {
    const frame = await openBridge(page, { fresh: true });
    const routes = router.count('/v2/fungible/route');
    const errorOf = async (id: string) =>
      (await frame.locator(`#${errorLine(id)}`).isHidden())
        ? ''
        : ((await frame.locator(`#${errorLine(id)}`).textContent()) ?? '');
    // An empty amount does not look filled in: its placeholder is words, not a value such as "1.5".
    const placeholder = (await frame.locator(`#${BRIDGE.amount}`).getAttribute('placeholder')) ?? '';
    assert.doesNotMatch(placeholder, /^\s*[\d.,]+\s*$/, `placeholder "${placeholder}"`);
    assert.match(placeholder, /whole units/);
    await pick(frame, BRIDGE.sourceChain, 'interwoven-1');
    await pick(frame, BRIDGE.sourceAsset, 'INIT', 'INIT');
    // The panel keeps the last destination: leave the received asset to be typed, so the form is not complete even
    // when Max makes the amount valid (else its route would be asked 300 ms later, however fast the next step comes).
    if ((await frame.locator(`#${BRIDGE.destChain}`).inputValue()) !== '')
      await pick(frame, BRIDGE.destAsset, 'Custom', 'Custom denom…');
    await fill(frame, BRIDGE.amount, 'abc');
    await frame.locator(`#${errorLine(BRIDGE.amount)}:not([hidden])`).waitFor({ timeout: 15_000 });
    assert.equal(await errorOf(BRIDGE.amount), 'An amount is a number such as 1.5.');
    assert.equal(await frame.locator(`#${BRIDGE.amount}`).getAttribute('aria-invalid'), 'true', 'marked invalid');
    assert.equal(await frame.locator(`#${errorLine(BRIDGE.amount)}`).getAttribute('aria-live'), 'polite');
    await fill(frame, BRIDGE.amount, '1.1234567');
    await frame
      .locator(`#${errorLine(BRIDGE.amount)}`, { hasText: 'at most 6 decimal places' })
      .waitFor({ timeout: 10_000 });
    // The sender's balance (from the router's /v2/info/balances) shows beside the amount, and bounds it.
    await fill(frame, BRIDGE.sender, INIT);
    await frame.locator(`#${BRIDGE.balance}`, { hasText: /^Balance: [\d.,]+ INIT$/ }).waitFor({ timeout: 15_000 });
    await fill(frame, BRIDGE.amount, '99999999');
    await frame
      .locator(`#${errorLine(BRIDGE.amount)}`, { hasText: /^More than your balance/ })
      .waitFor({ timeout: 10_000 });
    // Max fills the balance in whole units; INIT also pays Initia's fees, so it warns.
    await frame.locator(`#${BRIDGE.max}`).click();
    await frame
      .locator(`#${errorLine(BRIDGE.amount)}`, { hasText: /also pays the network fee/ })
      .waitFor({ timeout: 10_000 });
    const balance = ((await frame.locator(`#${BRIDGE.balance}`).textContent()) ?? '')
      .replace(/^Balance: | INIT$/g, '')
      .replace(/,/g, '');
    assert.equal(await frame.locator(`#${BRIDGE.amount} input`).first().inputValue(), balance);
    // A custom denom needs its decimals: the amount cannot be converted without them.
    await pick(frame, BRIDGE.sourceAsset, 'Custom', 'Custom denom…');
    await fill(frame, BRIDGE.sourceDenom, 'uother');
    await frame
      .locator(`#${errorLine(BRIDGE.amount)}`, { hasText: 'Enter the decimals first.' })
      .waitFor({ timeout: 10_000 });
    await fill(frame, BRIDGE.sourceDecimals, 'x');
    await frame
      .locator(`#${errorLine(BRIDGE.sourceDecimals)}`, { hasText: "Enter the asset's decimals" })
      .waitFor({ timeout: 10_000 });
    assert.equal(router.count('/v2/fungible/route'), routes, 'no route request while the form is not complete');
  },
  60_000,
);

e2eTest(
  'bridge: New transfer offers again the addresses entered for each chain, sent or only typed',
  async ({ page }) => {
    const frame = await openBridge(page, { fresh: true });
    const routeFor3Init = async () => {
      await findRoute(frame, '3');
      await frame.locator(`#${BRIDGE.amountIn}`, { hasText: '3,000,000 uinit' }).waitFor({ timeout: 15_000 });
    };
    const addressIn = (i: number) =>
      frame
        .locator(`#${addressField(i)} input`)
        .first()
        .inputValue();
    await routeFor3Init();
    await fill(frame, addressField(0), INIT);
    await fill(frame, addressField(1), OSMO);
    await acceptWarning(frame);
    await frame.locator(`#${BRIDGE.generate}:not([aria-disabled])`).click();
    await frame.locator(`#${BRIDGE.msgsSummary}`, { hasText: 'IBC transfer' }).waitFor({ timeout: 15_000 });
    await fill(frame, BRIDGE.trackHash, `${'3C'.repeat(31)}A2`);
    await frame.locator(`#${BRIDGE.track}`).click();
    await frame.locator('vscode-button', { hasText: 'New transfer' }).first().click();
    await routeFor3Init();
    assert.equal(await addressIn(0), INIT, 'the address sent for interwoven-1');
    assert.equal(await addressIn(1), OSMO, 'the address sent for osmosis-1');
    // Typed but not sent: offered again too.
    await fill(frame, addressField(0), INIT_TYPED);
    await routeFor3Init();
    assert.equal(await addressIn(0), INIT_TYPED, 'the address typed for interwoven-1');
    assert.equal(await addressIn(1), OSMO);
  },
  90_000,
);
