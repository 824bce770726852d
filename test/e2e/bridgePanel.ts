// Driving the bridge panel in the workbench: its webview is two nested iframes (the host page, then the document),
// and its fields are toolkit elements whose real <input>/<textarea> sits in their shadow root (Playwright pierces it).
import type { FrameLocator, Page } from 'playwright-core';
import { FAKE_NETWORK, reaches, runCommand, selectNetwork } from './harness';
import { BRIDGE, pickerList } from '../../src/webview/selectors';

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
 * aside with "New transfer", so the form is empty, and the panel is on the fake router's network: a test that failed
 * while another network was active (the network switch test) does not leave every later test without the router.
 */
export async function openBridge(page: Page, opts: { fresh: boolean }): Promise<FrameLocator> {
  await runCommand(page, 'Initia: Open Bridge');
  const frame = bridgeFrame(page);
  await frame.locator(`#${BRIDGE.sourceChain}`).waitFor({ timeout: 30_000 });
  if (opts.fresh) {
    const again = frame.locator('vscode-button', { hasText: 'New transfer' });
    if ((await again.count()) > 0) await again.first().click();
    const onFake = frame.locator(`#${BRIDGE.routerOrigin}`, { hasText: `(network ${FAKE_NETWORK})` });
    if (!(await reaches(onFake, 5_000))) {
      await selectNetwork(page, FAKE_NETWORK);
      await onFake.waitFor({ timeout: 15_000 });
    }
  }
  return frame;
}

/**
 * Picks an option in one of the panel's searchable pickers as a person does: types `query` into the combobox and
 * presses Enter on the first match, or on the option whose label is `label` (arrow keys to it).
 */
export async function pick(frame: FrameLocator, id: string, query: string, label?: string): Promise<void> {
  const input = frame.locator(`#${id}`);
  await input.click();
  await input.fill(query);
  const options = frame.locator(`#${pickerList(id)} [role=option]`);
  await options.first().waitFor({ timeout: 15_000 });
  if (label !== undefined) {
    const labels = await frame.locator(`#${pickerList(id)} [role=option] .picker-label`).allTextContents();
    const index = labels.indexOf(label);
    if (index < 0) throw new Error(`no option "${label}" in ${id}: ${labels.join(', ')}`);
    for (let i = 0; i < index; i++) await input.press('ArrowDown');
  }
  await input.press('Enter');
}

export interface TransferSpec {
  amount: string;
  from?: string;
  asset?: string;
  to?: string;
  receive?: string;
  sender?: string;
}

/** Fills the transfer form (default: `amount` INIT on Initia → OSMO on Osmosis); the route follows by itself. */
export async function fillTransfer(frame: FrameLocator, spec: TransferSpec): Promise<void> {
  await pick(frame, BRIDGE.sourceChain, spec.from ?? 'interwoven-1');
  await pick(frame, BRIDGE.sourceAsset, spec.asset ?? 'INIT', spec.asset ?? 'INIT');
  if (spec.sender !== undefined) await fill(frame, BRIDGE.sender, spec.sender);
  await pick(frame, BRIDGE.destChain, spec.to ?? 'osmosis-1');
  await pick(frame, BRIDGE.destAsset, spec.receive ?? 'OSMO', spec.receive ?? 'OSMO');
  await fill(frame, BRIDGE.amount, spec.amount);
}

/** Fills the form for `amount` INIT on interwoven-1 → OSMO on osmosis-1 and waits for the route it brings. */
export async function findRoute(
  frame: FrameLocator,
  amount: string,
  spec: Omit<TransferSpec, 'amount'> = {},
): Promise<void> {
  await fillTransfer(frame, { amount, ...spec });
  await frame.locator(`#${BRIDGE.amountIn}`).waitFor({ timeout: 20_000 });
}

/** Ticks "proceed anyway" when the route carries a warning (the hostile fake router's routes do). */
export async function acceptWarning(frame: FrameLocator): Promise<void> {
  const box = frame.locator(`#${BRIDGE.acceptWarning}`);
  if ((await box.count()) > 0 && !(await box.isChecked())) await box.check();
}
