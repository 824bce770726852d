/**
 * The notice of slow work (src/core/lateNotice.ts), on the manual clock: none for work that settles within the delay
 * (answered or failed), one for work still running at the delay, never twice, none once given up, and no timer left.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LATE_NOTICE_MS, noticeWhenLate } from '../../src/core/lateNotice';
import { ManualClock } from '../../src/core/clock';

/** A promise settled from outside. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void } {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

test('work answered within the delay shows no notice, and leaves no timer', async () => {
  const clock = new ManualClock();
  const work = deferred();
  let shown = 0;
  noticeWhenLate(work.promise, () => shown++, clock);
  await clock.advance(LATE_NOTICE_MS - 1);
  work.resolve();
  await work.promise;
  assert.equal(clock.pending, 0, 'the timer is cleared when the work settles');
  await clock.advance(10 * LATE_NOTICE_MS);
  assert.equal(shown, 0);
});

test('work that fails within the delay shows no notice either', async () => {
  const clock = new ManualClock();
  const work = deferred();
  let shown = 0;
  noticeWhenLate(work.promise, () => shown++, clock, 200);
  work.reject(new Error('refused'));
  await work.promise.catch(() => undefined);
  await clock.advance(1000);
  assert.equal(shown, 0);
  assert.equal(clock.pending, 0);
});

test('work still running at the delay shows its notice once, at the delay and not before', async () => {
  const clock = new ManualClock();
  const work = deferred();
  let shown = 0;
  noticeWhenLate(work.promise, () => shown++, clock, 300);
  await clock.advance(299);
  assert.equal(shown, 0, 'not before the delay');
  await clock.advance(1);
  assert.equal(shown, 1, 'at the delay');
  await clock.advance(5000);
  work.resolve();
  await work.promise;
  assert.equal(shown, 1, 'never twice');
});

test('a notice given up before the delay is never shown', async () => {
  const clock = new ManualClock();
  const work = deferred();
  let shown = 0;
  const giveUp = noticeWhenLate(work.promise, () => shown++, clock, 300);
  giveUp();
  assert.equal(clock.pending, 0);
  await clock.advance(1000);
  assert.equal(shown, 0);
});
