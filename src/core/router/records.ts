/**
 * What is kept of a tracked transfer, as zod schemas (the types are inferred from them): the hops of the transfer
 * model and the stored record. Stored records are parsed with these when read back (another window, an older
 * version or a hand edit may have written anything), so a record that does not fit is dropped, not trusted.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';

const OutcomeSchema = lazySchema(() => z.enum(['pending', 'failing', 'success', 'failed', 'abandoned']));
export type Outcome = z.infer<typeof OutcomeSchema>;
const HopOutcomeSchema = lazySchema(() => z.enum(['pending', 'done', 'failed', 'unknown']));
export type HopOutcome = z.infer<typeof HopOutcomeSchema>;

const HopTxSchema = lazySchema(() =>
  z.object({
    /** The bridge's name for it: send_tx, receive_tx, acknowledge_tx, order_filled_tx, … */
    name: z.string(),
    chainId: z.optional(z.string()),
    hash: z.string(),
    /** Server text: open only after checking it is an https URL. */
    explorerLink: z.optional(z.string()),
    onChainAt: z.optional(z.string()),
  }),
);
export type HopTx = z.infer<typeof HopTxSchema>;

const HopViewSchema = lazySchema(() =>
  z.object({
    /** The leg kind as the router names it (`ibc_transfer`, `op_init_transfer`, or an unknown key). */
    kind: z.string(),
    /** "IBC", "OPinit bridge", "LayerZero", … */
    label: z.string(),
    /** False for a leg kind this version does not model (shown generically). */
    known: z.boolean(),
    fromChainId: z.optional(z.string()),
    toChainId: z.optional(z.string()),
    state: z.string(),
    outcome: HopOutcomeSchema,
    /** e.g. "IBC osmosis-1 → interwoven-1: received, waiting for the acknowledgement". */
    summary: z.string(),
    txs: z.array(HopTxSchema),
    error: z.optional(z.string()),
  }),
);
export type HopView = z.infer<typeof HopViewSchema>;

const ReleaseSchema = lazySchema(() =>
  z.object({
    chainId: z.optional(z.string()),
    denom: z.optional(z.string()),
    amount: z.optional(z.string()),
    released: z.optional(z.boolean()),
  }),
);
export type Release = z.infer<typeof ReleaseSchema>;

const TransferSummarySchema = lazySchema(() =>
  z.object({
    sourceChainId: z.optional(z.string()),
    destChainId: z.optional(z.string()),
    amountIn: z.optional(z.string()),
    sourceDenom: z.optional(z.string()),
    amountOut: z.optional(z.string()),
    destDenom: z.optional(z.string()),
    hops: z.optional(z.number()),
    /** The assets' symbols and decimals as the router listed them when tracked (amounts in whole units). */
    sourceSymbol: z.optional(z.string()),
    sourceDecimals: z.optional(z.number()),
    destSymbol: z.optional(z.string()),
    destDecimals: z.optional(z.number()),
  }),
);
export type TransferSummary = z.infer<typeof TransferSummarySchema>;

const LastStatusSchema = lazySchema(() =>
  z.object({
    state: z.string(),
    outcome: OutcomeSchema,
    terminal: z.boolean(),
    hops: z.array(HopViewSchema),
    error: z.optional(z.string()),
    release: z.optional(ReleaseSchema),
    updatedAt: z.number(),
    /** The raw status answer, for the JSON document (bounded: see `boundRaw`). */
    raw: z.optional(z.unknown()),
  }),
);

