/**
 * What a command is handed when it runs from a button: VS Code gives a view-title button the view's focused row (and
 * an editor-title button the document's URI). Every title command of package.json is run here as VS Code runs it
 * with a row of its view focused: none may read the row as typed text ("[object Object]", "objectobject"), each asks
 * or acts as from the palette. The other commands that take optional text are handed a row too.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeRouter } from '../fixtures/fakeRouter';
import type { ExplorerNode } from '../../src/platform/tree';
import { EXTENSION_ID, FAKE_NETWORK, setUp, startRouterFor, type Harness, waitFor } from './helpers';

type Show = (...args: unknown[]) => unknown;
interface Asked {
  kind: 'inputBox' | 'quickPick' | 'createQuickPick';
  text: string;
}

/** Records every question a command asks (input box, quick pick) and dismisses it at once, as Escape would. */
function captureQuestions(): { asked: Asked[]; restore(): void } {
  const win = vscode.window as unknown as Record<'showInputBox' | 'showQuickPick' | 'createQuickPick', Show>;
  const original = {
    showInputBox: win.showInputBox,
    showQuickPick: win.showQuickPick,
    createQuickPick: win.createQuickPick,
  };
  const asked: Asked[] = [];
  win.showInputBox = (options?: unknown) => {
    const o = (options ?? {}) as vscode.InputBoxOptions;
    asked.push({ kind: 'inputBox', text: `${o.prompt ?? ''} ${o.value ?? ''}` });
    return Promise.resolve(undefined);
  };
  win.showQuickPick = (_items: unknown, options?: unknown) => {
    asked.push({
      kind: 'quickPick',
      text: String((options as vscode.QuickPickOptions | undefined)?.placeHolder ?? ''),
    });
    return Promise.resolve(undefined);
  };
  win.createQuickPick = () => {
    const qp = (original.createQuickPick as () => vscode.QuickPick<vscode.QuickPickItem>)();
    const show = qp.show.bind(qp);
    qp.show = () => {
      show();
      asked.push({ kind: 'createQuickPick', text: `${qp.title ?? ''} ${qp.value}` });
      setTimeout(() => qp.hide(), 0);
    };
    return qp;
  };
  return {
    asked,
    restore() {
      Object.assign(win, original);
    },
  };
}

const VIEW_OF = /\bview == ([\w.]+)/;

