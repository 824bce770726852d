/**
 * The names the workspace's deployments give addresses (core/names.ts: Foundry's `broadcast/**\/run-latest.json`,
 * Hardhat Ignition's `deployed_addresses.json`). Nothing is read at activation, nor when the features load: the
 * first question (a hover on an address, an Explain, a document's labels) finds and reads the files, then a file
 * system watcher keeps the names fresh (a new or rewritten broadcast after `forge script`, a deleted `broadcast/`
 * folder). Files are read through vscode.workspace.fs, so remote workspaces work; a broken file is skipped with one
 * log line. Off with `initia.names.enabled`.
 */
import vscode = require('vscode');
import {
  MAX_NAMES_FILE_BYTES,
  NAMES_EXCLUDE,
  NAMES_GLOB,
  NameBook,
  namesChainFor,
  namesChainOf,
  namesFileKind,
  parseNamesFile,
  type AddressNames,
  type DeployedName,
  type NamesNetwork,
} from '../core/names';
import type { Settings } from '../platform/settings';
import { FolderWatches, folderOf, mayBeMadeFolder, searchMadeFolders } from '../platform/folderWatches';

/** Changes are applied after this quiet time (a forge script writes its broadcast several times). */
const DEBOUNCE_MS = 300;
/** At most this many deployment files are read. */
const MAX_FILES = 2000;
/** At most this many folders get a watch of their own. */
const MAX_WATCHED_FOLDERS = 64;
/** A folder at or under one where deployment files live: every JSON file under it is a candidate. */
const DEPLOYMENTS_FOLDER = /\/(broadcast|ignition)\//;

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
  private folderWatches: FolderWatches | undefined;
  private readonly pending = new Map<string, vscode.Uri | undefined>();
  /** Folders made meanwhile under broadcast/ or ignition/deployments/, to scan. */
  private readonly folders = new Map<string, vscode.Uri>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readonly changed = new vscode.EventEmitter<void>();
  /** The names changed (read for the first time, or a deployment file changed). */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  /** Each node's EVM chain id (`eth_chainId`, decimal), by JSON-RPC URL: asked once per node; undefined if it failed. */
  private readonly nodeChains = new Map<string, Promise<string | undefined>>();
  private readonly nodeChainKnown = new Map<string, string | undefined>();

  constructor(
    private readonly settings: Settings,
    private readonly log: NamesLog,
    /** Asks a node its EVM chain id (`eth_chainId`, decimal); none in tests that need no node. */
    private readonly nodeChainId?: (jsonRpcUrl: string) => Promise<string>,
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

  nameOf(address: string, network: NamesNetwork): DeployedName | undefined {
    if (!this.enabled) return undefined;
    void this.ready(network).catch(() => undefined);
    const chain = namesChainFor(network, network.jsonRpcUrl ? this.nodeChainKnown.get(network.jsonRpcUrl) : undefined);
    if (chain === null) return undefined;
    return this.book.lookup(address, chain);
  }

  /**
   * The EVM chain id the network's node reports, asked once per node (the names are filed under it: anvil's 31337,
   * not minievm's number for the profile's Cosmos chain id); undefined when there is no node or it did not answer.
   */
  private nodeChain(network: NamesNetwork): Promise<string | undefined> {
    const url = network.jsonRpcUrl;
    if (!url || !this.nodeChainId || namesChainOf(network) === null) return Promise.resolve(undefined);
    let asked = this.nodeChains.get(url);
    if (!asked) {
      asked = this.nodeChainId(url).then(
        (id) => {
          this.nodeChainKnown.set(url, id);
          if (id !== namesChainOf(network)) this.changed.fire();
          return id;
        },
        (err: unknown) => {
          this.log.debug(
            `Names: the node at ${url} did not say its chain id (${err instanceof Error ? err.message : String(err)}); names are matched by the profile's chain id`,
          );
          this.nodeChainKnown.set(url, undefined);
          return undefined;
        },
      );
      this.nodeChains.set(url, asked);
    }
    return asked;
  }

  deployments(address: string): DeployedName[] {
    if (!this.enabled) return [];
    void this.ready();
    return this.book.all(address);
  }

  ready(network?: NamesNetwork): Promise<void> {
    if (this.disposed || !this.enabled) return Promise.resolve();
    this.loading ??= this.loadAll().catch((err: unknown) =>
      this.log.warn(
        `Names: could not read the workspace's deployments: ${err instanceof Error ? err.message : String(err)}`,
      ),
    );
    if (!network?.jsonRpcUrl) return this.loading;
    // The node is asked its chain id only when there are names to match (a workspace without deployments: none).
    return this.loading.then(() => (this.book.size > 0 ? this.nodeChain(network).then(() => undefined) : undefined));
  }

  private async loadAll(): Promise<void> {
    const started = performance.now();
    this.startWatching();
    const uris = await vscode.workspace.findFiles(NAMES_GLOB, NAMES_EXCLUDE, MAX_FILES);
    for (const uri of uris) await this.read(uri);
    this.watchFolders();
    this.log.info(
      `Names: ${this.book.size} name(s) from ${this.book.files} deployment file(s) in ${Math.round(performance.now() - started)} ms`,
    );
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
      if (!(err instanceof vscode.FileSystemError && err.code === 'FileNotFound'))
        this.log.warn(`Names: could not read ${relative}: ${err instanceof Error ? err.message : String(err)}`);
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
      if (!mayBeMadeFolder(uri)) return;
      this.folders.set(uri.toString(), uri);
      schedule();
    };
    const files = vscode.workspace.createFileSystemWatcher(NAMES_GLOB, true, false, true);
    const all = vscode.workspace.createFileSystemWatcher('**', false, true, false);
    this.watchers.push(files, all, files.onDidChange(changed), all.onDidCreate(created), all.onDidDelete(deleted));
    this.folderWatches = new FolderWatches({ changed, created, deleted }, MAX_WATCHED_FOLDERS);
  }

  /**
   * The folders that hold deployments, and the broadcast/ and ignition/deployments/ folders above them (where a new
   * script's folder appears), get a watch of their own (platform/folderWatches.ts: VS Code's does not always see
   * into them).
   */
  private watchFolders(): void {
    if (!this.folderWatches || this.disposed) return;
    const wanted = new Map<string, vscode.Uri>();
    for (const key of this.book.sources()) {
      const file = vscode.Uri.parse(key);
      const folder = folderOf(file);
      wanted.set(folder.toString(), folder);
      const root = /^(.*?\/(?:broadcast|ignition\/deployments))\//.exec(file.path)?.[1];
      if (root) wanted.set(file.with({ path: root }).toString(), file.with({ path: root }));
    }
    this.folderWatches.set(wanted.values());
  }

  private async apply(): Promise<void> {
    this.timer = undefined;
    if (this.disposed || (this.pending.size === 0 && this.folders.size === 0)) return;
    const made = [...this.folders.values()];
    this.folders.clear();
    await this.loading;
    const { found } = await searchMadeFolders(made, {
      glob: NAMES_GLOB,
      exclude: NAMES_EXCLUDE,
      maxFiles: MAX_FILES,
      inside: (p) => DEPLOYMENTS_FOLDER.test(`/${p.replace(/\\/g, '/')}/`),
    });
    for (const uri of found) if (this.kind(uri)) this.pending.set(uri.toString(), uri);
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
    this.folderWatches?.dispose();
    this.subscription.dispose();
    this.changed.dispose();
  }
}
