// Text contrast in both panels (issue 34): axe-core's color-contrast rule (WCAG AA, 4.5:1) run inside the bridge
// panel (a matching verdict, the router's warnings) and Explain Transaction (a succeeded transaction), in a light,
// a dark and a high-contrast theme. The theme's icon colours (testing.iconPassed, editorWarning.foreground) made
// "✓ Matches your transfer" and "✓ Succeeded" 2.0:1 and warnings 3.1:1 in light themes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { Frame, Page } from 'playwright-core';
import { acceptWarning, fill, findRoute, openBridge } from './bridgePanel';
import { e2eTest, runCommand } from './harness';
import { FAILED_TX_HASH } from '../fixtures/fakeIndexer';
import { BRIDGE, EXPLAIN, addressField, verdictBox } from '../../src/webview/selectors';
import { bech32 } from 'bech32';

const THEMES = ['Light Modern', 'Dark Modern', 'Dark High Contrast', 'Light High Contrast'];
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const INIT = bech32.encode('init', bech32.toWords(new Uint8Array(20).fill(0x36)));
const OSMO = bech32.encode('osmo', bech32.toWords(new Uint8Array(20).fill(0x36)));

async function setTheme(page: Page, name: string): Promise<void> {
  await runCommand(page, 'Preferences: Color Theme');
  const input = page.locator('.quick-input-widget input');
  await input.first().waitFor({ timeout: 10_000 });
  await input.first().fill(name);
  const exact = new RegExp(`^\\s*${name}\\s*$`);
  await page
    .locator('.quick-input-widget .quick-input-list .monaco-list-row.focused', {
      has: page.locator('.label-name', { hasText: exact }),
    })
    .waitFor({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
}

/** The webview document (a nested frame) that holds the element with this id. */
async function frameWith(page: Page, id: string): Promise<Frame> {
  for (const f of page.frames())
    if (
      (await f
        .locator(`#${id}`)
        .count()
        .catch(() => 0)) > 0
    )
      return f;
  throw new Error(`no webview frame holds #${id}`);
}

/** axe-core's color-contrast violations in a frame: "selector (text): summary". */
async function contrastViolations(frame: Frame): Promise<string[]> {
  await frame.evaluate(AXE);
  return frame.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(
            ctx: unknown,
            opts: unknown,
          ): Promise<{
            violations: Array<{ nodes: Array<{ target: string[]; html: string; failureSummary?: string }> }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, {
      runOnly: { type: 'rule', values: ['color-contrast'] },
      resultTypes: ['violations'],
    });
    return result.violations.flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${n.target.join(' ')} ${n.html.slice(0, 120)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`,
      ),
    );
  });
}

e2eTest(
  "contrast: the bridge's verdict and warnings and Explain's outcome pass WCAG AA (axe-core) in light, dark and high-contrast themes",
  async ({ page, fake }) => {
    try {
      await runCommand(page, 'View: Close All Editors');
      const bridge = await openBridge(page, { fresh: true });
      await findRoute(bridge, '1');
      await fill(bridge, addressField(0), INIT);
      await fill(bridge, addressField(1), OSMO);
      await acceptWarning(bridge);
      await bridge.locator(`#${BRIDGE.generate}:not([aria-disabled])`).click();
      await bridge.locator(`#${verdictBox('msgs', 'matches')}`).waitFor({ timeout: 15_000 });
      const problems: string[] = [];
      for (const theme of THEMES) {
        await setTheme(page, theme);
        problems.push(
          ...(await contrastViolations(await frameWith(page, verdictBox('msgs', 'matches')))).map(
            (p) => `bridge, ${theme}: ${p}`,
          ),
        );
      }
      await bridge.locator(`#${BRIDGE.backToRoute}`).click();
      await fill(bridge, BRIDGE.amount, '');
      await runCommand(page, 'View: Close All Editors');
      const sent = [...fake.data.txs].reverse().find((t) => t.kind === 'send')!;
      await runCommand(page, 'Initia: Explain Transaction…');
      const input = page.locator('.quick-input-widget input').first();
      await input.waitFor();
      await input.fill(sent.hash);
      await page.keyboard.press('Enter');
      await page
        .frameLocator('iframe.webview.ready')
        .first()
        .frameLocator('#active-frame')
        .locator(`#${EXPLAIN.outcomeTitle}`, { hasText: 'Succeeded' })
        .waitFor({ timeout: 30_000 });
      for (const theme of THEMES) {
        await setTheme(page, theme);
        problems.push(
          ...(await contrastViolations(await frameWith(page, EXPLAIN.outcomeTitle))).map(
            (p) => `explain, ${theme}: ${p}`,
          ),
        );
      }
      // A failed transaction: its outcome and the chain's reason.
      await runCommand(page, 'View: Close All Editors');
      await runCommand(page, 'Initia: Explain Transaction…');
      await input.waitFor();
      await input.fill(FAILED_TX_HASH);
      await page.keyboard.press('Enter');
      await page
        .frameLocator('iframe.webview.ready')
        .first()
        .frameLocator('#active-frame')
        .locator(`#${EXPLAIN.outcomeTitle}`, { hasText: 'Failed' })
        .waitFor({ timeout: 30_000 });
      for (const theme of THEMES) {
        await setTheme(page, theme);
        problems.push(
          ...(await contrastViolations(await frameWith(page, EXPLAIN.outcomeTitle))).map(
            (p) => `explain (failed), ${theme}: ${p}`,
          ),
        );
      }
      assert.deepEqual(problems, [], problems.join('\n'));
    } finally {
      await setTheme(page, 'Dark Modern').catch(() => undefined);
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
    }
  },
  240_000,
);
