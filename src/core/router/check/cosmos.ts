/**
 * Cosmos messages by allowlist: each `msg_type_url` has a decoder for its amino JSON, strict about its fields (a field
 * the check does not know is unverified), and the amino `type` / `@type`, when present, must name the same type. A
 * decoded message records its effects on the run: payments from the user's addresses (followed to where they land)
 * and grants. Types that grant permissions or move funds aside (authz, feegrant, multi-send) are named as such; any
 * other type is unverified. The parsed message is what is handed back to be signed.
 */
import * as z from 'zod/mini';
import { sameDenom } from '../catalog';
import { goJson } from '../../goJson';
import { base64Bytes, sameAddress, toHex } from './bytes';
import { decodeEvmCall } from './evm';
import { follow, opDeposit } from './memo';
import { amountText, clip, mismatch, unverified, type MsgField, type MsgSummary, type Run } from './model';
import { numeral, numeralIssue, numeralOrNumber, numeralWords, type Bits } from './numeral';
import { hopFrom, type Hop } from './route';
import { arrivingDenom, l1DenomOf } from './anchors';
import { confirmedBridge } from './confirm';

/** An sdk Int (math.Int, 256 bits): canonical decimal only (check/numeral.ts). */
const amount = numeral(256);
const Coin = z.strictObject({ denom: z.string().check(z.minLength(1)), amount });
type Coin = z.infer<typeof Coin>;
const u64 = numeralOrNumber(64);
const Height = z.strictObject({ revision_number: z.optional(u64), revision_height: z.optional(u64) });

const MsgTransfer = z.strictObject({
  source_port: z.string(),
  source_channel: z.string(),
  token: Coin,
  sender: z.string(),
  receiver: z.string(),
  timeout_height: z.optional(Height),
  timeout_timestamp: z.optional(u64),
  memo: z.optional(z.string()),
});
const MsgSend = z.strictObject({ from_address: z.string(), to_address: z.string(), amount: z.array(Coin) });
const MsgDeposit = z.strictObject({
  sender: z.string(),
  bridge_id: u64,
  to: z.string(),
  amount: Coin,
  data: z.optional(z.nullable(z.string())),
});
const MsgWithdrawal = z.strictObject({ sender: z.string(), to: z.string(), amount: Coin });
const MsgCall = z.strictObject({
  sender: z.string(),
  contract_addr: z.string(),
  input: z.string(),
  value: z.optional(z.nullable(amount)),
  access_list: z.optional(z.nullable(z.array(z.unknown()))),
  auth_list: z.optional(z.nullable(z.array(z.unknown()))),
});
const MsgDepositForBurn = z.strictObject({
  from: z.string(),
  amount,
  destination_domain: numeralOrNumber(32),
  mint_recipient: z.string(),
  burn_token: z.string(),
  destination_caller: z.optional(z.string()),
});

/** Amino names of the understood types (a wrapped `{type, value}` must use this one). */
const AMINO: Record<string, string> = {
  '/ibc.applications.transfer.v1.MsgTransfer': 'cosmos-sdk/MsgTransfer',
  '/cosmos.bank.v1beta1.MsgSend': 'cosmos-sdk/MsgSend',
  '/opinit.ophost.v1.MsgInitiateTokenDeposit': 'ophost/MsgInitiateTokenDeposit',
  '/opinit.opchild.v1.MsgInitiateTokenWithdrawal': 'opchild/MsgInitiateTokenWithdrawal',
  '/minievm.evm.v1.MsgCall': 'evm/MsgCall',
  '/circle.cctp.v1.MsgDepositForBurn': 'cctp/DepositForBurn',
  '/circle.cctp.v1.MsgDepositForBurnWithCaller': 'cctp/DepositForBurnWithCaller',
};

const NAMES: Record<string, string> = {
  '/ibc.applications.transfer.v1.MsgTransfer': 'IBC transfer',
  '/cosmos.bank.v1beta1.MsgSend': 'Bank send',
  '/opinit.ophost.v1.MsgInitiateTokenDeposit': 'OPinit deposit',
  '/opinit.opchild.v1.MsgInitiateTokenWithdrawal': 'OPinit withdrawal',
  '/minievm.evm.v1.MsgCall': 'EVM call',
  '/circle.cctp.v1.MsgDepositForBurn': 'CCTP burn',
  '/circle.cctp.v1.MsgDepositForBurnWithCaller': 'CCTP burn',
};

