/** Activation is cheap: no network I/O, and the core bundle (undici, zod, clients) is not loaded until first use. */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID } from './helpers';
import type { InitiaExplorerApi } from '../../src/extension';

function coreLoaded(): boolean {
  const core = path.join('dist', 'core.js');
  return Object.keys(require.cache).some((k) => k.endsWith(core));
}

describe('activation', () => {
  it('activates on startup without loading the core bundle', async () => {
    const ext = vscode.extensions.getExtension<InitiaExplorerApi>(EXTENSION_ID)!;
    const api = await ext.activate();
    assert.equal(ext.isActive, true);
    // The test workspace disables the status bar reader, the only thing that would load the core unasked.
    assert.equal(coreLoaded(), false, 'dist/core.js must not be loaded by activation');
    assert.equal(api.featuresLoaded(), false, 'dist/features.js must not be loaded by activation');
    console.log(`      activate() took ${api.activationMs.toFixed(2)} ms`);
    assert.ok(api.activationMs < 200, `activate() took ${api.activationMs} ms`);
  });

  it('contributes its commands', async () => {
    const all = await vscode.commands.getCommands(true);
    const ours = all.filter((c) => c.startsWith('initia.'));
    for (const id of ['initia.lookup', 'initia.lookupTransaction', 'initia.selectNetwork', 'initia.nextPage']) assert.ok(ours.includes(id), id);
    const declared = (vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { commands: Array<{ command: string }> } }).contributes.commands;
    for (const { command } of declared) assert.ok(ours.includes(command), `${command} is declared and registered`);
  });

  it('a hover on a line without a 64-hex run loads nothing', async () => {
    const api = await vscode.extensions.getExtension<InitiaExplorerApi>(EXTENSION_ID)!.activate();
    const doc = await vscode.workspace.openTextDocument({ language: 'plaintext', content: 'const x = 0xdeadbeef; // no hash here' });
    await vscode.commands.executeCommand('vscode.executeHoverProvider', doc.uri, new vscode.Position(0, 12));
    assert.equal(api.featuresLoaded(), false);
  });

  it('refused input loads no network code and sends nothing', async () => {
    await vscode.commands.executeCommand('initia.lookupBlock', 'not a height');
    assert.equal(coreLoaded(), false, 'refused input loads nothing');
  });
});
