/**
 * Lossless OP-bridge withdrawals (rollup → Initia L1 over OPinit) are not router transfers. InterwovenKit never
 * registers them with the router ("skip for OP withdrawals as they don't need tracking", pages/bridge/data/tx.ts,
 * where a route is one when its first operation is `op_init_transfer` and it ends in `uinit`), and Skip abandons a
 * transfer that makes no progress for more than 10 minutes: a healthy 7-day withdrawal would read "abandoned". They
 * are recorded here, and followed where the rollup has an OPinit executor (the registry's `metadata.executor_uri`):
 * `GET {executor}/withdrawals/{to}?offset&limit&order=desc` lists the withdrawals to an L1 address, newest first
 * (opinit-bots executor/querier.go, executor/types/query.go: `{withdrawals: [...], next?}`, each with `sequence`,
 * `from`, `to`, `amount`, `output_index` (0 until the output that holds it is finalised), `bridge_id`,
 * `withdrawal_proofs`, `tx_time`, `tx_height`, `tx_hash`). Without an executor the claim time comes from the OP
 * bridge's finalization period (the route's estimate) counted from when it was recorded.
 *
 * The stages, in the order they happen: sent (recorded; not yet listed by the executor) → initiated (the executor
 * lists it: its sequence, when it was in a block) → in an output (its proofs exist; the challenge period runs) →
 * claimable (the period is over: the user claims it on L1 with a wallet). Nothing here says "completed": the claim
 * is the user's, on L1. Pure: no vscode; the clock injected.
 */
import * as z from 'zod/mini';
import { endpoint, type HttpClient } from '../http';
import { parseWith } from '../zodParse';
import { systemClock, type Clock } from '../clock';
import { TimedPoll, tellSafely } from '../timedPoll';
import { lazySchema } from '../lazySchema';

/** InterwovenKit's test: the first operation is an OPinit transfer and the route ends in `uinit` on L1. */
export function isOpWithdrawalRoute(route: {
  operations: ReadonlyArray<Record<string, unknown>>;
  dest_asset_denom: string;
}): boolean {
  const first = route.operations[0];
  return !!first && 'op_init_transfer' in first && route.dest_asset_denom === 'uinit';
}

const num = lazySchema(() => z.union([z.number(), z.string().check(z.regex(/^\d+$/))]));
const optStr = lazySchema(() => z.optional(z.nullable(z.string())));

/** One withdrawal as the executor lists it (opinit-bots executor/types/query.go QueryWithdrawalResponse). */
const ExecutorWithdrawal = lazySchema(() =>
  z.looseObject({
    sequence: num,
    to: optStr,
    from: optStr,
    amount: z.optional(z.nullable(z.looseObject({ denom: optStr, amount: optStr }))),
    output_index: z.optional(z.nullable(num)),
    bridge_id: z.optional(z.nullable(num)),
    withdrawal_proofs: z.optional(z.nullable(z.array(z.string()))),
    tx_time: optStr,
    tx_height: z.optional(z.nullable(num)),
    tx_hash: optStr,
  }),
);
type ExecutorWithdrawal = z.infer<typeof ExecutorWithdrawal>;

const ExecutorWithdrawals = lazySchema(() =>
  z.looseObject({
    withdrawals: z.optional(z.nullable(z.array(ExecutorWithdrawal))),
    next: z.optional(z.nullable(num)),
  }),
);
type ExecutorWithdrawals = z.infer<typeof ExecutorWithdrawals>;

/** How many withdrawals are read per page, and how many pages at most (newest first: ours is recent). */
const PAGE = 50;
const MAX_PAGES = 4;

const sameHash = (a: string, b: string) => a.replace(/^0x/i, '').toUpperCase() === b.replace(/^0x/i, '').toUpperCase();

/**
 * Finds a withdrawal by its tx hash among those to `receiver`, newest first (`next` is the sequence to go on from);
 * undefined when the executor does not list it (yet).
 */
export async function findExecutorWithdrawal(
  http: HttpClient,
  executorUrl: string,
  receiver: string,
  txHash: string,
  signal?: AbortSignal,
): Promise<ExecutorWithdrawal | undefined> {
  let offset: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query: Array<[string, string]> = [
      ['limit', String(PAGE)],
      ['order', 'desc'],
      ...(offset ? [['offset', offset] as [string, string]] : []),
    ];
    const url = endpoint(executorUrl, `/withdrawals/${encodeURIComponent(receiver)}`, query);
    const answer = parseWith(ExecutorWithdrawals, await http.get(url, signal), http.options.service);
    const found = (answer.withdrawals ?? []).find((w) => !!w.tx_hash && sameHash(w.tx_hash, txHash));
    if (found) return found;
    if (answer.next === undefined || answer.next === null || !(answer.withdrawals ?? []).length) return undefined;
    offset = String(answer.next);
  }
  return undefined;
}

