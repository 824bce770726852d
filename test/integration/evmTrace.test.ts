/**
 * Why an EVM transaction failed, in the real extension host, against a real node: anvil (from npm) behind a counting
 * JSON-RPC proxy, the Foundry project of test/fixtures/evm/ built by forge and copied into the workspace as `evm/`
 * (sources, out/, forge's cache, and the broadcast `forge script` writes there), and the fake indexer serving the
 * transactions as rollytics does (no internal calls for a failed one). Explain shows the call tree with the contracts
 * named from the workspace, the revert in words first (custom error, require string, panic, two calls deep) and the
 * Solidity line, opened on request; one call trace per transaction, none again (explained twice, a panel restored, a
 * new instance reading the stored trace); a read-only contract call decoded; a network without JSON-RPC or a node
 * that does not trace said in one line; an artifact rebuilt since the deployment said to differ, with no line; the
 * language-model tool that explains a transaction gives the decoded revert too, its untrusted parts quoted.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { buildEvmProject, copyEvmProject, evmToolsAvailable } from '../fixtures/evmProject';
import { startEvmChain, type EvmChain } from '../fixtures/evmChain';
import { startRpcProxy, type RpcProxy } from '../fixtures/rpcProxy';
import { FAKE_NETWORK, setUp, waitFor, type Harness } from './helpers';
import type { ExplainView } from '../../src/explain/protocol';
import { EvmTraces } from '../../src/explain/evmTrace';
import { showSourceLine } from '../../src/explain/sourceLine';
import { createJsonRpcClient } from '../../src/core/clients';

type CallResult = { contract: string; function: string; block: unknown; result: Record<string, string> };

/** The 1-based line of `needle` in a file of the built project. */
function lineOf(dir: string, file: string, needle: string): number {
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  const at = text.indexOf(needle);
  assert.ok(at >= 0, `${needle} in ${file}`);
  return text.slice(0, at).split('\n').length;
}

