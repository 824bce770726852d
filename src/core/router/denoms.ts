/**
 * Denoms compared as the chains compare them, and one chain's balances from the router's answer keyed that way (pure,
 * small: the features keep the router's lists for whole units, the bridge its pickers on top; see catalog.ts).
 */
import type { BalanceEntry, BalancesResponse } from './schemas';

/** A denom as compared: EVM denoms (`0x…`, sent checksummed) lower-cased, anything else as is. */
export function normaliseDenom(denom: string): string {
  return /^0x/i.test(denom) ? denom.toLowerCase() : denom;
}

/** Whether two denoms name the same asset (0x denoms compared without regard to case). */
export function sameDenom(a: string, b: string): boolean {
  return normaliseDenom(a) === normaliseDenom(b);
}

/** The balances of one chain from an answer, keyed by normalised denom (empty when the chain is not in it). */
export function balancesOf(answer: BalancesResponse, chainId: string): Map<string, BalanceEntry> {
  const out = new Map<string, BalanceEntry>();
  const chain = Object.hasOwn(answer.chains, chainId) ? answer.chains[chainId] : undefined;
  for (const [denom, entry] of Object.entries(chain?.denoms ?? {})) {
    const key = normaliseDenom(denom);
    if (!out.has(key)) out.set(key, entry);
  }
  return out;
}
