/**
 * Explain Transaction in the real extension host against the fake indexer: a failed tx explained with its reason,
 * messages and events (one request for it), a multi-message tx, an EVM tx with its logs decoded and its internal calls, a malformed hash refused
 * before any request, and the command taking its hash from a transaction's JSON document (its title-bar button).
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EVM_TX_WITH_LOGS_HASH, FAILED_TX_HASH, FAILED_TX_RAW_LOG, MULTI_MSG_TX_HASH } from '../fixtures/fakeIndexer';
import { setUp, waitFor, type Harness } from './helpers';

describe('Explain Transaction', function () {
  this.timeout(60_000);
  let h: Harness;

  before(async () => {
    h = await setUp();
  });
  beforeEach(() => {
    h.clear();
    h.fake.resetRequests();
  });
  after(async () => {
    h.api.features.explain.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await h.restore();
  });

  it('a failed tx: its code, codespace and the chain reason, its messages in words with their events, one request', async () => {
    const failed = { hash: FAILED_TX_HASH };
    const view = await vscode.commands.executeCommand<{
      outcome: { ok: boolean; text: string; reason?: string };
      messages: Array<{ title: string; events: unknown[] }>;
      facts: Array<{ label: string; link?: { kind: string } }>;
    }>('initia.explainTransaction', failed.hash.toLowerCase());
    assert.ok(view, 'explained');
    assert.equal(view.outcome.ok, false);
    assert.match(view.outcome.text, /^Failed with code 5 \(sdk\)$/);
    assert.equal(view.outcome.reason, FAILED_TX_RAW_LOG);
    assert.ok(
      view.messages.length >= 1 && /^1\. /.test(view.messages[0]!.title),
      JSON.stringify(view.messages.map((m) => m.title)),
    );
    assert.equal(view.facts.find((f) => f.label === 'Height')?.link?.kind, 'block');
    assert.equal(h.fake.count(`/indexer/tx/v1/txs/${failed.hash}`), 1, 'one request for the tx');
    assert.equal(
      h.fake.requests.filter((r) => r.path.includes('/evm-txs/')).length,
      0,
      'a hash without 0x is a Cosmos tx',
    );
    // The panel is open: a webview tab of Explain Transaction's type (the tab model follows the panel's creation).
    const tabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs);
    const explainTab = () =>
      tabs().find((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('initia.explain'));
    await waitFor('the Explain Transaction tab', () => explainTab() !== undefined, 5000).catch(() => undefined);
    const panel = explainTab();
    assert.ok(
      panel,
      `the panel is open (tabs: ${tabs()
        .map((t) => `${t.label} ${t.input instanceof vscode.TabInputWebview ? t.input.viewType : typeof t.input}`)
        .join(', ')})`,
    );
  });

  it('a multi-message tx: each message with its own events (msg_index), the fee events apart, balance changes', async () => {
    const view = await vscode.commands.executeCommand<{
      messages: Array<{ title: string; events: Array<{ type: string }> }>;
      otherEvents: Array<{ type: string }>;
      balances: Array<{ changes: string[] }>;
    }>('initia.explainTransaction', MULTI_MSG_TX_HASH);
    assert.deepEqual(
      view.messages.map((m) => m.title),
      ['1. Send', '2. Send', '3. Send'],
    );
    assert.ok(view.messages.every((m) => m.events.some((e) => e.type === 'transfer')));
    assert.ok(
      view.otherEvents.some((e) => e.type === 'tx'),
      'the fee events apart',
    );
    assert.ok(view.balances.length >= 2);
  });

  it('an EVM tx: its status, logs (ERC-20 and ERC-721 decoded with the built-in ABIs) and internal calls as a tree', async () => {
    const view = await vscode.commands.executeCommand<{
      kind: string;
      logs: Array<{ decoded?: { title: string; source: string } }>;
      calls: Array<{ depth: number; title: string }>;
      outcome: { ok: boolean };
    }>('initia.explainTransaction', EVM_TX_WITH_LOGS_HASH);
    assert.equal(view.kind, 'evm');
    assert.deepEqual(
      view.logs.map((l) => l.decoded?.title),
      ['Approval', 'Transfer', 'Transfer'],
    );
    assert.deepEqual(
      view.calls.map((c) => c.depth),
      [0, 1, 2, 1],
      'the call tree',
    );
    assert.equal(h.fake.requests.filter((r) => r.path === `/indexer/tx/v1/evm-txs/${EVM_TX_WITH_LOGS_HASH}`).length, 1);
    assert.equal(
      h.fake.requests.filter((r) => r.path === `/indexer/tx/v1/evm-internal-txs/${EVM_TX_WITH_LOGS_HASH}`).length,
      1,
    );
  });

  it('an unknown hash offers Watch and Select Network, as Look Up does; the tab is titled by its transaction (issue 34)', async () => {
    const win = vscode.window as unknown as {
      showErrorMessage: (m: string, ...items: string[]) => Thenable<string | undefined>;
    };
    const stubbed = win.showErrorMessage;
    const offered: string[][] = [];
    win.showErrorMessage = (m: string, ...items: string[]) => {
      offered.push([m, ...items]);
      return Promise.resolve(undefined);
    };
    try {
      const unknown = 'AB'.repeat(32);
      assert.equal(await vscode.commands.executeCommand('initia.explainTransaction', unknown), undefined);
      assert.equal(offered.length, 1, JSON.stringify(offered));
      assert.deepEqual(offered[0]!.slice(1), ['Watch Until It Is In', 'Select Network']);
      assert.match(offered[0]![0]!, /not found/i);
    } finally {
      win.showErrorMessage = stubbed;
    }
    const tx = h.fake.data.txs.find((t) => t.kind === 'send')!;
    await vscode.commands.executeCommand('initia.explainTransaction', tx.hash);
    const tabs = () =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('initia.explain'));
    const title = `Explain ${tx.hash.slice(0, 6)}…${tx.hash.slice(-4)}`;
    await waitFor(title, () => tabs().length === 1 && tabs()[0]!.label === title);
  });

  it('an Explain tab VS Code restored but has not revived is replaced, not joined by a second one (issue 34)', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // What a reload leaves: a tab of the Explain view type that no panel of the extension is attached to.
    const stale = vscode.window.createWebviewPanel(
      'initia.explain',
      'Explain Transaction',
      vscode.ViewColumn.Active,
      {},
    );
    const tabs = () =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('initia.explain'));
    let staleClosed = false;
    stale.onDidDispose(() => (staleClosed = true));
    await waitFor('the stale tab', () => tabs().length === 1);
    const tx = h.fake.data.txs.find((t) => t.kind === 'send')!;
    const view = await vscode.commands.executeCommand('initia.explainTransaction', tx.hash);
    assert.ok(view, 'explained');
    const title = `Explain ${tx.hash.slice(0, 6)}…${tx.hash.slice(-4)}`;
    await waitFor(
      `one Explain tab, ${title}, in place of the stale one`,
      () => staleClosed && tabs().length === 1 && tabs()[0]!.label === title,
    );
  });

  it('a malformed hash is refused before any request, in words', async () => {
    const view = await vscode.commands.executeCommand('initia.explainTransaction', 'not-a-hash');
    assert.equal(view, undefined);
    assert.ok(
      h.errors.some((m) => /hash/i.test(m)),
      h.errors.join(' | '),
    );
    assert.equal(h.fake.requests.length, 0);
  });

  it('from a transaction JSON document: the hash comes from the document address (the title-bar button)', async () => {
    const tx = h.fake.data.txs.find((t) => t.kind === 'send')!;
    const uri = await vscode.commands.executeCommand<vscode.Uri>('initia.lookupTransaction', tx.hash);
    assert.ok(uri);
    h.fake.resetRequests();
    const view = await vscode.commands.executeCommand<{ hash: string }>('initia.explainTransaction', uri);
    assert.equal(view.hash, tx.hash);
  });
});
