/**
 * Activation is cheap and the shell is complete. These checks hold whatever ran before them in this host: they read
 * what activate() reported about itself, and count the shell's routes into the features around the action (both
 * through the test-only hooks, test/support/hooks.ts).
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, setUp, type Harness } from './helpers';
import type { InitiaExplorerApi } from '../../src/extension';
import { probe } from '../support/hooks';

const api = async (): Promise<InitiaExplorerApi> => vscode.extensions.getExtension<InitiaExplorerApi>(EXTENSION_ID)!.activate();

describe('activation', () => {
  it('activates without loading the features bundle (adapters, undici, zod)', async () => {
    const ext = vscode.extensions.getExtension<InitiaExplorerApi>(EXTENSION_ID)!;
    await ext.activate();
    assert.equal(ext.isActive, true);
    const a = probe.activation!;
    assert.ok(a, 'activate() reported to the test hooks');
    assert.equal(a.featuresLoaded, false, 'dist/features.js must not be loaded by activate()');
    console.log(`      activate() took ${a.ms.toFixed(2)} ms`);
    assert.ok(a.ms < 200, `activate() took ${a.ms} ms`);
  });

  it('every command declared in package.json has a handler, and every handler a declaration', async () => {
    const a = await api();
    const declared = (vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { commands: Array<{ command: string }> } }).contributes.commands.map(
      (c) => c.command,
    );
    const handlers = [...a.features.handlers.keys()];
    assert.deepEqual(
      declared.filter((c) => !handlers.includes(c)),
      [],
      'declared in package.json without a handler',
    );
    assert.deepEqual(
      handlers.filter((c) => !declared.includes(c)),
      [],
      'a handler that package.json does not declare (the palette would never show it)',
    );
    const registered = await vscode.commands.getCommands(true);
    assert.deepEqual(
      declared.filter((c) => !registered.includes(c)),
      [],
      'declared but not registered with VS Code',
    );
  });

  it('a hover on a line without a 64-hex run does not reach the features', async () => {
    await api();
    const before = probe.featureRequests;
    const doc = await vscode.workspace.openTextDocument({ language: 'plaintext', content: 'const x = 0xdeadbeef; // no hash here' });
    await vscode.commands.executeCommand('vscode.executeHoverProvider', doc.uri, new vscode.Position(0, 12));
    assert.equal(probe.featureRequests, before);
  });

  describe('refused input', () => {
    let h: Harness;
    before(async () => {
      h = await setUp();
    });
    after(() => h.restore());

    it('sends nothing and says why', async () => {
      h.clear();
      assert.equal(await vscode.commands.executeCommand('initia.lookupBlock', 'not a height'), undefined);
      assert.equal(h.fake.requests.length, 0);
      assert.equal(h.errors.length, 1, h.errors.join(' | '));
    });
  });
});
