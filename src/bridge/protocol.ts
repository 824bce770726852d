/**
 * The bridge panel's protocol: the op table between its webview and the extension host, the pushes, and the state
 * the webview persists. Shared by both sides (the webview bundles it): it imports zod, the envelope (rpc.ts) and the
 * schemas of what the panel shows (bridgeViews.ts) only.
 *
 * - The webview asks, the host answers: `OPS` below is the table of requests. Each op has the schema of its
 *   arguments and the schema of its reply. `Request` (the union the host parses every request with), `Args<op>`,
 *   `Reply<op>` and the host's `Handlers` are all derived from that table; the webview's client resolves a request
 *   to `Reply<op>` only after `parseReply` has checked the reply against the op's schema.
 * - The host sends view models, not router data: a found route comes back as `RouteView` (steps, amounts, fees,
 *   duration, warnings already in words), a tracked transfer as `TransferInfo`.
 * - The host holds every message it posts until the webview has said `ready` (and again after the webview's
 *   document is recreated); the first message is always `init`. A network switch sends `network` with the new
 *   router's defaults.
 * - `BridgeState` is what the webview persists with setState. Both sides parse it with the same schema: the webview
 *   when it starts, the host when VS Code restores the panel after a reload (a state that does not parse opens a
 *   fresh panel, says so, and `init` tells the webview to discard it).
 */
import * as z from 'zod/mini';
import {
  COMMON_OPS,
  Done,
  ReplyMessage,
  fromWebviewSchema,
  replyCheck,
  requestSchema,
  type ArgsOf,
  type HandlersOf,
  type ReplyOf,
  type RequestOfTable,
} from '../webview/rpc';
import {
  AssetsReply,
  ChainOptionView,
  Defaults,
  EditReply,
  Form,
  Json,
  MsgsView,
  OpHookView,
  QuoteView,
  RouteReply,
  SignedHook,
  TransferInfo,
  TxRef,
  Withdrawal,
} from './protocolViews';
import { lazySchema } from '../core/lazySchema';

export * from './protocolViews';

// ---------------------------------------------------------------------------------------------------------------
// Requests: one row per op, with the schema of its arguments and of its reply

export const MsgsReply = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('msgs'), msgs: MsgsView }),
    /** The route changed since it was shown: review it and confirm again. */
    z.object({ kind: z.literal('updated'), route: RouteReply, note: z.string() }),
  ]),
);
export type MsgsReply = z.infer<typeof MsgsReply>;

export const OPS = {
  /** The chains the router knows, for the pickers (cached per router for a few minutes). */
  chains: {
    request: lazySchema(() => z.object({})),
    reply: lazySchema(() => z.object({ chains: z.array(ChainOptionView) })),
  },
  /** The assets of a chain, with the address's balances when one is given and valid for the chain. */
  assets: { request: lazySchema(() => z.object({ chainId: z.string(), address: z.string() })), reply: AssetsReply },
  /** The form changed: checks every field, and (when it is complete) the host fetches the route 300 ms later and
   *  keeps it fresh, pushing each quote. `live: false`: the page shows messages or a transfer made from the route,
   *  which stays as it is (the route is not asked for again until the form is edited or the page goes back to it). */
  edit: { request: lazySchema(() => z.object({ form: Form, live: z.optional(z.boolean()) })), reply: EditReply },
  /** Fetch the route again now. */
  refresh: { request: lazySchema(() => z.object({})), reply: Done },
  /** Gets the OP hook the route needs signed. */
  opHook: { request: lazySchema(() => z.object({ route: Json, addresses: z.array(z.string()) })), reply: OpHookView },
  /** Gets the messages to sign (the route fetched again first when older than 10 s), decoded and checked. */
  msgs: {
    request: lazySchema(() =>
      z.object({
        route: Json,
        signature: z.string(),
        addresses: z.array(z.string()),
        slippage: z.string(),
        signedHook: z.optional(SignedHook),
      }),
    ),
    reply: MsgsReply,
  },
  /** Registers a broadcast transaction with the router and follows it. */
  track: {
    request: lazySchema(() => z.extend(TxRef, { route: z.optional(Json), withdrawal: z.optional(Withdrawal) })),
    reply: TransferInfo,
  },
  /** Follows a transfer that is already tracked (after the panel came back), with the route it follows. */
  watch: { request: lazySchema(() => z.extend(TxRef, { route: z.optional(Json) })), reply: TransferInfo },
  openJson: {
    request: lazySchema(() =>
      z.object({ what: z.enum(['route', 'hook', 'msgs', 'status']), value: z.optional(z.unknown()) }),
    ),
    reply: Done,
  },
  saveJson: {
    request: lazySchema(() => z.object({ what: z.enum(['route', 'hook', 'msgs']), value: z.unknown() })),
    reply: Done,
  },
  /** Reads a signed hook from a file the user picks; null when they pick none. */
  readSignedHook: {
    request: lazySchema(() => z.object({})),
    reply: lazySchema(() => z.nullable(z.object({ signer: z.optional(z.string()), hook: z.optional(z.string()) }))),
  },
  ...COMMON_OPS,
} as const;