/** Types that are understood to grant permissions or move funds in ways a bridge transfer never needs. */
const FORBIDDEN: Record<string, string> = {
  '/cosmos.authz.v1beta1.MsgGrant': 'grants another account the right to act for you (authz)',
  '/cosmos.authz.v1beta1.MsgExec': 'executes messages on behalf of another account (authz)',
  '/cosmos.feegrant.v1beta1.MsgGrantAllowance': 'lets another account spend your funds on fees (feegrant)',
  '/cosmos.bank.v1beta1.MsgMultiSend': 'sends funds to several accounts at once',
  '/cosmwasm.wasm.v1.MsgExecuteContract': 'calls a contract (with funds) whose effect this check cannot read',
  '/initia.move.v1.MsgExecute': 'calls a Move function whose effect this check cannot read',
  '/initia.move.v1.MsgExecuteJSON': 'calls a Move function whose effect this check cannot read',
};

/**
 * CCTP's `destination_caller`: who may relay the mint on the destination. Empty (or 32 zero bytes) is anyone; a
 * `MsgDepositForBurn` has no such field on chain (its amino JSON carrying one is not what the chain reads); any other
 * caller could hold the mint back, and nothing tells whose it is: unverified, in words. True when it is open to anyone.
 */
function destinationCaller(
  run: Run,
  at: { tx: number; msg: number },
  typeUrl: string,
  caller: string | undefined,
): boolean {
  const withCaller = typeUrl === '/circle.cctp.v1.MsgDepositForBurnWithCaller';
  if (!withCaller) {
    if (caller === undefined) return true;
    mismatch(
      run,
      `Message ${at.msg + 1} is a CCTP burn without a destination caller on chain, yet its JSON names one (${clip(caller)}): what you would sign is not what was checked.`,
      at,
    );
    return false;
  }
  let bytes: Uint8Array | undefined;
  try {
    bytes = caller === undefined || caller === '' ? new Uint8Array(32) : base64Bytes(caller);
  } catch {
    bytes = undefined;
  }
  if (bytes?.length === 32 && bytes.every((b) => b === 0)) return true;
  unverified(
    run,
    `Message ${at.msg + 1} lets only ${clip(caller ?? '')} complete the mint on the destination: nothing confirms who that is, and no one else could finish your transfer.`,
    at,
  );
  return false;
}

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

interface CosmosResult {
  summary: MsgSummary;
  /** The message as checked, to be signed (amino JSON, no wrapper). */
  signable?: Record<string, unknown>;
}

/** Amino JSON of one message: the object, unwrapped, with its declared type checked against the type URL. */
function unwrap(
  run: Run,
  at: { tx: number; msg: number },
  typeUrl: string,
  raw: string,
): Record<string, unknown> | undefined {
  // Read by Go's rules (core/goJson.ts): a text another reader could take otherwise is not read.
  const parsed = goJson(raw);
  if (!parsed.ok) {
    unverified(
      run,
      parsed.notJson
        ? `Message ${at.msg + 1} is not valid JSON: it cannot be read or checked.`
        : `Message ${at.msg + 1} cannot be read as the chain reads it (${clip(parsed.reason, 120)}): it is not checked.`,
      at,
    );
    return undefined;
  }
  const value = parsed.value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    unverified(run, `Message ${at.msg + 1} is not a JSON object: it cannot be read or checked.`, at);
    return undefined;
  }
  let obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  if (
    keys.length === 2 &&
    'type' in obj &&
    'value' in obj &&
    obj.value &&
    typeof obj.value === 'object' &&
    !Array.isArray(obj.value)
  ) {
    if (obj.type !== AMINO[typeUrl]) {
      mismatch(
        run,
        `Message ${at.msg + 1} says it is ${clip(String(obj.type), 80)} in its amino JSON but ${clip(typeUrl, 80)} in its type URL: a wallet could sign either.`,
        at,
      );
      return undefined;
    }
    obj = obj.value as Record<string, unknown>;
  }
  if ('@type' in obj) {
    if (obj['@type'] !== typeUrl) {
      mismatch(
        run,
        `Message ${at.msg + 1} says it is ${clip(String(obj['@type']), 80)} in "@type" but ${clip(typeUrl, 80)} in its type URL: a wallet could sign either.`,
        at,
      );
      return undefined;
    }
    const { ['@type']: _, ...rest } = obj;
    obj = rest;
  }
  return obj;
}

