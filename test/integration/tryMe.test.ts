/**
 * The demo's TRY-ME.md, read as a new user reads it: every value it offers for Look Up is pasted into Look Up (the
 * command, with the text as typed) and must open a document, with no error. Where Look Up asks what the value is (an
 * 0x address: account or collection) or what to show, the first choice is taken.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { tryMeLookups, tryMeMarkdown } from '../fixtures/tryMe';
import { setUp, type Harness } from './helpers';

describe('TRY-ME: every Look Up example works', function () {
  this.timeout(60_000);
  let h: Harness;

  before(async () => {
    h = await setUp();
  });
  after(async () => {
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
});
