/**
 * An abort named (pure), from the first source that knows it, in this order: the workspace's Move sources (exactly
 * what the compiler reads), the module's on-chain error map (its bytecode's metadata), the registry's hand-written
 * `errors/` file, and last the category alone. The source is always said, so a name is never taken for more than it
 * is; a workspace constant whose value disagrees with the chain's map is not used (the chain runs the published code).
 */
import { categoryWords, hexCode, type MoveFailure } from './abort';
import { lookupError, type ErrorEntry } from './errorMap';
import type { MoveErrorConst } from './sources';

export type AbortSource = 'workspace' | 'chain' | 'registry' | 'category';

export interface NamedAbort {
  source: AbortSource;
  /** `0x1::fungible_asset` */
  module: string;
  code: string;
  /** "INVALID_ARGUMENT (an argument was invalid), reason 4" */
  category: string;
  /** The constant's name (workspace, chain), when a source gives one. */
  name?: string;
  /** Its doc comment, or the registry's sentence. */
  description?: string;
  /** Where the workspace declares it and raises it (workspace only). */
  declaration?: { file: string; line: number };
  sites?: { file: string; line: number }[];
  /** Sources that were asked and could not answer, in words (a failed error-map read, a registry miss). */
  notes: string[];
}

export interface AbortSources {
  /** The workspace's constant for this module whose value is the reason or the code, with its file. */
  workspace?: { constant: MoveErrorConst; file: string };
  /** The module's error map read from its on-chain bytes, or why it could not be read. */
  chain?: { map: ReadonlyMap<bigint, ErrorEntry> } | { problem: string };
  /** The registry's sentence for the decimal code, or why there is none. */
  registry?: { description: string } | { problem: string };
}

type Aborted = Extract<MoveFailure, { kind: 'aborted' }>;

/**
 * The constant of a module's sources that names this abort: the one whose value is the code's reason (when the code
 * has a category above it), else the one whose value is the whole code (a module that aborts with bare numbers).
 */
export function matchingConstant<C extends Pick<MoveErrorConst, 'value'>>(
  constants: readonly C[],
  code: bigint,
): C | undefined {
  const reason = code & 0xffffn;
  return (
    (reason !== code ? constants.find((c) => c.value === reason) : undefined) ?? constants.find((c) => c.value === code)
  );
}

/** The abort named from the first source that knows it. */
export function nameAbort(abort: Aborted, sources: AbortSources): NamedAbort {
  const base = {
    module: `${abort.address}::${abort.module}`,
    code: `${abort.code} (${hexCode(abort.code)})`,
    category: categoryWords(abort),
    notes: [] as string[],
  };
  const chain = sources.chain && 'map' in sources.chain ? lookupError(sources.chain.map, abort.code) : undefined;
  if (sources.chain && 'problem' in sources.chain) base.notes.push(sources.chain.problem);
  const workspace = sources.workspace;
  if (workspace && (!chain || chain.name === workspace.constant.name)) {
    const { constant, file } = workspace;
    return {
      ...base,
      source: 'workspace',
      name: constant.name,
      ...(constant.doc ? { description: constant.doc } : {}),
      declaration: { file, line: constant.line },
      sites: constant.sites.map((line) => ({ file, line })),
    };
  }
  if (workspace && chain)
    base.notes.push(
      `The workspace's ${workspace.constant.name} has this value, but the published module names it ${chain.name}: the workspace's source is not what runs on chain.`,
    );
  if (chain)
    return {
      ...base,
      source: 'chain',
      name: chain.name,
      ...(chain.description ? { description: chain.description } : {}),
    };
  if (sources.registry && 'description' in sources.registry)
    return { ...base, source: 'registry', description: sources.registry.description };
  if (sources.registry && 'problem' in sources.registry) base.notes.push(sources.registry.problem);
  return { ...base, source: 'category' };
}

/** The source in words, as the view says it. */
export const SOURCE_WORDS: Readonly<Record<AbortSource, string>> = {
  workspace: "named from the workspace's Move source",
  chain: "named from the module's on-chain error map",
  registry: "named from the chain registry's errors file",
  category: 'not named by any source: its category only',
};
