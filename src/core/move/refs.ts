/**
 * What a person types to name Move things, checked before any request (pure): a module as `address::name` (the
 * address `0x…` or `init1…`, sent as hex: the REST takes both, the VM's arguments only hex), a struct tag, a table
 * handle; and a module's `#[view]` functions from its ABI, with their signatures as the picker shows them.
 */
import type { Parsed } from '../validate';
import { shortAddress, splitType, typedAddress } from './types';
import type { MoveAbi, MoveFunction } from './schemas';

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** An address as typed: `0x` + 1 to 64 hex digits, or a checksummed `init1…` of 20 or 32 bytes; as short hex. */
export function parseMoveAddress(input: string): Parsed<string> {
  const t = input.trim();
  const hex = typedAddress(t);
  if (hex) return { ok: true, value: shortAddress(hex) };
  return { ok: false, error: `"${t.slice(0, 80)}" is not a Move address: 0x and up to 64 hex digits, or init1…` };
}

/** `0x1::fungible_asset` (or `init1…::vault`) → its address as short hex and its name. */
export function parseModuleRef(input: string): Parsed<{ address: string; module: string }> {
  const parts = input.trim().split('::');
  if (parts.length !== 2 || !IDENT.test(parts[1] ?? ''))
    return { ok: false, error: 'A Move module is written address::name, e.g. 0x1::coin or init1…::vault.' };
  const address = parseMoveAddress(parts[0]!);
  return address.ok ? { ok: true, value: { address: address.value, module: parts[1]! } } : address;
}

/** A struct tag as typed (`0x1::coin::CoinStore<0x1::native_uinit::Coin>`): address::module::Name<…>. */
export function parseStructTag(input: string): Parsed<string> {
  const t = input.trim();
  try {
    const { name, args } = splitType(t);
    const parts = name.split('::');
    const ok =
      parts.length === 3 &&
      parseMoveAddress(parts[0]!).ok &&
      IDENT.test(parts[1]!) &&
      IDENT.test(parts[2]!) &&
      args.every((a) => a.length > 0);
    if (ok) return { ok: true, value: t };
  } catch {
    // falls through to the refusal
  }
  return { ok: false, error: 'A struct tag is address::module::Name, with its type arguments in <…>.' };
}

/** `balance<T0>(0x1::object::Object<T0>): u64` */
export function signatureOf(fn: MoveFunction): string {
  const generics = fn.generic_type_params?.length
    ? `<${fn.generic_type_params.map((_, i) => `T${i}`).join(', ')}>`
    : '';
  const params = fn.params.filter((p) => !/^&?signer$/.test(p)).join(', ');
  const ret = fn.return?.length ? `: ${fn.return.length === 1 ? fn.return[0] : `(${fn.return.join(', ')})`}` : '';
  return `${fn.name}${generics}(${params})${ret}`;
}

/** A module's view functions (`#[view]`: `is_view` in its ABI), by name. */
export function viewFunctions(abi: MoveAbi): MoveFunction[] {
  return abi.exposed_functions.filter((f) => f.is_view).sort((a, b) => a.name.localeCompare(b.name));
}
