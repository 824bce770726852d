/**
 * Addresses with names, the address hover and the local rollup, in the real extension host:
 *  - a real run-latest.json shape (test/fixtures/workspace-names) copied into the workspace labels an address in a
 *    document (inlay hints), in the hover ("Vault (0x5FbD…0aa3)") and in Explain; nothing is read before the first
 *    question; the watcher follows a rewritten and a deleted broadcast;
 *  - the address hover asks one request per address (JSON-RPC batch, REST balances), none again, none when off;
 *  - Select Network… probes loopback at the ports of the settings (fake servers) only while it is open, offers
 *    "Local rollup (<chain id>, minievm)", adds and selects it, and the status bar shows the indexer's lag; a node
 *    without an indexer names `weave rollup indexer start`.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { createServer } from 'node:net';
import * as vscode from 'vscode';
import { bech32 } from 'bech32';
import {
  FIXTURE_HEIGHT,
  FIXTURE_MARKET,
  EVM_TX_WITH_LOGS_HASH,
  startFakeIndexer,
  type FakeIndexer,
} from '../fixtures/fakeIndexer';
import { startFakeNode, type FakeNode } from '../fixtures/fakeNode';
import { acceptItem, moveIn, setUp, waitFor, type Harness } from './helpers';
import { WorkspaceNames } from '../../src/names/workspaceNames';
import type { PickItem } from '../../src/network/networkPicker';
import { probe } from '../support/hooks';
import type { ExplorerNode } from '../../src/platform/tree';

type Tree = {
  getChildren(node?: ExplorerNode): ExplorerNode[] | Promise<ExplorerNode[]>;
  getTreeItem(node: ExplorerNode): vscode.TreeItem;
};

type Show = (message: string, ...rest: unknown[]) => Thenable<unknown>;
const VAULT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const FIXTURES = path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'workspace-names');
const DEMO_EVM_CHAIN = '2665154421996606';

async function hoverText(doc: vscode.TextDocument, pos: vscode.Position): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, pos);
  // Chain text is appended as text: markdown escapes and non-breaking spaces undone for reading.
  return (hovers ?? [])
    .flatMap((x) => x.contents.map((c) => (c as vscode.MarkdownString).value ?? ''))
    .join('\n')
    .replace(/&nbsp;/g, ' ')
    .replace(/\\([\\`*_{}[\]()#+\-.!|])/g, '$1');
}

async function hints(doc: vscode.TextDocument): Promise<vscode.InlayHint[]> {
  const end = doc.lineAt(doc.lineCount - 1).range.end;
  return (
    (await vscode.commands.executeCommand<vscode.InlayHint[]>(
      'vscode.executeInlayHintProvider',
      doc.uri,
      new vscode.Range(0, 0, end.line, end.character),
    )) ?? []
  );
}
const labelOf = (hint: vscode.InlayHint) =>
  typeof hint.label === 'string' ? hint.label : hint.label.map((p) => p.value).join('');

describe('names for addresses from the workspace deployments', function () {
  this.timeout(60_000);
  let h: Harness;
  const root = () => vscode.workspace.workspaceFolders![0]!.uri;
  const names = () => vscode.Uri.joinPath(root(), 'deploy');

  before(async () => {
    h = await setUp({ blocks: 40 });
    assert.ok(h.api.features, 'the features loaded (as the status bar loads them 1.5 s after a start)');
    // The names are read (as an earlier hover would have) before the deployments arrive: the watcher must find them.
    await h.api.features.names.ready();
    moveIn(FIXTURES, names().fsPath);
  });
  beforeEach(() => h.clear());
  after(async () => {
    await vscode.workspace.fs.delete(names(), { recursive: true, useTrash: false }).then(undefined, () => undefined);
    await h.restore();
  });

  it('nothing is read before the first question; then the broadcast files are found', async () => {
    const log = { info: () => undefined, warn: () => undefined, debug: () => undefined };
    const fresh = new WorkspaceNames(h.api.settings, log);
    try {
      assert.equal(fresh.loaded, false);
      assert.equal(fresh.stats.files, 0);
      await fresh.ready();
      assert.equal(fresh.loaded, true);
      assert.deepEqual(fresh.stats, { files: 3, names: 7 }, 'two broadcasts and Ignition; the dry run skipped');
      assert.equal(fresh.nameOf(VAULT, { chainId: 'demo-evm-1', vm: 'minievm' })?.name, 'Vault');
      assert.equal(fresh.nameOf(VAULT, { chainId: 'other-1', vm: 'minievm' }), undefined, 'another chain');
      assert.equal(fresh.nameOf(VAULT, { chainId: 'demo-evm-1', vm: 'minimove' }), undefined, 'not an EVM network');
    } finally {
      fresh.dispose();
    }
  });

  it('labels the address in a document and in its hover: "Vault (0x5FbD…0aa3)"', async () => {
    // The folder moved in after the names were read is found (the watcher reports the folder alone, or with its files).
    const doc = await vscode.workspace.openTextDocument({
      content: `vault = "${VAULT}"\nother = "0x${'12'.repeat(20)}"\n`,
    });
    await waitFor('the Vault label', async () => (await hints(doc)).some((x) => labelOf(x) === 'Vault'));
    const found = await hints(doc);
    assert.equal(found.length, 1, 'only the named address');
    assert.deepEqual([found[0]!.position.line, found[0]!.position.character], [0, 9 + 42]);
    const text = await hoverText(doc, new vscode.Position(0, 15));
    assert.match(text, /\*\*Vault \(0x5FbD…0aa3\)\*\*/);
    assert.match(text, /a contract/);
    assert.match(text, /Deployed as Vault on this network \(Foundry, run-latest\.json\)/);
    assert.match(text, /Explain its deployment\]\(command:initia\.explainTransaction/);
  });

  it('the watcher follows a rewritten broadcast and a deleted folder', async () => {
    const file = vscode.Uri.joinPath(names(), 'broadcast', 'Deploy.s.sol', DEMO_EVM_CHAIN, 'run-latest.json');
    const doc = await vscode.workspace.openTextDocument({ content: `${VAULT}\n` });
    await waitFor('Vault', async () => (await hints(doc)).some((x) => labelOf(x) === 'Vault'));
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(file)).replaceAll('"Vault"', '"Treasury"');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(text));
    await waitFor('Treasury', async () => (await hints(doc)).some((x) => labelOf(x) === 'Treasury'));
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(names(), 'broadcast'), { recursive: true, useTrash: false });
    await waitFor('no label', async () => (await hints(doc)).length === 0);
  });

  it("names are matched by the chain id the network's node reports (anvil's 31337), asked once per node", async () => {
    const ANVIL_VAULT = `0x${'a1'.repeat(20)}`;
    const file = vscode.Uri.joinPath(names(), 'broadcast', 'Anvil.s.sol', '31337', 'run-latest.json');
    const tx = {
      hash: `0x${'cd'.repeat(32)}`,
      transactionType: 'CREATE',
      contractName: 'AnvilVault',
      contractAddress: ANVIL_VAULT,
      function: null,
      arguments: null,
      transaction: {},
      additionalContracts: [],
      isFixedGasLimit: false,
    };
    const broadcast = {
      transactions: [tx],
      receipts: [],
      libraries: [],
      pending: [],
      returns: {},
      timestamp: 1764000000,
      chain: 31337,
      commit: null,
    };
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(broadcast, null, 2)));
    await waitFor('the AnvilVault deployment read', () => h.api.features.names.deployments(ANVIL_VAULT).length === 1);
    const node = await startFakeNode({ chainId: 'demo-evm-1', evmChainId: '31337' });
    const config = vscode.workspace.getConfiguration('initia');
    const networks = config.get<unknown[]>('networks')!;
    try {
      // The profile's Cosmos chain id (demo-evm-1) would give minievm's number; the node says 31337.
      await config.update(
        'networks',
        [{ ...(networks[0] as object), chainId: 'demo-evm-1', jsonRpcUrl: node.url }],
        vscode.ConfigurationTarget.Global,
      );
      node.contracts.add(ANVIL_VAULT.toLowerCase());
      const doc = await vscode.workspace.openTextDocument({ content: `vault = "${ANVIL_VAULT}"\n` });
      const text = await hoverText(doc, new vscode.Position(0, 15));
      assert.match(text, /Deployed as AnvilVault on this network/);
      assert.doesNotMatch(text, /not on this network/);
      await waitFor('the AnvilVault label', async () => (await hints(doc)).some((x) => labelOf(x) === 'AnvilVault'));
      await hoverText(doc, new vscode.Position(0, 20));
      assert.equal(
        node.requests.filter((r) => r.body.includes('"eth_chainId"')).length,
        1,
        'the node is asked its chain id once',
      );
    } finally {
      await config.update('networks', networks, vscode.ConfigurationTarget.Global);
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(names(), 'broadcast', 'Anvil.s.sol'), {
        recursive: true,
        useTrash: false,
      });
      await node.close();
    }
  });

  it('Explain names the contract a transaction called', async () => {
    const file = vscode.Uri.joinPath(names(), 'broadcast', 'Market.s.sol', DEMO_EVM_CHAIN, 'run-latest.json');
    const broadcast = {
      transactions: [
        {
          hash: `0x${'ab'.repeat(32)}`,
          transactionType: 'CREATE',
          contractName: 'Market',
          contractAddress: FIXTURE_MARKET,
          function: null,
          arguments: null,
          transaction: {},
          additionalContracts: [],
          isFixedGasLimit: false,
        },
      ],
      receipts: [],
      libraries: [],
      pending: [],
      returns: {},
      timestamp: 1764000000,
      chain: Number(DEMO_EVM_CHAIN),
      commit: null,
    };
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(broadcast, null, 2)));
    await waitFor(
      'the Market name',
      () => h.api.features.names.nameOf(FIXTURE_MARKET, { chainId: 'demo-evm-1', vm: 'minievm' })?.name === 'Market',
    );
    const view = await vscode.commands.executeCommand<unknown>('initia.explainTransaction', EVM_TX_WITH_LOGS_HASH);
    const texts = JSON.stringify(view);
    assert.ok(
      texts.includes(`"text":"Market (${FIXTURE_MARKET.slice(0, 6)}…${FIXTURE_MARKET.slice(-4)})"`),
      texts.slice(0, 2000),
    );
    assert.ok(texts.includes(`"value":"${FIXTURE_MARKET}"`), 'the link still leads to the address');
    // The Blocks view's EVM transaction row names the contract it called.
    h.api.views.blocks.refresh();
    const tree = h.api.views.blocks.tree as Tree;
    const label = (n: ExplorerNode) => String(tree.getTreeItem(n).label);
    const block = (await tree.getChildren()).find((r) => label(r) === FIXTURE_HEIGHT.toLocaleString('en-US'));
    assert.ok(block, 'the fixture block in the view');
    const [evmGroup] = await tree.getChildren(block);
    const rows = await tree.getChildren(evmGroup);
    const row = rows.find((r) => tree.getTreeItem(r).command?.arguments?.[0] === EVM_TX_WITH_LOGS_HASH)!;
    assert.match(
      String(tree.getTreeItem(row).description),
      new RegExp(`^to Market \\(${FIXTURE_MARKET.slice(0, 6)}…${FIXTURE_MARKET.slice(-4)}\\)`),
    );
  });
});