export type Op = keyof typeof OPS;
export const OP_NAMES = Object.keys(OPS) as Op[];
/** What an op takes (without its name). */
export type Args<K extends Op> = ArgsOf<typeof OPS, K>;
/** What an op answers. */
export type Reply<K extends Op> = ReplyOf<typeof OPS, K>;
/** Every request: an op's name and its arguments, told apart by `op` (one member per row of the table). */
export type Request = RequestOfTable<typeof OPS>;
export const Request = lazySchema(() => requestSchema(OPS));
/** The request of one op, name included. */
export type RequestOf<K extends Op> = Extract<Request, { op: K }>;
/** The host's side of the table: each op answers with its own reply type (tsc checks it). */
export type Handlers = HandlersOf<typeof OPS>;
/** The reply to `op` checked against its schema; the error says in words what did not match. */
export const parseReply = replyCheck(OPS);

// ---------------------------------------------------------------------------------------------------------------
// Messages

export const FromWebview = lazySchema(() => fromWebviewSchema(Request));
export type FromWebview = z.infer<typeof FromWebview>;

export const ToWebview = lazySchema(() =>
  z.discriminatedUnion('type', [
    /** The first message after every `ready`. `stateRejected`: the state VS Code restored did not parse, start fresh. */
    z.object({ type: z.literal('init'), defaults: Defaults, stateRejected: z.optional(z.boolean()) }),
    ReplyMessage,
    /** The active network changed: the panel talks to this router now. */
    z.object({ type: z.literal('network'), defaults: Defaults }),
    z.object({ type: z.literal('transfer'), transfer: TransferInfo }),
    z.object({ type: z.literal('quote'), quote: QuoteView }),
  ]),
);
export type ToWebview = z.infer<typeof ToWebview>;

// ---------------------------------------------------------------------------------------------------------------
// Persisted state

export const BridgeStep = lazySchema(() => z.enum(['form', 'route', 'msgs', 'tracking']));

/**
 * The webview's persisted state (vscode.setState), restored after the panel is hidden or the window reloads. It is
 * corrupt when it is not an object, has no `step`, a field of the wrong type, or a step without what that step
 * shows (a route step without its route, …). Fields it does not know are dropped, not an error.
 */
export const BridgeState = lazySchema(() =>
  z
    .object({
      step: BridgeStep,
      form: z.optional(Form),
      /** The route as the router sent it (sent back with opHook, msgs and track) and as the panel shows it. */
      route: z.optional(RouteReply),
      /** The warnings the user chose to proceed past (their text, as one string): a route with other warnings asks again. */
      accepted: z.optional(z.string()),
      hook: z.optional(OpHookView),
      /** The user chose to see an OP hook that does not match. */
      hookOverridden: z.optional(z.boolean()),
      signedHook: z.optional(SignedHook),
      addresses: z.optional(z.array(z.string())),
      /** The chain of each of `addresses` (a later route may ask for other chains). */
      addressChains: z.optional(z.array(z.string())),
      /** The last address entered for each chain id (typed or sent), offered again on the next route. */
      knownAddresses: z.optional(z.record(z.string(), z.string())),
      msgs: z.optional(MsgsView),
      /** The user chose to see messages that do not match what they asked for. */
      overridden: z.optional(z.boolean()),
      /** The source or destination asset is a custom denom (typed, not picked from the router's list). */
      custom: z.optional(z.object({ source: z.boolean(), dest: z.boolean() })),
      tracking: z.optional(TxRef),
    })
    .check(
      z.refine(
        (s) =>
          (s.step !== 'route' || !!s.route) &&
          (s.step !== 'msgs' || (!!s.route && !!s.msgs)) &&
          (s.step !== 'tracking' || !!s.tracking),
        'the step has none of what it shows',
      ),
    ),
);
export type BridgeState = z.infer<typeof BridgeState>;

/** A key for a form: the quote pushed for one form is never shown under another. */
export function formKey(form: Form): string {
  return JSON.stringify([
    form.sourceChainId,
    form.sourceDenom,
    form.sourceDecimals,
    form.destChainId,
    form.destDenom,
    form.amount.trim(),
    form.withdrawal,
  ]);
}
