/**
 * Which workspace contract is deployed at an address, and which line of its Solidity a program counter is on.
 *
 * A contract is named by Foundry's deployments (`broadcast/**\/<chain id>/run-*.json`) or found by its code: only the
 * artifacts whose runtime code has the deployed code's size (the ABI index keeps each one's size) are read again and
 * compared byte for byte, leaving out the metadata hash, immutables and library addresses (core/evm/bytecode.ts). A
 * contract the broadcast names but whose artifact is not the deployed code (rebuilt since) is said to differ, and no
 * line is given for it. Lines come from the artifact's source map and its build's source files (Foundry's build info,
 * Hardhat's build info), and only when the workspace's file is the one compiled (its keccak256 in the artifact's
 * metadata, or its text in Hardhat's build info): a file edited since gets a sentence instead of a wrong line.
 * Everything read is kept until the ABI index says the artifacts changed.
 */
import vscode = require('vscode');
import { compareRuntime, comparableSize } from '../core/evm/bytecode';
import { readStorageLayout } from '../core/evm/storageLayoutRead';
import {
  broadcastChainId,
  readBroadcast,
  readCodeArtifact,
  readFoundryBuildInfo,
  readHardhatBuildInfo,
  type CodeArtifact,
} from '../core/evm/artifactCode';
import {
  decodeSourceMap,
  instructionIndexes,
  lineStarts,
  positionAt,
  pcLines,
  rangeAt,
  type PcLines,
  type SourceMap,
} from '../core/evm/sourceMap';
import type { Artifact } from '../core/abi/artifacts';
import type { DecoderModule, WorkspaceAbis } from './workspaceAbis';

export interface ContractInfo {
  address: string;
  /** The contract's name (from a broadcast or its matched artifact). */
  name?: string;
  /** The artifact whose runtime code is the deployed code. */
  artifact?: LoadedArtifact;
  /** Why the named contract's artifact is not taken (its code differs), in words. */
  mismatch?: string;
}

export interface LoadedArtifact {
  uri: vscode.Uri;
  /** The project's root: the folder holding out/ (Foundry) or artifacts/ (Hardhat). */
  root: vscode.Uri;
  code: CodeArtifact;
}

export interface SourceLocation {
  uri: vscode.Uri;
  /** The file as the compiler named it (`src/Vault.sol`). */
  path: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** The first line of the source range, trimmed. */
  snippet: string;
}

/** A source file of the workspace that is the one compiled. */
export interface CompiledFile {
  uri: vscode.Uri;
  /** As the compiler named it (`src/Vault.sol`). */
  path: string;
  bytes: Uint8Array;
}

interface SourceIndex {
  map: SourceMap;
  indexes: Int32Array;
  files: Map<number, string>;
  /** Hardhat: each source's text as compiled. */
  contents?: Map<string, string>;
}

const MAX_BROADCAST_FILES = 200;
const MAX_BUILD_INFOS = 100;

async function readJson(uri: vscode.Uri): Promise<unknown> {
  return JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri))) as unknown;
}

const up = (uri: vscode.Uri, n: number) => {
  let u = uri;
  for (let i = 0; i < n; i++) u = vscode.Uri.joinPath(u, '..');
  return u;
};

/** The project root of an artifact: the folder above its last `out/` or `artifacts/` segment. */
function rootOf(uri: vscode.Uri): vscode.Uri | undefined {
  const parts = uri.path.split('/');
  for (let i = parts.length - 2; i > 0; i--)
    if (parts[i] === 'out' || parts[i] === 'artifacts') return up(uri, parts.length - i);
  return undefined;
}

export class WorkspaceContracts implements vscode.Disposable {
  private readonly artifacts = new Map<string, Promise<LoadedArtifact | undefined>>();
  private readonly sourceIndexes = new Map<string, Promise<SourceIndex | string>>();
  private readonly subscription: vscode.Disposable;

  constructor(
    abis: Pick<WorkspaceAbis, 'onDidUpdate'>,
    private readonly log: { debug(s: string): void; warn(s: string): void },
  ) {
    this.subscription = abis.onDidUpdate(() => this.clear());
  }

