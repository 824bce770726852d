/**
 * The workspace's Move sources (`**\/sources/**\/*.move`, each package's Move.toml for its named addresses), read
 * when an abort is to be named and never at activation: the files are listed each time (an abort is rare and asked
 * for), and a file is read again only when its modification time changed. Read through vscode.workspace.fs, so remote
 * workspaces work; a file that cannot be read is skipped with one log line.
 */
import vscode = require('vscode');
import { moveTomlAddresses, parseMoveSource, type MoveErrorConst, type MoveSourceModule } from '../core/move/sources';
import type { ModuleRef } from '../core/move/abort';
import { matchingConstant } from '../core/move/naming';

const SOURCES_GLOB = '**/sources/**/*.move';
const EXCLUDE = '**/{node_modules,build,.git}/**';
const MAX_FILES = 2000;
const MAX_BYTES = 2_000_000;

export interface MoveSourcesLog {
  warn(s: string): void;
}

interface Read {
  mtime: number;
  modules: MoveSourceModule[];
}

/** A constant of the workspace that names an abort, with where it is declared. */
export interface WorkspaceConstant {
  constant: MoveErrorConst;
  uri: vscode.Uri;
}

export class WorkspaceMoveSources {
  private readonly files = new Map<string, Read>();
  private readonly tomls = new Map<string, { mtime: number; addresses: Record<string, string> }>();

  constructor(private readonly log: MoveSourcesLog) {}

  /** Every module the workspace's sources declare, with its file. */
  async modules(): Promise<Array<{ uri: vscode.Uri; module: MoveSourceModule }>> {
    const uris = await vscode.workspace.findFiles(SOURCES_GLOB, EXCLUDE, MAX_FILES);
    const out: Array<{ uri: vscode.Uri; module: MoveSourceModule }> = [];
    const seen = new Set<string>();
    for (const uri of uris) {
      seen.add(uri.toString());
      for (const module of await this.read(uri)) out.push({ uri, module });
    }
    for (const key of this.files.keys()) if (!seen.has(key)) this.files.delete(key);
    return out;
  }

  /** The workspace's module at this address and name, if its sources have it. */
  async module(ref: ModuleRef): Promise<{ uri: vscode.Uri; module: MoveSourceModule } | undefined> {
    return (await this.modules()).find((m) => m.module.address === ref.address && m.module.module === ref.module);
  }

  /** The constant whose value is this abort's reason (or whole code), in the workspace's copy of the module. */
  async constantFor(ref: ModuleRef, code: bigint): Promise<WorkspaceConstant | undefined> {
    const found = await this.module(ref);
    const constant = found && matchingConstant(found.module.errors, code);
    return found && constant ? { constant, uri: found.uri } : undefined;
  }

  private async read(uri: vscode.Uri): Promise<MoveSourceModule[]> {
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      const known = this.files.get(uri.toString());
      if (known && known.mtime === stat.mtime) return known.modules;
      if (stat.size > MAX_BYTES) return [];
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      const modules = parseMoveSource(text, await this.addressesFor(uri));
      this.files.set(uri.toString(), { mtime: stat.mtime, modules });
      return modules;
    } catch (e) {
      this.log.warn(`Move source ${uri.fsPath} skipped: ${(e as Error).message}`);
      return [];
    }
  }

  /** The named addresses of the package a source belongs to (the nearest Move.toml above its sources/ folder). */
  private async addressesFor(source: vscode.Uri): Promise<Record<string, string>> {
    const path = source.path;
    const at = path.lastIndexOf('/sources/');
    if (at < 0) return {};
    const toml = source.with({ path: `${path.slice(0, at)}/Move.toml` });
    try {
      const stat = await vscode.workspace.fs.stat(toml);
      const known = this.tomls.get(toml.toString());
      if (known && known.mtime === stat.mtime) return known.addresses;
      const addresses = moveTomlAddresses(new TextDecoder().decode(await vscode.workspace.fs.readFile(toml)));
      this.tomls.set(toml.toString(), { mtime: stat.mtime, addresses });
      return addresses;
    } catch {
      return {};
    }
  }
}
