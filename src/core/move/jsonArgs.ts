/**
 * Arguments of `view/json` and `MsgExecuteJSON` as the VM reads them (pure; movevm: crates/json/src/json_to_move.rs):
 * u8/u16/u32 JSON numbers; u64/u128/u256 decimal strings; bool; address as `0x…` hex (a typed `init1…` is converted:
 * its bytes, never the bech32 text the VM would refuse); `vector<u8>` hex without 0x; other vectors arrays; String a
 * string; `Option<T>` null or the value; `Object<T>` an address; fixed points and decimals decimal strings. Each arg
 * is one JSON text, at most 1,000,000 bytes and nested at most 10 deep. A value that breaks a rule is refused, with
 * the rule, before any request.
 */
import { splitType, typedAddress } from './types';

export type JsonArg = { ok: true; json: string } | { ok: false; error: string };

const MAX_BYTES = 1_000_000;
const MAX_DEPTH = 10;
const UNSIGNED: Readonly<Record<string, number>> = { u8: 8, u16: 16, u32: 32, u64: 64, u128: 128, u256: 256 };
const DECIMAL_STRUCTS =
  /::(fixed_point32::FixedPoint32|fixed_point64::FixedPoint64|decimal128::Decimal128|decimal256::Decimal256|bigdecimal::BigDecimal|biguint::BigUint)$/;

class Refused extends Error {}

/** An example value for a type, shown in the prompt. */
export function exampleFor(type: string): string {
  const { name, args } = splitType(type);
  if (name in UNSIGNED) return name === 'u8' ? '255' : '1000000';
  if (name === 'bool') return 'true';
  if (name === 'address' || /::object::Object$/.test(name)) return '0x1 or init1…';
  if (/::string::String$/.test(name)) return 'hello';
  if (/^vector$/.test(name)) return args[0] === 'u8' ? '0x0102ff (hex)' : `[${exampleFor(args[0] ?? '')}] (JSON)`;
  if (/::option::Option$/.test(name)) return `null, or ${exampleFor(args[0] ?? '')}`;
  if (DECIMAL_STRUCTS.test(name)) return '1.5';
  return 'JSON';
}

/** The rule a type's value follows, in words. */
export function ruleFor(type: string): string {
  const { name, args } = splitType(type);
  if (name === 'u8' || name === 'u16' || name === 'u32') return `a whole number from 0 to ${2 ** UNSIGNED[name]! - 1}`;
  if (name in UNSIGNED) return `a whole number from 0 to 2^${UNSIGNED[name]} − 1, in decimal digits`;
  if (name === 'bool') return 'true or false';
  if (name === 'address' || /::object::Object$/.test(name)) return 'an address: 0x and up to 64 hex digits, or init1…';
  if (/::string::String$/.test(name)) return 'any text';
  if (name === 'vector' && args[0] === 'u8') return 'bytes as hex (0x optional), or a JSON array of numbers';
  if (name === 'vector') return `a JSON array, each element ${ruleFor(args[0] ?? '')}`;
  if (/::option::Option$/.test(name)) return `null, or ${ruleFor(args[0] ?? '')}`;
  if (DECIMAL_STRUCTS.test(name)) return 'a decimal number such as 1.5 (not negative)';
  return 'a value the VM can build from JSON';
}

/** One argument as typed by a person (scalars without quotes; vectors and options as JSON) → its JSON text. */
export function jsonArg(type: string, typed: string): JsonArg {
  try {
    const value = fromText(type.trim(), typed);
    const json = JSON.stringify(value);
    if (Buffer.byteLength(json) > MAX_BYTES) throw new Refused('an argument may be at most 1,000,000 bytes of JSON');
    return { ok: true, json };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, error: `${type}: ${e.message} (expected ${ruleFor(type)})` };
    throw e;
  }
}

function fromText(type: string, typed: string): unknown {
  const { name, args } = splitType(type);
  const text = typed.trim();
  if (name === 'vector' && args[0] === 'u8' && /^(0x)?[0-9a-fA-F]*$/.test(text)) return toMove(type, text, 0);
  const composite = name === 'vector' || /::option::Option$/.test(name);
  if (composite || (/::string::String$/.test(name) && text.startsWith('"'))) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Refused(`"${text.slice(0, 40)}" is not JSON`);
    }
    return toMove(type, parsed, 0);
  }
  return toMove(type, /::string::String$/.test(name) ? typed : text, 0);
}

/** A JSON value checked against a Move type and put in the form the VM reads. */
function toMove(type: string, value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new Refused(`nested deeper than ${MAX_DEPTH}`);
  const { name, args } = splitType(type);
  if (name in UNSIGNED) return unsigned(name, value);
  if (name === 'bool') {
    if (value === true || value === false || value === 'true' || value === 'false')
      return value === true || value === 'true';
    throw new Refused(`${JSON.stringify(value)} is not true or false`);
  }
  if (name === 'address' || /::object::Object$/.test(name)) return address(value);
  if (/::string::String$/.test(name)) {
    if (typeof value !== 'string') throw new Refused(`${JSON.stringify(value)} is not a string`);
    return value;
  }
  if (name === 'vector') return vector(args[0] ?? '', value, depth);
  if (/::option::Option$/.test(name)) return value === null ? null : toMove(args[0] ?? '', value, depth + 1);
  if (DECIMAL_STRUCTS.test(name)) {
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text !== 'string' || !/^\d+(\.\d+)?$/.test(text))
      throw new Refused(`${JSON.stringify(value)} is not a decimal number (not negative)`);
    return text;
  }
  throw new Refused('a struct other than String, Object, Option and the decimals cannot be passed as JSON');
}

function unsigned(name: string, value: unknown): number | string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || !/^\d+$/.test(text))
    throw new Refused(`${JSON.stringify(value)} is not a whole number`);
  const n = BigInt(text);
  if (n >= 1n << BigInt(UNSIGNED[name]!)) throw new Refused(`${text} does not fit in ${name}`);
  return UNSIGNED[name]! <= 32 ? Number(n) : n.toString();
}

function address(value: unknown): string {
  if (typeof value !== 'string') throw new Refused(`${JSON.stringify(value)} is not an address`);
  const hex = typedAddress(value);
  if (hex) return hex;
  throw new Refused(`"${value}" is not an address`);
}

function vector(element: string, value: unknown, depth: number): unknown {
  if (element === 'u8' && typeof value === 'string') {
    const hex = value.replace(/^0x/i, '');
    if (!/^([0-9a-fA-F]{2})*$/.test(hex))
      throw new Refused(`"${value}" is not hex bytes (an even number of hex digits)`);
    return hex.toLowerCase();
  }
  if (!Array.isArray(value)) throw new Refused(`${JSON.stringify(value)} is not an array`);
  return value.map((v) => toMove(element, v, depth + 1));
}
