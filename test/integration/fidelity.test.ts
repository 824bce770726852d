/**
 * Faithful to the real indexer, inside the real extension host against fakes that answer as rollytics does:
 * Explain loads a transaction's whole call tree (151 calls, more than the server's default page), and what a network
 * can answer comes from its VM (profile, registry) and the routes' own answers, not from whether /status carries
 * `internal_tx_height` (omitempty: absent while nothing is indexed); a rich list's negative amounts are shown and
 * marked; what the server matches is sent as it is (a denom with ":"), what it never can is refused with the reason
 * (a name with letters outside ASCII); hex accounts go up to 64 digits.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  COLON_DENOM,
  EVM_TX_MANY_CALLS_COUNT,
  EVM_TX_MANY_CALLS_HASH,
  EVM_TX_WITH_LOGS_HASH,
  startFakeIndexer,
  type FakeIndexer,
} from '../fixtures/fakeIndexer';
import { onNetwork, run, setUp, type Harness } from './helpers';

interface View {
  calls: Array<{ depth: number; title: string }>;
  notes: string[];
}

describe('faithful to the real indexer', function () {
  this.timeout(60_000);
  let h: Harness;

  before(async () => {
    h = await setUp();
  });
  beforeEach(() => h.clear());
  after(async () => {
    h.api.features.explain.dispose();
    await h.restore();
  });

  it(`Explain loads the whole call tree of a tx with ${EVM_TX_MANY_CALLS_COUNT} internal calls: the top call first, none left out`, async () => {
    const view = await vscode.commands.executeCommand<View>('initia.explainTransaction', EVM_TX_MANY_CALLS_HASH);
    assert.equal(view.calls.length, EVM_TX_MANY_CALLS_COUNT, 'every call, not the newest 100');
    assert.match(view.calls[0]!.title, /^CALL #0$/);
    assert.equal(view.calls[0]!.depth, 0);
    assert.equal(view.calls.filter((c) => c.depth === 1).length, 50);
    assert.ok(!view.notes.some((n) => /first \d+ of/.test(n)), view.notes.join(' | '));
    const asked = h.fake.requests.filter((r) => r.path === `/indexer/tx/v1/evm-internal-txs/${EVM_TX_MANY_CALLS_HASH}`);
    assert.equal(asked.length, 1, 'one page of the largest size holds it');
    assert.equal(
      new URLSearchParams(asked[0]!.query).get('pagination.reverse'),
      'false',
      'oldest first: a partial tree would be its beginning',
    );
  });

  it('a new EVM rollup whose /status has no internal_tx_height yet (profile without vm): its EVM lists and internal calls are offered', async () => {
    const fresh = await startFakeIndexer({ blocks: 30, chainId: 'fresh-evm-1', internalTxs: 'pending' });
    try {
      await onNetwork({ name: 'Fresh rollup', indexerUrl: fresh.url }, async () => {
        const { json } = await run('initia.lookupEvmInternalTxs', EVM_TX_WITH_LOGS_HASH);
        assert.equal(
          (json.internal_txs as unknown[]).length,
          4,
          'the internal calls, not "this network has no EVM index"',
        );
        // What told it: /status (no VM there, its chain unknown to the registry), then the EVM routes' own answer.
        const probes = () => fresh.requests.filter((r) => r.path === '/indexer/tx/v1/evm-txs').length;
        assert.ok(fresh.count('/status') >= 1);
        assert.equal(probes(), 1, 'one probe of the EVM routes');
        const view = await vscode.commands.executeCommand<View>('initia.explainTransaction', EVM_TX_WITH_LOGS_HASH);
        assert.equal(view.calls.length, 4);
        assert.ok(!view.notes.some((n) => /does not index/.test(n)), view.notes.join(' | '));
        assert.equal(probes(), 1, 'decided once');
      });
    } finally {
      await fresh.close();
    }
  });

  it("an EVM rollup without the internal index: its routes' own 404 is said in words and remembered; its EVM lists still answer", async () => {
    const off = await startFakeIndexer({ blocks: 30, chainId: 'no-internal-1', internalTxs: 'off' });
    try {
      await onNetwork({ name: 'No internal', indexerUrl: off.url, vm: 'minievm' }, async () => {
        assert.equal(
          await vscode.commands.executeCommand('initia.lookupEvmInternalTxs', EVM_TX_WITH_LOGS_HASH),
          undefined,
        );
        assert.deepEqual(h.infos, ['No internal: this network does not index internal EVM transactions.']);
        assert.deepEqual(h.errors, []);
        off.resetRequests();
        h.clear();
        assert.equal(await vscode.commands.executeCommand('initia.lookupEvmInternalTxsByHeight', 3), undefined);
        assert.deepEqual(h.infos, ['No internal: this network does not index internal EVM transactions.']);
        assert.equal(off.requests.length, 0, 'remembered: refused before any request');
        const view = await vscode.commands.executeCommand<View>('initia.explainTransaction', EVM_TX_WITH_LOGS_HASH);
        assert.deepEqual(view.calls, []);
        assert.ok(view.notes.includes('This network does not index internal calls.'), view.notes.join(' | '));
        const { json } = await run('initia.lookupEvmTxsByHeight', 4);
        assert.ok(Array.isArray(json.txs), 'the EVM lists answer');
      });
    } finally {
      await off.close();
    }
  });

  describe('on a Move rollup', () => {
    let move: FakeIndexer;
    const MOVE = { name: 'Move fidelity', indexerUrl: '', vm: 'minimove' };
    before(async () => {
      move = await startFakeIndexer({ blocks: 40, evm: false, chainId: 'move-fidelity-1' });
      MOVE.indexerUrl = move.url;
    });
    after(async () => {
      const config = vscode.workspace.getConfiguration('initia');
      await config.update('richList.denoms', undefined, vscode.ConfigurationTarget.Global);
      await config.update('pageSize', undefined, vscode.ConfigurationTarget.Global);
      await move.close();
    });

    it('the Rich List shows negative amounts, marked as the indexer\'s inconsistency (not "malformed")', async () => {
      const denom = move.data.denomRecords.find((d) => d.holders.some((x) => x.amount < 0n))!.denom;
      const config = vscode.workspace.getConfiguration('initia');
      await onNetwork(MOVE, async () => {
        await config.update('pageSize', 100, vscode.ConfigurationTarget.Global);
        await config.update('richList.denoms', { [MOVE.name]: [denom] }, vscode.ConfigurationTarget.Global);
        const tree = h.api.views.richList.tree;
        const [root] = await tree.getChildren();
        const rows = await tree.getChildren(root);
        const items = rows.map((r) => tree.getTreeItem(r));
        assert.equal(
          items.length,
          move.data.denomRecords.find((d) => d.denom === denom)!.holders.length,
          items.map((i) => i.label).join(' | '),
        );
        const [a, b] = items.slice(-2);
        // The amount leads the label (issue 34: a narrow sidebar cut it from the description); the mark follows.
        assert.deepEqual(
          [a, b].map((i) => String(i!.label).replace(/^\d+\. /, '')),
          ['-1', '-123,456'],
        );
        assert.match(String(a!.description), / · the indexer's inconsistency$/);
        assert.match(String(b!.description), / · the indexer's inconsistency$/);
        assert.equal((a!.iconPath as vscode.ThemeIcon).id, 'warning');
        assert.match(
          (a!.tooltip as vscode.MarkdownString).value.replace(/&nbsp;/g, ' ').replace(/\\(.)/g, '$1'),
          /Below zero: the indexer keeps a running sum/,
        );
        assert.equal((items[0]!.iconPath as vscode.ThemeIcon).id, 'account');
      });
    });

    it('a denom with ":" is sent as it is, and its rich list found; a name with letters outside ASCII is refused with the reason', async () => {
      await onNetwork(MOVE, async () => {
        move.resetRequests();
        const { json } = await run('initia.showRichList', COLON_DENOM);
        assert.equal((json.holders as unknown[]).length, 5);
        assert.deepEqual(
          move.requests.map((r) => r.path),
          [`/indexer/richlist/v1/${COLON_DENOM}`],
        );
        move.resetRequests();
        h.clear();
        assert.equal(await vscode.commands.executeCommand('initia.lookupCollection', 'Café Club'), undefined);
        assert.match(h.errors.join(' | '), /cannot match "é" in a name search/);
        assert.equal(move.requests.length, 0, 'nothing sent');
      });
    });

    it('a 64-digit hex account (a Move object) is looked up, as the indexer takes it', async () => {
      await onNetwork(MOVE, async () => {
        move.resetRequests();
        const object = `0x${'0b'.repeat(32)}`;
        const { json } = await run('initia.lookupAccount', object, 'txs');
        assert.ok(Array.isArray(json.txs));
        assert.deepEqual(
          move.requests.map((r) => r.path),
          [`/indexer/tx/v1/txs/by_account/${object}`],
        );
      });
    });
  });

  it("a profile without vm on a chain the registry names: the registry's VM decides, no EVM route is asked", async () => {
    const chains = (await h.api.features.registry.load()).chains;
    const move = chains.find((c) => c.metadata?.minitia?.type === 'minimove')!;
    assert.ok(move, 'a Move rollup in the registry');
    const plain = await startFakeIndexer({ blocks: 30, evm: false, chainId: move.chain_id });
    try {
      await onNetwork({ name: 'Move by registry', indexerUrl: plain.url }, async () => {
        assert.equal(await vscode.commands.executeCommand('initia.showEvmTransactions'), undefined);
        assert.deepEqual(h.infos, ['Move by registry: this network has no EVM index.']);
        assert.ok(
          plain.requests.every((r) => !r.path.includes('/evm-')),
          plain.requests.map((r) => r.path).join(' '),
        );
        assert.ok(plain.count('/status') >= 1, '/status names the chain; the registry its VM');
      });
    } finally {
      await plain.close();
    }
  });
});
