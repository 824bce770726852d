/**
 * Whole units ↔ base units, and slippage, exactly: decimal strings and BigInt, never a float. `1.5` INIT with 6
 * decimals is `1500000` base units; a person types the first, the router takes the second.
 */
import type { Parsed } from './validate';

const fail = <T>(error: string): Parsed<T> => ({ ok: false, error });

/** The most decimals an asset may declare (ERC-20 `decimals` is a uint8); more is treated as not known. */
const MAX_DECIMALS = 255;
/** 2^256 has 78 digits: no token supply has more base units. */
const MAX_BASE_DIGITS = 78;

const validDecimals = (decimals: number | undefined): decimals is number =>
  typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0 && decimals <= MAX_DECIMALS;

/** A plain non-negative decimal: `12`, `1.5`, `.5`, `1.` (at least one digit). */
const PLAIN_DECIMAL = /^(\d+)?(?:\.(\d*))?$/;

/** The integer and fraction digits of a plain decimal, normalised (no leading zeros but one, no trailing zeros). */
function decimalParts(s: string): { int: string; frac: string } | undefined {
  const m = PLAIN_DECIMAL.exec(s);
  if (!m || !/\d/.test(s)) return undefined;
  return { int: (m[1] ?? '').replace(/^0+/, '') || '0', frac: (m[2] ?? '').replace(/0+$/, '') };
}

const joinParts = (p: { int: string; frac: string }): string => (p.frac ? `${p.int}.${p.frac}` : p.int);

/** A plain decimal as an integer at a scale (`"1.5"`, 3 → 1500n); the fraction must fit the scale. */
function scaled(p: { int: string; frac: string }, scale: number): bigint {
  return BigInt(p.int + p.frac.padEnd(scale, '0'));
}

/**
 * A whole-unit amount in base units: `toBaseUnits("1.5", 6)` is `"1500000"`. Undefined when `whole` is not a plain
 * non-negative decimal (digits with at most one point; no sign, grouping or exponent) or has more significant
 * fraction digits than `decimals` (trailing zeros do not count: `"1.50"` fits 1 decimal).
 */
export function toBaseUnits(whole: string, decimals: number): string | undefined {
  if (!validDecimals(decimals)) return undefined;
  const p = decimalParts(whole);
  if (!p || p.frac.length > decimals) return undefined;
  return scaled(p, decimals).toString();
}

/** Base units in whole units, with no grouping and no trailing zeros: `fromBaseUnits("1500000", 6)` is `"1.5"`. Throws on anything but a non-negative integer string. */
export function fromBaseUnits(base: string, decimals: number): string {
  if (!/^\d+$/.test(base)) throw new RangeError(`Not an amount in base units: "${base.slice(0, 80)}".`);
  if (!validDecimals(decimals)) throw new RangeError(`Not a number of decimals: ${String(decimals)}.`);
  const digits = base.replace(/^0+(?=\d)/, '').padStart(decimals + 1, '0');
  const cut = digits.length - decimals;
  return joinParts({ int: digits.slice(0, cut), frac: digits.slice(cut).replace(/0+$/, '') });
}

