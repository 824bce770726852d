/**
 * The sidebar views inside the real extension host, driven through their registered providers and commands against
 * the fake indexer: one request per page asked for (counted at the server), Load more appends, order toggle, filters,
 * error row then recovery with earlier pages kept, the rich list's unsupported case, following new blocks.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startFakeIndexer } from '../fixtures/fakeIndexer';
import { FAKE_NETWORK, onNetwork, setUp, type Harness, waitFor } from './helpers';
import type { ExplorerNode } from '../../src/platform/tree';
import { probe } from '../support/hooks';

type Tree = {
  getChildren(node?: ExplorerNode): ExplorerNode[] | Promise<ExplorerNode[]>;
  getTreeItem(node: ExplorerNode): vscode.TreeItem;
};

const label = (t: Tree, n: ExplorerNode) => String(t.getTreeItem(n).label);
const ctx = (t: Tree, n: ExplorerNode) => t.getTreeItem(n).contextValue ?? '';
const query = (h: Harness, i = 0) => new URLSearchParams(h.fake.requests[i]!.query);

async function runItem(t: Tree, n: ExplorerNode): Promise<unknown> {
  const cmd = t.getTreeItem(n).command!;
  return vscode.commands.executeCommand(cmd.command, ...(cmd.arguments ?? []));
}

describe('sidebar views', function () {
  this.timeout(60_000);
  let h: Harness;

  before(async () => {
    h = await setUp();
    await vscode.workspace.getConfiguration('initia').update('pageSize', 20, vscode.ConfigurationTarget.Global);
  });
  beforeEach(() => {
    h.api.views.blocks.refresh();
    h.api.views.collections.setFilter({ kind: 'all' });
    h.clear();
  });
  after(async () => {
    await vscode.commands.executeCommand('initia.blocks.stopFollowing');
    await vscode.commands.executeCommand('initia.blocks.showNewestFirst');
    const config = vscode.workspace.getConfiguration('initia');
    await config.update('pageSize', undefined, vscode.ConfigurationTarget.Global);
    await config.update('richList.denoms', undefined, vscode.ConfigurationTarget.Global);
    await h.restore();
  });

  it("the status bar's height follows the newest block the Blocks view loaded", async () => {
    h.api.views.blocks.refresh();
    const [first] = await h.api.views.blocks.tree.getChildren();
    const newest = Number(String(label(h.api.views.blocks.tree, first!)).replace(/,/g, ''));
    assert.ok(newest > 0);
    assert.ok((h.api.features.statusBar.shownHeight ?? 0) >= newest);
  });

  it('Blocks: one request per page, newest first, Load more appends with the server key', async () => {
    const tree = h.api.views.blocks.tree;
    const first = await tree.getChildren();
    assert.equal(h.fake.requests.length, 1);
    assert.equal(h.fake.requests[0]!.path, '/indexer/block/v1/blocks');
    assert.equal(query(h).get('pagination.limit'), '20');
    assert.equal(query(h).get('pagination.reverse'), 'true');
    assert.equal(first.length, 21, '20 blocks and Load more');
    const tip = h.fake.data.latestHeight;
    assert.equal(label(tree, first[0]!), tip.toLocaleString('en-US'));
    const more = first.at(-1)!;
    assert.equal(ctx(tree, more), 'initia.loadMore');
    assert.match(String(tree.getTreeItem(more).description), /^20 of [\d,]+ shown$/);
    await tree.getChildren();
    assert.equal(h.fake.requests.length, 1, 'asking again sends nothing');
    await runItem(tree, more);
    assert.equal(h.fake.requests.length, 2);
    assert.ok(query(h, 1).get('pagination.key'), 'the next page by the server key');
    const second = await tree.getChildren();
    assert.equal(second.length, 41);
    assert.equal(second[0], first[0], 'loaded rows are kept, not rebuilt');
    assert.equal(label(tree, second[20]!), (tip - 20).toLocaleString('en-US'));
    assert.equal(h.fake.requests.length, 2);
  });

  it('a block expands into its transactions (one request), and a transaction opens its JSON', async () => {
    const tree = h.api.views.blocks.tree;
    const blocks = await tree.getChildren();
    const withTxs = blocks.find(
      (b) => tree.getTreeItem(b).collapsibleState === vscode.TreeItemCollapsibleState.Collapsed,
    )!;
    assert.ok(withTxs, 'a block with transactions');
    h.clear();
    const txs = await tree.getChildren(withTxs);
    const height = label(tree, withTxs).replace(/,/g, '');
    assert.deepEqual(
      h.fake.requests.map((r) => r.path),
      [`/indexer/tx/v1/txs/by_height/${height}`],
    );
    // On this EVM network an "EVM transactions" row comes first, loaded only when expanded.
    assert.equal(ctx(tree, txs[0]!), 'initia.evmTxs');
    txs.shift();
    assert.ok(txs.length > 0 && txs.every((t) => ctx(tree, t) === 'initia.tx'));
    h.clear();
    const uri = (await runItem(tree, txs[0]!)) as vscode.Uri;
    assert.ok(uri, 'the tx document opened');
    assert.match(h.fake.requests[0]!.path, /^\/indexer\/tx\/v1\/txs\/[0-9A-F]{64}$/);
  });

  it('oldest-first toggle asks reverse=false and starts at block 1', async () => {
    await vscode.commands.executeCommand('initia.blocks.showOldestFirst');
    h.clear();
    const tree = h.api.views.blocks.tree;
    const rows = await tree.getChildren();
    assert.equal(label(tree, rows[0]!), '1');
    assert.equal(query(h).get('pagination.reverse'), 'false');
    await vscode.commands.executeCommand('initia.blocks.showNewestFirst');
    h.clear();
    const back = await tree.getChildren();
    assert.equal(label(tree, back[0]!), h.fake.data.latestHeight.toLocaleString('en-US'));
  });

  it('a failed page shows an error row with Retry; earlier pages stay; retry recovers', async () => {
    const tree = h.api.views.blocks.tree;
    const first = await tree.getChildren();
    h.fake.setFault({ kind: 'status', status: 500, times: 1 });
    await runItem(tree, first.at(-1)!);
    const failed = await tree.getChildren();
    assert.equal(failed.length, 21, '20 blocks kept and one error row');
    const error = failed.at(-1)!;
    assert.equal(ctx(tree, error), 'initia.error');
    assert.match(label(tree, error), /^Couldn't load: The indexer answered 500 Internal Server Error/);
    assert.equal(h.errors.length, 0, 'no error dialog storm');
    await runItem(tree, error);
    const recovered = await tree.getChildren();
    assert.equal(recovered.length, 41);
    assert.equal(h.fake.requests.length, 3, 'first page, failed page, retried page');
    assert.equal(h.fake.requests[1]!.query, h.fake.requests[2]!.query, 'the retry asks the same page');
  });

  it('an unreachable indexer: the reason once, then Retry, Select Network and Show Log as rows', async () => {
    h.fake.setFault({ kind: 'status', status: 503, body: 'upstream down', times: 10 });
    h.api.views.blocks.refresh();
    const tree = h.api.views.blocks.tree;
    const rows = (await tree.getChildren()).map((n) => tree.getTreeItem(n));
    assert.deepEqual(
      rows.map((r) => [r.label, r.command?.command]),
      [
        ['Fake indexer does not answer', undefined],
        ['Retry', 'initia.blocks.refresh'],
        ['Select Network…', 'initia.selectNetwork'],
        ['Show Log', 'initia.showLog'],
      ],
    );
    assert.equal(
      rows[0]!.description,
      'The indexer answered 503 Service Unavailable: upstream down.',
      'the reason, said once',
    );
    assert.ok(!h.api.views.blocks.view.message, 'no view message (it would hide the actions)');
    h.fake.clearFaults();
    await vscode.commands.executeCommand('initia.blocks.refresh');
    assert.equal((await h.api.views.blocks.tree.getChildren()).length, 21);
    assert.ok(!h.api.views.blocks.view.message);
  });

  it('NFT collections: filter by name (header row), tokens ordered by height, a token history', async () => {
    const tree = h.api.views.collections.tree;
    const all = await tree.getChildren();
    assert.equal(h.fake.requests[0]!.path, '/indexer/nft/v1/collections');
    const col = all.find((n) => /^[A-Za-z]+ /.test(label(tree, n)))!;
    const word = label(tree, col).split(' ')[0]!;
    h.clear();
    await vscode.commands.executeCommand('initia.collections.findByName', word);
    const filtered = await tree.getChildren();
    assert.equal(h.fake.requests[0]!.path, `/indexer/nft/v1/collections/by_name/${word.toLowerCase()}`);
    assert.equal(ctx(tree, filtered[0]!), 'initia.filter');
    // As typed (issue 34: it was lower-cased): the indexer is asked the normalised name, the header shows the word.
    assert.equal(label(tree, filtered[0]!), `Filtered by name: “${word}”`);
    const target = filtered.find(
      (n) =>
        ctx(tree, n).startsWith('initia.collection') &&
        tree.getTreeItem(n).collapsibleState === vscode.TreeItemCollapsibleState.Collapsed,
    )!;
    h.clear();
    const tokens = await tree.getChildren(target);
    assert.equal(query(h).get('order_by'), 'token_id');
    assert.ok(tokens.length > 0);
    await vscode.commands.executeCommand('initia.collections.orderTokensByHeight', target);
    h.clear();
    await tree.getChildren(target);
    assert.equal(query(h).get('order_by'), 'height');
    assert.equal(ctx(tree, target), 'initia.collection.byHeight');
    const token = (await tree.getChildren(target))[0]!;
    h.clear();
    await tree.getChildren(token);
    assert.match(h.fake.requests[0]!.path, /^\/indexer\/nft\/v1\/txs\/0x[0-9a-f]+\/[^/]+$/);
    await runItem(tree, filtered[0]!); // the header clears the filter
    h.clear();
    const cleared = await tree.getChildren();
    assert.notEqual(ctx(tree, cleared[0]!), 'initia.filter');
    assert.equal(h.fake.requests[0]!.path, '/indexer/nft/v1/collections');
  });

  it('rows show a clock time, which does not go stale; the age is in the tooltip, made when it is shown', async () => {
    const tree = h.api.views.blocks.tree;
    h.api.views.blocks.refresh();
    const [first] = await tree.getChildren();
    const item = tree.getTreeItem(first!);
    assert.doesNotMatch(String(item.description), /ago|just now/, 'no relative time in the row');
    assert.match(
      String(item.description),
      /(^| · )(\d{2}:\d{2}:\d{2}|[A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2}|\d{4}-\d{2}-\d{2})( · |$)/,
      String(item.description),
    );
    assert.equal(item.tooltip, undefined, 'made when shown, through resolveTreeItem');
    const resolved = tree.resolveTreeItem(item, first!);
    const text = (resolved.tooltip as vscode.MarkdownString).value.replace(/&nbsp;/g, ' ').replace(/\\(.)/g, '$1');
    assert.match(text, /UTC \((just now|\d+ (s|min|h|d) ago)\)/, text);
  });

  it('NFT collections by account, and hostile names stay text', async () => {
    const account = h.fake.data.busyAccount().bech32;
    await vscode.commands.executeCommand('initia.collections.findByAccount', account);
    const tree = h.api.views.collections.tree;
    const rows = await tree.getChildren();
    assert.equal(h.fake.requests[0]!.path, `/indexer/nft/v1/collections/by_account/${account}`);
    assert.ok(rows.length > 1);
    h.clear();
    await vscode.commands.executeCommand('initia.collections.clearFilter');
    // Page through everything to meet the hostile names the fake generates.
    let all = await tree.getChildren();
    while (ctx(tree, all.at(-1)!) === 'initia.loadMore') {
      await runItem(tree, all.at(-1)!);
      all = await tree.getChildren();
    }
    const hostile = all.map((n) => tree.getTreeItem(n)).find((i) => String(i.label).includes('<img'));
    assert.ok(hostile, 'a hostile collection name is listed');
    const md = hostile.tooltip as vscode.MarkdownString;
    assert.equal(md.isTrusted, false);
    assert.ok(!md.value.includes('<img'), `escaped in the tooltip: ${md.value}`);
  });

  it('Rich List: holders by amount, %2F denoms, grouped amounts; a denom the network cannot resolve says so', async () => {
    const evmDenom = h.fake.data.denoms.find((d) => d.startsWith('evm/'))!;
    await vscode.workspace
      .getConfiguration('initia')
      .update('richList.denoms', [evmDenom, 'nosuchdenom'], vscode.ConfigurationTarget.Global);
    const tree = h.api.views.richList.tree;
    const roots = await tree.getChildren();
    assert.deepEqual(
      roots.map((r) => label(tree, r)),
      [evmDenom, 'nosuchdenom'],
    );
    assert.equal(h.fake.requests.length, 0, 'nothing fetched before a denom is expanded');
    const holders = await tree.getChildren(roots[0]);
    assert.equal(h.fake.requests[0]!.path, `/indexer/richlist/v1/${evmDenom.replace('/', '%2F')}`);
    // The amount first, in the label (a 300 px sidebar cut it off in the description), then the account shortened:
    // grouped, or compact beyond 15 digits (a 28-digit amount was cut off); exact in the tooltip.
    assert.match(label(tree, holders[0]!), /^1\. (\d{1,3}(,\d{3})+|\d\.\d{3} × 10[⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/);
    const top = tree.getTreeItem(holders[0]!);
    assert.match(String(top.description), /^0x[0-9a-f]{6}…[0-9a-f]{4}$/i);
    if (String(top.description).includes('×')) {
      assert.match(
        (top.tooltip as vscode.MarkdownString).value.replace(/&nbsp;/g, ' '),
        /\d{1,3}(,\d{3}){5,}/,
        'the exact amount in the tooltip',
      );
    }
    // The row is compact; Copy Amount gives the exact amount.
    await vscode.commands.executeCommand('initia.tree.copyAmount', holders[0]);
    assert.match(await vscode.env.clipboard.readText(), /^\d+$/);
    assert.equal(BigInt(await vscode.env.clipboard.readText()) > 0n, true);
    const unsupported = await tree.getChildren(roots[1]);
    assert.equal(unsupported.length, 1);
    assert.match(label(tree, unsupported[0]!), /cannot list holders of nosuchdenom/);
    // Why, in the indexer's words and in ours, and what to try (which opens Add Denom…).
    const reasons = await tree.getChildren(unsupported[0]);
    const texts = reasons.map((r) => label(tree, r));
    assert.equal(texts.length, 3, texts.join(' | '));
    assert.match(texts[0]!, /^The indexer said: .*contract address not found for denom nosuchdenom/);
    assert.match(
      texts[1]!,
      /^Why: on an EVM rollup the rich list is the holders of an ERC-20 token, and Fake indexer has no ERC-20 contract for "nosuchdenom"/,
    );
    assert.match(texts[2]!, /^Try the token's contract as evm\/0x…/);
    assert.equal(tree.getTreeItem(reasons[2]!).command?.command, 'initia.richList.addDenom');
    assert.ok(
      texts.every((t) => !t.includes('`')),
      'no markdown shown as it is',
    );
  });

  it('Rich List denoms belong to a network: one added on this network is not asked of another', async () => {
    const config = vscode.workspace.getConfiguration('initia');
    await config.update('richList.denoms', undefined, vscode.ConfigurationTarget.Global);
    const tree = h.api.views.richList.tree;
    await vscode.commands.executeCommand('initia.richList.addDenom', 'uinit');
    await waitFor('the denom listed', async () => (await tree.getChildren()).length === 1);
    assert.deepEqual(vscode.workspace.getConfiguration('initia').get('richList.denoms'), { [FAKE_NETWORK]: ['uinit'] });
    const other = await startFakeIndexer({ blocks: 20, chainId: 'other-1' });
    try {
      await onNetwork({ name: 'Other', indexerUrl: other.url }, async () => {
        await waitFor("the other network's (empty) list", async () => (await tree.getChildren()).length === 0);
        assert.equal(other.requests.length, 0, 'nothing asked of the other network');
      });
      await waitFor("this network's list again", async () => (await tree.getChildren()).length === 1);
    } finally {
      await other.close();
      await config.update('richList.denoms', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('Rich List on a network that does not index it: one explanatory row', async () => {
    const other = await startFakeIndexer({ blocks: 50, evm: false, richList: false, chainId: 'plain-1' });
    await onNetwork({ name: 'Plain', indexerUrl: other.url }, async () => {
      await vscode.workspace
        .getConfiguration('initia')
        .update('richList.denoms', ['uinit'], vscode.ConfigurationTarget.Global);
      const tree = h.api.views.richList.tree;
      const [root] = await tree.getChildren();
      const rows = await tree.getChildren(root);
      assert.equal(rows.length, 1);
      assert.match(label(tree, rows[0]!), /No holders listed: Plain may not index a rich list/);
      assert.equal(other.count('/indexer/richlist/v1/uinit'), 1);
    }).finally(() => other.close());
  });

  it('row actions: copy puts the value on the clipboard; open JSON runs the lookup', async () => {
    const tree = h.api.views.blocks.tree;
    const [block] = await tree.getChildren();
    await vscode.commands.executeCommand('initia.tree.copy', block);
    assert.equal(await vscode.env.clipboard.readText(), String(h.fake.data.latestHeight));
    h.clear();
    const uri = (await vscode.commands.executeCommand('initia.tree.openJson', block)) as vscode.Uri;
    assert.ok(uri);
    assert.deepEqual(
      h.fake.requests.map((r) => r.path),
      [`/indexer/block/v1/blocks/${h.fake.data.latestHeight}`],
    );
  });

  it('a network switch resets the views: the next page comes from the new network', async () => {
    const tree = h.api.views.blocks.tree;
    await tree.getChildren();
    const other = await startFakeIndexer({ blocks: 30, chainId: 'other-1' });
    await onNetwork({ name: 'Other', indexerUrl: other.url }, async () => {
      const rows = await tree.getChildren();
      assert.equal(label(tree, rows[0]!), '30');
      assert.equal(other.count('/indexer/block/v1/blocks'), 1);
    }).finally(() => other.close());
  });

  it('follow new blocks: new blocks appear on top while the view is visible, one request per tick', async function () {
    await vscode.commands.executeCommand('initia.blocks.focus');
    const view = h.api.views.blocks;
    await waitFor('the Blocks view to be visible', () => view.view.visible);
    if (!vscode.window.state.focused) this.skip(); // following pauses while the window is unfocused, by design
    const tree = view.tree;
    await tree.getChildren();
    const tip = h.fake.data.latestHeight;
    await vscode.commands.executeCommand('initia.blocks.follow');
    h.fake.advance(3);
    h.clear();
    await waitFor(
      'new blocks on top',
      async () => label(tree, (await tree.getChildren())[0]!) === (tip + 3).toLocaleString('en-US'),
    );
    const rows = await tree.getChildren();
    assert.equal(label(tree, rows[3]!), tip.toLocaleString('en-US'), 'the earlier rows are still there, below');
    assert.equal(
      h.api.features.statusBar.shownHeight,
      tip + 3,
      'the status bar keeps up with the view, without a request of its own',
    );
    assert.ok(
      h.fake.requests.every(
        (r) => r.path === '/indexer/block/v1/blocks' || r.path === '/indexer/block/v1/avg_blocktime',
      ),
    );
    assert.ok(probe.followPending, 'the next tick is scheduled while following');
    await vscode.commands.executeCommand('initia.blocks.stopFollowing');
    // Stopping clears the scheduled tick and aborts one in flight: with none pending nothing can ask again, and
    // showing the tree again (which reschedules while following) schedules nothing.
    assert.equal(probe.followPending, false, 'no tick scheduled or in flight after stopping');
    const count = h.fake.requests.length;
    await tree.getChildren();
    assert.equal(probe.followPending, false, 'reading the tree does not restart following');
    assert.equal(h.fake.requests.length, count, 'no request after stopping');
  });
});
