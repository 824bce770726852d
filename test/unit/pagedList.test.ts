/** The lazy paging state behind every tree list: one fetch per page, the end detected, errors keep loaded pages. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PagedList, type Page } from '../../src/core/pagedList';
import type { PageRequest } from '../../src/core/indexer/paging';
import { HttpError, CancelledError } from '../../src/core/errors';

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** A server over 1..n (newest first) in cursor mode: next_key on every non-empty page, like the real indexer. */
function cursorServer(n: number) {
  const calls: PageRequest[] = [];
  let fail = 0;
  const fetch = async (req: PageRequest): Promise<Page<number>> => {
    calls.push(req);
    await new Promise((r) => setTimeout(r, 1)); // answers in a later task, as a server would: loads can overlap
    if (fail > 0) {
      fail--;
      throw new HttpError('indexer', 500, 'Internal Server Error', '/blocks');
    }
    const from = req.key ? (JSON.parse(Buffer.from(req.key, 'base64').toString()) as { h: number }).h - 1 : n;
    const items: number[] = [];
    for (let h = from; h >= 1 && items.length < req.limit!; h--) items.push(h);
    return {
      items,
      pagination: {
        previous_key: null,
        next_key: items.length ? b64(JSON.stringify({ h: items.at(-1) })) : null,
        total: String(n),
      },
    };
  };
  return { calls, fetch, failNext: (k = 1) => void (fail = k) };
}

test('pages through, one fetch per page, ends on a short page despite next_key', async () => {
  const s = cursorServer(23);
  const list = new PagedList(s.fetch, 10);
  assert.equal(list.state, 'idle');
  assert.equal(list.loaded, false);
  await list.loadMore();
  assert.deepEqual(list.items, [23, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
  assert.equal(list.total, 23n);
  await list.loadMore();
  await list.loadMore();
  assert.equal(list.items.length, 23);
  assert.equal(list.state, 'ended');
  assert.equal(list.hasMore, false);
  await list.loadMore();
  assert.equal(s.calls.length, 3, 'no request after the end');
  assert.equal(s.calls[0]!.key, undefined);
  assert.ok(s.calls[1]!.key && s.calls[2]!.key);
});

test('an exact multiple ends on the following empty page', async () => {
  const s = cursorServer(20);
  const list = new PagedList(s.fetch, 10);
  await list.loadMore();
  await list.loadMore();
  assert.equal(list.hasMore, true);
  await list.loadMore();
  assert.equal(list.state, 'ended');
  assert.equal(list.items.length, 20);
  assert.equal(s.calls.length, 3);
});

test('concurrent loadMore calls share one request', async () => {
  const s = cursorServer(100);
  const list = new PagedList(s.fetch, 10);
  await Promise.all([list.loadMore(), list.loadMore(), list.loadMore()]);
  assert.equal(s.calls.length, 1);
  assert.equal(list.items.length, 10);
});

test('a failed page keeps what was loaded; the retry asks the same page again', async () => {
  const s = cursorServer(100);
  const list = new PagedList(s.fetch, 10);
  await list.loadMore();
  s.failNext();
  await list.loadMore();
  assert.equal(list.state, 'error');
  assert.match(String((list.error as Error).message), /500/);
  assert.equal(list.items.length, 10);
  await list.loadMore();
  assert.equal(list.state, 'idle');
  assert.equal(list.items.length, 20);
  assert.equal(s.calls[1]!.key, s.calls[2]!.key, 'the same page asked again');
  assert.deepEqual(list.items.slice(9, 11), [91, 90]);
});

test('offset fallback when a full page comes without a key; limit clamped to 1..1000', async () => {
  // A server over 0..24 that pages by offset and never sends a key.
  const calls: PageRequest[] = [];
  const fetch = async (req: PageRequest): Promise<Page<number>> => {
    calls.push(req);
    const start = req.offset ?? 0;
    return {
      items: Array.from({ length: Math.max(0, Math.min(req.limit!, 25 - start)) }, (_, i) => start + i),
      pagination: null,
    };
  };
  const list = new PagedList(fetch, 5000);
  await list.loadMore();
  assert.equal(calls[0]!.limit, 1000);
  assert.equal(list.state, 'ended');
  const small = new PagedList(fetch, 10);
  await small.loadMore();
  await small.loadMore();
  await small.loadMore();
  assert.deepEqual(
    calls.slice(1).map((c) => c.offset),
    [undefined, 10, 20],
  );
  assert.equal(small.items.length, 25);
  assert.equal(small.state, 'ended');
});

test('reset abandons a load in flight; a cancelled load is not an error; prepend adds newer items', async () => {
  let release!: () => void;
  const list = new PagedList<number>(
    (_req, signal) =>
      new Promise((resolve, reject) => {
        release = () => resolve({ items: [1, 2], pagination: null });
        signal.addEventListener('abort', () => reject(new CancelledError()));
      }),
    10,
  );
  const p = list.loadMore();
  list.reset();
  await p;
  assert.equal(list.state, 'idle');
  assert.equal(list.items.length, 0);
  const q = list.loadMore();
  release();
  await q;
  assert.deepEqual(list.items, [1, 2]);
  list.prepend([4, 3]);
  assert.deepEqual(list.items, [4, 3, 1, 2]);
});
