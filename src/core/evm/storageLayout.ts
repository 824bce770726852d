/**
 * Storage slots named by the compiler's storage layout (`storageLayout` in solc's output; Foundry writes it to the
 * artifact with `extra_output = ["storageLayout"]`, Hardhat to its build info): a state variable's own slot by its
 * label, and a mapping's entry (`keccak256(key . slot)`, the hash's preimage seen in the trace) as `balanceOf[0x…]`,
 * nested mappings too. A slot the layout does not explain is left unnamed (pure).
 */
import * as z from 'zod/mini';

const LayoutSchema = z.object({
  storage: z.array(z.object({ label: z.string(), slot: z.string(), offset: z.number(), type: z.string() })),
  types: z.optional(
    z.nullable(
      z.record(
        z.string(),
        z.object({
          encoding: z.string(),
          label: z.string(),
          key: z.optional(z.string()),
          value: z.optional(z.string()),
        }),
      ),
    ),
  ),
});
export type StorageLayout = z.infer<typeof LayoutSchema>;

/** An artifact's storage layout, or undefined when it has none (or one this reader does not understand). */
export function readStorageLayout(artifact: unknown): StorageLayout | undefined {
  if (!artifact || typeof artifact !== 'object') return undefined;
  const parsed = LayoutSchema.safeParse((artifact as { storageLayout?: unknown }).storageLayout);
  return parsed.success ? parsed.data : undefined;
}

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
