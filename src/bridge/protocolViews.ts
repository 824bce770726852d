/**
 * What the bridge panel shows and keeps, as zod schemas shared by the host and the webview (bridge/protocol.ts is its
 * op table): the form, the values both sides use, and the view models the host makes (every text ready to show, and
 * shown as text). The webview derives nothing from router data; the raw route, OP hook and messages are `Json`,
 * opaque objects it keeps, shows as JSON and sends back, and the host validates again.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../core/lazySchema';

// ---------------------------------------------------------------------------------------------------------------
// Values both sides use

/** Fast (the router's usual route) or lossless (the OP bridge, which waits out the challenge period). */
export const Withdrawal = lazySchema(() => z.enum(['fast', 'lossless']));
export type Withdrawal = z.infer<typeof Withdrawal>;

/**
 * The transfer form. `amount` is in whole units ("1.5"), converted on the host with the asset's decimals; `v: 2`
 * marks it (a form saved by the version that took base units does not parse, so it is never read as whole units).
 * A listed asset has its decimals from the router; a custom denom has them typed in `sourceDecimals`.
 */
export const Form = lazySchema(() =>
  z.object({
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
  }),
);
export type Form = z.infer<typeof Form>;

/** The form's fields that can be wrong, in the order the panel shows them. */
export const FORM_FIELDS = [
  'sourceChainId',
  'sourceDenom',
  'sourceDecimals',
  'sender',
  'amount',
  'destChainId',
  'destDenom',
  'slippage',
] as const;
export const FormField = lazySchema(() => z.enum(FORM_FIELDS));
export type FormField = z.infer<typeof FormField>;

/**
 * What is wrong with each field of the form, in words (a field that is fine has no entry). Made by the host with the
 * rules of the core (units, validate, catalog), so the webview has no rules of its own.
 */
export const FormErrors = lazySchema(() => z.partialRecord(FormField, z.string()));
export type FormErrors = z.infer<typeof FormErrors>;

export const SignedHook = lazySchema(() => z.object({ signer: z.string(), hook: z.string() }));
export type SignedHook = z.infer<typeof SignedHook>;

/**
 * A JSON object from the router that the webview shows, copies and sends back but never reads (the route, the OP
 * hook, the messages). The host validates it again with the router's schema whenever it comes back.
 */
export const Json = lazySchema(() => z.record(z.string(), z.unknown()));
export type Json = z.infer<typeof Json>;

export const TxRef = lazySchema(() => z.object({ txHash: z.string(), chainId: z.string() }));

// ---------------------------------------------------------------------------------------------------------------
// View models (made by the host: every text is ready to show, and is shown as text)

/** A chain of the picker, from the router's chain list (hidden chains never get here). */
export const ChainOptionView = lazySchema(() =>
  z.object({
    chainId: z.string(),
    name: z.string(),
    /** Interwoven Economy (Initia and its rollups) first, then the other chains. */
    group: z.enum(['initia', 'other']),
    /** "bech32 init1…", "0x…": the address hint for this chain. */
    addressHint: z.string(),
  }),
);
export type ChainOptionView = z.infer<typeof ChainOptionView>;

/** An asset of the picker. */
export const AssetOptionView = lazySchema(() =>
  z.object({
    denom: z.string(),
    /** The symbol, or the recommended symbol for a bridged twin ("USDC.axl"). */
    label: z.string(),
    /** The symbol ("USDC" under the label "USDC.axl"): the picker finds the asset by it, exactly as by its label. */
    symbol: z.string(),
    name: z.optional(z.string()),
    /** Where it comes from, when it is bridged ("from noble-1"). */
    origin: z.optional(z.string()),
    /** Whole units with the symbol ("12.5 INIT"); absent when no balance was asked. */
    balance: z.optional(z.string()),
    /** False when the router does not give its decimals: the amount cannot be converted. */
    convertible: z.boolean(),
  }),
);
export type AssetOptionView = z.infer<typeof AssetOptionView>;

export const AssetsReply = lazySchema(() =>
  z.object({
    assets: z.array(AssetOptionView),
    /** Why there are no balances ("Enter your address to see balances", the router's error in words). */
    balanceNote: z.optional(z.string()),
  }),
);
export type AssetsReply = z.infer<typeof AssetsReply>;

/** An amount in base units with digit grouping ("1,000,000 uinit on interwoven-1") and, when the router's asset
 *  decimals are known, in whole units ("1 INIT"). */
export const AmountView = lazySchema(() => z.object({ base: z.string(), whole: z.optional(z.string()) }));

/** One operation of a route, as the route preview lists it. */
export const RouteStepView = lazySchema(() =>
  z.object({
    /** "IBC", "OPinit bridge", "Swap", or an unknown kind de-snaked. */
    label: z.string(),
    /** "interwoven-1 → osmosis-1", or one chain for a hop that stays on it. */
    chains: z.string(),
    /** "uinit → ibc/…", or one denom. */
    denoms: z.optional(z.string()),
    /** The bridge or the swap venue. */
    via: z.optional(z.string()),
  }),
);
export type RouteStepView = z.infer<typeof RouteStepView>;

/** A chain the route needs an address on (in the order the router wants them), with a hint and what to offer. */
export const AddressView = lazySchema(() =>
  z.object({
    chainId: z.string(),
    placeholder: z.string(),
    /** Derived from the sender's address with this chain's prefix (editable). */
    derived: z.optional(z.string()),
    /** Addresses used on this chain before, newest first. */
    recent: z.array(z.string()),
  }),
);

