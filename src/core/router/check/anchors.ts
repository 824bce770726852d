/**
 * Trust anchors: what the bridge check relies on besides the user's own intent, each confirmed by a source other than
 * the router. The router names the OP bridge a deposit goes over, the IBC channel a transfer leaves by, the contract
 * the funds pass through, the LayerZero endpoint, the asset's decimals: a router that lies consistently in the route
 * and in the messages would pass a check that compares one with the other. So each is looked up here, in data the
 * host gathered beforehand from
 *  - the user's own network profiles (`opBridgeId`),
 *  - the registry the user chose (`metadata.op_bridge_id`, `op_denoms`, `ibc_channels` with their counterparty chain
 *    ids; asset lists' `denom_units` exponents),
 *  - the chain itself (bank denom metadata, an ERC-20's `decimals()`),
 *  - the pinned table shipped with the extension (check/pinned.ts), for what neither gives.
 * A value two sources disagree on is not an anchor (said in words). Pure; the data is plain JSON.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { sameDenom } from '../denoms';
import type { RegistryChain } from '../../registry';
import type { NetworkProfile } from '../../networks';
import { lazySchema } from '../../lazySchema';

const Entry = <T extends z.ZodMiniType>(value: T) => ({ value, source: z.string() });
export const AnchorData = lazySchema(() =>
  z.object({
    opBridges: z.optional(z.array(z.object({ chain: z.string(), ...Entry(z.string()) }))),
    opDenoms: z.optional(z.array(z.object({ chain: z.string(), ...Entry(z.array(z.string())) }))),
    /** An IBC channel on `chain` (port, channel) and the chain at its other end. */
    channels: z.optional(
      z.array(z.object({ chain: z.string(), port: z.string(), channel: z.string(), ...Entry(z.string()) })),
    ),
    decimals: z.optional(z.array(z.object({ chain: z.string(), denom: z.string(), ...Entry(z.number()) }))),
    /** Contracts of a role: an OFT (for `token`, `native` for the chain's own asset) or an ibc-hooks entry point. */
    contracts: z.optional(
      z.array(
        z.object({
          role: z.enum(['oft', 'entry']),
          chain: z.string(),
          token: z.optional(z.string()),
          ...Entry(z.string()),
        }),
      ),
    ),
    lzEndpoints: z.optional(z.array(z.object({ chain: z.string(), ...Entry(z.number()) }))),
    cctpDomains: z.optional(z.array(z.object({ chain: z.string(), ...Entry(z.number()) }))),
  }),
);
export type AnchorData = z.infer<typeof AnchorData>;

export interface Anchor<T> {
  value: T;
  /** Where it was read, in words ("the registry you chose (…)"). */
  source: string;
}

/** A lookup: the anchor, none, or sources that disagree (never an anchor). */
export type Lookup<T> =
  { kind: 'found'; anchor: Anchor<T> } | { kind: 'none' } | { kind: 'conflict'; values: Array<Anchor<T>> };

const keyOf = (...parts: Array<string | undefined>) => parts.map((p) => p ?? '').join('\u0000');

function lookup<T>(entries: ReadonlyArray<Anchor<T>>, same: (a: T, b: T) => boolean): Lookup<T> {
  const first = entries[0];
  if (!first) return { kind: 'none' };
  const differ = entries.filter((e) => !same(e.value, first.value));
  if (differ.length) return { kind: 'conflict', values: [first, ...differ] };
  return { kind: 'found', anchor: first };
}

const eq = <T>(a: T, b: T) => a === b;

/** The anchors, looked up. Several sources of the same value are one anchor (the first source named). */
export class AnchorBook {
  private readonly index = new Map<string, Array<Anchor<unknown>>>();
  private readonly channelsTo = new Map<string, string | undefined>();

  constructor(readonly parts: readonly AnchorData[] = []) {
    for (const d of parts) {
      d.opBridges?.forEach((e) => this.add(keyOf('op', e.chain), e));
      d.opDenoms?.forEach((e) => this.add(keyOf('opd', e.chain), e));
      d.channels?.forEach((e) => this.add(keyOf('ch', e.chain, e.port, e.channel), e));
      d.decimals?.forEach((e) => this.add(keyOf('dec', e.chain, normal(e.denom)), e));
      d.contracts?.forEach((e) =>
        this.add(keyOf('c', e.role, e.chain, e.token === undefined ? undefined : normal(e.token)), e),
      );
      d.lzEndpoints?.forEach((e) => this.add(keyOf('lz', e.chain), e));
      d.cctpDomains?.forEach((e) => this.add(keyOf('cctp', e.chain), e));
    }
  }

