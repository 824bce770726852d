/**
 * The route against the user's intent: the amount, the assets and chains at both ends exactly as intended; the
 * operations one continuous path from the source chain to the destination chain; an address named for each chain by
 * the user (the destination's is the user's destination address, whatever position the router gives it); an OP hook
 * believed only where the route has an OPinit deposit that another hop leads into.
 */
import { sameDenom } from '../denoms';
import { operationView, type Route } from '../schemas';
import { confirmRoute } from './confirm';
import { clip, mismatch, unverified, type Hop, type Run } from './model';
import { canonicalNumber, numeralWords } from './numeral';

export type { Hop } from './model';

const s = (v: unknown): string | undefined =>
  typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : undefined;

/** The route's operations as hops with their chains, or undefined for an operation the check does not understand. */
export function hopsOf(route: Route): Array<Hop | { index: number; unknown: string }> {
  return route.operations.map((op, index) => {
    const v = operationView(op);
    if (v.kind === 'unknown') return { index, unknown: v.key ?? 'an operation without a kind' };
    const b = v.body as Record<string, unknown>;
    const base = { index, kind: v.kind, denomIn: s(b.denom_in), denomOut: s(b.denom_out), op };
    switch (v.kind) {
      case 'swap':
      case 'bank_send': {
        const chain = s(b.chain_id) ?? s(b.from_chain_id);
        return chain ? { ...base, from: chain, to: chain } : { index, unknown: v.kind };
      }
      case 'evm_swap': {
        const chain = s(b.from_chain_id);
        return chain ? { ...base, from: chain, to: chain } : { index, unknown: v.kind };
      }
      default:
        return {
          ...base,
          from: s(b.from_chain_id)!,
          to: s(b.to_chain_id)!,
          channel: s(b.channel),
          bridgeId: s(b.op_init_bridge_id),
          entryContract: s(b.to_chain_entry_contract_address),
        };
    }
  });
}

export const isHop = (h: Hop | { index: number; unknown: string }): h is Hop => !('unknown' in h);

/** Whether the route needs an OP hook: an OPinit deposit that is not its first operation (another hop leads into it). */
export function routeNeedsOpHook(route: Route): boolean {
  const hops = hopsOf(route);
  return hops.some((h, i) => i > 0 && isHop(h) && h.kind === 'op_init_transfer');
}

/** The route's two ends against the intent: decimals, amounts (canonical numerals), chains and assets. */
function checkEnds(run: Run): void {
  const { route, intent } = run;
  if (
    intent.decimalsFrom === 'chain' &&
    intent.routerDecimals !== undefined &&
    intent.routerDecimals !== intent.decimals
  ) {
    mismatch(
      run,
      `The router says ${clip(intent.symbol ?? intent.sourceDenom)} has ${intent.routerDecimals} decimals, but ${clip(intent.sourceChainId)} itself says ${intent.decimals}: ${clip(intent.typed)} would be sent as the wrong amount.`,
    );
  }
  for (const [field, v] of [
    ['amount_in', route.amount_in],
    ['amount_out', route.amount_out],
    ['estimated_amount_out', route.estimated_amount_out],
  ] as const) {
    if (v !== undefined && v !== null && canonicalNumber(v, 256) === undefined)
      mismatch(run, `The route's ${field}: ${numeralWords('it', v, 256)}`);
  }
  if (route.amount_in !== intent.amountIn) {
    mismatch(
      run,
      `The route sends ${clip(route.amount_in)} base units of ${clip(route.source_asset_denom)}, but you asked for ${clip(intent.typed)} (${intent.amountIn} base units with ${intent.decimals} decimals).`,
    );
  }
  if (route.source_asset_chain_id !== intent.sourceChainId)
    mismatch(
      run,
      `The route starts on ${clip(route.source_asset_chain_id)}, but you chose ${clip(intent.sourceChainId)}.`,
    );
  if (!sameDenom(route.source_asset_denom, intent.sourceDenom))
    mismatch(run, `The route sends ${clip(route.source_asset_denom)}, but you chose ${clip(intent.sourceDenom)}.`);
  if (route.dest_asset_chain_id !== intent.destChainId)
    mismatch(run, `The route ends on ${clip(route.dest_asset_chain_id)}, but you chose ${clip(intent.destChainId)}.`);
  if (!sameDenom(route.dest_asset_denom, intent.destDenom))
    mismatch(run, `The route delivers ${clip(route.dest_asset_denom)}, but you chose ${clip(intent.destDenom)}.`);
}

/** One address per chain the route names, each entered by the user; the source and destination among them. */
function checkAddresses(run: Run): void {
  const { route, intent } = run;
  const chains = route.required_chain_addresses;
  for (const c of [intent.sourceChainId, intent.destChainId]) {
    if (!chains.includes(c))
      mismatch(
        run,
        `The route names no address on ${clip(c)}, which your transfer ${c === intent.destChainId ? 'ends' : 'starts'} on.`,
      );
  }
  for (const c of chains) if (!intent.addresses[c]?.trim()) mismatch(run, `No address was entered for ${clip(c)}.`);
}

/** Checks the route against the intent; returns its hops up to the first the check does not understand. */
export function checkRoute(run: Run): Hop[] {
  const { route, intent } = run;
  checkEnds(run);
  checkAddresses(run);

  // The path.
  const hops = hopsOf(route);
  const known: Hop[] = [];
  if (!hops.length) mismatch(run, 'The route has no operation.');
  let at = intent.sourceChainId;
  for (const h of hops) {
    if (!isHop(h)) {
      unverified(
        run,
        `Operation ${h.index + 1} of the route (${clip(h.unknown, 60)}) is of a kind this check does not understand.`,
      );
      return known;
    }
    if (h.from !== at)
      mismatch(
        run,
        `Operation ${h.index + 1} of the route starts on ${clip(h.from)}, but the previous step ends on ${clip(at)}: the path is not continuous.`,
      );
    at = h.to;
    known.push(h);
  }
  if (hops.length && at !== intent.destChainId)
    mismatch(run, `The route's last operation ends on ${clip(at)}, not on ${clip(intent.destChainId)}.`);
  const first = known[0];
  if (first?.denomIn && !sameDenom(first.denomIn, intent.sourceDenom))
    mismatch(run, `The route's first operation takes ${clip(first.denomIn)}, not ${clip(intent.sourceDenom)}.`);
  const last = known.at(-1);
  if (last?.denomOut && !sameDenom(last.denomOut, intent.destDenom))
    mismatch(run, `The route's last operation delivers ${clip(last.denomOut)}, not ${clip(intent.destDenom)}.`);

  // Every channel, bridge, contract and endpoint the route names, confirmed by a source other than the router.
  confirmRoute(run, known);
  if (route.required_op_hook === true && !routeNeedsOpHook(route)) {
    mismatch(
      run,
      'The router asks for an OP hook, but this route has no OPinit deposit that another hop leads into: no hook is needed, and none should be signed.',
    );
  }
  return known;
}

/** The hop that leaves `chain` (over `channel` when given). */
export function hopFrom(hops: readonly Hop[], chain: string, kind?: string, channel?: string): Hop | undefined {
  return hops.find(
    (h) =>
      h.from === chain &&
      h.from !== h.to &&
      (kind === undefined || h.kind === kind) &&
      (channel === undefined || h.channel === undefined || h.channel === channel),
  );
}
