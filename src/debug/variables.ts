/**
 * What a stop shows of a call (Variables, hovers, the exception): the call's arguments decoded by the workspace's ABIs
 * and, at its end, what it returned or reverted with; the EVM stack and memory as words (memory rebuilt from the steps
 * only when its scope is opened); the storage slots the call's contract read and wrote so far; gas. Values from the
 * chain are data: they are shown as text, never run.
 */
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { DecodedArg } from '../core/abi/artifacts';
import { callInput, rebuildMemory, type MemorySources } from '../core/evm/debug/memory';
import type { RebuiltMemory } from '../core/evm/debug/trace';
import type { Replay } from './replay';
import type { ShownFrame } from './frames';
import { keccakPreimages, storageAccesses } from './storage';
import { slotLabel } from '../core/evm/storageLayout';
import { bytesOfHex, hexOfBytes } from '../core/hexBytes';

type Variable = DebugProtocol.Variable;
type DecodedCall = ReturnType<NonNullable<Replay['input']['decoding']>['call']>;

const word = (w: string | undefined) => `0x${(w ?? '0x0').replace(/^0x/, '').padStart(64, '0')}`;

export class Inspector {
  private readonly refs: Array<() => Variable[]> = [];
  private readonly inputs = new Map<number, string>();
  private readonly decodedCalls = new Map<number, DecodedCall | undefined>();

  constructor(private readonly replay: Replay) {}

  /** What a memory rebuild reads (one object for the session: the rebuilds are kept per sources object). */
  private readonly sources: MemorySources = {
    calldata: (frame) => (frame === 0 ? bytesOfHex(this.replay.input.tx.input) : undefined),
    code: (at) => this.replay.codeOf(at)?.code,
  };

  /** Forgets the variables' handles (a new stop). */
  reset(): void {
    this.refs.length = 0;
  }

  private ref(make: () => Variable[]): number {
    this.refs.push(make);
    return this.refs.length;
  }

  variables(ref: number): Variable[] {
    return this.refs[ref - 1]?.() ?? [];
  }

  /** A call's calldata (hex). */
  input(call: number): string {
    let data = this.inputs.get(call);
    if (data === undefined) {
      const { trace, spans, tx } = this.replay.input;
      data = call === 0 ? tx.input : hexOfBytes(callInput(trace, spans, call, this.sources).bytes);
      this.inputs.set(call, data);
    }
    return data;
  }

  /** A call's calldata decoded by the workspace's ABIs (once per call). */
  private decoded(call: number): DecodedCall | undefined {
    if (!this.decodedCalls.has(call)) this.decodedCalls.set(call, this.replay.input.decoding?.call(this.input(call)));
    return this.decodedCalls.get(call);
  }

  /** The function a call's calldata selects, by the workspace's ABIs. */
  callName(call: number): string | undefined {
    return this.decoded(call)?.name;
  }

  private decodedArgs(call: number): DecodedArg[] | undefined {
    return this.decoded(call)?.args;
  }

  scopes(frame: ShownFrame): DebugProtocol.Scope[] {
    const at = frame.step;
    return [
      { name: 'Call', variablesReference: this.ref(() => this.callVariables(frame.call, at)), expensive: false },
      { name: 'EVM stack', variablesReference: this.ref(() => this.stackVariables(at)), expensive: false },
      { name: 'Storage', variablesReference: this.ref(() => this.storageVariables(frame.call, at)), expensive: false },
      { name: 'Memory', variablesReference: this.ref(() => this.memoryVariables(frame.call, at)), expensive: true },
      { name: 'Gas', variablesReference: this.ref(() => this.gasVariables(at)), expensive: false },
    ];
  }

  private callVariables(call: number, step: number): Variable[] {
    const { spans, trace } = this.replay.input;
    const span = spans.frames[call]!;
    const decoded = this.decoded(call);
    const out: Variable[] = [];
    const v = (name: string, value: string, type?: string): Variable => ({
      name,
      value,
      variablesReference: 0,
      evaluateName: name,
      ...(type ? { type } : {}),
    });
    out.push(v('function', decoded ? decoded.signature : this.input(call).slice(0, 10)));
    for (const [i, arg] of (decoded?.args ?? []).entries()) out.push(v(arg.name || `arg${i}`, arg.value, arg.type));
    if (!decoded && this.input(call).length > 10) out.push(v('calldata', this.input(call)));
    out.push(v('msg.sender', this.sender(call)), v('msg.value', this.value(call).toString()));
    out.push(v('address(this)', span.storageAddress));
    if (span.codeAddress !== span.storageAddress) out.push(v('code address', span.codeAddress));
    const op = trace.opAt(step);
    if (step === span.lastStep && (op === 'RETURN' || op === 'REVERT')) out.push(...this.outcome(call, step));
    return out;
  }

  /** What a call's last step returns or reverts with, decoded where an ABI says how. */
  private outcome(call: number, step: number): Variable[] {
    const data = this.returned(call, step);
    const decoding = this.replay.input.decoding;
    if (this.replay.input.trace.opAt(step) === 'REVERT') {
      const error = decoding?.error(data);
      const text = error ? `${error.name}(${error.args.map((a) => `${a.name}: ${a.value}`).join(', ')})` : data;
      return [{ name: 'reverted with', value: text, variablesReference: 0 }];
    }
    const values = decoding?.output(this.input(call), data);
    if (!values) return [{ name: 'returned', value: data, variablesReference: 0 }];
    return values.map((a, i) => ({
      name: `returned ${a.name || i}`,
      value: a.value,
      type: a.type,
      variablesReference: 0,
    }));
  }

