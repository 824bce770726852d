/**
 * Tracking as the real services do it, inside the real extension host: the router takes a tx only once it has landed
 * (Track a Transfer… waits for it, saying so, the pending record stored so that a reload goes on waiting, and
 * cancelling stops the wait), and a lossless OP withdrawal is never registered with the router: the rollup's OPinit
 * executor (a fake one here) tells its progress, its states said in the order they happen, in whole units.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FakeRouter } from '../fixtures/fakeRouter';
import { startFakeExecutor, type FakeExecutor } from '../fixtures/fakeExecutor';
import { createRouterClient } from '../../src/core/clients';
import { trackRequest } from '../../src/transfers/trackRequest';
import { transferInfo } from '../../src/bridge/routeViews';
import { FAKE_NETWORK, setUp, startRouterFor, type Harness, waitFor } from './helpers';

const INIT = 'init1veaum7vy45fzw5x4mflskgx5lnmwmxx5wm3x8p';
const L2_INIT = 'l2/2588fd87a8e081f6a557f43ff14f05dddf5e34cb27afcefd6eaf81f1daea30d0';
const hash = (salt: string, last = '1') => `${salt.repeat(31)}A${last}`;

describe('transfers: waiting for the tx to land, and OP withdrawals without the router', function () {
  this.timeout(60_000);
  let h: Harness;
  let router: FakeRouter;
  let executor: FakeExecutor;

  before(async () => {
    h = await setUp();
    router = await startRouterFor(h);
    executor = await startFakeExecutor();
    // The rollup's profile names its executor (as the registry's executor_uri does for a registry chain).
    const config = vscode.workspace.getConfiguration('initia');
    const networks = config.get<unknown[]>('networks') ?? [];
    await config.update(
      'networks',
      [...networks, { name: 'Demo rollup', chainId: 'demo-evm-1', indexerUrl: h.fake.url, executorUrl: executor.url }],
      vscode.ConfigurationTarget.Global,
    );
  });
  beforeEach(() => {
    h.clear();
    router.resetRequests();
    executor.resetRequests();
  });
  after(async () => {
    for (const t of [...h.api.tracker.all()]) await h.api.tracker.remove(t);
    await router.close();
    await executor.close();
    await h.restore();
  });

  it('Track a Transfer… waits for the tx to land (the record stored meanwhile, its state in words), then follows it', async () => {
    const txHash = hash('6D');
    // Lands 3 s after the router first hears of it (300 nominal seconds at the router's time scale).
    router.prepare(txHash, 'interwoven-1', { landAfterSeconds: 300 });
    const command = vscode.commands.executeCommand<string>('initia.trackTransfer', txHash, 'interwoven-1');
    await waitFor('the pending record stored', () =>
      h.api.tracker.persisted().some((p) => p.txHash === txHash && p.registered === false),
    );
    const tree = h.api.features.transfers.tree;
    const row = async () => {
      const node = (await tree.getChildren()).find((n) => tree.getTreeItem(n).id === `interwoven-1:${txHash}`);
      return node && String(tree.getTreeItem(node).description);
    };
    assert.match((await row()) ?? '', /^waiting to land on interwoven-1 · /);
    assert.equal(await command, `interwoven-1:${txHash}`, 'resolves once the router has it');
    assert.ok(router.count('/v2/tx/track') >= 2, `asked again until it landed: ${router.count('/v2/tx/track')}`);
    const t = h.api.tracker.get('interwoven-1', txHash)!;
    assert.equal(t.registered, true);
    assert.equal(h.errors.length, 0, h.errors.join(' | '));
    await waitFor('completion', () => t.last?.terminal === true);
    assert.equal(t.last!.state, 'STATE_COMPLETED_SUCCESS');
  });

  it('a pending registration survives a reload (another tracker over the stored files goes on); cancelling stops the wait', async () => {
    const txHash = hash('6E');
    router.prepare(txHash, 'interwoven-1', { landAfterSeconds: 300 });
    const t = await h.api.tracker.track({
      txHash,
      chainId: 'interwoven-1',
      routerUrl: router.url,
      network: FAKE_NETWORK,
    });
    assert.equal(t.registered, false, 'recorded before the router has it');
    // What a window reload finds: the stored record, in a tracker made afresh over those files.
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'initia-landing-'));
    fs.mkdirSync(path.join(tmp, 'transfers'));
    const dir = path.join(h.api.tracker.storageDir, 'transfers');
    for (const f of fs.readdirSync(dir))
      if (f.includes(txHash)) fs.copyFileSync(path.join(dir, f), path.join(tmp, 'transfers', f));
    const Tracker = h.api.tracker.constructor as new (
      services: unknown,
      memento: vscode.Memento,
      dir: string,
    ) => typeof h.api.tracker;
    const values = new Map<string, unknown>();
    const memento = {
      keys: () => [...values.keys()],
      get: (k: string) => values.get(k),
      update: async (k: string, v: unknown) => void values.set(k, v),
    } as vscode.Memento;
    const reloaded = new Tracker(h.api.services, memento, tmp);
    try {
      assert.equal(reloaded.get('interwoven-1', txHash)?.registered, false, 'the pending record came back');
      reloaded.resume();
      await waitFor(
        'registered after the reload',
        () => reloaded.get('interwoven-1', txHash)?.registered === true,
        30_000,
      );
    } finally {
      reloaded.dispose();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    // Cancelling the wait (the notification's Cancel): no longer watched, and the router is not asked again.
    const other = hash('6F');
    router.prepare(other, 'interwoven-1', { landAfterSeconds: 100_000 });
    const pending = await h.api.tracker.track({
      txHash: other,
      chainId: 'interwoven-1',
      routerUrl: router.url,
      network: FAKE_NETWORK,
    });
    const ac = new AbortController();
    const waiting = h.api.tracker.registered(pending, ac.signal);
    await waitFor('a first attempt', () =>
      router.requests.some((r) => r.path === '/v2/tx/track' && r.body.includes(other)),
    );
    ac.abort();
    await assert.rejects(waiting, /Stopped waiting for the transaction to land on interwoven-1/);
    assert.equal(pending.watching, false);
    // Nothing can ask the router again: no poll runs for it, and it is not among the transfers to poll.
    await waitFor('no poll left for it', () => !h.api.tracker.isPolling(pending));
    assert.equal(
      h.api.tracker.active().some((x) => x.txHash === other),
      false,
    );
  });

  it('a lossless OP withdrawal is not registered with the router: recorded, followed on the executor, states in order, whole units', async () => {
    const client = createRouterClient(router.url);
    const route = await client.route({
      amountIn: '1500000',
      sourceChainId: 'demo-evm-1',
      sourceDenom: L2_INIT,
      destChainId: 'interwoven-1',
      destDenom: 'uinit',
      isOpWithdraw: true,
    });
    client.dispose();
    const txHash = hash('7A');
    const decimals: Record<string, { symbol: string; decimals: number }> = {
      [L2_INIT]: { symbol: 'INIT', decimals: 6 },
      uinit: { symbol: 'INIT', decimals: 6 },
    };
    const req = await trackRequest(
      {
        txHash,
        chainId: 'demo-evm-1',
        route,
        routerUrl: router.url,
        network: FAKE_NETWORK,
        receiver: INIT,
        asset: (_c, d) => decimals[d],
      },
      h.api.services,
    );
    assert.deepEqual(
      req.opWithdrawal,
      { finalizationSeconds: 604_800, executorUrl: executor.url, receiver: INIT },
      'the executor from the rollup’s profile',
    );
    const t = await h.api.tracker.track(req);
    const said: string[] = [transferInfo(t).stateText];
    await waitFor('the executor asked', () => executor.count('/withdrawals/') >= 1);
    // Then it is on the rollup (in a block a minute ago) and listed by the executor; Refresh asks at once.
    const sequence = executor.withdraw({
      txHash,
      from: INIT,
      to: INIT,
      denom: 'uinit',
      amount: '1500000',
      txTime: Date.now() - 60_000,
    });
    const asking = (done: () => boolean) => () => {
      if (done()) return true;
      h.api.tracker.refresh(t); // a no-op while a request is in flight
      return false;
    };
    await waitFor(
      'the executor to list it',
      asking(() => t.opWithdrawal?.sequence === sequence),
    );
    said.push(transferInfo(t).stateText);
    executor.propose(sequence, 2);
    await waitFor(
      'in an output',
      asking(() => t.opWithdrawal?.outputIndex === 2),
    );
    said.push(transferInfo(t).stateText);
    assert.match(said[0]!, /^Sent on demo-evm-1: waiting for the rollup's executor/);
    assert.match(said[1]!, /^Initiated on demo-evm-1 \(withdrawal #\d+\): waiting for the output/);
    assert.match(
      said[2]!,
      /^In output #2 \(withdrawal #\d+\): the challenge period runs; claimable on interwoven-1 from about /,
    );
    const info = transferInfo(t);
    assert.equal(info.amountOut, 'Withdrawing: 1.5 INIT to interwoven-1');
    assert.equal(info.claim, undefined, 'the claim time is said once, in the state');
    assert.doesNotMatch(JSON.stringify(info), /complete|Released|1,500,000/i);
    assert.ok(
      Math.abs(t.claimableAt! - (Date.now() - 60_000 + 604_800_000)) < 10_000,
      'claimable a finalization period after it was in a block',
    );
    assert.equal(router.count('/v2/tx/track') + router.count('/v2/tx/status'), 0, 'the router is never asked about it');
    assert.ok(
      h.api.tracker.persisted().some((p) => p.txHash === txHash && p.opWithdrawal?.outputIndex === 2),
      'stored',
    );
    await waitFor('the executor no longer asked', () => !h.api.tracker.isPolling(t));
    const tree = h.api.features.transfers.tree;
    const node = (await tree.getChildren()).find((n) => tree.getTreeItem(n).id === `demo-evm-1:${txHash}`)!;
    assert.match(
      String(tree.getTreeItem(node).description),
      /^withdrawal in an output · demo-evm-1 → interwoven-1 · claimable /,
    );
  });

  it('an OP withdrawal becomes claimable once, said in a notification; without an executor its time comes from the finalization period', async () => {
    const txHash = hash('7B');
    const t = await h.api.tracker.track({
      txHash,
      chainId: 'demo-evm-1',
      routerUrl: router.url,
      network: FAKE_NETWORK,
      summary: { sourceChainId: 'demo-evm-1', destChainId: 'interwoven-1', hops: 1 },
      opWithdrawal: { finalizationSeconds: 0.3 },
    });
    assert.ok(t.claimableAt !== undefined && t.claimableAt - t.trackedAt === 300);
    assert.match(transferInfo(t).stateText, /names no executor/);
    await waitFor('the claim notification', () =>
      h.infos.some((m) => /withdrawal .* can now be claimed on interwoven-1/.test(m)),
    );
    assert.equal(t.claimAnnounced, true);
    assert.equal(transferInfo(t).terminal, true);
    assert.match(transferInfo(t).stateText, /^Claimable on interwoven-1: claim it with your wallet/);
    assert.equal(
      h.api.tracker.active().some((x) => x.txHash === txHash),
      false,
      'no longer in progress',
    );
    assert.equal(router.requests.length, 0);
    assert.equal(executor.requests.length, 0);
  });
});
