/**
 * The messages between the bridge webview and the extension host, typed both ways with zod and shared by both sides
 * (the webview bundles this file, so it imports nothing but zod/mini).
 *
 * - The webview asks, the host answers: `OPS` below is the table of requests. Each op has the schema of its
 *   arguments and the schema of its reply. `Request` (the union the host parses every request with), `Args<op>`,
 *   `Reply<op>` and the host's `Handlers` are all derived from that table. The webview's `request(op, args)` resolves
 *   to `Reply<op>` only after `parseReply` has checked the reply against the op's schema.
 * - The host sends view models, not router data: a found route comes back as `RouteView` (steps, amounts, fees,
 *   duration, warnings already in words), a tracked transfer as `TransferInfo`. The raw route, OP hook and messages
 *   are `Json`: opaque objects the webview keeps, shows as JSON and sends back; the host re-validates them.
 * - The host holds every message it posts until the webview has said `ready` (and again after the webview's
 *   document is recreated); the first message is always `init`.
 * - `BridgeState` is what the webview persists with setState. Both sides parse it with the same schema: the webview
 *   when it starts, the host when VS Code restores the panel after a reload (a state that does not parse opens a
 *   fresh panel, says so, and `init` tells the webview to discard it).
 */
import * as z from 'zod/mini';

// ---------------------------------------------------------------------------------------------------------------
// Values both sides use

/** Fast (the router's usual route) or lossless (the OP bridge, which waits out the challenge period). */
export const Withdrawal = z.enum(['fast', 'lossless']);
export type Withdrawal = z.infer<typeof Withdrawal>;

/**
 * The transfer form. `amount` is in whole units ("1.5"), converted on the host with the asset's decimals; `v: 2`
 * marks it (a form saved by the version that took base units does not parse, so it is never read as whole units).
 * A listed asset has its decimals from the router; a custom denom has them typed in `sourceDecimals`.
 */
export const Form = z.object({
  v: z.literal(2),
  sourceChainId: z.string(),
  sourceDenom: z.string(),
  /** Only for a custom denom ('' for a listed asset). */
  sourceDecimals: z.string(),
  destChainId: z.string(),
  destDenom: z.string(),
  amount: z.string(),
  slippage: z.string(),
  /** The sender's address on the source chain ('' when not given): for balances and the first address of the route. */
  sender: z.string(),
  withdrawal: Withdrawal,
});
export type Form = z.infer<typeof Form>;

/** The form's fields that can be wrong, in the order the panel shows them. */
export const FormField = z.enum(['sourceChainId', 'sourceDenom', 'sourceDecimals', 'sender', 'amount', 'destChainId', 'destDenom', 'slippage']);
export type FormField = z.infer<typeof FormField>;
export const FORM_FIELDS: readonly FormField[] = FormField.options;

/**
 * What is wrong with each field of the form, in words (a field that is fine has no entry). Made by the host with the
 * rules of the core (units, validate, catalog), so the webview has no rules of its own.
 */
export const FormErrors = z.partialRecord(FormField, z.string());
export type FormErrors = z.infer<typeof FormErrors>;

export const SignedHook = z.object({ signer: z.string(), hook: z.string() });
export type SignedHook = z.infer<typeof SignedHook>;

/**
 * A JSON object from the router that the webview shows, copies and sends back but never reads (the route, the OP
 * hook, the messages). The host validates it again with the router's schema whenever it comes back.
 */
export const Json = z.record(z.string(), z.unknown());
export type Json = z.infer<typeof Json>;

export const TxRef = z.object({ txHash: z.string(), chainId: z.string() });

// ---------------------------------------------------------------------------------------------------------------
// View models (made by the host: every text is ready to show, and is shown as text)

/** A chain of the picker, from the router's chain list (hidden chains never get here). */
export const ChainOptionView = z.object({
  chainId: z.string(),
  name: z.string(),
  /** Interwoven Economy (Initia and its rollups) first, then the other chains. */
  group: z.enum(['initia', 'other']),
  /** "bech32 init1…", "0x…": the address hint for this chain. */
  addressHint: z.string(),
});
export type ChainOptionView = z.infer<typeof ChainOptionView>;

