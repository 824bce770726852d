/**
 * BCS through @mysten/bcs (pure): Move values by their ABI type strings, decoded strictly (the bytes must be exactly
 * one value: what is left over, or bytes that do not re-encode to themselves, is a failure with its reason). The type
 * resolution follows @initia/utils' `resolveBcsType` (src/bcs.ts): `0x1::string::String` a string, `Option<T>` and
 * `vector<T>` recursively, `Object<T>` an address, fixed points and decimals as their raw integers (shown scaled).
 */
// @mysten/bcs is an ES module; esbuild bundles it and Node 20 requires it, so the import is a require at run time.
// @ts-expect-error TS1479 (see above); the types still come through
import { bcs, toHex, type BcsType } from '@mysten/bcs';
import { splitType } from './types';

/** A Move value as JSON shows it: integers above u32 as decimal strings, addresses and bytes as 0x hex. */
export type MoveValue = string | number | boolean | null | MoveValue[] | { [field: string]: MoveValue };

type Codec = BcsType<unknown, unknown>;

const address = bcs.bytes(32).transform({
  input: (hex: string) => hexBytes(hex.replace(/^0x/i, '').padStart(64, '0')),
  output: (bytes: Uint8Array) => `0x${toHex(bytes)}`,
}) as Codec;

/** Decimal scales of Initia's numeric structs (stdlib fixed_point32/64, decimal128/256, bigdecimal). */
const SCALED: Readonly<Record<string, { codec: () => Codec; scale: number } | undefined>> = {
  '0x1::fixed_point32::FixedPoint32': { codec: () => bcs.u64() as Codec, scale: 2 ** 32 },
  '0x1::fixed_point64::FixedPoint64': { codec: () => bcs.u128() as Codec, scale: 2 ** 64 },
  '0x1::decimal128::Decimal128': { codec: () => bcs.u128() as Codec, scale: 1e18 },
  '0x1::decimal256::Decimal256': { codec: () => bcs.u256() as Codec, scale: 1e18 },
};

function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** The short struct name of a qualified type (`0x1::string::String` → `String`), lower-cased for comparison. */
function structName(name: string): string {
  return (name.split('::').pop() ?? name).toLowerCase();
}

/** The codec of a Move type string; throws with the reason for a type BCS cannot decode without its layout. */
export function codecOf(type: string): Codec {
  const { name, args } = splitType(type.replace(/^&(mut )?/, ''));
  const primitive = primitiveCodec(name);
  if (primitive) return primitive;
  const canonical = name.replace(/^0x0*1::/, '0x1::');
  const scaled = SCALED[canonical];
  if (scaled) return scaled.codec();
  switch (structName(name)) {
    case 'vector':
      return bcs.vector(codecOf(args[0] ?? '')) as Codec;
    case 'option':
      return bcs.option(codecOf(args[0] ?? '')) as Codec;
    case 'string':
      return bcs.string() as Codec;
    case 'object':
      return address;
    case 'bigdecimal':
    case 'biguint':
      return bcs.byteVector().transform({ output: (b: Uint8Array) => `0x${toHex(b)}` }) as Codec;
  }
  throw new Error(`${type} is a struct whose layout the ABI does not give, so its bytes cannot be read`);
}

function primitiveCodec(name: string): Codec | undefined {
  switch (name) {
    case 'bool':
      return bcs.bool() as Codec;
    case 'u8':
      return bcs.u8() as Codec;
    case 'u16':
      return bcs.u16() as Codec;
    case 'u32':
      return bcs.u32() as Codec;
    case 'u64':
      return bcs.u64() as Codec;
    case 'u128':
      return bcs.u128() as Codec;
    case 'u256':
      return bcs.u256() as Codec;
    case 'address':
    case 'signer':
      return address;
  }
  return undefined;
}

export type Decoded = { ok: true; value: MoveValue } | { ok: false; reason: string };

/** One BCS value of `type`, strictly: exactly these bytes, and the bytes the value re-encodes to. */
export function decodeBcs(type: string, bytes: Uint8Array): Decoded {
  let codec: Codec;
  try {
    codec = codecOf(type);
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
  try {
    const value = codec.parse(bytes);
    const again = codec.serialize(value).toBytes();
    if (again.length !== bytes.length || again.some((b: number, i: number) => b !== bytes[i])) {
      const extra = bytes.length - again.length;
      return {
        ok: false,
        reason:
          extra > 0
            ? `${extra} byte${extra === 1 ? '' : 's'} left over after one ${type}`
            : `the bytes are not the canonical encoding of a ${type}`,
      };
    }
    return { ok: true, value: display(type, value) };
  } catch (e) {
    return { ok: false, reason: `not a ${type}: ${(e as Error).message}` };
  }
}

/** A decoded value as JSON shows it: `vector<u8>` as 0x hex, scaled numbers beside their raw integer. */
function display(type: string, value: unknown): MoveValue {
  const { name, args } = splitType(type.replace(/^&(mut )?/, ''));
  if (structName(name) === 'vector' && args[0] === 'u8' && Array.isArray(value))
    return `0x${toHex(Uint8Array.from(value as number[]))}`;
  if (structName(name) === 'vector' && Array.isArray(value)) return value.map((v) => display(args[0] ?? '', v));
  if (structName(name) === 'option') return value == null ? null : display(args[0] ?? '', value);
  const scaled = SCALED[name.replace(/^0x0*1::/, '0x1::')];
  if (scaled && (typeof value === 'string' || typeof value === 'number')) {
    return { raw: String(value), value: (Number(value) / scaled.scale).toString() };
  }
  return value as MoveValue;
}

/** Encodes one value of `type` (the inverse of decodeBcs, for tests and view calls over BCS). */
export function encodeBcs(type: string, value: unknown): Uint8Array {
  return codecOf(type).serialize(value).toBytes();
}
