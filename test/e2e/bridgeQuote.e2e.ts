// The bridge as a person uses it, in Chromium against the fake router: pick chains and assets from the router's
// lists, type 1.5 (whole units), watch the quote refresh by itself (and stop while the panel is hidden), meet the
// router's warning and choose to proceed, generate, and see the messages checked against the route; then, with the
// fake router answering with another receiver, see the blocking mismatch and no signing instructions.
import * as assert from 'node:assert/strict';
import { bech32 } from 'bech32';
import { waitFor } from '../support/wait';
import { fill, fillTransfer, openBridge } from './bridgePanel';
import { e2eTest, runCommand, screenshot } from './harness';
import { BRIDGE, addressField, pickerList, verdictBox } from '../../src/webview/selectors';

const address = (prefix: string, byte: number) => bech32.encode(prefix, bech32.toWords(new Uint8Array(20).fill(byte)));
const INIT = address('init', 0x71);
const OSMO = address('osmo', 0x71);

e2eTest(
  'bridge: pickers, 1.5 in whole units, a quote that refreshes while visible and not while hidden, a warning to proceed past, messages checked (and a mismatch that blocks)',
  async ({ page, router }) => {
    router.tamperMsgs(undefined);
    const frame = await openBridge(page, { fresh: true });
    // The chain picker lists Initia's chains first, from the router's own list (a hidden chain is not offered).
    await frame.locator(`#${BRIDGE.sourceChain}`).click();
    const groups = await frame.locator(`#${pickerList(BRIDGE.sourceChain)} .picker-group`).allTextContents();
    assert.deepEqual(groups, ['Interwoven Economy', 'Other chains']);
    const chains = await frame
      .locator(`#${pickerList(BRIDGE.sourceChain)} [role=option] .picker-detail`)
      .allTextContents();
    assert.equal(chains[0], 'interwoven-1', 'Initia L1 first');
    assert.ok(!chains.includes('hidden-1'), chains.join(', '));
    await frame.locator(`#${BRIDGE.sourceChain}`).press('Escape');

    await fillTransfer(frame, { amount: '1.5', sender: INIT });
    await frame
      .locator(`#${BRIDGE.amountIn}`, { hasText: '1.5 INIT (1,500,000 uinit on interwoven-1)' })
      .waitFor({ timeout: 20_000 });
    // Bridged twins are told apart by their recommended symbol in the asset picker.
    await frame.locator(`#${BRIDGE.sourceAsset}`).click();
    const labels = await frame
      .locator(`#${pickerList(BRIDGE.sourceAsset)} [role=option] .picker-label`)
      .allTextContents();
    assert.ok(labels.includes('USDC') && labels.includes('USDC.axl'), labels.join(', '));
    await frame.locator(`#${BRIDGE.sourceAsset}`).press('Escape');

    // The quote refreshes every 10 s while the panel is visible: one more route request, and the age starts again.
    const routes = () => router.count('/v2/fungible/route');
    const before = routes();
    await frame.locator(`#${BRIDGE.quoteAge}`, { hasText: /Quote from [2-9] s ago/ }).waitFor({ timeout: 15_000 });
    await waitFor('a refresh', () => routes() === before + 1, 15_000);
    await frame.locator(`#${BRIDGE.quoteAge}`, { hasText: /Quote from [01] s ago/ }).waitFor({ timeout: 5_000 });
    // Hidden behind another editor: no route request at all.
    await runCommand(page, 'File: New Untitled Text File');
    const hiddenAt = routes();
    await new Promise((r) => setTimeout(r, 12_000));
    assert.equal(routes(), hiddenAt, 'no route request while hidden');
    await runCommand(page, 'Initia: Open Bridge');
    await waitFor('a refresh when shown again', () => routes() === hiddenAt + 1, 15_000);
    await frame.locator(`#${BRIDGE.amountIn}`, { hasText: '1.5 INIT' }).waitFor({ timeout: 15_000 });

    // The route swaps: slippage presets, minimum received; the router's bad-price warning stops "Generate messages".
    await frame.locator(`#${BRIDGE.minReceived}`).waitFor();
    assert.match((await frame.locator(`#${BRIDGE.minReceived}`).textContent()) ?? '', /OSMO$/);
    assert.match(
      (await frame.locator(`#${BRIDGE.routeWarnings}`).textContent()) ?? '',
      /Bad price: Difference in USD value/,
    );
    assert.equal(await frame.locator(`#${BRIDGE.generate}`).getAttribute('aria-disabled'), 'true');
    assert.equal(
      await frame
        .locator(`#${addressField(1)} input`)
        .first()
        .inputValue(),
      OSMO,
      'the Osmosis address derived from the sender',
    );
    await screenshot(page, 'bridge-quote');
    await frame.locator(`#${BRIDGE.acceptWarning}`).check();
    await frame.locator(`#${BRIDGE.generate}:not([aria-disabled])`).click();
    await frame.locator(`#${verdictBox('msgs', 'matches')}`).waitFor({ timeout: 15_000 });
    assert.match(
      (await frame.locator(`#${BRIDGE.msgsSummary}`).textContent()) ?? '',
      /IBC transfer on interwoven-1.*Amount1\.5 INIT \(1,500,000 uinit\)/,
    );
    await screenshot(page, 'bridge-verified');

    // The router answers with another receiver: the panel says exactly what differs and gives no signing instructions.
    router.tamperMsgs('receiver');
    try {
      await frame.locator(`#${BRIDGE.backToRoute}`).click();
      await frame.locator(`#${BRIDGE.generate}:not([aria-disabled])`).click();
      await frame.locator(`#${verdictBox('msgs', 'mismatch')}`).waitFor({ timeout: 15_000 });
      assert.match(
        (await frame.locator(`#${verdictBox('msgs', 'mismatch')}`).textContent()) ?? '',
        /Doesn't match: do not sign these messages.*not to your destination address/,
      );
      assert.equal(
        await frame.locator(`#${BRIDGE.signInstruction}`).count(),
        0,
        'no "sign and broadcast" while they differ',
      );
      assert.equal(await frame.locator(`#${BRIDGE.track}`).count(), 0);
      await screenshot(page, 'bridge-mismatch');
      // Still one click away, for someone who must look.
      await frame.locator(`#${BRIDGE.overrideMismatch}`).check();
      await frame.locator(`#${BRIDGE.msgsRaw}`).waitFor();
    } finally {
      router.tamperMsgs(undefined);
    }
    await frame.locator(`#${BRIDGE.backToRoute}`).click();
    await fill(frame, BRIDGE.amount, '');
  },
  120_000,
);

