/**
 * Verify before signing: the route and the messages `/v2/fungible/msgs` answered, checked against what the user asked
 * for (their intent, held by the host), by allowlist. The route is checked first (check/route.ts); every message is
 * decoded by a decoder for its exact type into effects (check/cosmos.ts, check/memo.ts, check/evm.ts): payments from
 * the user's addresses followed hop by hop to where they land, and grants. Then, over all messages together:
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
import { normaliseDenom, sameDenom } from './catalog';
import { evmTxData, type MsgsResponse, type Route, type TxToSign } from './schemas';
import { jsonText } from '../goJson';
import { sameAddress } from './check/bytes';
import { canonicalNumber, numeralWords } from './check/numeral';
import { decodeCosmosMsg } from './check/cosmos';
import { decodeEvmCall, nativeDenom } from './check/evm';
import {
  amountText,
  clip,
  mismatch,
  unverified,
  type Intent,
  type Landing,
  type MsgSummary,
  type Problem,
  type Run,
} from './check/model';
import { checkRoute } from './check/route';
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

const TX_KEYS = new Set(['cosmos_tx', 'evm_tx', 'svm_tx', 'operations_indices']);
const COSMOS_KEYS = new Set(['chain_id', 'path', 'signer_address', 'msgs']);
const EVM_KEYS = new Set(['chain_id', 'to', 'value', 'data', 'required_erc20_approvals', 'signer_address']);
const present = (v: unknown) => v !== undefined && v !== null;

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
  const signable: unknown[] = [];
  let complete = true;
  /** Messages that could not be decoded (already unverified): what they move is unknown, not missing. */
  let undecoded = 0;
  if (!msgs.txs.length) mismatch(run, 'The router returned no transaction to sign.');

  msgs.txs.forEach((raw, t) => {
    const record = raw as Record<string, unknown>;
    const extra = Object.keys(record).filter((k) => !TX_KEYS.has(k) && present(record[k]));
    if (extra.length)
      unverified(
        run,
        `Transaction ${t + 1} carries ${extra.map((k) => `"${clip(k, 40)}"`).join(', ')}, which this check does not read.`,
        { tx: t },
      );
    const kinds = ['cosmos_tx', 'evm_tx', 'svm_tx'].filter((k) => present(record[k]));
    if (kinds.length !== 1) {
      mismatch(
        run,
        kinds.length
          ? `Transaction ${t + 1} carries ${kinds.join(' and ')} at once: a wallet could sign either.`
          : `Transaction ${t + 1} is neither a Cosmos, an EVM nor a Solana transaction.`,
        { tx: t },
      );
      run.summaries.push({ tx: t, chainId: '', kind: 'unknown', type: 'Unknown transaction', fields: [] });
      complete = false;
      return;
    }
    if (raw.cosmos_tx) signable.push(cosmosTx(t, raw.cosmos_tx, raw) ?? ((complete = false), raw));
    else if (raw.evm_tx) signable.push(evmTx(t, raw.evm_tx, raw));
    else {
      run.summaries.push({
        tx: t,
        chainId: raw.svm_tx!.chain_id,
        kind: 'svm',
        type: 'Solana transaction',
        fields: [{ label: 'Transaction', value: `${raw.svm_tx!.tx.length} characters of base64` }],
      });
      unverified(run, `Transaction ${t + 1} is a Solana transaction, which this check cannot decode.`, { tx: t });
      signable.push(raw);
    }
  });

  function signerCheck(t: number, chain: string, signer: string | null | undefined): void {
    const mine = intent.addresses[chain];
    if (mine === undefined)
      mismatch(
        run,
        `Transaction ${t + 1} is for ${clip(chain)}, a chain on which you entered no address: the route does not go through it.`,
        { tx: t },
      );
    else if (signer && !sameAddress(signer, mine))
      mismatch(
        run,
        `Transaction ${t + 1} is to be signed by ${clip(signer)}, but your address on ${clip(chain)} is ${clip(mine)}.`,
        { tx: t },
      );
  }

  function cosmosTx(t: number, tx: NonNullable<TxToSign['cosmos_tx']>, raw: TxToSign): unknown {
    const extra = Object.keys(tx).filter((k) => !COSMOS_KEYS.has(k) && present((tx as Record<string, unknown>)[k]));
    if (extra.length)
      unverified(
        run,
        `Transaction ${t + 1} carries ${extra.map((k) => `"${clip(k, 40)}"`).join(', ')}, which this check does not read.`,
        { tx: t },
      );
    signerCheck(t, tx.chain_id, tx.signer_address);
    if (!tx.msgs.length) mismatch(run, `Transaction ${t + 1} has no message.`, { tx: t });
    const out: Array<{ msg_type_url: string; msg: string }> = [];
    let ok = true;
    for (const m of tx.msgs) {
      const r = decodeCosmosMsg(run, hops, t, tx.chain_id, m.msg_type_url, m.msg);
      if (r.signable) out.push({ msg_type_url: m.msg_type_url, msg: jsonText(r.signable) });
      else {
        ok = false;
        undecoded++;
      }
    }
    if (!ok) return undefined;
    return {
      cosmos_tx: {
        chain_id: tx.chain_id,
        ...(tx.path ? { path: tx.path } : {}),
        ...(tx.signer_address ? { signer_address: tx.signer_address } : {}),
        msgs: out,
      },
      ...(raw.operations_indices ? { operations_indices: raw.operations_indices } : {}),
    };
  }

  function evmTx(t: number, tx: NonNullable<TxToSign['evm_tx']>, raw: TxToSign): unknown {
    const extra = Object.keys(tx).filter((k) => !EVM_KEYS.has(k) && present((tx as Record<string, unknown>)[k]));
    if (extra.length)
      unverified(
        run,
        `Transaction ${t + 1} carries ${extra.map((k) => `"${clip(k, 40)}"`).join(', ')}, which this check does not read.`,
        { tx: t },
      );
    signerCheck(t, tx.chain_id, tx.signer_address);
    const msg = run.summaries.length;
    const fields = [
      ...(tx.signer_address ? [{ label: 'From', value: clip(tx.signer_address) }] : []),
      { label: 'To', value: clip(tx.to) },
      { label: 'Value', value: `${clip(tx.value || '0')} wei` },
    ];
    run.summaries.push({ tx: t, chainId: tx.chain_id, kind: 'evm', type: 'EVM call', fields });
    const value = canonicalNumber(tx.value || '0', 256);
    if (value === undefined)
      mismatch(run, `Transaction ${t + 1}'s value, in wei: ${numeralWords('it', tx.value, 256)}`, { tx: t, msg });
    const from = tx.signer_address ?? intent.addresses[tx.chain_id] ?? '';
    const spends = decodeEvmCall(run, hops, {
      tx: t,
      msg,
      chain: tx.chain_id,
      from,
      to: tx.to,
      value: value ?? 0n,
      data: evmTxData(tx),
      fields,
    });
    const approvals = tx.required_erc20_approvals ?? [];
    approvals.forEach((a, i) => {
      const n =
        run.summaries.push({
          tx: t,
          chainId: tx.chain_id,
          kind: 'evm',
          type: 'ERC-20 approval',
          fields: [
            { label: 'Token', value: clip(a.token_contract) },
            { label: 'Spender', value: clip(a.spender) },
            {
              label: 'Amount',
              value:
                canonicalNumber(a.amount, 256) !== undefined
                  ? amountText(run, tx.chain_id, a.token_contract, a.amount)
                  : clip(a.amount),
            },
          ],
        }) - 1;
      const at = { tx: t, msg: n };
      const amount = canonicalNumber(a.amount, 256);
      if (amount === undefined)
        return mismatch(run, `Approval ${i + 1}'s amount: ${numeralWords('it', a.amount, 256)}`, at);
      if (!sameAddress(a.spender, tx.to))
        return mismatch(
          run,
          `Approval ${i + 1} lets ${clip(a.spender)} spend your ${clip(a.token_contract)}, but this transaction calls ${clip(tx.to)}.`,
          at,
        );
      if (!sameDenom(a.token_contract, intent.sourceDenom))
        return mismatch(
          run,
          `Approval ${i + 1} is for token ${clip(a.token_contract)}, but you are sending ${clip(intent.sourceDenom)}.`,
          at,
        );
      if (spends === undefined)
        return mismatch(
          run,
          `Approval ${i + 1} lets ${clip(a.spender)} spend ${amountText(run, tx.chain_id, a.token_contract, amount)}, but the call spends none of it.`,
          at,
        );
      if (amount > spends)
        return mismatch(
          run,
          `Approval ${i + 1} lets ${clip(a.spender)} spend ${amount >= 1n << 255n ? 'an unlimited amount' : amountText(run, tx.chain_id, a.token_contract, amount)}, more than the ${amountText(run, tx.chain_id, a.token_contract, spends)} this transfer needs.`,
          at,
        );
      run.grants.push({ ...at, chain: tx.chain_id, owner: from, token: a.token_contract, spender: a.spender, amount });
    });
    if (spends !== undefined && !run.grants.some((g) => g.tx === t))
      mismatch(
        run,
        `Transaction ${t + 1} spends ${amountText(run, tx.chain_id, intent.sourceDenom, spends)} through an approval that it does not ask for.`,
        { tx: t, msg },
      );
    return {
      evm_tx: {
        chain_id: tx.chain_id,
        to: tx.to,
        value: tx.value ?? '',
        data: tx.data ?? '',
        required_erc20_approvals: approvals.map((a) => ({
          token_contract: a.token_contract,
          spender: a.spender,
          amount: a.amount,
        })),
        ...(tx.signer_address ? { signer_address: tx.signer_address } : {}),
      },
      ...(raw.operations_indices ? { operations_indices: raw.operations_indices } : {}),
    };
  }

  const effects = accountFor(run, undecoded);
  const verdict = verdictOf(run, effects);
  return { ...verdict, signable: { txs: complete ? signable : msgs.txs }, ok: verdict.kind === 'matches' };
}

