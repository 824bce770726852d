/**
 * Explain a Move transaction in the real extension host, against the fake indexer (the Move txs in rollytics' shape,
 * with MoveVM's real abort strings) and a Move rollup's node (the fake node on `minimove`, test/fixtures/fakeMove.ts):
 * the abort named from the workspace's Move source (test/fixtures/move/workspace, copied into the test workspace as
 * move/), its site opened; a BCS call decoded and its abort named from the module's on-chain error map; the hover and
 * the agent tool saying the same; one ABI request per module, kept across explains.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { FAKE_NETWORK, setUp, type Harness } from './helpers';
import { startFakeNode, type FakeNode } from '../fixtures/fakeNode';
import { MOVE_TXS, moveTxs } from '../fixtures/moveData';
import type { ExplainView } from '../../src/explain/protocol';
import { showMovePlace } from '../../src/explain/sourceLine';

describe('Explain a Move transaction (fake Move REST)', function () {
  this.timeout(60_000);
  let h: Harness;
  let node: FakeNode;
  const moduleRequests = (name: string) => node.requests.filter((r) => r.path.endsWith(`/modules/${name}`)).length;
  const explain = (hash: string) => vscode.commands.executeCommand<ExplainView>('initia.explainTransaction', hash);

  before(async () => {
    h = await setUp({ evm: false });
    for (const tx of moveTxs(100, '2026-11-28T10:00:00Z')) h.fake.serveTx(tx);
    node = await startFakeNode({ vm: 'minimove', chainId: h.fake.data.chainId, jsonRpc: false });
    const profile = {
      name: FAKE_NETWORK,
      chainId: h.fake.data.chainId,
      indexerUrl: h.fake.url,
      restUrl: node.url,
      vm: 'minimove',
    };
    const config = vscode.workspace.getConfiguration('initia');
    await config.update('networks', [profile], vscode.ConfigurationTarget.Global);
    // No registry over the network: the names here come from the workspace and the chain.
    await config.update('registry.urls', [], vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    h.api.features.explain.dispose();
    await vscode.workspace
      .getConfiguration('initia')
      .update('registry.urls', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await h?.restore();
    await node?.close();
  });
  beforeEach(() => {
    h.clear();
    node.resetRequests();
  });

  it("a failed MsgExecuteJSON: the abort named from the workspace's source, its doc, its site opened", async () => {
    const view = await explain(MOVE_TXS.vaultAbort);
    assert.ok(view?.move?.failure, `explained (errors: ${h.errors.join(' | ')})`);
    assert.deepEqual(view.messages[0]!.move?.target, '0xcafe::vault::withdraw');
    const abort = view.move.failure.abort!;
    assert.equal(abort.name, 'EINSUFFICIENT_FUNDS');
    assert.equal(abort.source, "named from the workspace's Move source");
    assert.equal(abort.description, 'The vault holds less for this account than the amount asked for.');
    assert.equal(abort.declaration?.label, 'move/sources/vault.move:10');
    assert.deepEqual(
      abort.sites.map((s) => s.label),
      ['move/sources/vault.move:35'],
    );
    // What the page's "Raised at …" runs with the view's place of that number (the e2e test clicks it).
    const editor = await showMovePlace(view.move.sources[abort.sites[0]!.source]!);
    assert.ok(editor, 'opened');
    assert.match(editor.document.uri.path, /\/move\/sources\/vault\.move$/);
    assert.equal(editor.selection.start.line, 34);
    assert.equal(
      editor.document.getText(editor.selection),
      'assert!(*balance >= amount, error::invalid_argument(EINSUFFICIENT_FUNDS));',
    );
    assert.equal(moduleRequests('vault'), 1, 'the module once: its ABI and its error map are one answer');
  });

  it("a failed MsgExecute: BCS arguments decoded, the abort named from the module's error map; ABIs kept", async () => {
    const view = await explain(MOVE_TXS.transferAbort);
    const call = view.messages[0]!.move!;
    assert.equal(call.target, '0x1::fungible_asset::transfer');
    assert.deepEqual(
      call.args.map((a) => a.text),
      [`"0x${'aa'.padStart(64, '0')}"`, `"0x${'bb'.padStart(64, '0')}"`, '"2500000"'],
    );
    assert.equal(view.move?.failure?.abort?.name, 'EINSUFFICIENT_BALANCE');
    assert.equal(view.move?.failure?.abort?.source, "named from the module's on-chain error map");
    await explain(MOVE_TXS.vaultAbort);
    await explain(MOVE_TXS.deposit);
    await explain(MOVE_TXS.transferAbort);
    assert.equal(moduleRequests('fungible_asset'), 1, 'one request for 0x1::fungible_asset across explains');
    assert.equal(moduleRequests('vault'), 0, 'the vault module was read by the first test: kept');
  });

  it('the hover on the failed hash and the explain tool say the abort by its name', async () => {
    const doc = await vscode.workspace.openTextDocument({
      language: 'plaintext',
      content: `tx ${MOVE_TXS.vaultAbort}`,
    });
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      doc.uri,
      new vscode.Position(0, 10),
    );
    const text = (hovers ?? [])
      .flatMap((x) => x.contents.map((c) => (c as vscode.MarkdownString).value ?? ''))
      .join('\n');
    // The markdown escapes its punctuation: read as the user reads it.
    const read = text.replace(/\\(.)/g, '$1');
    assert.match(
      read,
      /failed: code 1 \(undefined\) — Aborted with EINSUFFICIENT_FUNDS in 0xcafe::vault: The vault holds less/,
      read,
    );
    const result = await vscode.lm.invokeTool(
      'initia_explainTransaction',
      { input: { hash: MOVE_TXS.vaultAbort }, toolInvocationToken: undefined },
      new vscode.CancellationTokenSource().token,
    );
    const said = result.content.map((p) => (p as { value?: unknown }).value).join('\n');
    assert.match(said, /Move abort EINSUFFICIENT_FUNDS in module 0xcafe::vault, code 65537 \(0x10001\)/, said);
    assert.match(said, /declared at move\/sources\/vault\.move:10; raised at move\/sources\/vault\.move:35/, said);
  });
});
