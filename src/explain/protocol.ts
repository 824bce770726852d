/**
 * The Explain Transaction panel's protocol, shared by the host and the webview (zod and rpc.ts only). The host pushes
 * one view model, every text ready to show (and shown as text), or that it is loading, or why it failed; the webview
 * asks, as requests of the op table answered by the host: a link onward (a lookup the host runs after checking it),
 * an ABI file by its number in the view, a copy, the JSON, the transaction again, and from the EVM call trace a
 * Solidity line or a contract to read, each by its number in the trace.
 */
import * as z from 'zod/mini';
import {
  COMMON_OPS,
  Done,
  ReplyMessage,
  fromWebviewSchema,
  replyCheck,
  requestSchema,
  type HandlersOf,
  type RequestOfTable,
} from '../webview/rpc';
import { lazySchema } from '../core/lazySchema';

/** Where a value leads: the same lookups as the JSON documents' links. */
export const Link = lazySchema(() => z.object({ kind: z.enum(['tx', 'block', 'account']), value: z.string() }));
export type Link = z.infer<typeof Link>;

/** A labelled value, linked onward when it is a hash, a height or an address. */
export const Field = lazySchema(() => z.object({ label: z.string(), text: z.string(), link: z.optional(Link) }));
export type Field = z.infer<typeof Field>;

export const EventView = lazySchema(() => z.object({ type: z.string(), attributes: z.array(Field) }));
export type EventView = z.infer<typeof EventView>;

/** A decoded EVM log or call: its name and arguments, where the ABI came from (an index into `abiFiles`). */
export const DecodedView = lazySchema(() =>
  z.object({
    title: z.string(),
    signature: z.string(),
    source: z.string(),
    file: z.optional(z.number()),
    args: z.array(Field),
  }),
);
export type DecodedView = z.infer<typeof DecodedView>;

/** A call no ABI decodes, shown raw: its selector, input and output, and why it is not decoded. */
export const RawCallView = lazySchema(() =>
  z.object({
    selector: z.string(),
    input: z.string(),
    output: z.optional(z.string()),
    note: z.string(),
  }),
);
export type RawCallView = z.infer<typeof RawCallView>;

/** A Move call's argument: its type from the function's ABI, its value as JSON text, or as sent with why not. */
export const MoveArgView = lazySchema(() =>
  z.object({ type: z.string(), text: z.string(), problem: z.optional(z.string()) }),
);
export type MoveArgView = z.infer<typeof MoveArgView>;

/** A `MsgExecute` / `MsgExecuteJSON` / script: `0x1::dex::swap_script`, its type arguments and arguments. */
export const MoveCallView = lazySchema(() =>
  z.object({
    target: z.string(),
    typeArgs: z.array(z.string()),
    args: z.array(MoveArgView),
    /** Why the arguments are not decoded (the module could not be read, the function is not in its ABI). */
    problem: z.optional(z.string()),
  }),
);
export type MoveCallView = z.infer<typeof MoveCallView>;

/** A Move event: its type tag and its data as JSON text. */
export const MoveEventView = lazySchema(() => z.object({ typeTag: z.string(), json: z.string() }));
export type MoveEventView = z.infer<typeof MoveEventView>;

/** How a CosmWasm message fits the workspace's `cosmwasm-schema` JSON of its contract (matched by code checksum). */
export const WasmSchemaCheckView = lazySchema(() =>
  z.object({
    /** The schema file, relative to the workspace. */
    file: z.string(),
    ok: z.boolean(),
    /** "matches the execute message `increment` of schema counter.json", or what does not match. */
    text: z.string(),
  }),
);
export type WasmSchemaCheckView = z.infer<typeof WasmSchemaCheckView>;

/** A CosmWasm message (execute, instantiate, migrate): the entry point called, its msg as JSON text, the funds. */
export const WasmCallView = lazySchema(() =>
  z.object({
    contract: z.optional(z.string()),
    /** `increment` (an execute message's one key), `instantiate`, `migrate`; absent when the msg has no one key. */
    entryPoint: z.optional(z.string()),
    /** The msg as JSON text, indented; as sent when it could not be read (with `problem`). */
    json: z.string(),
    /** It was sent as base64 of JSON. */
    base64: z.boolean(),
    funds: z.array(z.string()),
    problem: z.optional(z.string()),
    schema: z.optional(WasmSchemaCheckView),
  }),
);
export type WasmCallView = z.infer<typeof WasmCallView>;

export const MessageView = lazySchema(() =>
  z.object({
    title: z.string(),
    typeUrl: z.string(),
    fields: z.array(Field),
    /** An EVM call's input, decoded. */
    call: z.optional(DecodedView),
    /** An EVM call's input that no ABI decodes. */
    rawCall: z.optional(RawCallView),
    /** A Move call, its arguments decoded by the function's on-chain ABI. */
    move: z.optional(MoveCallView),
    moveEvents: z.optional(z.array(MoveEventView)),
    /** A CosmWasm message, its msg decoded (and checked against the workspace's schema where one matches). */
    wasm: z.optional(WasmCallView),
    events: z.array(EventView),
  }),
);
export type MessageView = z.infer<typeof MessageView>;

