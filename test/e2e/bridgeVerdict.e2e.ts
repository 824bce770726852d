// The bridge check's verdicts in the real panel: a hostile OP hook is "Doesn't match" before the user is asked to sign
// it (no hook JSON, no signing instructions until they choose to see them); messages with a field the check cannot
// read are "Couldn't verify", and the signing instructions wait until the user chooses to see them anyway.
import * as assert from 'node:assert/strict';
import { bech32 } from 'bech32';
import { fill, findRoute, openBridge } from './bridgePanel';
import { e2eTest, screenshot } from './harness';
import { BRIDGE, addressField, verdictBox } from '../../src/webview/selectors';

const INIT = 'init1veaum7vy45fzw5x4mflskgx5lnmwmxx5wm3x8p';
const OSMO = bech32.encode('osmo', bech32.decode(INIT).words);
const INIT_DEST = bech32.encode('init', bech32.toWords(new Uint8Array(20).fill(9)));

e2eTest(
  'bridge verdicts: a hostile OP hook is "Doesn\'t match" before signing; "Couldn\'t verify" withholds the instructions',
  async ({ page, router }) => {
    const frame = await openBridge(page, { fresh: true });
    router.tamperHook(true);
    try {
      await findRoute(frame, '2', {
        from: 'osmosis-1',
        asset: 'OSMO',
        to: 'demo-evm-1',
        receive: 'OSMO',
        sender: OSMO,
      });
      await frame.locator(`#${BRIDGE.getHook}`).waitFor({ timeout: 15_000 });
      // Osmosis → Initia → the rollup: your address on each; the destination's is another account.
      await frame
        .locator(`#${addressField(2)} input`)
        .first()
        .waitFor({ timeout: 15_000 });
      await fill(frame, addressField(2), INIT_DEST);
      await frame.locator(`#${BRIDGE.getHook}`).click();
      await frame.locator(`#${verdictBox('hook', 'mismatch')}`).waitFor({ timeout: 15_000 });
      assert.match(
        (await frame.locator(`#${verdictBox('hook', 'mismatch')}`).textContent()) ?? '',
        /Doesn't match: do not sign this hook.*not to your destination address/,
      );
      assert.equal(
        await frame.locator(`#${BRIDGE.hookInstruction}`).count(),
        0,
        'not asked to sign a hook that does not match',
      );
      assert.equal(await frame.locator(`#${BRIDGE.hookJson}`).count(), 0, 'nothing to copy and sign');
      await screenshot(page, 'bridge-hook-mismatch');
      await frame.locator(`#${BRIDGE.overrideHook}`).check();
      await frame.locator(`#${BRIDGE.hookInstruction}`).waitFor();
    } finally {
      router.tamperHook(false);
    }

    // A field the check does not read: "Couldn't verify", instructions withheld until asked for.
    router.tamperMsgs('unknown');
    try {
      await findRoute(frame, '1', { sender: INIT });
      await fill(frame, addressField(1), OSMO);
      const accept = frame.locator(`#${BRIDGE.acceptWarning}`);
      if ((await accept.count()) > 0 && !(await accept.isChecked())) await accept.check();
      await frame.locator(`#${BRIDGE.generate}:not([aria-disabled])`).click();
      await frame.locator(`#${verdictBox('msgs', 'unverified')}`).waitFor({ timeout: 15_000 });
      assert.match(
        (await frame.locator(`#${verdictBox('msgs', 'unverified')}`).textContent()) ?? '',
        /Couldn't verify these messages.*"callback".*does not read/,
      );
      assert.equal(
        await frame.locator(`#${BRIDGE.signInstruction}`).count(),
        0,
        'no signing instructions for what was not verified',
      );
      await frame.locator(`#${BRIDGE.overrideMismatch}`).check();
      await frame.locator(`#${BRIDGE.signInstruction}`).waitFor();
    } finally {
      router.tamperMsgs(undefined);
    }
  },
  150_000,
);
