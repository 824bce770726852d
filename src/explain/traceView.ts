/**
 * The call trace as Explain shows it (pure: no VS Code, unit-tested and benched in plain Node): each frame with its
 * contract's name, the function and arguments decoded, value, gas, what it returned, and for a failed frame its
 * revert in words (Error(string), Panic with its code in words, a custom error decoded with the workspace's ABIs),
 * whether it raised it or passed on a callee's, and the Solidity line it stopped at. Everything from the node is
 * text, cut to a length; only addresses lead anywhere (the extension's own account lookup).
 */
import { revertOrigin, type FlatTrace, type TraceFrame } from '../core/evm/callTrace';
import { classifyRevert, revertWords } from '../core/evm/revert';
import { formatUnits, groupDigits, labelText, shorten } from '../core/format';
import type { Decoded, DecodedArg } from '../core/abi/artifacts';
import type { Field, SourceRefView, TraceFrameView, TraceView } from './protocol';
import { decodedView } from './txView';

/** What the workspace says of a contract at an address. */
export interface ContractNaming {
  name?: string;
  /** The named contract's artifact is not the deployed code (a sentence). */
  mismatch?: string;
  /** There is code at the address (a contract that can be read). */
  code?: boolean;
}

/** A frame's Solidity line, or why there is none. */
export type FrameSource =
  | { uri: string; path: string; line: number; column: number; endLine: number; endColumn: number; snippet: string }
  | string;

export interface TraceInput {
  node: string;
  flat: FlatTrace;
  block?: number;
  contracts: ReadonlyMap<string, ContractNaming>;
  /** Decoded inputs, by frame index. */
  calls: ReadonlyMap<number, Decoded>;
  /** Decoded return values of successful frames, by frame index. */
  returns: ReadonlyMap<number, readonly DecodedArg[]>;
  /** Custom errors decoded from failed frames' revert data, by frame index. */
  errors: ReadonlyMap<number, Decoded>;
  /** Source lines of failed frames, by frame index. */
  sources: ReadonlyMap<number, FrameSource>;
  /** The number of an ABI file in the view (the caller keeps the list); undefined for none. */
  abiFile?: (file: string | undefined) => number | undefined;
  nativeSymbol?: string;
}

const ACCOUNT = /^0x[0-9a-fA-F]{40}$/;
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

function field(label: string, value: string): Field {
  const text = clip(value, 600);
  return ACCOUNT.test(value) ? { label, text, link: { kind: 'account', value } } : { label, text };
}

/** `InsufficientBalance(available: 0, required: 10)` */
export function decodedWords(d: Decoded): string {
  return `${labelText(d.name, 80)}(${d.args.map((a) => `${labelText(a.name, 40)}: ${labelText(a.value, 120)}`).join(', ')})`;
}

function weiText(wei: string, symbol: string | undefined): string {
  if (wei === '0') return '0';
  return `${formatUnits(wei, 18) ?? wei}${symbol ? ` ${symbol}` : ''} (${groupDigits(wei)} wei)`;
}

/** A frame's revert in words: the tracer's error when it is not a revert, else the revert data read. */
export function frameRevertText(frame: TraceFrame, custom: Decoded | undefined): string {
  const error = frame.error ?? '';
  if (error && !/revert/i.test(error)) return labelText(error, 200);
  if (custom) return decodedWords(custom);
  const revert = classifyRevert(frame.output);
  if (revert.kind === 'error') return `Error("${labelText(revert.message, 300)}")`;
  if (revert.kind === 'empty' && frame.revertReason) return labelText(frame.revertReason, 300);
  return labelText(revertWords(revert), 300);
}

/** What a frame calls, in a word: the function's name, its selector, `constructor`, `(no input)`. */
function callWord(frame: TraceFrame, decoded: Decoded | undefined): string {
  if (frame.type.startsWith('CREATE')) return 'constructor';
  if (decoded) return labelText(decoded.name, 80);
  if (frame.input.length <= 2) return '(no input)';
  return frame.input.length >= 10 ? frame.input.slice(0, 10) : clip(frame.input, 20);
}

function contractLabel(frame: TraceFrame, naming: ContractNaming | undefined): string {
  if (naming?.name) return labelText(naming.name, 80);
  return frame.to ? shorten(frame.to, 6, 4) : '(no address)';
}

