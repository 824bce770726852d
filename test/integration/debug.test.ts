/**
 * Debug Transaction in the real extension host, against a real node: anvil (from npm) behind a counting JSON-RPC
 * proxy, the Foundry project of test/fixtures/evm/ built by forge and copied into the workspace as `evm/`. A failed
 * transaction two calls deep is replayed by `vscode.debug.startDebugging`: a breakpoint set in the workspace's
 * Vault.sol is hit, the active stack item names the function and line, a hover's evaluate gives an argument by name,
 * reverse continue returns to the previous breakpoint, and the node is asked for one trace per session. The command
 * starts a session too; a malformed hash in a launch configuration is refused before any request.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { buildEvmProject, copyEvmProject, evmToolsAvailable } from '../fixtures/evmProject';
import { startEvmChain, type EvmChain } from '../fixtures/evmChain';
import { startRpcProxy, type RpcProxy } from '../fixtures/rpcProxy';
import { FAKE_NETWORK, setUp, waitFor, type Harness } from './helpers';

/** The 1-based line of `needle` in a file. */
function lineOf(file: string, needle: string): number {
  const text = fs.readFileSync(file, 'utf8');
  const at = text.indexOf(needle);
  assert.ok(at >= 0, `${needle} in ${file}`);
  return text.slice(0, at).split('\n').length;
}

describe('Debug Transaction (anvil, the real debugger UI)', function () {
  this.timeout(120_000);
  let h: Harness;
  let chain: EvmChain;
  let proxy: RpcProxy;
  let folder: string;
  const stops: DebugProtocol.StoppedEvent[] = [];
  let tracker: vscode.Disposable | undefined;

  before(async function () {
    if (!evmToolsAvailable()) this.skip();
    h = await setUp();
    folder = path.join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, 'evm');
    copyEvmProject(buildEvmProject(), folder);
    chain = await startEvmChain({ broadcastDir: path.join(folder, 'broadcast') });
    proxy = await startRpcProxy(chain.url);
    await vscode.workspace.getConfiguration('initia').update(
      'networks',
      [
        {
          name: FAKE_NETWORK,
          chainId: h.fake.data.chainId,
          indexerUrl: h.fake.url,
          vm: 'minievm',
          jsonRpcUrl: proxy.url,
        },
      ],
      vscode.ConfigurationTarget.Global,
    );
    await waitFor(
      'the copied artifacts in the ABI index',
      async () =>
        !!(await h.api.features.abis.snapshot())?.artifacts.some((a) =>
          a.file?.endsWith('/evm/out/Vault.sol/Vault.json'),
        ),
      30_000,
      200,
    );
    tracker = vscode.debug.registerDebugAdapterTrackerFactory('initia-evm', {
      createDebugAdapterTracker: () => ({
        onDidSendMessage: (m: DebugProtocol.ProtocolMessage) => {
          if (m.type === 'event' && (m as DebugProtocol.Event).event === 'stopped')
            stops.push(m as DebugProtocol.StoppedEvent);
        },
      }),
    });
  });
  beforeEach(() => {
    h?.clear();
    proxy?.reset();
    stops.length = 0;
  });
  afterEach(async () => {
    vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
    if (vscode.debug.activeDebugSession) await vscode.debug.stopDebugging();
    await waitFor('no debug session', async () => !vscode.debug.activeDebugSession, 10_000);
  });
  after(async () => {
    tracker?.dispose();
    await chain?.stop();
    await proxy?.close();
    await h?.restore();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  const breakAt = (file: string, line: number) =>
    new vscode.SourceBreakpoint(new vscode.Location(vscode.Uri.file(file), new vscode.Position(line - 1, 0)));

  async function nextStop(count: number): Promise<DebugProtocol.StoppedEvent> {
    await waitFor(`stop ${count}`, async () => stops.length >= count, 30_000);
    return stops[count - 1]!;
  }

  async function topFrame(session: vscode.DebugSession): Promise<DebugProtocol.StackFrame> {
    const answer = (await session.customRequest('stackTrace', {
      threadId: 1,
    })) as DebugProtocol.StackTraceResponse['body'];
    const frame = answer.stackFrames[0]!;
    // A remote window hands the adapter's path back as a URI.
    const p = frame.source?.path;
    if (p && /^[a-z][\w+.-]+:\/\//i.test(p)) frame.source!.path = vscode.Uri.parse(p).fsPath;
    return frame;
  }

  it('hits a breakpoint in the workspace’s Vault.sol, names the function and line, and reverse continue goes back to the previous breakpoint', async () => {
    const vault = path.join(folder, 'src', 'Vault.sol');
    const relay = path.join(folder, 'src', 'Relay.sol');
    const requireLine = lineOf(vault, 'require(amount > 0');
    const pullLine = lineOf(relay, 'vault.withdraw(amount)');
    vscode.debug.addBreakpoints([breakAt(relay, pullLine), breakAt(vault, requireLine)]);
    const started = await vscode.debug.startDebugging(vscode.workspace.workspaceFolders![0], {
      type: 'initia-evm',
      request: 'launch',
      name: 'deep',
      txHash: chain.txs.deep,
      stopOnEntry: false,
    });
    assert.ok(started);
    const session = vscode.debug.activeDebugSession!;
    assert.equal((await nextStop(1)).body.reason, 'breakpoint');
    let frame = await topFrame(session);
    assert.deepEqual([frame.source?.path, frame.line], [relay, pullLine]);
    await session.customRequest('continue', { threadId: 1 });
    assert.equal((await nextStop(2)).body.reason, 'breakpoint');
    await waitFor(
      'the active stack item',
      async () => vscode.debug.activeStackItem instanceof vscode.DebugStackFrame,
      10_000,
    );
    frame = await topFrame(session);
    assert.match(frame.name, /^Vault\.withdraw/);
    assert.deepEqual([frame.source?.path, frame.line], [vault, requireLine]);
    const item = vscode.debug.activeStackItem as vscode.DebugStackFrame;
    assert.equal(item.session.id, session.id);
    const hover = (await session.customRequest('evaluate', {
      expression: 'amount',
      frameId: frame.id,
      context: 'hover',
    })) as { result: string };
    assert.equal(hover.result, '5');
    await session.customRequest('reverseContinue', { threadId: 1 });
    assert.equal((await nextStop(3)).body.reason, 'breakpoint');
    frame = await topFrame(session);
    assert.deepEqual([frame.source?.path, frame.line], [relay, pullLine]);
    assert.equal(proxy.count('debug_traceTransaction'), 1, 'one trace per session');
  });

  it('Initia: Debug Transaction starts a session at the entry of the outermost call of the workspace’s code', async () => {
    const started = await vscode.commands.executeCommand<boolean>('initia.debugTransaction', chain.txs.deep);
    assert.ok(started);
    const stop = await nextStop(1);
    assert.equal(stop.body.reason, 'entry');
    const frame = await topFrame(vscode.debug.activeDebugSession!);
    assert.equal(frame.source?.path, path.join(folder, 'src', 'Router.sol'));
    assert.match(frame.name, /^Router\.withdrawVia/);
  });

  it('a malformed hash in a launch configuration is refused before any request', async () => {
    const started = await vscode.debug.startDebugging(undefined, {
      type: 'initia-evm',
      request: 'launch',
      name: 'bad',
      txHash: '0x12',
    });
    assert.equal(started, false);
    assert.match(h.errors.join(' | '), /txHash is not right: A transaction hash has 64 hexadecimal digits; this has 2/);
    assert.deepEqual(proxy.methods(), []);
  });
});
