/**
 * Watching transactions until they are in (core/watch.ts) on a manual clock: one request in flight for every watch
 * together, growing gaps, the node first when there is one, errors backing off, the time limit, cancellation, and
 * nothing after the end. Then against the fake indexer (real HTTP): "not found" until the transaction is indexed,
 * requests counted at the server.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../src/core/clock';
import { WatchScheduler, type CheckAnswer, type Watch, type WatchEnd, type WatchSource } from '../../src/core/watch';
import { askIndexer, askNode, watchedHash, type WatchedHash } from '../../src/core/watchChecks';
import { HttpError } from '../../src/core/errors';
import { must, parseTxHash } from '../../src/core/validate';
import { createIndexerClient, createChainClient } from '../../src/core/clients';
import { EVM_TX_WITH_LOGS_HASH, FAILED_TX_HASH, FAILED_TX_RAW_LOG, startFakeIndexer } from '../fixtures/fakeIndexer';
import { startFakeNode } from '../fixtures/fakeNode';

const H1 = 'A'.repeat(64);
const H2 = 'B'.repeat(64);

interface Call {
  watch: Watch;
  source: WatchSource;
  at: number;
  signal: AbortSignal;
}

/** A scheduler whose checks answer from `answer` (sync), recording every call and every end. */
function harness(
  answer: (call: Call, n: number) => CheckAnswer | Error,
  options: Partial<ConstructorParameters<typeof WatchScheduler>[0]> = {},
) {
  const clock = new ManualClock(0);
  const calls: Call[] = [];
  const ends: Array<{ watch: Watch; end: WatchEnd }> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const scheduler = new WatchScheduler({
    clock,
    check: async (watch, source, signal) => {
      const call = { watch, source, at: clock.now(), signal };
      calls.push(call);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await Promise.resolve();
      inFlight--;
      const a = answer(call, calls.filter((c) => c.watch.id === watch.id).length);
      if (a instanceof Error) throw a;
      return a;
    },
    onEnd: (watch, end) => ends.push({ watch, end }),
    ...options,
  });
  /** Lets the answers in flight arrive, then moves the clock. */
  const run = async (ms: number) => {
    await turns();
    await clock.advance(ms);
  };
  return { clock, calls, ends, scheduler, run, maxInFlight: () => maxInFlight };
}

const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise<void>((r) => setImmediate(r));
};

test('a watch asks at growing gaps until the transaction is found, then never again', async () => {
  const h = harness((_, n) =>
    n < 5 ? { kind: 'pending' } : { kind: 'found', outcome: { ok: true, evm: false, height: 7 } },
  );
  h.scheduler.add({ hash: H1, network: 'n', node: false });
  await h.run(60_000);
  assert.deepEqual(
    h.calls.map((c) => c.at),
    [0, 1000, 3000, 6000, 11_000],
  );
  assert.equal(h.ends.length, 1);
  assert.deepEqual(h.ends[0]!.end, { kind: 'found', outcome: { ok: true, evm: false, height: 7 } });
  assert.equal(h.clock.pending, 0, 'no timer left after the end');
  assert.equal(h.scheduler.busy, false);
  assert.equal(h.scheduler.watches.length, 0);
});

test('ten watches at once: one request in flight, never more than one a second, 0 after they end', async () => {
  const h = harness(() => ({ kind: 'pending' }));
  for (let i = 0; i < 10; i++) h.scheduler.add({ hash: i.toString(16).repeat(64), network: 'n', node: false });
  await h.run(179_000);
  assert.equal(h.maxInFlight(), 1);
  for (let i = 1; i < h.calls.length; i++)
    assert.ok(h.calls[i]!.at - h.calls[i - 1]!.at >= 1000, `gap before call ${i}`);
  // Steady state: from the second minute on, ≤ 1 request per second in total (the budget), here 10 / 15 s.
  const steady = h.calls.filter((c) => c.at >= 60_000 && c.at < 180_000).length;
  assert.ok(steady <= 120, `${steady} requests in 120 s`);
  assert.ok(steady >= 60, `still asking: ${steady}`);
  await h.run(2000);
  assert.equal(h.ends.length, 10);
  assert.ok(h.ends.every((e) => e.end.kind === 'timeout'));
  const before = h.calls.length;
  await h.run(600_000);
  assert.equal(h.calls.length, before, 'nothing after the end');
  assert.equal(h.clock.pending, 0);
});

test('the node first; once it has the transaction, the indexer from the shortest gap; every fourth question to the indexer', async () => {
  const h = harness((call, n) => {
    if (call.source === 'node')
      return n >= 6 ? { kind: 'seen', outcome: { ok: true, height: 9 } } : { kind: 'pending' };
    return n >= 8 ? { kind: 'found', outcome: { ok: true, evm: true, height: 9 } } : { kind: 'pending' };
  });
  h.scheduler.add({ hash: `0x${'c'.repeat(64)}`, network: 'n', node: true });
  await h.run(120_000);
  assert.deepEqual(
    h.calls.map((c) => c.source),
    ['node', 'node', 'node', 'indexer', 'node', 'node', 'indexer', 'indexer'],
  );
  const seenAt = h.calls[5]!.at;
  assert.equal(h.calls[6]!.at, seenAt + 1000, 'the indexer asked at once (after the 1 s gap)');
  assert.equal(h.ends[0]!.end.kind, 'found');
});

