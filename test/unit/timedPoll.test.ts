/**
 * The pollers' shared base (core/timedPoll.ts) on a manual clock: one timer at a time, never two requests at once,
 * stop() clearing the timer and aborting the request in flight, and a listener's exception swallowed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../src/core/clock';
import { OneTimer, TimedPoll, tellSafely } from '../../src/core/timedPoll';

test('OneTimer: setting again replaces the pending timer; at and pending follow it', async () => {
  const clock = new ManualClock(0);
  const timer = new OneTimer(clock);
  const fired: string[] = [];
  assert.equal(
    timer.set(1000, () => fired.push('first')),
    1000,
  );
  assert.equal(timer.at, 1000);
  timer.set(500, () => fired.push('second'));
  assert.equal(clock.pending, 1);
  await clock.advance(2000);
  assert.deepEqual(fired, ['second']);
  assert.equal(timer.pending, false);
  assert.equal(timer.at, undefined);
  timer.set(-5, () => fired.push('now'));
  assert.equal(timer.at, 2000, 'a negative delay is no delay');
  timer.clear();
  await clock.advance(10);
  assert.deepEqual(fired, ['second']);
  assert.equal(clock.pending, 0);
});

/** A poll whose requests wait until the test answers them. */
class Probe extends TimedPoll {
  signals: AbortSignal[] = [];
  answer: (() => void) | undefined;
  constructor(clock: ManualClock) {
    super(clock);
  }
  start(): void {
    this.begin(100);
  }
  now(): void {
    this.plan(0);
  }
  protected async tick(signal: AbortSignal): Promise<void> {
    this.signals.push(signal);
    await new Promise<void>((resolve) => (this.answer = resolve));
    this.plan(100);
  }
}

test('TimedPoll: one request at a time, the next planned after the answer, stop() aborts and clears', async () => {
  const clock = new ManualClock(0);
  const poll = new Probe(clock);
  assert.equal(poll.running, false);
  poll.start();
  assert.equal(poll.running, true);
  assert.equal(poll.nextPollAt, 100);
  await clock.advance(100);
  assert.equal(poll.signals.length, 1);
  poll.now();
  await clock.advance(0);
  assert.equal(poll.signals.length, 1, 'no second request while one is in flight');
  poll.answer!();
  await new Promise<void>((resolve) => setImmediate(resolve));
  assert.equal(poll.nextPollAt, 200, 'the next request planned once the answer is in');
  await clock.advance(100);
  assert.equal(poll.signals.length, 2);
  poll.stop();
  assert.equal(poll.signals[1]!.aborted, true, 'the request in flight is aborted');
  assert.equal(poll.running, false);
  assert.equal(poll.nextPollAt, undefined);
  poll.answer!();
  await clock.advance(1000);
  assert.equal(poll.signals.length, 2, 'nothing planned once stopped');
  assert.equal(clock.pending, 0);
});

test('tellSafely: a listener that throws does not throw at its caller', () => {
  const seen: number[] = [];
  tellSafely((n: number) => {
    seen.push(n);
    throw new Error('bug');
  }, 1);
  assert.deepEqual(seen, [1]);
});