export type WithdrawalStage = 'sent' | 'initiated' | 'inOutput' | 'claimable';

/** What is known of a withdrawal (kept with the tracked record). */
export interface WithdrawalState {
  finalizationSeconds: number;
  executorUrl?: string;
  receiver?: string;
  sequence?: number;
  outputIndex?: number;
  /** When its tx was in a block (the executor's tx_time, ms). */
  initiatedAt?: number;
}

/** The executor's answer folded into the state (a later answer never moves a stage back). */
export function applyExecutorWithdrawal(state: WithdrawalState, w: ExecutorWithdrawal): WithdrawalState {
  const next: WithdrawalState = { ...state, sequence: Number(w.sequence) };
  const out = w.output_index === undefined || w.output_index === null ? 0 : Number(w.output_index);
  if (out > 0 && (w.withdrawal_proofs?.length ?? 0) > 0) next.outputIndex = out;
  const at = w.tx_time ? Date.parse(w.tx_time) : NaN;
  if (Number.isFinite(at) && at > 0) next.initiatedAt = at;
  return next;
}

/** When it can be claimed: the finalization period from when it was in a block (else from when it was recorded). */
export function claimableAt(state: WithdrawalState, recordedAt: number): number {
  return (state.initiatedAt ?? recordedAt) + state.finalizationSeconds * 1000;
}

export function withdrawalStage(state: WithdrawalState, recordedAt: number, now: number): WithdrawalStage {
  if (now >= claimableAt(state, recordedAt)) return 'claimable';
  if (state.outputIndex !== undefined) return 'inOutput';
  if (state.sequence !== undefined) return 'initiated';
  return 'sent';
}

/** The stage in words, with the chains ("initiated on demo-evm-1 (withdrawal #7): …"). */
export function describeWithdrawal(
  state: WithdrawalState,
  recordedAt: number,
  now: number,
  chains: { from: string; to: string },
  format: (ms: number) => string,
): string {
  const when = format(claimableAt(state, recordedAt));
  switch (withdrawalStage(state, recordedAt, now)) {
    case 'sent':
      return state.executorUrl
        ? `Sent on ${chains.from}: waiting for the rollup's executor to list the withdrawal; claimable on ${chains.to} from about ${when}.`
        : `Sent on ${chains.from}: claimable on ${chains.to} from about ${when} (the OP bridge's challenge period; this network names no executor to follow it).`;
    case 'initiated':
      return `Initiated on ${chains.from} (withdrawal #${state.sequence}): waiting for the output that holds it to be proposed to ${chains.to}; claimable from about ${when}.`;
    case 'inOutput':
      return `In output #${state.outputIndex} (withdrawal #${state.sequence}): the challenge period runs; claimable on ${chains.to} from about ${when}.`;
    case 'claimable':
      return `Claimable on ${chains.to}: claim it with your wallet (the claim is signed outside this extension).`;
  }
}

export type WatchEvent =
  | { kind: 'seen'; withdrawal: ExecutorWithdrawal }
  | { kind: 'notListed' }
  | { kind: 'error'; error: unknown; retryInMs: number };

/**
 * Asks the executor about one withdrawal until it is in an output (nothing more to learn there): every 15 s at
 * first, easing off by half up to 10 minutes while it is not listed, every 10 minutes while it waits for its output;
 * errors back off the same way. One request in flight; stop() aborts it.
 */
export class ExecutorWatch extends TimedPoll {
  private gap = 15_000;
  requests = 0;

  constructor(
    private readonly find: (signal: AbortSignal) => Promise<ExecutorWithdrawal | undefined>,
    private readonly done: () => boolean,
    private readonly onEvent: (event: WatchEvent) => void,
    clock: Clock = systemClock,
  ) {
    super(clock);
  }

  start(): void {
    if (!this.stopped || this.done()) return;
    this.begin(0);
  }

  pollNow(): void {
    if (this.stopped || this.inFlight) return;
    this.plan(0);
  }

  protected async tick(signal: AbortSignal): Promise<void> {
    this.requests++;
    let event: WatchEvent;
    try {
      const w = await this.find(signal);
      if (this.stopped) return;
      event = w ? { kind: 'seen', withdrawal: w } : { kind: 'notListed' };
      this.gap = w ? 600_000 : Math.min(600_000, this.gap * 1.5);
    } catch (err) {
      if (this.stopped || signal.aborted) return;
      this.gap = Math.min(600_000, this.gap * 2);
      event = { kind: 'error', error: err, retryInMs: this.gap };
    }
    tellSafely(this.onEvent, event);
    if (this.done()) this.stop();
    else this.plan(this.gap);
  }
}
