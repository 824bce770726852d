/**
 * Arguments of a contract read, typed by a person and checked against the function's ABI types before any request
 * (pure): each value as the ABI encoder wants it (bigint for integers, in range; 0x hex of the right length for bytes;
 * booleans; arrays and tuples as JSON), or a sentence that says what is wrong. An address's checksum is checked when
 * the call is encoded (the decoder bundle has keccak).
 */
import type { AbiParameter } from './artifacts';

type ArgValue = string | bigint | boolean | ArgValue[];
export type Parsed = { ok: true; value: ArgValue } | { ok: false; error: string };

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function fail(error: string): Parsed {
  return { ok: false, error };
}

/** `uint256` → { signed: false, bits: 256 } */
function intType(type: string): { signed: boolean; bits: number } | undefined {
  const m = /^(u?)int(\d*)$/.exec(type);
  if (!m) return undefined;
  const bits = m[2] ? Number(m[2]) : 256;
  return bits >= 8 && bits <= 256 && bits % 8 === 0 ? { signed: m[1] !== 'u', bits } : undefined;
}

/** `uint256[3]` → { inner: 'uint256', length: 3 }; `bytes32[]` → { inner: 'bytes32' } */
function arrayType(type: string): { inner: string; length?: number } | undefined {
  const m = /^(.*)\[(\d*)\]$/.exec(type);
  if (!m) return undefined;
  return { inner: m[1]!, length: m[2] ? Number(m[2]) : undefined };
}

function parseInteger(text: string, signed: boolean, bits: number): Parsed {
  const t = text.trim().replace(/_/g, '');
  if (!/^-?(\d+|0x[0-9a-fA-F]+)$/.test(t))
    return fail(
      `a ${signed ? '' : 'u'}int${bits} is a whole number (decimal, or hexadecimal with 0x)${signed ? '' : ', not negative'}`,
    );
  const negative = t.startsWith('-');
  if (negative && !signed) return fail(`a uint${bits} is not negative`);
  let value: bigint;
  try {
    value = BigInt(negative ? t.slice(1) : t);
  } catch {
    return fail('not a whole number');
  }
  if (negative) value = -value;
  const min = signed ? -(1n << BigInt(bits - 1)) : 0n;
  const max = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
  if (value < min || value > max)
    return fail(`${t} is out of range for ${signed ? '' : 'u'}int${bits} (${min} to ${max})`);
  return { ok: true, value };
}

/** A value typed as text for a (non-tuple, non-array) type, or an element of an array or tuple given as JSON. */
function parseScalar(type: string, raw: unknown): Parsed {
  const text =
    typeof raw === 'string' ? raw : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : undefined;
  if (text === undefined) return fail(`a ${type} is a single value`);
  if (type === 'address')
    return ADDRESS.test(text.trim())
      ? { ok: true, value: text.trim() }
      : fail('an address is 0x and 40 hexadecimal digits');
  if (type === 'bool') {
    const t = text.trim().toLowerCase();
    return t === 'true'
      ? { ok: true, value: true }
      : t === 'false'
        ? { ok: true, value: false }
        : fail('a bool is true or false');
  }
  if (type === 'string') return { ok: true, value: text };
  if (type === 'bytes')
    return /^0x([0-9a-fA-F]{2})*$/.test(text.trim())
      ? { ok: true, value: text.trim().toLowerCase() }
      : fail('bytes are 0x and an even number of hexadecimal digits');
  const fixed = /^bytes(\d+)$/.exec(type);
  if (fixed) {
    const n = Number(fixed[1]);
    if (n < 1 || n > 32) return fail(`${type} is not an ABI type`);
    return new RegExp(`^0x[0-9a-fA-F]{${n * 2}}$`).test(text.trim())
      ? { ok: true, value: text.trim().toLowerCase() }
      : fail(`a ${type} is 0x and ${n * 2} hexadecimal digits`);
  }
  const int = intType(type);
  if (int) return parseInteger(text, int.signed, int.bits);
  return fail(`the type ${type} is not supported here`);
}

function parseValue(param: AbiParameter, raw: unknown): Parsed {
  const type = param.type;
  const array = arrayType(type);
  if (array || type === 'tuple') {
    let list = raw;
    if (typeof raw === 'string') {
      try {
        list = JSON.parse(raw);
      } catch {
        return fail(
          `a ${type.startsWith('tuple') ? 'tuple' : 'list'} is written as JSON: ${array ? '["1", "2"]' : '["0x…", "5"]'}`,
        );
      }
    }
    if (array) {
      if (!Array.isArray(list)) return fail(`a ${type} is a JSON list`);
      if (array.length !== undefined && list.length !== array.length)
        return fail(`a ${type} has exactly ${array.length} element(s); this has ${list.length}`);
      const out: ArgValue[] = [];
      for (let i = 0; i < list.length; i++) {
        const p = parseValue({ ...param, type: array.inner }, list[i]);
        if (!p.ok) return fail(`element ${i}: ${p.error}`);
        out.push(p.value);
      }
      return { ok: true, value: out };
    }
    const components = param.components ?? [];
    const values = Array.isArray(list)
      ? list
      : list && typeof list === 'object'
        ? components.map((c, i) => (list as Record<string, unknown>)[c.name ?? String(i)])
        : undefined;
    if (!values || values.length !== components.length)
      return fail(`this tuple has ${components.length} field(s): give them as a JSON list`);
    const out: ArgValue[] = [];
    for (let i = 0; i < components.length; i++) {
      const p = parseValue(components[i]!, values[i]);
      if (!p.ok) return fail(`${components[i]!.name || `field ${i}`}: ${p.error}`);
      out.push(p.value);
    }
    return { ok: true, value: out };
  }
  return parseScalar(type, raw);
}

/** One argument typed as text, for its ABI parameter. */
export function parseArgument(param: AbiParameter, text: string): Parsed {
  return parseValue(param, text);
}

/** An example of what to type for a parameter (the input box's placeholder). */
export function argumentHint(param: AbiParameter): string {
  const type = param.type;
  if (arrayType(type)) return 'a JSON list, e.g. ["1", "2"]';
  if (type === 'tuple') return `a JSON list of ${(param.components ?? []).length} field(s)`;
  if (type === 'address') return '0x and 40 hexadecimal digits';
  if (type === 'bool') return 'true or false';
  if (type === 'string') return 'text';
  if (type === 'bytes') return '0x and hexadecimal bytes';
  if (/^bytes\d+$/.test(type)) return `0x and ${Number(type.slice(5)) * 2} hexadecimal digits`;
  const int = intType(type);
  if (int) return int.signed ? 'a whole number, e.g. -1 or 42' : 'a whole number, e.g. 42 or 0x2a';
  return type;
}