describe('EVM call trace, revert reasons and source lines (anvil)', function () {
  this.timeout(120_000);
  let h: Harness;
  let chain: EvmChain;
  let proxy: RpcProxy;
  let folder: string;
  const explain = (hash: string) => vscode.commands.executeCommand<ExplainView>('initia.explainTransaction', hash);
  const setProfile = (extra: Record<string, unknown>) =>
    vscode.workspace
      .getConfiguration('initia')
      .update(
        'networks',
        [{ name: FAKE_NETWORK, chainId: h.fake.data.chainId, indexerUrl: h.fake.url, vm: 'minievm', ...extra }],
        vscode.ConfigurationTarget.Global,
      );

  before(async function () {
    if (!evmToolsAvailable()) this.skip();
    h = await setUp();
    folder = path.join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, 'evm');
    copyEvmProject(buildEvmProject(), folder);
    chain = await startEvmChain({ broadcastDir: path.join(folder, 'broadcast') });
    await chain.serveTo(h.fake);
    proxy = await startRpcProxy(chain.url);
    await setProfile({ jsonRpcUrl: proxy.url });
    // The ABI index (built by an earlier suite, or now) takes in the copied artifacts.
    await waitFor(
      'the copied artifacts in the ABI index',
      async () =>
        !!(await h.api.features.abis.snapshot())?.artifacts.some((a) =>
          a.file?.endsWith('/evm/out/Vault.sol/Vault.json'),
        ),
      30_000,
      200,
    );
  });
  beforeEach(() => {
    h?.clear();
    proxy?.reset();
    proxy?.refuse.clear();
  });
  after(async () => {
    h?.api.features.explain.dispose();
    await chain?.stop();
    await proxy?.close();
    await h?.restore();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('a node that does not serve debug_traceTransaction: one line, and what the indexer has', async () => {
    proxy.refuse.add('debug_traceTransaction');
    const view = await explain(chain.txs.require);
    assert.equal(view.kind, 'evm');
    assert.equal(view.trace, undefined);
    assert.match(
      view.notes[0]!,
      /^No call trace: the JSON-RPC node at http:\/\/127\.0\.0\.1:\d+ does not serve debug_traceTransaction \(the method debug_traceTransaction does not exist\/is not available\)\. Below is what the indexer has\.$/,
    );
    assert.equal(view.outcome.ok, false);
    assert.equal(proxy.count('debug_traceTransaction'), 1);
    assert.equal(h.fake.count(`/indexer/tx/v1/evm-txs/${chain.txs.require}`), 1, 'the indexer was asked as before');
  });

  it('a revert two calls deep: the tree named from the workspace, the custom error first, each failed frame at its line', async () => {
    const view = await explain(chain.txs.deep);
    const t = view.trace!;
    assert.ok(t, view.notes.join(' | '));
    assert.deepEqual(
      t.frames.map((f) => [f.depth, f.contract, f.call]),
      [
        [0, 'Router', 'withdrawVia'],
        [1, 'Relay', 'pull'],
        [2, 'Vault', 'withdraw'],
      ],
    );
    const vaultLine = lineOf(chain.project.dir, 'src/Vault.sol', 'revert InsufficientBalance');
    assert.equal(
      view.outcome.reason,
      `InsufficientBalance(available: 0, required: 5) — raised in Vault.withdraw, 2 calls deep (src/Vault.sol:${vaultLine})`,
    );
    assert.deepEqual(
      t.frames.map((f) => [f.revert?.raised, f.revert?.from]),
      [
        [false, 2],
        [false, 2],
        [true, undefined],
      ],
    );
    assert.deepEqual(
      t.frames.map((f) => f.source?.label),
      [
        `src/Router.sol:${lineOf(chain.project.dir, 'src/Router.sol', 'relay.pull(vault, amount);')}`,
        `src/Relay.sol:${lineOf(chain.project.dir, 'src/Relay.sol', 'vault.withdraw(amount);')}`,
        `src/Vault.sol:${vaultLine}`,
      ],
    );
    assert.equal(t.frames[2]!.source!.snippet, 'InsufficientBalance(available, amount)');
    // The address named by the workspace's broadcast, now that names follow the node's chain id (anvil's 31337).
    assert.deepEqual(
      t.frames[0]!.decoded?.args.map((a) => a.text.toLowerCase()),
      [`vault (${chain.addresses.vault.slice(0, 6)}…${chain.addresses.vault.slice(-4)})`.toLowerCase(), '5'],
    );
    assert.equal(
      t.frames[0]!.decoded?.args[0]?.link?.value.toLowerCase(),
      chain.addresses.vault.toLowerCase(),
      'the link still leads to the address',
    );
    assert.equal(view.calls.length, 0, 'rollytics keeps no internal calls of a failed transaction');
    // One call trace and one opcode trace; the code of each contract and the chain id once.
    assert.equal(proxy.count('debug_traceTransaction'), 2);
    assert.equal(proxy.count('eth_getCode'), 3);
    assert.equal(proxy.count('eth_chainId'), 1);

    // "Open source" opens the workspace's file at the line, the range selected (what the panel's openSource op runs
    // with the view's source of that number; the e2e test clicks it).
    const editor = await showSourceLine(t.sources[t.revert!.source!.source]!);
    assert.ok(editor);
    assert.equal(editor.document.uri.fsPath, path.join(folder, 'src', 'Vault.sol'));
    assert.equal(editor.selection.start.line, vaultLine - 1);
    assert.equal(editor.document.getText(editor.selection), 'InsufficientBalance(available, amount)');
  });

  it('explained again, or its panel restored: no request to the node', async () => {
    await explain(chain.txs.deep);
    const panel = vscode.window.createWebviewPanel('initia.explain', 'Explain Transaction', vscode.ViewColumn.Active, {
      enableScripts: true,
    });
    // What the host posts to the restored panel's webview, recorded.
    const posted: Array<{ type?: string; view?: ExplainView }> = [];
    const webview = panel.webview as { postMessage(message: unknown): Thenable<boolean> };
    const post = webview.postMessage.bind(webview);
    webview.postMessage = (message: unknown) => {
      posted.push(message as (typeof posted)[number]);
      return post(message);
    };
    h.api.features.restoreExplain(panel, { hash: chain.txs.deep, network: FAKE_NETWORK });
    await waitFor('the restored view', () =>
      posted.some((m) => m.type === 'explain' && m.view?.hash === chain.txs.deep && !!m.view.trace),
    );
    assert.equal(proxy.count('debug_traceTransaction'), 0);
    // A new instance (a window reloaded) reads the trace the first one stored.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'initia-traces-'));
    try {
      const rpc = createJsonRpcClient(proxy.url);
      const first = new EvmTraces(dir, console);
      await first.framePcs(rpc, chain.txs.custom);
      assert.equal(proxy.count('debug_traceTransaction'), 2);
      const second = new EvmTraces(dir, console);
      const again = await second.framePcs(rpc, chain.txs.custom);
      assert.ok(again.consistent && again.pcs.get(0)!.length > 0);
      assert.equal(proxy.count('debug_traceTransaction'), 2, 'the second instance asked nothing');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a custom error at the top and a panic: in words, with their lines', async () => {
    const custom = await explain(chain.txs.custom);
    assert.equal(
      custom.outcome.reason,
      `InsufficientBalance(available: 0, required: 10) — raised in Vault.withdraw (src/Vault.sol:${lineOf(chain.project.dir, 'src/Vault.sol', 'revert InsufficientBalance')})`,
    );
    const panic = await explain(chain.txs.panic);
    assert.equal(
      panic.outcome.reason,
      `Panic: a division or modulo by zero (0x12) — raised in Vault.share (src/Vault.sol:${lineOf(chain.project.dir, 'src/Vault.sol', 'return total / parts;')})`,
    );
    assert.equal(panic.trace!.revert!.source!.snippet, 'total / parts');
  });

  it('a successful call: its frames and arguments, its log decoded with the workspace ABI, no opcode trace', async () => {
    const view = await explain(chain.txs.deposit);
    assert.equal(view.outcome.ok, true);
    assert.deepEqual(
      view.trace!.frames.map((f) => [f.contract, f.call, f.failed]),
      [
        ['Router', 'depositVia', false],
        ['Vault', 'deposit', false],
      ],
    );
    assert.match(view.trace!.frames[0]!.value, /^0\.001 \(1,000,000,000,000,000 wei\)$/);
    assert.equal(view.logs[0]?.decoded?.title, 'Deposited');
    assert.deepEqual(
      view.calls.map((c) => c.depth),
      [0, 1],
      "the indexer's internal calls too",
    );
    assert.equal(proxy.count('debug_traceTransaction'), 1);
  });

  it('the hover of a failed EVM transaction says why, from the stored trace', async () => {
    const doc = await vscode.workspace.openTextDocument({ language: 'log', content: `failed: ${chain.txs.custom}\n` });
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      doc.uri,
      new vscode.Position(0, 12),
    );
    // The markdown as a reader sees it (escapes and non-breaking spaces undone).
    const text = hovers
      .flatMap((x) => x.contents.map((c) => (typeof c === 'string' ? c : (c as vscode.MarkdownString).value)))
      .join('\n')
      .replace(/&nbsp;/g, ' ')
      .replace(/\\(.)/g, '$1');
    assert.match(text, /reverted: InsufficientBalance\(available: 0, required: 10\) in withdraw/);
    assert.match(text, /Call contract/);
    assert.equal(proxy.count('debug_traceTransaction'), 0);
  });

  it('Call Contract: a view function of the matched artifact, at the latest block and at an earlier one, decoded', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllGroups');
    const latest = await vscode.commands.executeCommand<CallResult>(
      'initia.callContract',
      chain.addresses.vault,
      undefined,
      'stats(address)',
      [chain.addresses.router],
    );
    const groups = vscode.window.tabGroups.all.length;
    assert.equal(latest.contract, 'Vault');
    const shown = vscode.window.activeTextEditor?.document;
    assert.equal(shown?.uri.scheme, 'initia-call', 'a read-only document');
    assert.deepEqual((JSON.parse(shown.getText()) as CallResult).result, latest.result);
    assert.deepEqual(latest.result, {
      balance: '1000000000000000',
      vaultOwner: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    });
    const receipt = await chain.receipt<{ blockNumber: string }>(chain.txs.deposit);
    const earlier = await vscode.commands.executeCommand<CallResult>(
      'initia.callContract',
      chain.addresses.vault,
      Number(BigInt(receipt.blockNumber)) - 1,
      'balanceOf(address)',
      [chain.addresses.router],
    );
    assert.deepEqual(earlier.result, { result: '0' });
    assert.equal(proxy.count('eth_call'), 2);
    // Each result opens where the one before is shown (its preview tab), not in one more group to the right (issue 34).
    assert.equal(
      vscode.window.tabGroups.all.length,
      groups,
      vscode.window.tabGroups.all.map((g) => g.tabs.map((t) => t.label).join(',')).join(' | '),
    );
    const refused = await vscode.commands.executeCommand(
      'initia.callContract',
      chain.addresses.vault,
      undefined,
      'balanceOf(address)',
      ['0x12'],
    );
    assert.equal(refused, undefined);
    assert.match(h.errors.join(' | '), /an address is 0x and 40 hexadecimal digits/);
    assert.equal(proxy.count('eth_call'), 2, 'a bad argument: no call');
  });

  it('a contract the broadcast names whose code is not its artifact (another build) is said to differ, with no line', async () => {
    // A Vault built otherwise (the optimizer on), deployed, and named "Vault" by a broadcast of this chain.
    const source = fs.readFileSync(path.join(folder, 'src', 'Vault.sol'), 'utf8');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const solc = require('solc') as { compile(input: string): string };
    const input = {
      language: 'Solidity',
      sources: { 'src/Vault.sol': { content: source } },
      settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['evm.bytecode.object'] } } },
    };
    const built = JSON.parse(solc.compile(JSON.stringify(input))) as {
      contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
    };
    const created = await chain.rpc<string>('eth_sendTransaction', [
      {
        from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
        data: `0x${built.contracts['src/Vault.sol']!.Vault!.evm.bytecode.object}`,
        gas: '0x200000',
      },
    ]);
    const other = (await chain.receipt<{ contractAddress: string }>(created)).contractAddress.toLowerCase();
    const run = path.join(folder, 'broadcast', 'Other.s.sol', String(chain.chainId), 'run-latest.json');
    fs.mkdirSync(path.dirname(run), { recursive: true });
    fs.writeFileSync(
      run,
      JSON.stringify({
        transactions: [{ hash: created, transactionType: 'CREATE', contractName: 'Vault', contractAddress: other }],
      }),
    );
    const hash = await chain.send(other, `${chain.selector('Vault', 'withdraw(uint256)')}${'0'.repeat(63)}7`);
    h.fake.serveEvmTx(
      await chain.receipt(hash),
      await chain.rpc('debug_traceTransaction', [hash, { tracer: 'callTracer' }]),
    );
    const view = await explain(hash);
    const vault = view.trace!.frames[0]!;
    assert.equal(vault.contract, 'Vault', 'named by the broadcast');
    assert.match(
      vault.note!,
      /^The artifact evm\/out\/Vault\.sol\/Vault\.json is not the code deployed at this address \(the deployed code is \d+ bytes, the artifact's \d+\): rebuilt or changed since the deployment, so no source line is given\.$/,
    );
    assert.equal(vault.source, undefined);
    assert.equal(
      view.outcome.reason,
      'InsufficientBalance(available: 0, required: 7) — raised in Vault.withdraw',
      'decoded all the same',
    );
    assert.equal(proxy.count('debug_traceTransaction'), 1, 'no opcode trace for a contract without its artifact');
  });

  it('the language-model tool explains a failed EVM transaction with its revert decoded: in words, where it was raised, its Solidity line', async () => {
    const result = await vscode.lm.invokeTool('initia_explainTransaction', {
      input: { hash: chain.txs.deep },
      toolInvocationToken: undefined,
    });
    const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('\n');
    const lines = text.split('\n');
    const line = lineOf(chain.project.dir, 'src/Vault.sol', 'revert InsufficientBalance');
    assert.ok(lines.includes(`EVM transaction ${chain.txs.deep}: REVERTED (status 0x0)`), text);
    // The error's words and the code at the line are the workspace's text: quoted as data; the names of a fixed shape bare.
    assert.ok(
      lines.includes(
        "Revert (decoded from the JSON-RPC node's call trace with the workspace's ABIs): «InsufficientBalance(available: 0, required: 5)»",
      ),
      text,
    );
    assert.ok(
      lines.includes('Raised in: contract Vault, function withdraw, 2 calls deep (frame #2 of the call trace)'),
      text,
    );
    assert.ok(
      lines.includes(`Solidity source: src/Vault.sol:${line}, at «InsufficientBalance(available, amount)»`),
      text,
    );
    assert.ok(
      !lines.some((l) => l.startsWith("Reason (the chain's raw log)")),
      "the decoded revert is not presented as the chain's log",
    );
    assert.ok(lines.includes('Call trace from the JSON-RPC node (3 frames), as a tree:'), text);
    assert.match(
      text,
      /^ {4}#1 CALL Relay\.pull\(vault=0x[0-9a-fA-F]{40}, amount=5\) \[ABI: «Relay \(Relay\.json\)»\], value 0, gas used [\d,]+: reverted, passed on from #2 at src\/Relay\.sol:\d+$/m,
    );
    assert.match(
      text,
      new RegExp(
        `^ {6}#2 CALL Vault\\.withdraw\\(amount=5\\) \\[ABI: .*\\], value 0, gas used [\\d,]+: REVERTED «InsufficientBalance\\(available: 0, required: 5\\)» at src/Vault\\.sol:${line}$`,
        'm',
      ),
    );
  });

  it('a network without a JSON-RPC URL: one line, no request to any node', async () => {
    await setProfile({});
    try {
      const view = await explain(chain.txs.deep);
      assert.equal(view.trace, undefined);
      assert.equal(
        view.notes[0],
        `No call trace: the network ${FAKE_NETWORK} has no JSON-RPC URL (jsonRpcUrl in its profile). Below is what the indexer has.`,
      );
      const refused = await vscode.commands.executeCommand('initia.callContract', chain.addresses.vault);
      assert.equal(refused, undefined);
      assert.match(h.errors.join(' | '), /has no JSON-RPC URL/);
      assert.equal(proxy.methods().length, 0);
    } finally {
      await setProfile({ jsonRpcUrl: proxy.url });
    }
  });
});
