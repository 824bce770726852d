/**
 * The bridge panel's state and its one reducer. Every change of the page goes through `reduce`: the step (form →
 * route → msgs → tracking) is changed here and nowhere else, and so are the form, the route shown, the user's
 * choices and what the host said. `saved` is the part kept with setState (the protocol's BridgeState, parsed on
 * restore); the rest lives as long as the page. Pure: no DOM, no requests (flows.ts asks the host and dispatches
 * what it answers); the reducer returns the same objects for what an action does not change, so that each
 * component renders only when its slice changes.
 */
import {
  BridgeState,
  formKey,
  type AssetsReply,
  type ChainOptionView,
  type Defaults,
  type EditReply,
  type Form,
  type FormField,
  type MsgsView,
  type OpHookView,
  type QuoteView,
  type RouteReply,
  type SignedHook,
  type TransferInfo,
} from '../protocol';

export type Side = 'source' | 'dest';
/** Where a failure is said: under the form, the route, the messages or the timeline. */
export type Slot = 'form' | 'route' | 'track' | 'timeline';
/** The picker's value for "Custom denom…". */
export const CUSTOM = '\u0000custom';
export const STATE_NOTE = "This panel's saved state could not be read, so it opened fresh.";

/** A chain's assets as the picker lists them (loading while neither reply nor error). */
export interface AssetList {
  chainId: string;
  reply?: AssetsReply;
  error?: string;
}

export interface BridgeUi {
  /** What is kept with setState (and parsed with BridgeState when the page starts). */
  saved: BridgeState;
  /** A note at the top of the panel (the saved state was discarded). */
  notice?: string;
  defaults?: Defaults;
  chains?: ChainOptionView[];
  chainsError?: string;
  assets: Readonly<Record<Side, AssetList | undefined>>;
  /** What the host said of the form last. */
  check?: EditReply;
  /** Fields the user has edited: their problems show as they type. */
  touched: readonly FormField[];
  /** The last quote pushed for the form on the page. */
  quote?: QuoteView;
  /** When the shown quote was fetched, by this page's clock. */
  quoteAt?: number;
  /** The page's clock (ticks every second, for the quote's age). */
  now: number;
  /** "Route updated: review and confirm again." until the user confirms. */
  routeNote?: string;
  transfer?: TransferInfo;
  /** What the page is waiting for, in words (a progress ring shows meanwhile). */
  busy?: string;
  errors: Readonly<Partial<Record<Slot, string>>>;
}

export type Action =
  | { type: 'init'; defaults: Defaults; stateRejected?: boolean }
  | { type: 'network'; defaults: Defaults }
  | { type: 'chains'; chains?: ChainOptionView[]; error?: string }
  | { type: 'assets'; side: Side; list: AssetList | undefined }
  | { type: 'field'; key: keyof Form; value: string; touched?: FormField }
  | { type: 'pickChain'; side: Side; chainId: string }
  | { type: 'pickAsset'; side: Side; value: string }
  | { type: 'check'; reply: EditReply }
  | { type: 'quote'; quote: QuoteView; at: number }
  | { type: 'tick'; now: number }
  | { type: 'accept'; accepted: boolean }
  | { type: 'address'; index: number; value: string }
  | { type: 'hook'; hook: OpHookView }
  | { type: 'hookOverride'; on: boolean }
  | { type: 'signedHook'; signedHook: Partial<SignedHook> }
  | { type: 'routeUpdated'; route: RouteReply; note: string }
  | { type: 'msgs'; msgs: MsgsView }
  | { type: 'override'; on: boolean }
  | { type: 'back' }
  | { type: 'tracked'; transfer: TransferInfo }
  | { type: 'transfer'; transfer: TransferInfo }
  | { type: 'reset' }
  | { type: 'busy'; label?: string }
  | { type: 'error'; slot: Slot; text?: string };

const fresh = (form?: Form, custom?: BridgeState['custom']): BridgeState => ({ step: 'form', form, custom });

