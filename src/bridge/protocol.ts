/**
 * The messages between the bridge webview and the extension host: one zod discriminated union per direction, shared
 * by both sides (the webview bundles this file; the host validates every incoming message with it). The webview
 * makes no network call: it asks the host (`request` with an id) and gets a `reply` with the same id. Live transfer
 * updates are pushed as `transfer` messages.
 */
import * as z from 'zod/mini';

export const Form = z.object({
  sourceChainId: z.string(),
  sourceDenom: z.string(),
  destChainId: z.string(),
  destDenom: z.string(),
  amount: z.string(),
  slippage: z.string(),
});
export type Form = z.infer<typeof Form>;

export const SignedHook = z.object({ signer: z.string(), hook: z.string() });

/** What the webview asks the host to do. Each has an id; the host answers with a `reply` carrying it. */
export const Request = z.discriminatedUnion('op', [
  z.object({ op: z.literal('route'), form: Form }),
  // The route travels with the requests that need it (the webview keeps it across reloads; the host re-validates it).
  z.object({ op: z.literal('opHook'), route: z.unknown(), sourceAddress: z.string(), destAddress: z.string() }),
  z.object({ op: z.literal('msgs'), route: z.unknown(), addresses: z.array(z.string()), slippage: z.string(), signedHook: z.optional(SignedHook) }),
  z.object({ op: z.literal('track'), route: z.optional(z.unknown()), txHash: z.string(), chainId: z.string() }),
  z.object({ op: z.literal('watch'), txHash: z.string(), chainId: z.string() }),
  z.object({ op: z.literal('openJson'), what: z.enum(['route', 'hook', 'msgs', 'status']), value: z.optional(z.unknown()) }),
  z.object({ op: z.literal('saveJson'), what: z.enum(['route', 'hook', 'msgs']), value: z.unknown() }),
  z.object({ op: z.literal('readSignedHook') }),
  z.object({ op: z.literal('copy'), text: z.string() }),
  z.object({ op: z.literal('openLink'), url: z.string() }),
]);
export type Request = z.infer<typeof Request>;

export const FromWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('request'), id: z.number(), request: Request }),
]);
export type FromWebview = z.infer<typeof FromWebview>;

/** A hop as the timeline shows it (from the core's transfer model). */
export const HopInfo = z.object({
  kind: z.string(),
  fromChainId: z.optional(z.string()),
  toChainId: z.optional(z.string()),
  state: z.string(),
  outcome: z.string(),
  error: z.optional(z.string()),
  txs: z.array(z.object({ name: z.string(), hash: z.string(), chainId: z.optional(z.string()), explorerLink: z.optional(z.string()) })),
});

export const TransferInfo = z.object({
  txHash: z.string(),
  chainId: z.string(),
  state: z.string(),
  stateText: z.string(),
  outcome: z.string(),
  terminal: z.boolean(),
  hops: z.array(HopInfo),
  error: z.optional(z.string()),
  problem: z.optional(z.string()),
  explorerLink: z.optional(z.string()),
  amountOut: z.optional(z.string()),
  updatedAt: z.optional(z.number()),
});
export type TransferInfo = z.infer<typeof TransferInfo>;

export const Defaults = z.object({
  network: z.string(),
  sourceChainId: z.string(),
  /** Recently used addresses, per chain id. */
  addresses: z.record(z.string(), z.string()),
  chains: z.array(z.string()),
});
export type Defaults = z.infer<typeof Defaults>;

export const ToWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('init'), defaults: Defaults }),
  z.object({ type: z.literal('reply'), id: z.number(), ok: z.boolean(), result: z.optional(z.unknown()), error: z.optional(z.string()) }),
  z.object({ type: z.literal('transfer'), transfer: TransferInfo }),
]);
export type ToWebview = z.infer<typeof ToWebview>;

/** The webview's persisted state (vscode.setState), restored after the panel is hidden or the window reloads. */
export interface BridgeState {
  form?: Form;
  step?: 'form' | 'route' | 'msgs' | 'tracking';
  route?: unknown;
  /** The route's amounts in whole units, when the router knows the assets' decimals. */
  display?: { amountIn?: string; amountOut?: string };
  hook?: unknown;
  signedHook?: { signer: string; hook: string };
  addresses?: string[];
  msgs?: unknown;
  tracking?: { txHash: string; chainId: string };
}
