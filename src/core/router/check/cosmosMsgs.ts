/**
 * The decoders of the Cosmos message types the check understands, one per type URL: each reads its type's fields,
 * checks them against the route and the user's addresses, and records the payments it makes, followed to where they
 * land (check/memo.ts). CCTP burns are check/cctp.ts's.
 */
import * as z from 'zod/mini';
import { base64Bytes } from './bytes';
import { cctpBurn } from './cctp';
import { Coin, Height, amount, checkFrom, parse, u64, type CosmosMsg, type CosmosResult } from './cosmosRead';
import { decodeEvmCall } from './evm';
import { follow } from './memo';
import { opDeposit } from './opDeposit';
import { clip, mismatch, unverified, type Hop, type Run } from './model';
import { hopFrom } from './route';
import { arrivingDenom, l1DenomOf } from './anchors';
import { confirmedBridge } from './confirm';
import { lazySchema } from '../../lazySchema';

const MsgTransfer = lazySchema(() =>
  z.strictObject({
    source_port: z.string(),
    source_channel: z.string(),
    token: Coin,
    sender: z.string(),
    receiver: z.string(),
    timeout_height: z.optional(Height),
    timeout_timestamp: z.optional(u64),
    memo: z.optional(z.string()),
  }),
);
const MsgSend = lazySchema(() =>
  z.strictObject({ from_address: z.string(), to_address: z.string(), amount: z.array(Coin) }),
);
const MsgDeposit = lazySchema(() =>
  z.strictObject({
    sender: z.string(),
    bridge_id: u64,
    to: z.string(),
    amount: Coin,
    data: z.optional(z.nullable(z.string())),
  }),
);
const MsgWithdrawal = lazySchema(() => z.strictObject({ sender: z.string(), to: z.string(), amount: Coin }));
const MsgCall = lazySchema(() =>
  z.strictObject({
    sender: z.string(),
    contract_addr: z.string(),
    input: z.string(),
    value: z.optional(z.nullable(amount)),
    access_list: z.optional(z.nullable(z.array(z.unknown()))),
    auth_list: z.optional(z.nullable(z.array(z.unknown()))),
  }),
);

/**
 * An IBC transfer's timeout: a timestamp (nanoseconds) later than now, and no timeout height (a height on the other
 * chain, which this check cannot judge). A timeout already past fails the transfer (the fees are lost); both unset
 * is refused by the chain (ibc-go MsgTransfer.ValidateBasic).
 */
function checkTimeout(
  run: Run,
  at: { tx: number; msg: number },
  timestamp: string | number | bigint | undefined,
  height: z.infer<typeof Height> | undefined,
): void {
  const num = (v: string | number | bigint | undefined) => (/^\d+$/.test(String(v ?? 0)) ? BigInt(String(v ?? 0)) : 1n);
  const h = height ? num(height.revision_height) + num(height.revision_number) : 0n;
  if (h !== 0n)
    unverified(
      run,
      `Message ${at.msg + 1} times out at a height of the receiving chain, which this check cannot judge.`,
      at,
    );
  const ns = timestamp === undefined || !/^\d+$/.test(String(timestamp)) ? 0n : BigInt(String(timestamp));
  if (ns === 0n && h === 0n)
    mismatch(run, `Message ${at.msg + 1} has no timeout: the chain refuses such a transfer (and charges its fee).`, at);
  else if (ns !== 0n && ns <= BigInt(run.now) * 1_000_000n)
    mismatch(
      run,
      `Message ${at.msg + 1} timed out already (${new Date(Number(ns / 1_000_000n)).toISOString()}): the transfer would fail and its fees be lost.`,
      at,
    );
}

