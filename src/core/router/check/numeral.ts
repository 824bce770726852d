/**
 * Whole numbers as the check accepts them: canonical decimal only (`0`, or digits without a leading zero; no sign,
 * exponent, underscore, whitespace or base prefix), within the range of the type the chain reads them into. Anything
 * else could be read otherwise by the chain: cosmos-sdk's `math.Int` parses text with Go's
 * `big.Int.SetString(s, 0)` (cosmos/cosmos-sdk math/int.go, `newIntegerFromString` and `unmarshalText`), where
 * "0100" is octal 64, "0x10" hex 16, "0b1" binary and "1_000" a thousand. So a non-canonical numeral is a mismatch,
 * never a guess at what was meant. Pure.
 */
import * as z from 'zod/mini';

/** The ranges the chain reads: u32 (a CCTP domain), u64 (bridge ids, timeouts, revision numbers), 128 (a CosmWasm Uint128), 256 (an sdk Int, an EVM uint256). */
export type Bits = 32 | 64 | 128 | 256;

/** The value of a canonical decimal numeral below 2^bits, else undefined (no BigInt is made of anything longer). */
export function canonicalNumber(s: unknown, bits: Bits): bigint | undefined {
  if (typeof s !== 'string' || s.length > 80 || !/^(?:0|[1-9][0-9]*)$/.test(s)) return undefined;
  const v = BigInt(s);
  return v < 1n << BigInt(bits) ? v : undefined;
}

/** The marker of a numeral the schemas refuse: the decoders turn it into a mismatch, in words. */
const NON_CANONICAL = 'non-canonical numeral';

/** A JSON string holding a canonical whole number below 2^bits. */
export const numeral = (bits: Bits) =>
  z.string().check(z.refine((s) => canonicalNumber(s, bits) !== undefined, { error: NON_CANONICAL }));

/**
 * A whole number written as a canonical string or as a JSON number (a safe integer, or a BigInt as core/goJson.ts
 * reads a larger one exactly), in range.
 */
export const numeralOrNumber = (bits: Bits) =>
  z.union([
    numeral(bits),
    z
      .number()
      .check(
        z.refine((n) => Number.isSafeInteger(n) && n >= 0 && BigInt(n) < 1n << BigInt(bits), { error: NON_CANONICAL }),
      ),
    z.bigint().check(z.refine((n) => n >= 0n && n < 1n << BigInt(bits), { error: NON_CANONICAL })),
  ]);

/** Words for a numeral that is not canonical: what it says and why it is refused. */
export function numeralWords(what: string, value: unknown, bits: Bits): string {
  const shown =
    typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : String(value);
  const range =
    typeof value === 'string' && /^(?:0|[1-9][0-9]*)$/.test(value)
      ? `larger than the chain's ${bits}-bit range`
      : 'not a canonical whole number';
  return `${what} is written ${shown}, ${range}: the chain may read it differently.`;
}

/** Whether a zod error is about a numeral the schemas refused, and where: the path and the value there. */
export function numeralIssue(
  issues: ReadonlyArray<{ message: string; path: PropertyKey[] }>,
  input: unknown,
): { path: string; value: unknown } | undefined {
  const issue = issues.find((i) => i.message === NON_CANONICAL) ?? unionNumeral(issues);
  if (!issue) return undefined;
  let value: unknown = input;
  for (const k of issue.path)
    value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[k] : undefined;
  return { path: issue.path.map(String).join('.'), value };
}

/** A union of numeral schemas reports "invalid_union" with the branches' issues inside. */
function unionNumeral(
  issues: ReadonlyArray<{ message: string; path: PropertyKey[] }>,
): { message: string; path: PropertyKey[] } | undefined {
  for (const i of issues) {
    const branches = (i as { errors?: Array<Array<{ message: string; path: PropertyKey[] }>> }).errors;
    if (!branches?.some((b) => b.some((x) => x.message === NON_CANONICAL))) continue;
    return { message: NON_CANONICAL, path: i.path };
  }
  return undefined;
}
