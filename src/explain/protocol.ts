/**
 * The messages between the Explain Transaction webview and the host, typed with zod and shared by both sides (the
 * webview bundles this file, so it imports nothing but zod/mini). The host sends one view model, every text ready to
 * show (and shown as text); the webview sends back what the user clicked: a link onward (a lookup the host runs after
 * checking it), an ABI file by its number in the view, a copy, the JSON.
 */
import * as z from 'zod/mini';

/** Where a value leads: the same lookups as the JSON documents' links. */
export const Link = z.object({ kind: z.enum(['tx', 'block', 'account']), value: z.string() });
export type Link = z.infer<typeof Link>;

/** A labelled value, linked onward when it is a hash, a height or an address. */
export const Field = z.object({ label: z.string(), text: z.string(), link: z.optional(Link) });
export type Field = z.infer<typeof Field>;

export const EventView = z.object({ type: z.string(), attributes: z.array(Field) });
export type EventView = z.infer<typeof EventView>;

/** A decoded EVM log or call: its name and arguments, where the ABI came from (an index into `abiFiles`). */
export const DecodedView = z.object({
  title: z.string(),
  signature: z.string(),
  source: z.string(),
  file: z.optional(z.number()),
  args: z.array(Field),
});
export type DecodedView = z.infer<typeof DecodedView>;

/** A call no ABI decodes, shown raw: its selector, input and output, and why it is not decoded. */
export const RawCallView = z.object({
  selector: z.string(),
  input: z.string(),
  output: z.optional(z.string()),
  note: z.string(),
});
export type RawCallView = z.infer<typeof RawCallView>;

export const MessageView = z.object({
  title: z.string(),
  typeUrl: z.string(),
  fields: z.array(Field),
  /** An EVM call's input, decoded. */
  call: z.optional(DecodedView),
  /** An EVM call's input that no ABI decodes. */
  rawCall: z.optional(RawCallView),
  events: z.array(EventView),
});
export type MessageView = z.infer<typeof MessageView>;

export const LogView = z.object({
  index: z.number(),
  address: Field,
  decoded: z.optional(DecodedView),
  /** Shown when no ABI decodes it. */
  topics: z.array(z.string()),
  data: z.string(),
});
export type LogView = z.infer<typeof LogView>;

export const CallView = z.object({
  depth: z.number(),
  title: z.string(),
  from: Field,
  to: Field,
  value: z.string(),
  gasUsed: z.string(),
  decoded: z.optional(DecodedView),
  /** The call as it is, when no ABI decodes it (and it has input). */
  raw: z.optional(RawCallView),
});
export type CallView = z.infer<typeof CallView>;

export const BalanceView = z.object({ address: Field, changes: z.array(z.string()) });

export const ExplainView = z.object({
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
});
export type ExplainView = z.infer<typeof ExplainView>;

export const ToExplainWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('loading'), hash: z.string() }),
  z.object({ type: z.literal('error'), hash: z.string(), message: z.string() }),
  z.object({ type: z.literal('explain'), view: ExplainView }),
]);
export type ToExplainWebview = z.infer<typeof ToExplainWebview>;

export const FromExplainWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('open'), link: Link }),
  z.object({ type: z.literal('openAbi'), file: z.number() }),
  z.object({ type: z.literal('copy'), text: z.string() }),
  z.object({ type: z.literal('openJson') }),
  z.object({ type: z.literal('refresh') }),
]);
export type FromExplainWebview = z.infer<typeof FromExplainWebview>;

/** What the panel keeps with setState (to come back after a reload): the transaction it explains. */
export const ExplainState = z.object({ hash: z.string(), network: z.string() });
export type ExplainState = z.infer<typeof ExplainState>;