  private add(key: string, e: Anchor<unknown>): void {
    const list = this.index.get(key) ?? [];
    list.push({ value: e.value, source: e.source });
    this.index.set(key, list);
  }

  private get<T>(key: string, same: (a: T, b: T) => boolean = eq): Lookup<T> {
    return lookup((this.index.get(key) ?? []) as Array<Anchor<T>>, same);
  }

  /** The OP bridge id of a rollup. */
  opBridge(rollup: string): Lookup<string> {
    return this.get(keyOf('op', rollup));
  }

  /** The L1 denoms a rollup's bridge carries, as the registry lists them (candidates only: see l1DenomOf). */
  opDenoms(rollup: string): string[] {
    return (this.index.get(keyOf('opd', rollup)) ?? []).flatMap((e) => e.value as string[]);
  }

  /** The chain at the other end of an IBC channel. */
  channel(chain: string, channel: string, port = 'transfer'): Lookup<string> {
    return this.get(keyOf('ch', chain, port, channel));
  }

  /** The one transfer channel on `chain` that leads to `counterparty`, when exactly one source-consistent one is known. */
  channelTo(chain: string, counterparty: string, port = 'transfer'): string | undefined {
    const memo = keyOf(chain, counterparty, port);
    if (this.channelsTo.has(memo)) return this.channelsTo.get(memo);
    const prefix = keyOf('ch', chain, port, '');
    const found = new Set<string>();
    for (const [key, entries] of this.index) {
      if (!key.startsWith(prefix) || entries.some((e) => e.value !== counterparty)) continue;
      found.add(key.slice(prefix.length));
    }
    const channel = found.size === 1 ? [...found][0] : undefined;
    this.channelsTo.set(memo, channel);
    return channel;
  }

  decimals(chain: string, denom: string): Lookup<number> {
    return this.get(keyOf('dec', chain, normal(denom)));
  }

  /** The contracts of a role on a chain (for a token: `native` for the chain's own asset). */
  contracts(role: 'oft' | 'entry', chain: string, token?: string): Array<Anchor<string>> {
    return (this.index.get(keyOf('c', role, chain, token === undefined ? undefined : normal(token))) ?? []) as Array<
      Anchor<string>
    >;
  }

  lzEndpoint(chain: string): Lookup<number> {
    return this.get(keyOf('lz', chain));
  }

  cctpDomain(chain: string): Lookup<number> {
    return this.get(keyOf('cctp', chain));
  }
}

const normal = (denom: string) => (/^0x[0-9a-f]{40}$/i.test(denom) ? denom.toLowerCase() : denom);

// ---------------------------------------------------------------------------------------------------------------
// OPinit denoms: what a deposit mints on the rollup, computed exactly as the chain does

/**
 * The rollup's denom of an L1 denom deposited over bridge `bridgeId`: OPinit's `L2Denom` (x/opchild/types:
 * "l2/" + hex(sha3-256(uint64 big-endian bridge id ‖ L1 denom))). Its inverse is found by trying candidates.
 */
export function l2Denom(bridgeId: string, l1: string): string {
  const id = Buffer.alloc(8);
  id.writeBigUInt64BE(BigInt(bridgeId));
  return `l2/${createHash('sha3-256')
    .update(Buffer.concat([id, Buffer.from(l1, 'utf8')]))
    .digest('hex')}`;
}

/** The L1 denom an L2 denom withdraws to over `bridgeId`, among the candidates (undefined when none hashes to it). */
export function l1DenomOf(bridgeId: string, l2: string, candidates: readonly string[]): string | undefined {
  if (!/^\d{1,20}$/.test(bridgeId) || !l2.startsWith('l2/')) return undefined;
  return candidates.find((c) => !c.startsWith('l2/') && sameDenom(l2Denom(bridgeId, c), l2));
}