/**
 * What the user's addresses spend on a chain other than the source (a later transaction carrying the transfer on),
 * summed per chain and denom: it must be covered by what earlier transactions land at the user's own address there,
 * in the same denom (known independently of the router: an OPinit denom, a swap's output). Amounts of two denoms
 * never add up; a landing whose denom only the router names covers nothing (said in words).
 */
function spentOnTheWay(run: Run): void {
  const { intent } = run;
  const key = (chain: string, denom: string) => `${chain}\u0000${normaliseDenom(denom)}`;
  const spends = run.payments.filter((p) => p.role === 'transfer' && p.chain !== intent.sourceChainId);
  const seen = new Set<string>();
  for (const p of spends) {
    const k = key(p.chain, p.denom);
    if (seen.has(k)) continue;
    seen.add(k);
    const mine = intent.addresses[p.chain];
    const same = spends.filter((q) => key(q.chain, q.denom) === k);
    const landings = run.payments.filter(
      (q) =>
        q.role === 'transfer' &&
        q.landing?.chain === p.chain &&
        mine !== undefined &&
        sameAddress(q.landing.address, mine),
    );
    for (const t of [...new Set(same.map((q) => q.tx))].sort((a, b) => a - b)) {
      const spent = same.filter((q) => q.tx <= t).reduce((sum, q) => sum + q.amount, 0n);
      const before = landings.filter((q) => q.tx < t);
      const landed = before
        .filter((q) => q.landing!.denom !== undefined && sameDenom(q.landing!.denom, p.denom))
        .reduce((sum, q) => sum + q.amount, 0n);
      if (spent <= landed) continue;
      const at = { tx: t, msg: same.find((q) => q.tx === t)!.msg };
      const unknown = before.filter((q) => q.landing!.denom === undefined);
      if (unknown.length)
        unverified(
          run,
          `Transaction ${t + 1} spends ${amountText(run, p.chain, p.denom, spent)} of your funds on ${clip(p.chain)}; what earlier transactions bring there is named only by the router, so it cannot be confirmed that this is it.`,
          at,
        );
      else
        mismatch(
          run,
          `Transaction ${t + 1} spends ${amountText(run, p.chain, p.denom, spent)} of your funds on ${clip(p.chain)}, more than this transfer brings there in that asset (${landed ? amountText(run, p.chain, p.denom, landed) : 'none'}).`,
          at,
        );
      break;
    }
  }
}