test('a node that fails is not asked again for that watch; the indexer is, at once', async () => {
  const h = harness((call) => (call.source === 'node' ? new Error('connection refused') : { kind: 'pending' }));
  h.scheduler.add({ hash: H1, network: 'n', node: true });
  await h.run(20_000);
  assert.deepEqual(
    h.calls.slice(0, 3).map((c) => [c.source, c.at]),
    [
      ['node', 0],
      ['indexer', 1000],
      ['indexer', 2000],
    ],
  );
  assert.ok(h.calls.slice(1).every((c) => c.source === 'indexer'));
  assert.equal(h.scheduler.watches[0]!.useNode, false);
});

test('indexer errors back off (4 s, 8 s, …) and Retry-After is honoured; the time limit ends it with the last error', async () => {
  const h = harness(
    (_, n) =>
      n === 3
        ? new HttpError('indexer', 429, 'slow down', '/x', 30_000)
        : new HttpError('indexer', 502, 'Bad Gateway', '/x'),
    { timeLimitMs: 90_000 },
  );
  h.scheduler.add({ hash: H1, network: 'n', node: false });
  await h.run(95_000);
  assert.deepEqual(
    h.calls.map((c) => c.at),
    [0, 4000, 12_000, 42_000, 74_000],
  );
  assert.equal(h.ends[0]!.end.kind, 'timeout');
  assert.match((h.ends[0]!.end as { lastError?: string }).lastError ?? '', /502/);
});

test('cancel aborts the request in flight, reports "cancelled", and nothing more is asked', async () => {
  const clock = new ManualClock(0);
  const signals: AbortSignal[] = [];
  const ends: WatchEnd[] = [];
  const scheduler = new WatchScheduler({
    clock,
    check: (_w, _s, signal) =>
      new Promise<CheckAnswer>((_, reject) => {
        signals.push(signal);
        signal.addEventListener('abort', () => reject(new Error('aborted')));
      }),
    onEnd: (_, end) => ends.push(end),
  });
  const w = scheduler.add({ hash: H1, network: 'n', node: false });
  scheduler.add({ hash: H2, network: 'n', node: false });
  await clock.advance(10_000);
  assert.equal(signals.length, 1, 'one request in flight for both watches (the first never answers)');
  assert.equal(scheduler.cancel(w.id), true);
  assert.equal(signals[0]!.aborted, true);
  await clock.advance(1000);
  assert.equal(signals.length, 2, 'the other watch goes on');
  scheduler.dispose();
  assert.deepEqual(
    ends.map((e) => e.kind),
    ['cancelled', 'cancelled'],
  );
  await clock.advance(600_000);
  assert.equal(signals.length, 2);
  assert.equal(clock.pending, 0);
});

test('an answer that arrives after its watch was stopped changes nothing: still one request in flight, no timer', async () => {
  const clock = new ManualClock(0);
  const pending: Array<(a: CheckAnswer) => void> = [];
  const scheduler = new WatchScheduler({
    clock,
    // A server that answers although the request was aborted (the answer was already on its way); the other
    // watch's request never answers.
    check: () => new Promise<CheckAnswer>((resolve) => pending.push(resolve)),
  });
  const a = scheduler.add({ hash: H1, network: 'n', node: false });
  scheduler.add({ hash: H2, network: 'n', node: false });
  scheduler.cancel(a.id);
  await clock.advance(1000);
  assert.equal(pending.length, 2, "the other watch's request started once the stopped one ended");
  pending[0]!({ kind: 'pending' });
  await turns();
  await clock.advance(5000);
  assert.equal(pending.length, 2, 'no second request while the other is in flight');
  scheduler.dispose();
  assert.equal(clock.pending, 0);
});

test('the same hash on the same network is one watch (with or without 0x, any case)', () => {
  const h = harness(() => ({ kind: 'pending' }));
  const a = h.scheduler.add({ hash: H1, network: 'n', node: false });
  const b = h.scheduler.add({ hash: `0x${H1.toLowerCase()}`, network: 'n', node: false });
  const c = h.scheduler.add({ hash: H1, network: 'other', node: false });
  assert.equal(a.id, b.id);
  assert.notEqual(a.id, c.id);
  h.scheduler.dispose();
});

test('watchedHash: 0x hashes are EVM only on EVM networks; bad input is a sentence', () => {
  const read = (input: string, evmNetwork: boolean) => {
    const { hash, evm, parsed } = watchedHash(input, evmNetwork) as WatchedHash;
    assert.deepEqual(parsed, must(parseTxHash(input)), 'parsed once, here: what the indexer client takes');
    return { hash, evm };
  };
  assert.deepEqual(read(`0x${'Ab'.repeat(32)}`, true), { hash: `0x${'ab'.repeat(32)}`, evm: true });
  assert.deepEqual(read(`0x${'Ab'.repeat(32)}`, false), { hash: 'AB'.repeat(32), evm: false });
  assert.deepEqual(read('ab'.repeat(32), true), { hash: 'AB'.repeat(32), evm: false });
  assert.match((watchedHash('abc', true) as { error: string }).error, /64 hexadecimal digits/);
});