/** Integer strings compared exactly (BigInt). Throws on anything but an optionally signed integer string. */
export function compareBase(a: string, b: string): -1 | 0 | 1 {
  for (const s of [a, b]) if (!/^-?\d+$/.test(s)) throw new RangeError(`Not an integer: "${s.slice(0, 80)}".`);
  const [x, y] = [BigInt(a), BigInt(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Two plain non-negative decimals (`"12.5"`, `"3"`) compared exactly; undefined when either is not one. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 | undefined {
  const [p, q] = [decimalParts(a), decimalParts(b)];
  if (!p || !q) return undefined;
  const scale = Math.max(p.frac.length, q.frac.length);
  const [x, y] = [scaled(p, scale), scaled(q, scale)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The integer part: digits with `_` between them (`1_000`), or groups of three separated by commas (`1,000`). */
const AMOUNT = /^(\d{1,3}(?:,\d{3})+|\d+(?:_\d+)*)?(?:\.(\d+(?:_\d+)*)?)?$/;

/**
 * A whole-unit amount typed by a person (`1.5`, `1,000.25`, `1_000`, `.5`, `1.`) in base units, exactly; `whole` is
 * the amount normalised (no grouping, no leading or trailing zeros: `"1.5"`). Trailing zeros of the fraction do not
 * count against the asset's decimals.
 */
export function parseWholeAmount(input: string, decimals: number | undefined): Parsed<{ base: string; whole: string }> {
  const s = input.trim();
  if (!s) return fail('Enter an amount.');
  const m = AMOUNT.exec(s);
  if (!m || !/\d/.test(s)) return fail('An amount is a number such as 1.5.');
  if (!validDecimals(decimals)) {
    return fail(
      'The number of decimals of this asset is not known, so the amount cannot be converted: pick a listed asset or enter a custom denom with its decimals.',
    );
  }
  const p = decimalParts(`${(m[1] ?? '').replace(/[,_]/g, '')}.${(m[2] ?? '').replace(/_/g, '')}`)!;
  if (p.frac.length > decimals) {
    return fail(
      decimals === 0
        ? 'This asset takes whole numbers only.'
        : `This asset has at most ${decimals} decimal place${decimals === 1 ? '' : 's'}.`,
    );
  }
  // Too many digits before any BigInt is made of them (a pasted megabyte of digits stays cheap).
  if (p.int !== '0' && p.int.length + decimals > MAX_BASE_DIGITS)
    return fail('That amount is larger than any token supply.');
  const base = scaled(p, decimals).toString();
  if (base === '0') return fail('The amount must be more than 0.');
  if (base.length > MAX_BASE_DIGITS) return fail('That amount is larger than any token supply.');
  return { ok: true, value: { base, whole: joinParts(p) } };
}

/**
 * The least a route may deliver at a slippage tolerance: floor(amountOut × (100 − s) / 100), exactly (s is scaled to
 * an integer, never a float). Throws when amountOut is not a base-unit integer or s is not a decimal from 0 to 100.
 */
export function minimumReceived(amountOut: string, slippagePercent: string): string {
  if (!/^\d+$/.test(amountOut)) throw new RangeError(`Not an amount in base units: "${amountOut.slice(0, 80)}".`);
  const p = decimalParts(slippagePercent.trim());
  if (!p || compareDecimal(joinParts(p), '100') === 1)
    throw new RangeError(`Not a slippage percentage: "${slippagePercent.slice(0, 80)}".`);
  const unit = 10n ** BigInt(p.frac.length);
  const hundred = 100n * unit;
  return ((BigInt(amountOut) * (hundred - scaled(p, p.frac.length))) / hundred).toString();
}

export const SLIPPAGE_PRESETS = ['0.1', '0.5', '1'] as const;
export const DEFAULT_SLIPPAGE = '0.5';

interface SlippageCheck {
  /** The tolerance, normalised (`"0.50"` → `"0.5"`), when it can be used (with or without a warning). */
  value?: string;
  error?: string;
  warning?: string;
}

/** A slippage tolerance in percent as typed (a trailing `%` accepted): usable or not, and whether it is risky. */
export function checkSlippage(input: string): SlippageCheck {
  const s = input.trim().replace(/\s*%$/, '').trim();
  if (!s) return { error: 'Enter a slippage tolerance.' };
  const m = /^([+-]?)(\d*(?:\.\d*)?)$/.exec(s);
  const p = m ? decimalParts(m[2]!) : undefined;
  if (!m || !p) return { error: 'Slippage is a percentage such as 0.5.' };
  const value = joinParts(p);
  if (m[1] === '-' || value === '0' || compareDecimal(value, '100') === 1)
    return { error: 'Slippage is more than 0 and at most 100 percent.' };
  if (p.frac.length > 2) return { error: 'Slippage takes at most 2 decimal places.' };
  if (compareDecimal(value, '5') === 1) return { value, warning: 'A slippage above 5% may get your trade frontrun.' };
  if (compareDecimal(value, '0.1') === -1)
    return { value, warning: 'A slippage below 0.1% may make the transfer fail.' };
  return { value };
}
