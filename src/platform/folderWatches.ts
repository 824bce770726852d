/**
 * Watches of their own on a few chosen folders, one level deep, beside VS Code's workspace watcher.
 *
 * VS Code's workspace watcher does not see into a folder that arrived whole (moved, copied or checked out in) nor, at
 * times, into folders made an instant apart (`forge build` making `out/X.sol/`, `forge script` making
 * `broadcast/<Script>/<chain>/` for a project's first deployment): a later rewrite of a file there goes unseen, for
 * as long as the window lives. The indexes that follow such files (the deployments' names, the ABI index) give the
 * folders that hold them a watch of their own: the system's (`fs.watch`, one inotify watch each), or VS Code's
 * for a workspace that is not on this computer's disk. Events come in VS Code's words: changed, created, deleted.
 */
import { watch } from 'node:fs';
import vscode = require('vscode');

export interface FolderEvents {
  changed(uri: vscode.Uri): void;
  created(uri: vscode.Uri): void;
  deleted(uri: vscode.Uri): void;
}

/** One folder's watch: what appears, changes or goes away directly in it. */
export function watchFolder(folder: vscode.Uri, on: FolderEvents): vscode.Disposable {
  if (folder.scheme !== 'file') {
    const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, '*'));
    const subscriptions = [w.onDidCreate(on.created), w.onDidChange(on.changed), w.onDidDelete(on.deleted)];
    return { dispose: () => [w, ...subscriptions].forEach((d) => d.dispose()) };
  }
  try {
    const w = watch(folder.fsPath, { persistent: false }, (event, name) => {
      if (!name) return;
      const uri = vscode.Uri.joinPath(folder, name.toString());
      if (event === 'change') on.changed(uri);
      // "rename" is a name that appeared or went away: which one, the disk says.
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
    return { dispose: () => undefined }; // gone already
  }
}

/** The set of watched folders, kept to what `set` was last given (at most `max`: a bigger project relies on VS Code's). */
export class FolderWatches implements vscode.Disposable {
  private readonly watches = new Map<string, vscode.Disposable>();

  constructor(
    private readonly on: FolderEvents,
    private readonly max: number,
  ) {}

  /** How many folders are watched now. */
  get size(): number {
    return this.watches.size;
  }

  set(folders: Iterable<vscode.Uri>): void {
    const wanted = new Map<string, vscode.Uri>();
    for (const folder of folders) {
      if (wanted.size >= this.max) break;
      wanted.set(folder.toString(), folder);
    }
    for (const [key, w] of this.watches) {
      if (!wanted.has(key)) {
        w.dispose();
        this.watches.delete(key);
      }
    }
    for (const [key, folder] of wanted) if (!this.watches.has(key)) this.watches.set(key, watchFolder(folder, this.on));
  }

  dispose(): void {
    for (const w of this.watches.values()) w.dispose();
    this.watches.clear();
  }
}

/** The folder a file is in. */
export function folderOf(file: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(file, '..');
}

/**
 * Whether a "created" the workspace's watcher reported may be a folder worth searching: not a JSON file's own event,
 * not under node_modules/ or .git/ (nor under a folder `ignored` names).
 */
export function mayBeMadeFolder(uri: vscode.Uri, ignored: readonly string[] = []): boolean {
  const p = `/${vscode.workspace.asRelativePath(uri, false).replace(/\\/g, '/')}/`;
  if (/\.json\/$/i.test(p)) return false;
  return !['node_modules', '.git', ...ignored].some((name) => p.includes(`/${name}/`));
}

export interface MadeFolderSearch {
  /** The files' glob, over the workspace or under a folder made. */
  glob: string;
  exclude: string;
  maxFiles: number;
  /** A folder at or under one where the files live: every JSON file under it is a candidate. */
  inside(relativePath: string): boolean;
}

/** More folders made at once than this (a build, a checkout) are one search of the whole workspace. */
const MAX_FOLDER_SEARCHES = 8;

/**
 * The files in folders just made (`made`: what the watcher said was created and `mayBeMadeFolder` let through):
 * each folder searched on its own (its own glob, or every JSON file inside where the files live), or, when many were
 * made at once, one search of the whole workspace (`whole`). Those that are not folders on disk are left out (each
 * looked at, unless there are so many that the one search is cheaper).
 */
export async function searchMadeFolders(
  made: readonly vscode.Uri[],
  search: MadeFolderSearch,
): Promise<{ found: vscode.Uri[]; whole: boolean }> {
  const top = topmostFolders(made);
  const folders = top.length > MAX_FOLDER_SEARCHES * 8 ? top : await onlyFolders(top);
  if (folders.length > MAX_FOLDER_SEARCHES)
    return { found: await vscode.workspace.findFiles(search.glob, search.exclude, search.maxFiles), whole: true };
  const found: vscode.Uri[] = [];
  for (const folder of folders) {
    const pattern = search.inside(vscode.workspace.asRelativePath(folder, false)) ? '**/*.json' : search.glob;
    try {
      found.push(
        ...(await vscode.workspace.findFiles(
          new vscode.RelativePattern(folder, pattern),
          search.exclude,
          search.maxFiles,
        )),
      );
    } catch {
      // gone again
    }
  }
  return { found, whole: false };
}

/** The folders of the list not under another one of it (a new tree is reported folder by folder). */
function topmostFolders(folders: readonly vscode.Uri[]): vscode.Uri[] {
  const keys = new Set(folders.map((f) => f.toString()));
  return folders.filter((f) => {
    const key = f.toString();
    for (let i = key.lastIndexOf('/'); i > 0; i = key.lastIndexOf('/', i - 1))
      if (keys.has(key.slice(0, i))) return false;
    return true;
  });
}

/** The folders of the list that are folders on disk now (a watcher says "created" of files and folders alike). */
async function onlyFolders(uris: readonly vscode.Uri[]): Promise<vscode.Uri[]> {
  const stats = await Promise.all(
    uris.map((uri) =>
      Promise.resolve(vscode.workspace.fs.stat(uri)).then(
        (s) => (s.type & vscode.FileType.Directory ? uri : undefined),
        () => undefined,
      ),
    ),
  );
  return stats.filter((uri): uri is vscode.Uri => uri !== undefined);
}
