/**
 * The route's trust anchors confirmed: every channel, bridge, contract and endpoint the route names is looked up in
 * sources other than the router (check/anchors.ts). Confirmed: the messages may then be compared with the route. Named
 * otherwise by an independent source: a mismatch. Named by the router alone: unverified, said in words ("The router
 * alone says that …; nothing else confirms it."). The decoders compare each message with the route, so a message that
 * agrees with a confirmed route agrees with the anchors.
 */
import { sameDenom } from '../denoms';
import { minimumReceived } from '../../units';
import type { Anchor, Lookup } from './anchors';
import { sameAddress } from './bytes';
import { clip, mismatch, unverified, type Hop, type Run } from './model';

const alone =
  'nothing else confirms it (neither the registry you chose, the chain itself, your network profiles nor the pinned table of well-known bridges names it)';
const sources = (values: ReadonlyArray<Anchor<unknown>>) =>
  values.map((v) => `${clip(String(v.value), 80)} (${v.source})`).join(' but ');

/** Judges one value of the route against its anchor. */
function judge<T>(
  run: Run,
  found: Lookup<T>,
  routeValue: T | undefined,
  words: { what: string; routeSays: (v: T) => string; anchorSays: (a: Anchor<T>) => string },
  same: (a: T, b: T) => boolean = (a, b) => a === b,
): boolean {
  if (routeValue === undefined) {
    unverified(run, `The route does not name ${words.what}: it cannot be confirmed.`);
    return false;
  }
  if (found.kind === 'conflict') {
    unverified(run, `The sources disagree on ${words.what}: ${sources(found.values)}.`);
    return false;
  }
  if (found.kind === 'none') {
    unverified(run, `The router alone says that ${words.routeSays(routeValue)}; ${alone}.`);
    return false;
  }
  if (!same(found.anchor.value, routeValue)) {
    mismatch(run, `The router says that ${words.routeSays(routeValue)}, but ${words.anchorSays(found.anchor)}.`);
    return false;
  }
  return true;
}

/** The rollup side of an OPinit hop: the one a bridge id is known for (the L1 has none). */
function rollupOf(run: Run, h: Pick<Hop, 'from' | 'to'>): string | undefined {
  if (run.anchors.opBridge(h.to).kind !== 'none') return h.to;
  if (run.anchors.opBridge(h.from).kind !== 'none') return h.from;
  return undefined;
}

/** The confirmed bridge id of a rollup, or undefined (the reason is recorded by confirmRoute). */
export function confirmedBridge(run: Run, rollup: string | undefined): string | undefined {
  const found = rollup === undefined ? undefined : run.anchors.opBridge(rollup);
  return found?.kind === 'found' ? found.anchor.value : undefined;
}