/** An asset of the picker. */
export const AssetOptionView = z.object({
  denom: z.string(),
  /** The symbol, or the recommended symbol for a bridged twin ("USDC.axl"). */
  label: z.string(),
  name: z.optional(z.string()),
  /** Where it comes from, when it is bridged ("from noble-1"). */
  origin: z.optional(z.string()),
  /** Whole units with the symbol ("12.5 INIT"); absent when no balance was asked. */
  balance: z.optional(z.string()),
  /** False when the router does not give its decimals: the amount cannot be converted. */
  convertible: z.boolean(),
});
export type AssetOptionView = z.infer<typeof AssetOptionView>;

export const AssetsReply = z.object({
  assets: z.array(AssetOptionView),
  /** Why there are no balances ("Enter your address to see balances", the router's error in words). */
  balanceNote: z.optional(z.string()),
});
export type AssetsReply = z.infer<typeof AssetsReply>;

/** An amount in base units with digit grouping ("1,000,000 uinit on interwoven-1") and, when the router's asset
 *  decimals are known, in whole units ("1 INIT"). */
export const AmountView = z.object({ base: z.string(), whole: z.optional(z.string()) });

/** One operation of a route, as the route preview lists it. */
export const RouteStepView = z.object({
  /** "IBC", "OPinit bridge", "Swap", or an unknown kind de-snaked. */
  label: z.string(),
  /** "interwoven-1 → osmosis-1", or one chain for a hop that stays on it. */
  chains: z.string(),
  /** "uinit → ibc/…", or one denom. */
  denoms: z.optional(z.string()),
  /** The bridge or the swap venue. */
  via: z.optional(z.string()),
});
export type RouteStepView = z.infer<typeof RouteStepView>;

/** A chain the route needs an address on (in the order the router wants them), with a hint and what to offer. */
export const AddressView = z.object({
  chainId: z.string(),
  placeholder: z.string(),
  /** Derived from the sender's address with this chain's prefix (editable). */
  derived: z.optional(z.string()),
  /** Addresses used on this chain before, newest first. */
  recent: z.array(z.string()),
});

/** A warning of the route: what kind, in words. */
export const RouteWarningView = z.object({ title: z.string(), text: z.string() });

export const RouteView = z.object({
  /** Where the messages are signed and broadcast (the first tracking chain too). */
  sourceChainId: z.string(),
  amountIn: AmountView,
  amountOut: AmountView,
  /** "about 30 s", "unknown". */
  duration: z.string(),
  /** Fees taken from the amount sent, and fees paid on top of it, in whole units (USD when given). */
  fees: z.object({ deducted: z.array(z.string()), additional: z.array(z.string()) }),
  opHookRequired: z.boolean(),
  /** The route swaps: slippage applies, and "minimum received" is shown. */
  doesSwap: z.boolean(),
  /** "0.5 %" when the router gives the swap's price impact. */
  priceImpact: z.optional(z.string()),
  steps: z.array(RouteStepView),
  /** The router's warnings: each one stops "Generate messages" until the user chooses to proceed. */
  warnings: z.array(RouteWarningView),
  infos: z.array(z.string()),
  addresses: z.array(AddressView),
});
export type RouteView = z.infer<typeof RouteView>;

export const RouteReply = z.object({ route: Json, view: RouteView, signature: z.string() });
export type RouteReply = z.infer<typeof RouteReply>;

/** One way of an OP withdrawal, as the Fast / Lossless choice shows it. */
export const WithdrawalOptionView = z.object({ amountOut: z.string(), duration: z.string(), error: z.optional(z.string()) });

