/**
 * Geth's call tracer answer (`debug_traceTransaction` with `callTracer`), checked and flattened (pure): every frame
 * in the order the calls were made (depth first, as rollytics numbers internal calls), with its parent, depth and
 * children, and for a failed frame whether it raised its revert itself or passed on the revert of a failed callee
 * (Solidity bubbles a callee's revert data up unchanged when it does not catch it).
 */
import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';

/** A hex string as the tracer writes quantities and bytes (`0x…`); anything else is refused. */
const Hex = lazySchema(() => z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, 'should be 0x and hexadecimal digits')));

export const CallFrameSchema = lazySchema(() =>
  z.object({
    type: z.string(),
    from: z.string(),
    to: z.optional(z.nullable(z.string())),
    value: z.optional(z.nullable(Hex)),
    gas: z.optional(z.nullable(Hex)),
    gasUsed: z.optional(z.nullable(Hex)),
    input: z.optional(z.nullable(Hex)),
    output: z.optional(z.nullable(Hex)),
    error: z.optional(z.nullable(z.string())),
    revertReason: z.optional(z.nullable(z.string())),
    get calls(): z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniArray<typeof CallFrameSchema>>> {
      return z.optional(z.nullable(z.array(CallFrameSchema)));
    },
  }),
);
export type CallFrame = z.infer<typeof CallFrameSchema>;

export interface TraceFrame {
  /** Position in call order: 0 is the transaction's own call. */
  index: number;
  parent: number;
  depth: number;
  /** CALL, STATICCALL, DELEGATECALL, CALLCODE, CREATE, CREATE2, SELFDESTRUCT… (upper-case). */
  type: string;
  from: string;
  /** Lower-case 0x address; empty when the tracer gives none. */
  to: string;
  /** Quantities as decimal strings. */
  value: string;
  gas: string;
  gasUsed: string;
  input: string;
  output: string;
  /** The tracer's error ("execution reverted", "out of gas", …): the frame failed. */
  error?: string;
  revertReason?: string;
  children: number[];
}

export interface FlatTrace {
  frames: TraceFrame[];
  /** How many frames were left out beyond the limit. */
  omitted: number;
}

/** More frames than this are not shown (a trace of a million calls is not read by a person). */
const MAX_FRAMES = 10_000;

const quantity = (hex: string | null | undefined): string => {
  if (!hex || hex === '0x') return '0';
  try {
    return BigInt(hex).toString();
  } catch {
    return '0';
  }
};

/** The frames in call order (iterative: a deep trace cannot overflow the stack). */
export function flattenTrace(root: CallFrame, max = MAX_FRAMES): FlatTrace {
  const frames: TraceFrame[] = [];
  let omitted = 0;
  const stack: Array<{ frame: CallFrame; parent: number; depth: number }> = [{ frame: root, parent: -1, depth: 0 }];
  while (stack.length) {
    const { frame, parent, depth } = stack.pop()!;
    if (frames.length >= max) {
      omitted += 1;
      for (const c of frame.calls ?? []) stack.push({ frame: c, parent: -1, depth: depth + 1 });
      continue;
    }
    const index = frames.length;
    const out: TraceFrame = {
      index,
      parent,
      depth,
      type: frame.type.toUpperCase(),
      from: frame.from.toLowerCase(),
      to: (frame.to ?? '').toLowerCase(),
      value: quantity(frame.value),
      gas: quantity(frame.gas),
      gasUsed: quantity(frame.gasUsed),
      input: (frame.input ?? '0x').toLowerCase(),
      output: (frame.output ?? '0x').toLowerCase(),
      children: [],
    };
    if (frame.error) out.error = frame.error;
    if (frame.revertReason) out.revertReason = frame.revertReason;
    frames.push(out);
    if (parent >= 0) frames[parent]!.children.push(index);
    const calls = frame.calls ?? [];
    for (let i = calls.length - 1; i >= 0; i--) stack.push({ frame: calls[i]!, parent: index, depth: depth + 1 });
  }
  return { frames, omitted };
}

/**
 * Where a failed frame's revert comes from: the frame itself, or (its revert data being a failed callee's, unchanged)
 * the frame that raised it, followed down. Undefined for a frame that did not fail.
 */
export function revertOrigin(frames: readonly TraceFrame[], index: number): number | undefined {
  let current = frames[index];
  if (!current?.error) return undefined;
  for (;;) {
    const data = current.output;
    const from: TraceFrame | undefined =
      data.length > 2
        ? [...current.children]
            .reverse()
            .map((c) => frames[c]!)
            .find((c) => c.error && c.output === data)
        : undefined;
    if (!from) return current.index;
    current = from;
  }
}
