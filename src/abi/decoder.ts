/**
 * Entry of the ABI decoder bundle (dist/abi.js), required by src/abi/workspaceAbis.ts on the first decode: never at
 * activation, and not part of dist/features.js. It holds viem's decoding and keccak and the built-in token ABIs; its
 * imports stay viem, src/core/abi/builtins.ts (used by nothing else) and types, so no module's code is in two bundles
 * (esbuild.mjs checks). Pure functions, unit-tested straight from the TypeScript:
 *   buildIndex(artifacts)          event topics and function selectors → the ABI items that have them
 *   decodeLogWith(index, log)      a log's name and arguments, or undefined
 *   decodeCallWith(index, input)   a call's function and arguments, or undefined
 *   decodeErrorWith(index, data)   a custom error's name and arguments (revert data), or undefined
 *   decodeOutputWith(index, input, output)  what the function the input calls returned, or undefined
 *   encodeCallWith(item, values) / decodeReturnWith(item, data)  a contract read's calldata and its result
 *   keccakBytes, isChecksumValid, builtinAbis  for the callers that have no keccak of their own
 * Order of preference for a topic or selector: the workspace's ABIs (in the order given; the first that decodes
 * wins), then the built-in ERC-20, ERC-721 and ERC-1155 items. An event is only tried on a log with as many topics
 * as it has indexed inputs plus one (ERC-20 and ERC-721 `Transfer` share topic 0 and differ there).
 */
// viem ships its types as ES modules and its code as both; this file compiles to CommonJS (tests) and is bundled as
// such (esbuild takes viem's ES build, which tree-shakes), so the import is a require of viem's CommonJS build at run
// time: TypeScript's warning that an ES module cannot be required does not apply.
import {
  decodeErrorResult,
  decodeEventLog,
  decodeFunctionData,
  decodeFunctionResult,
  encodeFunctionData,
  isAddress,
  keccak256,
  stringToBytes,
  type Abi,
  type Hex,
  // @ts-expect-error TS1479 (see above); the types still come through
} from 'viem';
import type {
  AbiItem,
  AbiParameter,
  Artifact,
  BuiltinStandard,
  Decoded,
  DecodedArg,
  DecodedCall,
  DecodedLog,
} from '../core/abi/artifacts';
import { BUILTIN_ABIS } from '../core/abi/builtins';

export interface IndexEntry {
  /** Canonical signature: `Transfer(address,address,uint256)`. */
  signature: string;
  /** The ABI item with its types in canonical form (`uint` → `uint256`). */
  item: AbiItem;
  contract?: string;
  file?: string;
  builtin?: BuiltinStandard;
  /** Events: how many inputs are indexed (the log has this many topics after topic 0). */
  indexed: number;
}

export interface AbiIndex {
  /** topic 0 (lower-case 0x + 64 hex) → events, workspace ones first. */
  readonly events: ReadonlyMap<string, readonly IndexEntry[]>;
  /** selector (lower-case 0x + 8 hex) → functions, workspace ones first. */
  readonly functions: ReadonlyMap<string, readonly IndexEntry[]>;
  /** selector → custom errors (`error InsufficientBalance(uint256,uint256)`), workspace ones first. */
  readonly errors: ReadonlyMap<string, readonly IndexEntry[]>;
  /** From the workspace's artifacts (built-ins not counted): artifacts, event and function items indexed. */
  readonly stats: { artifacts: number; events: number; functions: number };
}

export interface LogInput {
  address?: string;
  topics: readonly string[];
  data: string;
}

export interface CallInput {
  /** Not used to choose an ABI (artifacts do not say where a contract is deployed). */
  to?: string;
  /** 0x-prefixed calldata: the 4-byte selector, then the arguments. */
  data: string;
}

/** keccak256 of a signature, lower-case hex; kept, since the same items recur across artifacts and re-indexing. */
const hashes = new Map<string, string>();
function hashOf(signature: string): string {
  let hash = hashes.get(signature);
  if (hash === undefined) {
    hash = keccak256(stringToBytes(signature));
    hashes.set(signature, hash);
  }
  return hash;
}

