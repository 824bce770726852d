/**
 * Move, in the real extension host, against a Move rollup's node (the fake node on `minimove`: the Move REST in its
 * real shapes, test/fixtures/fakeMove.ts): Call Move View Function… lists the module's #[view] functions from its
 * on-chain ABI, an address typed as init1… reaches view/json as hex (asserted at the server), the answer opens as a
 * read-only JSON document, the module is asked for once across calls, and a wrong argument is refused before any
 * request, with the rule it broke.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { bech32 } from 'bech32';
import { FAKE_NETWORK, setUp, type Harness } from './helpers';
import { startFakeNode, type FakeNode } from '../fixtures/fakeNode';
import { MOVE_ACCOUNT, VAULT_TABLE } from '../fixtures/moveData';

describe('Move view calls (fake Move REST)', function () {
  this.timeout(60_000);
  let h: Harness;
  let node: FakeNode;
  const init1 = bech32.encode('init', bech32.toWords(Buffer.from(MOVE_ACCOUNT.slice(2), 'hex')));
  const viewRequests = () => node.requests.filter((r) => r.path === '/initia/move/v1/view/json');
  const moduleRequests = () => node.requests.filter((r) => r.path.includes('/modules/'));

  before(async () => {
    h = await setUp({ evm: false });
    node = await startFakeNode({ vm: 'minimove', chainId: h.fake.data.chainId, jsonRpc: false });
    const profile = {
      name: FAKE_NETWORK,
      chainId: h.fake.data.chainId,
      indexerUrl: h.fake.url,
      restUrl: node.url,
      vm: 'minimove',
    };
    await vscode.workspace.getConfiguration('initia').update('networks', [profile], vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await h?.restore();
    await node?.close();
  });
  beforeEach(() => {
    h.clear();
    node.resetRequests();
  });

  it('an address typed as init1… is sent to view/json as hex; the answer opens as a document; the ABI is asked once', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(
      'initia.callMoveView',
      '0xcafe::vault',
      'balance',
      [],
      [init1],
    );
    assert.ok(uri, `a document opened (errors: ${h.errors.join(' | ')})`);
    const doc = JSON.parse((await vscode.workspace.openTextDocument(uri)).getText()) as Record<string, unknown>;
    assert.equal(doc.function, '0xcafe::vault::balance');
    assert.equal(doc.result, '1500000');
    assert.equal(doc.gas_used, '4521');
    assert.deepEqual(JSON.parse(viewRequests()[0]!.body), {
      address: '0xcafe',
      module_name: 'vault',
      function_name: 'balance',
      type_args: [],
      args: [`"${MOVE_ACCOUNT}"`],
    });
    await vscode.commands.executeCommand('initia.callMoveView', '0xcafe::vault', 'is_paused', [], []);
    assert.equal(moduleRequests().length, 1, 'one module request across both calls');
    assert.equal(viewRequests().length, 2);
  });

  it('a wrong argument is refused before any request, with the rule it broke; a function that is not a view too', async () => {
    const refused = await vscode.commands.executeCommand(
      'initia.callMoveView',
      '0xcafe::vault',
      'balance',
      [],
      ['cafe'],
    );
    assert.equal(refused, undefined);
    assert.equal(viewRequests().length, 0, 'no view request');
    assert.match(
      h.errors.join(' | '),
      /address: "cafe" is not an address \(expected an address: 0x and up to 64 hex digits, or init1…\)/,
    );
    h.clear();
    await vscode.commands.executeCommand('initia.callMoveView', '0xcafe::vault', 'withdraw', [], ['1', 'null']);
    assert.match(h.errors.join(' | '), /No view function withdraw/);
    assert.equal(viewRequests().length, 0);
    h.clear();
    await vscode.commands.executeCommand('initia.callMoveView', 'vault', 'balance', [], [init1]);
    assert.match(h.errors.join(' | '), /A Move module is written address::name/);
    assert.equal(node.requests.length, 0, 'nothing sent for a malformed module');
  });

  it('a network without Move REST says so in a sentence, and sends nothing', async () => {
    const config = vscode.workspace.getConfiguration('initia');
    const networks = config.get<unknown[]>('networks');
    try {
      await config.update(
        'networks',
        [{ name: FAKE_NETWORK, chainId: h.fake.data.chainId, indexerUrl: h.fake.url, vm: 'minimove' }],
        vscode.ConfigurationTarget.Global,
      );
      await vscode.commands.executeCommand('initia.callMoveView', '0xcafe::vault', 'balance', [], [init1]);
      assert.match(h.errors.join(' | '), /no Move REST endpoint \(restUrl\)/);
      assert.equal(node.requests.length, 0);
    } finally {
      await config.update('networks', networks, vscode.ConfigurationTarget.Global);
    }
  });

  it("an account's Move resources from Look Up's choices, and a table's entries by handle: read-only JSON documents", async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(
      'initia.lookupAccount',
      init1,
      'resources',
    );
    assert.ok(uri, `a document opened (errors: ${h.errors.join(' | ')})`);
    const doc = await vscode.workspace.openTextDocument(uri);
    const body = JSON.parse(doc.getText()) as { resources: Array<{ struct_tag: string; move_resource: unknown }> };
    assert.deepEqual(body.resources[0]?.move_resource, {
      type: '0x1::account::Account',
      data: { sequence_number: '12' },
    });
    assert.deepEqual(
      node.requests.map((r) => r.path),
      [`/initia/move/v1/accounts/${MOVE_ACCOUNT}/resources`],
      'one request, the init1… address asked as hex',
    );
    assert.equal(h.fake.requests.length, 0, 'the indexer is not asked');
    node.resetRequests();
    const table = await vscode.commands.executeCommand<vscode.Uri | undefined>('initia.lookupMoveTable', VAULT_TABLE);
    assert.ok(table);
    const entries = JSON.parse((await vscode.workspace.openTextDocument(table)).getText()) as {
      table_entries: Array<{ key: unknown; value: unknown }>;
    };
    assert.deepEqual([entries.table_entries[0]?.key, entries.table_entries[0]?.value], [MOVE_ACCOUNT, '1500000']);
    assert.equal(node.requests.length, 1);
    node.resetRequests();
    assert.equal(await vscode.commands.executeCommand('initia.lookupMoveTable', 'cafe'), undefined);
    assert.match(h.errors.join(' | '), /A table handle is 0x and up to 64 hex digits/);
    assert.equal(node.requests.length, 0, 'nothing sent for a malformed handle');
  });

  it('a Rich List holder on a Move network has its Move resources under it; on another network it is a leaf', async () => {
    const config = vscode.workspace.getConfiguration('initia');
    await config.update('richList.denoms', [h.fake.data.denoms[0]], vscode.ConfigurationTarget.Global);
    try {
      const tree = h.api.views.richList.tree;
      const [denom] = await tree.getChildren();
      const [holder] = await tree.getChildren(denom);
      assert.ok(holder, 'a holder');
      assert.equal(tree.getTreeItem(holder).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
      const [resources] = await tree.getChildren(holder);
      const item = tree.getTreeItem(resources!);
      assert.equal(item.label, 'Move resources');
      node.resetRequests();
      const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(
        item.command!.command,
        ...(item.command!.arguments ?? []),
      );
      assert.ok(uri, `the document opened (errors: ${h.errors.join(' | ')})`);
      assert.equal(node.requests.length, 1, 'one request to the node');
      assert.match(node.requests[0]!.path, /^\/initia\/move\/v1\/accounts\/0x[0-9a-f]+\/resources$/);

      // The same chain as an EVM rollup's profile: no Move REST, the holder is a leaf.
      const networks = config.get<Array<Record<string, unknown>>>('networks') ?? [];
      await config.update(
        'networks',
        networks.map((n) => ({ ...n, vm: 'minievm' })),
        vscode.ConfigurationTarget.Global,
      );
      try {
        await vscode.commands.executeCommand('initia.richList.refresh');
        const [evmDenom] = await tree.getChildren();
        const [evmHolder] = await tree.getChildren(evmDenom);
        assert.equal(tree.getTreeItem(evmHolder!).collapsibleState, vscode.TreeItemCollapsibleState.None);
      } finally {
        await config.update('networks', networks, vscode.ConfigurationTarget.Global);
      }
    } finally {
      await config.update('richList.denoms', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
