import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PageTrail, clampLimit, pageInfo, pageQuery } from '../../src/core/indexer/paging';

test('pageQuery: key wins over offset; limit clamped to 1..1000; flags as strings', () => {
  assert.deepEqual(pageQuery({ key: 'eyJoZWlnaHQiOjV9', offset: 50, limit: 5000, reverse: false, countTotal: false }), [
    ['pagination.key', 'eyJoZWlnaHQiOjV9'],
    ['pagination.limit', '1000'],
    ['pagination.count_total', 'false'],
    ['pagination.reverse', 'false'],
  ]);
  assert.deepEqual(pageQuery({ offset: 100, limit: 0 }), [
    ['pagination.offset', '100'],
    ['pagination.limit', '1'],
  ]);
  assert.deepEqual(pageQuery(), []);
  assert.equal(clampLimit(undefined), 100);
  assert.equal(clampLimit(Number.NaN), 100);
});

test('a key with + / = survives URL encoding', () => {
  const url = new URL('http://x/list');
  for (const [k, v] of pageQuery({ key: 'a+b/c==' })) url.searchParams.append(k, v);
  assert.equal(url.search, '?pagination.key=a%2Bb%2Fc%3D%3D');
  assert.equal(url.searchParams.get('pagination.key'), 'a+b/c==');
});

test('pageInfo: a short or empty page ends the list even when next_key is set (real indexer quirk)', () => {
  const key = 'eyJoZWlnaHQiOjEwMH0=';
  assert.deepEqual(pageInfo(50, { next_key: key, previous_key: null, total: '6000' }, 50), {
    count: 50,
    hasMore: true,
    nextKey: key,
    total: 6000n,
  });
  assert.equal(pageInfo(20, { next_key: key, total: '6000' }, 50).hasMore, false, 'short page');
  assert.equal(pageInfo(0, { next_key: null, total: '0' }, 50).hasMore, false, 'empty page');
  assert.equal(pageInfo(50, { next_key: null }, 50).hasMore, false, 'no key');
  assert.equal(pageInfo(50, { next_key: '' }, 50).hasMore, false, 'spec-style empty key');
  assert.equal(pageInfo(100, undefined, undefined).hasMore, false);
});

test('pageInfo: total is shown only when meaningful', () => {
  assert.equal(pageInfo(10, { total: '-1' }, 50).total, undefined, 'count timed out');
  assert.equal(pageInfo(10, { total: '0' }, 50).total, undefined, 'count_total=false');
  assert.equal(pageInfo(0, { total: '0' }, 50).total, 0n);
  assert.equal(pageInfo(1, { total: 123 }, 50).total, 123n);
  assert.equal(pageInfo(1, { total: '18446744073709551617' }, 50).total, 18446744073709551617n);
});

test('PageTrail: forward, back, restore', () => {
  const t = new PageTrail();
  assert.equal(t.page, 1);
  assert.equal(t.currentKey, undefined);
  t.forward('k2');
  t.forward('k3');
  assert.equal(t.page, 3);
  assert.equal(t.currentKey, 'k3');
  t.back();
  assert.equal(t.currentKey, 'k2');
  t.restore(3);
  assert.equal(t.currentKey, 'k3', 'restore returns to a page seen before');
  t.back();
  t.forward('k3b');
  assert.equal(t.currentKey, 'k3b');
  t.restore(4);
  assert.equal(t.page, 3, 'cannot restore to a page never seen');
  t.reset();
  assert.equal(t.page, 1);
  assert.equal(t.canGoBack, false);
});
