/**
 * Watching transactions until they are in: the scheduler behind "Watch" (a terminal link, the hover, Look Up, the
 * palette). Right after a broadcast the indexer does not know a transaction yet (it lags the node by a few seconds,
 * more when it is busy or down), so a watch asks again with backoff until the transaction is found, or its time
 * limit passes.
 *
 * One scheduler serves every watch, so that several watched at once cost no more than the budget:
 *  - at most one request in flight, for all watches together, and at least `minGapMs` (1 s) between two requests:
 *    whatever the number of watches, never more than one request a second (docs/performance.md: 10 watched ≤ 1 request/s at
 *    the steady state);
 *  - each watch asks at growing gaps (1, 2, 3, 5, 8, 13 s, then every 15 s), the most overdue first;
 *  - when the profile has the node's endpoint for that kind of hash (JSON-RPC for a 0x hash, Cosmos REST for the
 *    others), the node is asked first: it sees a transaction as soon as its block is committed. Once the node has it,
 *    the indexer is asked (from 1 s again) until it has indexed it; every fourth question goes to the indexer anyway.
 *    A node that fails is not asked again for that watch;
 *  - an error backs off (4 s, 8 s, … 60 s) or waits for the server's `Retry-After` (at most 10 minutes); only the
 *    time limit ends a watch that keeps failing, with the last error in its end;
 *  - a watch ends when the indexer has the transaction (`found`, with its outcome), at its time limit (`timeout`,
 *    with what the node saw), or when cancelled (its request in flight is aborted). Nothing is asked after the end,
 *    and when no watch is left, no timer is left either.
 * Pure: the requests are the caller's `check`, the clock is injected (tests run it on ManualClock).
 */
import { HttpError } from './errors';
import { systemClock, type Clock } from './clock';
import { MAX_RETRY_AFTER_MS } from './timers';
import { OneTimer } from './timedPoll';

export type WatchSource = 'indexer' | 'node';

/** What the transaction did, as the indexer (or, at a time limit, the node) tells it. */
interface TxOutcome {
  ok: boolean;
  height?: number;
  /** The chain's reason for a failure, in its own words (`raw_log`), or "reverted" for an EVM transaction. */
  reason?: string;
  code?: number;
  codespace?: string;
  /** Found as an EVM transaction (by its 0x hash). */
  evm: boolean;
}

export type CheckAnswer =
  { kind: 'pending' } | { kind: 'seen'; outcome: Partial<TxOutcome> } | { kind: 'found'; outcome: TxOutcome };

export type WatchEnd =
  | { kind: 'found'; outcome: TxOutcome }
  | { kind: 'timeout'; seen?: Partial<TxOutcome>; lastError?: string }
  | { kind: 'cancelled' };

interface WatchTarget {
  /** The hash as the user gave it (`0x…` for an EVM hash). */
  hash: string;
  /** The network's name (a watch is bound to the network it was started on). */
  network: string;
  /** Whether the node can be asked about this hash. */
  node: boolean;
}

export interface Watch extends Readonly<WatchTarget> {
  readonly id: number;
  readonly startedAt: number;
  readonly deadline: number;
  /** Requests made for this watch so far. */
  readonly checks: number;
  /** What the node said, once it has the transaction. */
  readonly seen?: Partial<TxOutcome>;
  readonly lastError?: string;
  /** Whether the node is still asked (false after it failed, or when there is none). */
  readonly useNode: boolean;
}

interface WatchSchedulerOptions {
  /** One request for a watch, to the source named; rejects with the HTTP layer's errors. */
  check(watch: Watch, source: WatchSource, signal: AbortSignal): Promise<CheckAnswer>;
  clock?: Clock;
  /** How long a watch lasts at most (default 3 minutes); a function is read for each new watch (a setting). */
  timeLimitMs?: number | (() => number);
  /** The least time between two requests, of any watches (default 1 s). */
  minGapMs?: number;
  /** A watch's gaps between its questions, in order; then `maxIntervalMs` (default 15 s). */
  delaysMs?: readonly number[];
  maxIntervalMs?: number;
  /** Something changed (a watch added, answered or ended): what shows them may render again. */
  onChange?(): void;
  onEnd?(watch: Watch, end: WatchEnd): void;
  /** A source failed (logged by the caller). */
  onError?(watch: Watch, source: WatchSource, error: unknown): void;
}