/** The live quote for the form, pushed by the host as it changes. */
export const QuoteView = z.object({
  /** The form it answers (the webview drops a quote for a form it no longer shows). */
  formKey: z.string(),
  status: z.enum(['idle', 'loading', 'ready', 'error']),
  route: z.optional(RouteReply),
  error: z.optional(z.string()),
  /** How old the quote was when posted (ms). */
  ageMs: z.optional(z.number()),
  refreshSeconds: z.number(),
  /** From a rollup to Initia on an OP-bridged asset: the two ways, with their amounts and durations. */
  withdrawal: z.optional(z.object({ fast: z.optional(WithdrawalOptionView), lossless: z.optional(WithdrawalOptionView) })),
});
export type QuoteView = z.infer<typeof QuoteView>;

/** What the host says of the form as it is typed. */
export const EditReply = z.object({
  errors: FormErrors,
  /** Not errors, but worth a look (slippage above 5 %, Max on the asset that pays the fee). */
  warnings: z.partialRecord(FormField, z.string()),
  /** The sender's balance of the source asset, when known: in words, and as the plain number Max fills in. */
  balance: z.optional(z.object({ text: z.string(), max: z.string() })),
  /** "0.99 OSMO" for a swap route at the form's slippage. */
  minimumReceived: z.optional(z.string()),
  formKey: z.string(),
});
export type EditReply = z.infer<typeof EditReply>;

/** One message to sign, decoded: its kind in words, its chain and its fields. */
export const MsgSummaryView = z.object({ title: z.string(), fields: z.array(z.object({ label: z.string(), value: z.string() })) });

/** The check's verdict in words: matches (with what the messages do), couldn't verify (what and why), doesn't match. */
export const VerdictView = z.object({
  kind: z.enum(['matches', 'unverified', 'mismatch']),
  effects: z.array(z.string()),
  mismatches: z.array(z.string()),
  unverified: z.array(z.string()),
});
export type VerdictView = z.infer<typeof VerdictView>;

/** The OP hook as it was checked: what to sign (rebuilt from the parsed hook), in words, and the verdict. */
export const OpHookView = z.object({ hook: Json, summaries: z.array(MsgSummaryView), verdict: VerdictView });
export type OpHookView = z.infer<typeof OpHookView>;

/** The transactions to sign: rebuilt from the checked objects, decoded, with the verdict. */
export const MsgsView = z.object({
  /** What the user copies or saves: built from the parsed, checked transactions. */
  signable: Json,
  summaries: z.array(MsgSummaryView),
  verdict: VerdictView,
});
export type MsgsView = z.infer<typeof MsgsView>;

/** A hop as the timeline shows it (from the core's transfer model). */
export const HopInfo = z.object({
  kind: z.string(),
  /** "IBC", "OPinit bridge", … */
  label: z.string(),
  fromChainId: z.optional(z.string()),
  toChainId: z.optional(z.string()),
  /** "osmosis-1 → interwoven-1" ("?" for a chain the router did not name). */
  chains: z.string(),
  state: z.string(),
  /** The state in words ("arrived", "sent, waiting for the destination", …). */
  stateText: z.string(),
  outcome: z.enum(['pending', 'done', 'failed', 'unknown']),
  error: z.optional(z.string()),
  txs: z.array(z.object({ name: z.string(), label: z.string(), hash: z.string(), chainId: z.optional(z.string()), explorerLink: z.optional(z.string()) })),
});
export type HopInfo = z.infer<typeof HopInfo>;

export const TransferInfo = z.object({
  txHash: z.string(),
  chainId: z.string(),
  state: z.string(),
  stateText: z.string(),
  outcome: z.enum(['pending', 'failing', 'success', 'failed', 'abandoned']),
  terminal: z.boolean(),
  hops: z.array(HopInfo),
  error: z.optional(z.string()),
  problem: z.optional(z.string()),
  explorerLink: z.optional(z.string()),
  /** What moved, in whole units where known, with its verb ("Arrived: 1.497 INIT on interwoven-1", "Withdrawing: …"). */
  amountOut: z.optional(z.string()),
  updatedAt: z.optional(z.number()),
  /** A lossless OP withdrawal: when it can be claimed on L1, in words. */
  claim: z.optional(z.string()),
});
export type TransferInfo = z.infer<typeof TransferInfo>;

