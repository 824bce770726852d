/** The hover's bounded cache (core/lru.ts): least recently used out first, each entry for its own time, no timers. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LRUCache } from '../../src/core/lru';

test('full: the least recently used entry goes, and reading an entry makes it the most recent', () => {
  const c = new LRUCache<string, number>({ max: 3 });
  c.set('a', 1, { ttl: 1000 });
  c.set('b', 2, { ttl: 1000 });
  c.set('c', 3, { ttl: 1000 });
  assert.equal(c.get('a'), 1); // a is now the most recent: b is the oldest
  c.set('d', 4, { ttl: 1000 });
  assert.equal(c.size, 3);
  assert.equal(c.get('b'), undefined);
  assert.deepEqual(
    ['a', 'c', 'd'].map((k) => c.get(k)),
    [1, 3, 4],
  );
  c.set('c', 30, { ttl: 1000 }); // setting again replaces, without growing
  assert.equal(c.size, 3);
  assert.equal(c.get('c'), 30);
});

test('each entry lives its own time on the injected clock, and is dropped once read past it', () => {
  let now = 1_000;
  const c = new LRUCache<string, string>({ max: 10, now: () => now });
  c.set('found', 'tx', { ttl: 60_000 });
  c.set('missing', 'not found', { ttl: 15_000 });
  now += 14_999;
  assert.equal(c.get('missing'), 'not found');
  now += 1;
  assert.equal(c.get('missing'), undefined, 'past its time');
  assert.equal(c.size, 1, 'dropped when read');
  assert.equal(c.get('found'), 'tx');
  now += 45_000;
  assert.equal(c.get('found'), undefined);
});

test('clear and delete; a cache of nothing is refused', () => {
  const c = new LRUCache<number, number>({ max: 2, ttlAutopurge: false });
  c.set(1, 1, { ttl: 10 });
  c.set(2, 2, { ttl: 10 });
  assert.equal(c.delete(1), true);
  assert.equal(c.get(1), undefined);
  c.clear();
  assert.equal(c.size, 0);
  assert.throws(() => new LRUCache({ max: 0 }), RangeError);
});

test("the cache's own time where set names none, and forever where the cache has none either", () => {
  let now = 0;
  const timed = new LRUCache<string, number>({ max: 5, ttl: 100, now: () => now });
  const forever = new LRUCache<string, number>({ max: 5, now: () => now });
  timed.set('a', 1);
  forever.set('a', 1);
  timed.set('b', 2, { ttl: 1_000 });
  now = 100;
  assert.equal(timed.get('a'), undefined, "past the cache's own time");
  assert.equal(timed.get('b'), 2, 'its own time');
  now = 1e12;
  assert.equal(forever.get('a'), 1);
});