export const LogView = lazySchema(() =>
  z.object({
    index: z.number(),
    address: Field,
    decoded: z.optional(DecodedView),
    /** Shown when no ABI decodes it. */
    topics: z.array(z.string()),
    data: z.string(),
  }),
);
export type LogView = z.infer<typeof LogView>;

export const CallView = lazySchema(() =>
  z.object({
    depth: z.number(),
    title: z.string(),
    from: Field,
    to: Field,
    value: z.string(),
    gasUsed: z.string(),
    decoded: z.optional(DecodedView),
    /** The call as it is, when no ABI decodes it (and it has input). */
    raw: z.optional(RawCallView),
  }),
);
export type CallView = z.infer<typeof CallView>;

export const BalanceView = lazySchema(() => z.object({ address: Field, changes: z.array(z.string()) }));

/** A Solidity line a frame stopped at: its label (`src/Vault.sol:26`) and the code there; opened by its number. */
export const SourceRefView = lazySchema(() => z.object({ source: z.number(), label: z.string(), snippet: z.string() }));
export type SourceRefView = z.infer<typeof SourceRefView>;

/** One frame of the node's call trace, in call order (depth first). */
export const TraceFrameView = lazySchema(() =>
  z.object({
    depth: z.number(),
    /** CALL, STATICCALL, DELEGATECALL, CREATE… */
    type: z.string(),
    /** The contract's name from the workspace, or its address shortened. */
    contract: z.string(),
    address: z.optional(Field),
    /** `withdraw`, a selector when no ABI knows it, `(no input)`. */
    call: z.string(),
    decoded: z.optional(DecodedView),
    /** The raw input, cut, when no ABI decodes it. */
    input: z.optional(z.string()),
    value: z.string(),
    gasUsed: z.string(),
    /** What a successful frame returned: decoded, or raw. */
    returned: z.optional(z.array(Field)),
    failed: z.boolean(),
    /** The tracer's error (`execution reverted`, `out of gas`). */
    error: z.optional(z.string()),
    /** The revert in words, and whether this frame raised it or passed on a callee's (`from`: that frame's number). */
    revert: z.optional(z.object({ text: z.string(), raised: z.boolean(), from: z.optional(z.number()) })),
    source: z.optional(SourceRefView),
    /** Why there is no source line, or that the artifact is not the deployed code. */
    note: z.optional(z.string()),
    /** The frame's contract can be read (Initia: Call Contract…): its number in `contracts`. */
    contractRef: z.optional(z.number()),
  }),
);
export type TraceFrameView = z.infer<typeof TraceFrameView>;

export const TraceView = lazySchema(() =>
  z.object({
    /** The node that traced it. */
    node: z.string(),
    frames: z.array(TraceFrameView),
    /** Frames left out beyond the limit. */
    omitted: z.number(),
    /** The transaction's revert, first: in words, the frame that raised it, its line. */
    revert: z.optional(
      z.object({ text: z.string(), frame: z.number(), where: z.string(), source: z.optional(SourceRefView) }),
    ),
    /** Source files by number (URIs: the webview asks for one by its number). */
    sources: z.array(
      z.object({ uri: z.string(), line: z.number(), column: z.number(), endLine: z.number(), endColumn: z.number() }),
    ),
    /** Contracts that can be read, by number (lower-case 0x addresses). */
    contracts: z.array(z.string()),
    /** The block the transaction is in (for a read at that block). */
    block: z.optional(z.number()),
  }),
);
export type TraceView = z.infer<typeof TraceView>;

/** A place in the workspace's Move sources, opened by its number in `MoveView.sources`. */
export const MoveSiteView = lazySchema(() => z.object({ source: z.number(), label: z.string() }));
export type MoveSiteView = z.infer<typeof MoveSiteView>;

/** A Move abort, named (core/move/naming.ts): by which source, and where the workspace declares and raises it. */
export const MoveAbortView = lazySchema(() =>
  z.object({
    /** `EINSUFFICIENT_FUNDS`, or the code when no source names it. */
    name: z.string(),
    module: z.string(),
    code: z.string(),
    category: z.string(),
    /** Which source named it, in words. */
    source: z.string(),
    description: z.optional(z.string()),
    declaration: z.optional(MoveSiteView),
    sites: z.array(MoveSiteView),
    /** Sources that could not answer, in words. */
    notes: z.array(z.string()),
  }),
);
export type MoveAbortView = z.infer<typeof MoveAbortView>;