export const Defaults = z.object({
  network: z.string(),
  sourceChainId: z.string(),
  /** The router's origin the panel talks to, through the host ('' when the network has none). */
  router: z.string(),
  /** Origins reached over plain http (not encrypted), for a warning. */
  unencrypted: z.array(z.string()),
  slippagePresets: z.array(z.string()),
  defaultSlippage: z.string(),
});
export type Defaults = z.infer<typeof Defaults>;

// ---------------------------------------------------------------------------------------------------------------
// Requests: one row per op, with the schema of its arguments and of its reply

/** True when done; false when the user cancelled (a dialog closed). */
const Done = z.boolean();

export const MsgsReply = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('msgs'), msgs: MsgsView }),
  /** The route changed since it was shown: review it and confirm again. */
  z.object({ kind: z.literal('updated'), route: RouteReply, note: z.string() }),
]);
export type MsgsReply = z.infer<typeof MsgsReply>;

export const OPS = {
  /** The chains the router knows, for the pickers (cached per router for a few minutes). */
  chains: { request: z.object({}), reply: z.object({ chains: z.array(ChainOptionView) }) },
  /** The assets of a chain, with the address's balances when one is given and valid for the chain. */
  assets: { request: z.object({ chainId: z.string(), address: z.string() }), reply: AssetsReply },
  /** The form changed: checks every field, and (when it is complete) the host fetches the route 300 ms later and
   *  keeps it fresh, pushing each quote. */
  edit: { request: z.object({ form: Form }), reply: EditReply },
  /** Fetch the route again now. */
  refresh: { request: z.object({}), reply: Done },
  /** Gets the OP hook the route needs signed. */
  opHook: { request: z.object({ route: Json, addresses: z.array(z.string()) }), reply: OpHookView },
  /** Gets the messages to sign (the route fetched again first when older than 10 s), decoded and checked. */
  msgs: { request: z.object({ route: Json, signature: z.string(), addresses: z.array(z.string()), slippage: z.string(), signedHook: z.optional(SignedHook) }), reply: MsgsReply },
  /** Registers a broadcast transaction with the router and follows it. */
  track: { request: z.extend(TxRef, { route: z.optional(Json), withdrawal: z.optional(Withdrawal) }), reply: TransferInfo },
  /** Follows a transfer that is already tracked (after the panel came back). */
  watch: { request: TxRef, reply: TransferInfo },
  openJson: { request: z.object({ what: z.enum(['route', 'hook', 'msgs', 'status']), value: z.optional(z.unknown()) }), reply: Done },
  saveJson: { request: z.object({ what: z.enum(['route', 'hook', 'msgs']), value: z.unknown() }), reply: Done },
  /** Reads a signed hook from a file the user picks; null when they pick none. */
  readSignedHook: { request: z.object({}), reply: z.nullable(z.object({ signer: z.optional(z.string()), hook: z.optional(z.string()) })) },
  copy: { request: z.object({ text: z.string() }), reply: Done },
  openLink: { request: z.object({ url: z.string() }), reply: Done },
} as const;

export type Op = keyof typeof OPS;
export const OP_NAMES = Object.keys(OPS) as Op[];
/** What an op takes (without its name). */
export type Args<K extends Op> = z.infer<(typeof OPS)[K]['request']>;
/** What an op answers. */
export type Reply<K extends Op> = z.infer<(typeof OPS)[K]['reply']>;

/** Every request: an op's name and its arguments, told apart by `op` (one member per row of the table). */
export type Request = { [K in Op]: { op: K } & Args<K> }[Op];
const requestSchemas = OP_NAMES.map((op) => z.extend(OPS[op].request as z.ZodMiniObject, { op: z.literal(op) }));
// The union is built from the table at run time; its type is the one above (TypeScript cannot follow the map).
export const Request = z.discriminatedUnion('op', requestSchemas as unknown as [z.ZodMiniObject, ...z.ZodMiniObject[]]) as unknown as z.ZodMiniType<Request>;
/** The request of one op, name included. */
export type RequestOf<K extends Op> = Extract<Request, { op: K }>;

