/**
 * Move type strings and addresses as Move writes them (pure, no dependencies, so the features bundle can check what a
 * person types without loading the BCS library): a type split into its name and arguments, an address in its short
 * form (`0x1`), a bech32 address read as its bytes.
 */
import { bech32ToHex } from '../addressAt';

/** `0000…01` or `0x0…cafe` → `0x1`, `0xcafe`: Move's short form, lower-case. */
export function shortAddress(hex: string): string {
  const digits = hex.replace(/^0x/i, '').toLowerCase().replace(/^0+/, '');
  return `0x${digits || '0'}`;
}

/**
 * An address as a person types it, `0x` + 1 to 64 hex digits or a checksummed `init1…` of 20 or 32 bytes, as
 * lower-case hex (the digits as typed, or the bech32's bytes); undefined when it is neither. The one reader of typed
 * Move addresses (refs.ts for modules, jsonArgs.ts for arguments).
 */
export function typedAddress(input: string): string | undefined {
  if (/^0x[0-9a-fA-F]{1,64}$/.test(input)) return input.toLowerCase();
  if (!/^init1[02-9ac-hj-np-z]+$/.test(input)) return undefined;
  try {
    const hex = bech32ToHex(input).toLowerCase();
    return hex.length === 42 || hex.length === 66 ? hex : undefined;
  } catch {
    return undefined;
  }
}

/** A module address as Move writes it: `0x1`; a bech32 address by its bytes. */
export function moveAddress(address: string): string {
  if (/^0x[0-9a-fA-F]+$/.test(address)) return shortAddress(address);
  try {
    return shortAddress(bech32ToHex(address));
  } catch {
    return address;
  }
}

/** `Option<u64>` → [`Option`, [`u64`]]; `0x1::object::Object<0x1::fungible_asset::Metadata>` → its name and args. */
export function splitType(type: string): { name: string; args: string[] } {
  const t = type.trim();
  const open = t.indexOf('<');
  if (open < 0) return { name: t, args: [] };
  if (!t.endsWith('>')) throw new Error(`"${type}" is not a Move type: its < is not closed`);
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = start; i < t.length - 1; i++) {
    const c = t[i];
    if (c === '<') depth++;
    else if (c === '>') depth--;
    else if (c === ',' && depth === 0) {
      args.push(t.slice(start, i).trim());
      start = i + 1;
    }
    if (depth < 0) throw new Error(`"${type}" is not a Move type: its brackets do not match`);
  }
  args.push(t.slice(start, t.length - 1).trim());
  return { name: t.slice(0, open).trim(), args };
}