/** `uint` → `uint256`, `int[]` → `int256[]`, `byte` → `bytes1` (what the selector is computed over). */
function canonicalType(type: string): string {
  return type.replace(/^(u?int)(?=$|\[)/, '$1256').replace(/^byte(?=$|\[)/, 'bytes1');
}

function canonicalParameter(p: AbiParameter): AbiParameter {
  const out: AbiParameter = { ...p, type: canonicalType(p.type) };
  if (p.components) out.components = p.components.map(canonicalParameter);
  return out;
}

/** `address`, `uint256[]`, `(address,uint256)[2]` */
export function typeOf(p: AbiParameter): string {
  return p.type.startsWith('tuple')
    ? `(${(p.components ?? []).map(typeOf).join(',')})${p.type.slice('tuple'.length)}`
    : p.type;
}

/** `Transfer(address,address,uint256)` for an item whose types are canonical. */
export function signatureOf(item: AbiItem): string {
  return `${item.name ?? ''}(${(item.inputs ?? []).map(typeOf).join(',')})`;
}

/** topic 0 of an event signature. */
export function eventTopic(signature: string): string {
  return hashOf(signature);
}

/** 4-byte selector of a function signature. */
export function functionSelector(signature: string): string {
  return hashOf(signature).slice(0, 10);
}

/** Builds the lookup maps: the workspace's artifacts in order, then (unless `builtins: false`) the built-in ABIs. */
export function buildIndex(artifacts: readonly Artifact[], options: { builtins?: boolean } = {}): AbiIndex {
  const events = new Map<string, IndexEntry[]>();
  const functions = new Map<string, IndexEntry[]>();
  const errors = new Map<string, IndexEntry[]>();
  const stats = { artifacts: 0, events: 0, functions: 0 };
  const add = (
    item: AbiItem,
    from: { contract?: string; file?: string; builtin?: BuiltinStandard },
  ): 'event' | 'function' | 'error' | undefined => {
    if (
      !item.name ||
      (item.type !== 'event' && item.type !== 'function' && item.type !== 'error') ||
      (item.type === 'event' && item.anonymous)
    )
      return undefined;
    const canonical: AbiItem = { ...item, inputs: (item.inputs ?? []).map(canonicalParameter) };
    let signature: string;
    try {
      signature = signatureOf(canonical);
    } catch {
      return undefined;
    }
    const entry: IndexEntry = {
      signature,
      item: canonical,
      indexed: canonical.inputs?.filter((i) => i.indexed).length ?? 0,
      ...from,
    };
    const [map, key] =
      item.type === 'event'
        ? [events, eventTopic(signature)]
        : [item.type === 'error' ? errors : functions, functionSelector(signature)];
    const list = map.get(key);
    if (list) list.push(entry);
    else map.set(key, [entry]);
    return item.type;
  };
  for (const artifact of artifacts) {
    stats.artifacts++;
    for (const item of artifact.abi) {
      const kind = add(item, { contract: artifact.contract, file: artifact.file });
      if (kind === 'event') stats.events++;
      else if (kind === 'function') stats.functions++;
    }
  }
  if (options.builtins !== false) {
    for (const { standard, abi } of BUILTIN_ABIS) for (const item of abi) add(item, { builtin: standard });
  }
  return { events, functions, errors, stats };
}

const HEX = /^0x[0-9a-fA-F]*$/;
const TOPIC = /^0x[0-9a-fA-F]{64}$/;

/** A log's event and arguments, from the first ABI item with its topic 0 and topic count that decodes it. */
export function decodeLogWith(index: AbiIndex, log: LogInput): DecodedLog | undefined {
  const topics = log.topics.map((t) => t.toLowerCase());
  if (topics.length === 0 || !topics.every((t) => TOPIC.test(t))) return undefined;
  const data = log.data === '' ? '0x' : log.data.toLowerCase();
  if (!HEX.test(data) || (data.length - 2) % 2 !== 0) return undefined;
  for (const entry of index.events.get(topics[0]) ?? []) {
    if (entry.indexed !== topics.length - 1) continue;
    try {
      const decoded = decodeEventLog({
        abi: [entry.item] as unknown as Abi,
        topics: topics as [Hex, ...Hex[]],
        data: data as Hex,
        strict: true,
      });
      return {
        name: entry.item.name ?? '',
        signature: entry.signature,
        ...origin(entry),
        args: argsOf(entry.item.inputs ?? [], decoded.args, true),
      };
    } catch {
      // another ABI with this topic may fit
    }
  }
  return undefined;
}

/** A call's function and arguments, from the first ABI item with its selector that decodes the calldata. */
export function decodeCallWith(index: AbiIndex, input: CallInput): DecodedCall | undefined {
  const data = input.data.toLowerCase();
  if (!HEX.test(data) || data.length < 10 || (data.length - 2) % 2 !== 0) return undefined;
  for (const entry of index.functions.get(data.slice(0, 10)) ?? []) {
    try {
      const decoded = decodeFunctionData({ abi: [entry.item] as unknown as Abi, data: data as Hex });
      return {
        name: entry.item.name ?? '',
        signature: entry.signature,
        ...origin(entry),
        args: argsOf(entry.item.inputs ?? [], decoded.args ?? [], false),
      };
    } catch {
      // another ABI with this selector may fit
    }
  }
  return undefined;
}

function origin(entry: IndexEntry): Pick<DecodedLog, 'contract' | 'file' | 'builtin'> {
  const out: Pick<DecodedLog, 'contract' | 'file' | 'builtin'> = {};
  if (entry.contract !== undefined) out.contract = entry.contract;
  if (entry.file !== undefined) out.file = entry.file;
  if (entry.builtin !== undefined) out.builtin = entry.builtin;
  return out;
}

/** viem's args (an object by name when every input is named, else an array by position) as DecodedArgs in input order. */
function argsOf(inputs: readonly AbiParameter[], args: unknown, event: boolean): DecodedArg[] {
  const unnamed = inputs.some((p) => !p.name);
  return inputs.map((p, i) => {
    const value =
      Array.isArray(args) && (unnamed || !event)
        ? args[i]
        : (args as Record<string, unknown> | undefined)?.[p.name ?? String(i)];
    const arg: DecodedArg = { name: p.name || `arg${i}`, type: typeOf(p), value: render(value) };
    if (event && p.indexed) arg.indexed = true;
    return arg;
  });
}

/** Addresses come checksummed and bytes as hex from viem; integers (bigint, or number up to 48 bits) as decimal text. */
export function render(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === undefined || value === null) return '';
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' || typeof v === 'number' ? String(v) : v));
}

/** A custom error's name and arguments from revert data (`0x` + selector + arguments), or undefined. */
export function decodeErrorWith(index: AbiIndex, data: string): Decoded | undefined {
  const hex = data.toLowerCase();
  if (!HEX.test(hex) || hex.length < 10 || (hex.length - 2) % 2 !== 0) return undefined;
  for (const entry of index.errors.get(hex.slice(0, 10)) ?? []) {
    try {
      const decoded = decodeErrorResult({ abi: [entry.item] as unknown as Abi, data: hex as Hex });
      return {
        name: entry.item.name ?? '',
        signature: entry.signature,
        ...origin(entry),
        args: argsOf(entry.item.inputs ?? [], decoded.args ?? [], false),
      };
    } catch {
      // another ABI with this selector may fit
    }
  }
  return undefined;
}

/** What a call returned, decoded with the outputs of the first function whose selector and input fit; undefined
 *  when none does (or it returns nothing). */
export function decodeOutputWith(index: AbiIndex, input: string, output: string): DecodedArg[] | undefined {
  const data = input.toLowerCase();
  if (!HEX.test(data) || data.length < 10 || !HEX.test(output)) return undefined;
  for (const entry of index.functions.get(data.slice(0, 10)) ?? []) {
    try {
      decodeFunctionData({ abi: [entry.item] as unknown as Abi, data: data as Hex });
    } catch {
      continue;
    }
    return decodeReturnWith(entry.item, output);
  }
  return undefined;
}

/** A function's return values from `eth_call`'s answer (or a trace's output); undefined when they do not decode. */
export function decodeReturnWith(item: AbiItem, output: string): DecodedArg[] | undefined {
  const outputs = (item.outputs ?? []).map(canonicalParameter);
  if (outputs.length === 0) return [];
  try {
    const abiItem = { ...item, inputs: (item.inputs ?? []).map(canonicalParameter), outputs };
    const value = decodeFunctionResult({
      abi: [abiItem] as unknown as Abi,
      functionName: item.name ?? '',
      data: output.toLowerCase() as Hex,
    }) as unknown;
    const values =
      outputs.length === 1
        ? [value]
        : Array.isArray(value)
          ? value
          : outputs.map((o, i) => (value as Record<string, unknown>)[o.name ?? String(i)]);
    return outputs.map((p, i) => ({
      name: p.name || (outputs.length === 1 ? 'result' : `result${i}`),
      type: typeOf(p),
      value: render(values[i]),
    }));
  } catch {
    return undefined;
  }
}

/** The calldata of a call to `item` with `values` (bigints, booleans, hex strings, nested lists); throws a sentence. */
export function encodeCallWith(item: AbiItem, values: readonly unknown[]): string {
  const abiItem = {
    ...item,
    inputs: (item.inputs ?? []).map(canonicalParameter),
    outputs: (item.outputs ?? []).map(canonicalParameter),
  };
  try {
    return encodeFunctionData({
      abi: [abiItem] as unknown as Abi,
      functionName: item.name ?? '',
      args: values as unknown[],
    });
  } catch (err) {
    const message =
      err instanceof Error ? ((err as { shortMessage?: string }).shortMessage ?? err.message) : String(err);
    throw new Error(`The arguments do not encode: ${message.split('\n')[0]}`);
  }
}

/** keccak256 of bytes, lower-case 0x hex (a source file's hash, as solc's metadata keeps it). */
export function keccakBytes(bytes: Uint8Array): string {
  return keccak256(bytes);
}

/** Whether an address is well-formed and, when it mixes cases, has a right checksum (EIP-55). */
export function isChecksumValid(address: string): boolean {
  return isAddress(address, { strict: true });
}

/** The built-in token ABIs (ERC-20, ERC-721, ERC-1155), for reading a token the workspace has no ABI of. */
export function builtinAbis(): ReadonlyArray<{ standard: BuiltinStandard; abi: readonly AbiItem[] }> {
  return BUILTIN_ABIS;
}