/** The host's side of the table: each op answers with its own reply type (tsc checks it). */
export type Handlers = { [K in Op]: (request: RequestOf<K>) => Promise<Reply<K>> };

/** The reply to `op` checked against its schema; the error says in words what did not match. */
export function parseReply<K extends Op>(op: K, value: unknown): { ok: true; value: Reply<K> } | { ok: false; error: string } {
  const parsed = OPS[op].reply.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data as Reply<K> };
  return { ok: false, error: `The extension's answer to "${op}" could not be read: ${problemText(value, parsed.error)}.` };
}

// ---------------------------------------------------------------------------------------------------------------
// Messages

export const FromWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('request'), id: z.number(), request: Request }),
]);
export type FromWebview = z.infer<typeof FromWebview>;

export const ToWebview = z.discriminatedUnion('type', [
  /** The first message after every `ready`. `stateRejected`: the state VS Code restored did not parse, start fresh. */
  z.object({ type: z.literal('init'), defaults: Defaults, stateRejected: z.optional(z.boolean()) }),
  z.discriminatedUnion('ok', [
    // `result` is checked by the webview against the reply schema of the op it asked (parseReply).
    z.object({ type: z.literal('reply'), id: z.number(), ok: z.literal(true), result: z.unknown() }),
    z.object({ type: z.literal('reply'), id: z.number(), ok: z.literal(false), error: z.string() }),
  ]),
  z.object({ type: z.literal('transfer'), transfer: TransferInfo }),
  z.object({ type: z.literal('quote'), quote: QuoteView }),
]);
export type ToWebview = z.infer<typeof ToWebview>;

// ---------------------------------------------------------------------------------------------------------------
// Persisted state

export const BridgeStep = z.enum(['form', 'route', 'msgs', 'tracking']);

/**
 * The webview's persisted state (vscode.setState), restored after the panel is hidden or the window reloads. It is
 * corrupt when it is not an object, has no `step`, a field of the wrong type, or a step without what that step
 * shows (a route step without its route, …). Fields it does not know are dropped, not an error.
 */
export const BridgeState = z
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
      (s) => (s.step !== 'route' || !!s.route) && (s.step !== 'msgs' || (!!s.route && !!s.msgs)) && (s.step !== 'tracking' || !!s.tracking),
      'the step has none of what it shows',
    ),
  );
export type BridgeState = z.infer<typeof BridgeState>;

/** A key for a form: the quote pushed for one form is never shown under another. */
export function formKey(form: Form): string {
  return JSON.stringify([form.sourceChainId, form.sourceDenom, form.sourceDecimals, form.destChainId, form.destDenom, form.amount.trim(), form.withdrawal]);
}

// ---------------------------------------------------------------------------------------------------------------
// Words for a failed parse (the core has its own; this file may import nothing but zod)

function kindOf(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/** The first issue of a failed parse, in words: `view.amountIn.base should be a string but is a number`. */
export function problemText(value: unknown, error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'it is not valid';
  const path = issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');
  const where = path || 'the value';
  let received: unknown = value;
  for (const p of issue.path) received = received !== null && typeof received === 'object' ? (received as Record<PropertyKey, unknown>)[p] : undefined;
  switch (issue.code) {
    case 'invalid_type':
      return received === undefined ? `${where} is missing` : `${where} should be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected} but is ${kindOf(received)}`;
    case 'invalid_value':
      return `${where} should be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_union':
      return `${where} is not any of the known kinds`;
    case 'custom':
      return path ? `${where}: ${issue.message}` : issue.message;
    default:
      return `${where} is not valid (${issue.code})`;
  }
}
