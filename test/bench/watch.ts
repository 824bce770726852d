/**
 * Watch bench (run by scripts/bench.mjs as `node out/test/bench/watch.js <out.json>`; not part of npm test): 10
 * transactions watched at once (core/watch.ts with the real indexer checks) against the fake indexer over real HTTP,
 * on a virtual clock: none is indexed for 5 minutes, then all are. Measured at the server: requests per second in
 * total at the steady state (from the second to the fifth minute), the most in any one second, requests in the
 * first minute, how long after being indexed the last one is seen, and requests after every watch has ended.
 * Budget (issue 28): ≤ 1 request per second in total at the steady state; 0 after each ends.
 */
import { writeFileSync } from 'node:fs';
import { ManualClock } from '../../src/core/clock';
import { WatchScheduler } from '../../src/core/watch';
import { askIndexer, watchedHash, type WatchedHash } from '../../src/core/watchChecks';
import { createIndexerClient } from '../../src/core/clients';
import { startFakeIndexer } from '../fixtures/fakeIndexer';

async function main(): Promise<void> {
  const probe = await startFakeIndexer({ blocks: 400 });
  const hashes = probe.data.txs.slice(0, 10).map((t) => t.hash);
  await probe.close();
  const fake = await startFakeIndexer({ blocks: 400, unindexed: hashes });
  const client = createIndexerClient(fake.url);
  const clock = new ManualClock(0);
  const times: number[] = [];
  let ended = 0;
  let lastEndAt = 0;
  const scheduler = new WatchScheduler({
    clock,
    timeLimitMs: 10 * 60_000,
    check: (w, _s, signal) => {
      times.push(clock.now());
      return askIndexer(client, watchedHash(w.hash, false) as WatchedHash, signal);
    },
    onEnd: () => {
      ended++;
      lastEndAt = clock.now();
    },
  });
  const run = async (ms: number) => {
    for (let t = 0; t < ms; t += 100) {
      for (let i = 0; i < 1000 && scheduler.requesting; i++) await new Promise<void>((r) => setTimeout(r, 1));
      await clock.advance(100);
    }
  };
  for (const hash of hashes) scheduler.add({ hash, network: 'bench', node: false });
  await run(300_000);
  const steady = times.filter((t) => t >= 60_000 && t < 300_000).length / 240;
  const firstMinute = times.filter((t) => t < 60_000).length;
  let maxPerSecond = 0;
  for (let s = 0; s < 300; s++)
    maxPerSecond = Math.max(maxPerSecond, times.filter((t) => t >= s * 1000 && t < (s + 1) * 1000).length);
  for (const hash of hashes) fake.index(hash);
  const indexedAt = clock.now();
  await run(120_000);
  const beforeAfter = fake.count();
  await run(300_000);
  const after = fake.count() - beforeAfter;
  const result = {
    watch10SteadyPerSecond: Number(steady.toFixed(3)),
    watch10MaxPerSecond: maxPerSecond,
    watch10FirstMinute: firstMinute,
    watch10AllSeenAfterS: Number(((lastEndAt - indexedAt) / 1000).toFixed(1)),
    watch10Ended: ended,
    watch10RequestsAfterEnd: after,
    watch10BudgetMet: steady <= 1 && after === 0 && ended === 10 ? 1 : 0,
  };
  console.log(
    `[watch] 10 watched: ${result.watch10SteadyPerSecond} requests/s at the steady state (most in one second: ${maxPerSecond}), ${firstMinute} in the first minute; ` +
      `all ${ended} seen within ${result.watch10AllSeenAfterS} s of being indexed; ${after} requests after the end`,
  );
  scheduler.dispose();
  client.dispose();
  await fake.close();
  if (process.argv[2]) writeFileSync(process.argv[2], JSON.stringify(result));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
