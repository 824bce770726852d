/**
 * Contract ABIs in a developer's workspace, read from the files their tools write (pure: no vscode, no viem):
 *   - Foundry:  `out/<File>.sol/<Contract>.json`            `{ abi: [...], bytecode: {...}, ... }`
 *   - Hardhat:  `artifacts/contracts/<File>.sol/<Contract>.json`  `{ contractName, abi, bytecode, ... }` (the
 *               `*.dbg.json` beside each and `build-info/` are not artifacts: the caller skips them)
 *   - plain:    `<Name>.abi.json`                              a bare ABI array
 * Parsing is lenient (unknown fields are allowed and dropped; an item without `type` is a function, as the ABI spec
 * says; items of a type this version does not know are dropped) but checks the shapes decoding relies on.
 * Also the types the decoder answers with (src/abi/decoder.ts makes them, src/abi/workspaceAbis.ts hands them out).
 */
import * as z from 'zod/mini';
import { firstProblem } from '../zodWords';
import { runtimeSizeOf } from '../evm/artifactCode';
import { lazySchema } from '../lazySchema';

/** Larger files are not read as artifacts (Foundry artifacts with bytecode and source maps stay far below). */
export const MAX_ARTIFACT_BYTES = 5 * 1024 * 1024;

/** What findFiles looks for, and what it leaves out. */
export const ARTIFACT_GLOB = '{**/out/**/*.json,**/artifacts/**/*.json,**/*.abi.json}';
export const ARTIFACT_EXCLUDE = '{**/node_modules/**,**/*.dbg.json,**/build-info/**}';

export interface AbiParameter {
  name?: string;
  /** `uint256`, `address[]`, `tuple`, `tuple[2]`, … */
  type: string;
  indexed?: boolean;
  components?: AbiParameter[];
}

type AbiItemType = 'function' | 'event' | 'error' | 'constructor' | 'fallback' | 'receive';

export interface AbiItem {
  type: AbiItemType;
  name?: string;
  inputs?: AbiParameter[];
  outputs?: AbiParameter[];
  anonymous?: boolean;
  stateMutability?: string;
}

/** One contract's ABI and where it came from. */
export interface Artifact {
  contract: string;
  /** The file's URI (as a string), for a link; absent for the built-in ABIs. */
  file?: string;
  abi: AbiItem[];
  /** The runtime code's size in bytes without its metadata, when the artifact has code (to find a deployed contract's
   *  artifact by its code: only artifacts of the same size are read again and compared). */
  runtimeSize?: number;
}

export type BuiltinStandard = 'ERC-20' | 'ERC-721' | 'ERC-1155';

export interface DecodedArg {
  name: string;
  /** Canonical type: `address`, `uint256`, `(address,uint256)[]`. */
  type: string;
  /** Text: addresses as 0x checksummed, integers as decimal strings, bytes as 0x hex, bool true/false, arrays and
   *  tuples as compact JSON of the same renderings; an indexed string, bytes, array or tuple is its topic (a hash). */
  value: string;
  indexed?: boolean;
}

/** A decoded event log or function call: its name and signature, where its ABI came from, its arguments. */
export interface Decoded {
  name: string;
  /** `Transfer(address,address,uint256)`, `deposit(uint256,address)` */
  signature: string;
  contract?: string;
  /** The artifact's URI, for a link. */
  file?: string;
  builtin?: BuiltinStandard;
  args: DecodedArg[];
}

/** A decoded event log. */
export type DecodedLog = Decoded;
/** A decoded function call (its input). */
export type DecodedCall = Decoded;

const ITEM_TYPES: readonly string[] = ['function', 'event', 'error', 'constructor', 'fallback', 'receive'];

const ParameterSchema = lazySchema(() =>
  z.object({
    name: z.optional(z.nullable(z.string())),
    type: z.string().check(z.minLength(1)),
    indexed: z.optional(z.boolean()),
    get components(): z.ZodMiniOptional<z.ZodMiniArray<typeof ParameterSchema>> {
      return z.optional(z.array(ParameterSchema));
    },
  }),
);

const ItemSchema = lazySchema(() =>
  z.object({
    type: z.optional(z.string()),
    name: z.optional(z.string()),
    inputs: z.optional(z.array(ParameterSchema)),
    outputs: z.optional(z.array(ParameterSchema)),
    anonymous: z.optional(z.boolean()),
    stateMutability: z.optional(z.string()),
  }),
);

