/**
 * How every webview talks to its host (both panels): the webview asks, the host answers. A panel's protocol is a
 * table of ops, each with a zod schema for its arguments and one for its reply; from the table come the union the
 * host parses every request with, the reply check the webview runs before it uses an answer, and the types of the
 * host's handlers (each must return its own op's reply). The envelope is the same for every panel: `ready` and
 * `request` from the webview; `reply` (ok with its result, or the error in words) from the host, beside the pushes
 * a panel defines itself. Shared by host and webview: imports zod and pure core helpers only.
 */
import * as z from 'zod/mini';
import { problemText } from '../core/zodWords';
import { lazySchema } from '../core/lazySchema';

export { problemText };

/** One op: the schema of its arguments (an object, without the op's name) and of its reply. */
export interface OpRow {
  request: z.ZodMiniObject;
  reply: z.ZodMiniType;
}
export type OpTable = Record<string, OpRow>;
export type OpName<T extends OpTable> = keyof T & string;
/** What an op takes (without its name). */
export type ArgsOf<T extends OpTable, K extends OpName<T>> = z.infer<T[K]['request']>;
/** What an op answers. */
export type ReplyOf<T extends OpTable, K extends OpName<T>> = z.infer<T[K]['reply']>;
/** Every request of a table: an op's name and its arguments, told apart by `op`. */
export type RequestOfTable<T extends OpTable> = { [K in OpName<T>]: { op: K } & ArgsOf<T, K> }[OpName<T>];
/** The host's side of a table: each op answers with its own reply type (tsc checks it). */
export type HandlersOf<T extends OpTable> = {
  [K in OpName<T>]: (request: Extract<RequestOfTable<T>, { op: K }>) => Promise<ReplyOf<T, K>>;
};

/** The union of a table's requests, built from the table at run time (its type is RequestOfTable). */
export function requestSchema<T extends OpTable>(table: T): z.ZodMiniType<RequestOfTable<T>> {
  const rows = Object.keys(table).map((op) => z.extend(table[op]!.request, { op: z.literal(op) }));
  // TypeScript cannot follow the map; the union's members are exactly the table's rows.
  return z.discriminatedUnion(
    'op',
    rows as unknown as [z.ZodMiniObject, ...z.ZodMiniObject[]],
  ) as unknown as z.ZodMiniType<RequestOfTable<T>>;
}

export type ReplyCheck<T extends OpTable> = <K extends OpName<T>>(
  op: K,
  value: unknown,
) => { ok: true; value: ReplyOf<T, K> } | { ok: false; error: string };

/** Checks a reply against its op's schema; the error says in words what did not match. */
export function replyCheck<T extends OpTable>(table: T): ReplyCheck<T> {
  return (op, value) => {
    const parsed = table[op]!.reply.safeParse(value);
    if (parsed.success) return { ok: true, value: parsed.data as ReplyOf<T, typeof op> };
    return {
      ok: false,
      error: `The extension's answer to "${op}" could not be read: ${problemText(value, parsed.error)}.`,
    };
  };
}

/** What every webview sends: `ready` when its document has started, and its requests, numbered. */
export function fromWebviewSchema<R>(request: z.ZodMiniType<R>) {
  return z.discriminatedUnion('type', [
    z.object({ type: z.literal('ready') }),
    z.object({ type: z.literal('request'), id: z.number(), request }),
  ]);
}

/** The host's answer to a request: `result` is checked by the webview against its op's reply schema. */
export const ReplyMessage = lazySchema(() =>
  z.discriminatedUnion('ok', [
    z.object({ type: z.literal('reply'), id: z.number(), ok: z.literal(true), result: z.unknown() }),
    z.object({ type: z.literal('reply'), id: z.number(), ok: z.literal(false), error: z.string() }),
  ]),
);
export type ReplyMessage = z.infer<typeof ReplyMessage>;

/** The id of something that looks like a request, to answer it even when it does not parse. */
export function requestId(raw: unknown): number | undefined {
  const m = raw as { type?: unknown; id?: unknown } | null;
  return m && typeof m === 'object' && m.type === 'request' && typeof m.id === 'number' ? m.id : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Ops every panel has (the host answers them the same way for each)

/** True when done; false when the user cancelled (a dialog closed). */
export const Done = lazySchema(() => z.boolean());

export const COMMON_OPS = {
  /** Puts a text on the clipboard. */
  copy: { request: lazySchema(() => z.object({ text: z.string() })), reply: Done },
  /** Opens an http(s) link in the browser (anything else is refused). */
  openLink: { request: lazySchema(() => z.object({ url: z.string() })), reply: Done },
} as const;