/** The page's first state: the saved one if it parses (an unreadable one is replaced, and the page says so). */
export function initialState(saved: unknown, now: number): BridgeUi {
  const base = { assets: { source: undefined, dest: undefined }, touched: [], now, errors: {} };
  if (saved === undefined || saved === null) return { ...base, saved: fresh() };
  const parsed = BridgeState.safeParse(saved);
  return parsed.success ? { ...base, saved: parsed.data } : { ...base, saved: fresh(), notice: STATE_NOTE };
}

export function emptyForm(defaults: Defaults | undefined): Form {
  return {
    v: 2,
    sourceChainId: defaults?.sourceChainId ?? '',
    sourceDenom: '',
    sourceDecimals: '',
    destChainId: '',
    destDenom: '',
    amount: '',
    slippage: defaults?.defaultSlippage ?? '0.5',
    sender: '',
    withdrawal: 'fast',
  };
}

/** The form on the page (an empty one before `init`). */
export const formOf = (s: BridgeUi): Form => s.saved.form ?? emptyForm(s.defaults);
export const chainOf = (form: Form, side: Side): string => (side === 'source' ? form.sourceChainId : form.destChainId);
export const denomOf = (form: Form, side: Side): string => (side === 'source' ? form.sourceDenom : form.destDenom);
/** The route is quoted live (form and route steps); from the messages on, it is what they were made from. */
export const isLive = (s: BridgeUi): boolean => s.saved.step === 'form' || s.saved.step === 'route';
/** The quote pushed for the form on the page, if the last one is. */
export const quoteFor = (s: BridgeUi): QuoteView | undefined =>
  s.quote?.formKey === formKey(formOf(s)) ? s.quote : undefined;
/** The warnings of the route as one string: accepting them holds for a later quote with the same warnings. */
export const warningsKey = (r: RouteReply): string => JSON.stringify(r.view.warnings);
/** The router's warnings stop "Generate messages" until the user chooses to proceed. */
export const blocked = (s: BridgeUi): boolean =>
  !!s.saved.route && s.saved.route.view.warnings.length > 0 && s.saved.accepted !== warningsKey(s.saved.route);

/**
 * The addresses to prefill, per chain of the route: what was entered for this route, else derived from the sender's
 * address, else the last one entered for that chain in this panel, else the last one used.
 */
export function routeAddresses(s: BridgeState): string[] {
  const route = s.route;
  if (!route) return [];
  return route.view.addresses.map((a, i) => {
    const entered = s.addresses?.[i];
    if (entered !== undefined && entered !== '' && (s.addressChains?.[i] ?? a.chainId) === a.chainId) return entered;
    return a.derived ?? s.knownAddresses?.[a.chainId] ?? a.recent[0] ?? '';
  });
}

const with_ = (s: BridgeUi, saved: Partial<BridgeState>): BridgeUi => ({
  ...s,
  saved: { ...s.saved, ...saved } as BridgeState,
});
const touch = (s: BridgeUi, f: FormField | undefined): readonly FormField[] =>
  f && !s.touched.includes(f) ? [...s.touched, f] : s.touched;

/** A changed form field. Another form means another route: what was shown, accepted or generated for the old one goes. */
function setField(s: BridgeUi, key: keyof Form, value: string, touched: FormField | undefined): BridgeUi {
  const form = formOf(s);
  if (form[key] === value) return s.saved.form ? s : with_(s, { form });
  const next = with_({ ...s, touched: touch(s, touched) }, { form: { ...form, [key]: value } as Form });
  if (s.saved.step === 'tracking' || key === 'sender' || key === 'slippage') return next;
  // Addresses typed for that route stay offered per chain (knownAddresses), below the sender's own.
  return {
    ...with_(next, {
      step: 'form',
      route: undefined,
      hook: undefined,
      addresses: undefined,
      addressChains: undefined,
      msgs: undefined,
      overridden: undefined,
    }),
    routeNote: undefined,
  };
}

