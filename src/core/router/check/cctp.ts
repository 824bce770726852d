/**
 * CCTP from Noble: a burn of USDC, minted to its recipient on the chain of its destination domain. The domain must be
 * the one an independent source gives the route's destination, and the mint open to any relayer.
 */
import * as z from 'zod/mini';
import { sameDenom } from '../denoms';
import { base64Bytes, toHex } from './bytes';
import { amount, checkFrom, parse, type CosmosMsg, type CosmosResult } from './cosmosRead';
import { amountText, clip, mismatch, unverified, type Run } from './model';
import { numeralOrNumber } from './numeral';
import { lazySchema } from '../../lazySchema';

const MsgDepositForBurn = lazySchema(() =>
  z.strictObject({
    from: z.string(),
    amount,
    destination_domain: numeralOrNumber(32),
    mint_recipient: z.string(),
    burn_token: z.string(),
    destination_caller: z.optional(z.string()),
  }),
);

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

/** A CCTP burn (with or without a destination caller). */
export function cctpBurn(ctx: CosmosMsg): CosmosResult {
  const { run, hops, msg, chain, at, name, fields, summary, obj, typeUrl, pay } = ctx;
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
    mismatch(run, `Message ${msg + 1} burns ${clip(m.burn_token)}, not the route's ${clip(hop.denomIn ?? '')}.`, at);
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