function confirmHop(run: Run, h: Hop): void {
  const { anchors } = run;
  switch (h.kind) {
    case 'transfer':
    case 'eureka_transfer': {
      const found = h.channel === undefined ? ({ kind: 'none' } as const) : anchors.channel(h.from, h.channel);
      judge(run, found, h.channel === undefined ? undefined : h.to, {
        what: `the IBC channel from ${clip(h.from)} to ${clip(h.to)}`,
        routeSays: (to) => `channel ${clip(h.channel ?? '')} on ${clip(h.from)} leads to ${clip(to)}`,
        anchorSays: (a) =>
          `${a.source} says that channel ${clip(h.channel ?? '')} on ${clip(h.from)} leads to ${clip(a.value)}`,
      });
      if (h.entryContract !== undefined)
        confirmContract(run, 'entry', h.to, undefined, h.entryContract, `the ibc-hooks entry point on ${clip(h.to)}`);
      return;
    }
    case 'op_init_transfer': {
      const rollup = rollupOf(run, h) ?? h.to;
      judge(run, anchors.opBridge(rollup), h.bridgeId, {
        what: `the OP bridge between ${clip(h.from)} and ${clip(h.to)}`,
        routeSays: (id) => `OP bridge ${clip(id)} is the bridge of ${clip(rollup)}`,
        anchorSays: (a) => `${a.source} names bridge ${clip(a.value)} for ${clip(rollup)}`,
      });
      return;
    }
    case 'layer_zero_transfer':
    case 'lz_transfer': {
      const lz = (h.op.layer_zero_transfer ?? h.op.lz_transfer) as
        { destination_endpoint_id?: unknown; source_oft_contract_address?: unknown } | null | undefined;
      const eid =
        typeof lz?.destination_endpoint_id === 'number' || typeof lz?.destination_endpoint_id === 'string'
          ? Number(lz.destination_endpoint_id)
          : undefined;
      judge(run, anchors.lzEndpoint(h.to), eid, {
        what: `the LayerZero endpoint of ${clip(h.to)}`,
        routeSays: (v) => `LayerZero endpoint ${v} is ${clip(h.to)}`,
        anchorSays: (a) => `${a.source} gives ${clip(h.to)} the endpoint ${a.value}`,
      });
      const oft = typeof lz?.source_oft_contract_address === 'string' ? lz.source_oft_contract_address : undefined;
      if (oft === undefined)
        unverified(
          run,
          `The route does not name the LayerZero contract that takes your funds on ${clip(h.from)}: it cannot be confirmed.`,
        );
      else
        confirmContract(
          run,
          'oft',
          h.from,
          oftToken(run, h),
          oft,
          `the LayerZero bridge for ${clip(run.intent.symbol ?? h.denomIn ?? run.intent.sourceDenom)} on ${clip(h.from)}`,
        );
      return;
    }
    case 'cctp_transfer':
    case 'cctp_transfer_v2':
      if (anchors.cctpDomain(h.to).kind !== 'found')
        unverified(
          run,
          `The CCTP domain of ${clip(h.to)} is not known from any source but the router: where the USDC is minted cannot be confirmed.`,
        );
      return;
    default:
      return;
  }
}

/** The token an OFT takes on its chain: `native` for the chain's own asset, else the ERC-20's address. */
export function oftToken(run: Run, h: Pick<Hop, 'denomIn'>): string {
  const denom = h.denomIn ?? run.intent.sourceDenom;
  return /^0x[0-9a-f]{40}$/i.test(denom) ? denom : 'native';
}

/** Whether `address` is an anchored contract of that role; records why not. */
function confirmContract(
  run: Run,
  role: 'oft' | 'entry',
  chain: string,
  token: string | undefined,
  address: string,
  what: string,
): boolean {
  const known = run.anchors.contracts(role, chain, token);
  if (known.some((k) => sameAddress(k.value, address))) return true;
  if (!known.length) unverified(run, `The router alone says that contract ${clip(address)} is ${what}; ${alone}.`);
  else
    mismatch(
      run,
      `The router says that contract ${clip(address)} is ${what}, but ${known[0]!.source} names ${clip(known.map((k) => k.value).join(' or '), 200)}.`,
    );
  return false;
}

/** Every hop's anchors, and the decimals of the asset sent. */
export function confirmRoute(run: Run, hops: readonly Hop[]): void {
  for (const h of hops) confirmHop(run, h);
  const { intent } = run;
  if (intent.decimalsFrom === 'router') {
    unverified(
      run,
      `The router alone says that ${clip(intent.symbol ?? intent.sourceDenom)} has ${intent.decimals} decimals; ${alone}: "${clip(intent.typed)}" could be sent as another amount.`,
    );
  }
}

/** The decimals of an asset from an anchor, or undefined. */
export function anchoredDecimals(run: Run, chain: string, denom: string): number | undefined {
  const { intent } = run;
  if (chain === intent.sourceChainId && sameDenom(denom, intent.sourceDenom) && intent.decimalsFrom !== 'router')
    return intent.decimals;
  const found = run.anchors.decimals(chain, denom);
  return found.kind === 'found' ? found.anchor.value : undefined;
}

/** The least the user accepts at their slippage, from the route's own quote (the only price known), or undefined when it cannot be worked out. */
export function quotedMinimum(run: Run): bigint | undefined {
  try {
    return BigInt(
      minimumReceived(String(run.route.estimated_amount_out ?? run.route.amount_out), run.intent.slippagePercent),
    );
  } catch {
    return undefined;
  }
}
