/**
 * The checks over all payments together, once every message is decoded (verify.ts): what leaves the source chain,
 * fees on top only as disclosed, what is spent on the way covered by what arrived, where each payment lands; and the
 * effects in words. Split from verify.ts.
 */
import { normaliseDenom, sameDenom } from '../denoms';
import { sameAddress } from './bytes';
import { canonicalNumber } from './numeral';
import { nativeDenom } from './evm';
import { amountText, clip, mismatch, unverified, type Run } from './model';

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

/** What leaves the source chain, summed: only the asset chosen, exactly the amount asked for. */
function sentFromSource(run: Run, undecoded: number): void {
  const { intent } = run;
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
}

/** Fees on top of the amount, per chain: no more than the route discloses (FEE_BEHAVIOR_ADDITIONAL); those in words. */
function feesOnTop(run: Run, words: string[]): void {
  const { route } = run;
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
}

/**
 * Where each payment lands: the destination address (in the asset chosen), or the user's own address on a chain that
 * a later transaction carries it on from; anywhere else is a mismatch. Those that land well, in words.
 */
function whereEachLands(run: Run, words: string[]): void {
  const { intent } = run;
  const receiver = intent.addresses[intent.destChainId] ?? '';
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
}

/** Where the amount's decimals came from, as a caveat. */
function decimalsCaveat(run: Run): void {
  const { intent } = run;
  if (intent.decimalsFrom === 'chain')
    run.caveats.push(`The amount's ${intent.decimals} decimals come from ${intent.sourceChainId} itself.`);
  else if (intent.decimalsFrom === 'registry')
    run.caveats.push(`The amount's ${intent.decimals} decimals come from the asset list of the registry you chose.`);
  else if (intent.decimalsFrom === 'user')
    run.caveats.push(`The amount's ${intent.decimals} decimals are the ones you entered for this custom denom.`);
}

/** The checks over all payments together; returns the effects in words. `undecoded`: messages not read (unverified). */
export function accountFor(run: Run, undecoded: number): string[] {
  const words: string[] = [];
  sentFromSource(run, undecoded);
  feesOnTop(run, words);
  spentOnTheWay(run);
  whereEachLands(run, words);
  for (const g of run.grants)
    words.push(
      `Lets ${g.spender} spend ${amountText(run, g.chain, g.token, g.amount)} (exactly what the contract this transaction calls takes).`,
    );
  decimalsCaveat(run);
  return words;
}
