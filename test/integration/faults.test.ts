/**
 * The fault matrix, inside the real extension host against the fake servers, on each transport (VS Code's network
 * stack and undici directly): every fault on a lookup command, on a
 * tree view's Load more and on the hover; a few on the transfer tracker. For each: a readable message, the data
 * already shown stays, a retry recovers once the fault is gone, and no promise rejection goes unhandled.
 */
import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import * as vscode from 'vscode';
import type { Fault } from '../fixtures/fakeServer';
import type { FakeRouter } from '../fixtures/fakeRouter';
import { onNetwork, setUp, startRouterFor, type Harness, waitFor } from './helpers';

type Case = [name: string, fault: Fault, message: RegExp];

const CASES: Case[] = [
  ['500', { kind: 'status', status: 500 }, /The indexer answered 500 Internal Server Error\./],
  ['502', { kind: 'status', status: 502 }, /The indexer answered 502 Bad Gateway/],
  [
    '503 with a long Retry-After',
    { kind: 'status', status: 503, retryAfter: 120 },
    /503 Service Unavailable.*it asks to wait 120 s/,
  ],
  ['503 without Retry-After (retried, then reported)', { kind: 'status', status: 503 }, /503 Service Unavailable/],
  [
    '429 with a long Retry-After',
    { kind: 'status', status: 429, retryAfter: 300 },
    /429 Too Many Requests.*wait 300 s/,
  ],
  [
    '429 with an absurd Retry-After (capped at 10 min)',
    { kind: 'status', status: 429, retryAfter: 99_999_999 },
    /429 Too Many Requests.*wait 600 s/,
  ],
  [
    '429 with a Retry-After date in the past (retried at once, a bounded number of times)',
    { kind: 'status', status: 429, retryAfter: 'Wed, 21 Oct 2015 07:28:00 GMT' },
    /429 Too Many Requests\.$/,
  ],
  ['timeout before the headers', { kind: 'hang' }, /did not answer within 1\.5 s/],
  ['stall in the middle of the body', { kind: 'stall' }, /(stopped sending its answer|did not answer within 1\.5 s)/],
  ['connection reset in the middle of the body', { kind: 'truncated' }, /Couldn't reach the indexer|not JSON|closed/],
  ['not JSON', { kind: 'nonJson' }, /something that is not JSON \(text\/html\)/],
  ['JSON of the wrong shape', { kind: 'wrongShape' }, /unexpected shape: field /],
  ['a 20 MB body', { kind: 'huge', bytes: 20 * 1024 * 1024 }, /more than 8 MB; the answer was refused/],
  [
    'a redirect to another origin',
    { kind: 'redirect', location: 'http://evil.example/steal' },
    /redirected to http:\/\/evil\.example\/steal \(not followed\)/,
  ],
];

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

/** A port nothing listens on (fetch refuses the well-known "bad ports" such as 9 before trying). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// The whole matrix on each transport: VS Code's network stack (its patched fetch) and undici directly.
for (const transport of ['vscode', 'direct'] as const)
  describe(`fault matrix (${transport} transport)`, function () {
    this.timeout(120_000);
    let h: Harness;

    before(async () => {
      h = await setUp();
      const config = vscode.workspace.getConfiguration('initia');
      await config.update('http.transport', transport, vscode.ConfigurationTarget.Global);
      await config.update('requestTimeoutMs', 1500, vscode.ConfigurationTarget.Global);
      await config.update('pageSize', 10, vscode.ConfigurationTarget.Global);
      process.on('unhandledRejection', onUnhandled);
    });
    beforeEach(() => h.clear());
    after(async () => {
      process.off('unhandledRejection', onUnhandled);
      const config = vscode.workspace.getConfiguration('initia');
      await config.update('requestTimeoutMs', undefined, vscode.ConfigurationTarget.Global);
      await config.update('pageSize', undefined, vscode.ConfigurationTarget.Global);
      await config.update('http.transport', undefined, vscode.ConfigurationTarget.Global);
      await h.restore();
    });
    afterEach(() => {
      assert.deepEqual(unhandled.map(String), [], 'no unhandled promise rejection');
    });

    for (const [name, fault, message] of CASES) {
      it(`${name}: lookup, tree page and hover say so; data stays; retry recovers`, async () => {
        // Lookup: a document already open stays as it was; the failed page says why.
        const { blocks } = h.api.views;
        const uri = await vscode.commands.executeCommand<vscode.Uri>('initia.showBlocks');
        assert.ok(uri);
        const before = (await vscode.workspace.openTextDocument(uri)).getText();
        h.fake.setFault(fault);
        assert.equal(await vscode.commands.executeCommand('initia.nextPage', uri.toString()), false);
        assert.match(h.errors.at(-1) ?? '', message, 'lookup');
        assert.equal((await vscode.workspace.openTextDocument(uri)).getText(), before, 'the page shown stays');
        h.fake.clearFaults();
        assert.equal(await vscode.commands.executeCommand('initia.nextPage', uri.toString()), true, 'retry recovers');

        // Tree view: the first page loads; Load more fails into an error row; the rows stay; Retry recovers.
        blocks.refresh();
        const tree = blocks.tree;
        let rows = await tree.getChildren();
        assert.equal(rows.length, 11);
        h.fake.setFault(fault);
        const more = tree.getTreeItem(rows.at(-1)!).command!;
        await vscode.commands.executeCommand(more.command, ...(more.arguments ?? []));
        rows = await tree.getChildren();
        assert.equal(rows.length, 11, '10 blocks kept and an error row');
        const errorRow = tree.getTreeItem(rows.at(-1)!);
        assert.equal(errorRow.contextValue, 'initia.error');
        assert.match(String(errorRow.label), message, 'tree');
        h.fake.clearFaults();
        await vscode.commands.executeCommand(errorRow.command!.command, ...(errorRow.command!.arguments ?? []));
        rows = await tree.getChildren();
        assert.equal(rows.length, 21, 'retry appended the page');

        // Hover: one line with the reason, nothing cached; after the fault, the summary.
        const tx = h.fake.data.txs[h.fake.data.txs.length - 1 - CASES.findIndex((c) => c[0] === name)]!;
        const doc = await vscode.workspace.openTextDocument({ language: 'plaintext', content: `hash ${tx.hash}` });
        h.fake.setFault(fault);
        const failed = (await h.api.hover.provideHover(
          doc,
          new vscode.Position(0, 8),
          new vscode.CancellationTokenSource().token,
        ))!;
        const failedText = (failed.contents[0] as vscode.MarkdownString).value;
        assert.match(failedText, /Couldn't look up this transaction/);
        h.fake.clearFaults();
        const ok = (await h.api.hover.provideHover(
          doc,
          new vscode.Position(0, 8),
          new vscode.CancellationTokenSource().token,
        ))!;
        assert.match(
          (ok.contents[0] as vscode.MarkdownString).value,
          /\*\*Transaction\*\*/,
          'the error was not cached',
        );
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      });
    }

    it('connection refused: a readable message, and the tree offers Retry', async () => {
      const port = await closedPort();
      await onNetwork({ name: 'Dead', indexerUrl: `http://127.0.0.1:${port}` }, async () => {
        assert.equal(await vscode.commands.executeCommand('initia.showStatus'), undefined);
        assert.match(
          h.errors.at(-1) ?? '',
          new RegExp(
            `Couldn't reach the indexer at http://127\\.0\\.0\\.1:${port}: connection refused \\(is the service running\\?\\)`,
          ),
        );
        const tree = h.api.views.blocks.tree;
        const rows = (await tree.getChildren()).map((n) => tree.getTreeItem(n));
        assert.equal(rows[0]!.label, 'Dead does not answer');
        assert.match(
          String(rows[0]!.description),
          new RegExp(`^Couldn't reach the indexer at http://127\\.0\\.0\\.1:${port}: connection refused`),
        );
        assert.deepEqual(
          rows.slice(1).map((r) => r.command?.command),
          ['initia.blocks.refresh', 'initia.selectNetwork', 'initia.showLog'],
          'what the user can do',
        );
      });
    });

    describe('the transfer tracker', () => {
      let router: FakeRouter;
      before(async () => {
        router = await startRouterFor(h);
      });
      after(async () => {
        for (const t of [...h.api.tracker.all()]) await h.api.tracker.remove(t);
        await router.close();
      });

      it('keeps polling through a 500 and a non-JSON answer (backing off), and completes once they are gone', async () => {
        const hash = `${'EF'.repeat(31)}A1`;
        router.setFault({ kind: 'status', status: 500, path: '/v2/tx/status', times: 1 });
        router.setFault({ kind: 'nonJson', path: '/v2/tx/status', times: 1 });
        await vscode.commands.executeCommand('initia.trackTransfer', hash, 'interwoven-1');
        const t = h.api.tracker.get('interwoven-1', hash)!;
        await waitFor('completion after the faults', () => t.last?.terminal === true, 90_000);
        assert.equal(t.last!.outcome, 'success');
        assert.ok(router.count('/v2/tx/status') >= 3, 'each fault cost one poll');
        assert.equal(t.problem, undefined);
      });

      it('a track request that fails once is asked again (the transfer is kept meanwhile) and the transfer registered', async () => {
        router.setFault({ kind: 'status', status: 500, path: '/v2/tx/track', times: 1 });
        const hash = `${'EF'.repeat(31)}A2`;
        const before = router.count('/v2/tx/track');
        // The router takes a transaction once it has landed, so registering waits and asks again (InterwovenKit asks
        // up to 30 times): one failure costs one more request, not the transfer.
        assert.equal(
          await vscode.commands.executeCommand('initia.trackTransfer', hash, 'interwoven-1'),
          `interwoven-1:${hash}`,
        );
        assert.equal(router.count('/v2/tx/track') - before, 2);
        const kept = h.api.tracker.get('interwoven-1', hash);
        assert.notEqual(kept?.registered, false);
        assert.equal(kept?.problem, undefined);
      });
    });
  });