e2eTest(
  'bridge: from the rollup to Initia, Fast or Lossless (OP bridge) with their amounts and durations; a refused route says why',
  async ({ page, router }) => {
    const frame = await openBridge(page, { fresh: true });
    await fillTransfer(frame, { from: 'demo-evm-1', asset: 'INIT', to: 'interwoven-1', receive: 'INIT', amount: '2' });
    await frame.locator(`#${BRIDGE.withdrawal}`).waitFor({ timeout: 20_000 });
    const text = (await frame.locator(`#${BRIDGE.withdrawal}`).textContent()) ?? '';
    assert.match(text, /Fast.*about \d+ s/, text);
    assert.match(text, /Lossless \(OP bridge\).*2 INIT · about 7 days/, text);
    assert.equal(await frame.locator(`#${BRIDGE.withdrawalFast}`).isChecked(), true, 'Fast by default');
    const asked = router.requests
      .filter((r) => r.path === '/v2/fungible/route')
      .map((r) => (JSON.parse(r.body || '{}') as { is_op_withdraw?: boolean }).is_op_withdraw);
    assert.ok(asked.includes(true) && asked.includes(false), `both ways asked: ${JSON.stringify(asked)}`);
    await frame.locator(`#${BRIDGE.withdrawalLossless}`).check();
    await frame.locator(`#${BRIDGE.duration}`, { hasText: 'about 7 days' }).waitFor({ timeout: 15_000 });
    assert.match(
      (await frame.locator(`#${BRIDGE.amountOut}`).textContent()) ?? '',
      /^2 INIT/,
      'the OP bridge loses nothing',
    );
    await screenshot(page, 'bridge-withdrawal');
    // Below the router's minimum: its words, with its own help (`info`), as text.
    await fill(frame, BRIDGE.amount, '0.0001');
    await frame
      .locator(`#${BRIDGE.routeProblem}`, { hasText: /amount too low.*<b>minimum<\/b> 1000 base units/ })
      .waitFor({ timeout: 15_000 });
    await fill(frame, BRIDGE.amount, '');
  },
  90_000,
);
