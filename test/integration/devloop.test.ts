/**
 * Where the developer works, in the real extension host: a terminal that prints hashes and addresses (the shell's
 * link provider, what a click offers and opens), and watching a transaction until the fake indexer has it (it
 * answers "not found" until the test indexes it; requests counted at the fake; the notification for a failed and a
 * succeeded transaction; the node asked first when the profile has it; the time limit naming `weave rollup indexer
 * start`; nothing after the end).
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EVM_TX_WITH_LOGS_HASH, FAILED_TX_HASH, FAILED_TX_RAW_LOG } from '../fixtures/fakeIndexer';
import { startFakeNode, type FakeNode } from '../fixtures/fakeNode';
import { FAKE_NETWORK, acceptItem, setUp, waitFor, type Harness } from './helpers';
import type { InitiaTerminalLink } from '../../src/extension';
import { probe } from '../support/hooks';

type Show = (message: string, ...rest: unknown[]) => Thenable<unknown>;
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const never = new vscode.CancellationTokenSource().token;

/** A terminal whose output is these lines (a pseudoterminal: what `forge script` or `minitiad` would print). */
function printingTerminal(lines: readonly string[]): vscode.Terminal {
  const write = new vscode.EventEmitter<string>();
  return vscode.window.createTerminal({
    name: 'initia-test',
    pty: {
      onDidWrite: write.event,
      open: () => write.fire(lines.map((l) => `${l}\r\n`).join('')),
      close: () => write.dispose(),
    },
  });
}

describe('terminal links', function () {
  this.timeout(30_000);
  let h: Harness;
  let terminal: vscode.Terminal;
  const tx = () => h.fake.data.txs.find((t) => t.kind === 'send')!;
  const lines = () => [
    `txhash: ${tx().hash}`,
    `✅  [Success] Hash: ${EVM_TX_WITH_LOGS_HASH}`,
    `Contract Address: ${CONTRACT}`,
    `height: "${tx().height}"`,
    'Compiler run successful with 0 warnings',
  ];
  const provider = () => {
    assert.ok(probe.terminalLinkProvider, 'activation reported its terminal link provider to the hooks');
    return probe.terminalLinkProvider as vscode.TerminalLinkProvider<InitiaTerminalLink>;
  };
  const provide = (line: string) => provider().provideTerminalLinks({ line, terminal }, never) as InitiaTerminalLink[];

  before(async () => {
    h = await setUp();
    terminal = printingTerminal(lines());
  });
  beforeEach(() => h.clear());
  after(async () => {
    terminal.dispose();
    await h.restore();
  });

  it("the provider's links for the terminal's lines: hashes, a contract, a height; nothing fetched", async () => {
    const [cosmos, evm, contract, height, none] = lines().map(provide);
    assert.deepEqual(
      cosmos!.map((l) => [l.startIndex, l.length, l.target.kind, l.target.value]),
      [[8, 64, 'tx', tx().hash]],
    );
    assert.deepEqual(
      evm!.map((l) => l.target),
      [{ kind: 'tx', value: EVM_TX_WITH_LOGS_HASH }],
    );
    assert.deepEqual(
      contract!.map((l) => l.target),
      [{ kind: 'contract', value: CONTRACT }],
    );
    assert.deepEqual(
      height!.map((l) => l.target),
      [{ kind: 'block', value: String(tx().height) }],
    );
    assert.deepEqual(none, []);
    assert.match(String(cosmos![0]!.tooltip), /look up, explain or watch/);
    assert.equal(h.fake.requests.length, 0, 'finding links asks nothing');
  });

  it('a click on a transaction offers Look Up, Explain and Watch; Look Up opens its document', async () => {
    const [link] = provide(lines()[0]!);
    const actions = h.api.features.terminalLinks;
    void provider().handleTerminalLink(link!);
    await waitFor('the choices', () => actions.current !== undefined && actions.current.items.length === 3);
    const qp = actions.current!;
    assert.deepEqual(
      qp.items.map((i) => i.action),
      ['lookup', 'explain', 'watch'],
    );
    await acceptItem(qp, qp.items[0]!);
    await waitFor(
      'the transaction document',
      () =>
        vscode.window.activeTextEditor?.document.uri.scheme === 'initia' &&
        vscode.window.activeTextEditor.document.uri.path.startsWith('/tx '),
    );
    const json = JSON.parse(vscode.window.activeTextEditor!.document.getText()) as { tx: { txhash: string } };
    assert.equal(json.tx.txhash, tx().hash);
    assert.deepEqual(
      h.fake.requests.map((r) => r.path),
      [`/indexer/tx/v1/txs/${tx().hash}`],
    );
  });

  it('a height opens its block at once; a link with a value the features reject runs nothing', async () => {
    const [link] = provide(lines()[3]!);
    await h.api.features.terminalLinks.open(link!.target);
    await waitFor(
      'the block document',
      () => vscode.window.activeTextEditor?.document.uri.path === `/block ${tx().height}.json`,
    );
    h.clear();
    await h.api.features.terminalLinks.open({ kind: 'tx', value: 'not-a-hash' });
    assert.equal(h.fake.requests.length, 0);
    assert.match(h.errors.join('\n'), /64 hexadecimal digits|hexadecimal/);
  });

  it('initia.terminal.links off: no links', async () => {
    const config = vscode.workspace.getConfiguration('initia');
    await config.update('terminal.links', false, vscode.ConfigurationTarget.Global);
    try {
      await waitFor('the setting', () => provide(lines()[0]!).length === 0);
    } finally {
      await config.update('terminal.links', undefined, vscode.ConfigurationTarget.Global);
    }
    await waitFor('links again', () => provide(lines()[0]!).length === 1);
  });
});

