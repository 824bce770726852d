/**
 * A mined transaction's replay as the debug adapter sees it (no `vscode` here: the adapter runs in plain Node in the
 * unit tests): the steps and calls (core/evm/debug), each call's code with its Solidity lines where the workspace's
 * artifacts match it, the navigator over them, breakpoints as line ids, and what a stop shows (call stack, names).
 * Source lines are numbered once per file and line (line ids); a contract without sources is, as the user chose,
 * stepped over or shown as its disassembly, one instruction per line.
 */
import type { Decoded, DecodedArg } from '../core/abi/artifacts';
import { Navigator, type FrameLines } from '../core/evm/debug/navigator';
import type { CallSpans, StepTrace } from '../core/evm/debug/trace';
import type { PcLines } from '../core/evm/sourceMap';
import type { StorageLayout } from '../core/evm/storageLayoutRead';
import { disassemble, type Listing } from './disassembly';

/** What the workspace knows of the code at one address. */
export interface CodeInfo {
  /** The contract's name (a broadcast or its matched artifact). */
  name?: string;
  /** The runtime code (for the disassembly and CODECOPY), when the node sent it. */
  code?: Uint8Array;
  /** Source lines of every program counter, when the artifact is the deployed code and its sources are here. */
  lines?: PcLines;
  /** The files `lines` names, by source index: a path (absolute, as the editor opens it) and the compiled text. */
  files?: ReadonlyMap<number, { path: string; name: string; bytes: Uint8Array }>;
  /** Why there are no lines, in words. */
  why?: string;
  /** The compiler's storage layout of the contract, when its artifact has one. */
  layout?: StorageLayout;
}

/** The decoder of the workspace's ABIs (src/abi/decoder.ts over its index), when there is one. */
export interface Decoding {
  call(input: string): Decoded | undefined;
  output(input: string, output: string): DecodedArg[] | undefined;
  error(data: string): Decoded | undefined;
}

export interface ReplayInput {
  hash: string;
  /** The network's name and its JSON-RPC URL, for the words. */
  network: string;
  node: string;
  tx: { from: string; to: string | null; input: string; value: string };
  trace: StepTrace;
  spans: CallSpans;
  /** By lower-case address. */
  codes: ReadonlyMap<string, CodeInfo>;
  decoding?: Decoding;
  /** How calls without sources are shown. */
  withoutSource: 'stepOver' | 'disassembly';
}

/** A line of a file, or of a disassembly (path `disassembly:<address>`). */
export interface LinePlace {
  path: string;
  line: number;
}

export const DISASSEMBLY = 'disassembly:';

export class Replay {
  readonly navigator: Navigator;
  private readonly places: LinePlace[] = [];
  private readonly ids = new Map<string, number>();
  private readonly listings = new Map<string, Listing>();
  /** Per file path: its lines' texts (function names, snippets). */
  private readonly texts = new Map<string, string[]>();
  private breakpoints = new Map<string, Set<number>>();
  private active = new Set<number>();

  constructor(readonly input: ReplayInput) {
    const perCode = new Map<string, FrameLines | undefined>();
    const linesOf = (frame: number): FrameLines | undefined => {
      const address = input.spans.frames[frame]!.codeAddress;
      if (!perCode.has(address)) perCode.set(address, this.frameLines(address));
      return perCode.get(address);
    };
    const hasSources = [...input.codes.values()].some((c) => c.lines);
    if (!hasSources && input.withoutSource === 'stepOver') input = { ...input, withoutSource: 'disassembly' };
    this.input = input;
    this.navigator = new Navigator(input.trace, input.spans, linesOf);
  }

  /** The id of a line (made on first use). */
  lineId(path: string, line: number): number {
    const key = `${path}\n${line}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.places.length;
      this.places.push({ path, line });
      this.ids.set(key, id);
    }
    return id;
  }

  place(id: number): LinePlace | undefined {
    return id >= 0 ? this.places[id] : undefined;
  }

  codeOf(address: string): CodeInfo | undefined {
    return this.input.codes.get(address);
  }

  /** The disassembly of the code at an address (made once). */
  listing(address: string): Listing | undefined {
    let listing = this.listings.get(address);
    const code = this.codeOf(address)?.code;
    if (!listing && code) this.listings.set(address, (listing = disassemble(code)));
    return listing;
  }

  private frameLines(address: string): FrameLines | undefined {
    const info = this.codeOf(address);
    if (info?.lines && info.files) {
      const { lines, files } = info;
      const ids = new Int32Array(lines.file.length).fill(-1);
      for (let pc = 0; pc < ids.length; pc++) {
        const file = files.get(lines.file[pc]!);
        if (file) ids[pc] = this.lineId(file.path, lines.line[pc]!);
      }
      for (const f of files.values()) this.texts.set(f.path, new TextDecoder().decode(f.bytes).split('\n'));
      return { lineId: (pc) => (pc < ids.length ? ids[pc]! : -1), jump: (pc) => lines.jump[pc] ?? 0 };
    }
    if (this.input.withoutSource !== 'disassembly') return undefined;
    const listing = this.listing(address);
    if (!listing) return undefined;
    const path = `${DISASSEMBLY}${address}`;
    return { lineId: (pc) => (listing.lineOf[pc]! > 0 ? this.lineId(path, listing.lineOf[pc]!) : -1), jump: () => 0 };
  }

  /** The text of a line of a source file (1-based), trimmed; '' when unknown. */
  lineText(path: string, line: number): string {
    if (path.startsWith(DISASSEMBLY)) return this.listing(path.slice(DISASSEMBLY.length))?.lines[line - 1] ?? '';
    return this.texts.get(path)?.[line - 1]?.trim() ?? '';
  }

  /** Sets a file's breakpoints; answers for each line whether this transaction runs it (a stop is on it). */
  setBreakpoints(path: string, lines: readonly number[]): boolean[] {
    const stopped = (this.stoppedLines ??= this.navigator.stoppedLines());
    const ids = new Set<number>();
    const verified = lines.map((line) => {
      const id = this.ids.get(`${path}\n${line}`);
      if (id !== undefined) ids.add(id);
      return id !== undefined && stopped.has(id);
    });
    this.breakpoints.set(path, ids);
    this.active = new Set([...this.breakpoints.values()].flatMap((s) => [...s]));
    return verified;
  }

  private stoppedLines: Set<number> | undefined;

  get breakpointIds(): ReadonlySet<number> {
    return this.active;
  }

  /** The function a source line declares (`function withdraw(` → withdraw), if it does. */
  functionAt(path: string, line: number): string | undefined {
    const m = /\b(function|modifier|constructor|fallback|receive)\b\s*([A-Za-z_$][\w$]*)?/.exec(
      this.lineText(path, line),
    );
    if (!m) return undefined;
    return m[1] === 'function' || m[1] === 'modifier' ? m[2] : m[1];
  }
}