/** The checks over all payments together; returns the effects in words. `undecoded`: messages not read (unverified). */
function accountFor(run: Run, undecoded: number): string[] {
  const { intent, route } = run;
  const receiver = intent.addresses[intent.destChainId] ?? '';
  const words: string[] = [];
  // What leaves the source chain, summed.
  const fromSource = run.payments.filter((p) => p.chain === intent.sourceChainId && p.role === 'transfer');
  let sent = 0n;
  for (const p of fromSource) {
    if (sameDenom(p.denom, intent.sourceDenom)) sent += p.amount;
    else
      mismatch(
        run,
        `Message ${p.msg + 1} sends ${amountText(run, p.chain, p.denom, p.amount)}, an asset you did not choose to send.`,
        { tx: p.tx, msg: p.msg },
      );
  }
  // Less than asked while a message could not be read is not a difference: that message is already unverified.
  if (sent > BigInt(intent.amountIn) || (sent < BigInt(intent.amountIn) && undecoded === 0)) {
    mismatch(
      run,
      `The messages send ${amountText(run, intent.sourceChainId, intent.sourceDenom, sent)} in all, but you asked to send ${amountText(run, intent.sourceChainId, intent.sourceDenom, intent.amountIn)}.`,
    );
  }
  // Fees on top, only as disclosed.
  const disclosed = new Map<string, bigint>();
  for (const f of route.estimated_fees ?? []) {
    const fee = canonicalNumber(String(f.amount ?? ''), 256);
    if (f.fee_behavior !== 'FEE_BEHAVIOR_ADDITIONAL' || !f.chain_id || fee === undefined) continue;
    disclosed.set(f.chain_id, (disclosed.get(f.chain_id) ?? 0n) + fee);
  }
  const fees = new Map<string, bigint>();
  for (const p of run.payments.filter((x) => x.role === 'fee')) fees.set(p.chain, (fees.get(p.chain) ?? 0n) + p.amount);
  for (const [chain, paid] of fees) {
    const allowed = disclosed.get(chain) ?? 0n;
    if (paid > allowed)
      mismatch(
        run,
        `The messages pay ${amountText(run, chain, nativeDenom(run, chain), paid)} in fees on ${clip(chain)} on top of the amount, but the route discloses ${allowed ? amountText(run, chain, nativeDenom(run, chain), allowed) : 'none'}.`,
      );
    else
      words.push(
        `Pays ${amountText(run, chain, nativeDenom(run, chain), paid)} in fees on ${chain} on top of the amount, as the route discloses.`,
      );
  }
  spentOnTheWay(run);
  // Where each payment lands.
  for (const p of run.payments.filter((x) => x.role === 'transfer')) {
    const at = { tx: p.tx, msg: p.msg };
    const l = p.landing;
    if (!l) continue; // Its decoder said why.
    if (l.chain === intent.destChainId && sameAddress(l.address, receiver)) {
      if (l.denom && !sameDenom(l.denom, intent.destDenom))
        mismatch(
          run,
          `Message ${p.msg + 1} delivers ${clip(l.denom)}, not the ${clip(intent.destDenom)} you chose.`,
          at,
        );
      words.push(
        `Sends ${amountText(run, p.chain, p.denom, p.amount)} from ${p.from} on ${p.chain} to ${receiver} on ${intent.destChainId}${l.via.length ? ` (${l.via.join(', then ')})` : ''}.`,
      );
      continue;
    }
    const mine = intent.addresses[l.chain];
    const carriedOn =
      mine !== undefined &&
      sameAddress(l.address, mine) &&
      run.payments.some((q) => q.tx > p.tx && q.chain === l.chain && sameAddress(q.from, mine));
    if (carriedOn) {
      words.push(
        `Sends ${amountText(run, p.chain, p.denom, p.amount)} from ${p.from} on ${p.chain} to your address ${mine} on ${l.chain} (${l.via.join(', then ')}), which the next transaction carries on.`,
      );
      continue;
    }
    mismatch(
      run,
      `Message ${p.msg + 1} sends ${amountText(run, p.chain, p.denom, p.amount)} to ${clip(l.address)} on ${clip(l.chain)}${l.via.length ? ` (${clip(l.via.join(', then '), 200)})` : ''}, not to your destination address ${clip(receiver)} on ${clip(intent.destChainId)}.`,
      at,
    );
  }
  for (const g of run.grants)
    words.push(
      `Lets ${g.spender} spend ${amountText(run, g.chain, g.token, g.amount)} (exactly what the contract this transaction calls takes).`,
    );
  if (intent.decimalsFrom === 'chain')
    run.caveats.push(`The amount's ${intent.decimals} decimals come from ${intent.sourceChainId} itself.`);
  else if (intent.decimalsFrom === 'registry')
    run.caveats.push(`The amount's ${intent.decimals} decimals come from the asset list of the registry you chose.`);
  else if (intent.decimalsFrom === 'user')
    run.caveats.push(`The amount's ${intent.decimals} decimals are the ones you entered for this custom denom.`);
  return words;
}
