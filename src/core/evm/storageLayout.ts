/**
 * Storage slots named by the compiler's storage layout (storageLayoutRead.ts reads it from an artifact): a state variable's own slot by its
 * label, and a mapping's entry (`keccak256(key . slot)`, the hash's preimage seen in the trace) as `balanceOf[0x…]`,
 * nested mappings too. A slot the layout does not explain is left unnamed (pure).
 */
import type { StorageLayout } from './storageLayoutRead';

/** A keccak256 of 64 bytes seen in the trace: its result (the slot) from its two words. */
export interface Preimage {
  key: bigint;
  base: bigint;
}

interface Described {
  label: string;
  /** The type id (`t_mapping(t_address,t_uint256)`), when known. */
  type?: string;
}

const MAX_DEPTH = 8;

/** The name of a slot: a variable's label, or a mapping's entry with its key; undefined when unexplained. */
export function slotLabel(
  layout: StorageLayout,
  slot: bigint,
  preimages: ReadonlyMap<bigint, Preimage>,
): string | undefined {
  return describe(layout, slot, preimages, 0)?.label;
}

function describe(
  layout: StorageLayout,
  slot: bigint,
  preimages: ReadonlyMap<bigint, Preimage>,
  depth: number,
): Described | undefined {
  const own = layout.storage.filter((v) => BigInt(v.slot) === slot);
  if (own.length === 1) return { label: own[0]!.label, type: own[0]!.type };
  if (own.length > 1) return { label: own.map((v) => v.label).join(', ') };
  const image = preimages.get(slot);
  if (!image || depth >= MAX_DEPTH) return undefined;
  const base = describe(layout, image.base, preimages, depth + 1);
  const mapping = base?.type ? layout.types?.[base.type] : undefined;
  if (!base || mapping?.encoding !== 'mapping') return undefined;
  const keyType = mapping.key ? (layout.types?.[mapping.key]?.label ?? '') : '';
  return { label: `${base.label}[${keyText(image.key, keyType)}]`, type: mapping.value };
}

/** A mapping key as its type reads it (an address, an integer, a bool; anything else as its 32-byte word). */
function keyText(word: bigint, type: string): string {
  if (type === 'address' || type.startsWith('contract ')) return `0x${word.toString(16).padStart(40, '0').slice(-40)}`;
  if (type === 'bool') return String(word !== 0n);
  if (/^uint\d*$/.test(type)) return word.toString();
  if (/^int\d*$/.test(type)) return BigInt.asIntN(256, word).toString();
  return `0x${word.toString(16).padStart(64, '0')}`;
}
