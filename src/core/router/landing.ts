/**
 * Registering a transaction with the router once it has landed. Skip's `/v2/tx/track` takes "a transaction that has
 * already landed on-chain" (skip-go docs/swagger.yml); before that it answers 404 (not found) or 400 `tx is invalid
 * on chain`. InterwovenKit retries 30 times, 1 s apart (pages/bridge/data/tx.ts `trackTransaction`). Here: retries
 * with a growing gap (1 s, then ×1.5 up to 8 s) until a minute has passed since the first try (`since`, kept with
 * the record, so a window reload goes on from where it was), honouring Retry-After; "chain ID not supported" and
 * other 4xx answers end it at once. At most one request in flight; stop() aborts it. Pure: the clock injected.
 */
import { HttpError, errorMessage } from '../errors';
import { systemClock, type Clock } from '../clock';
import { TimedPoll, tellSafely } from '../timedPoll';
import type { TrackResponse } from './schemas';

/** How long a transaction may take to land before the router is no longer asked (ms). */
const LANDING_WINDOW_MS = 60_000;
const FIRST_GAP_MS = 1_000;
const MAX_GAP_MS = 8_000;

/** The router's answer while the transaction has not landed (yet): 404 not found, or 400 "tx is invalid on chain". */
export function isNotLandedYet(err: unknown): boolean {
  if (!(err instanceof HttpError)) return false;
  if (err.status === 404) return !/chain id not supported|chain .*not (supported|found)/i.test(err.serverMessage);
  return err.status === 400 && /tx is invalid on chain/i.test(err.serverMessage);
}

/** Worth asking again within the window: not landed yet, a rate limit or an unavailable router, or no answer at all. */
function worthRetrying(err: unknown): boolean {
  if (isNotLandedYet(err)) return true;
  const retryable = (err as { retryable?: unknown } | null)?.retryable;
  return typeof retryable === 'boolean' ? retryable : true;
}

export type RegistrationEvent =
  | { kind: 'waiting'; error: unknown; retryInMs: number; attempts: number }
  | { kind: 'registered'; ack: TrackResponse; attempts: number }
  | { kind: 'failed'; error: unknown; attempts: number; landed: boolean };

interface RegistrationOptions {
  /** When the first attempt was made (ms on the clock); the window counts from here. */
  since: number;
  clock?: Clock;
  windowMs?: number;
}

export class RegistrationPoll extends TimedPoll {
  private ended = false;
  private gap = FIRST_GAP_MS;
  /** Requests sent by this poll. */
  attempts = 0;

  constructor(
    private readonly track: (signal: AbortSignal) => Promise<TrackResponse>,
    private readonly options: RegistrationOptions,
    private readonly onEvent: (event: RegistrationEvent) => void,
  ) {
    super(options.clock ?? systemClock);
  }

  start(): void {
    if (this.ended || !this.stopped) return;
    this.begin(0);
  }

  private get deadline(): number {
    return this.options.since + (this.options.windowMs ?? LANDING_WINDOW_MS);
  }

  private end(event: RegistrationEvent): void {
    this.ended = true;
    this.stop();
    tellSafely(this.onEvent, event);
  }

  protected async tick(signal: AbortSignal): Promise<void> {
    this.attempts++;
    try {
      const ack = await this.track(signal);
      if (this.stopped) return;
      this.end({ kind: 'registered', ack, attempts: this.attempts });
    } catch (err) {
      if (this.stopped || signal.aborted) return;
      const now = this.clock.now();
      const retryAfter =
        typeof (err as { retryAfterMs?: unknown }).retryAfterMs === 'number'
          ? (err as { retryAfterMs: number }).retryAfterMs
          : 0;
      const wait = Math.max(this.gap, retryAfter);
      if (!worthRetrying(err) || now + wait > this.deadline) {
        this.end({ kind: 'failed', error: err, attempts: this.attempts, landed: !isNotLandedYet(err) });
        return;
      }
      this.gap = Math.min(MAX_GAP_MS, this.gap * 1.5);
      this.plan(wait);
      tellSafely(this.onEvent, { kind: 'waiting', error: err, retryInMs: wait, attempts: this.attempts });
    }
  }
}

/** Why registration ended without the router accepting the transaction, in words. */
export function registrationProblem(
  event: Extract<RegistrationEvent, { kind: 'failed' }>,
  chainId: string,
  windowMs = LANDING_WINDOW_MS,
): string {
  if (!event.landed) {
    return `The router did not see this transaction on ${chainId} within ${Math.round(windowMs / 1000)} s (it said: ${errorMessage(event.error)}). Check the hash and the chain, or track it again once it is in a block.`;
  }
  return `The router did not register this transaction: ${errorMessage(event.error)}`;
}
