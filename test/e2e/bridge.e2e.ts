// The bridge panel in the real workbench, driven inside its webview (nested iframes) against the fake router:
// route → addresses → messages → track → live timeline to completion; hostile router text stays text.
import * as assert from 'node:assert/strict';
import { acceptWarning, openBridge, findRoute, fill } from './bridgePanel';
import { e2eTest, screenshot } from './harness';
import { BRIDGE, addressField, verdictBox } from '../../src/webview/selectors';

const INIT = 'init1veaum7vy45fzw5x4mflskgx5lnmwmxx5wm3x8p';
const OSMO = 'osmo1veaum7vy45fzw5x4mflskgx5lnmwmxx5gkz963';

e2eTest(
  'bridge: route, messages, track, and a live timeline to completion (all in the webview)',
  async ({ page, router }) => {
    router.resetRequests();
    const frame = await openBridge(page, { fresh: false });
    // The panel names the router it talks to, and says plain http is not encrypted (the fake router is on 127.0.0.1).
    assert.equal(
      await frame.locator(`#${BRIDGE.routerOrigin}`).textContent(),
      `Router: ${new URL(router.url).origin} (network Fake indexer)`,
    );
    assert.match(
      (await frame.locator(`#${BRIDGE.unencrypted}`).textContent()) ?? '',
      /Not encrypted: http:\/\/127\.0\.0\.1:\d+ is plain http/,
    );
    await findRoute(frame, '1', { sender: INIT });
    await frame
      .locator(`#${BRIDGE.amountOut}`, { hasText: /^[\d.,]+ OSMO \([\d,]+ uosmo on osmosis-1\)$/ })
      .waitFor({ timeout: 15_000 });
    assert.equal(
      await frame.locator(`#${BRIDGE.amountIn}`).textContent(),
      '1 INIT (1,000,000 uinit on interwoven-1)',
      'typed in whole units, converted with the decimals',
    );
    // The router's hostile warning is shown as the characters it is made of, and creates no element.
    const warnings = (await frame.locator('.warning').allTextContents()).join('\n');
    assert.ok(
      warnings.includes('<img src=x onerror=alert(1)>') && warnings.includes('<a href="command:'),
      `shown as text: ${warnings}`,
    );
    assert.equal(await frame.locator('img, a[href]').count(), 0, 'no element made from router text');
    // The addresses along the route: the sender's, and the same account on Osmosis derived from it.
    assert.equal(
      await frame
        .locator(`#${addressField(0)} input`)
        .first()
        .inputValue(),
      INIT,
    );
    assert.equal(
      await frame
        .locator(`#${addressField(1)} input`)
        .first()
        .inputValue(),
      OSMO,
    );
    await fill(frame, addressField(1), OSMO);
    assert.equal(
      await frame.locator(`#${BRIDGE.generate}`).getAttribute('aria-disabled'),
      'true',
      'a warning stops "Generate messages"',
    );
    await acceptWarning(frame);
    await frame.locator(`#${BRIDGE.generate}:not([aria-disabled])`).click();
    await frame.locator(`#${BRIDGE.msgsSummary}`, { hasText: 'IBC transfer' }).waitFor({ timeout: 15_000 });
    assert.match(
      (await frame.locator(`#${verdictBox('msgs', 'matches')}`).textContent()) ?? '',
      /Matches your transfer.*Sends 1 INIT \(1,000,000 uinit\) from init1\w+ on interwoven-1 to osmo1\w+ on osmosis-1/,
    );
    const summary = (await frame.locator(`#${BRIDGE.msgsSummary}`).textContent()) ?? '';
    assert.ok(summary.includes(`Sender${INIT}`) && summary.includes('Amount1 INIT (1,000,000 uinit)'), summary);
    assert.match(
      (await frame.locator(`#${BRIDGE.signInstruction}`).textContent()) ?? '',
      /never holds keys and never broadcasts/,
    );
    await screenshot(page, 'bridge');
    await fill(frame, BRIDGE.trackHash, `${'AB'.repeat(31)}A1`);
    await frame.locator(`#${BRIDGE.track}`).click();
    // The route is estimated at 30 s: the tracker's first status request comes at 70 % of that (the fake is faster).
    await frame.locator(`#${BRIDGE.transferState}`, { hasText: 'completed' }).waitFor({ timeout: 45_000 });
    assert.ok(router.count('/v2/tx/status') >= 1);
    assert.equal(router.count('/v2/tx/track'), 1);
    await frame.locator(`#${BRIDGE.hops} li`).first().waitFor();
    // Hop states in words, coloured by each hop's own outcome; never the router's enum names.
    const badges = await frame.locator(`#${BRIDGE.hops} .badge`).allTextContents();
    assert.ok(badges.length > 0 && badges.every((b) => !/^[A-Z_]+$/.test(b)), badges.join(' | '));
    assert.ok((await frame.locator(`#${BRIDGE.hops} .badge.done`).count()) > 0, 'a finished hop has the "done" colour');
    await screenshot(page, 'bridge-tracked');
    // The steps reached the router in order (through the extension host: the webview's CSP allows it no connection).
    const paths = router.requests.map((r) => r.path);
    for (const p of ['/v2/info/chains', '/v2/fungible/assets', '/v2/info/balances'])
      assert.ok(paths.includes(p), `the pickers asked ${p}`);
    const first = (p: string) => paths.indexOf(p);
    assert.ok(
      first('/v2/fungible/route') < first('/v2/fungible/msgs') && first('/v2/fungible/msgs') < first('/v2/tx/track'),
      paths.join(' '),
    );
  },
  90_000,
);
