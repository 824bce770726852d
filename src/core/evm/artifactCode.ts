/**
 * The code side of a workspace's compiler output (pure; the ABI side is core/abi/artifacts.ts): a contract's runtime
 * code, source map and the files its source indices name, from
 *   - Foundry: `out/<File>.sol/<Contract>.json` (`deployedBytecode.{object, sourceMap, immutableReferences,
 *     linkReferences}`, `id`: its source's index, `metadata.settings.compilationTarget`, `metadata.sources[].keccak256`)
 *     and `out/build-info/<id>.json` (`source_id_to_path`); `cache/solidity-files-cache.json` says which build an
 *     artifact is from;
 *   - Hardhat: `artifacts/<path>/<Contract>.json` (`sourceName`, `deployedBytecode`), its `.dbg.json` naming the build
 *     info (`input.sources[].content`, `output.contracts[file][name].evm.deployedBytecode`, `output.sources[].id`);
 *     Hardhat 3 names it by `buildInfoId`, with the output in `<id>.output.json`;
 *   - Foundry's deployments: `broadcast/<Script>/<chain id>/run-*.json` (`transactions[].{contractName,
 *     contractAddress, additionalContracts[]}`).
 * Every reader is lenient about what it does not use and answers undefined for what it cannot read.
 */
import * as z from 'zod/mini';
import { comparableSize, type RuntimeCode } from './bytecode';
import type { StorageLayout } from './storageLayoutRead';
import { lazySchema } from '../lazySchema';

const Range = lazySchema(() => z.object({ start: z.number(), length: z.number() }));
const Immutables = lazySchema(() => z.record(z.string(), z.array(Range)));
const Links = lazySchema(() => z.record(z.string(), z.record(z.string(), z.array(Range))));

/** A bytecode object as solc's standard JSON output has it (Foundry's artifacts and Hardhat's build info alike). */
const Bytecode = lazySchema(() =>
  z.object({
    object: z.string(),
    sourceMap: z.optional(z.string()),
    immutableReferences: z.optional(Immutables),
    linkReferences: z.optional(Links),
  }),
);

const Artifact = lazySchema(() =>
  z.object({
    contractName: z.optional(z.string()),
    sourceName: z.optional(z.string()),
    inputSourceName: z.optional(z.string()),
    buildInfoId: z.optional(z.string()),
    deployedBytecode: z.optional(z.union([z.string(), Bytecode])),
    deployedLinkReferences: z.optional(Links),
    immutableReferences: z.optional(Immutables),
    id: z.optional(z.number()),
    metadata: z.optional(
      z.object({
        settings: z.optional(z.object({ compilationTarget: z.optional(z.record(z.string(), z.string())) })),
        sources: z.optional(z.record(z.string(), z.object({ keccak256: z.optional(z.string()) }))),
      }),
    ),
  }),
);

export interface CodeArtifact {
  layout: 'foundry' | 'hardhat';
  contract: string;
  /** The contract's source file as compiled (`src/Vault.sol`), relative to the project's root. */
  sourceName?: string;
  runtime: RuntimeCode & { sourceMap?: string };
  /** Foundry: the index of the contract's own source in its build (finds the build info). */
  sourceId?: number;
  /** Foundry: keccak256 of each source as compiled (to tell a source changed since). */
  sourceHashes?: Record<string, string>;
  /** Hardhat: the build info, as the artifact names it (a path relative to the .dbg.json, or a Hardhat 3 id). */
  buildInfoId?: string;
  /** The compiler's storage layout, when the artifact has it (Foundry: `extra_output = ["storageLayout"]`; read by
   *  src/abi/contracts.ts with core/evm/storageLayout.ts, which the features bundle does not carry). */
  storageLayout?: StorageLayout;
}

const bare = (hex: string) => hex.replace(/^0x/i, '');

/** Reads the code of an artifact's JSON (already parsed); undefined when it has none. `contract`: the file's name. */
export function readCodeArtifact(json: unknown, contract: string): CodeArtifact | undefined {
  const parsed = Artifact.safeParse(json);
  if (!parsed.success || parsed.data.deployedBytecode === undefined) return undefined;
  const a = parsed.data;
  const name = a.contractName ?? contract;
  if (typeof a.deployedBytecode === 'string') {
    const sourceName = a.inputSourceName?.replace(/^project\//, '') ?? a.sourceName;
    return {
      layout: 'hardhat',
      contract: name,
      sourceName,
      runtime: {
        object: a.deployedBytecode,
        linkReferences: a.deployedLinkReferences,
        immutableReferences: a.immutableReferences,
      },
      buildInfoId: a.buildInfoId,
    };
  }
  const target = Object.keys(a.metadata?.settings?.compilationTarget ?? {})[0];
  const hashes: Record<string, string> = {};
  for (const [path, s] of Object.entries(a.metadata?.sources ?? {}))
    if (s.keccak256) hashes[path] = s.keccak256.toLowerCase();
  return {
    layout: 'foundry',
    contract: name,
    sourceName: target,
    runtime: a.deployedBytecode as CodeArtifact['runtime'],
    sourceId: a.id,
    sourceHashes: hashes,
  };
}

/** The runtime code's size without metadata (what a deployed contract must have), or undefined when there is none. */
export function runtimeSizeOf(json: unknown): number | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const d = (json as { deployedBytecode?: unknown }).deployedBytecode;
  const object =
    typeof d === 'string' ? d : d && typeof d === 'object' ? (d as { object?: unknown }).object : undefined;
  if (typeof object !== 'string' || bare(object).length < 4) return undefined;
  return comparableSize(object);
}

