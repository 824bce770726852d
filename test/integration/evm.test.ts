/**
 * EVM items where the network has an EVM index, none where it has not, in the real extension host against the fake
 * indexer (requests counted at the server): a block's EVM transactions, the account's EVM lists (signed: is_signer),
 * the new EVM lookups, and on a chain without EVM routes the sentence "this network has no EVM index" instead of a
 * 404, with a 0x hash asked of the cosmos endpoint only.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  EVM_TX_WITH_LOGS_HASH,
  FIXTURE_HEIGHT,
  MULTI_MSG_TX_HASH,
  startFakeIndexer,
  type FakeIndexer,
} from '../fixtures/fakeIndexer';
import { onNetwork, paths, run, setUp, waitFor, type Harness } from './helpers';
import type { ExplorerNode } from '../../src/platform/tree';

/** The one request that asks a network of unknown VM whether it has the EVM routes (one item of /evm-txs). */
const PROBE = '/indexer/tx/v1/evm-txs';

type Tree = {
  getChildren(node?: ExplorerNode): ExplorerNode[] | Promise<ExplorerNode[]>;
  getTreeItem(node: ExplorerNode): vscode.TreeItem;
};
const label = (t: Tree, n: ExplorerNode) => String(t.getTreeItem(n).label);
const ctx = (t: Tree, n: ExplorerNode) => t.getTreeItem(n).contextValue ?? '';

/** The Blocks view's row for `height` (the chains here are short enough to fit one page). */
async function blockRow(tree: Tree, height: number): Promise<ExplorerNode> {
  const rows = await tree.getChildren();
  const row = rows.find((r) => label(tree, r) === height.toLocaleString('en-US'));
  assert.ok(row, `block ${height} in the view (${rows.length} rows)`);
  return row;
}