/** A tracked transfer as stored (one file per transfer) and held in memory. */
export const TrackedTransferSchema = lazySchema(() =>
  z.object({
    /** As registered with the router (cosmos: upper-case hex; EVM: 0x lower-case). */
    txHash: z.string().check(z.minLength(1), z.maxLength(200)),
    chainId: z.string().check(z.minLength(1), z.maxLength(200)),
    routerUrl: z.string(),
    network: z.string(),
    trackedAt: z.number(),
    estimatedSeconds: z.optional(z.number()),
    summary: z.optional(TransferSummarySchema),
    explorerLink: z.optional(z.string()),
    watching: z.boolean(),
    last: z.optional(LastStatusSchema),
    /** Why polling stopped without a terminal state (the router never knew it, …). */
    problem: z.optional(z.string()),
    /** A lossless OP withdrawal: when it can be claimed on L1 (ms; from the route's estimated duration). */
    claimableAt: z.optional(z.number()),
    /** The "can be claimed now" notification was shown (by some window). */
    claimAnnounced: z.optional(z.boolean()),
    /**
     * false while the router has not accepted the tx yet (it must land first, core/router/landing.ts); absent on
     * records registered at once (and on those of older versions).
     */
    registered: z.optional(z.boolean()),
    /** When registration was first tried (ms): the landing window counts from here, across window reloads. */
    registerSince: z.optional(z.number()),
    /** A lossless OP withdrawal: followed without the router (core/router/opWithdrawal.ts). */
    opWithdrawal: z.optional(
      z.object({
        finalizationSeconds: z.number(),
        executorUrl: z.optional(z.string()),
        /** The L1 address it goes to (the executor lists withdrawals by it). */
        receiver: z.optional(z.string()),
        sequence: z.optional(z.number()),
        outputIndex: z.optional(z.number()),
        initiatedAt: z.optional(z.number()),
        checkedAt: z.optional(z.number()),
      }),
    ),
  }),
);
export type TrackedTransfer = z.infer<typeof TrackedTransferSchema>;

export const transferKey = (t: Pick<TrackedTransfer, 'chainId' | 'txHash'>): string => `${t.chainId}:${t.txHash}`;

/**
 * A tracked transfer that is still in progress: watched, not terminal, not given up on; an OP withdrawal until it is
 * claimable (announced).
 */
export function isUnfinished(
  t: Pick<TrackedTransfer, 'watching' | 'last' | 'problem' | 'opWithdrawal' | 'claimAnnounced'>,
): boolean {
  if (t.opWithdrawal) return t.watching && !t.problem && !t.claimAnnounced;
  return t.watching && !t.last?.terminal && !t.problem;
}

/**
 * Whether some window has to ask a server about it: the router (to register it, or for its status), or the rollup's
 * executor for an OP withdrawal not yet in an output. An OP withdrawal without an executor needs only its claim timer.
 */
export function needsPolling(
  t: Pick<TrackedTransfer, 'watching' | 'last' | 'problem' | 'opWithdrawal' | 'claimAnnounced'>,
): boolean {
  if (!isUnfinished(t)) return false;
  const w = t.opWithdrawal;
  return !w || (!!w.executorUrl && !!w.receiver && w.outputIndex === undefined);
}

/** The largest raw status answer kept per transfer (its JSON, in bytes). */
export const MAX_RAW_BYTES = 64 * 1024;

/** The raw status as kept: itself when its JSON fits `max` bytes, else a short marker saying how large it was. */
export function boundRaw(raw: unknown, max = MAX_RAW_BYTES): unknown {
  if (raw === undefined) return undefined;
  let json: string | undefined;
  try {
    json = JSON.stringify(raw);
  } catch {
    return { dropped: 'The status answer could not be kept (not JSON).' };
  }
  if (json === undefined) return undefined;
  const bytes = Buffer.byteLength(json, 'utf8');
  return bytes <= max
    ? raw
    : { dropped: `The status answer was too large to keep (${bytes} bytes; at most ${max}).`, bytes };
}

/** When a lossless OP withdrawal can be claimed, in words ("claimable now", "claimable from 1 Dec 2026, 14:00"). */
export function claimText(
  t: Pick<TrackedTransfer, 'claimableAt' | 'summary'>,
  now: number,
  format: (ms: number) => string,
): string | undefined {
  if (t.claimableAt === undefined) return undefined;
  const where = t.summary?.destChainId ? ` on ${t.summary.destChainId}` : '';
  return t.claimableAt <= now
    ? `Claimable now${where}: claim it with your wallet (the claim is signed outside this extension).`
    : `Claimable${where} from ${format(t.claimableAt)} (the OP bridge's challenge period).`;
}
