/**
 * The contract ABIs of the user's workspace, for decoding EVM logs and calldata without a verified contract: Foundry
 * (`out/`), Hardhat (`artifacts/`) and plain `*.abi.json` files, plus the built-in ERC-20, ERC-721 and ERC-1155 items.
 *
 * Nothing happens until the first decode: then the files are found and read (vscode.workspace.fs, so remote and
 * virtual workspaces work), parsed by src/core/abi/artifacts.ts, and indexed by the ABI decoder bundle
 * (dist/abi.js: viem), which is required then and only then. A file system watcher on the same files, started by
 * that first index, keeps it fresh: created, changed and deleted artifacts are applied after a short quiet time
 * (a new folder under out/ or artifacts/ is scanned, a deleted folder drops what it held).
 * A broken artifact is skipped with one log line; JSON in those folders that is no artifact at all is only noted
 * at debug level.
 */
import vscode = require('vscode');
import { join } from 'node:path';
import type * as Decoder from './decoder';
import { FolderWatches, folderOf, mayBeMadeFolder, searchMadeFolders } from '../platform/folderWatches';
import {
  ARTIFACT_EXCLUDE,
  ARTIFACT_GLOB,
  MAX_ARTIFACT_BYTES,
  isArtifactPath,
  parseArtifact,
  type Artifact,
  type DecodedCall,
  type DecodedLog,
} from '../core/abi/artifacts';

export type { DecodedArg, DecodedCall, DecodedLog } from '../core/abi/artifacts';

export type DecoderModule = typeof Decoder;

export interface AbiLog {
  info(s: string): void;
  warn(s: string): void;
  debug?(s: string): void;
}

export interface AbiStats {
  /** Artifacts indexed (each with its ABI). */
  files: number;
  /** Artifacts skipped as broken (invalid JSON, a malformed ABI, too large, unreadable): one log line each. */
  skipped: number;
  /** JSON files under out/ or artifacts/ that are no artifact (no `abi`): not counted as skipped. */
  ignored: number;
  /** Event and function items indexed from the workspace (built-ins not counted). */
  events: number;
  functions: number;
  /** How long the last (re)index took, from finding the files to the maps; undefined until the first decode. */
  indexedMs?: number;
}

/** Files read at once while indexing. */
const READ_CONCURRENCY = 32;
/** The watcher's changes are applied after this quiet time. */
const WATCH_DEBOUNCE_MS = 300;
/** At most this many folders of artifacts get a watch of their own (the roots first); a bigger build relies on VS Code's. */
const MAX_WATCHED_FOLDERS = 256;
/** At most this many files are looked at (a workspace with more artifacts is unusual). */
const MAX_FILES = 20_000;

const decoderPath = () => join(__dirname, 'abi.js');

export class WorkspaceAbis implements vscode.Disposable {
  private readonly artifacts = new Map<string, Artifact>();
  /** Broken files (by URI) and their error: logged once per distinct error. */
  private readonly broken = new Map<string, string>();
  private readonly notArtifacts = new Set<string>();
  private decoder: DecoderModule | undefined;
  private index: Decoder.AbiIndex | undefined;
  /** The index being built or refreshed; decodes wait for it. */
  private ready: Promise<void> | undefined;
  /** The watchers and their listeners, made by the first index. */
  private readonly watchers: vscode.Disposable[] = [];
  private folderWatches: FolderWatches | undefined;
  /** Files to read again (a URI) or to drop (undefined), by URI string, until the next quiet time. */
  private readonly pending = new Map<string, vscode.Uri | undefined>();
  /** Folders made meanwhile, to scan for artifacts. */
  private readonly folders = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readonly updated = new vscode.EventEmitter<AbiStats>();
  /** The index was built or refreshed (after the watcher's changes). */
  readonly onDidUpdate = this.updated.event;
  private current: AbiStats = { files: 0, skipped: 0, ignored: 0, events: 0, functions: 0 };

