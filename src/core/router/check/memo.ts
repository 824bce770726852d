/**
 * Where funds go once they arrive: an IBC transfer's receiver and memo followed hop by hop. Understood: no memo (the
 * receiver keeps them), packet-forward `forward` (nested `next` too), an ibc-hooks `wasm` memo calling the route's
 * entry contract with `swap_and_action` (minimum out checked against the slippage chosen, no affiliates, then a
 * transfer or a further IBC transfer), and an Initia move hook (check/opDeposit.ts). Anything else in a memo is
 * unverified; nothing is searched for.
 */
import * as z from 'zod/mini';
import { sameDenom } from '../denoms';
import { goJson } from '../../goJson';
import { sameAddress } from './bytes';
import { arrivingDenom } from './anchors';
import { anchoredDecimals, quotedMinimum } from './confirm';
import { amountText, clip, mismatch, unverified, type Landing } from './model';
import { numeral, numeralIssue, numeralOrNumber, numeralWords } from './numeral';
import { moveHook, type Arrival } from './opDeposit';
import { hopFrom } from './route';
import { lazySchema } from '../../lazySchema';

const MAX_DEPTH = 6;
const nonEmpty = lazySchema(() => z.string().check(z.minLength(1)));

const Forward = lazySchema(() =>
  z.strictObject({
    receiver: nonEmpty,
    port: z.optional(z.string()),
    channel: nonEmpty,
    timeout: z.optional(z.union([z.string(), z.number()])),
    retries: z.optional(z.number()),
    next: z.optional(z.unknown()),
  }),
);

const SwapOperation = lazySchema(() =>
  z.strictObject({
    pool: z.string(),
    denom_in: z.string(),
    denom_out: z.string(),
    interface: z.optional(z.nullable(z.string())),
  }),
);
const SwapAndAction = lazySchema(() =>
  z.strictObject({
    user_swap: z.strictObject({
      swap_exact_asset_in: z.strictObject({ swap_venue_name: z.string(), operations: z.array(SwapOperation) }),
    }),
    min_asset: z.strictObject({ native: z.strictObject({ denom: z.string(), amount: numeral(128) }) }),
    timeout_timestamp: numeralOrNumber(64),
    post_swap_action: z.union([
      z.strictObject({ transfer: z.strictObject({ to_address: nonEmpty }) }),
      z.strictObject({
        ibc_transfer: z.strictObject({
          ibc_info: z.strictObject({
            source_channel: nonEmpty,
            receiver: nonEmpty,
            memo: z.optional(z.string()),
            recover_address: z.optional(z.string()),
          }),
        }),
      }),
    ]),
    affiliates: z.optional(z.array(z.unknown())),
  }),
);
const Wasm = lazySchema(() =>
  z.strictObject({ contract: nonEmpty, msg: z.strictObject({ swap_and_action: SwapAndAction }) }),
);

/** Follows funds from an arrival to where they finally land; undefined when a problem was recorded instead. */
export function follow(a: Arrival): Landing | undefined {
  const { run, tx, msg } = a;
  const at = { tx, msg };
  const depth = a.depth ?? 0;
  if (depth > MAX_DEPTH) {
    unverified(run, `Message ${msg + 1} forwards the funds more than ${MAX_DEPTH} times: not followed further.`, at);
    return undefined;
  }
  // Read as the chain reads it (Go's encoding/json, nothing trimmed): "" is no memo; text that is not JSON for Go
  // either is a note no hook reads (the receiver keeps the funds); text Go could read otherwise is not followed.
  const memo = a.memo ?? '';
  if (memo === '') return { chain: a.chain, address: a.receiver, denom: a.denom, via: a.via };
  const parsed = goJson(memo);
  if (!parsed.ok && parsed.notJson) return { chain: a.chain, address: a.receiver, denom: a.denom, via: a.via };
  if (!parsed.ok) {
    unverified(
      run,
      `Message ${msg + 1}'s memo cannot be read as the chain reads it (${clip(parsed.reason, 120)}): what it does on ${clip(a.chain)} is not checked.`,
      at,
    );
    return undefined;
  }
  const value = parsed.value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    unverified(
      run,
      `Message ${msg + 1}'s memo is JSON but not an object: the check cannot tell what it does on ${clip(a.chain)}.`,
      at,
    );
    return undefined;
  }
  const keys = Object.keys(value);
  if (keys.length !== 1 || !['forward', 'wasm', 'move'].includes(keys[0]!)) {
    unverified(
      run,
      `Message ${msg + 1}'s memo carries ${keys.map((k) => `"${clip(k, 40)}"`).join(', ') || 'nothing'}, which this check does not understand (it may move the funds on ${clip(a.chain)}).`,
      at,
    );
    return undefined;
  }
  const body = (value as Record<string, unknown>)[keys[0]!];
  if (keys[0] === 'forward') return forward(a, body);
  if (keys[0] === 'wasm') return wasm(a, body);
  return moveHook(a, body);
}

