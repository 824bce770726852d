/**
 * A published Move module's own error map (pure): Initia's compiler stores every `E…` constant's name and `///` doc
 * in the module's bytecode, in the metadata table under the key `initia::metadata_v0` as the BCS of
 * `RuntimeModuleMetadataV0 { error_map, struct_attributes, fun_attributes }` (movevm: crates/types/src/metadata.rs,
 * crates/compiler/src/extended_checks.rs). The node never names an abort; this reads the names from the module's
 * `raw_bytes`. The binary's table headers (move-binary-format: magic 0xA11CEB0B, version, then kind / offset / length
 * per table; METADATA is kind 0x10) are walked with @mysten/bcs's reader, the metadata's value decoded by its codecs.
 */
// @ts-expect-error TS1479: @mysten/bcs is an ES module, bundled by esbuild and required by Node 20
import { bcs, BcsReader } from '@mysten/bcs';

export interface ErrorEntry {
  name: string;
  description: string;
}

const MAGIC = 0xa11ceb0b;
const METADATA_TABLE = 0x10;
const METADATA_KEY = 'initia::metadata_v0';

const KnownAttribute = bcs.struct('KnownAttribute', { kind: bcs.u8(), args: bcs.vector(bcs.string()) });
const RuntimeModuleMetadataV0 = bcs.struct('RuntimeModuleMetadataV0', {
  error_map: bcs.map(
    bcs.u64(),
    bcs.struct('ErrorDescription', { code_name: bcs.string(), code_description: bcs.string() }),
  ),
  struct_attributes: bcs.map(bcs.string(), bcs.vector(KnownAttribute)),
  fun_attributes: bcs.map(bcs.string(), bcs.vector(KnownAttribute)),
});
const Metadata = bcs.struct('Metadata', { key: bcs.byteVector(), value: bcs.byteVector() });

/** The metadata table's bytes, or undefined when the module has none. Throws when the bytes are no Move module. */
function metadataTable(bytes: Uint8Array): Uint8Array | undefined {
  const reader = new BcsReader(bytes);
  if (bytes.length < 9 || new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, false) !== MAGIC)
    throw new Error('these bytes are not a Move module (no 0xA11CEB0B magic)');
  reader.shift(8);
  const tables = reader.readULEB();
  const headers: { kind: number; offset: number; length: number }[] = [];
  for (let i = 0; i < tables; i++)
    headers.push({ kind: reader.read8(), offset: reader.readULEB(), length: reader.readULEB() });
  const start =
    8 + uleb128Length(tables) + headers.reduce((n, h) => n + 1 + uleb128Length(h.offset) + uleb128Length(h.length), 0);
  const table = headers.find((h) => h.kind === METADATA_TABLE);
  if (!table) return undefined;
  const from = start + table.offset;
  if (from + table.length > bytes.length)
    throw new Error('the module is cut short: its metadata table runs past its end');
  return bytes.subarray(from, from + table.length);
}

/** A table holds its entries back to back, up to its length (no count before them). */
function metadataEntries(table: Uint8Array): { key: Uint8Array; value: Uint8Array }[] {
  const reader = new BcsReader(table);
  const entries: { key: Uint8Array; value: Uint8Array }[] = [];
  let at = 0;
  while (at < table.length) {
    const entry = Metadata.read(reader) as { key: Uint8Array; value: Uint8Array };
    entries.push(entry);
    at += Metadata.serialize(entry).toBytes().length;
  }
  if (at !== table.length) throw new Error("the module's metadata table does not end where its last entry does");
  return entries;
}

function uleb128Length(n: number): number {
  let length = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 0x80);
    length++;
  }
  return length;
}

/**
 * The error map of a module's bytecode: abort reason (or full code) → its constant's name and doc comment. Empty when
 * the module carries no Initia metadata (older compilers, or a module without `E…` constants). Throws, with the
 * reason, on bytes that are not a well-formed module.
 */
export function readErrorMap(bytes: Uint8Array): Map<bigint, ErrorEntry> {
  const map = new Map<bigint, ErrorEntry>();
  const table = metadataTable(bytes);
  if (!table) return map;
  const entry = metadataEntries(table).find((e) => new TextDecoder().decode(e.key) === METADATA_KEY);
  if (!entry) return map;
  const metadata = RuntimeModuleMetadataV0.parse(entry.value) as {
    error_map: Map<string, { code_name: string; code_description: string }>;
  };
  for (const [code, e] of metadata.error_map)
    map.set(BigInt(code), { name: e.code_name, description: e.code_description.trim() });
  return map;
}

/** The entry an abort code names: by its reason first (`code & 0xFFFF`, what the constants hold), then by the whole code. */
export function lookupError(map: ReadonlyMap<bigint, ErrorEntry>, code: bigint): ErrorEntry | undefined {
  return map.get(code & 0xffffn) ?? map.get(code);
}