const DEFAULT_WATCH_TIME_LIMIT_MS = 3 * 60_000;
const DEFAULT_WATCH_DELAYS_MS: readonly number[] = [1000, 2000, 3000, 5000, 8000, 13_000];
const ERROR_BACKOFF_MS = [4000, 8000, 16_000, 32_000, 60_000];

interface State {
  id: number;
  hash: string;
  network: string;
  node: boolean;
  startedAt: number;
  deadline: number;
  checks: number;
  /** Questions since the last change of phase (the gap grows with it). */
  step: number;
  errors: number;
  nextAt: number;
  seen?: Partial<TxOutcome>;
  lastError?: string;
  useNode: boolean;
  controller?: AbortController;
}

export class WatchScheduler {
  private readonly clock: Clock;
  private readonly timeLimitMs: () => number;
  private readonly minGapMs: number;
  private readonly delays: readonly number[];
  private readonly maxIntervalMs: number;
  private readonly states = new Map<number, State>();
  private seq = 0;
  private inFlight: State | undefined;
  private lastRequestAt = Number.NEGATIVE_INFINITY;
  private readonly timer: OneTimer;
  private disposed = false;
  /** Requests made, all watches together. */
  requests = 0;

  constructor(private readonly options: WatchSchedulerOptions) {
    this.clock = options.clock ?? systemClock;
    this.timer = new OneTimer(this.clock);
    const limit = options.timeLimitMs ?? DEFAULT_WATCH_TIME_LIMIT_MS;
    this.timeLimitMs = typeof limit === 'function' ? limit : () => limit;
    this.minGapMs = options.minGapMs ?? 1000;
    this.delays = options.delaysMs ?? DEFAULT_WATCH_DELAYS_MS;
    this.maxIntervalMs = options.maxIntervalMs ?? 15_000;
  }

  /** The watches in progress, oldest first. */
  get watches(): Watch[] {
    return [...this.states.values()].map(view);
  }

  /** Whether a timer or a request is pending (false once every watch has ended). */
  get busy(): boolean {
    return this.timer.pending || this.inFlight !== undefined;
  }

  /** Whether a request is in flight. */
  get requesting(): boolean {
    return this.inFlight !== undefined;
  }

  /** Starts watching (at once, subject to the gap between requests); the same hash on the same network is one watch. */
  add(target: WatchTarget): Watch {
    if (this.disposed) throw new Error('the watch scheduler is disposed');
    const key = normalise(target.hash);
    for (const s of this.states.values()) if (s.network === target.network && normalise(s.hash) === key) return view(s);
    const now = this.clock.now();
    const state: State = {
      id: ++this.seq,
      hash: target.hash,
      network: target.network,
      node: target.node,
      startedAt: now,
      deadline: now + this.timeLimitMs(),
      checks: 0,
      step: 0,
      errors: 0,
      nextAt: now,
      useNode: target.node,
    };
    this.states.set(state.id, state);
    this.options.onChange?.();
    this.pump();
    return view(state);
  }

  /** Stops a watch (its request in flight is aborted); no end is reported but `cancelled`. */
  cancel(id: number): boolean {
    const state = this.states.get(id);
    if (!state) return false;
    state.controller?.abort();
    this.end(state, { kind: 'cancelled' });
    return true;
  }

  cancelAll(): void {
    for (const id of [...this.states.keys()]) this.cancel(id);
  }

  dispose(): void {
    this.cancelAll();
    this.disposed = true;
    this.clearTimer();
  }

  private end(state: State, end: WatchEnd, pump = true): void {
    if (!this.states.delete(state.id)) return;
    if (this.inFlight === state) this.inFlight = undefined;
    this.options.onEnd?.(view(state), end);
    this.options.onChange?.();
    if (pump) this.pump();
  }

  private clearTimer(): void {
    this.timer.clear();
  }

