/**
 * The demo's TRY-ME.md, read as a new user reads it: every value it offers for Look Up is pasted into Look Up (the
 * command, with the text as typed) and must open a document, with no error. Where Look Up asks what the value is (an
 * 0x address: account or collection) or what to show, the first choice is taken. The Move section's transactions are
 * the Move rollup's: they are pasted on the network it names (the demo's Move rollup, test/fixtures/moveRollup.ts),
 * explained there, and the view it names is called with the values it gives.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { tryMeLookups, tryMeMarkdown, tryMeMoveLookups } from '../fixtures/tryMe';
import { moveProfile, startMoveIndexer, startMoveNode } from '../fixtures/moveRollup';
import { onNetwork, setUp, type Harness } from './helpers';

describe('TRY-ME: every Look Up example works', function () {
  this.timeout(60_000);
  let h: Harness;

  before(async () => {
    h = await setUp();
  });
  after(async () => {
    h.api.features.explain.dispose();
    await h.restore();
  });

  it('pastes each value TRY-ME.md offers into Look Up: each opens a document', async () => {
    const page = tryMeMarkdown({ data: h.fake.data, indexerUrl: h.fake.url, routerUrl: 'http://127.0.0.1:1' });
    const examples = tryMeLookups(page);
    assert.ok(examples.length >= 8, `TRY-ME offers values to paste: ${JSON.stringify(examples)}`);
    assert.ok(
      examples.some((e) => /NFT token/.test(e.label)),
      'an NFT among them',
    );
    const win = vscode.window as unknown as {
      showQuickPick: (items: unknown, ...rest: unknown[]) => Thenable<unknown>;
    };
    const original = win.showQuickPick;
    const picks: string[] = [];
    win.showQuickPick = async (items: unknown) => {
      const list = (await Promise.resolve(items)) as Array<{ label: string }>;
      picks.push(list.map((i) => i.label).join(' | '));
      return list[0];
    };
    try {
      for (const { label, value } of examples) {
        h.clear();
        const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>('initia.lookup', value);
        assert.deepEqual(h.errors, [], `${label} (${value}): no error`);
        assert.ok(uri, `${label} (${value}) opened a document`);
        const doc = await vscode.workspace.openTextDocument(uri);
        const json = JSON.parse(doc.getText()) as Record<string, unknown>;
        assert.equal(json.error, undefined, `${label}: ${doc.getText().slice(0, 200)}`);
      }
    } finally {
      win.showQuickPick = original;
    }
    // On this EVM rollup an 0x + 64 hex hash is a transaction: Look Up does not ask whether it is a Move collection.
    assert.ok(!picks.some((p) => /\$\(arrow-swap\) Transaction/.test(p)), `asked: ${picks.join(' / ')}`);
    // The NFT opened its history.
    const nft = examples.find((e) => /NFT token/.test(e.label))!;
    const [collection, tokenId] = nft.value.split(' ');
    h.clear();
    const uri = await vscode.commands.executeCommand<vscode.Uri>('initia.lookup', nft.value);
    assert.ok(uri);
    assert.deepEqual(
      h.fake.requests.map((r) => r.path),
      [`/indexer/nft/v1/txs/${collection}/${tokenId}`],
    );
    // ... and that history has transactions in it (issue 34: the example opened an empty one).
    const history = JSON.parse((await vscode.workspace.openTextDocument(uri)).getText()) as {
      txs?: unknown[];
      items?: unknown[];
    };
    const rows = history.txs ?? history.items ?? [];
    assert.ok(rows.length > 0, `the NFT token's history is not empty: ${JSON.stringify(history).slice(0, 300)}`);
  });

  it('the Move section: on the network it names, each transaction opens, the first fails as it says, the view answers what it says', async () => {
    const indexer = await startMoveIndexer();
    const node = await startMoveNode(indexer);
    try {
      const profile = moveProfile(indexer.url, node.url);
      const page = tryMeMarkdown({
        data: h.fake.data,
        indexerUrl: h.fake.url,
        routerUrl: 'http://127.0.0.1:1',
        move: profile,
      });
      const examples = tryMeMoveLookups(page);
      assert.equal(examples.length, 3, JSON.stringify(examples));
      const demoValues = new Set(tryMeLookups(page).map((e) => e.value));
      assert.ok(!examples.some((e) => demoValues.has(e.value)), 'the Move values are not offered on the demo network');
      assert.match(page, new RegExp(`pick \\*\\*${profile.name}\\*\\*`), 'the page names the network to pick');
      await onNetwork(profile, async () => {
        await lookUpEach(h, examples);
        // The first is the vault's withdraw that aborted with EINSUFFICIENT_FUNDS (invalid_argument(1): 65537).
        const aborted = await vscode.commands.executeCommand<{ outcome: { ok: boolean; reason?: string } }>(
          'initia.explainTransaction',
          examples[0]!.value,
        );
        assert.equal(aborted?.outcome.ok, false);
        assert.match(aborted.outcome.reason ?? '', /VM aborted: location=0+cafe::vault, code=65537$/);
        await callTheView(h, page);
      });
    } finally {
      await indexer.close();
      await node.close();
    }
  });
});

/** Pastes each value into Look Up on the active network: each opens its transaction's document, with no error. */
async function lookUpEach(h: Harness, examples: Array<{ label: string; value: string }>): Promise<void> {
  for (const { label, value } of examples) {
    h.clear();
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>('initia.lookup', value);
    assert.deepEqual(h.errors, [], `${label} (${value}): no error`);
    assert.ok(uri, `${label} (${value}) opened a document`);
    const json = JSON.parse((await vscode.workspace.openTextDocument(uri)).getText()) as Record<string, unknown>;
    assert.equal(json.error, undefined, `${label}: ${JSON.stringify(json).slice(0, 200)}`);
    assert.match(JSON.stringify(json), new RegExp(value), `${label}: the transaction's own document`);
  }
}

/** Calls the view the Move section names with the values it gives (the owner typed as init1…): it answers as it says. */
async function callTheView(h: Harness, page: string): Promise<void> {
  const view =
    /module `([^`]+)`,\s+function `([^`]+)`, and for `owner: address` the sender of those transactions, typed as\s+`(init1[^`]+)`[\s\S]*?the answer, `"(\d+)"`/.exec(
      page,
    );
  assert.ok(view, 'the page names a view to call, its argument and its answer');
  const [, module, fn, owner, answer] = view;
  h.clear();
  const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(
    'initia.callMoveView',
    module,
    fn,
    [],
    [owner],
  );
  assert.ok(uri, `the view's document opened (errors: ${h.errors.join(' | ')})`);
  const doc = JSON.parse((await vscode.workspace.openTextDocument(uri)).getText()) as Record<string, unknown>;
  assert.equal(doc.function, `${module}::${fn}`);
  assert.equal(doc.result, answer);
}
