// The bridge form says everything that is wrong at once, next to each field, before asking the router anything;
// and "New transfer" offers again the addresses entered for each chain (sent with "Generate messages" or only typed).
import * as assert from 'node:assert/strict';
import { bech32 } from 'bech32';
import { openBridge, findRoute, fill } from './bridgePanel';
import { e2eTest } from './harness';

/** A valid address no earlier test has used (so that nothing remembered before can prefill it). */
const address = (prefix: string, byte: number) => bech32.encode(prefix, bech32.toWords(new Uint8Array(20).fill(byte)));
const INIT = address('init', 0x3c);
const OSMO = address('osmo', 0x3c);
const INIT_TYPED = address('init', 0x5a);

const FIELDS = ['f-src-chain', 'f-src-denom', 'f-dst-chain', 'f-dst-denom', 'f-amount', 'f-slippage'];

e2eTest(
  'bridge: the form shows the problem of every field at once, next to the field, and asks the router nothing',
  async ({ page, router }) => {
    const frame = await openBridge(page, { fresh: true });
    for (const id of FIELDS) await fill(frame, id, '');
    await fill(frame, 'f-src-chain', 'interwoven-1');
    await fill(frame, 'f-slippage', '1');
    const routes = router.count('/v2/fungible/route');
    await frame.locator('#find-route').click();
    await frame.locator('#f-amount-error:not([hidden])').waitFor({ timeout: 15_000 });
    const errorOf = async (id: string) => ((await frame.locator(`#${id}-error`).isHidden()) ? '' : ((await frame.locator(`#${id}-error`).textContent()) ?? ''));
    // The host's own words (core/validate.ts), each next to its field, all at once.
    assert.match(await errorOf('f-src-denom'), /^Enter a denom/);
    assert.match(await errorOf('f-dst-chain'), /^Enter a chain id/);
    assert.match(await errorOf('f-dst-denom'), /^Enter a denom/);
    assert.match(await errorOf('f-amount'), /^Enter an amount in base units/);
    assert.equal(await errorOf('f-src-chain'), '', 'a good field has no message');
    assert.equal(await errorOf('f-slippage'), '');
    for (const id of ['f-src-denom', 'f-dst-chain', 'f-dst-denom', 'f-amount']) {
      assert.equal(await frame.locator(`#${id}`).getAttribute('aria-describedby'), `${id}-error`, `${id} is described by its message`);
      assert.equal(await frame.locator(`#${id}`).getAttribute('aria-invalid'), 'true', `${id} is marked invalid`);
      assert.equal(await frame.locator(`#${id}-error`).getAttribute('aria-live'), 'polite');
    }
    assert.equal(await frame.locator('#f-src-chain').getAttribute('aria-invalid'), null);
    assert.equal(router.count('/v2/fungible/route'), routes, 'no route request with a bad field');
    // As the user types: a fixed field's message goes, a new problem shows.
    await fill(frame, 'f-src-denom', 'uinit');
    await fill(frame, 'f-amount', '1.5');
    await frame.locator('#f-src-denom-error[hidden]').waitFor({ state: 'attached', timeout: 10_000 });
    await frame.locator('#f-amount-error', { hasText: /whole number/ }).waitFor({ timeout: 10_000 });
    assert.equal(router.count('/v2/fungible/route'), routes);
  },
  60_000,
);

e2eTest(
  'bridge: New transfer offers again the addresses entered for each chain, sent or only typed',
  async ({ page }) => {
    const frame = await openBridge(page, { fresh: true });
    const routeFor3Init = async () => {
      await findRoute(frame, '3000000', { slippage: '1' });
      await frame.locator('#amount-in', { hasText: '3,000,000 uinit' }).waitFor({ timeout: 15_000 });
    };
    const addressIn = (i: number) => frame.locator(`#addr-${i} input`).first().inputValue();
    await routeFor3Init();
    await fill(frame, 'addr-0', INIT);
    await fill(frame, 'addr-1', OSMO);
    await frame.locator('#generate').click();
    await frame.locator('#msgs-json', { hasText: 'MsgTransfer' }).waitFor({ timeout: 15_000 });
    await fill(frame, 't-hash', `${'3C'.repeat(31)}A2`);
    await frame.locator('#track').click();
    await frame.locator('vscode-button', { hasText: 'New transfer' }).first().click();
    await routeFor3Init();
    assert.equal(await addressIn(0), INIT, 'the address sent for interwoven-1');
    assert.equal(await addressIn(1), OSMO, 'the address sent for osmosis-1');
    // Typed but not sent: offered again too.
    await fill(frame, 'addr-0', INIT_TYPED);
    await routeFor3Init();
    assert.equal(await addressIn(0), INIT_TYPED, 'the address typed for interwoven-1');
    assert.equal(await addressIn(1), OSMO);
  },
  90_000,
);