describe('watching a transaction until it is in', function () {
  this.timeout(60_000);
  let h: Harness;
  const warnings: string[] = [];
  const win = vscode.window as unknown as { showWarningMessage: Show };
  let originalWarning: Show;
  const txPaths = () =>
    h.fake.requests.filter(
      (r) => r.path.startsWith('/indexer/tx/v1/txs/') || r.path.startsWith('/indexer/tx/v1/evm-txs/'),
    );

  before(async () => {
    h = await setUp({ unindexed: [FAILED_TX_HASH, EVM_TX_WITH_LOGS_HASH] });
    originalWarning = win.showWarningMessage;
    win.showWarningMessage = (message: string) => {
      warnings.push(message);
      return Promise.resolve(undefined);
    };
  });
  beforeEach(() => {
    h.clear();
    warnings.length = 0;
  });
  after(async () => {
    win.showWarningMessage = originalWarning;
    await h.restore();
  });

  it('a failed transaction: "not found" until it lands, then a notification with the reason in words; nothing after', async () => {
    const watcher = h.api.features.watcher;
    const ends = watcher.ends.length;
    const watch = await vscode.commands.executeCommand<{ id: number; hash: string }>(
      'initia.watchTransaction',
      FAILED_TX_HASH,
    );
    assert.ok(watch);
    await waitFor('two questions to the indexer', () => txPaths().length >= 2);
    assert.match(watcher.statusText ?? '', /waiting for [0-9A-F]{4}…[0-9A-F]{2} \(\d+ s\)/);
    h.fake.index(FAILED_TX_HASH);
    await waitFor('the end', () => watcher.ends.length > ends, 20_000);
    const end = watcher.ends.at(-1)!;
    assert.equal(end.end.kind, 'found');
    assert.equal(warnings.length, 1);
    assert.ok(warnings[0]!.includes(FAILED_TX_RAW_LOG), warnings[0]);
    assert.match(warnings[0]!, /failed in block \d+ on Fake indexer: .*\(code 5, sdk\)/);
    const asked = txPaths().length;
    assert.ok(asked >= 3 && asked <= 6, `${asked} requests`);
    assert.ok(
      txPaths().every((r) => r.path === `/indexer/tx/v1/txs/${FAILED_TX_HASH}`),
      'the cosmos endpoint only, for a bare hash',
    );
    assert.equal(watcher.busy, false, 'no timer and no request left');
    await new Promise((r) => setTimeout(r, 2500));
    assert.equal(txPaths().length, asked, 'nothing after the end');
    assert.equal(watcher.statusText, undefined, 'the status item is hidden');
  });

  it('an EVM transaction by its 0x hash: the EVM endpoint; success is an information with Explain', async () => {
    const watcher = h.api.features.watcher;
    const ends = watcher.ends.length;
    h.fake.hold(EVM_TX_WITH_LOGS_HASH);
    await vscode.commands.executeCommand('initia.watchTransaction', EVM_TX_WITH_LOGS_HASH);
    await waitFor('a question', () => txPaths().length >= 1);
    h.fake.index(EVM_TX_WITH_LOGS_HASH);
    await waitFor('the end', () => watcher.ends.length > ends, 20_000);
    assert.match(h.infos.join('\n'), /succeeded in block \d+ on Fake indexer/);
    assert.ok(txPaths().every((r) => r.path === `/indexer/tx/v1/evm-txs/${EVM_TX_WITH_LOGS_HASH}`));
  });

  it('with the node in the profile: the node first, then the indexer; at the time limit it names the indexer command', async () => {
    const node: FakeNode = await startFakeNode({ chainId: h.fake.data.chainId });
    const config = vscode.workspace.getConfiguration('initia');
    const networks = config.get<unknown[]>('networks')!;
    try {
      await config.update(
        'networks',
        [{ ...(networks[0] as object), jsonRpcUrl: node.url, restUrl: node.url }],
        vscode.ConfigurationTarget.Global,
      );
      await config.update('watch.timeLimitSeconds', 10, vscode.ConfigurationTarget.Global);
      const watcher = h.api.features.watcher;
      const ends = watcher.ends.length;
      h.fake.hold(FAILED_TX_HASH);
      node.land(FAILED_TX_HASH, { height: 77, ok: false, code: 5, codespace: 'sdk', rawLog: FAILED_TX_RAW_LOG });
      await vscode.commands.executeCommand('initia.watchTransaction', FAILED_TX_HASH, FAKE_NETWORK);
      await waitFor('the time limit', () => watcher.ends.length > ends, 20_000);
      assert.equal(
        node.requests[0]!.path,
        `/cosmos/tx/v1beta1/txs/${FAILED_TX_HASH}`,
        'the node first (REST, for a cosmos hash)',
      );
      assert.equal(node.count(), 1, 'the node is not asked again once it has it');
      assert.ok(txPaths().length >= 3, 'then the indexer, until the limit');
      assert.equal(watcher.ends.at(-1)!.end.kind, 'timeout');
      assert.equal(warnings.length, 1);
      assert.match(
        warnings[0]!,
        /still not indexed by Fake indexer after 10 s\. The node has it in block 77 \(failed: .*insufficient funds\): .*`weave rollup indexer start`/,
      );
    } finally {
      await config.update('watch.timeLimitSeconds', undefined, vscode.ConfigurationTarget.Global);
      await config.update('networks', networks, vscode.ConfigurationTarget.Global);
      h.fake.index(FAILED_TX_HASH);
      await node.close();
    }
  });

  it('Look Up of a transaction the indexer does not know offers to watch it', async () => {
    const unknown = 'ef'.repeat(32).toUpperCase();
    const win2 = vscode.window as unknown as { showErrorMessage: Show };
    const stub = win2.showErrorMessage;
    let offered: unknown[] = [];
    win2.showErrorMessage = (_message: string, ...items: unknown[]) => {
      offered = items;
      return Promise.resolve('Watch Until It Is In');
    };
    const watcher = h.api.features.watcher;
    try {
      await vscode.commands.executeCommand('initia.lookupTransaction', unknown);
      await waitFor('the watch', () => watcher.watches.some((w) => w.hash === unknown));
      assert.deepEqual(offered, ['Watch Until It Is In', 'Retry', 'Select Network']);
    } finally {
      win2.showErrorMessage = stub;
      watcher.stopAll();
    }
    assert.equal(watcher.busy, false);
  });

  it('the hover on an unknown hash offers Watch; a bad hash is a sentence and no request; a watch can be stopped', async () => {
    const unknown = 'cd'.repeat(32);
    const doc = await vscode.workspace.openTextDocument({ content: `sent ${unknown}\n` });
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      doc.uri,
      new vscode.Position(0, 10),
    );
    const text = hovers.flatMap((x) => x.contents.map((c) => (c as vscode.MarkdownString).value)).join('\n');
    assert.ok(
      text.includes(`command:initia.watchTransaction?${encodeURIComponent(JSON.stringify([unknown.toUpperCase()]))}`),
      text,
    );
    h.clear();
    await vscode.commands.executeCommand('initia.watchTransaction', 'abc');
    assert.match(h.errors.join('\n'), /64 hexadecimal digits/);
    assert.equal(h.fake.requests.length, 0);
    const watcher = h.api.features.watcher;
    const w = await vscode.commands.executeCommand<{ id: number }>('initia.watchTransaction', unknown);
    await waitFor('a question', () => txPaths().length >= 1);
    assert.equal(watcher.stop(w.id), true);
    assert.equal(watcher.busy, false);
    const asked = h.fake.requests.length;
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(h.fake.requests.length, asked, 'nothing after stopping');
    assert.equal(watcher.ends.at(-1)!.end.kind, 'cancelled');
  });
});
