/**
 * A workspace's Move sources read as the compiler reads them for its error map (pure): each module's address and
 * name, and each `E…` constant with a numeric value and its `///` doc (movevm: crates/compiler/src/extended_checks.rs
 * `build_error_map`), plus the lines that raise it (`assert!` / `abort` naming it), to open as abort sites. Named
 * addresses (`module my_addr::vault`) resolve through the package's Move.toml `[addresses]`.
 */
import { shortAddress } from './types';

export interface MoveErrorConst {
  name: string;
  /** The constant's value: the abort reason (or a whole code). */
  value: bigint;
  /** Its `///` doc comment, lines joined; empty when it has none. */
  doc: string;
  /** 0-based line of the declaration. */
  line: number;
  /** 0-based lines that use it (the abort sites), the declaration excepted. */
  sites: number[];
}

export interface MoveSourceModule {
  /** Short hex (`0x1`), or the named address as written when Move.toml does not give it. */
  address: string;
  module: string;
  /** 0-based line of the `module` declaration. */
  line: number;
  errors: MoveErrorConst[];
}

/** A source line with comments and string contents blanked (doc comments kept apart), and its brace depth. */
interface Line {
  code: string;
  doc?: string;
}

/** Blanks `//` and block comments and the contents of `b"…"` / `x"…"` strings, keeping `///` docs aside. */
function scanLines(text: string): Line[] {
  const out: Line[] = [];
  let inBlock = false;
  for (const raw of text.split(/\r?\n/)) {
    let code = '';
    let doc: string | undefined;
    for (let i = 0; i < raw.length; i++) {
      const two = raw.slice(i, i + 2);
      if (inBlock) {
        if (two === '*/') {
          inBlock = false;
          i++;
        }
        continue;
      }
      if (two === '/*') {
        inBlock = true;
        i++;
      } else if (raw.startsWith('///', i) && !raw.startsWith('////', i)) {
        doc = raw.slice(i + 3).trim();
        break;
      } else if (two === '//') break;
      else if (raw[i] === '"') {
        const end = raw.indexOf('"', i + 1);
        code += '""';
        i = end < 0 ? raw.length : end;
      } else code += raw[i];
    }
    out.push(doc === undefined ? { code } : { code, doc });
  }
  return out;
}

const MODULE = /\bmodule\s+(?:([A-Za-z_]\w*|0x[0-9a-fA-F]+)\s*::\s*)?([A-Za-z_]\w*)\s*[{;]/;
const ADDRESS_BLOCK = /\baddress\s+([A-Za-z_]\w*|0x[0-9a-fA-F]+)\s*\{/;
const CONST = /\bconst\s+(E\w*)\s*:\s*u(?:8|16|32|64|128|256)\s*=\s*(0x[0-9a-fA-F_]+|[0-9_]+)(?:u\d+)?\s*;/;

function resolve(address: string, addresses: Readonly<Record<string, string>>): string {
  if (/^0x/i.test(address)) return shortAddress(address);
  const named = addresses[address];
  return named && /^0x[0-9a-fA-F]+$/.test(named) ? shortAddress(named) : address;
}

/** The modules of one .move file, with their error constants and where each is raised. */
export function parseMoveSource(text: string, addresses: Readonly<Record<string, string>> = {}): MoveSourceModule[] {
  const lines = scanLines(text);
  const modules: MoveSourceModule[] = [];
  let blockAddress: string | undefined;
  let current: MoveSourceModule | undefined;
  let docs: string[] = [];
  lines.forEach((line, index) => {
    const block = ADDRESS_BLOCK.exec(line.code);
    if (block) blockAddress = block[1];
    const module = MODULE.exec(line.code);
    if (module) {
      const address = module[1] ?? blockAddress ?? '';
      current = { address: resolve(address, addresses), module: module[2]!, line: index, errors: [] };
      modules.push(current);
    }
    if (line.doc !== undefined && !line.code.trim()) {
      docs.push(line.doc);
      return;
    }
    const constant = current && CONST.exec(line.code);
    if (current && constant) {
      const doc = line.doc ?? docs.join(' ');
      current.errors.push({
        name: constant[1]!,
        value: BigInt(constant[2]!.replace(/_/g, '')),
        doc,
        line: index,
        sites: [],
      });
    }
    if (line.code.trim() && !line.code.trim().startsWith('#[')) docs = [];
  });
  for (const module of modules) markSites(module, lines);
  return modules;
}

/** The lines after each module's declaration that name its constants (outside their declarations). */
function markSites(module: MoveSourceModule, lines: Line[]): void {
  if (module.errors.length === 0) return;
  const byName = new Map(module.errors.map((e) => [e.name, e]));
  const pattern = new RegExp(`\\b(${[...byName.keys()].join('|')})\\b`, 'g');
  const declarations = new Set(module.errors.map((e) => e.line));
  for (let i = module.line + 1; i < lines.length; i++) {
    if (i > module.line && MODULE.test(lines[i]!.code)) break;
    if (declarations.has(i)) continue;
    for (const match of lines[i]!.code.matchAll(pattern)) {
      const sites = byName.get(match[1]!)!.sites;
      if (sites[sites.length - 1] !== i) sites.push(i);
    }
  }
}

/** Move.toml's `[addresses]` (and `[dev-addresses]`) as name → value, from its text (no TOML library needed). */
export function moveTomlAddresses(toml: string): Record<string, string> {
  const out: Record<string, string> = {};
  let section = '';
  for (const raw of toml.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      section = header[1]!.trim();
      continue;
    }
    if (section !== 'addresses' && section !== 'dev-addresses') continue;
    const pair = /^([A-Za-z_]\w*)\s*=\s*"([^"]*)"$/.exec(line);
    if (pair && (section === 'addresses' || !(pair[1]! in out) || out[pair[1]!] === '_')) out[pair[1]!] = pair[2]!;
  }
  return out;
}