const FoundryBuildInfo = lazySchema(() =>
  z.object({ id: z.optional(z.string()), source_id_to_path: z.record(z.string(), z.string()) }),
);

/** Foundry's build info: its id and the file of each source index. */
export function readFoundryBuildInfo(json: unknown): { id?: string; sources: Map<number, string> } | undefined {
  const parsed = FoundryBuildInfo.safeParse(json);
  if (!parsed.success) return undefined;
  const sources = new Map<number, string>();
  for (const [id, path] of Object.entries(parsed.data.source_id_to_path))
    if (/^\d+$/.test(id)) sources.set(Number(id), path);
  return { id: parsed.data.id, sources };
}

const HardhatOutput = lazySchema(() =>
  z.object({
    contracts: z.optional(
      z.record(
        z.string(),
        z.record(z.string(), z.object({ evm: z.optional(z.object({ deployedBytecode: z.optional(Bytecode) })) })),
      ),
    ),
    sources: z.optional(z.record(z.string(), z.object({ id: z.number() }))),
  }),
);
const HardhatBuildInfo = lazySchema(() =>
  z.object({
    input: z.optional(
      z.object({ sources: z.optional(z.record(z.string(), z.object({ content: z.optional(z.string()) }))) }),
    ),
    output: z.optional(HardhatOutput),
  }),
);

interface HardhatBuild {
  /** The contract's runtime code with its source map, as the compiler gave it. */
  runtime?: RuntimeCode & { sourceMap?: string };
  sources: Map<number, string>;
  /** Each source's text as compiled (to tell a source changed since). */
  contents: Map<string, string>;
}

/** A Hardhat build info (or a Hardhat 3 `.output.json` with `input` given apart): the contract's code and the files. */
export function readHardhatBuildInfo(
  json: unknown,
  sourceName: string,
  contract: string,
  input?: unknown,
): HardhatBuild | undefined {
  const parsed = HardhatBuildInfo.safeParse(json);
  if (!parsed.success) return undefined;
  const output = parsed.data.output;
  const inputSources =
    (input !== undefined ? HardhatBuildInfo.safeParse(input).data?.input : parsed.data.input)?.sources ?? {};
  const sources = new Map<number, string>();
  for (const [path, s] of Object.entries(output?.sources ?? {})) sources.set(s.id, path.replace(/^project\//, ''));
  const contents = new Map<string, string>();
  for (const [path, s] of Object.entries(inputSources))
    if (typeof s.content === 'string') contents.set(path.replace(/^project\//, ''), s.content);
  const byFile = output?.contracts?.[sourceName] ?? output?.contracts?.[`project/${sourceName}`];
  const runtime = byFile?.[contract]?.evm?.deployedBytecode;
  return { runtime: runtime as HardhatBuild['runtime'], sources, contents };
}

const Broadcast = lazySchema(() =>
  z.object({
    transactions: z.optional(
      z.array(
        z.object({
          contractName: z.optional(z.nullable(z.string())),
          contractAddress: z.optional(z.nullable(z.string())),
          additionalContracts: z.optional(
            z.nullable(
              z.array(
                z.object({
                  contractName: z.optional(z.nullable(z.string())),
                  address: z.optional(z.nullable(z.string())),
                }),
              ),
            ),
          ),
        }),
      ),
    ),
  }),
);

/** The contracts a Foundry broadcast deployed: lower-case address → contract name. */
export function readBroadcast(json: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const parsed = Broadcast.safeParse(json);
  if (!parsed.success) return out;
  const add = (address: string | null | undefined, name: string | null | undefined) => {
    if (address && name && /^0x[0-9a-fA-F]{40}$/.test(address) && /^[A-Za-z_$][\w$]*$/.test(name))
      out.set(address.toLowerCase(), name);
  };
  for (const t of parsed.data.transactions ?? []) {
    add(t.contractAddress, t.contractName);
    for (const a of t.additionalContracts ?? []) add(a.address, a.contractName);
  }
  return out;
}

/** The chain id a broadcast file is for, from its path (`broadcast/<Script>/<chain id>/run-….json`). */
export function broadcastChainId(path: string): number | undefined {
  const m = /\/broadcast\/(?:.+\/)?(\d+)\/run-[^/]*\.json$/i.exec(path.replace(/\\/g, '/'));
  return m ? Number(m[1]) : undefined;
}