  constructor(
    private readonly log: AbiLog,
    /** The decoder bundle; tests may hand in the module itself. */
    private readonly loadDecoder: () => DecoderModule = () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return require(decoderPath()) as DecoderModule;
    },
  ) {}

  get stats(): AbiStats {
    return { ...this.current };
  }

  /** Whether dist/abi.js has been loaded (only a decode loads it). */
  get decoderLoaded(): boolean {
    return this.decoder !== undefined;
  }

  /** Whether the workspace has been indexed (only a decode does it). */
  get indexed(): boolean {
    return this.index !== undefined;
  }

  async decodeLog(log: { address: string; topics: readonly string[]; data: string }): Promise<DecodedLog | undefined> {
    const decoder = await this.ensureIndex();
    if (!decoder || !this.index) return undefined;
    try {
      return decoder.decodeLogWith(this.index, log);
    } catch {
      return undefined;
    }
  }

  /** `data` with 0x; undefined when no ABI knows the selector, or data is shorter than 4 bytes. */
  async decodeCall(input: { to?: string; data: string }): Promise<DecodedCall | undefined> {
    const decoder = await this.ensureIndex();
    if (!decoder || !this.index) return undefined;
    try {
      return decoder.decodeCallWith(this.index, input);
    } catch {
      return undefined;
    }
  }

  /**
   * The workspace's artifacts (their ABIs, files and runtime code sizes) and the decoder, indexing them first if need
   * be: what the call trace matches deployed code against and decodes revert data and outputs with.
   */
  async snapshot(): Promise<
    { decoder: DecoderModule; index: Decoder.AbiIndex; artifacts: readonly Artifact[] } | undefined
  > {
    const decoder = await this.ensureIndex();
    if (!decoder || !this.index) return undefined;
    const artifacts = [...this.artifacts.values()].sort((a, b) =>
      (a.file ?? '') < (b.file ?? '') ? -1 : (a.file ?? '') > (b.file ?? '') ? 1 : 0,
    );
    return { decoder, index: this.index, artifacts };
  }

  /** Waits for the index (building it on the first call) and answers the decoder, or undefined when disposed. */
  private async ensureIndex(): Promise<DecoderModule | undefined> {
    if (this.disposed) return undefined;
    if (!this.ready) {
      this.ready = this.buildAll().catch((err: unknown) => {
        this.log.warn(
          `ABI index: could not index the workspace's ABIs: ${err instanceof Error ? err.message : String(err)}`,
        );
        // The built-in token ABIs still decode when the workspace could not be read (not when dist/abi.js failed).
        if (this.decoder && !this.index) this.index = this.decoder.buildIndex([]);
      });
    }
    // Refreshes may follow one another while we wait: wait for the latest.
    let seen: Promise<void> | undefined;
    while (seen !== this.ready) {
      seen = this.ready;
      await seen;
    }
    return this.disposed ? undefined : this.decoder;
  }

  private async buildAll(): Promise<void> {
    const started = performance.now();
    this.decoder ??= this.loadDecoder();
    this.startWatching();
    const uris = await vscode.workspace.findFiles(ARTIFACT_GLOB, ARTIFACT_EXCLUDE, MAX_FILES);
    await this.readAll(uris.filter((u) => this.wanted(u)));
    this.rebuild(started);
    const s = this.current;
    this.log.info(
      `ABI index: ${s.files} artifact(s), ${s.events} event(s), ${s.functions} function(s) in ${s.indexedMs} ms` +
        `${s.skipped ? `; ${s.skipped} skipped` : ''}${s.ignored ? `; ${s.ignored} JSON file(s) without an ABI ignored` : ''}`,
    );
  }

  private wanted(uri: vscode.Uri): boolean {
    return isArtifactPath(vscode.workspace.asRelativePath(uri, false));
  }

  private async readAll(uris: readonly vscode.Uri[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < uris.length && !this.disposed) await this.read(uris[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, uris.length) }, worker));
  }

  /** Reads one file into exactly one of: the artifacts, the broken files, the JSON that is no artifact. */
  private async read(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    this.forget(key);
    let text: string;
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.size > MAX_ARTIFACT_BYTES) {
        this.markBroken(
          key,
          `${uri.path.split('/').pop()} is larger than ${MAX_ARTIFACT_BYTES / 1024 / 1024} MB: not read as an ABI`,
        );
        return;
      }
      text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch (err) {
      // Deleted between finding and reading: nothing to say.
      if (err instanceof vscode.FileSystemError && err.code === 'FileNotFound') {
        this.broken.delete(key);
        return;
      }
      this.markBroken(
        key,
        `${uri.path.split('/').pop()} could not be read: ${err instanceof Error ? err.message : String(err)}`,
      );
      return;
    }
    const parsed = parseArtifact(text, uri.path);
    if ('error' in parsed && !parsed.notArtifact) {
      this.markBroken(key, parsed.error);
      return;
    }
    this.broken.delete(key);
    if ('error' in parsed) {
      this.notArtifacts.add(key);
      this.log.debug?.(`ABI index: ${parsed.error} (${key})`);
    } else
      this.artifacts.set(key, {
        contract: parsed.contract,
        file: key,
        abi: parsed.abi,
        runtimeSize: parsed.runtimeSize,
      });
  }

  /** Whether a file has been read (an artifact, a broken one, or JSON that is no artifact). */
  private known(key: string): boolean {
    return this.artifacts.has(key) || this.broken.has(key) || this.notArtifacts.has(key);
  }

  /** Drops a file from the artifacts and the JSON that is no artifact (not from the broken ones: see markBroken). */
  private forget(key: string): void {
    this.artifacts.delete(key);
    this.notArtifacts.delete(key);
  }

  /** One log line per file and distinct error (a file saved again with the same problem is not logged again). */
  private markBroken(key: string, error: string): void {
    const before = this.broken.get(key);
    this.broken.set(key, error);
    if (before !== error) this.log.warn(`ABI index: skipped ${error} (${key})`);
  }

  /** The maps again from the artifacts read so far (the decoder keeps the hashes it computed: cheap). */
  private rebuild(started: number): void {
    this.watchFolders();
    if (!this.decoder) return;
    // Stable order: by URI, so "the first ABI that decodes" does not depend on which file was read first.
    const artifacts = [...this.artifacts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, a]) => a);
    this.index = this.decoder.buildIndex(artifacts);
    this.current = {
      files: this.index.stats.artifacts,
      skipped: this.broken.size,
      ignored: this.notArtifacts.size,
      events: this.index.stats.events,
      functions: this.index.stats.functions,
      indexedMs: Math.round(performance.now() - started),
    };
    this.updated.fire(this.stats);
  }

  /**
   * The folders that hold artifacts (and the out/ and artifacts/ folders above them, where a new contract's folder
   * appears) get a watch of their own: VS Code's does not see into folders `forge build` made an instant apart, nor
   * into a build moved or checked out in (platform/folderWatches.ts). At most MAX_WATCHED_FOLDERS of them.
   */
  private watchFolders(): void {
    if (!this.folderWatches || this.disposed) return;
    const wanted = new Map<string, vscode.Uri>();
    for (const key of [...this.artifacts.keys(), ...this.broken.keys()]) {
      const file = vscode.Uri.parse(key);
      const root = /^(.*?\/(?:out|artifacts))\//.exec(file.path)?.[1];
      if (root) wanted.set(file.with({ path: root }).toString(), file.with({ path: root }));
    }
    for (const key of [...this.artifacts.keys(), ...this.broken.keys()]) {
      const folder = folderOf(vscode.Uri.parse(key));
      wanted.set(folder.toString(), folder);
    }
    this.folderWatches.set(wanted.values());
  }

  private startWatching(): void {
    if (this.watchers.length || this.disposed) return;
    const schedule = () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => this.applyChanges(), WATCH_DEBOUNCE_MS);
    };
    const changed = (uri: vscode.Uri) => {
      if (!this.wanted(uri)) return;
      this.pending.set(uri.toString(), uri);
      schedule();
    };
    // A folder made under out/ or artifacts/ (a new `out/X.sol/`) is scanned too: a file written into a folder that
    // has just been made can reach the file system watcher before the folder is watched, and its event is lost. A
    // folder made elsewhere may hold a whole build (moved or checked out in, reported as the folder alone): searched.
    const created = (uri: vscode.Uri) => {
      if (this.wanted(uri)) return changed(uri);
      if (!mayBeMadeFolder(uri, ['build-info'])) return;
      this.folders.add(uri.toString());
      schedule();
    };
    // A deleted folder (`forge clean`, `rm -r out/X.sol`) is reported as the folder alone, which the artifacts' glob
    // does not match: deletions are watched everywhere and drop every known file at or under the deleted path.
    const deleted = (uri: vscode.Uri) => {
      const gone = uri.toString();
      const under = `${gone}/`;
      let any = false;
      for (const key of [...this.artifacts.keys(), ...this.broken.keys(), ...this.notArtifacts]) {
        if (key === gone || key.startsWith(under)) {
          this.pending.set(key, undefined);
          any = true;
        }
      }
      if (any) schedule();
    };
    const files = vscode.workspace.createFileSystemWatcher(ARTIFACT_GLOB, true, false, true);
    const all = vscode.workspace.createFileSystemWatcher('**', false, true, false);
    this.folderWatches = new FolderWatches({ changed, created, deleted }, MAX_WATCHED_FOLDERS);
    this.watchers.push(
      files,
      all,
      files.onDidChange(changed),
      all.onDidCreate(created),
      all.onDidDelete(deleted),
      this.folderWatches,
    );
  }

  private applyChanges(): void {
    this.timer = undefined;
    if (this.disposed || (this.pending.size === 0 && this.folders.size === 0)) return;
    const changes = [...this.pending];
    const folders = [...this.folders].map((f) => vscode.Uri.parse(f));
    this.pending.clear();
    this.folders.clear();
    const previous = this.ready ?? Promise.resolve();
    this.ready = previous
      .then(async () => {
        const started = performance.now();
        const reads = new Map<string, vscode.Uri>();
        let dropped = 0;
        for (const [key, uri] of changes) {
          if (uri) reads.set(key, uri);
          else {
            this.forget(key);
            this.broken.delete(key);
            dropped++;
          }
        }
        // Under out/ or artifacts/, every JSON file is a candidate; elsewhere (a build moved in whole) the glob says.
        // Many folders at once are one search of the workspace, for the artifacts not known yet.
        const made = await searchMadeFolders(folders, {
          glob: ARTIFACT_GLOB,
          exclude: ARTIFACT_EXCLUDE,
          maxFiles: MAX_FILES,
          inside: mayHoldArtifacts,
        });
        for (const uri of made.found)
          if (this.wanted(uri) && !(made.whole && this.known(uri.toString()))) reads.set(uri.toString(), uri);
        await this.readAll([...reads.values()]);
        this.rebuild(started);
        this.log.debug?.(
          `ABI index: ${reads.size} file(s) read again, ${dropped} dropped; ${this.current.files} artifact(s) in ${this.current.indexedMs} ms`,
        );
      })
      .catch((err: unknown) => {
        this.log.warn(`ABI index: could not apply file changes: ${err instanceof Error ? err.message : String(err)}`);
      });
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const w of this.watchers.splice(0)) w.dispose();
    this.updated.dispose();
    this.pending.clear();
    this.folders.clear();
  }
}

/** A created path (workspace-relative) under an out/ or artifacts/ folder, or one of those: it may hold artifacts. */
function mayHoldArtifacts(relativePath: string): boolean {
  const p = `/${relativePath.replace(/\\/g, '/')}/`;
  return /\/(out|artifacts)\//.test(p) && !/\/(node_modules|build-info|\.git)\//.test(p) && !/\.json\/$/i.test(p);
}
