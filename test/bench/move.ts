/**
 * Move explain bench (run by scripts/bench.mjs as `node out/test/bench/move.js <out.json>`; not part of npm test): the
 * host's Move part of Explain for a failed 50-message Move transaction (25 `0xcafe::vault::deposit`, 25
 * `0x1::fungible_asset::transfer` with BCS arguments; the log aborting in fungible_asset, named from its real
 * bytecode's error map): its messages decoded by their ABIs, the abort named, the view built. Against the fake Move
 * REST over real HTTP: cold (a new client: one request per module) and cached (the same client: no request).
 * Budget (issue 36): ≤ 20 ms with every ABI cached; cold: one request per module.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createMoveClient } from '../../src/core/clients';
import { explainMove } from '../../src/core/move/explain';
import { Tx } from '../../src/core/indexer/schemas';
import { readEvents } from '../../src/core/txExplain';
import { explainCosmos } from '../../src/explain/txView';
import { moveInto } from '../../src/explain/moveView';
import { MoveAbortNamer } from '../../src/move/abortNamer';
import type { MoveClient } from '../../src/core/move/client';
import { startFakeMoveRest } from '../fixtures/fakeMove';
import { MOVE_TXS, moveTxs } from '../fixtures/moveData';

const RUNS = 30;

/** The fixtures' two failing-and-succeeding messages, repeated to 50 in one transaction. */
function fiftyMessageTx(): Tx {
  const txs = moveTxs(100, '2026-11-28T10:00:00Z');
  const deposit = txs.find((t) => t.txhash === MOVE_TXS.deposit) as unknown as {
    tx: { body: { messages: unknown[] } };
  };
  const transfer = txs.find((t) => t.txhash === MOVE_TXS.transferAbort) as unknown as {
    tx: { body: { messages: unknown[] } };
  };
  const messages = Array.from({ length: 50 }, (_, i) =>
    i % 2 ? transfer.tx.body.messages[0] : deposit.tx.body.messages[0],
  );
  const failed = structuredClone(transfer) as unknown as { tx: { body: { messages: unknown[] } } };
  failed.tx.body.messages = messages;
  return Tx.parse(failed);
}

/** A namer over the client, as the host keeps one per network. */
const namerOf = (client: MoveClient) =>
  new MoveAbortNamer({
    workspace: { constantFor: async () => undefined },
    module: (a, m) => client.module(a, m),
    registryErrors: async () => undefined,
    label: String,
  });

async function explainOnce(tx: Tx, client: MoveClient, namer: MoveAbortNamer): Promise<number> {
  const start = performance.now();
  const messages = (tx.tx?.body?.messages ?? []) as Array<Record<string, unknown>>;
  const explanation = await explainMove(messages, readEvents(tx.events), tx.raw_log, (a, m) => client.module(a, m));
  const failure = explanation.failure;
  const named = failure?.kind === 'aborted' ? await namer.name(failure) : undefined;
  const view = explainCosmos(tx, { network: 'bench' });
  moveInto(view, explanation, named);
  if (view.messages.filter((m) => m.move).length !== 50 || view.move?.failure?.abort?.name !== 'EINSUFFICIENT_BALANCE')
    throw new Error('the bench transaction was not explained as expected');
  return performance.now() - start;
}

async function main(): Promise<void> {
  const rest = await startFakeMoveRest();
  const tx = fiftyMessageTx();
  const cold: number[] = [];
  const coldRequests: number[] = [];
  for (let i = 0; i < 5; i++) {
    const client = createMoveClient(rest.url);
    rest.resetRequests();
    cold.push(await explainOnce(tx, client, namerOf(client)));
    coldRequests.push(rest.requests.length);
    client.dispose();
  }
  const client = createMoveClient(rest.url);
  const namer = namerOf(client);
  await explainOnce(tx, client, namer);
  rest.resetRequests();
  const cached: number[] = [];
  for (let i = 0; i < RUNS; i++) cached.push(await explainOnce(tx, client, namer));
  const cachedRequests = rest.requests.length;
  client.dispose();
  await rest.close();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1]!;
  const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;
  const result = {
    moveExplain50CachedMs: Number(median(cached).toFixed(2)),
    moveExplain50CachedP95Ms: Number(p95(cached).toFixed(2)),
    moveExplain50CachedRequests: cachedRequests,
    moveExplain50ColdMs: Number(median(cold).toFixed(2)),
    moveExplain50ColdRequests: Math.max(...coldRequests),
    moveExplain50Modules: 2,
  };
  writeFileSync(process.argv[2]!, JSON.stringify(result, null, 2));
  console.log(JSON.stringify(result));
}

void main();
