/**
 * The names the workspace's deployments give addresses (core/names.ts: Foundry's `broadcast/**\/run-latest.json`,
 * Hardhat Ignition's `deployed_addresses.json`). Nothing is read at activation, nor when the features load: the
 * first question (a hover on an address, an Explain, a document's labels) finds and reads the files, then a file
 * system watcher keeps the names fresh (a new or rewritten broadcast after `forge script`, a deleted `broadcast/`
 * folder). Files are read through vscode.workspace.fs, so remote workspaces work; a broken file is skipped with one
 * log line. Off with `initia.names.enabled`.
 */
import * as vscode from 'vscode';
import { MAX_NAMES_FILE_BYTES, NAMES_EXCLUDE, NAMES_GLOB, NameBook, namesChainOf, namesFileKind, parseNamesFile, type AddressNames, type DeployedName } from '../core/names';
import type { Settings } from '../platform/settings';

/** Changes are applied after this quiet time (a forge script writes its broadcast several times). */
const DEBOUNCE_MS = 300;
/** At most this many deployment files are read. */
const MAX_FILES = 2000;

export interface NamesLog {
  info(s: string): void;
  warn(s: string): void;
  debug(s: string): void;
}

export class WorkspaceNames implements AddressNames, vscode.Disposable {
  private readonly book = new NameBook();
  private loading: Promise<void> | undefined;
  private readonly watchers: vscode.Disposable[] = [];
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
    // watcher before its folder is watched, and its event is lost: folders made where deployments live are scanned.
    const created = (uri: vscode.Uri) => {
      if (this.kind(uri)) return changed(uri);
      const p = `/${vscode.workspace.asRelativePath(uri, false).replace(/\\/g, '/')}/`;
      if (/\/(broadcast|ignition\/deployments)\//.test(p) && !/\/(node_modules|\.git)\//.test(p) && !/\.json\/$/i.test(p)) {
        this.folders.set(uri.toString(), uri);
        schedule();
      }
    };
    const files = vscode.workspace.createFileSystemWatcher(NAMES_GLOB, true, false, true);
    const all = vscode.workspace.createFileSystemWatcher('**', false, true, false);
    this.watchers.push(files, all, files.onDidChange(changed), all.onDidCreate(created), all.onDidDelete(deleted));
  }

  private async apply(): Promise<void> {
    this.timer = undefined;
    if (this.disposed || (this.pending.size === 0 && this.folders.size === 0)) return;
    const folders = [...this.folders.values()];
    this.folders.clear();
    await this.loading;
    for (const folder of folders) {
      try {
        const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*.json'), NAMES_EXCLUDE, MAX_FILES);
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
    this.log.debug(`Names: ${changes.length} deployment file(s) changed; ${this.book.size} name(s) now`);
    if (!this.disposed) this.changed.fire();
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const w of this.watchers.splice(0)) w.dispose();
    this.subscription.dispose();
    this.changed.dispose();
  }
}
