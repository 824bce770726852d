/**
 * Transfers and the bridge panel inside the real extension host, against the fake router: tracking a hash (once),
 * background polling to success / failure / abandonment with a notification each, the Transfers view, the status
 * document, bad input refused before any request, and the panel's strict CSP.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FakeRouter } from '../fixtures/fakeRouter';
import { captureProgress, setUp, startRouterFor, type Harness, waitFor } from './helpers';

const hash = (last: string, salt = 'AB') => `${salt.repeat(31)}A${last.toUpperCase()}`;

describe('bridge and transfers', function () {
  this.timeout(60_000);
  let h: Harness;
  let router: FakeRouter;

  before(async () => {
    h = await setUp();
    router = await startRouterFor(h);
  });
  beforeEach(() => {
    h.clear();
    router.resetRequests();
  });
  after(async () => {
    for (const t of [...h.api.tracker.all()]) await h.api.tracker.remove(t);
    for (const p of h.api.bridge.panels) p.dispose();
    await router.close();
    await h.restore();
  });

  it('tracks a hash once, polls it in the background to completion, and says so', async () => {
    const key = await vscode.commands.executeCommand<string>(
      'initia.trackTransfer',
      hash('1').toLowerCase(),
      'interwoven-1',
    );
    assert.equal(key, `interwoven-1:${hash('1')}`);
    assert.equal(router.count('/v2/tx/track'), 1);
    const t = h.api.tracker.get('interwoven-1', hash('1'))!;
    assert.ok(t, 'tracked');
    await waitFor('completion', () => t.last?.terminal === true);
    assert.equal(t.last!.state, 'STATE_COMPLETED_SUCCESS');
    await waitFor('the notification', () => h.infos.some((m) => /transfer .* completed/.test(m)));
    // The terminal state ends the poller (its timer cleared, nothing in flight): nothing will ask about it again.
    assert.equal(h.api.tracker.isPolling(t), false, 'no poller after the terminal state');
    const polls = router.count('/v2/tx/status');
    // Tracking it again registers nothing new and polls nothing.
    await vscode.commands.executeCommand('initia.trackTransfer', hash('1'), 'interwoven-1');
    assert.equal(router.count('/v2/tx/track'), 1);
    assert.equal(h.api.tracker.isPolling(t), false, 'tracking a finished transfer again starts no poller');
    assert.equal(router.count('/v2/tx/status'), polls, 'no request after the terminal state');
    assert.ok(
      h.api.tracker.persisted().some((p) => p.txHash === hash('1') && p.last?.terminal),
      'persisted with its last state',
    );
  });

  it('Track a Transfer… with the router unreachable says why in its notification (connection refused), not only "waiting to land" (issue 34)', async () => {
    const config = vscode.workspace.getConfiguration('initia');
    const networks = config.get<unknown[]>('networks')!;
    const closed = await startRouterFor(h);
    const url = closed.url;
    await closed.close();
    await config.update(
      'networks',
      [{ ...(networks[0] as object), routerUrl: url }],
      vscode.ConfigurationTarget.Global,
    );
    const progress = captureProgress();
    try {
      const tracked = vscode.commands.executeCommand('initia.trackTransfer', hash('7', 'E7'), 'interwoven-1');
      await waitFor('the reason in the notification', () =>
        progress.said.some((m) => /router does not answer: .*(refused|ECONNREFUSED)/i.test(m)),
      );
      progress.cancel.cancel();
      await tracked;
    } finally {
      progress.restore();
      await config.update('networks', networks, vscode.ConfigurationTarget.Global);
      const t = h.api.tracker.get('interwoven-1', hash('7', 'E7'));
      if (t) await h.api.tracker.remove(t);
    }
  });

  it('a lossless OP withdrawal says once when it can be claimed: a notification, the Transfers view and the stored record', async () => {
    const t = await h.api.tracker.track({
      txHash: hash('2', 'C4'),
      chainId: 'demo-evm-1',
      routerUrl: router.url,
      network: 'Fake indexer',
      estimatedSeconds: 604_800,
      claimableAt: Date.now() + 300,
      summary: { sourceChainId: 'demo-evm-1', destChainId: 'interwoven-1', hops: 1 },
    });
    assert.ok(t.claimableAt !== undefined && !t.claimAnnounced);
    await waitFor('the claim notification', () =>
      h.infos.some((m) => /withdrawal .* can now be claimed on interwoven-1/.test(m)),
    );
    assert.equal(t.claimAnnounced, true);
    assert.ok(
      h.api.tracker.persisted().some((p) => p.txHash === t.txHash && p.claimAnnounced === true),
      'stored, so no other window says it again',
    );
    const tree = h.api.features.transfers.tree;
    const node = (await tree.getChildren()).find((n) => tree.getTreeItem(n).id === `demo-evm-1:${t.txHash}`);
    assert.ok(node, 'listed');
    assert.match(String(tree.getTreeItem(node).description), / · claimable now/);
    assert.equal(h.infos.filter((m) => /can now be claimed/.test(m)).length, 1, 'said once');
    await h.api.tracker.remove(t);
  });

  it('the Transfers view lists transfers with hops and txs; the status document shows the router answer', async () => {
    const tree = h.api.features.transfers.tree;
    const roots = await tree.getChildren();
    const mine = roots.find((n) => tree.getTreeItem(n).id === `interwoven-1:${hash('1')}`)!;
    assert.ok(mine);
    const item = tree.getTreeItem(mine);
    // The panel's words for the same state (not "completed success" here and "completed" there).
    assert.match(String(item.description), /^completed · /);
    const hops = await tree.getChildren(mine);
    assert.ok(hops.length >= 1);
    const hop = tree.getTreeItem(hops[0]!);
    assert.doesNotMatch(
      String(hop.description),
      /[A-Z]{3,}_[A-Z_]+/,
      `hop states in words: ${String(hop.description)}`,
    );
    assert.match(
      String(hop.description),
      / · (arrived|sent, waiting for the destination|in progress|confirmed.*|received.*)$/,
    );
    assert.ok((await tree.getChildren(hops[0]!)).length >= 1, 'the hop lists its txs');
    const uri = await vscode.commands.executeCommand<vscode.Uri>(
      'initia.transfers.openStatus',
      'interwoven-1',
      hash('1'),
    );
    assert.equal(uri.path, `/transfer ${hash('1').slice(0, 6)}…${hash('1').slice(-4)}.json`, 'a short tab title');
    const doc = await vscode.workspace.openTextDocument(uri);
    const json = JSON.parse(doc.getText()) as { tx_hash: string; status: { state: string } };
    assert.equal(json.tx_hash, hash('1'));
    assert.equal(json.status.state, 'STATE_COMPLETED_SUCCESS');
  });

  it('failure (through STATE_PENDING_ERROR) and abandonment end polling with a warning', async () => {
    const win = vscode.window as unknown as {
      showWarningMessage: (message: string, ...rest: unknown[]) => Thenable<unknown>;
    };
    const original = win.showWarningMessage;
    const warnings: string[] = [];
    win.showWarningMessage = (message: string) => {
      warnings.push(message);
      return Promise.resolve(undefined);
    };
    try {
      await vscode.commands.executeCommand('initia.trackTransfer', hash('c', 'CD'), 'interwoven-1');
      await vscode.commands.executeCommand('initia.trackTransfer', hash('e', 'CD'), 'interwoven-1');
      const failed = h.api.tracker.get('interwoven-1', hash('c', 'CD'))!;
      const abandoned = h.api.tracker.get('interwoven-1', hash('e', 'CD'))!;
      await waitFor('both terminal', () => !!failed.last?.terminal && !!abandoned.last?.terminal);
      assert.equal(failed.last!.outcome, 'failed');
      assert.match(failed.last!.error ?? '', /packet timed out/);
      assert.equal(abandoned.last!.outcome, 'abandoned');
      assert.equal(h.api.tracker.active().length, 0);
      // The warning says it failed once, and why ("failed: packet timed out", not "failed: the transfer failed: …").
      await waitFor('the failure warning', () => warnings.some((m) => /failed/.test(m)));
      const warning = warnings.find((m) => /failed/.test(m))!;
      assert.match(warning, /failed: packet timed out\.$/, warning);
      assert.doesNotMatch(warning, /failed\W+(the transfer )?failed/i, warning);
    } finally {
      win.showWarningMessage = original;
    }
  });

  it('corrupt stored transfers ({}, "x", [null], junk; in files or in the old globalState list) are dropped and stop nothing', async () => {
    const dir = path.join(h.api.tracker.storageDir, 'transfers');
    const junk = { 'x~1.json': '{}', 'x~2.json': '"x"', 'x~3.json': '[null]', 'x~4.json': 'junk{' };
    for (const [name, text] of Object.entries(junk)) fs.writeFileSync(path.join(dir, name), text);
    // Another window's write reaches this one through the folder watcher: the files are read, dropped and deleted.
    await waitFor('the corrupt files dropped', () =>
      Object.keys(junk).every((name) => !fs.existsSync(path.join(dir, name))),
    );
    assert.ok(h.api.tracker.all().every((t) => /^[0-9A-F]{64}$/.test(t.txHash)));
    // The tracker still works.
    await vscode.commands.executeCommand('initia.trackTransfer', hash('3'), 'interwoven-1');
    const t = h.api.tracker.get('interwoven-1', hash('3'))!;
    await waitFor('completion', () => t.last?.terminal === true);
    // A tracker starting over the old globalState list with bad entries (and junk files) imports what parses.
    const Tracker = h.api.tracker.constructor as new (
      services: unknown,
      memento: vscode.Memento,
      dir: string,
    ) => typeof h.api.tracker;
    for (const legacy of [{}, 'x', [null], [null, {}, 'x', { ...t, txHash: hash('4') }]]) {
      const values = new Map<string, unknown>([
        ['initia.transfers.v1', legacy],
        ['initia.transfers.pending', 'x'],
      ]);
      const memento = {
        keys: () => [...values.keys()],
        get: (k: string) => values.get(k),
        update: async (k: string, v: unknown) => void values.set(k, v),
      } as vscode.Memento;
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'initia-tracker-'));
      fs.mkdirSync(path.join(tmp, 'transfers'));
      fs.writeFileSync(path.join(tmp, 'transfers', 'y~1.json'), '[null]');
      const other = new Tracker(h.api.services, memento, tmp);
      try {
        assert.deepEqual(
          other.all().map((x) => x.txHash),
          Array.isArray(legacy) && legacy.length > 1 ? [hash('4')] : [],
        );
        assert.equal(values.get('initia.transfers.v1'), undefined, 'the old key is cleared');
        assert.ok(!fs.existsSync(path.join(tmp, 'transfers', 'y~1.json')));
      } finally {
        other.dispose();
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    }
  });

  it('bad input is refused before any request', async () => {
    assert.equal(await vscode.commands.executeCommand('initia.trackTransfer', 'xyz', 'interwoven-1'), undefined);
    assert.match(h.errors[0] ?? '', /hexadecimal/);
    assert.equal(await vscode.commands.executeCommand('initia.trackTransfer', hash('2'), 'bad chain!'), undefined);
    assert.equal(router.requests.length, 0);
  });

  it('the bridge panel: strict CSP, scripts by nonce only, resources limited to media/ and dist/webview', async () => {
    await vscode.commands.executeCommand('initia.openBridge');
    const [panel] = h.api.bridge.panels;
    assert.ok(panel);
    const html = panel.webview.html;
    const csp = /Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'nonce-[A-Za-z0-9]{16,}'/);
    assert.doesNotMatch(csp, /unsafe-(inline|eval)/);
    assert.doesNotMatch(html, /\son[a-z]+=/i, 'no inline handlers');
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1];
    for (const tag of html.match(/<script[^>]*>/g) ?? []) assert.ok(tag.includes(`nonce="${nonce}"`), tag);
    // Styles: the extension's files, and style elements by a nonce of their own, given to the component library
    // where it looks for it (the one <style> it makes to test :focus-visible); never inline.
    const styleNonce = /style-src [^;]*'nonce-([^']+)'/.exec(csp)?.[1];
    assert.ok(styleNonce && styleNonce !== nonce, csp);
    assert.ok(html.includes(`<meta property="csp-nonce" content="${styleNonce}">`));
    const roots = (panel.webview.options.localResourceRoots ?? []).map((u) => u.path);
    assert.equal(roots.length, 2);
    assert.ok(
      roots.some((r) => r.endsWith('/media')) && roots.some((r) => r.endsWith('/dist/webview')),
      roots.join(', '),
    );
    await vscode.commands.executeCommand('initia.openBridge');
    assert.equal(h.api.bridge.panels.length, 1, 'one panel, revealed again');
  });
});