const AbiSchema = lazySchema(() => z.array(ItemSchema));

type ParsedParameter = z.infer<typeof ParameterSchema>;

function parameter(p: ParsedParameter): AbiParameter {
  const out: AbiParameter = { type: p.type };
  if (p.name) out.name = p.name;
  if (p.indexed !== undefined) out.indexed = p.indexed;
  if (p.components) out.components = p.components.map(parameter);
  return out;
}

/** A validated ABI array as AbiItems: `type` defaults to function, unknown item types are dropped. */
function toItems(items: z.infer<typeof AbiSchema>): AbiItem[] {
  const out: AbiItem[] = [];
  for (const item of items) {
    const type = item.type ?? 'function';
    if (!ITEM_TYPES.includes(type)) continue;
    const abi: AbiItem = { type: type as AbiItemType };
    if (item.name !== undefined) abi.name = item.name;
    if (item.inputs) abi.inputs = item.inputs.map(parameter);
    if (item.outputs) abi.outputs = item.outputs.map(parameter);
    if (item.anonymous !== undefined) abi.anonymous = item.anonymous;
    if (item.stateMutability !== undefined) abi.stateMutability = item.stateMutability;
    out.push(abi);
  }
  return out;
}

type ArtifactParse =
  | { contract: string; abi: AbiItem[]; runtimeSize?: number }
  /** `notArtifact`: JSON that is no artifact at all (say a compiled TypeScript project's out/*.json): not worth a
   *  warning. Otherwise the file looks like an artifact (or is not JSON) and is broken. */
  | { error: string; notArtifact: boolean };

/** The file name without its folders, `.abi.json` or `.json`. */
function contractNameFromPath(path: string): string {
  const base = path.split(/[\\/]/).pop() ?? path;
  return base.replace(/\.abi\.json$/i, '').replace(/\.json$/i, '');
}

/**
 * Reads an artifact's text. `path` is the file's path or URI (for the contract's name when the file does not say
 * it, and for the error sentence's subject).
 */
export function parseArtifact(text: string, path: string): ArtifactParse {
  const name = path.split(/[\\/]/).pop() ?? path;
  if (text.length > MAX_ARTIFACT_BYTES)
    return {
      error: `${name} is larger than ${MAX_ARTIFACT_BYTES / 1024 / 1024} MB: not read as an ABI`,
      notArtifact: false,
    };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return {
      error: `${name} is not valid JSON (${err instanceof Error ? err.message : String(err)})`,
      notArtifact: false,
    };
  }
  let abi: unknown;
  let contract = contractNameFromPath(path);
  let prefix = '';
  if (Array.isArray(json)) {
    abi = json;
  } else if (json !== null && typeof json === 'object' && 'abi' in json) {
    abi = (json as { abi: unknown }).abi;
    prefix = 'abi';
    const named = (json as { contractName?: unknown }).contractName;
    if (typeof named === 'string' && named.trim()) contract = named.trim();
  } else {
    return { error: `${name} has no ABI (no "abi" field and not an array)`, notArtifact: true };
  }
  const result = AbiSchema.safeParse(abi);
  if (!result.success) {
    const { field, problem, sentence } = firstProblem(abi, result.error);
    const where = [prefix, field].filter(Boolean).join(field.startsWith('[') ? '' : '.') || 'the ABI';
    return { error: `${name}: ${sentence ? problem : `${where} ${problem}`}`, notArtifact: false };
  }
  const runtimeSize = Array.isArray(json) ? undefined : runtimeSizeOf(json);
  return runtimeSize === undefined
    ? { contract, abi: toItems(result.data) }
    : { contract, abi: toItems(result.data), runtimeSize };
}

/**
 * Whether a workspace-relative path (`/` separated) is one the index reads: the same files as ARTIFACT_GLOB minus
 * ARTIFACT_EXCLUDE (a file system watcher reports every change under its glob; this drops the excluded ones).
 */
export function isArtifactPath(relativePath: string): boolean {
  const p = `/${relativePath.replace(/\\/g, '/').replace(/^\/+/, '')}`;
  if (!/\.json$/i.test(p)) return false;
  if (/\/node_modules\//.test(p) || /\/build-info\//.test(p) || /\.dbg\.json$/i.test(p)) return false;
  return /\.abi\.json$/i.test(p) || /\/out\/(.+\/)?[^/]+$/.test(p) || /\/artifacts\/(.+\/)?[^/]+$/.test(p);
}