  clear(): void {
    this.artifacts.clear();
    this.sourceIndexes.clear();
  }

  /** The contracts Foundry's broadcast files of this chain name: address → contract name (newer runs win). */
  async broadcastNames(chainId: number | undefined): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (chainId === undefined) return out;
    const files = await vscode.workspace.findFiles(
      '**/broadcast/**/run-*.json',
      '**/node_modules/**',
      MAX_BROADCAST_FILES * 4,
    );
    const mine = files.filter((u) => broadcastChainId(u.path) === chainId);
    // run-latest.json last, older runs by their timestamp: a later deployment of a name wins.
    const order = (u: vscode.Uri) =>
      /run-latest\.json$/.test(u.path) ? Number.MAX_SAFE_INTEGER : Number(/run-(\d+)\.json$/.exec(u.path)?.[1] ?? 0);
    mine.sort((a, b) => order(a) - order(b));
    for (const uri of mine.slice(-MAX_BROADCAST_FILES)) {
      try {
        for (const [address, name] of readBroadcast(await readJson(uri))) out.set(address, name);
      } catch (err) {
        this.log.debug(`Call trace: skipped ${uri.toString()} (${err instanceof Error ? err.message : String(err)})`);
      }
    }
    return out;
  }

  /** Names a deployed contract and finds its artifact. `code`: the code at the address (`0x` for none). */
  async identify(
    address: string,
    code: string,
    named: string | undefined,
    artifacts: readonly Artifact[],
  ): Promise<ContractInfo> {
    const info: ContractInfo = { address };
    if (named) info.name = named;
    if (code.length <= 2) return info;
    const size = comparableSize(code);
    const candidates = artifacts.filter((a) => a.runtimeSize === size && a.file && (!named || a.contract === named));
    const sameName = named ? artifacts.filter((a) => a.contract === named && a.file) : [];
    let why: string | undefined;
    for (const candidate of candidates) {
      const loaded = await this.load(candidate.file!);
      if (!loaded) continue;
      const compared = compareRuntime(code, loaded.code.runtime);
      if (compared.matches) {
        info.name = loaded.code.contract;
        info.artifact = loaded;
        return info;
      }
      why ??= compared.why;
    }
    if (named && sameName.length) {
      const where = vscode.workspace.asRelativePath(vscode.Uri.parse(sameName[0]!.file!), false);
      if (!why && !candidates.length)
        why = `the deployed code is ${size} bytes, the artifact's ${sameName[0]!.runtimeSize ?? 0}`;
      info.mismatch = `The artifact ${where} is not the code deployed at this address (${why ?? 'it differs'}): rebuilt or changed since the deployment, so no source line is given.`;
    }
    return info;
  }

  /** Reads an artifact's code (kept); undefined when it has none. Hardhat artifacts get their build's immutables. */
  private load(file: string): Promise<LoadedArtifact | undefined> {
    let loading = this.artifacts.get(file);
    if (!loading) {
      loading = (async () => {
        const uri = vscode.Uri.parse(file, true);
        const root = rootOf(uri);
        const json = await readJson(uri);
        const code = readCodeArtifact(
          json,
          uri.path
            .split('/')
            .pop()!
            .replace(/\.json$/i, ''),
        );
        if (!code || !root) return undefined;
        code.storageLayout = readStorageLayout(json);
        if (code.layout === 'hardhat' && !code.runtime.immutableReferences) {
          const build = await this.hardhatBuild(uri, code);
          if (build?.runtime?.immutableReferences) code.runtime.immutableReferences = build.runtime.immutableReferences;
        }
        return { uri, root, code };
      })().catch((err: unknown) => {
        this.log.debug(`Call trace: could not read ${file} (${err instanceof Error ? err.message : String(err)})`);
        return undefined;
      });
      this.artifacts.set(file, loading);
    }
    return loading;
  }

  /** Hardhat's build info of an artifact (its .dbg.json names it; Hardhat 3 by its id, the output apart). */
  private async hardhatBuild(uri: vscode.Uri, code: CodeArtifact): Promise<ReturnType<typeof readHardhatBuildInfo>> {
    if (!code.sourceName) return undefined;
    if (code.buildInfoId) {
      const dir = vscode.Uri.joinPath(rootOf(uri)!, 'artifacts', 'build-info');
      const input = await readJson(vscode.Uri.joinPath(dir, `${code.buildInfoId}.json`)).catch(() => undefined);
      return readHardhatBuildInfo(
        await readJson(vscode.Uri.joinPath(dir, `${code.buildInfoId}.output.json`)),
        code.sourceName,
        code.contract,
        input,
      );
    }
    const dbg = (await readJson(uri.with({ path: uri.path.replace(/\.json$/i, '.dbg.json') }))) as {
      buildInfo?: unknown;
    };
    if (typeof dbg?.buildInfo !== 'string') return undefined;
    return readHardhatBuildInfo(
      await readJson(vscode.Uri.joinPath(up(uri, 1), dbg.buildInfo)),
      code.sourceName,
      code.contract,
    );
  }

  /** The source map and files of an artifact's build, or a sentence saying why there are none. */
  private sourceIndex(artifact: LoadedArtifact): Promise<SourceIndex | string> {
    const key = artifact.uri.toString();
    let index = this.sourceIndexes.get(key);
    if (!index) {
      index = this.readSourceIndex(artifact).catch(
        (err: unknown) =>
          `its build information could not be read (${err instanceof Error ? err.message : String(err)})`,
      );
      this.sourceIndexes.set(key, index);
    }
    return index;
  }

  private async readSourceIndex(artifact: LoadedArtifact): Promise<SourceIndex | string> {
    const { code, uri, root } = artifact;
    if (code.layout === 'hardhat') {
      const build = await this.hardhatBuild(uri, code);
      if (!build?.runtime?.sourceMap) return 'its Hardhat build info (artifacts/build-info) has no source map for it';
      return {
        map: decodeSourceMap(build.runtime.sourceMap),
        indexes: instructionIndexes(build.runtime.object),
        files: build.sources,
        contents: build.contents,
      };
    }
    if (!code.runtime.sourceMap) return 'the artifact has no source map';
    const files = await this.foundryFiles(uri, root, code);
    if (!files)
      return `no build info under out/build-info names ${code.sourceName ?? 'its source'} (build again with forge)`;
    return { map: decodeSourceMap(code.runtime.sourceMap), indexes: instructionIndexes(code.runtime.object), files };
  }

  /** The files of a Foundry artifact's build: the build forge's cache names for it, else the build info whose source
   *  index of the artifact's own source is that source. */
  private async foundryFiles(
    uri: vscode.Uri,
    root: vscode.Uri,
    code: CodeArtifact,
  ): Promise<Map<number, string> | undefined> {
    const outDir = up(uri, 2);
    const buildDir = vscode.Uri.joinPath(outDir, 'build-info');
    const fits = (files: Map<number, string> | undefined) =>
      !!files && (code.sourceId === undefined || !code.sourceName || files.get(code.sourceId) === code.sourceName);
    try {
      const cache = (await readJson(vscode.Uri.joinPath(root, 'cache', 'solidity-files-cache.json'))) as {
        files?: Record<
          string,
          { artifacts?: Record<string, Record<string, Record<string, { path?: string; build_id?: string }>>> }
        >;
      };
      const rel = uri.path.slice(outDir.path.length + 1);
      for (const versions of Object.values(cache.files?.[code.sourceName ?? '']?.artifacts?.[code.contract] ?? {})) {
        for (const entry of Object.values(versions)) {
          if (entry.path !== rel || !entry.build_id) continue;
          const files = readFoundryBuildInfo(
            await readJson(vscode.Uri.joinPath(buildDir, `${entry.build_id}.json`)),
          )?.sources;
          if (fits(files)) return files;
        }
      }
    } catch {
      // no cache file (or an older format): look through the build infos
    }
    let entries: Array<[string, vscode.FileType]>;
    try {
      entries = await vscode.workspace.fs.readDirectory(buildDir);
    } catch {
      return undefined;
    }
    const found: Array<{ mtime: number; files: Map<number, string> }> = [];
    for (const [name] of entries
      .filter(([n, t]) => t === vscode.FileType.File && n.endsWith('.json'))
      .slice(0, MAX_BUILD_INFOS)) {
      const file = vscode.Uri.joinPath(buildDir, name);
      const files = readFoundryBuildInfo(await readJson(file).catch(() => undefined))?.sources;
      if (fits(files)) found.push({ mtime: (await vscode.workspace.fs.stat(file)).mtime, files: files! });
    }
    return found.sort((a, b) => b.mtime - a.mtime)[0]?.files;
  }

  /**
   * The source line of the last of `pcs` (newest last) that the artifact's source map puts in a source file, or a
   * sentence saying why there is none. `decoder` hashes the workspace's file to check it is the one compiled.
   */
  async sourceOf(
    artifact: LoadedArtifact,
    pcs: readonly number[],
    decoder: Pick<DecoderModule, 'keccakBytes'>,
  ): Promise<SourceLocation | string> {
    const index = await this.sourceIndex(artifact);
    if (typeof index === 'string') return index;
    const range = rangeAt(index.map, index.indexes, pcs, (f) => index.files.has(f));
    if (!range) return 'the source map puts the instruction in compiler-generated code only';
    const path = index.files.get(range.file)!;
    const file = await this.compiledFile(artifact, index, path, decoder);
    if (typeof file === 'string') return file;
    const { uri, bytes } = file;
    const starts = lineStarts(bytes);
    const from = positionAt(bytes, starts, range.start);
    const to = positionAt(bytes, starts, range.start + range.length);
    const firstLine = new TextDecoder()
      .decode(bytes.subarray(range.start, Math.min(range.start + range.length, starts[from.line] ?? bytes.length)))
      .trim();
    return {
      uri,
      path,
      line: from.line,
      column: from.column,
      endLine: to.line,
      endColumn: to.column,
      snippet: firstLine.length > 120 ? `${firstLine.slice(0, 119)}…` : firstLine,
    };
  }

  /**
   * The source line of every program counter of the artifact's runtime code, in the workspace's files that are the
   * ones compiled (a file edited since, or not in the workspace, gives no lines: `skipped` says why), or a sentence
   * saying why there are none at all.
   */
  async pcLines(
    artifact: LoadedArtifact,
    decoder: Pick<DecoderModule, 'keccakBytes'>,
  ): Promise<{ lines: PcLines; files: Map<number, CompiledFile>; skipped: string[] } | string> {
    const index = await this.sourceIndex(artifact);
    if (typeof index === 'string') return index;
    const files = new Map<number, CompiledFile>();
    const skipped: string[] = [];
    for (const [id, path] of index.files) {
      const file = await this.compiledFile(artifact, index, path, decoder);
      if (typeof file === 'string') {
        if (!file.endsWith('is not in the workspace')) skipped.push(file);
      } else files.set(id, file);
    }
    const bytes = new Map([...files].map(([id, f]) => [id, f.bytes]));
    return { lines: pcLines(index.map, index.indexes, bytes), files, skipped };
  }

  /** The workspace's file of a compiled source, when it is the one compiled (else why not, in words). */
  private async compiledFile(
    artifact: LoadedArtifact,
    index: SourceIndex,
    path: string,
    decoder: Pick<DecoderModule, 'keccakBytes'>,
  ): Promise<CompiledFile | string> {
    const uri = vscode.Uri.joinPath(artifact.root, ...path.split('/'));
    let bytes: Uint8Array;
    try {
      bytes = await vscode.workspace.fs.readFile(uri);
    } catch {
      return `${path} is not in the workspace`;
    }
    const compiled = artifact.code.sourceHashes?.[path];
    const text = artifact.code.layout === 'hardhat' ? index.contents?.get(path) : undefined;
    if (
      (compiled && decoder.keccakBytes(bytes).toLowerCase() !== compiled) ||
      (text !== undefined && new TextDecoder().decode(bytes) !== text)
    ) {
      return `${path} has changed since it was compiled: build again to see the line`;
    }
    return { uri, path, bytes };
  }

  dispose(): void {
    this.subscription.dispose();
    this.clear();
  }
}
