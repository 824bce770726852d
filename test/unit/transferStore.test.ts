/**
 * The transfer store and leases (src/core/router/store.ts) and the poll coordinator (coordinator.ts) in plain Node,
 * on temp folders. Contenders that must really race run in worker threads (sync fs calls at the same moment).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Leases, TransferStore, recordFileName } from '../../src/core/router/store';
import { PollCoordinator, type Poll } from '../../src/core/router/coordinator';
import { ManualClock } from '../../src/core/clock';
import { MAX_RAW_BYTES, transferKey, type TrackedTransfer } from '../../src/core/router/records';

const STORE_JS = path.resolve(__dirname, '..', '..', 'src', 'core', 'router', 'store.js');

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'initia-store-'));
}

const hashOf = (n: number, salt = 'A') => `${salt}${n.toString(16).toUpperCase().padStart(63, '0')}`;

function record(n: number, over: Partial<TrackedTransfer> = {}): TrackedTransfer {
  return {
    txHash: hashOf(n),
    chainId: 'interwoven-1',
    routerUrl: 'http://127.0.0.1:1',
    network: 'Test',
    trackedAt: 1_000_000 + n,
    watching: true,
    ...over,
  };
}

const finished = (n: number): TrackedTransfer =>
  record(n, {
    last: { state: 'STATE_COMPLETED_SUCCESS', outcome: 'success', terminal: true, hops: [], updatedAt: 2_000_000 + n },
  });

/**
 * Runs `body` (JS source with `store` = the compiled store module and `data` = workerData) in `n` workers that start
 * together (a shared barrier); resolves with each worker's result.
 */
