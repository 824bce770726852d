// Driving the bridge panel in the workbench: its webview is two nested iframes (the host page, then the document),
// and its fields are toolkit elements whose real <input>/<textarea> sits in their shadow root (Playwright pierces it).
import type { FrameLocator, Page } from 'playwright-core';
import { runCommand } from './harness';

/** The bridge panel's document. */
export function bridgeFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').first().frameLocator('#active-frame');
}

/** Types `value` into the field whose element has this id. */
export async function fill(frame: FrameLocator, id: string, value: string): Promise<void> {
  await frame.locator(`#${id} input, #${id} textarea`).first().fill(value);
}

/**
 * Opens the panel and waits for its form. With `fresh`, a transfer the panel still shows from an earlier test is put
 * aside with "New transfer", so the form is empty.
 */
export async function openBridge(page: Page, opts: { fresh: boolean }): Promise<FrameLocator> {
  await runCommand(page, 'Initia: Open Bridge');
  const frame = bridgeFrame(page);
  await frame.locator('#f-src-chain').waitFor({ timeout: 30_000 });
  if (opts.fresh) {
    const again = frame.locator('vscode-button', { hasText: 'New transfer' });
    if ((await again.count()) > 0) await again.first().click();
  }
  return frame;
}

/** Fills the route form for `amount` uinit on interwoven-1 → uosmo on osmosis-1 and asks for a route. */
export async function findRoute(frame: FrameLocator, amount: string, opts: { slippage?: string } = {}): Promise<void> {
  await fill(frame, 'f-src-chain', 'interwoven-1');
  await fill(frame, 'f-src-denom', 'uinit');
  await fill(frame, 'f-dst-chain', 'osmosis-1');
  await fill(frame, 'f-dst-denom', 'uosmo');
  await fill(frame, 'f-amount', amount);
  if (opts.slippage !== undefined) await fill(frame, 'f-slippage', opts.slippage);
  await frame.locator('#find-route').click();
}
