/**
 * The demo's TRY-ME.md, read as a new user reads it: every value it offers for Look Up is pasted into Look Up (the
 * command, with the text as typed) and must open a document, with no error. Where Look Up asks what the value is (an
 * 0x address: account or collection) or what to show, the first choice is taken. The Move section's transactions are
 * the Move rollup's: they are pasted on the network it names (the demo's Move rollup, test/fixtures/moveRollup.ts)
 * and explained there as the page says, and the view, the resources and the table it names are read with its values.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { tryMeLookups, tryMeMarkdown, tryMeMoveLookups } from '../fixtures/tryMe';
import { moveProfile, startMoveIndexer, startMoveNode } from '../fixtures/moveRollup';
import { onNetwork, setUp, type Harness } from './helpers';
import type { ExplainView } from '../../src/explain/protocol';

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

  it('the Move section, on the network it names: each transaction opens and is explained as it says; the view, the resources and the table answer', async () => {
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
        await explainedAsItSays(page, examples);
        const owner = await callTheView(h, page);
        await resourcesAndTable(h, page, owner);
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

/** Explains the three transactions: the first's abort named from the workspace's source and raised where the page
 *  says, the second's from the module's error map, the third a success with its event. */
async function explainedAsItSays(page: string, examples: Array<{ value: string }>): Promise<void> {
  const explain = (hash: string) => vscode.commands.executeCommand<ExplainView>('initia.explainTransaction', hash);
  const views: ExplainView[] = [];
  for (const e of examples) views.push(await explain(e.value)); // one panel at a time, as a person explains them
  const [vault, stdlib, deposit] = views;
  const abort = vault?.move?.failure?.abort;
  assert.ok(abort, `the first is a named abort: ${JSON.stringify(vault?.move)}`);
  assert.equal(abort.name, 'EINSUFFICIENT_FUNDS');
  assert.equal(abort.source, "named from the workspace's Move source");
  assert.ok(abort.description, 'with its doc comment');
  const raisedAt = /\*\*Raised at ([^*:]+):N\*\*/.exec(page)?.[1];
  assert.ok(raisedAt, 'the page says where it is raised');
  assert.match(abort.sites[0]?.label ?? '', new RegExp(`^${raisedAt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+$`));
  assert.equal(stdlib?.move?.failure?.abort?.name, 'EINSUFFICIENT_BALANCE');
  assert.equal(stdlib.move.failure.abort.source, "named from the module's on-chain error map");
  for (const name of ['EINSUFFICIENT_FUNDS', 'EINSUFFICIENT_BALANCE']) assert.ok(page.includes(`**${name}**`), name);
  assert.equal(deposit?.outcome.ok, true);
  const events = deposit.messages.flatMap((m) => m.moveEvents ?? []).map((e) => e.typeTag);
  assert.ok(events.some((t) => t.endsWith('::vault::DepositEvent')) && page.includes('`DepositEvent`'), String(events));
}

/** Calls the view the Move section names with the values it gives (the owner typed as init1…): it answers as it says.
 *  Answers that owner. */
async function callTheView(h: Harness, page: string): Promise<string> {
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
  return owner!;
}

/** The owner's Move resources (Look Up's "Move resources" choice) and the table the page gives by its handle. */
async function resourcesAndTable(h: Harness, page: string, owner: string): Promise<void> {
  assert.match(page, /choose \*\*Move resources\*\*/);
  h.clear();
  const resources = await vscode.commands.executeCommand<vscode.Uri | undefined>(
    'initia.lookupAccount',
    owner,
    'resources',
  );
  assert.ok(resources, `the resources opened (errors: ${h.errors.join(' | ')})`);
  const held = JSON.parse((await vscode.workspace.openTextDocument(resources)).getText()) as { resources: unknown[] };
  assert.ok(held.resources.length > 0, 'the sender holds resources');
  const handle = /\*\*Initia: Look Up Move Table…\*\* with the vault's table\s+handle `(0x[0-9a-f]+)`/.exec(page)?.[1];
  assert.ok(handle, 'the page gives a table handle');
  const table = await vscode.commands.executeCommand<vscode.Uri | undefined>('initia.lookupMoveTable', handle);
  assert.ok(table, `the table opened (errors: ${h.errors.join(' | ')})`);
  const entries = JSON.parse((await vscode.workspace.openTextDocument(table)).getText()) as {
    table_entries: unknown[];
  };
  assert.ok(entries.table_entries.length > 0, 'the table has entries');
}