  /** Ends what is past its time limit, starts the next request when one is due, or sets the one timer. */
  private pump(): void {
    if (this.disposed) return;
    const now = this.clock.now();
    for (const s of [...this.states.values()]) {
      if (s.deadline <= now && this.inFlight !== s)
        this.end(s, { kind: 'timeout', seen: s.seen, lastError: s.lastError }, false);
    }
    if (this.states.size === 0) {
      this.clearTimer();
      return;
    }
    let wake = Number.POSITIVE_INFINITY;
    for (const s of this.states.values()) if (this.inFlight !== s) wake = Math.min(wake, s.deadline);
    if (!this.inFlight) {
      let next: State | undefined;
      for (const s of this.states.values()) if (!next || s.nextAt < next.nextAt) next = s;
      if (next) {
        const at = Math.max(next.nextAt, this.lastRequestAt + this.minGapMs);
        if (at <= now && at < next.deadline) {
          this.start(next, now);
          // Its deadline is watched again once it has answered.
          wake = Number.POSITIVE_INFINITY;
          for (const s of this.states.values()) if (s !== next) wake = Math.min(wake, s.deadline);
        } else wake = Math.min(wake, at);
      }
    }
    if (wake === Number.POSITIVE_INFINITY) {
      this.clearTimer();
      return;
    }
    if (this.timer.at === wake && this.timer.pending) return;
    this.timer.set(wake - now, () => this.pump());
  }

  private start(state: State, now: number): void {
    const source: WatchSource = state.useNode && !state.seen && state.checks % 4 !== 3 ? 'node' : 'indexer';
    const controller = new AbortController();
    state.controller = controller;
    state.checks++;
    this.requests++;
    this.inFlight = state;
    this.lastRequestAt = now;
    this.options.check(view(state), source, controller.signal).then(
      (answer) => this.answered(state, answer, controller),
      (err: unknown) => this.failed(state, source, err, controller),
    );
  }

  private answered(state: State, answer: CheckAnswer, controller: AbortController): void {
    if (controller.signal.aborted || !this.states.has(state.id)) return;
    this.inFlight = undefined;
    state.controller = undefined;
    state.errors = 0;
    state.lastError = undefined;
    const now = this.clock.now();
    if (answer.kind === 'found') {
      this.end(state, { kind: 'found', outcome: answer.outcome });
      return;
    }
    if (answer.kind === 'seen' && !state.seen) {
      // The node has it: the indexer next, from the shortest gap again.
      state.seen = answer.outcome;
      state.step = 0;
      state.nextAt = now;
      this.options.onChange?.();
    } else {
      state.nextAt = now + (this.delays[state.step] ?? this.maxIntervalMs);
      state.step++;
    }
    this.pump();
  }

  private failed(state: State, source: WatchSource, err: unknown, controller: AbortController): void {
    if (controller.signal.aborted || !this.states.has(state.id)) return;
    this.inFlight = undefined;
    state.controller = undefined;
    this.options.onError?.(view(state), source, err);
    const now = this.clock.now();
    if (source === 'node') {
      // A node that fails is not asked again for this watch: the indexer is, at once.
      state.useNode = false;
      state.nextAt = now;
    } else {
      state.lastError = err instanceof Error ? err.message : String(err);
      const retryAfter = err instanceof HttpError ? err.retryAfterMs : undefined;
      const backoff = ERROR_BACKOFF_MS[Math.min(state.errors, ERROR_BACKOFF_MS.length - 1)]!;
      state.errors++;
      state.nextAt =
        now + (retryAfter !== undefined ? Math.min(Math.max(retryAfter, backoff / 4), MAX_RETRY_AFTER_MS) : backoff);
    }
    this.options.onChange?.();
    this.pump();
  }
}

function normalise(hash: string): string {
  return hash.replace(/^0x/i, '').toUpperCase();
}

function view(s: State): Watch {
  return {
    id: s.id,
    hash: s.hash,
    network: s.network,
    node: s.node,
    startedAt: s.startedAt,
    deadline: s.deadline,
    checks: s.checks,
    seen: s.seen,
    lastError: s.lastError,
    useNode: s.useNode,
  };
}