function parse<S extends z.ZodMiniType>(
  run: Run,
  at: { tx: number; msg: number },
  name: string,
  schema: S,
  obj: Record<string, unknown>,
): z.infer<S> | undefined {
  const r = schema.safeParse(obj);
  if (r.success) return r.data;
  const numeralAt = numeralIssue(r.error.issues, obj);
  if (numeralAt) {
    const bits: Bits = /domain/.test(numeralAt.path) ? 32 : /amount|value/.test(numeralAt.path) ? 256 : 64;
    mismatch(
      run,
      `Message ${at.msg + 1} (${name}): ${numeralWords(clip(numeralAt.path, 60), numeralAt.value, bits)}`,
      at,
    );
    return undefined;
  }
  const issue = r.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '';
  const unknownKeys = issue?.code === 'unrecognized_keys' ? ((issue as { keys?: string[] }).keys ?? []) : [];
  if (unknownKeys.length)
    unverified(
      run,
      `Message ${at.msg + 1} (${name}) has field(s) ${unknownKeys.map((k) => `"${clip(k, 40)}"`).join(', ')}${where ? ` in ${clip(where, 40)}` : ''} that this check does not read.`,
      at,
    );
  else
    unverified(
      run,
      `Message ${at.msg + 1} (${name}) cannot be read: ${clip(where || 'its fields', 80)} is missing or not of the expected type.`,
      at,
    );
  return undefined;
}

/** A sender field must be the user's address on the chain the tx is for. */
function checkFrom(run: Run, at: { tx: number; msg: number }, chain: string, label: string, address: string): boolean {
  if (run.hookSigners !== undefined) {
    if (run.hookSigners.some((s) => sameAddress(address, s, true))) return true;
    mismatch(
      run,
      `Message ${at.msg + 1} has ${label} ${clip(address)}, but the hook must be signed by you (${clip(run.hookSigners.join(' or ') || 'no bech32 address entered')}).`,
      at,
    );
    return false;
  }
  const mine = run.intent.addresses[chain];
  if (mine !== undefined && sameAddress(address, mine)) return true;
  mismatch(
    run,
    `Message ${at.msg + 1} has ${label} ${clip(address)}, but your address on ${clip(chain)} is ${clip(mine ?? '(none entered)')}.`,
    at,
  );
  return false;
}

