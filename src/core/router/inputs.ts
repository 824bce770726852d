/**
 * The router's inputs, checked before any request (cross-chain transfers: other chains, other address prefixes, EVM
 * chain ids such as "1"): each parser returns the normalised value or a sentence that says what is wrong, as
 * core/validate.ts does for the indexer's inputs.
 */
import { clean, fail, ok, parseBech32, type Parsed } from '../validate';

/** A chain id: `interwoven-1`, `osmosis-1`, or an EVM chain's number such as `1` or `8453`. */
export function parseChainId(input: string): Parsed<string> {
  const s = clean(input);
  if (!s) return fail('Enter a chain id such as interwoven-1.');
  if (!/^[a-zA-Z0-9][a-zA-Z0-9._-]{0,63}$/.test(s))
    return fail(
      'A chain id has letters, digits, dots, dashes or underscores (for example interwoven-1 or 1 for Ethereum).',
    );
  return ok(s);
}

/** A denom as the router names assets: `uinit`, `ibc/…`, `l2/…`, `evm/0x…`, or an ERC-20 address `0x…` on EVM chains. */
export function parseAssetDenom(input: string): Parsed<string> {
  const s = clean(input);
  if (/^0x[0-9a-fA-F]{40}$/.test(s)) return ok(s);
  if (/^0x/i.test(s)) return fail('A token address is 0x followed by 40 hexadecimal digits.');
  if (!s) return fail('Enter a denom such as uinit, ibc/…, l2/… or an ERC-20 address 0x….');
  if (!/^[a-zA-Z][a-zA-Z0-9/:._-]{1,127}$/.test(s) || /\/\/|\/$/.test(s)) {
    return fail('A denom starts with a letter and has letters, digits or / : . _ - (for example uinit or ibc/…).');
  }
  if (s.split('/').some((part) => part === '.' || part === '..'))
    return fail('A denom has no "." or ".." part between slashes.');
  return ok(s);
}

/** An amount in base units: a positive whole number, as a string (never through a float). */
export function parseBaseAmount(input: string): Parsed<string> {
  const s = clean(input).replace(/_/g, '');
  if (!s) return fail('Enter an amount in base units (a whole number, for example 1000000 for 1 INIT).');
  if (!/^\d+$/.test(s)) return fail('An amount in base units is a whole number with no decimal point or sign.');
  const n = s.replace(/^0+/, '');
  if (!n) return fail('The amount must be more than 0.');
  if (n.length > 78) return fail('That amount is larger than any token supply.');
  return ok(n);
}

/** Slippage tolerance in percent: 0 < x ≤ 100, as the decimal string the router takes. */
export function parseSlippage(input: string): Parsed<string> {
  const s = clean(input).replace(/%$/, '').trim();
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(s)) return fail('Slippage is a percentage such as 1 or 0.5.');
  const v = Number(s);
  if (!(v > 0 && v <= 100)) return fail('Slippage is more than 0 and at most 100 percent.');
  return ok(String(v));
}

/** An address on any chain of a route: bech32 with any prefix (checksum verified) or 0x + 40 hex. */
export function parseChainAddress(input: string): Parsed<string> {
  const s = clean(input);
  if (!s) return fail('Enter an address (bech32 such as init1… or osmo1…, or 0x followed by 40 hexadecimal digits).');
  if (/^0x/i.test(s)) {
    return /^0x[0-9a-fA-F]{40}$/.test(s) ? ok(s) : fail('A 0x address is 0x followed by 40 hexadecimal digits.');
  }
  if (/^[a-z]+1[02-9ac-hj-np-z]{6,}$/i.test(s)) {
    const r = parseBech32(s, 'address', true);
    return r.ok ? ok(r.value.value) : r;
  }
  return fail('An address is bech32 (such as init1…) or 0x followed by 40 hexadecimal digits.');
}
