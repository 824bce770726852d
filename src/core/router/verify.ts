/**
 * Verify before signing: the route and the messages `/v2/fungible/msgs` answered, checked against what the user asked
 * for (their intent, held by the host), by allowlist. The route is checked first (check/route.ts); every transaction
 * (check/txs.ts) and message is decoded by a decoder for its exact type into effects (check/cosmos.ts, check/memo.ts,
 * check/evm.ts): payments from the user's addresses followed hop by hop to where they land, and grants. Then, over all
 * messages together (check/account.ts):
 *  - what leaves the source chain is exactly the amount asked for, of the asset asked for; fees on top only as the
 *    route discloses them (FEE_BEHAVIOR_ADDITIONAL), summed over every message;
 *  - every payment lands at the destination address on the destination chain, or at the user's own address on a
 *    chain that a later transaction of the same answer carries it on from;
 *  - approvals only to the contract the same transaction calls, for no more than it spends;
 *  - every field of every transaction was read: anything else is unverified.
 * The verdict is one of three: matches, unverified (what and why) or mismatch (what differs). What the user copies is
 * built from the parsed, checked objects (`signable`), never the raw answer; the deprecated `msgs[]` is left out.
 * Everything here is server text turned into plain strings: the UI escapes it; nothing here builds HTML.
 */
import type { MsgsResponse, Route } from './schemas';
import { accountFor } from './check/account';
import { mismatch, type Intent, type Landing, type MsgSummary, type Problem, type Run } from './check/model';
import { checkRoute } from './check/route';
import { cosmosTx, evmTx, oneKind, svmTx, type TxRun } from './check/txs';
import { verdictOf, type VerdictKind } from './check/verdict';
import type { AnchorBook } from './check/anchors';

export { sameAddress } from './check/bytes';
export type { Intent, MsgSummary, Problem, VerdictKind };
export type { MsgField } from './check/model';

interface VerifyInput {
  intent: Intent;
  route: Route;
  /** The signed OP hook's bytes and where the checked hook sends the funds (check/hook.ts), when the route needs one. */
  hook?: { bytes: Uint8Array; landing: Landing };
  /** What the check relies on besides the intent, each from a source other than the router (check/anchors.ts). */
  anchors: AnchorBook;
  /** Milliseconds since the epoch (the injectable clock's), for timeouts. */
  now: number;
  /** Symbol and decimals of an asset, when known (for whole units in words). */
  asset?: (chainId: string, denom: string) => { symbol?: string; decimals?: number } | undefined;
}

export interface Verification {
  kind: VerdictKind;
  /** What the messages do, in words (only when they match). */
  effects: string[];
  /** What a match rests on that the user should know (only when they match). */
  caveats: string[];
  mismatches: Problem[];
  unverified: Problem[];
  summaries: MsgSummary[];
  /** The transactions to sign, rebuilt from the checked objects (the deprecated msgs[] left out). */
  signable: { txs: unknown[] };
  ok: boolean;
}

/** The route, then every transaction of the answer in order, then all payments together: the verdict. */
export function verifyMsgs(msgs: MsgsResponse, input: VerifyInput): Verification {
  const { intent, route } = input;
  const run: Run = {
    intent,
    route,
    problems: [],
    payments: [],
    grants: [],
    summaries: [],
    anchors: input.anchors,
    now: input.now,
    caveats: [],
    asset: input.asset ?? (() => undefined),
    signedHookBytes: input.hook?.bytes,
    hookLanding: input.hook?.landing,
  };
  const hops = checkRoute(run);
  const state: TxRun = { run, hops, undecoded: 0 };
  const signable: unknown[] = [];
  let complete = true;
  if (!msgs.txs.length) mismatch(run, 'The router returned no transaction to sign.');

  msgs.txs.forEach((raw, t) => {
    if (!oneKind(run, t, raw)) {
      complete = false;
      return;
    }
    if (raw.cosmos_tx) signable.push(cosmosTx(state, t, raw.cosmos_tx, raw) ?? ((complete = false), raw));
    else if (raw.evm_tx) signable.push(evmTx(state, t, raw.evm_tx, raw));
    else signable.push(svmTx(run, t, raw));
  });

  const effects = accountFor(run, state.undecoded);
  const verdict = verdictOf(run, effects);
  return { ...verdict, signable: { txs: complete ? signable : msgs.txs }, ok: verdict.kind === 'matches' };
}
