/**
 * Activation is cheap and the shell is complete. These checks hold whatever ran before them in this host: they read
 * what activate() reported about itself, and count the shell's routes into the features around the action (both
 * through the test-only hooks, test/support/hooks.ts).
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EXTENSION_ID, onNetwork, run, setUp, type Harness } from './helpers';
import { startFakeIndexer } from '../fixtures/fakeIndexer';
import type { InitiaExplorerApi } from '../../src/extension';
import { probe } from '../support/hooks';

const api = async (): Promise<InitiaExplorerApi> =>
  vscode.extensions.getExtension<InitiaExplorerApi>(EXTENSION_ID)!.activate();

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
    const declared = (
      vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
        contributes: { commands: Array<{ command: string }> };
      }
    ).contributes.commands.map((c) => c.command);
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
    const doc = await vscode.workspace.openTextDocument({
      language: 'plaintext',
      content: 'const x = 0xdeadbeef; // no hash here',
    });
    await vscode.commands.executeCommand('vscode.executeHoverProvider', doc.uri, new vscode.Position(0, 12));
    assert.equal(probe.featureRequests, before);
  });

  describe("the direct transport's bundle", () => {
    let h: Harness;
    before(async () => {
      h = await setUp();
    });
    after(() => h.restore());

    it('a lookup through VS Code’s network stack loads no undici for an http endpoint; an https one with NODE_EXTRA_CA_CERTS does', async () => {
      const direct = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'direct.js');
      // This file runs first (index.ts): nothing may have loaded it yet.
      assert.equal(
        require.cache[direct],
        undefined,
        'dist/direct.js already loaded before any https endpoint or the direct transport was used',
      );
      assert.ok(process.env.NODE_EXTRA_CA_CERTS, 'the integration run trusts its test CA through NODE_EXTRA_CA_CERTS');
      await run('initia.lookupBlock', h.fake.data.latestHeight);
      assert.equal(
        require.cache[direct],
        undefined,
        'dist/direct.js loaded by an http lookup on the default transport',
      );
      const secure = await startFakeIndexer({ tls: 'server', blocks: 20 });
      try {
        await onNetwork({ name: 'Secure fake', indexerUrl: secure.url }, async () => {
          const { json } = await run('initia.lookupBlock', secure.data.latestHeight);
          assert.equal((json.block as { height: string }).height, String(secure.data.latestHeight));
        });
      } finally {
        await secure.close();
      }
      assert.ok(require.cache[direct], 'the CA certificates travel to VS Code’s fetch on an undici Agent');
    });
  });

  describe('the lazy bundles (transfers, bridge, tools, Explain, Watch)', () => {
    let h: Harness;
    before(async () => {
      h = await setUp();
    });
    after(() => {
      for (const p of h.api.bridge.panels) p.dispose();
      h.restore();
    });

    /**
     * `dist/<file>` is not loaded before its first use, nor by a lookup (and a hover, with `hover`); `use` is its first
     * use, which loads it. What `use` returned, for the test to check that the bundle answered.
     */
    const dist = () => path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist');

    async function firstUseLoads(file: string, use: () => Thenable<unknown>, { hover = false } = {}): Promise<unknown> {
      const bundle = path.join(dist(), file);
      const loaded = () => require.cache[bundle] !== undefined;
      assert.equal(loaded(), false, `dist/${file} already loaded before its first use (this file runs first)`);
      await run('initia.lookupBlock', h.fake.data.latestHeight);
      if (hover) {
        const doc = await vscode.workspace.openTextDocument({
          language: 'plaintext',
          content: `tx ${h.fake.data.txs[0]!.hash}`,
        });
        await vscode.commands.executeCommand('vscode.executeHoverProvider', doc.uri, new vscode.Position(0, 5));
      }
      assert.equal(loaded(), false, `dist/${file} loaded by a lookup${hover ? ' or a hover' : ''}`);
      const used = await use();
      assert.ok(loaded(), `its first use loads dist/${file}`);
      return used;
    }

    it('a lookup and a hover load none of the transfers; a transfer command loads dist/transfers.js and answers', async () => {
      // The view's Refresh (every transfer watched: none here) is the first use: the bundle loads and its handler runs.
      await firstUseLoads('transfers.js', () => vscode.commands.executeCommand('initia.transfers.refresh'), {
        hover: true,
      });
      assert.ok(Array.isArray(h.api.features.tracker.all()), 'and its tracker answers');
    });

    it('lookups, trees and hovers load no bridge code; opening the panel loads dist/bridge.js, which reads the features’ own modules', async () => {
      await firstUseLoads(
        'bridge.js',
        () => {
          assert.equal(h.api.bridge.isLoaded, false);
          return vscode.commands.executeCommand('initia.openBridge');
        },
        { hover: true },
      );
      assert.equal(h.api.bridge.panels.length, 1);
      // Every module the bridge reads from the features is in their table, with the names it reads.
      const features = require.cache[path.join(dist(), 'features.js')]?.exports as
        { __lazyShared?: Record<string, Record<string, unknown>> } | undefined;
      const read = [
        ...fs.readFileSync(path.join(dist(), 'bridge.js'), 'utf8').matchAll(/__lazyShared\[("[^"]+")\]/g),
      ].map((m) => JSON.parse(m[1]!) as string);
      assert.ok(read.length > 0, 'the bridge reads modules of the features');
      for (const id of read)
        assert.ok(
          Object.keys(features?.__lazyShared?.[id] ?? {}).length > 0,
          `the features export ${id} for the bridge`,
        );
    });

    it('Explain and the call trace load dist/explain.js when a transaction is explained, not before', async () => {
      const view = (await firstUseLoads(
        'explain.js',
        () => vscode.commands.executeCommand('initia.explainTransaction', h.fake.data.txs[0]!.hash),
        { hover: true },
      )) as { hash?: string } | undefined;
      assert.ok(view?.hash, 'and explains it');
      h.api.features.explain.dispose();
    });

    it('Watch Transaction loads dist/watch.js when a transaction is first watched, not before', async () => {
      const watch = (await firstUseLoads('watch.js', () =>
        vscode.commands.executeCommand('initia.watchTransaction', h.fake.data.txs[0]!.hash),
      )) as { hash?: string } | undefined;
      assert.ok(watch?.hash, 'and watches it');
      h.api.features.watcher.stopAll();
    });

    it('the language-model tools load dist/tools.js on their first call, not before', async () => {
      const token = new vscode.CancellationTokenSource().token;
      const result = (await firstUseLoads('tools.js', () =>
        vscode.lm.invokeTool('initia_networkStatus', { input: {}, toolInvocationToken: undefined }, token),
      )) as vscode.LanguageModelToolResult;
      const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
      assert.match(text, /Fake/, 'the tool answered from the features it reads');
    });
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
