/**
 * The names the workspace's deployments give addresses (core/names.ts: Foundry's `broadcast/**\/run-latest.json`,
 * Hardhat Ignition's `deployed_addresses.json`). Nothing is read at activation, nor when the features load: the
 * first question (a hover on an address, an Explain, a document's labels) finds and reads the files, then a file
 * system watcher keeps the names fresh (a new or rewritten broadcast after `forge script`, a deleted `broadcast/`
 * folder). Files are read through vscode.workspace.fs, so remote workspaces work; a broken file is skipped with one
 * log line. Off with `initia.names.enabled`.
 */
import { watch } from 'node:fs';
import * as vscode from 'vscode';
import { MAX_NAMES_FILE_BYTES, NAMES_EXCLUDE, NAMES_GLOB, NameBook, namesChainOf, namesFileKind, parseNamesFile, type AddressNames, type DeployedName } from '../core/names';
import type { Settings } from '../platform/settings';

/** Changes are applied after this quiet time (a forge script writes its broadcast several times). */
const DEBOUNCE_MS = 300;
/** At most this many deployment files are read. */
const MAX_FILES = 2000;
/** More folders made at once than this are searched as one search of the whole workspace. */
const MAX_FOLDER_SEARCHES = 8;
/** A folder at or under one where deployment files live: every JSON file under it is a candidate. */
const DEPLOYMENTS_FOLDER = /\/(broadcast|ignition)\//;

/** The folders not under another one of the list (a new tree is reported folder by folder). */
function topmost(folders: readonly vscode.Uri[]): vscode.Uri[] {
  const keys = new Set(folders.map((f) => f.toString()));
  return folders.filter((f) => {
    const key = f.toString();
    for (let i = key.lastIndexOf('/'); i > 0; i = key.lastIndexOf('/', i - 1)) if (keys.has(key.slice(0, i))) return false;
    return true;
  });
}

export interface NamesLog {
  info(s: string): void;
  warn(s: string): void;
  debug(s: string): void;
}

