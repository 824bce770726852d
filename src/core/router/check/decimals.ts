/**
 * An asset's decimals from the chain itself, not from the router: the bank module's denom metadata over the chain's
 * REST API (`/cosmos/bank/v1beta1/denoms_metadata/{denom}`: the exponent of its display unit), or an ERC-20's
 * `decimals()` over the chain's JSON-RPC (`eth_call`). The URLs are the user's (their network profiles); the answers are
 * untrusted and checked (an exponent or a decimals value outside 0–36 is refused). Undefined when the chain does not
 * say (no metadata, 404): the router's decimals are then used, and the panel says so. The requests are the chain
 * client's (core/chain/client.ts), the one client of a node's REST and JSON-RPC.
 */
import * as z from 'zod/mini';
import type { ChainClient } from '../../chain/client';
import { lazySchema } from '../../lazySchema';

const MAX_DECIMALS = 36;

const DenomMetadata = lazySchema(() =>
  z.looseObject({
    metadata: z.looseObject({
      base: z.string(),
      display: z.string(),
      denom_units: z.array(
        z.looseObject({
          denom: z.string(),
          exponent: z.optional(z.nullable(z.number().check(z.int(), z.nonnegative()))),
        }),
      ),
    }),
  }),
);

/** The decimals a bank denom metadata gives: the exponent of its display unit, or undefined when it does not hold together. */
export function decimalsOfMetadata(value: unknown, denom: string): number | undefined {
  const parsed = DenomMetadata.safeParse(value);
  if (!parsed.success) return undefined;
  const m = parsed.data.metadata;
  if (m.base !== denom) return undefined;
  const unit = m.denom_units.find((u) => u.denom === m.display);
  const exponent = unit?.exponent ?? (m.display === m.base ? 0 : undefined);
  return exponent !== undefined && exponent <= MAX_DECIMALS ? exponent : undefined;
}

/** The decimals the chain's bank module gives a denom (over its REST), or undefined when it has no metadata for it. */
export async function bankDecimals(
  chain: ChainClient,
  denom: string,
  signal?: AbortSignal,
): Promise<number | undefined> {
  const value = await chain.denomMetadata(denom, signal);
  return value === undefined ? undefined : decimalsOfMetadata(value, denom);
}

/** An ERC-20's `decimals()` read with `eth_call` at the latest block (over its JSON-RPC), or undefined when the call fails or answers nonsense. */
export async function erc20Decimals(
  chain: ChainClient,
  token: string,
  signal?: AbortSignal,
): Promise<number | undefined> {
  if (!/^0x[0-9a-fA-F]{40}$/.test(token)) return undefined;
  const result = await chain.ethCall(token, '0x313ce567', signal);
  if (!result || !/^0x[0-9a-fA-F]{64}$/.test(result)) return undefined;
  const n = BigInt(result);
  return n <= BigInt(MAX_DECIMALS) ? Number(n) : undefined;
}