describe('the address hover', function () {
  this.timeout(30_000);
  let h: Harness;
  let node: FakeNode;
  const config = () => vscode.workspace.getConfiguration('initia');

  before(async () => {
    h = await setUp();
    node = await startFakeNode({ chainId: h.fake.data.chainId });
    const networks = config().get<unknown[]>('networks')!;
    await config().update(
      'networks',
      [{ ...(networks[0] as object), jsonRpcUrl: node.url, restUrl: node.url }],
      vscode.ConfigurationTarget.Global,
    );
  });
  beforeEach(() => {
    h.clear();
    node.resetRequests();
  });
  after(async () => {
    await node.close();
    await h.restore();
  });

  it('a 0x address on an EVM network: contract or account and its balance from one JSON-RPC batch; cached', async () => {
    const contract = `0x${'c0'.repeat(20)}`;
    node.contracts.add(contract);
    node.evmBalances.set(contract, 1_500_000_000_000_000_000n);
    const doc = await vscode.workspace.openTextDocument({ content: `to: ${contract}, from: 0x${'e0'.repeat(20)}\n` });
    const first = await hoverText(doc, new vscode.Position(0, 10));
    assert.match(first, /a contract/);
    assert.match(first, /Balances 1\.5 \(native, 18 decimals\)/);
    assert.match(first, /Latest transactions\]\(command:initia\.lookupAccount/);
    // The node's chain id is asked once per node (the names are matched by it), apart from the address's own request.
    const asked = () => node.requests.filter((r) => !r.body.includes('"eth_chainId"'));
    assert.ok(
      node.requests.filter((r) => r.body.includes('"eth_chainId"')).length <= 1,
      'the chain id at most once per node',
    );
    assert.equal(asked().length, 1, 'one request');
    assert.match(asked()[0]!.body, /eth_getCode.*eth_getBalance/);
    await hoverText(doc, new vscode.Position(0, 20));
    assert.equal(asked().length, 1, 'cached: no second request');
    const eoa = await hoverText(doc, new vscode.Position(0, 60));
    assert.match(eoa, /an account \(no code\)/);
    assert.equal(asked().length, 2, 'one request per address');
    assert.ok(
      node.requests.filter((r) => r.body.includes('"eth_chainId"')).length <= 1,
      'the chain id at most once per node',
    );
    assert.equal(h.fake.requests.length, 0, 'the indexer is not asked');
  });

  it('an init1 address on a network with REST: its bank balances', async () => {
    const account = bech32.encode('init', bech32.toWords(Buffer.alloc(20, 9)));
    node.balances.set(account, [{ denom: 'uinit', amount: '1234567' }]);
    const doc = await vscode.workspace.openTextDocument({ content: `${account}\n` });
    await config().update(
      'networks',
      [{ ...(config().get<unknown[]>('networks')![0] as object), jsonRpcUrl: undefined }],
      vscode.ConfigurationTarget.Global,
    );
    const text = await hoverText(doc, new vscode.Position(0, 8));
    assert.match(text, /Balances 1,234,567 uinit/);
    assert.deepEqual(
      node.requests.map((r) => r.path),
      [`/cosmos/bank/v1beta1/balances/${account}`],
    );
  });

  it('off with initia.hover.addresses: no hover, no request', async () => {
    await config().update('hover.addresses', false, vscode.ConfigurationTarget.Global);
    try {
      const doc = await vscode.workspace.openTextDocument({ content: `0x${'d0'.repeat(20)}\n` });
      assert.equal(await hoverText(doc, new vscode.Position(0, 5)), '');
      assert.equal(node.count(), 0);
    } finally {
      await config().update('hover.addresses', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});

describe('a rollup on this computer in Select Network', function () {
  this.timeout(60_000);
  let h: Harness;
  let indexer: FakeIndexer;
  let node: FakeNode;
  const config = () => vscode.workspace.getConfiguration('initia');
  const infos: string[] = [];
  const win = vscode.window as unknown as { showInformationMessage: Show };
  let original: Show;
  const setPorts = async (ports: Record<string, number | undefined>) => {
    for (const [key, port] of Object.entries(ports))
      await config().update(`localRollup.${key}Port`, port, vscode.ConfigurationTarget.Global);
  };
  const freePort = async () => {
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const port = (s.address() as { port: number }).port;
    await new Promise<void>((r) => s.close(() => r()));
    return port;
  };

  before(async () => {
    h = await setUp();
    indexer = await startFakeIndexer({ chainId: 'local-evm-1', blocks: 300 });
    node = await startFakeNode({ chainId: 'local-evm-1', height: indexer.data.latestHeight + 12 });
    await setPorts({ indexer: indexer.port, rest: node.port, rpc: node.port, jsonRpc: node.port });
    // The picker lists the bundled registry snapshot only: no request leaves this machine.
    await config().update('registry.urls', [], vscode.ConfigurationTarget.Global);
    original = win.showInformationMessage;
  });
  beforeEach(() => {
    infos.length = 0;
    win.showInformationMessage = (message: string) => {
      infos.push(message);
      return Promise.resolve(undefined);
    };
  });
  afterEach(() => {
    win.showInformationMessage = original;
  });
  after(async () => {
    await setPorts({ indexer: undefined, rest: undefined, rpc: undefined, jsonRpc: undefined });
    await config().update('registry.urls', undefined, vscode.ConfigurationTarget.Global);
    await indexer.close();
    await node.close();
    await h.restore();
  });

  it('nothing is probed without the picker; opened, it offers the local rollup, which is added and selected; the lag shows', async () => {
    const finder = h.api.features.localRollup;
    const probes = finder.probes;
    await vscode.commands.executeCommand('initia.lookupBlock', String(h.fake.data.latestHeight));
    await h.api.features.statusBar.refresh();
    assert.equal(finder.probes, probes, 'no probe outside the picker');
    assert.equal(indexer.count() + node.count(), 0);
    const picker = {
      get current() {
        return probe.quickPick<PickItem>();
      },
    };
    const chosen = vscode.commands.executeCommand<string | undefined>('initia.selectNetwork');
    await waitFor(
      'the local row',
      () => picker.current !== undefined && !picker.current.busy && picker.current.items.some((i) => 'local' in i),
    );
    assert.equal(finder.probes, probes + 1);
    const qp = picker.current!;
    const local = (qp.items as readonly PickItem[]).find((i) => 'local' in i)!;
    assert.equal(local.label, '$(vm-running) Local rollup (local-evm-1, minievm)');
    assert.match(
      String(local.detail),
      new RegExp(
        `indexer :${indexer.port} · REST :${node.port} · RPC :${node.port} · JSON-RPC :${node.port} · indexer 12 blocks behind`,
      ),
    );
    assert.equal((qp.items as readonly PickItem[])[0]!.label, 'This computer');
    await acceptItem(qp, local);
    assert.equal(await chosen, 'Local rollup local-evm-1');
    const saved = config()
      .get<Array<Record<string, unknown>>>('networks')!
      .find((n) => n.name === 'Local rollup local-evm-1');
    assert.deepEqual(saved, {
      name: 'Local rollup local-evm-1',
      chainId: 'local-evm-1',
      indexerUrl: `http://127.0.0.1:${indexer.port}`,
      restUrl: `http://127.0.0.1:${node.port}`,
      jsonRpcUrl: `http://127.0.0.1:${node.port}`,
      vm: 'minievm',
    });
    await waitFor('the lag in the status bar', async () => {
      await h.api.features.statusBar.refresh();
      return h.api.features.statusBar.lag === 12;
    });
    const item = h.api.features.statusBar as unknown as { item: vscode.StatusBarItem };
    assert.match(item.item.text, /Local rollup local-evm-1 · minievm #[\d,]+ \(12 behind\)/);
    await config().update('activeNetwork', 'Fake indexer', vscode.ConfigurationTarget.Global);
  });

  it('nothing answering on this computer is said in a row of its own; the focus starts on the active network (issue 34)', async () => {
    const ports = {
      indexer: await freePort(),
      rest: await freePort(),
      rpc: await freePort(),
      jsonRpc: await freePort(),
    };
    await setPorts(ports);
    try {
      const picker = {
        get current() {
          return probe.quickPick<PickItem>();
        },
      };
      const shown = vscode.commands.executeCommand('initia.selectNetwork');
      await waitFor(
        'the row saying nothing answers',
        () =>
          picker.current !== undefined && !picker.current.busy && picker.current.items.some((i) => 'nothingLocal' in i),
      );
      const qp = picker.current!;
      const row = (qp.items as readonly PickItem[]).find((i) => 'nothingLocal' in i)!;
      assert.equal(row.label, '$(info) No rollup answers on this computer');
      assert.equal(
        row.description,
        `127.0.0.1: indexer :${ports.indexer} · REST :${ports.rest} · RPC :${ports.rpc} · JSON-RPC :${ports.jsonRpc}`,
      );
      assert.match(String(row.detail), /weave rollup start/);
      const active = vscode.workspace.getConfiguration('initia').get<string>('activeNetwork');
      const focused = qp.activeItems[0] as PickItem | undefined;
      assert.ok(
        focused && 'network' in focused && focused.network === active,
        `the focus is on the active network ${active}, not on ${focused?.label}`,
      );
      qp.hide();
      await shown;
    } finally {
      await setPorts({ indexer: indexer.port, rest: node.port, rpc: node.port, jsonRpc: node.port });
    }
  });

  it('a node without an indexer: listed, and choosing it names `weave rollup indexer start`; nothing added', async () => {
    await setPorts({ indexer: await freePort() });
    const before = config().get<unknown[]>('networks')!.length;
    const picker = {
      get current() {
        return probe.quickPick<PickItem>();
      },
    };
    const shown = vscode.commands.executeCommand('initia.selectNetwork');
    await waitFor(
      'the local row',
      () => picker.current !== undefined && !picker.current.busy && picker.current.items.some((i) => 'local' in i),
    );
    const qp = picker.current!;
    const local = (qp.items as readonly PickItem[]).find((i) => 'local' in i)!;
    assert.equal(local.label, '$(circle-slash) Local rollup (local-evm-1, minievm)');
    assert.match(String(local.detail), /but no indexer: run `weave rollup indexer start`/);
    await acceptItem(qp, local);
    await waitFor('the explanation', () => infos.some((m) => m.includes('weave rollup indexer start')));
    assert.ok(picker.current, 'the picker stays open');
    picker.current!.hide();
    await shown;
    assert.equal(config().get<unknown[]>('networks')!.length, before);
    await setPorts({ indexer: indexer.port });
  });
});
