/** The router client against the fake router (real HTTP), the transfer model, and the adaptive poller on a fake clock. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRouterClient, errorKind, StatusPoller, transferView, hopOutcome, isTerminalState, type RouterClient, type Clock, type PollEvent } from '../../src/core/index';
import type { StatusResponse } from '../../src/core/router/schemas';
import { startFakeRouter, type FakeRouter } from '../fixtures/fakeRouter';

let fake: FakeRouter;
let client: RouterClient;
const INIT = 'init1veaum7vy45fzw5x4mflskgx5lnmwmxx5wm3x8p';
const OSMO = 'osmo1veaum7vy45fzw5x4mflskgx5lnmwmxx5gkz963';

before(async () => {
  fake = await startFakeRouter({ timeScale: 0.01 });
  client = createRouterClient(fake.url, { retryBaseMs: 10, timeoutMs: 3000 });
});
after(async () => {
  client.dispose();
  await fake.close();
});

async function rejection(p: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await p;
  } catch (err) {
    return err as Error & Record<string, unknown>;
  }
  assert.fail('expected a rejection');
}

const hash = (last: string) => `${'AB'.repeat(31)}A${last}`;

test('route → msgs → track → status, one request each', async () => {
  fake.resetRequests();
  const route = await client.route({ amountIn: '1000000', sourceChainId: 'interwoven-1', sourceDenom: 'uinit', destChainId: 'demo-evm-1', destDenom: 'l2/2588fd87a8e081f6a557f43ff14f05dddf5e34cb27afcefd6eaf81f1daea30d0' });
  assert.equal(route.operations.length, 1);
  assert.ok(route.operations[0]!.op_init_transfer);
  assert.equal(route.required_op_hook, false);
  assert.equal(route.estimated_route_duration_seconds, 15);
  const msgs = await client.msgs({ route, addresses: [INIT, INIT] });
  assert.equal(msgs.txs[0]!.cosmos_tx?.msgs[0]!.msg_type_url, '/opinit.ophost.v1.MsgInitiateTokenDeposit');
  const tracked = await client.track(hash('1').toLowerCase(), 'interwoven-1');
  assert.equal(tracked.tx_hash, hash('1'), 'cosmos hashes are sent upper-case');
  const status = await client.status(hash('1'), 'interwoven-1');
  assert.equal(transferView(status).state, 'STATE_SUBMITTED');
  assert.deepEqual(fake.requests.map((r) => `${r.method} ${r.path}`), ['POST /v2/fungible/route', 'POST /v2/fungible/msgs', 'POST /v2/tx/track', 'GET /v2/tx/status']);
  assert.deepEqual(JSON.parse(fake.requests[1]!.body).address_list, [INIT, INIT]);
});

test('OP hook routes: the hook, and msgs refused without the signed hook (before any request)', async () => {
  const route = await client.route({ amountIn: '5000', sourceChainId: 'osmosis-1', sourceDenom: 'uosmo', destChainId: 'demo-evm-1', destDenom: 'l2/2588fd87a8e081f6a557f43ff14f05dddf5e34cb27afcefd6eaf81f1daea30d0' });
  assert.equal(route.required_op_hook, true);
  assert.equal(route.operations.length, 2);
  const hook = await client.opHook(route, OSMO, INIT);
  assert.equal(hook.chain_id, 'demo-evm-1');
  assert.equal(hook.hook.length, 1);
  fake.resetRequests();
  const err = await rejection(client.msgs({ route, addresses: [OSMO, INIT, INIT] }));
  assert.equal(errorKind(err), 'input');
  assert.equal(fake.requests.length, 0);
  const msgs = await client.msgs({ route, addresses: [OSMO, INIT, INIT], signedOpHook: { signer: INIT, hook: 'CgQKAggB' } });
  assert.ok(msgs.txs[0]!.cosmos_tx);
});

test('EVM sources get evm_tx with approvals; amounts stay strings', async () => {
  const route = await client.route({ amountIn: '123456789012345678901234567890', sourceChainId: '1', sourceDenom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', destChainId: 'demo-evm-1', destDenom: 'l2/2588fd87a8e081f6a557f43ff14f05dddf5e34cb27afcefd6eaf81f1daea30d0' });
  assert.equal(route.amount_in, '123456789012345678901234567890');
  const msgs = await client.msgs({ route, addresses: ['0x667bcdf984ad122750d5da7f0b20d4fcf6ed98d4', INIT, INIT], signedOpHook: { signer: INIT, hook: 'CgQKAggB' } });
  const evm = msgs.txs[0]!.evm_tx!;
  assert.equal(evm.chain_id, '1');
  assert.equal(evm.required_erc20_approvals?.length, 1);
});

test('router errors read as the router words them; bad input never reaches the server', async () => {
  const low = await rejection(client.route({ amountIn: '10', sourceChainId: 'interwoven-1', sourceDenom: 'uinit', destChainId: 'demo-evm-1', destDenom: 'uinit' }));
  assert.equal(errorKind(low), 'http');
  assert.match(low.message, /The router answered 400 Bad Request: amount too low/);
  const none = await rejection(client.route({ amountIn: '5000', sourceChainId: 'osmosis-1', sourceDenom: 'uosmo', destChainId: '1', destDenom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' }));
  assert.match(none.message, /404 Not Found: no single-tx routes found/);
  const untracked = await rejection(client.status(hash('7'), 'interwoven-1'));
  assert.equal(untracked.status, 404);
  fake.resetRequests();
  for (const p of [
    client.route({ amountIn: '1.5', sourceChainId: 'interwoven-1', sourceDenom: 'uinit', destChainId: 'demo-evm-1', destDenom: 'uinit' }),
    client.route({ amountIn: '100', sourceChainId: '<script>', sourceDenom: 'uinit', destChainId: 'demo-evm-1', destDenom: 'uinit' }),
    client.track('xyz', 'interwoven-1'),
    client.status(hash('1'), 'bad chain!'),
  ]) {
    assert.equal(errorKind(await rejection(p)), 'input');
  }
  assert.equal(fake.requests.length, 0);
});

test('transfer model: terminal states, per-bridge hop outcomes', () => {
  for (const s of ['STATE_COMPLETED_SUCCESS', 'STATE_COMPLETED_ERROR', 'STATE_ABANDONED', 'STATE_COMPLETED', 'STATE_FAILED']) assert.equal(isTerminalState(s), true, s);
  for (const s of ['STATE_SUBMITTED', 'STATE_PENDING', 'STATE_PENDING_ERROR', 'STATE_RECEIVED', undefined]) assert.equal(isTerminalState(s), false, String(s));
  const cases: Array<[string, string, string]> = [
    ['ibc_transfer', 'TRANSFER_RECEIVED', 'pending'],
    ['ibc_transfer', 'TRANSFER_SUCCESS', 'done'],
    ['ibc_transfer', 'TRANSFER_FAILURE', 'failed'],
    ['op_init_transfer', 'OPINIT_TRANSFER_SENT', 'pending'],
    ['op_init_transfer', 'OPINIT_TRANSFER_RECEIVED', 'done'],
    ['go_fast_transfer', 'GO_FAST_TRANSFER_FILLED', 'done'],
    ['go_fast_transfer', 'GO_FAST_TRANSFER_REFUNDED', 'failed'],
    ['cctp_transfer', 'CCTP_TRANSFER_CONFIRMED', 'pending'],
    ['stargate_transfer', 'STARGATE_TRANSFER_FAILED', 'failed'],
    ['layer_zero_transfer', 'LAYER_ZERO_TRANSFER_WAITING_FOR_COMPOSE', 'pending'],
    ['axelar_transfer', 'AXELAR_TRANSFER_UNKNOWN', 'unknown'],
  ];
  for (const [kind, state, outcome] of cases) assert.equal(hopOutcome(kind, state), outcome, `${kind} ${state}`);
  const legacy = transferView({ state: 'STATE_PENDING', status: 'STATE_COMPLETED', transfers: [{ state: 'STATE_PENDING', transfer_sequence: [] }] } as StatusResponse);
  assert.equal(legacy.terminal, true, 'the legacy status STATE_COMPLETED ends it too');
  const failing = transferView({ transfers: [{ state: 'STATE_PENDING_ERROR', transfer_sequence: [] }] } as StatusResponse);
  assert.deepEqual([failing.terminal, failing.outcome], [false, 'failing']);
});

/** A fake clock: timers fire when the test advances time. */
function fakeClock(start = 1_000_000): Clock & { advance(ms: number): Promise<void>; time: number } {
  let time = start;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    get time() {
      return time;
    },
    now: () => time,
    setTimeout: (fn, ms) => {
      const id = ++seq;
      timers.set(id, { at: time + ms, fn });
      return id;
    },
    clearTimeout: (h) => void timers.delete(h as number),
    async advance(ms: number) {
      const end = time + ms;
      for (;;) {
        const next = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!next) break;
        timers.delete(next[0]);
        time = next[1].at;
        next[1].fn();
        for (let i = 0; i < 5; i++) await Promise.resolve();
        await new Promise((r) => setImmediate(r));
      }
      time = end;
    },
  };
}

