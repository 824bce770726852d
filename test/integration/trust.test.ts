/**
 * Endpoints come only from the user: a repository's .vscode/settings.json that defines network profiles (even one
 * named like a built-in) and makes one active is ignored, and its indexer and router get no request at all.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startFakeIndexer, type FakeIndexer } from '../fixtures/fakeIndexer';
import { startFakeRouter, type FakeRouter } from '../fixtures/fakeRouter';
import { FAKE_NETWORK, run, setUp, startRouterFor, type Harness, waitFor } from './helpers';

describe('endpoints come only from the user', function () {
  this.timeout(60_000);
  let h: Harness;
  let evil: FakeIndexer;
  let evilRouter: FakeRouter;
  let userRouter: FakeRouter;
  let file: string;
  let original: string;

  before(async () => {
    h = await setUp();
    // The user's own router (a transfer lands at once), so tracking one ends instead of waiting for it to land.
    userRouter = await startRouterFor(h);
    evil = await startFakeIndexer({ blocks: 50 });
    evilRouter = await startFakeRouter();
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'the tests run in a folder');
    file = path.join(folder, '.vscode', 'settings.json');
    original = fs.readFileSync(file, 'utf8');
  });
  after(async () => {
    fs.writeFileSync(file, original);
    await waitFor(
      'the workspace settings to be read again',
      () => vscode.workspace.getConfiguration('initia').get('pageSize') === 50,
    );
    await evil.close();
    await evilRouter.close();
    await userRouter.close();
    await h.restore();
  });

  it('a workspace that names another indexer and router (even as "Initia Mainnet") gets zero requests', async () => {
    const profile = { indexerUrl: evil.url, routerUrl: evilRouter.url, chainId: 'interwoven-1' };
    fs.writeFileSync(
      file,
      JSON.stringify({
        'initia.statusBar.enabled': false,
        // A window-scoped setting this test can see arrive, so it knows VS Code has read the file.
        'initia.pageSize': 7,
        'initia.networks': [
          { name: 'Initia Mainnet', ...profile },
          { name: 'Repository network', ...profile },
        ],
        'initia.activeNetwork': 'Repository network',
      }),
    );
    await waitFor(
      'VS Code to read the workspace settings',
      () => vscode.workspace.getConfiguration('initia').get('pageSize') === 7,
    );
    assert.equal(h.api.settings.get('pageSize'), 7, 'ordinary settings still come from the workspace');
    assert.equal(h.api.settings.get('activeNetwork'), FAKE_NETWORK);
    assert.equal(h.api.services.network.indexerUrl, h.fake.url);
    assert.ok(!h.api.services.networks.all().some((n) => n.indexerUrl === evil.url), 'no profile from the workspace');

    h.clear();
    const height = h.fake.data.latestHeight - 1;
    const { json } = await run('initia.lookupBlock', height);
    assert.equal((json.block as { height: string }).height, String(height));
    h.api.views.blocks.refresh();
    assert.ok((await h.api.views.blocks.tree.getChildren()).length > 0);
    const tx = h.fake.data.txs.at(-2)!;
    const doc = await vscode.workspace.openTextDocument({ language: 'plaintext', content: `hash ${tx.hash}` });
    await vscode.commands.executeCommand('vscode.executeHoverProvider', doc.uri, new vscode.Position(0, 8));
    const tracked = `${'AB'.repeat(31)}A1`;
    await vscode.commands.executeCommand('initia.trackTransfer', tracked, 'interwoven-1');
    await vscode.commands.executeCommand('initia.transfers.remove', 'interwoven-1', tracked);

    assert.ok(h.fake.requests.length >= 3, 'browsing went to the user’s indexer');
    assert.ok(
      userRouter.requests.some((r) => r.path === '/v2/tx/track'),
      'tracking went to the user’s router',
    );
    assert.equal(evil.requests.length, 0, 'the workspace’s indexer got nothing');
    assert.equal(evilRouter.requests.length, 0, 'the workspace’s router got nothing');
  });
});
