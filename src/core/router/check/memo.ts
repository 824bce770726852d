/**
 * Where funds go once they arrive: an IBC transfer's receiver and memo followed hop by hop. Understood: no memo (the
 * receiver keeps them), packet-forward `forward` (nested `next` too), an ibc-hooks `wasm` memo calling the route's
 * entry contract with `swap_and_action` (minimum out checked against the slippage chosen, no affiliates, then a
 * transfer or a further IBC transfer), and an Initia move hook (`move.message`, receiver `addr::module::function`,
 * BCS arguments) of a function in MOVE_HOOKS. Anything else in a memo is unverified; nothing is searched for.
 */
import * as z from 'zod/mini';
import { sameDenom } from '../catalog';
import { goJson } from '../../goJson';
import { BcsReader, DecodeError, base64Bytes, equalBytes, sameAddress, wordAccount } from './bytes';
import { arrivingDenom, l2Denom } from './anchors';
import { anchoredDecimals, quotedMinimum } from './confirm';
import { amountText, clip, hookSignersOf, mismatch, unverified, type Landing, type Run } from './model';
import { numeral, numeralIssue, numeralOrNumber, numeralWords } from './numeral';
import { hopFrom, type Hop } from './route';

const MAX_DEPTH = 6;
const nonEmpty = z.string().check(z.minLength(1));

const Forward = z.strictObject({
  receiver: nonEmpty,
  port: z.optional(z.string()),
  channel: nonEmpty,
  timeout: z.optional(z.union([z.string(), z.number()])),
  retries: z.optional(z.number()),
  next: z.optional(z.unknown()),
});

const SwapOperation = z.strictObject({
  pool: z.string(),
  denom_in: z.string(),
  denom_out: z.string(),
  interface: z.optional(z.nullable(z.string())),
});
const SwapAndAction = z.strictObject({
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
});
const Wasm = z.strictObject({ contract: nonEmpty, msg: z.strictObject({ swap_and_action: SwapAndAction }) });

const MoveMessage = z.strictObject({
  module_address: nonEmpty,
  module_name: nonEmpty,
  function_name: nonEmpty,
  type_args: z.optional(z.array(z.string())),
  args: z.optional(z.array(z.string())),
});
type MoveMessage = z.infer<typeof MoveMessage>;
const Move = z.strictObject({ message: MoveMessage });

/**
 * The Move hook functions understood, with their BCS arguments: the OP-bridge deposit hook the router's IBC → rollup
 * routes call on Initia (bridge id, the receiver on the rollup, the amount, and the signed OP hook's bytes or none).
 */
const MOVE_HOOKS: Record<string, { args: string }> = {
  '0x1::op_bridge_hook::deposit': { args: 'u64 bridge_id, address to, u64 amount, vector<u8> data' },
};

const moveId = (m: { module_address: string; module_name: string; function_name: string }) =>
  `${m.module_address.toLowerCase()}::${m.module_name}::${m.function_name}`;

interface Arrival {
  run: Run;
  hops: readonly Hop[];
  tx: number;
  msg: number;
  /** The chain the funds arrive on, the receiver there and the memo that came with them. */
  chain: string;
  receiver: string;
  memo: string | undefined;
  amount: bigint;
  /** The denom that arrives, where it is known independently of the router (check/anchors.ts arrivingDenom). */
  denom?: string;
  via: string[];
  depth?: number;
}

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
  const sa = w.data.msg.swap_and_action;
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
  const ibc = sa.post_swap_action.ibc_transfer.ibc_info;
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

function moveHook(a: Arrival, body: unknown): Landing | undefined {
  const { run, tx, msg } = a;
  const at = { tx, msg };
  const m = Move.safeParse(body);
  if (!m.success) {
    unverified(
      run,
      `Message ${msg + 1}'s memo calls a Move function on ${clip(a.chain)} in a form this check does not understand.`,
      at,
    );
    return undefined;
  }
  const id = moveId(m.data.message);
  // initia-labs/initia x/ibc-hooks/move-hooks (util.go validateReceiver): the receiver must be exactly
  // "<module_address>::<module_name>::<function_name>" as written in the memo, compared as strings.
  const written = `${m.data.message.module_address}::${m.data.message.module_name}::${m.data.message.function_name}`;
  if (a.receiver !== written) {
    mismatch(
      run,
      `Message ${msg + 1}'s memo calls ${clip(written)}, but the funds are sent to ${clip(a.receiver)}${a.receiver.toLowerCase() === written.toLowerCase() ? ' (written in another case: the chain compares them exactly and refuses the hook)' : ''}.`,
      at,
    );
    return undefined;
  }
  const known = MOVE_HOOKS[id];
  if (!known || m.data.message.type_args?.length) {
    unverified(
      run,
      `Message ${msg + 1}'s memo calls the Move function ${clip(id)} on ${clip(a.chain)}, which this check does not know: what it does with the funds cannot be checked.`,
      at,
    );
    return undefined;
  }
  let args: { bridgeId: bigint; to: string; amount: bigint; data: Uint8Array };
  try {
    const raw = m.data.message.args ?? [];
    if (raw.length !== 4) throw new DecodeError(`${raw.length} arguments instead of 4 (${known.args})`);
    const r = (i: number) => new BcsReader(base64Bytes(raw[i]!));
    const rs = [r(0), r(1), r(2), r(3)];
    args = { bridgeId: rs[0]!.u64(), to: rs[1]!.address(), amount: rs[2]!.u64(), data: rs[3]!.bytesVec() };
    rs.forEach((x) => x.end());
  } catch (err) {
    unverified(
      run,
      `Message ${msg + 1}'s Move hook arguments cannot be read (${clip(err instanceof Error ? err.message : String(err), 80)}).`,
      at,
    );
    return undefined;
  }
  // A Move `address` is 32 bytes; Initia reads one whose upper 12 bytes are zero as that 20-byte account.
  return opDeposit(a, {
    bridgeId: args.bridgeId.toString(),
    to: wordAccount(args.to),
    amount: args.amount,
    data: args.data,
    what: `the Move hook ${id}`,
    denom: a.denom,
  });
}