function rememberAddress(s: BridgeUi, i: number, value: string): BridgeUi {
  const route = s.saved.route;
  if (!route) return s;
  const chains = route.view.addresses.map((a) => a.chainId);
  const chainId = chains[i];
  if (chainId === undefined) return s;
  const addresses =
    s.saved.addresses && s.saved.addresses.length === chains.length ? [...s.saved.addresses] : routeAddresses(s.saved);
  addresses[i] = value.trim();
  const known = { ...s.saved.knownAddresses };
  if (value.trim()) known[chainId] = value.trim();
  else delete known[chainId];
  return with_(s, { addresses, addressChains: chains, knownAddresses: known });
}

/** A quote pushed by the host: shown when it answers the form on the page (and no messages were made from a route yet). */
function onQuote(s: BridgeUi, q: QuoteView, at: number): BridgeUi {
  if (q.formKey !== formKey(formOf(s))) return s;
  const step = s.saved.step;
  if (q.status === 'ready' && q.route && (step === 'form' || step === 'route')) {
    // The same route again (a re-sent quote) keeps its object: nothing that shows it renders again.
    const route = s.saved.route && JSON.stringify(s.saved.route) === JSON.stringify(q.route) ? s.saved.route : q.route;
    return with_({ ...s, quote: q, quoteAt: at - (q.ageMs ?? 0) }, { route, step: 'route' });
  }
  if ((q.status === 'idle' || q.status === 'loading') && step === 'route')
    return with_({ ...s, quote: q }, { route: undefined, step: 'form' });
  return { ...s, quote: q };
}

/** Another router: its lists are asked anew, and what the old one failed to answer is no longer said. */
function onNetwork(s: BridgeUi, defaults: Defaults): BridgeUi {
  const next = {
    ...s,
    defaults,
    chains: undefined,
    chainsError: undefined,
    assets: { source: undefined, dest: undefined },
    errors: { ...s.errors, form: undefined },
  };
  const same = s.defaults && s.defaults.network === defaults.network && s.defaults.router === defaults.router;
  if (same) return next;
  // Another network: nothing of the old one's transfer (form, route, messages, verdict, tracking) stays under the
  // new router's header; the addresses typed per chain stay offered.
  return {
    ...next,
    saved: { ...fresh(emptyForm(defaults)), knownAddresses: s.saved.knownAddresses },
    check: undefined,
    touched: [],
    quote: undefined,
    quoteAt: undefined,
    routeNote: undefined,
    transfer: undefined,
    errors: {},
  };
}

/** A chain picked: its side's asset (and decimals) and list go, and the side is no longer a custom denom. */
function pickChain(s: BridgeUi, side: Side, chainId: string): BridgeUi {
  const key = side === 'source' ? 'sourceChainId' : 'destChainId';
  if (chainId === chainOf(formOf(s), side)) return s;
  let next = setField(s, key, chainId, key);
  const form = formOf(next);
  next = with_(next, {
    form: side === 'source' ? { ...form, sourceDenom: '', sourceDecimals: '' } : { ...form, destDenom: '' },
    custom: {
      source: side === 'source' ? false : (s.saved.custom?.source ?? false),
      dest: side === 'dest' ? false : (s.saved.custom?.dest ?? false),
    },
  });
  return { ...next, assets: { ...next.assets, [side]: undefined } };
}

/** An asset picked from the list, or "Custom denom…" (its denom typed then). */
function pickAsset(s: BridgeUi, side: Side, value: string): BridgeUi {
  const isCustom = value === CUSTOM;
  const wasCustom = (side === 'source' ? s.saved.custom?.source : s.saved.custom?.dest) ?? false;
  if (!isCustom && !wasCustom && value === denomOf(formOf(s), side)) return s;
  const key = side === 'source' ? 'sourceDenom' : 'destDenom';
  let next = setField(s, key, isCustom ? '' : value, key);
  if (side === 'source' && !isCustom) next = with_(next, { form: { ...formOf(next), sourceDecimals: '' } });
  return with_(next, {
    custom: { source: s.saved.custom?.source ?? false, dest: s.saved.custom?.dest ?? false, [side]: isCustom },
  });
}