export function buildTraceView(input: TraceInput): TraceView {
  const { frames, omitted } = input.flat;
  const sources: TraceView['sources'] = [];
  const contracts: string[] = [];
  const sourceRef = (s: FrameSource | undefined): SourceRefView | undefined => {
    if (!s || typeof s === 'string') return undefined;
    sources.push({ uri: s.uri, line: s.line, column: s.column, endLine: s.endLine, endColumn: s.endColumn });
    return {
      source: sources.length - 1,
      label: `${labelText(s.path, 200)}:${s.line}`,
      snippet: labelText(s.snippet, 160),
    };
  };
  const views: TraceFrameView[] = frames.map((frame) => {
    const naming = input.contracts.get(frame.to);
    const decoded = input.calls.get(frame.index);
    const view: TraceFrameView = {
      depth: frame.depth,
      type: labelText(frame.type, 20),
      contract: contractLabel(frame, naming),
      address: frame.to ? field('Address', frame.to) : undefined,
      call: callWord(frame, decoded),
      decoded: decoded ? decodedView(decoded, { index: (file) => input.abiFile?.(file) }, field) : undefined,
      input: !decoded && frame.input.length > 10 ? clip(frame.input, 400) : undefined,
      value: weiText(frame.value, input.nativeSymbol),
      gasUsed: groupDigits(frame.gasUsed),
      failed: !!frame.error,
    };
    if (frame.error) {
      view.error = labelText(frame.error, 120);
      const origin = revertOrigin(frames, frame.index) ?? frame.index;
      view.revert = {
        text: frameRevertText(frames[origin]!, input.errors.get(origin)),
        raised: origin === frame.index,
        from: origin === frame.index ? undefined : origin,
      };
      const source = input.sources.get(frame.index);
      view.source = sourceRef(source);
      if (typeof source === 'string') view.note = labelText(source, 300);
    } else {
      const returned = input.returns.get(frame.index);
      if (returned?.length)
        view.returned = returned.map((a) => field(`${labelText(a.name, 60)} (${labelText(a.type, 40)})`, a.value));
      else if (frame.output.length > 2 && !frame.type.startsWith('CREATE'))
        view.returned = [{ label: 'output', text: clip(frame.output, 400) }];
    }
    if (naming?.mismatch) view.note = labelText(naming.mismatch, 400);
    if (naming?.code && frame.to && !frame.type.startsWith('CREATE')) {
      let n = contracts.indexOf(frame.to);
      if (n < 0) n = contracts.push(frame.to) - 1;
      view.contractRef = n;
    }
    return view;
  });
  const trace: TraceView = {
    node: labelText(input.node, 200),
    frames: views,
    omitted,
    sources,
    contracts,
    block: input.block,
  };
  const root = frames[0];
  if (root?.error) {
    const origin = revertOrigin(frames, 0) ?? 0;
    const o = views[origin]!;
    trace.revert = {
      text: o.revert?.text ?? frameRevertText(frames[origin]!, input.errors.get(origin)),
      frame: origin,
      where: `${o.contract}.${o.call}${origin === 0 ? '' : `, ${frames[origin]!.depth} call${frames[origin]!.depth === 1 ? '' : 's'} deep`}`,
      source: o.source,
    };
  }
  return trace;
}

/** The decoder functions the frames are decoded with (the ABI index's, bound to its index). */
export interface FrameDecoder {
  decodeCall(input: { to?: string; data: string }): Decoded | undefined;
  decodeOutput(input: string, output: string): DecodedArg[] | undefined;
  decodeError(data: string): Decoded | undefined;
}

/** Decodes every frame's input, a successful frame's output and a failed frame's custom error; each distinct input or
 *  revert data once (a trace of a thousand frames repeats a few calls). */
export function decodeFrames(
  frames: readonly TraceFrame[],
  d: FrameDecoder,
): Pick<TraceInput, 'calls' | 'returns' | 'errors'> {
  const calls = new Map<number, Decoded>();
  const returns = new Map<number, readonly DecodedArg[]>();
  const errors = new Map<number, Decoded>();
  const callMemo = new Map<string, Decoded | undefined>();
  const outMemo = new Map<string, DecodedArg[] | undefined>();
  const errMemo = new Map<string, Decoded | undefined>();
  const memo = <T>(m: Map<string, T>, key: string, make: () => T): T => {
    if (m.has(key)) return m.get(key)!;
    let v: T;
    try {
      v = make();
    } catch {
      v = undefined as T;
    }
    m.set(key, v);
    return v;
  };
  for (const f of frames) {
    if (f.input.length >= 10 && !f.type.startsWith('CREATE')) {
      const c = memo(callMemo, f.input, () => d.decodeCall({ to: f.to, data: f.input }));
      if (c) calls.set(f.index, c);
    }
    if (f.error) {
      if (f.output.length >= 10 && classifyRevert(f.output).kind === 'custom') {
        const e = memo(errMemo, f.output, () => d.decodeError(f.output));
        if (e) errors.set(f.index, e);
      }
    } else if (f.output.length > 2 && f.input.length >= 10 && !f.type.startsWith('CREATE')) {
      const r = memo(outMemo, `${f.input.slice(0, 10)}\n${f.input}\n${f.output}`, () =>
        d.decodeOutput(f.input, f.output),
      );
      if (r) returns.set(f.index, r);
    }
  }
  return { calls, returns, errors };
}