export function decodeCosmosMsg(
  run: Run,
  hops: readonly Hop[],
  tx: number,
  chain: string,
  typeUrl: string,
  raw: string,
): CosmosResult {
  const msg = run.summaries.length;
  const at = { tx, msg };
  const name = NAMES[typeUrl] ?? `Other message (${clip(typeUrl.replace(/^\//, ''), 80)})`;
  const fields: MsgField[] = [];
  const summary: MsgSummary = { tx, chainId: chain, kind: 'cosmos', type: name, typeUrl, fields };
  run.summaries.push(summary);
  const obj = unwrap(run, at, typeUrl, raw);
  if (!obj) {
    fields.push({ label: 'Raw message', value: clip(raw, 200) });
    return { summary };
  }
  if (!(typeUrl in AMINO)) {
    for (const [k, v] of Object.entries(obj).slice(0, 20))
      if (['string', 'number', 'boolean'].includes(typeof v))
        fields.push({ label: clip(k, 60), value: clip(String(v), 200) });
    const forbidden = FORBIDDEN[typeUrl];
    if (forbidden)
      mismatch(run, `Message ${msg + 1} (${clip(typeUrl, 80)}) ${forbidden}: a bridge transfer never needs it.`, at);
    else
      unverified(
        run,
        `Message ${msg + 1} is of type ${clip(typeUrl, 80)}, which this check does not understand: it is not checked.`,
        at,
      );
    return { summary };
  }
  const amt = (c: Coin) => amountText(run, chain, c.denom, c.amount);
  const pay = (from: string, c: Coin, landing: ReturnType<typeof follow>) =>
    run.payments.push({ tx, msg, chain, from, denom: c.denom, amount: BigInt(c.amount), role: 'transfer', landing });
  switch (typeUrl) {
    case '/ibc.applications.transfer.v1.MsgTransfer': {
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
    case '/cosmos.bank.v1beta1.MsgSend': {
      const m = parse(run, at, name, MsgSend, obj);
      if (!m) return { summary };
      fields.push(
        { label: 'From', value: clip(m.from_address) },
        { label: 'To', value: clip(m.to_address) },
        { label: 'Amount', value: m.amount.map(amt).join(', ') || 'none' },
      );
      checkFrom(run, at, chain, 'from_address', m.from_address);
      for (const c of m.amount)
        pay(m.from_address, c, { chain, address: m.to_address, via: [`bank send on ${chain}`] });
      return { summary, signable: m };
    }
    case '/opinit.ophost.v1.MsgInitiateTokenDeposit': {
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
    case '/opinit.opchild.v1.MsgInitiateTokenWithdrawal': {
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
        mismatch(
          run,
          `Message ${msg + 1} withdraws over the OP bridge from ${clip(chain)}, which the route does not.`,
          at,
        );
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
    case '/minievm.evm.v1.MsgCall': {
      const m = parse(run, at, name, MsgCall, obj);
      if (!m) return { summary };
      fields.push(
        { label: 'Sender', value: clip(m.sender) },
        { label: 'Contract', value: clip(m.contract_addr) },
        { label: 'Value', value: `${m.value || '0'} (base units of the chain's EVM fee asset)` },
      );
      if (m.access_list?.length || m.auth_list?.length)
        unverified(
          run,
          `Message ${msg + 1} carries an access or authorization list that this check does not read.`,
          at,
        );
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
    default: {
      // CCTP from Noble: burns USDC, minted to `mint_recipient` (32 bytes) on the chain of `destination_domain`.
      const m = parse(run, at, name, MsgDepositForBurn, obj);
      if (!m) return { summary };
      let recipient: string;
      try {
        const b = base64Bytes(m.mint_recipient);
        if (b.length !== 32) throw new Error('length');
        recipient = `0x${toHex(b.subarray(12))}`;
        if (!/^0{24}$/.test(toHex(b.subarray(0, 12)))) recipient = `0x${toHex(b)}`;
      } catch {
        unverified(run, `Message ${msg + 1}'s mint recipient is not 32 bytes of base64: it cannot be checked.`, at);
        return { summary };
      }
      const domain = Number(m.destination_domain);
      fields.push(
        { label: 'From', value: clip(m.from) },
        { label: 'Amount', value: amountText(run, chain, m.burn_token, m.amount) },
        { label: 'Destination domain', value: String(domain) },
        { label: 'Mint recipient', value: recipient },
      );
      if (m.destination_caller) fields.push({ label: 'Destination caller', value: clip(m.destination_caller) });
      checkFrom(run, at, chain, 'from', m.from);
      const hop = hops.find((h) => (h.kind === 'cctp_transfer' || h.kind === 'cctp_transfer_v2') && h.from === chain);
      const coin = { denom: m.burn_token, amount: m.amount };
      const known = hop ? run.anchors.cctpDomain(hop.to) : undefined;
      const expected = known?.kind === 'found' ? known.anchor.value : undefined;
      if (!hop) mismatch(run, `Message ${msg + 1} burns for CCTP on ${clip(chain)}, which the route does not.`, at);
      else if (expected !== undefined && expected !== domain)
        mismatch(
          run,
          `Message ${msg + 1} mints on CCTP domain ${domain}, but the route goes to ${clip(hop.to)} (domain ${expected}).`,
          at,
        );
      if (hop && !sameDenom(hop.denomIn ?? m.burn_token, m.burn_token))
        mismatch(
          run,
          `Message ${msg + 1} burns ${clip(m.burn_token)}, not the route's ${clip(hop.denomIn ?? '')}.`,
          at,
        );
      const caller = destinationCaller(run, at, typeUrl, m.destination_caller);
      pay(
        m.from,
        coin,
        hop && expected === domain && caller
          ? { chain: hop.to, address: recipient, via: [`CCTP to ${hop.to}`] }
          : undefined,
      );
      return { summary, signable: m };
    }
  }
}