  /** The bytes a RETURN or REVERT step hands back (hex), from the call's rebuilt memory. */
  private returned(call: number, step: number): string {
    const { trace, spans } = this.replay.input;
    const offset = Number(BigInt(trace.stackWord(step, 0) ?? '0x0'));
    const size = Number(BigInt(trace.stackWord(step, 1) ?? '0x0'));
    if (size === 0) return '0x';
    const memory = rebuildMemory(trace, spans, call, step, this.sources);
    return hexOfBytes(memory.bytes.subarray(offset, offset + size));
  }

  private sender(call: number): string {
    const { spans, tx } = this.replay.input;
    const span = spans.frames[call]!;
    if (span.parent < 0) return tx.from;
    return span.kind === 'DELEGATECALL' ? this.sender(span.parent) : spans.frames[span.parent]!.storageAddress;
  }

  private value(call: number): bigint {
    const { spans, tx, trace } = this.replay.input;
    const span = spans.frames[call]!;
    if (span.parent < 0) return BigInt(tx.value || '0x0');
    if (span.kind === 'DELEGATECALL') return this.value(span.parent);
    if (span.kind === 'STATICCALL') return 0n;
    const at = span.kind === 'CREATE' || span.kind === 'CREATE2' ? 0 : 2;
    return BigInt(trace.stackWord(span.callStep, at) ?? '0x0');
  }

  private stackVariables(step: number): Variable[] {
    const stack = this.replay.input.trace.stackAt(step);
    return stack
      .reverse()
      .map((w, i) => ({ name: `[${i}]`, value: word(w), evaluateName: `stack[${i}]`, variablesReference: 0 }));
  }

  private storageVariables(call: number, step: number): Variable[] {
    const { trace, spans } = this.replay.input;
    const span = spans.frames[call]!;
    const accesses = storageAccesses(trace, spans, span.storageAddress, step);
    if (accesses.length === 0) return [{ name: '(none)', value: 'no slot read or written yet', variablesReference: 0 }];
    const layout = this.replay.codeOf(span.codeAddress)?.layout;
    const memoryAt = (frame: number, at: number) => rebuildMemory(trace, spans, frame, at, this.sources);
    const images = layout ? keccakPreimages(trace, spans, span.storageAddress, step, memoryAt) : undefined;
    const named = (slot: string) => (layout && images ? slotLabel(layout, BigInt(slot), images) : undefined);
    return accesses.map((a) => {
      const name = named(a.slot);
      return {
        name: name ?? word(a.slot),
        ...(name ? { evaluateName: name, type: `slot ${word(a.slot)}` } : {}),
        value: a.written
          ? `${a.before === undefined ? '(not read before)' : word(a.before)} → ${word(a.after)}`
          : `${word(a.after)} (read)`,
        variablesReference: 0,
      };
    });
  }

  private memoryVariables(call: number, step: number): Variable[] {
    const { trace, spans } = this.replay.input;
    const memory: RebuiltMemory = rebuildMemory(trace, spans, call, step, this.sources);
    const out: Variable[] = memory.notes.map((n) => ({ name: 'note', value: n, variablesReference: 0 }));
    for (let at = 0; at < memory.bytes.length; at += 32) {
      let text = '0x';
      for (let i = at; i < at + 32; i++)
        text += memory.unknown?.[i] ? '??' : memory.bytes[i]!.toString(16).padStart(2, '0');
      out.push({ name: `0x${at.toString(16).padStart(4, '0')}`, value: text, variablesReference: 0 });
    }
    if (memory.bytes.length === 0) out.push({ name: '(empty)', value: 'no memory used yet', variablesReference: 0 });
    return out;
  }

  private gasVariables(step: number): Variable[] {
    const { trace } = this.replay.input;
    const v = (name: string, value: string): Variable => ({ name, value, variablesReference: 0 });
    return [
      v('gas left', String(trace.gas[step])),
      v('this step costs', String(trace.gasCost[step])),
      v('used by the transaction so far', String(trace.gas[0]! - trace.gas[step]!)),
      v('instruction', `${trace.opAt(step)} at pc 0x${trace.pc[step]!.toString(16)}`),
      v('step', `${step + 1} of ${trace.length}`),
    ];
  }

  /** A hover or watch: an argument's name, `stack[n]`, msg.sender, msg.value; undefined when not known. */
  evaluate(frame: ShownFrame, expression: string): string | undefined {
    const at = frame.step;
    const stack = /^stack\[(\d+)\]$/.exec(expression);
    if (stack) {
      const w = this.replay.input.trace.stackWord(at, Number(stack[1]));
      return w === undefined ? undefined : word(w);
    }
    if (expression === 'msg.sender') return this.sender(frame.call);
    if (expression === 'msg.value') return this.value(frame.call).toString();
    const arg = this.decodedArgs(frame.call)?.find((a) => a.name === expression);
    return arg?.value;
  }

  /** Why the transaction fails at a step, in words (the revert decoded where an ABI says how). */
  failure(step: number): string {
    const { trace, spans } = this.replay.input;
    const call = spans.frameOf[step]!;
    if (trace.opAt(step) === 'REVERT') {
      const data = this.returned(call, step);
      const error = this.replay.input.decoding?.error(data);
      if (error) return `Reverted with ${error.name}(${error.args.map((a) => `${a.name}: ${a.value}`).join(', ')})`;
      return data === '0x' ? 'Reverted without data' : `Reverted with ${data}`;
    }
    return trace.errorAt(step) ?? `Failed at ${trace.opAt(step)}`;
  }
}