/** The L1 denom a withdrawal of `denom` from `rollup` pays out, computed from the confirmed bridge id (or undefined). */
function withdrawnDenom(run: Run, hops: readonly Hop[], rollup: string, denom: string): string | undefined {
  const bridge = confirmedBridge(run, rollup);
  if (bridge === undefined) return undefined;
  const candidates = [
    ...run.anchors.opDenoms(rollup),
    ...hops.flatMap((h) => [h.denomIn, h.denomOut]).filter((d): d is string => !!d),
    run.intent.destDenom,
  ];
  return l1DenomOf(bridge, denom, candidates);
}

/** An IBC transfer: over the route's channel, not timed out, followed to where its receiver and memo take it. */
function ibcTransfer(ctx: CosmosMsg): CosmosResult {
  const { run, hops, tx, msg, chain, at, name, fields, summary, obj, amt, pay } = ctx;
  const m = parse(run, at, name, MsgTransfer, obj);
  if (!m) return { summary };
  fields.push(
    { label: 'Sender', value: clip(m.sender) },
    { label: 'Receiver', value: clip(m.receiver, 200) },
    { label: 'Amount', value: amt(m.token) },
    { label: 'Channel', value: clip(`${m.source_port}/${m.source_channel}`) },
  );
  if (m.memo) fields.push({ label: 'Memo', value: clip(m.memo, 200) });
  checkFrom(run, at, chain, 'sender', m.sender);
  checkTimeout(run, at, m.timeout_timestamp, m.timeout_height);
  const hop = hopFrom(hops, chain, undefined, m.source_channel);
  let landing: ReturnType<typeof follow>;
  if (
    !hop ||
    (hop.kind !== 'transfer' && hop.kind !== 'eureka_transfer') ||
    hop.channel !== m.source_channel ||
    m.source_port !== 'transfer'
  ) {
    mismatch(
      run,
      `Message ${msg + 1} sends over ${clip(`${m.source_port}/${m.source_channel}`)} from ${clip(chain)}, which is not the route's IBC channel${hop?.channel ? ` (${clip(hop.channel)})` : ''}.`,
      at,
    );
  } else {
    const denom = arrivingDenom(run.anchors, chain, hop.to, m.token.denom);
    landing = follow({
      run,
      hops,
      tx,
      msg,
      chain: hop.to,
      receiver: m.receiver,
      memo: m.memo,
      amount: BigInt(m.token.amount),
      denom,
      via: [`IBC ${m.source_channel} to ${hop.to}`],
    });
  }
  pay(m.sender, m.token, landing);
  return { summary, signable: m };
}

/** A bank send: from the user, to an address on the same chain. */
function bankSend(ctx: CosmosMsg): CosmosResult {
  const { run, chain, at, name, fields, summary, obj, amt, pay } = ctx;
  const m = parse(run, at, name, MsgSend, obj);
  if (!m) return { summary };
  fields.push(
    { label: 'From', value: clip(m.from_address) },
    { label: 'To', value: clip(m.to_address) },
    { label: 'Amount', value: m.amount.map(amt).join(', ') || 'none' },
  );
  checkFrom(run, at, chain, 'from_address', m.from_address);
  for (const c of m.amount) pay(m.from_address, c, { chain, address: m.to_address, via: [`bank send on ${chain}`] });
  return { summary, signable: m };
}

/** An OPinit deposit to a rollup, with the data it runs there (only the signed OP hook). */
function opinitDeposit(ctx: CosmosMsg): CosmosResult {
  const { run, hops, tx, msg, chain, at, name, fields, summary, obj, amt, pay } = ctx;
  const m = parse(run, at, name, MsgDeposit, obj);
  if (!m) return { summary };
  fields.push(
    { label: 'Sender', value: clip(m.sender) },
    { label: 'Bridge', value: clip(String(m.bridge_id)) },
    { label: 'To', value: clip(m.to) },
    { label: 'Amount', value: amt(m.amount) },
  );
  let data: Uint8Array = new Uint8Array();
  if (m.data) {
    fields.push({ label: 'Data (runs on the rollup)', value: clip(m.data, 200) });
    try {
      data = base64Bytes(m.data);
    } catch {
      unverified(run, `Message ${msg + 1}'s deposit data is not base64: it cannot be checked.`, at);
      pay(m.sender, m.amount, undefined);
      return { summary };
    }
  }
  checkFrom(run, at, chain, 'sender', m.sender);
  const landing = opDeposit(
    { run, hops, tx, msg, chain, receiver: m.to, memo: undefined, amount: BigInt(m.amount.amount), via: [] },
    {
      bridgeId: String(m.bridge_id),
      to: m.to,
      amount: BigInt(m.amount.amount),
      data,
      what: 'the deposit',
      denom: m.amount.denom,
    },
  );
  pay(m.sender, m.amount, landing);
  return { summary, signable: m };
}

