/**
 * Lossless OP withdrawals followed without the router (core/router/opWithdrawal.ts): which routes are ones
 * (InterwovenKit's test, on the fake router's answers), finding one on the fake OPinit executor by its tx hash
 * (newest first, through `next`), its stages in the order they happen, the claim time, the words (whole units, never
 * "completed"), and the executor watch on a manual clock (it stops once the withdrawal is in an output).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeRouter, type FakeRouter } from '../fixtures/fakeRouter';
import { startFakeExecutor, type FakeExecutor } from '../fixtures/fakeExecutor';
import { createExecutorHttp, createRouterClient } from '../../src/core/clients';
import { ManualClock } from '../../src/core/clock';
import {
  ExecutorWatch,
  applyExecutorWithdrawal,
  claimableAt,
  describeWithdrawal,
  findExecutorWithdrawal,
  isOpWithdrawalRoute,
  withdrawalStage,
  type WatchEvent,
  type WithdrawalState,
} from '../../src/core/router/opWithdrawal';
import { releaseWords, shortStateWords, stateWords } from '../../src/core/router/transferText';
import type { TrackedTransfer } from '../../src/core/router/records';
import { waitFor } from '../support/wait';

let router: FakeRouter;
let executor: FakeExecutor;
const L2_INIT = 'l2/2588fd87a8e081f6a557f43ff14f05dddf5e34cb27afcefd6eaf81f1daea30d0';
const INIT = 'init1veaum7vy45fzw5x4mflskgx5lnmwmxx5wm3x8p';
const OTHER = 'init1qqqsyqcyq5rqwzqfpg9scrgwpugpzysnzs23v7';
const DAY = 86_400_000;

before(async () => {
  router = await startFakeRouter();
  executor = await startFakeExecutor();
});
after(async () => {
  await router.close();
  await executor.close();
});

test('which routes are OP withdrawals: the lossless rollup → L1 route; not the fast one, not a deposit', async () => {
  const client = createRouterClient(router.url);
  const ask = (from: string, fromDenom: string, to: string, toDenom: string, isOpWithdraw?: boolean) =>
    client.route({
      amountIn: '1500000',
      sourceChainId: from,
      sourceDenom: fromDenom,
      destChainId: to,
      destDenom: toDenom,
      ...(isOpWithdraw === undefined ? {} : { isOpWithdraw }),
    });
  assert.equal(isOpWithdrawalRoute(await ask('demo-evm-1', L2_INIT, 'interwoven-1', 'uinit', true)), true);
  assert.equal(
    isOpWithdrawalRoute(await ask('demo-evm-1', L2_INIT, 'interwoven-1', 'uinit', false)),
    false,
    'the fast route goes over IBC: the router tracks it',
  );
  assert.equal(isOpWithdrawalRoute(await ask('interwoven-1', 'uinit', 'demo-evm-1', L2_INIT)), false, 'a deposit');
  client.dispose();
});

test('the executor lists withdrawals by their L1 address, newest first: ours is found by its hash across pages', async () => {
  const http = createExecutorHttp(executor.url);
  const t0 = Date.UTC(2026, 10, 20);
  const mine = `${'7F'.repeat(31)}01`;
  executor.withdraw({ txHash: mine, from: INIT, to: INIT, denom: 'uinit', amount: '1500000', txTime: t0 });
  for (let i = 0; i < 120; i++)
    executor.withdraw({
      txHash: `${'AA'.repeat(30)}${i.toString(16).padStart(4, '0')}`,
      from: INIT,
      to: INIT,
      denom: 'uinit',
      amount: '1',
      txTime: t0 + i,
    });
  executor.withdraw({ txHash: `${'BB'.repeat(32)}`, from: OTHER, to: OTHER, denom: 'uinit', amount: '9', txTime: t0 });
  executor.resetRequests();
  const found = await findExecutorWithdrawal(http, executor.url, INIT, `0x${mine.toLowerCase()}`);
  assert.equal(found?.tx_hash, mine, 'matched whatever the case and 0x');
  assert.equal(found?.sequence, 1);
  assert.deepEqual(found?.amount, { denom: 'uinit', amount: '1500000' });
  assert.equal(found?.output_index, 0, 'not in an output yet');
  assert.equal(executor.count('/withdrawals/'), 3, 'three pages of 50, newest first, following next');
  assert.ok(executor.requests.every((r) => new URLSearchParams(r.query).get('order') === 'desc'));
  assert.equal(await findExecutorWithdrawal(http, executor.url, OTHER, mine), undefined, 'not to that address');
  http.dispose();
});

test('stages in the order they happen; the claim time from when it was in a block; words in whole units, never "completed"', () => {
  const recorded = Date.UTC(2026, 10, 25, 12);
  const format = (ms: number) => new Date(ms).toISOString();
  let state: WithdrawalState = {
    finalizationSeconds: 7 * 86_400,
    executorUrl: 'https://executor.example',
    receiver: INIT,
  };
  const t = (
    s: WithdrawalState,
  ): Pick<
    TrackedTransfer,
    'chainId' | 'problem' | 'last' | 'registered' | 'opWithdrawal' | 'trackedAt' | 'summary'
  > => ({
    chainId: 'demo-evm-1',
    trackedAt: recorded,
    opWithdrawal: s,
    summary: {
      sourceChainId: 'demo-evm-1',
      destChainId: 'interwoven-1',
      amountIn: '1500000',
      sourceDenom: L2_INIT,
      sourceSymbol: 'INIT',
      sourceDecimals: 6,
      destDenom: 'uinit',
    },
  });
  const seen: string[] = [];
  const say = (now: number) => {
    seen.push(withdrawalStage(state, recorded, now));
    return stateWords(t(state), now, format);
  };
  assert.match(
    say(recorded),
    /^Sent on demo-evm-1: waiting for the rollup's executor to list the withdrawal; claimable on interwoven-1 from about 2026-12-02T12:00:00\.000Z\.$/,
  );
  // The executor lists it: in a block a minute before it was recorded.
  state = applyExecutorWithdrawal(state, {
    sequence: 7,
    tx_hash: 'X',
    tx_time: new Date(recorded - 60_000).toISOString(),
    output_index: 0,
    withdrawal_proofs: null,
  });
  assert.equal(claimableAt(state, recorded), recorded - 60_000 + 7 * DAY);
  assert.match(
    say(recorded + 1000),
    /^Initiated on demo-evm-1 \(withdrawal #7\): waiting for the output that holds it to be proposed to interwoven-1; claimable from about 2026-12-02T11:59:00\.000Z\.$/,
  );
  state = applyExecutorWithdrawal(state, {
    sequence: 7,
    tx_hash: 'X',
    tx_time: new Date(recorded - 60_000).toISOString(),
    output_index: 3,
    withdrawal_proofs: ['cA=='],
  });
  assert.match(
    say(recorded + DAY),
    /^In output #3 \(withdrawal #7\): the challenge period runs; claimable on interwoven-1 from about /,
  );
  assert.match(say(recorded + 7 * DAY), /^Claimable on interwoven-1: claim it with your wallet/);
  assert.deepEqual(seen, ['sent', 'initiated', 'inOutput', 'claimable'], 'in the order they happen');
  assert.equal(shortStateWords(t(state), recorded + 7 * DAY), 'withdrawal finalized');
  assert.equal(releaseWords(t(state)), 'Withdrawing: 1.5 INIT to interwoven-1', 'whole units, not 1,500,000 l2/…');
  for (const now of [recorded, recorded + DAY, recorded + 8 * DAY])
    assert.doesNotMatch(stateWords(t(state), now, format), /complete/i);
  // Without an executor: the finalization period, counted from when it was recorded, said as such.
  const bare: WithdrawalState = { finalizationSeconds: 7 * 86_400 };
  assert.match(
    describeWithdrawal(bare, recorded, recorded, { from: 'demo-evm-1', to: 'interwoven-1' }, format),
    /names no executor/,
  );
});

test('the executor watch: asks until the withdrawal is in an output, easing off while it is not listed, then stops', async () => {
  const clock = new ManualClock();
  const http = createExecutorHttp(executor.url);
  const hash = `${'5E'.repeat(31)}02`;
  let state: WithdrawalState = { finalizationSeconds: 604_800, executorUrl: executor.url, receiver: OTHER };
  const events: WatchEvent[] = [];
  let answered = 0;
  const watch = new ExecutorWatch(
    (signal) => findExecutorWithdrawal(http, executor.url, OTHER, hash, signal).finally(() => answered++),
    () => state.outputIndex !== undefined,
    (e) => {
      events.push(e);
      if (e.kind === 'seen') state = applyExecutorWithdrawal(state, e.withdrawal);
    },
    clock,
  );
  const advance = (ms: number) =>
    clock.advance(ms, () => waitFor('the executor to answer', () => answered === watch.requests));
  executor.resetRequests();
  watch.start();
  await advance(0);
  assert.equal(events[0]?.kind, 'notListed');
  await advance(120_000);
  const early = watch.requests;
  assert.ok(early >= 3 && early <= 6, `eases off while not listed: ${early} in two minutes`);
  const sequence = executor.withdraw({
    txHash: hash,
    from: OTHER,
    to: OTHER,
    denom: 'uinit',
    amount: '2',
    txTime: clock.now(),
  });
  await advance(600_000);
  assert.equal(state.sequence, sequence);
  assert.equal(state.outputIndex, undefined);
  executor.propose(sequence, 4);
  await advance(1_200_000);
  assert.equal(state.outputIndex, 4);
  assert.equal(watch.running, false, 'nothing more to learn from the executor');
  const asked = executor.count('/withdrawals/');
  await advance(3_600_000);
  assert.equal(executor.count('/withdrawals/'), asked);
  http.dispose();
});
