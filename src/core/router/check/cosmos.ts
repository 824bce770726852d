/**
 * Cosmos messages by allowlist: each `msg_type_url` has a decoder for its amino JSON, strict about its fields (a field
 * the check does not know is unverified), and the amino `type` / `@type`, when present, must name the same type. A
 * decoded message records its effects on the run: payments from the user's addresses (followed to where they land)
 * and grants. Types that grant permissions or move funds aside (authz, feegrant, multi-send) are named as such; any
 * other type is unverified. The parsed message is what is handed back to be signed.
 */
import { DECODERS } from './cosmosMsgs';
import { AMINO, unwrap, type Coin, type CosmosResult } from './cosmosRead';
import {
  amountText,
  clip,
  mismatch,
  unverified,
  type Landing,
  type MsgField,
  type MsgSummary,
  type Run,
} from './model';
import type { Hop } from './route';

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

/** Decodes one message of a transaction on `chain` into the run: its summary, its payments and the problems found. */
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
  const name =
    (Object.hasOwn(NAMES, typeUrl) ? NAMES[typeUrl] : undefined) ??
    `Other message (${clip(typeUrl.replace(/^\//, ''), 80)})`;
  const fields: MsgField[] = [];
  const summary: MsgSummary = { tx, chainId: chain, kind: 'cosmos', type: name, typeUrl, fields };
  run.summaries.push(summary);
  const obj = unwrap(run, at, typeUrl, raw);
  if (!obj) {
    fields.push({ label: 'Raw message', value: clip(raw, 200) });
    return { summary };
  }
  // Own names only: `in` would also find what every object inherits ("constructor", "toString", …).
  if (!Object.hasOwn(AMINO, typeUrl)) {
    for (const [k, v] of Object.entries(obj).slice(0, 20))
      if (['string', 'number', 'boolean'].includes(typeof v))
        fields.push({ label: clip(k, 60), value: clip(String(v), 200) });
    const forbidden = Object.hasOwn(FORBIDDEN, typeUrl) ? FORBIDDEN[typeUrl] : undefined;
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
  const pay = (from: string, c: Coin, landing: Landing | undefined) =>
    run.payments.push({ tx, msg, chain, from, denom: c.denom, amount: BigInt(c.amount), role: 'transfer', landing });
  const decode = DECODERS[typeUrl];
  if (!decode) {
    unverified(
      run,
      `Message ${msg + 1} is of type ${clip(typeUrl, 80)}, which this check has no reader for: it is not checked.`,
      at,
    );
    return { summary };
  }
  return decode({ run, hops, tx, msg, at, chain, typeUrl, name, fields, summary, obj, amt, pay });
}
