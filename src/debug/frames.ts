/**
 * The call stack of a stop: for each call of the transaction open at the step (innermost first), its internal
 * functions open at that moment (from the source map's jump markers), then the call itself named by its contract and
 * the function its calldata selects. Each frame is placed on the line it is at: the innermost on the step's line, an
 * outer one on the line of the call or jump it is waiting on.
 */
import type { DebugProtocol } from '@vscode/debugprotocol';
import { DISASSEMBLY, type LinePlace, type Replay } from './replay';

export class ShownFrame {
  constructor(
    /** The call (index in the replay's calls). */
    readonly call: number,
    /** The step this frame is at (the stop, or the call or jump it waits on). */
    readonly step: number,
    readonly name: string,
    readonly place: LinePlace | undefined,
    /** Whether this is the call's own frame (not one of its internal functions). */
    readonly outer: boolean,
    private readonly pc: number,
    private readonly note?: string,
  ) {}

  toDap(id: number): DebugProtocol.StackFrame {
    const place = this.place;
    const frame: DebugProtocol.StackFrame = {
      id,
      name: this.name,
      line: place?.line ?? 0,
      column: place ? 1 : 0,
      instructionPointerReference: `0x${this.pc.toString(16)}`,
    };
    if (!place) {
      frame.presentationHint = 'subtle';
      if (this.note) frame.name = `${this.name} (${this.note})`;
      return frame;
    }
    if (place.path.startsWith(DISASSEMBLY)) {
      const address = place.path.slice(DISASSEMBLY.length);
      frame.source = {
        name: place.path,
        sourceReference: 1 + parseInt(address.slice(2, 10), 16),
        origin: 'disassembly',
      };
    } else {
      frame.source = { name: place.path.split(/[\\/]/).pop(), path: place.path };
    }
    return frame;
  }
}

/** The frames open at `step`, innermost first. */
export function stackOf(replay: Replay, callName: (call: number) => string | undefined, step: number): ShownFrame[] {
  const { input } = replay;
  const out: ShownFrame[] = [];
  let at = step;
  let call = input.spans.frameOf[step]!;
  for (;;) {
    out.push(...callFrames(replay, call, at, callName(call)));
    const span = input.spans.frames[call]!;
    if (span.parent < 0) return out;
    at = span.callStep;
    call = span.parent;
  }
}

/**
 * One call's frames at `at`, innermost first: its open internal functions, then the call itself. The function the
 * calldata selected is entered from the dispatcher like an internal one: that level is the call's own frame (one
 * frame, not two of the same name).
 */
function callFrames(replay: Replay, call: number, at: number, selected: string | undefined): ShownFrame[] {
  const { navigator: nav, input } = replay;
  const span = input.spans.frames[call]!;
  const info = replay.codeOf(span.codeAddress);
  const contract = info?.name ?? short(span.codeAddress || 'a new contract');
  const open = nav.openFunctions(at);
  const placeAt = (s: number) => replay.place(nav.shownLine[s]!);
  const pc = (s: number) => input.trace.pc[s]!;
  const out: ShownFrame[] = [];
  let merged = false;
  for (let k = open.length - 1; k >= 0; k--) {
    const waitsAt = k === open.length - 1 ? at : open[k + 1]!.site;
    const entry = replay.place(nav.lineOf[open[k]!.entered]!);
    const fn = (entry && replay.functionAt(entry.path, entry.line)) ?? 'internal function';
    merged = k === 0 && fn === selected;
    out.push(new ShownFrame(call, waitsAt, `${contract}.${fn}`, placeAt(waitsAt), merged, pc(waitsAt)));
  }
  if (merged) return out;
  const waitsAt = open[0]?.site ?? at;
  const why = info?.why ?? (info?.lines ? undefined : 'no sources in the workspace');
  const name = selected ? `${contract}.${selected}` : contract;
  out.push(new ShownFrame(call, waitsAt, name, placeAt(waitsAt), true, pc(waitsAt), why));
  return out;
}

const short = (address: string) => (address.startsWith('0x') ? `${address.slice(0, 8)}…${address.slice(-4)}` : address);