describe('EVM where the network has it', function () {
  this.timeout(60_000);
  let h: Harness;
  let plain: FakeIndexer;
  const PLAIN = { name: 'Plain chain', indexerUrl: '' };

  before(async () => {
    h = await setUp({ blocks: 40 });
    plain = await startFakeIndexer({ blocks: 40, evm: false, chainId: 'plain-move-1' });
    PLAIN.indexerUrl = plain.url;
  });
  beforeEach(() => {
    h.api.views.blocks.refresh();
    h.clear();
    plain.resetRequests();
  });
  after(async () => {
    await plain.close();
    await h.restore();
  });

  it('EVM network: a block lists "EVM transactions" first, which expands into its EVM txs (one request)', async () => {
    const tree = h.api.views.blocks.tree;
    const block = await blockRow(tree, FIXTURE_HEIGHT);
    h.clear();
    const children = await tree.getChildren(block);
    assert.deepEqual(
      paths(h),
      [`/indexer/tx/v1/txs/by_height/${FIXTURE_HEIGHT}`],
      'the block costs one request; whether it is EVM comes from the profile',
    );
    assert.equal(ctx(tree, children[0]!), 'initia.evmTxs');
    assert.equal(label(tree, children[0]!), 'EVM transactions');
    h.clear();
    const evmRows = await tree.getChildren(children[0]);
    assert.deepEqual(paths(h), [`/indexer/tx/v1/evm-txs/by_height/${FIXTURE_HEIGHT}`]);
    assert.equal(new URLSearchParams(h.fake.requests[0]!.query).get('pagination.reverse'), 'false', 'in block order');
    const expected = h.fake.data
      .txsAt(FIXTURE_HEIGHT)
      .filter((t) => t.evmHash)
      .map((t) => t.evmHash);
    assert.ok(expected.includes(EVM_TX_WITH_LOGS_HASH));
    assert.equal(evmRows.length, expected.length);
    assert.ok(evmRows.every((r) => ctx(tree, r) === 'initia.tx.evm'));
    // The fixture with token logs (the block's last EVM tx but one; the many-calls fixture comes after it).
    const row = evmRows.at(-2)!;
    const open = tree.getTreeItem(row).command!;
    assert.deepEqual([open.command, open.arguments], ['initia.lookupTransaction', [EVM_TX_WITH_LOGS_HASH]]);
    assert.match(String(tree.getTreeItem(row).description), /3 logs/);
  });

  it('non-EVM network: a block lists no EVM item, and nothing asks an EVM route but the one probe that decides it', async () => {
    await onNetwork(PLAIN, async () => {
      const tree = h.api.views.blocks.tree;
      const block = await blockRow(tree, FIXTURE_HEIGHT);
      const children = await tree.getChildren(block);
      assert.ok(children.length > 0);
      assert.ok(
        children.every((c) => ctx(tree, c) === 'initia.tx'),
        children.map((c) => ctx(tree, c)).join(','),
      );
      assert.ok(children.some((c) => label(tree, c).startsWith(MULTI_MSG_TX_HASH.slice(0, 8))));
      // Its profile names no VM and the registry does not know its chain: the EVM routes' own 404 decided, once.
      assert.ok(
        plain.requests.every((r) => !r.path.includes('/evm-') || r.path === PROBE),
        plain.requests.map((r) => r.path).join(' '),
      );
      assert.ok(plain.requests.filter((r) => r.path === PROBE).length <= 1);
      const statusBefore = plain.count('/status');
      await tree.getChildren(await blockRow(tree, FIXTURE_HEIGHT - 1));
      assert.equal(plain.count('/status'), statusBefore, 'the answer is kept: no second /status');
      assert.ok(plain.requests.filter((r) => r.path === PROBE).length <= 1, 'nor a second probe');
    });
  });

  it("a network whose /status the status bar has read: no /status of its own; the EVM routes' 404 tells it has no EVM", async () => {
    const other = await startFakeIndexer({ blocks: 20, evm: false, chainId: 'plain-two-1' });
    try {
      await onNetwork({ name: 'Plain two', indexerUrl: other.url }, async () => {
        await h.api.features.statusBar.refresh();
        await waitFor('the status bar to read /status', () => other.count('/status') >= 1);
        await new Promise((resolve) => setTimeout(resolve, 200));
        other.resetRequests();
        const tx = other.data.txs.at(-1)!;
        await run('initia.lookupTransaction', `0x${tx.hash}`);
        assert.deepEqual(
          other.requests.map((r) => r.path),
          [PROBE, `/indexer/tx/v1/txs/${tx.hash}`],
        );
      });
    } finally {
      await other.close();
    }
  });

  it('non-EVM network: a 0x hash lookup goes straight to the cosmos endpoint (no /evm-txs/ request)', async () => {
    await onNetwork(PLAIN, async () => {
      const tx = plain.data.txs.at(-1)!;
      const { json } = await run('initia.lookupTransaction', `0x${tx.hash.toLowerCase()}`);
      assert.equal((json.tx as { txhash: string }).txhash, tx.hash);
      const sent = plain.requests.map((r) => r.path).filter((p) => p !== '/status' && p !== PROBE);
      assert.deepEqual(sent, [`/indexer/tx/v1/txs/${tx.hash}`]);
      assert.equal(plain.requests.filter((r) => r.path.includes('/evm-txs/')).length, 0);
      // And an unknown 0x hash: "not found" from the cosmos endpoint, still no EVM probe.
      plain.resetRequests();
      assert.equal(await vscode.commands.executeCommand('initia.lookupTransaction', `0x${'ef'.repeat(32)}`), undefined);
      assert.deepEqual(
        plain.requests.map((r) => r.path).filter((p) => p !== '/status' && p !== PROBE),
        [`/indexer/tx/v1/txs/${'EF'.repeat(32)}`],
      );
      assert.match(h.errors.at(-1) ?? '', /transaction not found/);
    });
  });

  it('non-EVM network: the hover on a 0x hash asks the cosmos endpoint only', async () => {
    await onNetwork(PLAIN, async () => {
      const tx = plain.data.txs.at(-2)!;
      await vscode.commands.executeCommand('initia.lookupTransaction', `0x${plain.data.txs.at(-3)!.hash}`); // its /status is read by now
      plain.resetRequests();
      const doc = await vscode.workspace.openTextDocument({
        language: 'plaintext',
        content: `hash 0x${tx.hash.toLowerCase()}\n`,
      });
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        doc.uri,
        new vscode.Position(0, 12),
      );
      assert.ok(
        hovers.some((x) => x.contents.some((c) => (c as vscode.MarkdownString).value?.includes('**Transaction**'))),
        'the cosmos tx is shown',
      );
      assert.deepEqual(
        plain.requests.map((r) => r.path).filter((p) => p !== '/status' && p !== PROBE),
        [`/indexer/tx/v1/txs/${tx.hash}`],
      );
    });
  });

  it('non-EVM network: asking for an EVM list anyway says "this network has no EVM index", not a 404', async () => {
    await onNetwork(PLAIN, async () => {
      const account = plain.data.busyAccount().bech32;
      for (const [command, args] of [
        ['initia.lookupAccount', [account, 'evmSigned']],
        ['initia.lookupAccount', [account, 'internal']],
        ['initia.showEvmTransactions', []],
        ['initia.lookupEvmTxsByHeight', [3]],
        ['initia.lookupEvmInternalTxs', [EVM_TX_WITH_LOGS_HASH]],
      ] as Array<[string, unknown[]]>) {
        h.clear();
        assert.equal(await vscode.commands.executeCommand(command, ...args), undefined, command);
        assert.deepEqual(h.infos, ['Plain chain: this network has no EVM index.'], command);
        assert.deepEqual(h.errors, [], `${command}: no error`);
      }
      assert.ok(
        plain.requests.every((r) => !r.path.includes('/evm-') || r.path === PROBE),
        'refused before any EVM request (but the probe that decided it)',
      );
    });
  });

  it('account: "EVM transactions" and "EVM transactions signed" (is_signer=true), one request each', async () => {
    const account = h.fake.data.accounts[2]!.hex;
    const all = await run('initia.lookupAccount', account, 'evmTxs');
    assert.deepEqual(paths(h), [`/indexer/tx/v1/evm-txs/by_account/${account}`]);
    assert.equal(new URLSearchParams(h.fake.requests[0]!.query).get('is_signer'), null);
    assert.match(all.uri.path, /EVM txs\.json$/);
    h.clear();
    const signed = await run('initia.lookupAccount', account, 'evmSigned');
    assert.deepEqual(paths(h), [`/indexer/tx/v1/evm-txs/by_account/${account}`]);
    assert.equal(new URLSearchParams(h.fake.requests[0]!.query).get('is_signer'), 'true');
    const txs = signed.json.txs as Array<{ from: string; transactionHash: string }>;
    assert.ok(txs.length > 0 && txs.every((t) => t.from === account));
    assert.ok(txs.some((t) => t.transactionHash === EVM_TX_WITH_LOGS_HASH));
    assert.match(signed.uri.path, /signed EVM txs\.json$/);
    // The account's other documents link to these lists (CodeLenses), on this EVM network.
    const cosmos = await run('initia.lookupAccount', account, 'txs');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
      'vscode.executeCodeLensProvider',
      cosmos.uri,
    );
    const evmLinks = lenses
      .filter((l) => l.command?.command === 'initia.lookupAccount')
      .map((l) => l.command!.arguments);
    assert.deepEqual(evmLinks, [
      [account, 'evmTxs'],
      [account, 'evmSigned'],
    ]);
  });

  it('the hover on an EVM hash links to its internal transactions', async () => {
    const doc = await vscode.workspace.openTextDocument({
      language: 'plaintext',
      content: `tx ${EVM_TX_WITH_LOGS_HASH}\n`,
    });
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      doc.uri,
      new vscode.Position(0, 10),
    );
    const text = hovers.flatMap((x) => x.contents.map((c) => (c as vscode.MarkdownString).value ?? '')).join('\n');
    assert.match(text, /\*\*EVM transaction\*\*/);
    assert.match(text, /3 logs/);
    assert.ok(
      text.includes(
        `command:initia.lookupEvmInternalTxs?${encodeURIComponent(JSON.stringify([EVM_TX_WITH_LOGS_HASH]))}`,
      ),
      text,
    );
  });

  it('an EVM tx document leads to its call tree; the internal lists open and page', async () => {
    const { uri } = await run('initia.lookupTransaction', EVM_TX_WITH_LOGS_HASH);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    const lens = lenses.find((l) => l.command?.command === 'initia.lookupEvmInternalTxs');
    assert.ok(lens, lenses.map((l) => l.command?.title).join(' | '));
    h.clear();
    const tree = await run(lens.command!.command, ...(lens.command!.arguments ?? []));
    assert.deepEqual(paths(h), [`/indexer/tx/v1/evm-internal-txs/${EVM_TX_WITH_LOGS_HASH}`]);
    const calls = tree.json.internal_txs as Array<{ index: number; parent_index: number }>;
    assert.deepEqual(calls.map((c) => c.index).sort(), [0, 1, 2, 3]);
    h.clear();
    const byHeight = await run('initia.lookupEvmInternalTxsByHeight', FIXTURE_HEIGHT);
    assert.deepEqual(paths(h), [`/indexer/tx/v1/evm-internal-txs/by_height/${FIXTURE_HEIGHT}`]);
    assert.ok((byHeight.json.internal_txs as unknown[]).length >= 4);
    await vscode.workspace.getConfiguration('initia').update('pageSize', 2, vscode.ConfigurationTarget.Global);
    try {
      h.clear();
      const latest = await run('initia.showEvmInternalTransactions');
      assert.deepEqual(paths(h), ['/indexer/tx/v1/evm-internal-txs']);
      assert.equal((latest.json.internal_txs as unknown[]).length, 2);
      assert.equal(await vscode.commands.executeCommand('initia.nextPage', latest.uri.toString()), true);
      const key = new URLSearchParams(h.fake.requests.at(-1)!.query).get('pagination.key');
      assert.ok(key, 'the next page by the server key');
    } finally {
      await vscode.workspace
        .getConfiguration('initia')
        .update('pageSize', undefined, vscode.ConfigurationTarget.Global);
    }
    h.clear();
    const evmAtHeight = await run('initia.lookupEvmTxsByHeight', FIXTURE_HEIGHT);
    assert.deepEqual(paths(h), [`/indexer/tx/v1/evm-txs/by_height/${FIXTURE_HEIGHT}`]);
    assert.ok(
      (evmAtHeight.json.txs as Array<{ transactionHash: string }>).some(
        (t) => t.transactionHash === EVM_TX_WITH_LOGS_HASH,
      ),
    );
  });
});
