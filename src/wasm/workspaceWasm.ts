/**
 * The workspace's CosmWasm schemas (`schema/<name>.json`, as `cargo schema` with cosmwasm-schema writes them) and the
 * optimizer's `artifacts/checksums.txt` (`<sha256>  <name>.wasm`), found on demand (never at activation) and read
 * again only when a file's modification time changed. A contract on chain is tied to a schema by its code checksum:
 * the checksums.txt line of that checksum names the .wasm, whose name is the schema's `contract_name` (Cargo writes
 * `cw20_base.wasm` for `cw20-base`; the ARM optimizer adds `-aarch64`). Read through vscode.workspace.fs.
 */
import vscode = require('vscode');
import { ContractSchema, parseChecksums } from '../core/wasm/schema';

const SCHEMA_GLOB = '**/schema/*.json';
const CHECKSUMS_GLOB = '**/artifacts/checksums.txt';
const EXCLUDE = '**/{node_modules,target,.git}/**';
const MAX_FILES = 500;
const MAX_BYTES = 5_000_000;

export interface WasmLog {
  debug(s: string): void;
}

/** A workspace schema file, read. */
export interface WorkspaceSchema {
  uri: vscode.Uri;
  schema: ContractSchema;
}

/** `cw20-base`, `cw20_base.wasm`, `cw20_base-aarch64.wasm` are one name. */
const sameName = (name: string) =>
  name
    .toLowerCase()
    .replace(/\.wasm$/, '')
    .replace(/-aarch64$/, '')
    .replace(/-/g, '_');

/** How many leading path segments two URIs share (the schema nearest the checksums.txt wins a tie). */
function sharedDepth(a: vscode.Uri, b: vscode.Uri): number {
  const x = a.path.split('/');
  const y = b.path.split('/');
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i;
}

export class WorkspaceWasmSchemas {
  private readonly read = new Map<string, { mtime: number; value: unknown }>();

  constructor(private readonly log: WasmLog) {}

  /** The workspace's cosmwasm-schema files (other JSON under a schema/ folder is skipped). */
  async schemas(): Promise<WorkspaceSchema[]> {
    const out: WorkspaceSchema[] = [];
    for (const uri of await vscode.workspace.findFiles(SCHEMA_GLOB, EXCLUDE, MAX_FILES)) {
      const schema = await this.readFile(uri, (text) => {
        const parsed = ContractSchema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : undefined;
      });
      if (schema) out.push({ uri, schema: schema as ContractSchema });
    }
    return out;
  }

  /** The schema of the code with this checksum (lower-case hex), where a checksums.txt names its .wasm. */
  async forChecksum(checksum: string, schemas?: WorkspaceSchema[]): Promise<WorkspaceSchema | undefined> {
    const all = schemas ?? (await this.schemas());
    if (all.length === 0) return undefined;
    for (const uri of await vscode.workspace.findFiles(CHECKSUMS_GLOB, EXCLUDE, MAX_FILES)) {
      const sums = (await this.readFile(uri, parseChecksums)) as Map<string, string> | undefined;
      const wasm = sums?.get(checksum);
      if (!wasm) continue;
      const named = all.filter((s) => sameName(s.schema.contract_name) === sameName(wasm));
      named.sort((a, b) => sharedDepth(b.uri, uri) - sharedDepth(a.uri, uri));
      if (named[0]) return named[0];
    }
    return undefined;
  }

  private async readFile<T>(uri: vscode.Uri, parse: (text: string) => T): Promise<T | undefined> {
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      const key = uri.toString();
      const known = this.read.get(key);
      if (known && known.mtime === stat.mtime) return known.value as T | undefined;
      if (stat.size > MAX_BYTES) return undefined;
      let value: T | undefined;
      try {
        value = parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
      } catch (e) {
        this.log.debug(`Wasm: ${uri.fsPath} skipped: ${(e as Error).message}`);
      }
      this.read.set(key, { mtime: stat.mtime, value });
      return value;
    } catch (e) {
      this.log.debug(`Wasm: ${uri.fsPath} skipped: ${(e as Error).message}`);
      return undefined;
    }
  }
}