/** A memo field holding a numeral the chain could read otherwise: a mismatch, in words. */
function numeralFailure(a: Arrival, issues: Parameters<typeof numeralIssue>[0], body: unknown, what: string): boolean {
  const found = numeralIssue(issues, body);
  if (!found) return false;
  const bits = /amount/.test(found.path) ? 128 : 64;
  mismatch(a.run, `Message ${a.msg + 1}'s ${what}: ${numeralWords(clip(found.path, 60), found.value, bits)}`, {
    tx: a.tx,
    msg: a.msg,
  });
  return true;
}

function forward(a: Arrival, body: unknown): Landing | undefined {
  const { run, tx, msg } = a;
  const f = Forward.safeParse(body);
  if (!f.success) {
    if (numeralFailure(a, f.error.issues, body, 'packet-forward memo')) return undefined;
    unverified(run, `Message ${msg + 1}'s packet-forward memo has fields this check does not understand.`, { tx, msg });
    return undefined;
  }
  const hop = hopFrom(a.hops, a.chain, 'transfer', f.data.channel);
  if (!hop || hop.channel !== f.data.channel) {
    mismatch(
      run,
      `Message ${msg + 1} forwards the funds from ${clip(a.chain)} over ${clip(f.data.channel)}, which is not a channel of the route.`,
      { tx, msg },
    );
    return undefined;
  }
  const next = f.data.next;
  const nextMemo =
    next === undefined || next === null ? undefined : typeof next === 'string' ? next : JSON.stringify(next);
  const denom = a.denom === undefined ? undefined : arrivingDenom(run.anchors, a.chain, hop.to, a.denom);
  return follow({
    ...a,
    chain: hop.to,
    receiver: f.data.receiver,
    memo: nextMemo,
    denom,
    via: [...a.via, `forwarded over ${hop.channel} to ${hop.to}`],
    depth: (a.depth ?? 0) + 1,
  });
}

/** An ibc-hooks `wasm` memo: the route's entry contract, the funds' receiver, called with `swap_and_action`. */
function wasm(a: Arrival, body: unknown): Landing | undefined {
  const { run, tx, msg } = a;
  const at = { tx, msg };
  const w = Wasm.safeParse(body);
  if (!w.success) {
    if (numeralFailure(a, w.error.issues, body, 'contract call in the memo')) return undefined;
    unverified(
      run,
      `Message ${msg + 1}'s memo calls a contract on ${clip(a.chain)} with a message this check does not understand.`,
      at,
    );
    return undefined;
  }
  const { contract } = w.data;
  if (!sameAddress(contract, a.receiver)) {
    mismatch(
      run,
      `Message ${msg + 1}'s memo calls ${clip(contract)}, but the funds are sent to ${clip(a.receiver)}.`,
      at,
    );
    return undefined;
  }
  const entry = a.hops.find((h) => h.to === a.chain && h.entryContract)?.entryContract;
  if (!entry || !sameAddress(entry, contract)) {
    unverified(
      run,
      `Message ${msg + 1} hands the funds to contract ${clip(contract)} on ${clip(a.chain)}, which the route does not name as its entry point: what it does cannot be checked.`,
      at,
    );
    return undefined;
  }
  return swapAndAction(a, contract, w.data.msg.swap_and_action);
}

/** The swap: no affiliates, ending in the denom its minimum is of, not expired; then where its output goes. */
function swapAndAction(a: Arrival, contract: string, sa: z.infer<typeof SwapAndAction>): Landing | undefined {
  const { run, tx, msg } = a;
  const at = { tx, msg };
  if (sa.affiliates && sa.affiliates.length) {
    mismatch(
      run,
      `Message ${msg + 1}'s swap pays ${sa.affiliates.length} affiliate(s) a share that the route does not disclose.`,
      at,
    );
    return undefined;
  }
  const ops = sa.user_swap.swap_exact_asset_in.operations;
  const min = sa.min_asset.native;
  if (!ops.length || !sameDenom(ops.at(-1)!.denom_out, min.denom)) {
    mismatch(
      run,
      `Message ${msg + 1}'s swap ends in ${clip(ops.at(-1)?.denom_out ?? 'nothing')} but guarantees a minimum of ${clip(min.denom)}.`,
      at,
    );
    return undefined;
  }
  swapMinimum(a, min, 'transfer' in sa.post_swap_action);
  const deadline = /^\d+$/.test(String(sa.timeout_timestamp)) ? BigInt(String(sa.timeout_timestamp)) : 0n;
  if (deadline <= BigInt(run.now) * 1_000_000n)
    mismatch(
      run,
      `Message ${msg + 1}'s swap expired already (timeout ${clip(String(sa.timeout_timestamp), 40)}): the contract would refuse it.`,
      at,
    );
  const via = [
    ...a.via,
    `swapped on ${a.chain} by ${contract} (at least ${amountText(run, a.chain, min.denom, min.amount)})`,
  ];
  if ('transfer' in sa.post_swap_action)
    return { chain: a.chain, address: sa.post_swap_action.transfer.to_address, denom: min.denom, via };
  return swappedOnward(a, sa.post_swap_action.ibc_transfer.ibc_info, min, via);
}

