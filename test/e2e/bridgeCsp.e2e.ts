// The bridge webview keeps its own content security policy: opened and exercised (find a route, generate the
// messages), nothing in it is refused by the policy. Chromium reports every refusal ("Applying inline style violates
// the following Content Security Policy directive …", "Refused to load …") on the console of the frame; Playwright
// reports the console of every frame, nested webview iframes included, on the page.
import * as assert from 'node:assert/strict';
import type { ConsoleMessage } from 'playwright-core';
import { acceptWarning, openBridge, findRoute, fill } from './bridgePanel';
import { e2eTest, runCommand } from './harness';
import { BRIDGE, addressField } from '../../src/webview/selectors';

const INIT = 'init1veaum7vy45fzw5x4mflskgx5lnmwmxx5wm3x8p';
const OSMO = 'osmo1veaum7vy45fzw5x4mflskgx5lnmwmxx5gkz963';
const CSP = /Content Security Policy|violates/i;

/** Whether a console message comes from a webview's frames (its host page, its document or a resource it loaded). */
function fromWebview(message: ConsoleMessage): boolean {
  return /webview|vscode-resource|vscode-remote-resource|dist\/webview|bridge\.(js|css)/.test(message.location().url);
}

e2eTest(
  'bridge: the webview breaks none of its content security policy (open, route, messages)',
  async ({ page, router }) => {
    const seen: string[] = [];
    const listener = (m: ConsoleMessage) => {
      if (CSP.test(m.text()))
        seen.push(`[${m.type()}] ${m.text()} @ ${m.location().url}${fromWebview(m) ? ' (webview)' : ''}`);
    };
    page.on('console', listener);
    try {
      // A fresh panel: close any open one first, so its document (and its styles) are made anew.
      await runCommand(page, 'View: Close All Editors');
      router.resetRequests();
      const frame = await openBridge(page, { fresh: true });
      await findRoute(frame, '1');
      await frame.locator(`#${BRIDGE.amountOut}`, { hasText: /uosmo on osmosis-1/ }).waitFor({ timeout: 15_000 });
      await fill(frame, addressField(0), INIT);
      await fill(frame, addressField(1), OSMO);
      await acceptWarning(frame);
      await frame.locator(`#${BRIDGE.generate}:not([aria-disabled])`).click();
      await frame.locator(`#${BRIDGE.msgsSummary}`, { hasText: 'IBC transfer' }).waitFor({ timeout: 15_000 });
      // Console events come in order with the frame's other answers: one more round trip through the webview.
      await frame.locator(`#${BRIDGE.msgsSummary} li`).first().waitFor();
    } finally {
      page.off('console', listener);
    }
    const fromTheWebview = seen.filter((s) => s.endsWith('(webview)'));
    assert.deepEqual(fromTheWebview, [], `CSP violations in the bridge webview:\n${seen.join('\n')}`);
    // Anything else that mentions a policy is reported too (the workbench's own frames have no business with ours).
    assert.deepEqual(seen, [], `CSP messages on the page:\n${seen.join('\n')}`);
  },
  90_000,
);
