/**
 * A lookup's progress notice (core/slowNotice.ts) on a manual clock: none for work that settles in time (answered or
 * failed), one for slow work, shown with that work and never twice; the timer is gone once the work settled.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../src/core/clock';
import { noticeIfSlow } from '../../src/core/slowNotice';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

test('work that answers in time shows no notice, and leaves no timer', async () => {
  const clock = new ManualClock(0);
  const work = deferred<string>();
  const shown: unknown[] = [];
  const out = noticeIfSlow(work.promise, clock, 400, (w) => shown.push(w));
  await clock.advance(399);
  work.resolve('page');
  assert.equal(await out, 'page');
  await clock.advance(1000);
  assert.deepEqual(shown, []);
  assert.equal(clock.pending, 0);
});

test('work that fails in time shows no notice, and its error reaches the caller', async () => {
  const clock = new ManualClock(0);
  const work = deferred<string>();
  const shown: unknown[] = [];
  const out = noticeIfSlow(work.promise, clock, 400, (w) => shown.push(w));
  work.reject(new Error('The indexer answered 404'));
  await assert.rejects(out, /404/);
  await clock.advance(1000);
  assert.deepEqual(shown, []);
  assert.equal(clock.pending, 0);
});

test('slow work gets one notice, at the delay, holding that work', async () => {
  const clock = new ManualClock(0);
  const work = deferred<string>();
  const shown: Array<Promise<string>> = [];
  const out = noticeIfSlow(work.promise, clock, 400, (w) => shown.push(w));
  await clock.advance(399);
  assert.equal(shown.length, 0);
  await clock.advance(1);
  assert.equal(shown.length, 1);
  assert.equal(shown[0], work.promise);
  await clock.advance(5000);
  work.resolve('late page');
  assert.equal(await out, 'late page');
  assert.equal(shown.length, 1);
  assert.equal(clock.pending, 0);
});