describe('commands tell a row, text and nothing apart', function () {
  this.timeout(90_000);
  let h: Harness;
  let router: FakeRouter;
  const hashes = [`${'5C'.repeat(31)}A1`, `${'5C'.repeat(31)}A2`];

  before(async () => {
    h = await setUp();
    router = await startRouterFor(h);
    // Two transfers that stay in progress for the whole suite.
    for (const hash of hashes) router.prepare(hash, 'interwoven-1', { to: '1', fate: 'success', jitter: 100 });
    for (const hash of hashes) await vscode.commands.executeCommand('initia.trackTransfer', hash, 'interwoven-1');
    await vscode.workspace
      .getConfiguration('initia')
      .update('richList.denoms', { [FAKE_NETWORK]: [h.fake.data.denoms[0]] }, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    for (const t of [...h.api.tracker.all()]) await h.api.tracker.remove(t);
    for (const p of h.api.bridge.panels) p.dispose();
    await vscode.commands.executeCommand('initia.blocks.stopFollowing');
    await vscode.commands.executeCommand('initia.blocks.showNewestFirst');
    await vscode.workspace
      .getConfiguration('initia')
      .update('richList.denoms', undefined, vscode.ConfigurationTarget.Global);
    await router.close();
    await h.restore();
  });

  /** A row of each view, as VS Code would hand the title buttons of that view when it is focused. */
  async function rowOf(view: string): Promise<ExplorerNode> {
    const trees: Record<string, { getChildren(n?: ExplorerNode): ExplorerNode[] | Promise<ExplorerNode[]> }> = {
      'initia.blocks': h.api.views.blocks.tree,
      'initia.collections': h.api.views.collections.tree,
      'initia.richList': h.api.views.richList.tree,
      'initia.transfers': h.api.features.transfers.tree as unknown as {
        getChildren(n?: ExplorerNode): ExplorerNode[] | Promise<ExplorerNode[]>;
      },
    };
    const tree = trees[view];
    assert.ok(tree, `a tree for ${view}`);
    const [first] = await tree.getChildren();
    assert.ok(first, `${view} has a row`);
    // A row one level down too where there is one (a holder under its denom, a token under its collection).
    const [child] = view === 'initia.richList' || view === 'initia.collections' ? await tree.getChildren(first) : [];
    return child ?? first;
  }

  it("every view-title command, run with its view's focused row, asks or acts as from the palette", async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const titles = (
      ext.packageJSON as { contributes: { menus: Record<string, Array<{ command: string; when?: string }>> } }
    ).contributes.menus['view/title']!;
    assert.ok(titles.length >= 10, 'the title buttons of package.json');
    // What each asking title command must ask (the others act: refresh, order, follow, open the bridge).
    const asks: Record<string, Asked['kind']> = {
      'initia.lookup': 'createQuickPick',
      'initia.collections.findByName': 'inputBox',
      'initia.collections.findByAccount': 'inputBox',
      'initia.richList.addDenom': 'inputBox',
      'initia.trackTransfer': 'inputBox',
    };
    const denomsBefore = JSON.stringify(vscode.workspace.getConfiguration('initia').get('richList.denoms'));
    for (const { command, when } of titles) {
      const view = VIEW_OF.exec(when ?? '')?.[1];
      assert.ok(view, `${command} names its view`);
      const row = await rowOf(view);
      h.clear();
      router.resetRequests();
      const q = captureQuestions();
      try {
        // As VS Code runs a title action: (focused element, undefined).
        await vscode.commands.executeCommand(command, row, undefined);
        await new Promise((r) => setTimeout(r, 50));
      } finally {
        q.restore();
      }
      assert.deepEqual(h.errors, [], `${command} with a focused row shows no error`);
      const expected = asks[command];
      if (expected) {
        assert.equal(q.asked.length, 1, `${command} asks once: ${JSON.stringify(q.asked)}`);
        assert.equal(q.asked[0]!.kind, expected, command);
        assert.doesNotMatch(q.asked[0]!.text, /object/i, `${command} does not offer the row as text`);
      }
      if (command === 'initia.transfers.refresh') {
        // The title's Refresh refreshes every transfer watched, not only the focused row's.
        await waitFor(
          'a status request for each transfer',
          () => hashes.every((x) => router.requests.some((r) => r.path === '/v2/tx/status' && r.query.includes(x))),
          10_000,
        );
      }
    }
    assert.equal(
      JSON.stringify(vscode.workspace.getConfiguration('initia').get('richList.denoms')),
      denomsBefore,
      'no denom added from a row',
    );
    const filter = h.api.views.collections.filter;
    assert.equal(filter.kind, 'all', `the collections are not filtered by a row: ${JSON.stringify(filter)}`);
    for (const p of h.api.bridge.panels) p.dispose();
  });

  it('commands that take optional text ask when handed a row, and still take text', async () => {
    const row = await rowOf('initia.blocks');
    const optionalText = [
      'initia.lookupTransaction',
      'initia.lookupBlock',
      'initia.lookupTxsByHeight',
      'initia.lookupAccount',
      'initia.lookupCollection',
      'initia.lookupCollectionTokens',
      'initia.lookupNftHistory',
      'initia.showRichList',
      'initia.showTransactions',
      'initia.lookupEvmTxsByHeight',
      'initia.lookupEvmInternalTxs',
      'initia.lookupEvmInternalTxsByHeight',
      'initia.explainTransaction',
    ];
    for (const command of optionalText) {
      h.clear();
      const q = captureQuestions();
      try {
        await vscode.commands.executeCommand(command, row, [row]);
      } finally {
        q.restore();
      }
      assert.deepEqual(h.errors, [], `${command} with a row shows no error`);
      assert.ok(q.asked.length >= 1, `${command} asks`);
      assert.ok(
        q.asked.every((a) => !/object/i.test(a.text)),
        `${command}: ${JSON.stringify(q.asked)}`,
      );
      assert.equal(h.fake.requests.length, 0, `${command} sends nothing`);
    }
    // Text still works: a height as a number or as text.
    const height = h.fake.data.latestHeight - 3;
    for (const arg of [height, String(height)]) {
      const uri = await vscode.commands.executeCommand<vscode.Uri>('initia.lookupBlock', arg);
      assert.ok(uri, `a block from ${typeof arg}`);
    }
  });
});
