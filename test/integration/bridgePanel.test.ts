/**
 * The bridge panel's messaging in the real extension host: a panel VS Code restores with a saved state that cannot
 * be read opens fresh, says so once and tells its webview to discard the state; a readable state (or none) restores
 * without a word; every post waits for the webview's `ready`, again after the panel was hidden (its document is
 * recreated then), and the first message to each document is `init`.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeRouter } from '../fixtures/fakeRouter';
import { setUp, startRouterFor, type Harness, waitFor } from './helpers';
import { probe } from '../support/hooks';

const OPENED_FRESH = /saved state could not be read, so it opened fresh/;

interface Spied {
  panel: vscode.WebviewPanel;
  /** What the host posted to the webview, in order. */
  posted: Array<{ type?: string; stateRejected?: boolean }>;
}

/** A bridge panel as VS Code hands one to the serializer after a reload, with its posts recorded. */
function restoredPanel(h: Harness, state: unknown): Spied {
  const panel = vscode.window.createWebviewPanel('initia.bridge', 'Initia Bridge', vscode.ViewColumn.Active, {
    enableScripts: true,
  });
  const posted: Spied['posted'] = [];
  const webview = panel.webview as { postMessage(message: unknown): Thenable<boolean> };
  const post = webview.postMessage.bind(webview);
  webview.postMessage = (message: unknown) => {
    posted.push(message as Spied['posted'][number]);
    return post(message);
  };
  h.api.bridge.restore(panel, state);
  return { panel, posted };
}

describe('bridge panel: saved state and the ready handshake', function () {
  this.timeout(60_000);
  let h: Harness;
  let router: FakeRouter;

  before(async () => {
    h = await setUp();
    router = await startRouterFor(h);
  });
  beforeEach(() => h.clear());
  afterEach(() => {
    for (const p of h.api.bridge.panels) p.dispose();
  });
  after(async () => {
    await router.close();
    await h.restore();
  });

  for (const [what, corrupt] of [
    ['an empty object', {}],
    ['a string', 'x'],
    ['an array', [null]],
    ['fields of the wrong type', { step: 'route', form: { amount: 1 }, route: 'route' }],
    [
      'a form of the version that took base units',
      {
        step: 'form',
        form: {
          sourceChainId: 'interwoven-1',
          sourceDenom: 'uinit',
          destChainId: 'osmosis-1',
          destDenom: 'uosmo',
          amount: '1000000',
          slippage: '1',
        },
      },
    ],
  ] as const) {
    it(`a saved state that cannot be read (${what}) opens a fresh panel, says so, and tells the webview to discard it`, async () => {
      const { panel, posted } = restoredPanel(h, corrupt);
      assert.equal(h.infos.filter((m) => OPENED_FRESH.test(m)).length, 1, h.infos.join(' | '));
      // Nothing reaches the webview before it says ready: init waits.
      assert.deepEqual(probe.delivery(panel), { ready: false, held: 1, sent: 0 });
      assert.equal(posted.length, 0);
      await waitFor('the webview to say ready', () => probe.delivery(panel)?.ready === true);
      assert.equal(posted[0]?.type, 'init');
      assert.equal(posted[0]?.stateRejected, true, 'init tells the webview to discard its state');
      assert.deepEqual(probe.delivery(panel), { ready: true, held: 0, sent: posted.length });
    });
  }

  it('a readable saved state, or none, restores without a word', async () => {
    const form = {
      v: 2,
      sourceChainId: 'interwoven-1',
      sourceDenom: 'uinit',
      sourceDecimals: '',
      destChainId: 'osmosis-1',
      destDenom: 'uosmo',
      amount: '1',
      slippage: '0.5',
      sender: '',
      withdrawal: 'fast',
    };
    const state = { step: 'form', form, unknownLater: true };
    for (const saved of [state, undefined, null]) {
      const { panel, posted } = restoredPanel(h, saved);
      await waitFor('the webview to say ready', () => probe.delivery(panel)?.ready === true);
      assert.equal(posted[0]?.type, 'init');
      assert.equal(posted[0]?.stateRejected, undefined, JSON.stringify(saved));
      panel.dispose();
    }
    assert.deepEqual(
      h.infos.filter((m) => OPENED_FRESH.test(m)),
      [],
    );
  });

  it('posts wait for ready again while the panel is hidden; the state is rejected only once', async () => {
    const { panel, posted } = restoredPanel(h, 'corrupt');
    await waitFor('the webview to say ready', () => probe.delivery(panel)?.ready === true);
    // A fresh form asks for the chains, the source chain's assets and the form's check (its answers come while ready).
    await waitFor(
      'the first requests answered',
      () => posted.filter((p) => p.type === 'reply').length >= 3 && posted.some((p) => p.type === 'quote'),
    );
    // Hidden (another editor in its place), the webview's document is destroyed: posts are held from now on.
    // An empty untitled document: not dirty, so closing it asks nothing.
    const doc = await vscode.workspace.openTextDocument({ language: 'plaintext' });
    await vscode.window.showTextDocument(doc, {
      viewColumn: panel.viewColumn ?? vscode.ViewColumn.Active,
      preview: false,
    });
    await waitFor('the panel to be hidden', () => !panel.visible);
    const before = posted.length;
    const held = probe.delivery(panel)!;
    assert.equal(held.ready, false, 'the next init waits for the next document');
    assert.equal(held.sent, before, 'nothing went to the document that is gone');
    // The next init, and the quote for the form the webview told the host.
    assert.equal(held.held, 2);
    // Shown again: a new document says ready and gets its init first, which no longer rejects anything.
    panel.reveal();
    await waitFor('the new document to say ready', () => probe.delivery(panel)?.ready === true);
    assert.deepEqual(
      posted.slice(before, before + 2).map((p) => p.type),
      ['init', 'quote'],
    );
    assert.equal(posted[before]?.stateRejected, undefined, 'the state is discarded once, not on every reload');
    assert.equal(h.infos.filter((m) => OPENED_FRESH.test(m)).length, 1);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
