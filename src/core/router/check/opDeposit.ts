/**
 * An OPinit deposit, made by a message of its own or by the Move hook an IBC memo calls (`move.message`, receiver
 * `addr::module::function`, BCS arguments, a function of MOVE_HOOKS): over the route's bridge to the rollup, of the
 * amount that arrives, and carrying data only when it is the signed OP hook that was checked. Split from check/memo.ts.
 */
import * as z from 'zod/mini';
import { sameDenom } from '../denoms';
import { BcsReader, DecodeError, base64Bytes, equalBytes, sameAddress, wordAccount } from './bytes';
import { l2Denom } from './anchors';
import { clip, hookSignersOf, mismatch, unverified, type Hop, type Landing, type Run } from './model';
import { lazySchema } from '../../lazySchema';

const nonEmpty = lazySchema(() => z.string().check(z.minLength(1)));

const MoveMessage = lazySchema(() =>
  z.strictObject({
    module_address: nonEmpty,
    module_name: nonEmpty,
    function_name: nonEmpty,
    type_args: z.optional(z.array(z.string())),
    args: z.optional(z.array(z.string())),
  }),
);
type MoveMessage = z.infer<typeof MoveMessage>;
const Move = lazySchema(() => z.strictObject({ message: MoveMessage }));

/**
 * The Move hook functions understood, with their BCS arguments: the OP-bridge deposit hook the router's IBC → rollup
 * routes call on Initia (bridge id, the receiver on the rollup, the amount, and the signed OP hook's bytes or none).
 */
const MOVE_HOOKS: Record<string, { args: string }> = {
  '0x1::op_bridge_hook::deposit': { args: 'u64 bridge_id, address to, u64 amount, vector<u8> data' },
};

const moveId = (m: { module_address: string; module_name: string; function_name: string }) =>
  `${m.module_address.toLowerCase()}::${m.module_name}::${m.function_name}`;

/** Funds arriving on a chain, to be followed to where they land. */
export interface Arrival {
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

/** An Initia Move hook in a memo: an OPinit deposit of what arrives, by a function of MOVE_HOOKS. */
export function moveHook(a: Arrival, body: unknown): Landing | undefined {
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