export class WorkspaceNames implements AddressNames, vscode.Disposable {
  private readonly book = new NameBook();
  private loading: Promise<void> | undefined;
  private readonly watchers: vscode.Disposable[] = [];
  /** A watch of its own on each folder that holds deployments, and on each broadcast/ and ignition/deployments/. */
  private readonly folderWatchers = new Map<string, vscode.Disposable>();
  private handlers: { changed(uri: vscode.Uri): void; created(uri: vscode.Uri): void; deleted(uri: vscode.Uri): void } | undefined;
  private readonly pending = new Map<string, vscode.Uri | undefined>();
  /** Folders made meanwhile under broadcast/ or ignition/deployments/, to scan. */
  private readonly folders = new Map<string, vscode.Uri>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readonly changed = new vscode.EventEmitter<void>();
  /** The names changed (read for the first time, or a deployment file changed). */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly settings: Settings,
    private readonly log: NamesLog,
  ) {
    this.subscription = settings.onChange(['names.enabled'], () => this.changed.fire());
  }

  private get enabled(): boolean {
    return this.settings.get('names.enabled');
  }

  /** Whether the workspace's deployments have been looked for (only a question does it). */
  get loaded(): boolean {
    return this.loading !== undefined;
  }

  /** How many files and names are known (for tests and the log). */
  get stats(): { files: number; names: number } {
    return { files: this.book.files, names: this.book.size };
  }

  nameOf(address: string, network: { chainId?: string; vm?: string }): DeployedName | undefined {
    if (!this.enabled) return undefined;
    void this.ready();
    const chain = namesChainOf(network);
    if (chain === null) return undefined;
    return this.book.lookup(address, chain);
  }

  deployments(address: string): DeployedName[] {
    if (!this.enabled) return [];
    void this.ready();
    return this.book.all(address);
  }

  ready(): Promise<void> {
    if (this.disposed || !this.enabled) return Promise.resolve();
    this.loading ??= this.loadAll().catch((err: unknown) => this.log.warn(`Names: could not read the workspace's deployments: ${err instanceof Error ? err.message : String(err)}`));
    return this.loading;
  }

  private async loadAll(): Promise<void> {
    const started = performance.now();
    this.startWatching();
    const uris = await vscode.workspace.findFiles(NAMES_GLOB, NAMES_EXCLUDE, MAX_FILES);
    for (const uri of uris) await this.read(uri);
    this.watchFolders();
    this.log.info(`Names: ${this.book.size} name(s) from ${this.book.files} deployment file(s) in ${Math.round(performance.now() - started)} ms`);
    this.changed.fire();
  }

  private kind(uri: vscode.Uri) {
    return namesFileKind(vscode.workspace.asRelativePath(uri, false));
  }

  private async read(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    const relative = vscode.workspace.asRelativePath(uri, false);
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.size > MAX_NAMES_FILE_BYTES) {
        this.log.warn(`Names: ${relative} is larger than ${MAX_NAMES_FILE_BYTES / 1024 / 1024} MB: not read`);
        this.book.removeFile(key);
        return;
      }
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      const parsed = parseNamesFile(text, `/${relative}`, key);
      if ('error' in parsed) {
        this.log.warn(`Names: skipped ${parsed.error}`);
        this.book.removeFile(key);
        return;
      }
      this.book.setFile(key, parsed.names);
    } catch (err) {
      this.book.removeFile(key);
      if (!(err instanceof vscode.FileSystemError && err.code === 'FileNotFound')) this.log.warn(`Names: could not read ${relative}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private startWatching(): void {
    const schedule = () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.apply(), DEBOUNCE_MS);
    };
    const changed = (uri: vscode.Uri) => {
      if (!this.kind(uri)) return;
      this.pending.set(uri.toString(), uri);
      schedule();
    };
    // A deleted folder (`rm -r broadcast`) is reported alone: drop every file at or under it.
    const deleted = (uri: vscode.Uri) => {
      const gone = uri.toString();
      for (const key of this.book.sources()) {
        if (key === gone || key.startsWith(`${gone}/`)) {
          this.pending.set(key, undefined);
          schedule();
        }
      }
    };
    // A file written into a folder just made (`forge script` makes `broadcast/<Script>/<chain>/`) can reach the
    // watcher before its folder is watched, and its event is lost; a folder moved, copied or checked out into the
    // workspace may be reported alone, without its files. So every folder made is searched for deployment files
    // (not under node_modules/ or .git/; a JSON file's own event is not a folder's).
    const created = (uri: vscode.Uri) => {
      if (this.kind(uri)) return changed(uri);
      const p = `/${vscode.workspace.asRelativePath(uri, false).replace(/\\/g, '/')}/`;
      if (/\/(node_modules|\.git)\//.test(p) || /\.json\/$/i.test(p)) return;
      this.folders.set(uri.toString(), uri);
      schedule();
    };
    const files = vscode.workspace.createFileSystemWatcher(NAMES_GLOB, true, false, true);
    const all = vscode.workspace.createFileSystemWatcher('**', false, true, false);
    this.watchers.push(files, all, files.onDidChange(changed), all.onDidCreate(created), all.onDidDelete(deleted));
    this.handlers = { changed, created, deleted };
  }

  /**
   * VS Code's workspace watcher does not see into a folder that arrived whole (moved, checked out) nor, at times, into
   * folders made an instant apart (`forge script` making `broadcast/<Script>/<chain>/` for a project's first
   * deployment): a later rewrite there would go unseen. So the folders that hold deployments, and the broadcast/ and
   * ignition/deployments/ folders above them (where a new script's folder appears), get a watch of their own: the
   * system's, one level deep (a few folders in all), or VS Code's for a workspace not on this computer's disk.
   */
  private watchFolders(): void {
    const handlers = this.handlers;
    if (!handlers || this.disposed) return;
    const wanted = new Map<string, vscode.Uri>();
    for (const key of this.book.sources()) {
      const file = vscode.Uri.parse(key);
      const folder = vscode.Uri.joinPath(file, '..');
      wanted.set(folder.toString(), folder);
      const root = /^(.*?\/(?:broadcast|ignition\/deployments))\//.exec(file.path)?.[1];
      if (root) wanted.set(file.with({ path: root }).toString(), file.with({ path: root }));
    }
    for (const [key, watcher] of this.folderWatchers) {
      if (!wanted.has(key)) {
        watcher.dispose();
        this.folderWatchers.delete(key);
      }
    }
    for (const [key, folder] of wanted) {
      if (!this.folderWatchers.has(key)) this.folderWatchers.set(key, this.watchFolder(folder, handlers));
    }
  }

  private watchFolder(folder: vscode.Uri, on: { changed(uri: vscode.Uri): void; created(uri: vscode.Uri): void; deleted(uri: vscode.Uri): void }): vscode.Disposable {
    if (folder.scheme !== 'file') {
      const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, '*'));
      const subscriptions = [w.onDidCreate(on.created), w.onDidChange(on.changed), w.onDidDelete(on.deleted)];
      return { dispose: () => [w, ...subscriptions].forEach((d) => d.dispose()) };
    }
    try {
      // "rename" is a name that appeared or went away: which one, the disk says.
      const w = watch(folder.fsPath, { persistent: false }, (event, name) => {
        if (!name) return;
        const uri = vscode.Uri.joinPath(folder, name.toString());
        if (event === 'change') on.changed(uri);
        else
          void Promise.resolve(vscode.workspace.fs.stat(uri)).then(
            () => on.created(uri),
            () => on.deleted(uri),
          );
      });
      // The folder itself deleted: the workspace's watcher reports that; this watch just ends.
      w.on('error', () => w.close());
      return { dispose: () => w.close() };
    } catch {
      return { dispose: () => undefined };
    }
  }

  private async apply(): Promise<void> {
    this.timer = undefined;
    if (this.disposed || (this.pending.size === 0 && this.folders.size === 0)) return;
    const made = topmost([...this.folders.values()]);
    this.folders.clear();
    await this.loading;
    // The watcher says "created" for files and folders alike: only folders are searched.
    const folders = (
      await Promise.all(made.map((uri) => Promise.resolve(vscode.workspace.fs.stat(uri)).then((s) => (s.type & vscode.FileType.Directory ? uri : undefined), () => undefined)))
    ).filter((uri): uri is vscode.Uri => uri !== undefined);
    // Many folders at once (a build, a checkout): one search of the workspace instead of one per folder.
    const searches =
      folders.length > MAX_FOLDER_SEARCHES
        ? [{ pattern: NAMES_GLOB as vscode.GlobPattern }]
        : folders.map((folder) => ({ pattern: new vscode.RelativePattern(folder, DEPLOYMENTS_FOLDER.test(`/${vscode.workspace.asRelativePath(folder, false)}/`) ? '**/*.json' : NAMES_GLOB) as vscode.GlobPattern }));
    for (const { pattern } of searches) {
      try {
        const found = await vscode.workspace.findFiles(pattern, NAMES_EXCLUDE, MAX_FILES);
        for (const uri of found) if (this.kind(uri)) this.pending.set(uri.toString(), uri);
      } catch {
        // gone again
      }
    }
    const changes = [...this.pending];
    this.pending.clear();
    for (const [key, uri] of changes) {
      if (uri) await this.read(uri);
      else this.book.removeFile(key);
    }
    this.watchFolders();
    this.log.debug(`Names: ${changes.length} deployment file(s) changed; ${this.book.size} name(s) now`);
    if (!this.disposed) this.changed.fire();
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const w of this.watchers.splice(0)) w.dispose();
    for (const w of this.folderWatchers.values()) w.dispose();
    this.folderWatchers.clear();
    this.subscription.dispose();
    this.changed.dispose();
  }
}