/** The swap's output sent on over IBC: over a channel of the route, recoverable only by the user, then followed. */
function swappedOnward(
  a: Arrival,
  ibc: { source_channel: string; receiver: string; memo?: string; recover_address?: string },
  min: { denom: string; amount: string },
  via: string[],
): Landing | undefined {
  const { run, tx, msg } = a;
  const at = { tx, msg };
  const hop = hopFrom(a.hops, a.chain, 'transfer', ibc.source_channel);
  if (!hop || hop.channel !== ibc.source_channel) {
    mismatch(
      run,
      `Message ${msg + 1} sends the swapped funds from ${clip(a.chain)} over ${clip(ibc.source_channel)}, which is not a channel of the route.`,
      at,
    );
    return undefined;
  }
  if (ibc.recover_address && !sameAddress(ibc.recover_address, run.intent.addresses[a.chain] ?? '')) {
    mismatch(
      run,
      `Message ${msg + 1} names ${clip(ibc.recover_address)} to recover the funds on ${clip(a.chain)} if the transfer fails, which is not your address there.`,
      at,
    );
  }
  return follow({
    ...a,
    chain: hop.to,
    receiver: ibc.receiver,
    memo: ibc.memo,
    denom: arrivingDenom(run.anchors, a.chain, hop.to, min.denom),
    via: [...via, `sent over ${hop.channel} to ${hop.to}`],
    depth: (a.depth ?? 0) + 1,
  });
}

/**
 * A swap's minimum out. Its basis is the router's own quote (no other price is known: said as a caveat); the router
 * could lower the quote with the minimum, so a minimum that is less than a tenth of what is sent, counted in whole
 * units at decimals the router did not give, is not accepted either. Checked whether or not the swap's output is final
 * (an IBC hop after it carries the same amount).
 */
function swapMinimum(a: Arrival, min: { denom: string; amount: string }, final: boolean): void {
  const { run, tx, msg } = a;
  const at = { tx, msg };
  const { intent } = run;
  const expected = quotedMinimum(run);
  const minimum = BigInt(min.amount);
  const shown = amountText(run, a.chain, min.denom, min.amount);
  if (expected === undefined)
    unverified(
      run,
      `Message ${msg + 1}'s swap accepts as little as ${shown}, but the least you accept could not be worked out from the route's amount out and your slippage (${clip(intent.slippagePercent, 20)}): the minimum is not checked.`,
      at,
    );
  else if (minimum < expected)
    mismatch(
      run,
      `Message ${msg + 1}'s swap accepts as little as ${shown}, but at your slippage of ${clip(intent.slippagePercent)} % the minimum is ${amountText(run, a.chain, min.denom, expected)}.`,
      at,
    );
  const inDecimals = anchoredDecimals(run, intent.sourceChainId, intent.sourceDenom);
  const outDecimals = anchoredDecimals(run, a.chain, min.denom);
  if (inDecimals === undefined || outDecimals === undefined) {
    unverified(
      run,
      `Message ${msg + 1}'s swap minimum (${shown}) cannot be weighed against what you send: no source but the router gives the decimals of ${clip(outDecimals === undefined ? min.denom : intent.sourceDenom)}.`,
      at,
    );
    return;
  }
  // minimum / 10^out < (amountIn / 10^in) / 10  ⇔  minimum · 10^in · 10 < amountIn · 10^out
  if (minimum * 10n ** BigInt(inDecimals) * 10n < BigInt(intent.amountIn) * 10n ** BigInt(outDecimals)) {
    unverified(
      run,
      `Message ${msg + 1}'s swap accepts as little as ${shown} for the ${clip(intent.typed)} you send: less than a tenth of it counted in whole units, and the router's quote is the only price this check has.`,
      at,
    );
  }
  run.caveats.push(
    `The swap's minimum${final ? '' : ' (before the next hop)'} rests on the router's own quote at your slippage of ${intent.slippagePercent} %: no other price is known to this check.`,
  );
}