const statusOf = (state: string): StatusResponse => ({ transfers: [{ state, transfer_sequence: [] }] }) as StatusResponse;

test('poller: sparse before the expected end, dense after, stops at terminal; one request in flight', async () => {
  const clock = fakeClock();
  const start = clock.time;
  const times: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const doneAt = start + 20_000;
  const events: PollEvent[] = [];
  const poller = new StatusPoller(
    async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      times.push(clock.time - start);
      await Promise.resolve();
      inFlight--;
      return statusOf(clock.time >= doneAt ? 'STATE_COMPLETED_SUCCESS' : 'STATE_PENDING');
    },
    { startedAt: start, estimatedSeconds: 15, clock },
    (e) => events.push(e),
  );
  poller.start();
  await clock.advance(60_000);
  assert.deepEqual(times, [15_000, 17_000, 19_000, 21_000]);
  assert.equal(events.at(-1)!.kind, 'done');
  assert.equal(maxInFlight, 1);
  assert.equal(poller.running, false);
  // A 1 s fixed poller (@skip-go/client's waitForTransaction) would have asked 21 times.
  assert.ok(times.length * 5 <= 21);
});

test('poller: long transfers poll at most once a minute before the end; 404 right after tracking is tolerated', async () => {
  const clock = fakeClock();
  const start = clock.time;
  const times: number[] = [];
  const events: string[] = [];
  const poller = new StatusPoller(
    async () => {
      times.push(clock.time - start);
      if (times.length === 1) throw Object.assign(new Error('tx not found'), { kind: 'http', status: 404 });
      return statusOf(clock.time - start >= 200_000 ? 'STATE_COMPLETED_ERROR' : 'STATE_PENDING');
    },
    { startedAt: start, estimatedSeconds: 180, clock },
    (e) => events.push(e.kind),
  );
  poller.start();
  await clock.advance(400_000);
  assert.deepEqual(times.slice(0, 3), [60_000, 120_000, 180_000]);
  assert.equal(events[0], 'notFoundYet');
  assert.equal(events.at(-1), 'done');
});