async function race<T>(n: number, body: string, data: (i: number) => unknown): Promise<T[]> {
  const barrier = new Int32Array(new SharedArrayBuffer(8));
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const store = require(${JSON.stringify(STORE_JS)});
    const barrier = workerData.barrier;
    Atomics.add(barrier, 0, 1);
    Atomics.wait(barrier, 1, 0);
    const data = workerData.data;
    const result = (() => { ${body} })();
    parentPort.postMessage(result);`;
  const workers = Array.from(
    { length: n },
    (_, i) => new Worker(code, { eval: true, workerData: { barrier, data: data(i) } }),
  );
  const results = workers.map(
    (w) =>
      new Promise<T>((resolve, reject) => {
        w.once('message', resolve);
        w.once('error', reject);
      }),
  );
  // Not a sleep: every worker has reached the barrier before any goes on.
  while (Atomics.load(barrier, 0) < n) await new Promise((r) => setTimeout(r, 5));
  Atomics.store(barrier, 1, 1);
  Atomics.notify(barrier, 1);
  const out = await Promise.all(results);
  await Promise.all(workers.map((w) => w.terminate()));
  return out;
}

test('two stores on one folder, writing at the same moment, lose nothing; the same record written by both is never torn', async () => {
  const dir = tempDir();
  const per = 40;
  await race<number>(
    2,
    `
    const s = new store.TransferStore(data.dir);
    for (let i = 0; i < data.per; i++) {
      s.write({ txHash: data.prefix + i.toString(16).toUpperCase().padStart(63, '0'), chainId: 'interwoven-1', routerUrl: 'http://r', network: 'N', trackedAt: i, watching: true });
      s.write({ txHash: 'F'.repeat(64), chainId: 'interwoven-1', routerUrl: 'http://r', network: data.prefix, trackedAt: i, watching: true });
    }
    return data.per;`,
    (i) => ({ dir, per, prefix: i ? 'B' : 'A' }),
  );
  const lines: string[] = [];
  const all = new TransferStore(dir, { log: (l) => lines.push(l) }).load();
  assert.equal(all.length, 2 * per + 1, 'every record of both writers, and the shared one once');
  assert.deepEqual(lines, [], 'nothing dropped: no file was ever half written');
  assert.equal(
    fs.readdirSync(path.join(dir, 'transfers')).filter((f) => f.endsWith('.tmp')).length,
    0,
    'no temp file left',
  );
});

test('corrupt or foreign files are dropped with one log line each saying why; a good record stays', () => {
  const dir = tempDir();
  const lines: string[] = [];
  const store = new TransferStore(dir, { log: (l) => lines.push(l) });
  store.write(record(1));
  const put = (name: string, text: string) => fs.writeFileSync(path.join(store.dir, name), text);
  put('a~1.json', '{}');
  put('a~2.json', '"x"');
  put('a~3.json', '[null]');
  put('a~4.json', 'junk{');
  put('a~5.json', JSON.stringify(record(5, { watching: 'yes' as unknown as boolean })));
  put('a~6.json', JSON.stringify(record(6))); // a good record under another name
  const all = store.load();
  assert.deepEqual(all.map(transferKey), [transferKey(record(1))]);
  assert.equal(lines.length, 6, lines.join('\n'));
  assert.match(
    lines.find((l) => l.includes('a~1.json'))!,
    /txHash is missing/,
  );
  assert.match(
    lines.find((l) => l.includes('a~2.json'))!,
    /dropped: .*string "x"/,
  );
  assert.match(
    lines.find((l) => l.includes('a~4.json'))!,
    /not JSON/,
  );
  assert.match(
    lines.find((l) => l.includes('a~5.json'))!,
    /watching should be a boolean/,
  );
  assert.match(
    lines.find((l) => l.includes('a~6.json'))!,
    /not what its name says/,
  );
  assert.deepEqual(fs.readdirSync(store.dir), [recordFileName(record(1))], 'the dropped files are gone (logged once)');
  store.load();
  assert.equal(lines.length, 6);
});

test('the legacy globalState list is imported entry by entry; what does not parse is dropped with a line', () => {
  const dir = tempDir();
  const lines: string[] = [];
  const store = new TransferStore(dir, { log: (l) => lines.push(l) });
  assert.deepEqual(store.importLegacy([record(1), {}, 'x', null, finished(2)]), { imported: 2, dropped: 3 });
  assert.equal(lines.length, 3);
  assert.deepEqual(
    store.load().map((t) => t.txHash),
    [hashOf(2), hashOf(1)],
  );
  assert.deepEqual(store.importLegacy({}), { imported: 0, dropped: 1 });
  assert.deepEqual(store.importLegacy([record(1)]), { imported: 0, dropped: 0 }, 'already on file: left alone');
});

test('the raw status kept is bounded: a larger one becomes a marker saying how large it was', () => {
  const store = new TransferStore(tempDir());
  const small = { state: 'STATE_PENDING', transfers: [] };
  const big = { state: 'STATE_PENDING', blob: 'x'.repeat(MAX_RAW_BYTES + 10) };
  const last = (raw: unknown) => ({
    state: 'STATE_PENDING',
    outcome: 'pending' as const,
    terminal: false,
    hops: [],
    updatedAt: 1,
    raw,
  });
  store.write(record(1, { last: last(small) }));
  store.write(record(2, { last: last(big) }));
  assert.deepEqual(store.read(record(1))!.last!.raw, small);
  const marker = store.read(record(2))!.last!.raw as { dropped: string; bytes: number };
  assert.equal(marker.bytes, JSON.stringify(big).length);
  assert.match(marker.dropped, /too large to keep/);
  assert.ok(fs.statSync(store.fileOf(record(2))).size < 2048);
});

test('eviction keeps the newest 100: finished transfers go oldest first, unfinished ones stay', () => {
  const store = new TransferStore(tempDir());
  for (let i = 0; i < 105; i++) store.write(i < 3 ? record(i) : finished(i)); // 0..2 unfinished and the oldest
  const removed = store.evict(100);
  assert.deepEqual(
    removed,
    [3, 4, 5, 6, 7].map((i) => transferKey(finished(i))),
  );
  const left = store.load();
  assert.equal(left.length, 100);
  assert.ok(
    [0, 1, 2].every((i) => left.some((t) => t.txHash === hashOf(i))),
    'unfinished ones are never evicted',
  );
});

test('a lease: only one of several contenders gets it, whether it is new, expired or unreadable', async () => {
  const dir = tempDir();
  const contend = (key: string) =>
    race<boolean>(8, `return new store.Leases(data.dir).acquire(data.key);`, () => ({ dir, key }));
  assert.equal((await contend('k:new')).filter(Boolean).length, 1, 'a new lease');
  const leases = new Leases(dir, { owner: 'gone:1' });
  const file = path.join(leases.dir, 'k%3Astale.json');
  fs.writeFileSync(file, JSON.stringify({ owner: 'gone:1', pid: 1, expiresAt: Date.now() - 1 }));
  assert.equal((await contend('k:stale')).filter(Boolean).length, 1, 'an expired lease');
  fs.writeFileSync(path.join(leases.dir, 'k%3Ajunk.json'), 'junk');
  assert.equal((await contend('k:junk')).filter(Boolean).length, 1, 'an unreadable lease');
  assert.notEqual(leases.holder('k:stale')?.owner, 'gone:1');
});

test('a lease is renewed by its owner, taken over once expired (injected clock), and free once released', () => {
  const dir = tempDir();
  let now = 1_000_000;
  const a = new Leases(dir, { owner: 'a', now: () => now });
  const b = new Leases(dir, { owner: 'b', now: () => now });
  assert.equal(a.acquire('t'), true);
  assert.equal(a.acquire('t'), true, 'ours already: renewed');
  assert.equal(b.acquire('t'), false);
  now += 30_000;
  assert.equal(a.renew('t'), true);
  assert.equal(a.holder('t')!.expiresAt, now + 60_000);
  now += 50_000; // 80 s after the start, 50 s after the renewal
  assert.equal(b.acquire('t'), false, 'renewed: not expired yet');
  now += 11_000;
  assert.equal(b.acquire('t'), true, 'expired: taken over');
  assert.equal(a.renew('t'), false, 'the old owner learns it lost it');
  a.release('t');
  assert.equal(b.holder('t')!.owner, 'b', "releasing someone else's lease does nothing");
  b.release('t');
  assert.equal(b.holder('t'), undefined);
  assert.equal(a.acquire('t'), true, 'a released lease is free at once');
});

test('coordinators on one folder: each transfer is polled by one; a closed window hands over at the next check, a dead one after expiry', async () => {
  const dir = tempDir();
  const clock = new ManualClock();
  const polls: Array<Map<string, { running: boolean; stop(): void }>> = [];
  const make = (i: number) => {
    const mine = new Map<string, { running: boolean; stop(): void }>();
    polls.push(mine);
    return new PollCoordinator({
      leases: new Leases(dir, { owner: `w${i}`, now: () => clock.now() }),
      clock,
      start: (key): Poll => {
        const p = { running: true, stop: () => (p.running = false) };
        mine.set(key, p);
        return p;
      },
    });
  };
  const coordinators = [make(0), make(1), make(2)];
  const keys = ['c:1', 'c:2', 'c:3', 'c:4'];
  for (const c of coordinators) c.want(keys);
  const pollers = (key: string) => coordinators.filter((c) => c.polling(key)).length;
  assert.deepEqual(keys.map(pollers), [1, 1, 1, 1]);
  assert.ok(coordinators[0]!.polling('c:1'), 'the first to ask got them all');
  // Renewals keep them with the first window for minutes.
  await clock.advance(5 * 60_000);
  assert.deepEqual(keys.map(pollers), [1, 1, 1, 1]);
  assert.ok(keys.every((k) => coordinators[0]!.polling(k)));
  // The first window closes: its leases are freed, another window polls each within one check (30 s).
  coordinators[0]!.dispose();
  assert.ok(
    [...polls[0]!.values()].every((p) => !p.running),
    'its pollers stopped',
  );
  await clock.advance(30_000);
  assert.deepEqual(keys.map(pollers), [1, 1, 1, 1]);
  // The next holder dies without a word (no release, no renewal): others take over once the leases expire.
  const holder = coordinators.find((c) => c.polling('c:1'))!;
  const dead = coordinators.indexOf(holder);
  (holder as unknown as { disposed: boolean }).disposed = true; // its timers stop doing anything, its leases stay
  await clock.advance(50_000);
  assert.equal(coordinators.filter((c, i) => i !== dead && c.polling('c:1')).length, 0, 'not before the lease expires');
  await clock.advance(45_000);
  assert.deepEqual(
    keys.map((k) => coordinators.filter((c, i) => i !== dead && i !== 0 && c.polling(k)).length),
    [1, 1, 1, 1],
  );
  // A finished transfer is no longer wanted: its poll stops and its lease is free.
  const survivor = coordinators.find((c, i) => i !== dead && c.polling('c:2'))!;
  survivor.want(keys.filter((k) => k !== 'c:2'));
  assert.equal(survivor.polling('c:2'), false);
  assert.equal(new Leases(dir).holder('c:2'), undefined);
  for (const c of coordinators) c.dispose();
});
