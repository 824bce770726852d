/**
 * The requests' deadlines on one timer (src/core/deadlines.ts), on the manual clock: each ends at its time and not
 * before, a cancelled one never, one after another they share one timer, an earlier deadline sets the timer earlier,
 * and one that throws keeps the others from nothing. The HTTP layer's own deadline tests (http.test.ts) run it on
 * real time against a server.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Deadlines } from '../../src/core/deadlines';
import { ManualClock } from '../../src/core/clock';

/** A manual clock that counts the timers set on it. */
function countingClock(): { clock: ManualClock; set: () => number } {
  const clock = new ManualClock();
  let set = 0;
  const setTimeout = clock.setTimeout.bind(clock);
  clock.setTimeout = (fn, ms) => {
    set++;
    return setTimeout(fn, ms);
  };
  return { clock, set: () => set };
}

test('a deadline ends at its time, not before; a cancelled one never', async () => {
  const { clock } = countingClock();
  const d = new Deadlines(clock);
  const ended: string[] = [];
  d.add(1000, () => ended.push('a'));
  const cancel = d.add(1500, () => ended.push('b'));
  await clock.advance(999);
  assert.deepEqual(ended, []);
  await clock.advance(1);
  assert.deepEqual(ended, ['a']);
  cancel();
  await clock.advance(10_000);
  assert.deepEqual(ended, ['a']);
  assert.equal(d.size, 0);
  assert.equal(clock.pending, 0, 'no timer left once nothing is pending');
});

test('requests one after another share one timer; a timer that finds nothing due is set for the next', async () => {
  const { clock, set } = countingClock();
  const d = new Deadlines(clock);
  let ended = 0;
  for (let i = 0; i < 100; i++) {
    const cancel = d.add(15_000, () => ended++);
    await clock.advance(10);
    cancel();
  }
  assert.equal(set(), 1, 'one timer for 100 requests');
  const last = d.add(15_000, () => ended++);
  await clock.advance(15_000 - 1000); // the first timer fires: nothing due, set again for the pending one
  assert.equal(ended, 0);
  assert.equal(set(), 2);
  await clock.advance(1000);
  assert.equal(ended, 1);
  last();
});

test('an earlier deadline sets the timer earlier; several due at once all end', async () => {
  const { clock } = countingClock();
  const d = new Deadlines(clock);
  const ended: number[] = [];
  d.add(5000, () => ended.push(5000));
  d.add(100, () => ended.push(100));
  d.add(100, () => ended.push(101));
  await clock.advance(100);
  assert.deepEqual(ended, [100, 101]);
  await clock.advance(4900);
  assert.deepEqual(ended, [100, 101, 5000]);
});

test('a deadline of no time, a negative or not-a-number one ends at once; an infinite one never', async () => {
  const { clock } = countingClock();
  const d = new Deadlines(clock);
  const ended: string[] = [];
  for (const [name, ms] of [
    ['zero', 0],
    ['negative', -5],
    ['nan', Number.NaN],
  ] as const)
    d.add(ms, () => ended.push(name));
  const never = d.add(Number.POSITIVE_INFINITY, () => ended.push('infinite'));
  await clock.advance(0);
  assert.deepEqual(ended, ['zero', 'negative', 'nan']);
  await clock.advance(1e12);
  assert.deepEqual(ended, ['zero', 'negative', 'nan']);
  never();
});

test('a deadline whose ending throws does not keep the others from ending', async () => {
  const { clock } = countingClock();
  const thrown: unknown[] = [];
  const d = new Deadlines(clock, (err) => thrown.push(err));
  const ended: string[] = [];
  d.add(10, () => {
    throw new Error('boom');
  });
  d.add(10, () => ended.push('b'));
  await clock.advance(10);
  assert.deepEqual(ended, ['b']);
  assert.equal((thrown[0] as Error | undefined)?.message, 'boom');
});