test('poller: errors back off, Retry-After is honoured, a 404 past the grace period stops it', async () => {
  const clock = fakeClock();
  const start = clock.time;
  const times: number[] = [];
  const poller = new StatusPoller(
    async () => {
      times.push(clock.time - start);
      if (times.length <= 3) throw Object.assign(new Error('busy'), { kind: 'http', status: 503, retryAfterMs: times.length === 3 ? 30_000 : undefined });
      throw Object.assign(new Error('tx not found'), { kind: 'http', status: 404 });
    },
    { startedAt: start, estimatedSeconds: 1, clock, notFoundGraceMs: 60_000 },
    () => undefined,
  );
  poller.start();
  await clock.advance(300_000);
  assert.equal(times[0], 1000);
  assert.ok(times[1]! - times[0]! >= 4000, 'backs off');
  assert.ok(times[3]! - times[2]! >= 30_000, 'honours Retry-After');
  assert.equal(poller.running, false, 'stops once the grace period is over');
});

test('end to end on the fake router: success, failure via PENDING_ERROR, abandonment', async () => {
  const route = await client.route({ amountIn: '1000000', sourceChainId: 'interwoven-1', sourceDenom: 'uinit', destChainId: 'osmosis-1', destDenom: 'uosmo' });
  await client.msgs({ route, addresses: [INIT, OSMO] }); // the fake binds the next tracked tx on this chain to this route
  const estimatedSeconds = route.estimated_route_duration_seconds! * 0.01; // the fake runs at timeScale 0.01
  const outcomes: Record<string, string[]> = {};
  await Promise.all(
    ['1', 'c', 'e'].map(async (last) => {
      const h = hash(last);
      await client.track(h, 'interwoven-1');
      const seen: string[] = [];
      await new Promise<void>((resolve) => {
        const poller = new StatusPoller((signal) => client.status(h, 'interwoven-1', signal), { startedAt: Date.now(), estimatedSeconds, denseIntervalMs: 20 }, (e) => {
          if (e.kind === 'status' || e.kind === 'done') if (seen.at(-1) !== e.view.state) seen.push(e.view.state);
          if (e.kind === 'done') resolve();
        });
        poller.start(true);
      });
      outcomes[last] = seen;
    }),
  );
  assert.equal(outcomes['1']!.at(-1), 'STATE_COMPLETED_SUCCESS');
  assert.deepEqual(outcomes.c!.slice(-2), ['STATE_PENDING_ERROR', 'STATE_COMPLETED_ERROR']);
  assert.equal(outcomes.e!.at(-1), 'STATE_ABANDONED');
  assert.deepEqual(fake.timeline(hash('1'), 'interwoven-1'), ['STATE_SUBMITTED', 'STATE_PENDING', 'STATE_COMPLETED_SUCCESS']);
});
