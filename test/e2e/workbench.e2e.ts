// Generic workbench checks: the workbench loads with the extension, every contributed command is offered by the
// command palette under its "Initia: …" title, and the extension runs. Feature e2e tests go in their own *.e2e.ts files.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { waitFor } from '../support/wait';
import {
  FAKE_NETWORK,
  REPO_ROOT,
  closeModalEditor,
  e2eTest,
  paletteHas,
  reaches,
  runCommand,
  screenshot,
  waitForActivation,
} from './harness';

interface Manifest {
  publisher: string;
  name: string;
  displayName?: string;
  activationEvents?: string[];
  contributes?: {
    commands?: { command: string; title: string; category?: string }[];
    menus?: { commandPalette?: { command: string; when?: string }[] };
  };
}

const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as Manifest;
const nlsFile = path.join(REPO_ROOT, 'package.nls.json');
const nls = (fs.existsSync(nlsFile) ? JSON.parse(fs.readFileSync(nlsFile, 'utf8')) : {}) as Record<
  string,
  string | { message: string }
>;

/** Resolves a `%key%` manifest string through package.nls.json. */
function localize(s: string): string {
  const m = /^%(.+)%$/.exec(s);
  if (!m) return s;
  const v = nls[m[1]];
  return typeof v === 'string' ? v : (v?.message ?? s);
}

/** Palette titles ("Category: Title") of the contributed commands that the palette always shows. */
function paletteTitles(): string[] {
  const conditional = new Set((manifest.contributes?.menus?.commandPalette ?? []).map((m) => m.command));
  return (manifest.contributes?.commands ?? [])
    .filter((c) => !conditional.has(c.command))
    .map((c) => (c.category ? `${localize(c.category)}: ${localize(c.title)}` : localize(c.title)));
}

e2eTest('workbench loads with the extension', async ({ page }) => {
  await page.locator('.monaco-workbench .part.statusbar').waitFor();
  await page.locator('.monaco-workbench .explorer-folders-view, .monaco-workbench .part.sidebar').first().waitFor();
  await screenshot(page, 'workbench');
});

e2eTest('contributed commands are listed in the command palette', async ({ page }) => {
  const titles = paletteTitles();
  if (titles.length === 0) {
    console.log('      (no contributed commands yet)');
    return;
  }
  const missing: string[] = [];
  // First pass quickly; right after startup the palette may not list contributions yet, so retry the misses slowly.
  for (const title of titles) if (!(await paletteHas(page, title, { keepOpen: true }))) missing.push(title);
  for (const title of missing.splice(0)) {
    if (!(await paletteHas(page, title, { keepOpen: true, timeoutMs: 10_000 }))) missing.push(title);
  }
  assert.deepEqual(missing, [], `missing from the command palette: ${missing.join(', ')}`);
  // Leave the palette showing the category's commands for the screenshot.
  await paletteHas(page, titles[0], { keepOpen: true });
  await page
    .locator('.quick-input-widget input')
    .first()
    .fill(`>${titles[0].split(':')[0]}:`);
  await page.locator('.quick-input-widget .quick-input-list .monaco-list-row').first().waitFor();
  await screenshot(page, 'command-palette');
});

e2eTest('the extension is running (Developer: Show Running Extensions)', async (wb) => {
  const { page } = wb;
  const eager = (manifest.activationEvents ?? []).some((e) => e === '*' || e === 'onStartupFinished');
  if (!eager) {
    console.log('      (skipped: the extension does not activate at startup)');
    return;
  }
  const id = `${manifest.publisher}.${manifest.name}`;
  await waitForActivation(wb, id);
  await runCommand(page, 'Developer: Show Running Extensions');
  // The row shows the display name (installed .vsix) or the id (extension under development).
  const names = [id, manifest.displayName ? localize(manifest.displayName) : undefined].filter((n): n is string => !!n);
  const pattern = new RegExp(`^\\s*(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\s*$`);
  // The list is virtualized and sorted by activation time: scroll until our row is rendered.
  const row = page.locator('.monaco-list-row .extension .name', { hasText: pattern }).first();
  const list = page.locator('.monaco-list-row .extension').first();
  await list.waitFor({ timeout: 15_000 });
  await waitFor(
    `${id} in the Running Extensions list`,
    async () => {
      if (await row.isVisible()) return true;
      await list.hover();
      await page.mouse.wheel(0, 300);
      return false;
    },
    15_000,
    150,
  );
  await row.scrollIntoViewIfNeeded();
  // Running Extensions opens as a modal editor over the workbench: close it as a person would, with its close button.
  await closeModalEditor(page);
});

e2eTest(
  'F1, type "Initia: Select Network", Enter: the network quick pick opens with the fake network active',
  async (wb) => {
    const { page } = wb;
    await waitForActivation(wb, `${manifest.publisher}.${manifest.name}`);
    const input = page.locator('.quick-input-widget input').first();
    const row = page
      .locator('.quick-input-widget .quick-input-list .monaco-list-row', {
        has: page.locator('.label-name', { hasText: /^\s*Initia: Select Network/ }),
      })
      .first();
    // As a person would: F1, type the title, Enter. Right after start-up the palette may not list the command yet.
    await waitFor(
      '"Initia: Select Network" in the command palette',
      async () => {
        await page.keyboard.press('F1');
        await input.waitFor({ state: 'visible', timeout: 5_000 });
        await page.keyboard.type('Initia: Select Network');
        if (await reaches(row, 3_000)) return true;
        await page.keyboard.press('Escape');
        return false;
      },
      20_000,
      0,
    );
    // Enter runs the focused row: it must be ours (recently used commands are listed first).
    await page
      .locator('.quick-input-widget .quick-input-list .monaco-list-row.focused', { hasText: 'Initia: Select Network' })
      .waitFor({ timeout: 3_000 });
    await page.keyboard.press('Enter');
    // The palette gives way to the extension's quick pick: the networks, the active one checked.
    await page
      .locator('.quick-input-widget input[placeholder^="Select the Initia network to browse"]')
      .waitFor({ timeout: 10_000 });
    const picks = page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
    await picks.filter({ hasText: FAKE_NETWORK }).first().waitFor({ timeout: 5_000 });
    const labels = await picks.locator('.label-name').allInnerTexts();
    assert.ok(
      labels.some((l) => l.includes(FAKE_NETWORK)),
      `the fake network is offered: ${labels.join(' | ')}`,
    );
    assert.ok(
      labels.some((l) => l.includes('Initia Mainnet')),
      `the built-in networks are offered: ${labels.join(' | ')}`,
    );
    // The quick input fades in: wait until it is opaque so the screenshot shows it, not the editor behind it.
    await page
      .waitForFunction(
        "(() => { const el = document.querySelector('.quick-input-widget'); return !!el && getComputedStyle(el).opacity === '1'; })()",
        undefined,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    await picks.and(page.locator('.focused')).first().waitFor({ timeout: 5_000 });
    await screenshot(page, 'select-network');
    await page.keyboard.press('Escape');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 3_000 });
  },
);