/** An OPinit withdrawal from a rollup, paid out on L1 in the denom the confirmed bridge gives. */
function opinitWithdrawal(ctx: CosmosMsg): CosmosResult {
  const { run, hops, msg, chain, at, name, fields, summary, obj, amt, pay } = ctx;
  const m = parse(run, at, name, MsgWithdrawal, obj);
  if (!m) return { summary };
  fields.push(
    { label: 'Sender', value: clip(m.sender) },
    { label: 'To', value: clip(m.to) },
    { label: 'Amount', value: amt(m.amount) },
  );
  checkFrom(run, at, chain, 'sender', m.sender);
  const hop = hops.find((h) => h.kind === 'op_init_transfer' && h.from === chain);
  if (!hop)
    mismatch(run, `Message ${msg + 1} withdraws over the OP bridge from ${clip(chain)}, which the route does not.`, at);
  pay(
    m.sender,
    m.amount,
    hop
      ? {
          chain: hop.to,
          address: m.to,
          denom: withdrawnDenom(run, hops, chain, m.amount.denom),
          via: [`OP bridge withdrawal to ${hop.to}`],
        }
      : undefined,
  );
  return { summary, signable: m };
}

/** A minievm call: its calldata decoded as an EVM transaction's (check/evm.ts). */
function evmCall(ctx: CosmosMsg): CosmosResult {
  const { run, hops, tx, msg, chain, at, name, fields, summary, obj } = ctx;
  const m = parse(run, at, name, MsgCall, obj);
  if (!m) return { summary };
  fields.push(
    { label: 'Sender', value: clip(m.sender) },
    { label: 'Contract', value: clip(m.contract_addr) },
    { label: 'Value', value: `${m.value || '0'} (base units of the chain's EVM fee asset)` },
  );
  if (m.access_list?.length || m.auth_list?.length)
    unverified(run, `Message ${msg + 1} carries an access or authorization list that this check does not read.`, at);
  checkFrom(run, at, chain, 'sender', m.sender);
  const spends = decodeEvmCall(run, hops, {
    tx,
    msg,
    chain,
    from: m.sender,
    to: m.contract_addr,
    value: BigInt(m.value || '0'),
    data: m.input,
    fields,
  });
  if (spends !== undefined)
    mismatch(run, `Message ${msg + 1} spends an ERC-20 through an approval that no message grants.`, at);
  return { summary, signable: m };
}

/** The decoder of each understood type URL (the types of cosmosRead.ts's AMINO). */
export const DECODERS: Record<string, (ctx: CosmosMsg) => CosmosResult> = {
  '/ibc.applications.transfer.v1.MsgTransfer': ibcTransfer,
  '/cosmos.bank.v1beta1.MsgSend': bankSend,
  '/opinit.ophost.v1.MsgInitiateTokenDeposit': opinitDeposit,
  '/opinit.opchild.v1.MsgInitiateTokenWithdrawal': opinitWithdrawal,
  '/minievm.evm.v1.MsgCall': evmCall,
  '/circle.cctp.v1.MsgDepositForBurn': cctpBurn,
  '/circle.cctp.v1.MsgDepositForBurnWithCaller': cctpBurn,
};