/** A warning of the route: what kind, in words. */
export const RouteWarningView = lazySchema(() => z.object({ title: z.string(), text: z.string() }));

export const RouteView = lazySchema(() =>
  z.object({
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
    /** "0.99 OSMO": what a swap route delivers at the least at the form's slippage (made with the quote, and again
     *  when the slippage changes). */
    minimumReceived: z.optional(z.string()),
    steps: z.array(RouteStepView),
    /** The router's warnings: each one stops "Generate messages" until the user chooses to proceed. */
    warnings: z.array(RouteWarningView),
    infos: z.array(z.string()),
    addresses: z.array(AddressView),
  }),
);
export type RouteView = z.infer<typeof RouteView>;

export const RouteReply = lazySchema(() => z.object({ route: Json, view: RouteView, signature: z.string() }));
export type RouteReply = z.infer<typeof RouteReply>;

/** One way of an OP withdrawal, as the Fast / Lossless choice shows it. */
export const WithdrawalOptionView = lazySchema(() =>
  z.object({
    amountOut: z.string(),
    duration: z.string(),
    error: z.optional(z.string()),
  }),
);

/** The live quote for the form, pushed by the host as it changes. */
export const QuoteView = lazySchema(() =>
  z.object({
    /** The form it answers (the webview drops a quote for a form it no longer shows). */
    formKey: z.string(),
    status: z.enum(['idle', 'loading', 'ready', 'error']),
    route: z.optional(RouteReply),
    error: z.optional(z.string()),
    /** How old the quote was when posted (ms). */
    ageMs: z.optional(z.number()),
    refreshSeconds: z.number(),
    /** From a rollup to Initia on an OP-bridged asset: the two ways, with their amounts and durations. */
    withdrawal: z.optional(
      z.object({ fast: z.optional(WithdrawalOptionView), lossless: z.optional(WithdrawalOptionView) }),
    ),
  }),
);
export type QuoteView = z.infer<typeof QuoteView>;

/** What the host says of the form as it is typed. */
export const EditReply = lazySchema(() =>
  z.object({
    errors: FormErrors,
    /** Not errors, but worth a look (slippage above 5 %, Max on the asset that pays the fee). */
    warnings: z.partialRecord(FormField, z.string()),
    /** The sender's balance of the source asset, when known: in words, and as the plain number Max fills in. */
    balance: z.optional(z.object({ text: z.string(), max: z.string() })),
    formKey: z.string(),
  }),
);
export type EditReply = z.infer<typeof EditReply>;

/**
 * One message to sign, decoded: its kind in words, its chain and its fields. A field whose value is an address the
 * workspace's deployments name (Foundry broadcasts, Ignition) has that name in `name`, shown after the full address.
 */
export const MsgSummaryView = lazySchema(() =>
  z.object({
    title: z.string(),
    fields: z.array(z.object({ label: z.string(), value: z.string(), name: z.optional(z.string()) })),
  }),
);

/** The check's verdict in words: matches (with what the messages do), couldn't verify (what and why), doesn't match. */
export const VerdictView = lazySchema(() =>
  z.object({
    kind: z.enum(['matches', 'unverified', 'mismatch']),
    effects: z.array(z.string()),
    /** What a match rests on (the basis of a swap's minimum, where the decimals come from): caveats, not effects. */
    caveats: z.array(z.string()),
    mismatches: z.array(z.string()),
    unverified: z.array(z.string()),
  }),
);
export type VerdictView = z.infer<typeof VerdictView>;

/** The OP hook as it was checked: what to sign (rebuilt from the parsed hook), in words, and the verdict. */
export const OpHookView = lazySchema(() =>
  z.object({ hook: Json, summaries: z.array(MsgSummaryView), verdict: VerdictView }),
);
export type OpHookView = z.infer<typeof OpHookView>;

/** The transactions to sign: rebuilt from the checked objects, decoded, with the verdict. */
export const MsgsView = lazySchema(() =>
  z.object({
    /** What the user copies or saves: built from the parsed, checked transactions. */
    signable: Json,
    summaries: z.array(MsgSummaryView),
    verdict: VerdictView,
  }),
);
export type MsgsView = z.infer<typeof MsgsView>;

/** A hop as the timeline shows it (from the core's transfer model). */
export const HopInfo = lazySchema(() =>
  z.object({
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
    txs: z.array(
      z.object({
        name: z.string(),
        label: z.string(),
        hash: z.string(),
        chainId: z.optional(z.string()),
        explorerLink: z.optional(z.string()),
      }),
    ),
  }),
);
export type HopInfo = z.infer<typeof HopInfo>;

export const TransferInfo = lazySchema(() =>
  z.object({
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
  }),
);
export type TransferInfo = z.infer<typeof TransferInfo>;

export const Defaults = lazySchema(() =>
  z.object({
    network: z.string(),
    sourceChainId: z.string(),
    /** The router's origin the panel talks to, through the host ('' when the network has none). */
    router: z.string(),
    /** Origins reached over plain http (not encrypted), for a warning. */
    unencrypted: z.array(z.string()),
    slippagePresets: z.array(z.string()),
    defaultSlippage: z.string(),
  }),
);
export type Defaults = z.infer<typeof Defaults>;
