/**
 * The field kinds every schema of the router's answers is made of (strings, optional and nullable fields, base-unit
 * amounts) and the asset, which the routes, the status and the router's lists share. Split from schemas.ts by job.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';

export const str = lazySchema(() => z.string());
export const optStr = lazySchema(() => z.optional(z.nullable(z.string())));
export const optBool = lazySchema(() => z.optional(z.nullable(z.boolean())));
export const optInt = lazySchema(() => z.optional(z.nullable(z.number().check(z.int()))));
/** A base-unit amount as the router sends it: a decimal integer string. */
export const baseAmount = lazySchema(() => z.string().check(z.regex(/^\d+$/)));
/** Amounts we only show: strings on the wire, numbers tolerated. */
export const shownAmount = lazySchema(() => z.optional(z.nullable(z.union([z.string(), z.number()]))));

export const Asset = lazySchema(() =>
  z.looseObject({
    denom: optStr,
    chain_id: optStr,
    symbol: optStr,
    name: optStr,
    decimals: optInt,
    logo_uri: optStr,
    origin_denom: optStr,
    origin_chain_id: optStr,
    is_cw20: optBool,
    is_evm: optBool,
    token_contract: optStr,
    /** Initia router: an asset the UI does not offer. */
    hidden: optBool,
    /** Tells bridged twins apart: "USDC.axl" next to "USDC". */
    recommended_symbol: optStr,
    coingecko_id: optStr,
    description: optStr,
    trace: optStr,
    is_svm: optBool,
  }),
);
export type Asset = z.infer<typeof Asset>;
export const optAsset = lazySchema(() => z.optional(z.nullable(Asset)));
export const opt = <S extends z.ZodMiniType>(s: S) => z.optional(z.nullable(s));
