/**
 * Loading an EVM transaction's whole call tree (core/indexer/callTree.ts) from the fake indexer, which pages internal
 * calls by sequence as rollytics does: every page followed, oldest first so that a partial tree is its beginning, the
 * count as the server gives it, stopped by the caller (what is loaded kept, said as "the first N of M"), a limit,
 * and a later page's failure.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  EVM_TX_MANY_CALLS_COUNT,
  EVM_TX_MANY_CALLS_HASH,
  startFakeIndexer,
  type FakeIndexer,
} from '../fixtures/fakeIndexer';
import { createIndexerClient } from '../../src/core/clients';
import { loadCallTree, partialTreeNote } from '../../src/core/indexer/callTree';
import { callTree } from '../../src/core/txExplain';
import type { IndexerClient } from '../../src/core/indexer/client';
import { must, parseTxHash } from '../../src/core/validate';

let fake: FakeIndexer;
let client: IndexerClient;
const N = EVM_TX_MANY_CALLS_COUNT;
const HASH = must(parseTxHash(EVM_TX_MANY_CALLS_HASH));

before(async () => {
  fake = await startFakeIndexer({ blocks: 40 });
  client = createIndexerClient(fake.url);
});
after(async () => {
  client.dispose();
  await fake.close();
});

test(`the whole tree of a ${N}-call tx: one request of the largest page, the top call first, every call once`, async () => {
  fake.resetRequests();
  const load = await loadCallTree(client, HASH);
  assert.deepEqual([load.complete, load.total, load.calls.length, load.requests], [true, N, N, 1]);
  assert.deepEqual(
    load.calls.map((c) => c.index),
    [...Array(N).keys()],
  );
  const q = new URLSearchParams(fake.requests[0]!.query);
  assert.deepEqual([q.get('pagination.limit'), q.get('pagination.reverse')], ['1000', 'false']);
  const tree = callTree(load.calls);
  assert.deepEqual([tree[0]!.call.index, tree[0]!.depth], [0, 0], 'the top call is the root');
  assert.equal(tree.filter((n) => n.depth === 1).length, 50);
  assert.equal(partialTreeNote(load, String), undefined);
});

test('small pages: next_key followed to the end; progress after each page', async () => {
  const progress: Array<[number, number | undefined]> = [];
  fake.resetRequests();
  const load = await loadCallTree(client, HASH, {
    pageLimit: 40,
    onProgress: (n, t) => progress.push([n, t]),
  });
  assert.equal(load.calls.length, N);
  assert.equal(load.requests, 4);
  assert.deepEqual(progress, [
    [40, N],
    [80, N],
    [120, N],
    [N, N],
  ]);
  assert.ok(
    fake.requests.slice(1).every((r) => new URLSearchParams(r.query).get('pagination.key')),
    'each page after the first by its key',
  );
});

test('stopped by the user, at the limit, or by a failing page: the beginning of the tree, said as the first N of M', async () => {
  const ac = new AbortController();
  const stopped = await loadCallTree(client, HASH, {
    pageLimit: 50,
    signal: ac.signal,
    onProgress: (n) => n >= 100 && ac.abort(),
  });
  assert.deepEqual([stopped.complete, stopped.stopped, stopped.calls.length], [false, 'cancelled', 100]);
  assert.deepEqual(
    stopped.calls.map((c) => c.index),
    [...Array(100).keys()],
    "the tree's beginning, its top call included",
  );
  assert.equal(partialTreeNote(stopped, String), `Showing the first 100 of ${N} internal calls: loading was stopped.`);
  const capped = await loadCallTree(client, HASH, { pageLimit: 50, maxCalls: 50 });
  assert.deepEqual([capped.stopped, capped.calls.length], ['limit', 50]);
  // The second page fails (the first answered).
  const failing = () =>
    fake.setFault({ kind: 'status', status: 500, path: `/indexer/tx/v1/evm-internal-txs/${EVM_TX_MANY_CALLS_HASH}` });
  const failed = await loadCallTree(client, HASH, {
    pageLimit: 50,
    onProgress: (n) => n === 50 && failing(),
  }).finally(() => fake.clearFaults());
  assert.equal(failed.calls.length, 50);
  assert.match(
    partialTreeNote(failed, (e) => (e as Error).message) ?? '',
    new RegExp(`^Showing the first 50 of ${N} internal calls; the rest could not be loaded: .*500`),
  );
});