/** An OPinit deposit from `a.chain` (a message of its own or a hook): lands on the rollup the bridge leads to. */
export function opDeposit(
  a: Arrival,
  d: { bridgeId: string; to: string; amount: bigint; data: Uint8Array; what: string; denom?: string },
): Landing | undefined {
  const { run, tx, msg } = a;
  const at = { tx, msg };
  const hop = a.hops.find((h) => h.kind === 'op_init_transfer' && h.from === a.chain);
  if (!hop) {
    mismatch(run, `Message ${msg + 1} makes an OPinit deposit from ${clip(a.chain)}, which the route does not.`, at);
    return undefined;
  }
  if (hop.bridgeId !== undefined && hop.bridgeId !== d.bridgeId) {
    mismatch(
      run,
      `Message ${msg + 1} deposits over OP bridge ${clip(d.bridgeId)}, but the route's bridge to ${clip(hop.to)} is ${clip(hop.bridgeId)}.`,
      at,
    );
    return undefined;
  }
  // The bridge id as an independent source names it (confirmRoute said so when none does).
  const anchor = run.anchors.opBridge(hop.to);
  if (anchor.kind === 'found' && anchor.anchor.value !== d.bridgeId) {
    mismatch(
      run,
      `Message ${msg + 1} deposits over OP bridge ${clip(d.bridgeId)}, but ${anchor.anchor.source} names bridge ${clip(anchor.anchor.value)} for ${clip(hop.to)}.`,
      at,
    );
    return undefined;
  }
  if (d.amount !== a.amount) {
    mismatch(
      run,
      `Message ${msg + 1}'s deposit (${d.what}) moves ${d.amount} base units, but ${a.amount} arrive there.`,
      at,
    );
  }
  const via = [...a.via, `deposited over OP bridge ${d.bridgeId} to ${hop.to}`];
  // What the rollup mints, computed as OPinit does (anchor.kind 'found': the bridge id is confirmed).
  const minted = anchor.kind === 'found' && d.denom !== undefined ? l2Denom(d.bridgeId, d.denom) : undefined;
  if (!d.data.length) return { chain: hop.to, address: d.to, denom: minted, via };
  // A deposit that carries data runs it on the rollup: only the signed OP hook that was checked.
  if (!run.signedHookBytes || !equalBytes(run.signedHookBytes, d.data)) {
    mismatch(
      run,
      `Message ${msg + 1}'s deposit carries ${d.data.length} bytes of data that run on ${clip(hop.to)} and are not the OP hook you signed.`,
      at,
    );
    return undefined;
  }
  if (!run.hookLanding) {
    unverified(run, `Message ${msg + 1}'s deposit runs the OP hook, whose effect was not checked.`, at);
    return undefined;
  }
  const mine = [run.intent.addresses[hop.to], ...hookSignersOf(run.intent, hop.from)].filter((x): x is string => !!x);
  if (!mine.some((x) => sameAddress(d.to, x, true))) {
    mismatch(
      run,
      `Message ${msg + 1} deposits to ${clip(d.to)} on ${clip(hop.to)}, where your OP hook runs, but that is not your address.`,
      at,
    );
    return undefined;
  }
  return hookAfterDeposit(a, d, minted, via);
}

/** The signed OP hook runs after the deposit: it may send on no more than the deposit brings, of the denom it mints. */
function hookAfterDeposit(
  a: Arrival,
  d: { amount: bigint; what: string },
  minted: string | undefined,
  via: string[],
): Landing | undefined {
  const { run, tx, msg } = a;
  const hook = run.hookLanding!;
  const at = { tx, msg };
  if (hook.amount !== undefined && hook.amount > d.amount) {
    mismatch(
      run,
      `The OP hook you signed sends ${hook.amount} base units on, but ${d.what} brings only ${d.amount}: the rest would come from your own balance on the rollup.`,
      at,
    );
    return undefined;
  }
  if (hook.denom !== undefined && minted !== undefined && !sameDenom(hook.denom, minted)) {
    mismatch(
      run,
      `The OP hook you signed sends ${clip(hook.denom)}, but ${d.what} mints ${clip(minted)} on the rollup: it would spend another asset of yours.`,
      at,
    );
    return undefined;
  }
  if (hook.denom !== undefined && minted === undefined) {
    unverified(
      run,
      `Message ${msg + 1}'s deposit brings an asset that no source but the router names, so whether the OP hook sends on what it brings (${clip(hook.denom)}) cannot be confirmed.`,
      at,
    );
    return undefined;
  }
  return { ...hook, amount: undefined, via: [...via, ...hook.via] };
}