test('a malformed hash is refused where a watch is asked for: no target, not one request at the indexer', async () => {
  const fake = await startFakeIndexer({ blocks: 30 });
  const client = createIndexerClient(fake.url);
  try {
    for (const input of ['xyz', 'ab'.repeat(31), `0x${'ab'.repeat(33)}`, `0x${'zz'.repeat(32)}`, '']) {
      const target = watchedHash(input, true);
      // What the watcher does with it: a target is asked about, a sentence is only said.
      if (!('error' in target)) await askIndexer(client, target, new AbortController().signal);
      assert.ok('error' in target, `${input}: refused`);
    }
    assert.equal(fake.requests.length, 0);
  } finally {
    client.dispose();
    await fake.close();
  }
});

test('against the fake indexer: not found until indexed, then found with its outcome; requests counted at the server', async () => {
  const fake = await startFakeIndexer({ unindexed: [FAILED_TX_HASH, EVM_TX_WITH_LOGS_HASH] });
  const client = createIndexerClient(fake.url);
  const clock = new ManualClock(0);
  const ends: WatchEnd[] = [];
  const targets = new Map<string, WatchedHash>();
  const scheduler = new WatchScheduler({
    clock,
    check: (watch, _source, signal) => askIndexer(client, targets.get(watch.hash)!, signal),
    onEnd: (_, end) => ends.push(end),
  });
  try {
    for (const [hash, evm] of [
      [FAILED_TX_HASH, false],
      [EVM_TX_WITH_LOGS_HASH, true],
    ] as const) {
      targets.set(hash, watchedHash(hash, evm) as WatchedHash);
      scheduler.add({ hash, network: 'fake', node: false });
    }
    // Real requests: the clock moves on only when none is in flight.
    const run = async (ms: number) => {
      for (let t = 0; t < ms; t += 100) {
        for (let i = 0; i < 500 && scheduler.requesting; i++) await new Promise<void>((r) => setTimeout(r, 2));
        await clock.advance(100);
      }
    };
    await run(10_000);
    assert.equal(ends.length, 0);
    const asked = fake.count();
    assert.ok(asked >= 4 && asked <= 11, `${asked} requests in 10 s for two watches`);
    fake.index(FAILED_TX_HASH);
    fake.index(EVM_TX_WITH_LOGS_HASH);
    await run(30_000);
    assert.equal(ends.length, 2);
    const failed = ends.find((e) => e.kind === 'found' && !e.outcome.evm) as Extract<WatchEnd, { kind: 'found' }>;
    assert.equal(failed.outcome.ok, false);
    assert.equal(failed.outcome.reason, FAILED_TX_RAW_LOG);
    assert.equal(failed.outcome.code, 5);
    const evm = ends.find((e) => e.kind === 'found' && e.outcome.evm) as Extract<WatchEnd, { kind: 'found' }>;
    assert.equal(evm.outcome.ok, true);
    const total = fake.count();
    await run(300_000);
    assert.equal(fake.count(), total, 'no request after both ended');
    assert.ok(
      fake.requests.every(
        (r) => r.path.startsWith('/indexer/tx/v1/txs/') || r.path.startsWith('/indexer/tx/v1/evm-txs/'),
      ),
    );
  } finally {
    scheduler.dispose();
    client.dispose();
    await fake.close();
  }
});

test('against the fake node: the receipt and the REST transaction, pending until the transaction lands', async () => {
  const node = await startFakeNode();
  const client = createChainClient({ restUrl: node.url, jsonRpcUrl: node.url });
  const signal = new AbortController().signal;
  try {
    const evm = { hash: `0x${'d'.repeat(64)}`, evm: true };
    const cosmos = { hash: 'E'.repeat(64), evm: false };
    assert.deepEqual(await askNode(client, evm, signal), { kind: 'pending' });
    assert.deepEqual(await askNode(client, cosmos, signal), { kind: 'pending' });
    node.land(evm.hash, { height: 12, ok: false });
    node.land(cosmos.hash, { height: 13, ok: false, code: 11, codespace: 'sdk', rawLog: 'out of gas' });
    assert.deepEqual(await askNode(client, evm, signal), {
      kind: 'seen',
      outcome: { height: 12, ok: false, reason: 'reverted', evm: true },
    });
    assert.deepEqual(await askNode(client, cosmos, signal), {
      kind: 'seen',
      outcome: { height: 13, ok: false, code: 11, codespace: 'sdk', reason: 'out of gas', evm: false },
    });
    assert.equal(node.count(), 4);
  } finally {
    client.dispose();
    await node.close();
  }
});