export function reduce(s: BridgeUi, a: Action): BridgeUi {
  switch (a.type) {
    case 'init': {
      const base = a.stateRejected ? { ...s, saved: fresh(), transfer: undefined, notice: STATE_NOTE } : s;
      const next = { ...base, defaults: a.defaults };
      return next.saved.form ? next : with_(next, { form: emptyForm(a.defaults) });
    }
    case 'network':
      return onNetwork(s, a.defaults);
    case 'chains':
      return { ...s, chains: a.chains ?? s.chains, chainsError: a.error };
    case 'assets': {
      // An answer for a chain the form no longer has is dropped.
      if (a.list && a.list.chainId !== chainOf(formOf(s), a.side)) return s;
      return { ...s, assets: { ...s.assets, [a.side]: a.list } };
    }
    case 'field':
      return setField(s, a.key, a.value, a.touched);
    case 'pickChain':
      return pickChain(s, a.side, a.chainId);
    case 'pickAsset':
      return pickAsset(s, a.side, a.value);
    case 'check':
      return { ...s, check: a.reply };
    case 'quote':
      return onQuote(s, a.quote, a.at);
    case 'tick':
      return { ...s, now: a.now };
    case 'accept':
      return with_(s, { accepted: a.accepted && s.saved.route ? warningsKey(s.saved.route) : undefined });
    case 'address':
      return rememberAddress(s, a.index, a.value);
    case 'hook':
      return with_(s, { hook: a.hook, hookOverridden: undefined });
    case 'hookOverride':
      return with_(s, { hookOverridden: a.on });
    case 'signedHook':
      return with_(s, {
        signedHook: {
          signer: a.signedHook.signer ?? s.saved.signedHook?.signer ?? '',
          hook: a.signedHook.hook ?? s.saved.signedHook?.hook ?? '',
        },
      });
    case 'routeUpdated':
      return with_({ ...s, routeNote: a.note }, { route: a.route });
    case 'msgs':
      return with_({ ...s, routeNote: undefined }, { msgs: a.msgs, overridden: undefined, step: 'msgs' });
    case 'override':
      return with_(s, { overridden: a.on });
    case 'back':
      return with_(s, { step: 'route', msgs: undefined, overridden: undefined });
    case 'tracked':
      return with_(
        { ...s, transfer: a.transfer },
        { tracking: { txHash: a.transfer.txHash, chainId: a.transfer.chainId }, step: 'tracking' },
      );
    case 'transfer': {
      const t = s.saved.tracking;
      return t && a.transfer.txHash === t.txHash && a.transfer.chainId === t.chainId
        ? { ...s, transfer: a.transfer }
        : s;
    }
    case 'reset':
      return {
        ...s,
        saved: { ...fresh(s.saved.form, s.saved.custom), knownAddresses: s.saved.knownAddresses },
        transfer: undefined,
        routeNote: undefined,
        errors: {},
      };
    case 'busy':
      return s.busy === a.label ? s : { ...s, busy: a.label };
    case 'error':
      return s.errors[a.slot] === a.text ? s : { ...s, errors: { ...s.errors, [a.slot]: a.text } };
  }
}

/** What the components may do: every user action of the page. */
export interface BridgeActions {
  setField(key: keyof Form, value: string, touched?: FormField): void;
  pickChain(side: Side, chainId: string): void;
  pickAsset(side: Side, value: string): void;
  fillMax(): void;
  refresh(): void;
  accept(accepted: boolean): void;
  address(index: number, value: string): void;
  getHook(): void;
  overrideHook(on: boolean): void;
  signedHook(part: { signer?: string; hook?: string }): void;
  loadSignedHook(): void;
  generate(): void;
  override(on: boolean): void;
  back(): void;
  track(txHash: string, chainId: string): void;
  reset(): void;
  // The small buttons (copy, open, save): a failure is said in their section's error line.
  openRouteJson(): void;
  copyHook(): void;
  openHookJson(): void;
  saveHook(): void;
  copyMessages(): void;
  openMessagesJson(): void;
  saveMessages(): void;
  openStatusJson(): void;
  openExplorer(url: string): void;
}
