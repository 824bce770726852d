/**
 * Whether code deployed at an address is a workspace artifact's runtime code (pure). The chain's code differs from the
 * artifact's `deployedBytecode` where it must: the metadata hash solc appends (CBOR, its length in the last two bytes)
 * changes with a comment or a path, immutables are filled in at deployment (`immutableReferences`), and linked
 * libraries' addresses replace placeholders (`linkReferences`). Those bytes are left out of the comparison; every
 * other byte, and the length, must be the same.
 */

interface ByteRange {
  start: number;
  length: number;
}

export interface RuntimeCode {
  /** `deployedBytecode.object` (0x optional; library placeholders `__$…$__` allowed). */
  object: string;
  /** solc's `immutableReferences`: `{ astId: [{ start, length }] }`. */
  immutableReferences?: Record<string, readonly ByteRange[]>;
  /** solc's `linkReferences`: `{ file: { library: [{ start, length }] } }`. */
  linkReferences?: Record<string, Record<string, readonly ByteRange[]>>;
}

const bare = (hex: string) => (hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex).toLowerCase();

/**
 * Bytes of solc's metadata at the end of the code (the CBOR map and its two length bytes), or 0 when the code does not
 * end in one (a contract compiled without metadata, or not by solc).
 */
export function metadataLength(hex: string): number {
  const h = bare(hex);
  const size = h.length >> 1;
  if (size < 2) return 0;
  const cbor = Number.parseInt(h.slice(h.length - 4), 16);
  const total = cbor + 2;
  if (!Number.isFinite(cbor) || cbor === 0 || total > size) return 0;
  // A CBOR map of 1 to 5 entries (0xa1…0xa5): ipfs / bzzr, solc, experimental.
  const first = Number.parseInt(h.slice((size - total) * 2, (size - total) * 2 + 2), 16);
  return first >= 0xa1 && first <= 0xa5 ? total : 0;
}

/** The code's size in bytes without its metadata: what must be the same for two builds of one contract. */
export function comparableSize(hex: string): number {
  return (bare(hex).length >> 1) - metadataLength(hex);
}

type CodeComparison = { matches: true } | { matches: false; why: string };

/** Compares deployed code (from `eth_getCode`) with an artifact's runtime code. */
export function compareRuntime(deployed: string, artifact: RuntimeCode): CodeComparison {
  const chain = bare(deployed);
  const built = bare(artifact.object);
  if (chain.length === 0) return { matches: false, why: 'there is no code at that address' };
  if (built.length === 0)
    return { matches: false, why: 'the artifact has no runtime code (an interface or an abstract contract)' };
  const size = comparableSize(chain);
  if (size !== comparableSize(built))
    return { matches: false, why: `the deployed code is ${size} bytes, the artifact's ${comparableSize(built)}` };
  const skip = new Uint8Array(size);
  const mark = (r: ByteRange) => {
    for (let i = Math.max(0, r.start); i < Math.min(size, r.start + r.length); i++) skip[i] = 1;
  };
  for (const refs of Object.values(artifact.immutableReferences ?? {})) refs.forEach(mark);
  for (const file of Object.values(artifact.linkReferences ?? {}))
    for (const refs of Object.values(file)) refs.forEach(mark);
  // Compare runs of bytes that are not skipped as strings (fast), byte by byte only around skipped ones.
  let i = 0;
  while (i < size) {
    if (skip[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < size && !skip[j]) j++;
    if (chain.slice(i * 2, j * 2) !== built.slice(i * 2, j * 2)) {
      let k = i;
      while (k < j && chain.slice(k * 2, k * 2 + 2) === built.slice(k * 2, k * 2 + 2)) k++;
      return { matches: false, why: `the deployed code differs from the artifact's at byte ${k}` };
    }
    i = j;
  }
  return { matches: true };
}