/**
 * The denom an IBC transfer of `denom` credits on the receiving chain, computed as ibc-go does (the voucher
 * "ibc/" + upper-case hex SHA-256 of "{port}/{channel on the receiving side}/{denom}"), for a denom native to the
 * sending chain (no path: an "ibc/" voucher going back would be unwound instead, which needs its trace). Undefined
 * when the receiving channel is not known from an anchor.
 */
export function arrivingDenom(book: AnchorBook, from: string, to: string, denom: string): string | undefined {
  if (/^ibc\//i.test(denom) || denom.startsWith('transfer/')) return undefined;
  const channel = book.channelTo(to, from);
  if (channel === undefined) return undefined;
  return `ibc/${createHash('sha256').update(`transfer/${channel}/${denom}`).digest('hex').toUpperCase()}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Sources

const U64 = /^(0|[1-9]\d{0,19})$/;
const Channel = lazySchema(() =>
  z.object({
    chain_id: z.string().check(z.minLength(1)),
    port_id: z.string().check(z.minLength(1)),
    channel_id: z.string().check(z.regex(/^channel-(0|[1-9]\d{0,18})$/)),
  }),
);

/** What a registry says: bridge ids, the denoms bridges carry, IBC channels. */
export function registryAnchors(chains: readonly RegistryChain[], where: string): AnchorData {
  const source = `the registry you chose (${where})`;
  const out: Required<Pick<AnchorData, 'opBridges' | 'opDenoms' | 'channels'>> = {
    opBridges: [],
    opDenoms: [],
    channels: [],
  };
  for (const c of chains) {
    const m = c.metadata;
    if (!m) continue;
    const id = m.op_bridge_id === undefined ? undefined : String(m.op_bridge_id);
    if (id !== undefined && U64.test(id) && BigInt(id) < 2n ** 64n)
      out.opBridges.push({ chain: c.chain_id, value: id, source });
    const denoms = (m.op_denoms ?? []).filter((d): d is string => typeof d === 'string' && d.length > 0);
    if (denoms.length) out.opDenoms.push({ chain: c.chain_id, value: denoms, source });
    for (const raw of m.ibc_channels ?? []) {
      const ch = Channel.safeParse(raw);
      if (ch.success)
        out.channels.push({
          chain: c.chain_id,
          port: ch.data.port_id,
          channel: ch.data.channel_id,
          value: ch.data.chain_id,
          source,
        });
    }
  }
  return out;
}

/** What the user's own profiles say: the OP bridge id of a rollup. */
export function profileAnchors(profiles: readonly NetworkProfile[]): AnchorData {
  return {
    opBridges: profiles
      .filter((p) => p.chainId && p.opBridgeId !== undefined)
      .map((p) => ({
        chain: p.chainId!,
        value: String(p.opBridgeId),
        source: p.builtIn ? `the extension's built-in profile "${p.name}"` : `your network profile "${p.name}"`,
      })),
  };
}

const AssetList = lazySchema(() =>
  z.looseObject({
    assets: z.array(z.unknown()),
  }),
);
const ListedAsset = lazySchema(() =>
  z.looseObject({
    base: z.string().check(z.minLength(1)),
    display: z.string(),
    denom_units: z.array(z.looseObject({ denom: z.string(), exponent: z.number().check(z.int(), z.nonnegative()) })),
  }),
);

/**
 * The decimals an asset list of the registry gives (initia-registry's `assetlist.json`, as `metadata.assetlist`
 * points to it): the exponent of each asset's display unit. An asset that does not hold together is skipped.
 */
export function assetListAnchors(value: unknown, chain: string, where: string): AnchorData {
  const list = AssetList.safeParse(value);
  if (!list.success) return {};
  const decimals: NonNullable<AnchorData['decimals']> = [];
  for (const raw of list.data.assets) {
    const a = ListedAsset.safeParse(raw);
    if (!a.success) continue;
    const unit = a.data.denom_units.find((u) => u.denom === a.data.display);
    const exponent = unit?.exponent ?? (a.data.display === a.data.base ? 0 : undefined);
    if (exponent !== undefined && exponent <= 36)
      decimals.push({
        chain,
        denom: a.data.base,
        value: exponent,
        source: `the asset list of the registry you chose (${where})`,
      });
  }
  return { decimals };
}