/** A Move transaction's failure in words (an abort named; a VM failure or error explained) and its sources' files. */
export const MoveView = lazySchema(() =>
  z.object({
    failure: z.optional(z.object({ text: z.string(), abort: z.optional(MoveAbortView) })),
    /** Workspace files by number (URIs, 0-based lines): the webview asks for one by its number. */
    sources: z.array(z.object({ uri: z.string(), line: z.number() })),
  }),
);
export type MoveView = z.infer<typeof MoveView>;

/** A failed CosmWasm execution: the failure in words, the contract's own text, the message it failed in. */
export const WasmView = lazySchema(() =>
  z.object({
    failure: z.object({ text: z.string(), contractError: z.string(), msgIndex: z.optional(z.number()) }),
  }),
);
export type WasmView = z.infer<typeof WasmView>;

export const ExplainView = lazySchema(() =>
  z.object({
    kind: z.enum(['cosmos', 'evm']),
    hash: z.string(),
    network: z.string(),
    outcome: z.object({ ok: z.boolean(), text: z.string(), reason: z.optional(z.string()) }),
    facts: z.array(Field),
    messages: z.array(MessageView),
    otherEvents: z.array(EventView),
    balances: z.array(BalanceView),
    logs: z.array(LogView),
    calls: z.array(CallView),
    notes: z.array(z.string()),
    /** ABI files that decoded something, by number (the webview asks for one by its number). */
    abiFiles: z.array(z.string()),
    /** The node's call trace of an EVM transaction, where the network has a JSON-RPC URL that serves it. */
    trace: z.optional(TraceView),
    /** A Move transaction's failure in words, where it failed in the MoveVM. */
    move: z.optional(MoveView),
    /** A CosmWasm transaction's failure in words, where a contract refused. */
    wasm: z.optional(WasmView),
  }),
);
export type ExplainView = z.infer<typeof ExplainView>;

// ---------------------------------------------------------------------------------------------------------------
// Requests: one row per op, with the schema of its arguments and of its reply

export const EXPLAIN_OPS = {
  /** Runs the lookup a value leads to (the host checks the value again first). */
  open: { request: lazySchema(() => z.object({ link: Link })), reply: Done },
  /** Opens an ABI file of the view, by its number (only files of the open folders). */
  openAbi: { request: lazySchema(() => z.object({ file: z.number() })), reply: Done },
  /** Opens what the indexer answered for the transaction shown, as JSON. */
  openJson: { request: lazySchema(() => z.object({})), reply: Done },
  /** Explains the transaction shown again. */
  refresh: { request: lazySchema(() => z.object({})), reply: Done },
  /** Opens the Solidity line of the call trace's source, by its number in the trace (only files of the open folders). */
  openSource: { request: lazySchema(() => z.object({ source: z.number() })), reply: Done },
  /** Replays the transaction shown in the debugger (Initia: Debug Transaction), running to its revert if it failed. */
  debug: { request: lazySchema(() => z.object({})), reply: Done },
  /** Runs Initia: Call Contract… on a contract of the call trace, by its number, at the transaction's block. */
  callContract: { request: lazySchema(() => z.object({ contract: z.number() })), reply: Done },
  /** Opens a place in the workspace's Move sources, by its number in `move.sources` (only files of the open folders). */
  openMoveSource: { request: lazySchema(() => z.object({ source: z.number() })), reply: Done },
  /** Runs Initia: Call Move View Function… on the module a Move message calls, by the message's number. */
  callMoveView: { request: lazySchema(() => z.object({ message: z.number() })), reply: Done },
  ...COMMON_OPS,
} as const;

export type ExplainRequest = RequestOfTable<typeof EXPLAIN_OPS>;
export const ExplainRequest = lazySchema(() => requestSchema(EXPLAIN_OPS));
export type ExplainHandlers = HandlersOf<typeof EXPLAIN_OPS>;
export const parseExplainReply = replyCheck(EXPLAIN_OPS);

// ---------------------------------------------------------------------------------------------------------------
// Messages

export const FromExplainWebview = lazySchema(() => fromWebviewSchema(ExplainRequest));
export type FromExplainWebview = z.infer<typeof FromExplainWebview>;

export const ToExplainWebview = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('loading'), hash: z.string() }),
    z.object({ type: z.literal('error'), hash: z.string(), message: z.string() }),
    z.object({ type: z.literal('explain'), view: ExplainView }),
    ReplyMessage,
  ]),
);
export type ToExplainWebview = z.infer<typeof ToExplainWebview>;
/** What the host pushes (the replies aside). */
export type ExplainPush = Exclude<ToExplainWebview, { type: 'reply' }>;

/** What the panel keeps with setState (to come back after a reload): the transaction it explains. */
export const ExplainState = lazySchema(() => z.object({ hash: z.string(), network: z.string() }));
export type ExplainState = z.infer<typeof ExplainState>;
