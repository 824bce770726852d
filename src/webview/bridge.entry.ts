/**
 * The bridge panel's UI (browser bundle). It never touches the network: every step is a typed request to the
 * extension host (protocol.ts's op table), answered by a reply with the same id that is checked against the op's
 * reply schema before use. It derives nothing from router data: the host sends view models (the pickers' chains and
 * assets with balances, each field's problem, the live quote with its steps, amounts, fees, warnings in words, the
 * decoded and checked messages, the transfer's timeline). The raw route, OP hook and messages are kept only to be
 * shown as JSON and sent back. Everything from the router or the user is put in the page as text (textContent /
 * attribute values), never as HTML. The form, the step and the tracked transfer are kept with setState, so the panel
 * comes back as it was after being hidden or after a window reload; a saved state that does not parse (BridgeState)
 * is discarded and the page says so.
 *
 * The quote is the host's: it asks for the route 300 ms after the last edit and every 10 s while the panel is
 * visible, and pushes each answer here (`quote`). The page only shows how old it is.
 *
 * @vscode/webview-ui-toolkit is imported here only (it is deprecated upstream; a swap to @vscode-elements/elements
 * touches this file alone). It has no searchable picker: `picker()` below is a combobox on native elements (ARIA 1.2
 * combobox pattern: arrow keys, Enter, Escape, Home/End; the listbox is announced).
 */
import { provideVSCodeDesignSystem, vsCodeButton, vsCodeDivider, vsCodeProgressRing, vsCodeTextArea, vsCodeTextField } from '@vscode/webview-ui-toolkit';
import {
  BridgeState,
  FORM_FIELDS,
  ToWebview,
  formKey,
  parseReply,
  type Args,
  type AssetsReply,
  type ChainOptionView,
  type Defaults,
  type EditReply,
  type Form,
  type FormField,
  type FromWebview,
  type Op,
  type QuoteView,
  type Reply,
  type Request,
  type RouteReply,
  type TransferInfo,
  type VerdictView,
} from '../bridge/protocol';
import { h } from './dom';

provideVSCodeDesignSystem().register(vsCodeButton(), vsCodeTextField(), vsCodeTextArea(), vsCodeDivider(), vsCodeProgressRing());

interface VsCodeApi {
  postMessage(message: FromWebview): void;
  /** Whatever was saved last (by this version or an earlier one): parsed with BridgeState before use. */
  getState(): unknown;
  setState(state: BridgeState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;
const vscode = acquireVsCodeApi();

// ---------------------------------------------------------------------------------------------------------------
// DOM helpers: text only, never HTML

function button(label: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLElement {
  const b = h('vscode-button', attrs, label);
  b.addEventListener('click', () => {
    if (b.getAttribute('aria-disabled') === 'true' || b.hasAttribute('disabled')) return;
    onClick();
  });
  return b;
}

type TextField = HTMLElement & { value: string };
function field(id: string, label: string, value: string, placeholder = ''): TextField {
  const f = h('vscode-text-field', { id, placeholder, 'aria-label': label }, label) as TextField;
  f.value = value;
  return f;
}

const $ = (id: string) => document.getElementById(id);
const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));

// ---------------------------------------------------------------------------------------------------------------
// Host requests

let seq = 0;
const pending = new Map<number, { op: Op; resolve: (v: unknown) => void; reject: (e: Error) => void }>();

/** Asks the host; resolves with the reply once it matches the op's reply schema, else rejects saying what is off. */
function request<K extends Op>(op: K, args: Args<K>): Promise<Reply<K>> {
  const id = ++seq;
  vscode.postMessage({ type: 'request', id, request: { op, ...args } as Request });
  return new Promise<Reply<K>>((resolve, reject) => pending.set(id, { op, resolve: resolve as (v: unknown) => void, reject }));
}

// ---------------------------------------------------------------------------------------------------------------
// State

const fresh = (form?: Form, custom?: BridgeState['custom']): BridgeState => ({ step: 'form', form, custom });
const STATE_NOTE = "This panel's saved state could not be read, so it opened fresh.";

/** The saved state, if it parses; an unreadable one is replaced by a fresh state (and the page says so). */
function loadState(): { state: BridgeState; rejected: boolean } {
  const saved = vscode.getState();
  if (saved === undefined || saved === null) return { state: fresh(), rejected: false };
  const parsed = BridgeState.safeParse(saved);
  return parsed.success ? { state: parsed.data, rejected: false } : { state: fresh(), rejected: true };
}

const loaded = loadState();
let state: BridgeState = loaded.state;
/** A note for the top of the panel (the saved state was discarded). */
let notice: string | undefined = loaded.rejected ? STATE_NOTE : undefined;
let defaults: Defaults | undefined;
let transfer: TransferInfo | undefined;
let quote: QuoteView | undefined;
/** When the shown quote was fetched, by this page's clock. */
let quoteAt: number | undefined;
/** What the host said of the form last. */
let check: EditReply | undefined;
/** "Route updated: review and confirm again." until the user confirms. */
let routeNote: string | undefined;
let chains: ChainOptionView[] | undefined;
let chainsError: string | undefined;
const assetLists: Record<'source' | 'dest', { chainId: string; reply?: AssetsReply; error?: string } | undefined> = { source: undefined, dest: undefined };
const save = () => vscode.setState(state);
if (loaded.rejected) save();

function emptyForm(): Form {
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

function form(): Form {
  if (!state.form) state.form = emptyForm();
  return state.form;
}

// ---------------------------------------------------------------------------------------------------------------
// Small pieces of the page

function showError(where: string, message: string | undefined): void {
  const el = $(where);
  if (!el) return;
  el.textContent = message ?? '';
  el.hidden = !message;
}

async function run<T>(where: string, busyLabel: string, work: () => Promise<T>): Promise<T | undefined> {
  showError(where, undefined);
  const busy = $('busy');
  if (busy) {
    busy.hidden = false;
    const label = $('busy-label');
    if (label) label.textContent = busyLabel;
  }
  try {
    return await work();
  } catch (err) {
    showError(where, errText(err));
    return undefined;
  } finally {
    if (busy) busy.hidden = true;
  }
}

/** A request behind a small button (copy, open, save): its failure is shown in the section's error line. */
function act<K extends Op>(where: string, op: K, args: Args<K>): void {
  showError(where, undefined);
  request(op, args).catch((err: unknown) => showError(where, errText(err)));
}

const valueOf = (id: string): string => (($(id) as (HTMLElement & { value?: string }) | null)?.value ?? '').trim();

// ---------------------------------------------------------------------------------------------------------------
// The picker: a combobox with a filtered listbox (native elements, labelled, keyboard-only friendly)

interface PickerOption {
  value: string;
  label: string;
  /** Right-aligned detail (the chain id, a balance). */
  detail?: string;
  /** Second line (the asset's name, where it comes from). */
  note?: string;
  group?: string;
}

interface PickerSpec {
  id: string;
  label: string;
  placeholder: string;
  /** The option chosen now (its label fills the box). */
  value: string;
  /** The options; undefined while loading. */
  options: () => PickerOption[] | undefined;
  /** Shown when there are no options (loading, an error, an empty list). */
  emptyText: () => string;
  onPick: (value: string) => void;
  searchHint: string;
}

let pickerSeq = 0;

function picker(spec: PickerSpec): HTMLElement {
  const listId = `${spec.id}-list`;
  const input = h('input', {
    id: spec.id,
    type: 'text',
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': 'false',
    'aria-controls': listId,
    'aria-describedby': `${spec.id}-error`,
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: spec.placeholder,
    class: 'picker-input',
  });
  const list = h('ul', { id: listId, role: 'listbox', class: 'picker-list', 'aria-label': spec.label, hidden: '' });
  const chosenLabel = () => spec.options()?.find((o) => o.value === spec.value)?.label ?? spec.value;
  input.value = chosenLabel();
  let shown: PickerOption[] = [];
  let active = -1;
  const instance = ++pickerSeq;

  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };
  const highlight = (i: number) => {
    active = i;
    list.querySelectorAll('[role=option]').forEach((el, j) => el.setAttribute('aria-selected', String(j === i)));
    const el = list.querySelector(`#p${instance}-${i}`);
    if (el) {
      input.setAttribute('aria-activedescendant', el.id);
      el.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };
  const choose = (o: PickerOption) => {
    input.value = o.label;
    close();
    spec.onPick(o.value);
  };
  const open = (query: string) => {
    const options = spec.options();
    list.replaceChildren();
    if (!options || options.length === 0) {
      shown = [];
      list.append(h('li', { class: 'picker-empty', role: 'presentation' }, spec.emptyText()));
    } else {
      const q = query.trim().toLowerCase();
      // The box shows the chosen label: opening it lists everything; typing filters (exact matches first).
      const all = q === '' || q === chosenLabel().toLowerCase();
      const match = (o: PickerOption) => [o.label, o.value, o.detail ?? '', o.note ?? ''].some((t) => t.toLowerCase().includes(q));
      const exact = (o: PickerOption) => o.label.toLowerCase() === q || o.value.toLowerCase() === q;
      shown = all ? options : [...options.filter((o) => match(o) && exact(o)), ...options.filter((o) => match(o) && !exact(o))];
      if (shown.length === 0) list.append(h('li', { class: 'picker-empty', role: 'presentation' }, `Nothing matches "${query.trim()}".`));
      let group: string | undefined;
      shown.forEach((o, i) => {
        if (all && o.group && o.group !== group) {
          group = o.group;
          list.append(h('li', { role: 'presentation', class: 'picker-group' }, o.group));
        }
        const li = h(
          'li',
          { id: `p${instance}-${i}`, role: 'option', 'aria-selected': 'false', class: 'picker-option', 'data-value': o.value },
          h('span', { class: 'picker-label' }, o.label),
          o.detail ? h('span', { class: 'picker-detail' }, o.detail) : null,
          o.note ? h('span', { class: 'picker-note' }, o.note) : null,
        );
        // mousedown, not click: the input keeps its focus (no blur closing the list first).
        li.addEventListener('mousedown', (e) => {
          e.preventDefault();
          choose(o);
        });
        list.append(li);
      });
    }
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    highlight(shown.length ? 0 : -1);
  };

  input.addEventListener('focus', () => input.select());
  input.addEventListener('click', () => open(''));
  input.addEventListener('input', () => open(input.value));
  input.addEventListener('blur', () => {
    close();
    input.value = chosenLabel();
  });
  input.addEventListener('keydown', (e) => {
    const expanded = !list.hidden;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!expanded) open('');
        else if (shown.length) highlight(Math.min(shown.length - 1, active + 1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (expanded && shown.length) highlight(Math.max(0, active - 1));
        break;
      case 'Home':
        if (expanded && shown.length) {
          e.preventDefault();
          highlight(0);
        }
        break;
      case 'End':
        if (expanded && shown.length) {
          e.preventDefault();
          highlight(shown.length - 1);
        }
        break;
      case 'Enter':
        if (expanded && active >= 0 && shown[active]) {
          e.preventDefault();
          choose(shown[active]);
        }
        break;
      case 'Escape':
        if (expanded) {
          e.preventDefault();
          close();
          input.value = chosenLabel();
        }
        break;
    }
  });

  return h(
    'div',
    { class: 'field picker' },
    h('label', { for: spec.id }, spec.label),
    input,
    list,
    h('p', { class: 'hint small' }, spec.searchHint),
    h('p', { id: `${spec.id}-error`, class: 'field-error', 'aria-live': 'polite', hidden: '' }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The form

const CUSTOM = '\u0000custom';

/** The id of each field's input (its error line is `<id>-error`). */
const FIELD_IDS: Record<FormField, string> = {
  sourceChainId: 'f-src-chain',
  sourceDenom: 'f-src-asset',
  sourceDecimals: 'f-src-decimals',
  sender: 'f-sender',
  amount: 'f-amount',
  destChainId: 'f-dst-chain',
  destDenom: 'f-dst-asset',
  slippage: 'f-slippage',
};

/** Fields the user has edited: their problems show as they type (all of them once a route is asked for). */
const touched = new Set<FormField>();
let checkSeq = 0;

/** Puts each field's problem (if shown) and warning in its error line, and marks the field invalid or not. */
function showFieldErrors(): void {
  for (const f of FORM_FIELDS) {
    const message = touched.has(f) ? check?.errors[f] : undefined;
    const warning = check?.warnings[f];
    let id = FIELD_IDS[f];
    if (f === 'sourceDenom' && state.custom?.source) id = 'f-src-denom';
    if (f === 'destDenom' && state.custom?.dest) id = 'f-dst-denom';
    const line = $(`${id}-error`);
    if (line) {
      line.textContent = message ?? warning ?? '';
      line.hidden = !(message ?? warning);
      line.className = message ? 'field-error' : 'field-warning';
    }
    const input = $(id);
    if (!input) continue;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
  const balance = $('balance');
  if (balance) {
    balance.textContent = check?.balance ? `Balance: ${check.balance.text}` : (assetLists.source?.reply?.balanceNote ?? '');
  }
  const max = $('max');
  if (max) {
    if (check?.balance) max.removeAttribute('disabled');
    else max.setAttribute('disabled', '');
  }
  const min = $('min-received');
  if (min) min.textContent = check?.minimumReceived ?? '—';
}

/** Tells the host the form changed: it checks every field and keeps the route fresh (a stale reply is dropped). */
function edit(changed?: FormField): void {
  if (changed) touched.add(changed);
  const f = form();
  save();
  const mine = ++checkSeq;
  request('edit', { form: f })
    .then((reply) => {
      if (mine !== checkSeq) return;
      check = reply;
      showFieldErrors();
    })
    .catch((err: unknown) => showError('form-error', errText(err)));
}

function setField<K extends keyof Form>(key: K, value: Form[K], changed: FormField | undefined): void {
  const f = form();
  if (f[key] === value) return;
  f[key] = value;
  // Another form means another route: what was shown, accepted or generated for the old one goes.
  if (state.step !== 'tracking' && key !== 'sender' && key !== 'slippage') {
    if (state.step === 'msgs') {
      state.msgs = undefined;
      state.overridden = undefined;
    }
    state.step = 'form';
    state.route = undefined;
    state.hook = undefined;
    // Addresses typed for that route stay offered per chain (knownAddresses), below the sender's own.
    state.addresses = undefined;
    state.addressChains = undefined;
    routeNote = undefined;
  }
  edit(changed);
}

function chainOptions(): PickerOption[] | undefined {
  return chains?.map((c) => ({ value: c.chainId, label: c.name, detail: c.chainId, group: c.group === 'initia' ? 'Interwoven Economy' : 'Other chains' }));
}

function assetOptions(side: 'source' | 'dest'): PickerOption[] | undefined {
  const list = assetLists[side];
  const chainId = side === 'source' ? form().sourceChainId : form().destChainId;
  if (!list || list.chainId !== chainId || !list.reply) return list?.error ? [{ value: CUSTOM, label: 'Custom denom…', note: 'Enter a denom the router does not list' }] : undefined;
  return [
    ...list.reply.assets.map((a) => ({
      value: a.denom,
      label: a.label,
      detail: a.balance,
      note: [a.name, a.origin, a.convertible ? undefined : 'decimals unknown: cannot be sent from here'].filter(Boolean).join(' · ') || undefined,
    })),
    { value: CUSTOM, label: 'Custom denom…', note: 'Enter a denom the router does not list' },
  ];
}

/** Loads a chain's assets (with the sender's balances for the source side) and re-renders its picker. */
async function loadAssets(side: 'source' | 'dest'): Promise<void> {
  const f = form();
  const chainId = side === 'source' ? f.sourceChainId : f.destChainId;
  if (!chainId) {
    assetLists[side] = undefined;
    return;
  }
  assetLists[side] = { chainId, reply: assetLists[side]?.chainId === chainId ? assetLists[side]?.reply : undefined };
  try {
    const reply = await request('assets', { chainId, address: side === 'source' ? f.sender : '' });
    if ((side === 'source' ? form().sourceChainId : form().destChainId) !== chainId) return;
    assetLists[side] = { chainId, reply };
  } catch (err) {
    assetLists[side] = { chainId, error: errText(err) };
  }
  refreshPicker(side === 'source' ? 'f-src-asset' : 'f-dst-asset');
  showFieldErrors();
  // The balance may make the amount too large (or fine again).
  edit();
}

/** Puts a picker's chosen label back after its options arrive (without stealing focus). */
function refreshPicker(id: string): void {
  const input = $(id) as HTMLInputElement | null;
  if (!input || document.activeElement === input) return;
  const f = form();
  const value = id === 'f-src-chain' ? f.sourceChainId : id === 'f-dst-chain' ? f.destChainId : id === 'f-src-asset' ? f.sourceDenom : f.destDenom;
  const options = id.includes('chain') ? chainOptions() : assetOptions(id === 'f-src-asset' ? 'source' : 'dest');
  input.value = options?.find((o) => o.value === value)?.label ?? value;
}

let senderTimer: ReturnType<typeof setTimeout> | undefined;

function renderForm(root: HTMLElement): void {
  const f = form();
  const sideAsset = (side: 'source' | 'dest') => {
    const custom = side === 'source' ? state.custom?.source : state.custom?.dest;
    const id = side === 'source' ? 'f-src-asset' : 'f-dst-asset';
    const pick = picker({
      id,
      label: side === 'source' ? 'Asset' : 'Asset received',
      placeholder: 'Search by symbol',
      value: custom ? CUSTOM : side === 'source' ? f.sourceDenom : f.destDenom,
      options: () => assetOptions(side),
      emptyText: () => assetLists[side]?.error ?? ((side === 'source' ? form().sourceChainId : form().destChainId) ? 'Loading the assets…' : 'Pick a chain first.'),
      searchHint: 'Type to search by symbol; ↓ to list',
      onPick: (value) => {
        const isCustom = value === CUSTOM;
        const wasCustom = side === 'source' ? state.custom?.source : state.custom?.dest;
        if (!isCustom && !wasCustom && value === (side === 'source' ? form().sourceDenom : form().destDenom)) return;
        state.custom = { source: state.custom?.source ?? false, dest: state.custom?.dest ?? false, [side]: isCustom };
        if (side === 'source') {
          setField('sourceDenom', isCustom ? '' : value, 'sourceDenom');
          if (!isCustom) form().sourceDecimals = '';
        } else setField('destDenom', isCustom ? '' : value, 'destDenom');
        save();
        renderAll();
        if (isCustom) $(side === 'source' ? 'f-src-denom' : 'f-dst-denom')?.focus();
      },
    });
    const customFields = custom
      ? h(
          'div',
          { class: 'custom' },
          customField(side === 'source' ? 'f-src-denom' : 'f-dst-denom', 'Denom', side === 'source' ? f.sourceDenom : f.destDenom, 'uinit, ibc/…, 0x…', (v) => setField(side === 'source' ? 'sourceDenom' : 'destDenom', v, side === 'source' ? 'sourceDenom' : 'destDenom')),
          side === 'source' ? customField('f-src-decimals', 'Decimals', f.sourceDecimals, '6', (v) => setField('sourceDecimals', v, 'sourceDecimals')) : null,
        )
      : null;
    return h('div', {}, pick, customFields);
  };
  const sidePicker = (side: 'source' | 'dest') =>
    picker({
      id: side === 'source' ? 'f-src-chain' : 'f-dst-chain',
      label: side === 'source' ? 'From chain' : 'To chain',
      placeholder: 'Search chains',
      value: side === 'source' ? f.sourceChainId : f.destChainId,
      options: chainOptions,
      emptyText: () => chainsError ?? 'Loading the chains this router knows…',
      searchHint: 'Type a name or chain id; ↓ to list',
      onPick: (value) => {
        if (value === (side === 'source' ? form().sourceChainId : form().destChainId)) return;
        if (side === 'source') {
          setField('sourceChainId', value, 'sourceChainId');
          form().sourceDenom = '';
          form().sourceDecimals = '';
        } else {
          setField('destChainId', value, 'destChainId');
          form().destDenom = '';
        }
        state.custom = { source: side === 'source' ? false : (state.custom?.source ?? false), dest: side === 'dest' ? false : (state.custom?.dest ?? false) };
        save();
        renderAll();
        void loadAssets(side);
        $(side === 'source' ? 'f-src-asset' : 'f-dst-asset')?.focus();
      },
    });

  const sender = field('f-sender', 'Your address on the source chain', f.sender, chains?.find((c) => c.chainId === f.sourceChainId)?.addressHint ?? 'init1…');
  sender.setAttribute('aria-describedby', 'f-sender-error');
  sender.addEventListener('input', () => {
    form().sender = sender.value.trim();
    edit('sender');
    if (senderTimer !== undefined) clearTimeout(senderTimer);
    senderTimer = setTimeout(() => void loadAssets('source'), 400);
  });
  const amount = field('f-amount', 'Amount', f.amount, 'in whole units, such as 0.25');
  amount.setAttribute('aria-describedby', 'f-amount-error balance');
  amount.setAttribute('inputmode', 'decimal');
  amount.addEventListener('input', () => setField('amount', amount.value, 'amount'));

  const section = h(
    'section',
    { 'aria-labelledby': 'form-title', id: 'form' },
    h('h2', { id: 'form-title' }, '1. Transfer'),
    defaults ? h('p', { class: 'hint', id: 'router-origin' }, defaults.router ? `Router: ${defaults.router} (network ${defaults.network})` : `The network ${defaults.network} has no router.`) : null,
    defaults?.unencrypted.length ? h('p', { class: 'warning', id: 'unencrypted', role: 'note' }, `⚠ Not encrypted: ${defaults.unencrypted.join(', ')} is plain http, so the route and the messages to sign travel in clear text.`) : null,
    h('h3', {}, 'From'),
    h('div', { class: 'grid' }, sidePicker('source'), sideAsset('source')),
    h(
      'div',
      { class: 'grid' },
      h('div', { class: 'field' }, sender, h('p', { id: 'f-sender-error', class: 'field-error', 'aria-live': 'polite', hidden: '' })),
      h(
        'div',
        { class: 'field' },
        h('div', { class: 'amount-row' }, amount, button('Max', () => fillMax(), { id: 'max', appearance: 'secondary', 'aria-label': 'Fill in your whole balance', disabled: '' })),
        h('p', { id: 'balance', class: 'hint small', 'aria-live': 'polite' }),
        h('p', { id: 'f-amount-error', class: 'field-error', 'aria-live': 'polite', hidden: '' }),
      ),
    ),
    h('h3', {}, 'To'),
    h('div', { class: 'grid' }, sidePicker('dest'), sideAsset('dest')),
    h('p', { id: 'form-error', class: 'error', role: 'alert', hidden: '' }),
  );
  root.append(section);
}

function customField(id: string, label: string, value: string, placeholder: string, onInput: (v: string) => void): HTMLElement {
  const f = field(id, label, value, placeholder);
  f.setAttribute('aria-describedby', `${id}-error`);
  f.addEventListener('input', () => onInput(f.value.trim()));
  return h('div', { class: 'field' }, f, h('p', { id: `${id}-error`, class: 'field-error', 'aria-live': 'polite', hidden: '' }));
}

function fillMax(): void {
  const max = check?.balance?.max;
  if (!max) return;
  const input = $('f-amount') as TextField | null;
  if (input) input.value = max;
  setField('amount', max, 'amount');
}

// ---------------------------------------------------------------------------------------------------------------
// The route (live quote)

function quoteAge(): string {
  if (quoteAt === undefined) return '';
  const s = Math.max(0, Math.round((Date.now() - quoteAt) / 1000));
  return `Quote from ${s} s ago · refreshed every ${quote?.refreshSeconds ?? 10} s while this panel is visible`;
}

/** The warnings of the route as one string: accepting them holds for a later quote with the same warnings. */
const warningsKey = (r: RouteReply) => JSON.stringify(r.view.warnings);

function slippageControl(): HTMLElement {
  const f = form();
  const presets = defaults?.slippagePresets ?? ['0.1', '0.5', '1'];
  const custom = field('f-slippage', 'Custom slippage %', presets.includes(f.slippage) ? '' : f.slippage, 'e.g. 2');
  custom.setAttribute('aria-describedby', 'f-slippage-error');
  custom.addEventListener('input', () => {
    if (custom.value.trim()) setField('slippage', custom.value.trim(), 'slippage');
  });
  const group = h(
    'div',
    { class: 'slippage', role: 'group', 'aria-label': 'Slippage tolerance' },
    ...presets.map((p) =>
      button(`${p} %`, () => {
        (custom as TextField).value = '';
        setField('slippage', p, 'slippage');
        renderQuote();
      }, { appearance: f.slippage === p ? 'primary' : 'secondary', 'aria-pressed': String(f.slippage === p), class: 'preset' }),
    ),
    custom,
  );
  return h('div', { class: 'field' }, h('span', { class: 'label' }, 'Slippage tolerance'), group, h('p', { id: 'f-slippage-error', class: 'field-error', 'aria-live': 'polite', hidden: '' }));
}

function withdrawalChoice(): HTMLElement | null {
  const w = quote?.withdrawal;
  if (!w) return null;
  const f = form();
  const option = (value: 'fast' | 'lossless', title: string, o: typeof w.fast) => {
    const id = `w-${value}`;
    const input = h('input', { type: 'radio', name: 'withdrawal', id, value });
    (input as HTMLInputElement).checked = f.withdrawal === value;
    input.addEventListener('change', () => {
      if ((input as HTMLInputElement).checked) setField('withdrawal', value, undefined);
    });
    const detail = o ? (o.error ? o.error : `${o.amountOut} · ${o.duration}`) : 'asked when chosen';
    return h('div', { class: 'radio' }, input, h('label', { for: id }, h('strong', {}, title), h('span', { class: 'muted' }, ` ${detail}`)));
  };
  return h(
    'fieldset',
    { class: 'withdrawal', id: 'withdrawal' },
    h('legend', {}, 'Withdrawal to Initia'),
    option('fast', 'Fast', w.fast),
    option('lossless', 'Lossless (OP bridge)', w.lossless),
    h('p', { class: 'hint small' }, 'The OP bridge sends the whole amount but waits out its challenge period; you then claim it on Initia with your wallet.'),
  );
}

function renderQuote(): void {
  const root = $('route-slot');
  if (!root) return;
  const focused = document.activeElement?.id;
  root.replaceChildren();
  const route = state.route;
  if (state.step === 'tracking' && !route) return;
  const status = quote?.formKey === formKey(form()) ? quote : undefined;
  const section = h('section', { 'aria-labelledby': 'route-title', id: 'route', 'aria-busy': String(status?.status === 'loading') }, h('h2', { id: 'route-title' }, '2. Route'));
  const live = h('div', { class: 'quote-status', role: 'status', id: 'quote-status' });
  if (!route) {
    if (!status || status.status === 'idle') live.append('Fill in the form: the route is found as you type.');
    else if (status.status === 'loading') live.append(h('vscode-progress-ring', {}), ' Finding a route…');
    else if (status.status === 'error') live.append(h('span', { class: 'error', id: 'route-problem' }, status.error ?? 'No route.'));
    section.append(live);
    root.append(section);
    return;
  }
  const view = route.view;
  live.append(h('span', { id: 'quote-age' }, state.step === 'msgs' ? 'The messages below were made from this route.' : quoteAge()));
  if (status?.status === 'error' && state.step !== 'msgs') live.append(h('p', { class: 'error', id: 'route-problem' }, `Refreshing failed: ${status.error ?? ''}`));
  if (state.step !== 'msgs') live.append(button('Refresh', () => act('route-error', 'refresh', {}), { appearance: 'secondary', id: 'refresh-route' }));
  section.append(live);
  if (routeNote) section.append(h('p', { class: 'warning', id: 'route-note', role: 'alert' }, routeNote));
  const choice = withdrawalChoice();
  if (choice) section.append(choice);
  const fees = [...view.fees.deducted.map((f) => `${f} (taken from the amount)`), ...view.fees.additional.map((f) => `${f} (paid on top)`)];
  section.append(
    h(
      'dl',
      {},
      h('dt', {}, 'You send'),
      h('dd', { id: 'amount-in' }, view.amountIn.whole ? `${view.amountIn.whole} (${view.amountIn.base})` : view.amountIn.base),
      h('dt', {}, 'Expected to arrive'),
      h('dd', { id: 'amount-out' }, view.amountOut.whole ? `${view.amountOut.whole} (${view.amountOut.base})` : view.amountOut.base),
      view.doesSwap ? h('dt', {}, 'Minimum received') : null,
      view.doesSwap ? h('dd', { id: 'min-received' }, check?.minimumReceived ?? '—') : null,
      view.priceImpact ? h('dt', {}, 'Price impact') : null,
      view.priceImpact ? h('dd', {}, view.priceImpact) : null,
      h('dt', {}, 'Estimated duration'),
      h('dd', { id: 'duration' }, view.duration),
      h('dt', {}, 'Fees'),
      h('dd', { id: 'fees' }, fees.length ? fees.join('; ') : 'none listed by the router'),
      h('dt', {}, 'OP hook'),
      h('dd', { id: 'op-hook-required' }, view.opHookRequired ? 'required: get it, sign it, and paste it back below' : 'not needed'),
    ),
    h(
      'ol',
      { class: 'hops', 'aria-label': 'Hops' },
      ...view.steps.map((step) => h('li', {}, h('strong', {}, step.label), ` ${step.chains}`, step.denoms ? h('span', { class: 'muted' }, ` · ${step.denoms}`) : null, step.via ? h('span', { class: 'muted' }, ` · via ${step.via}`) : null)),
    ),
  );
  if (view.doesSwap && state.step !== 'msgs') section.append(slippageControl());
  if (view.warnings.length) {
    const accepted = state.accepted === warningsKey(route);
    const box = h(
      'div',
      { class: 'warning-box', id: 'route-warnings', role: 'alert' },
      h('strong', {}, 'The router warns about this route'),
      h('ul', {}, ...view.warnings.map((w) => h('li', { class: 'warning' }, h('strong', {}, `${w.title}: `), w.text))),
    );
    if (state.step !== 'msgs') {
      const cb = h('input', { type: 'checkbox', id: 'accept-warning' }) as HTMLInputElement;
      cb.checked = accepted;
      cb.addEventListener('change', () => {
        state.accepted = cb.checked ? warningsKey(route) : undefined;
        save();
        renderQuote();
      });
      box.append(h('div', { class: 'radio' }, cb, h('label', { for: 'accept-warning' }, 'I have read the warning: proceed anyway')));
    }
    section.append(box);
  }
  for (const info of view.infos) section.append(h('p', { class: 'hint' }, info));
  section.append(h('div', { class: 'actions' }, button('Open route as JSON', () => act('route-error', 'openJson', { what: 'route', value: route.route }), { appearance: 'secondary' })));
  if (state.step !== 'msgs') {
    section.append(h('h3', {}, 'Addresses along the route'), h('p', { class: 'hint small' }, 'Derived from your address where the chain takes the same account; check each one, and edit it if yours differs.'));
    const addresses = routeAddresses(route);
    section.append(
      h(
        'div',
        { class: 'grid' },
        ...view.addresses.map((a, i) => {
          const input = field(`addr-${i}`, `Address on ${a.chainId}`, addresses[i] ?? '', a.placeholder);
          input.addEventListener('input', () => {
            rememberAddress(route, i, input.value);
          });
          const recent = a.recent.filter((r) => r !== addresses[i]).slice(0, 3);
          return h(
            'div',
            { class: 'field' },
            input,
            recent.length
              ? h(
                  'div',
                  { class: 'recent', 'aria-label': `Recent addresses on ${a.chainId}` },
                  h('span', { class: 'hint small' }, 'Recent: '),
                  ...recent.map((r) =>
                    button(short(r), () => {
                      input.value = r;
                      rememberAddress(route, i, r);
                    }, { appearance: 'icon', class: 'recent-address', title: r, 'aria-label': `Use ${r}` }),
                  ),
                )
              : null,
          );
        }),
      ),
    );
    if (view.opHookRequired) section.append(renderHook());
    const blocked = view.warnings.length > 0 && state.accepted !== warningsKey(route);
    section.append(
      h(
        'div',
        { class: 'actions' },
        button(routeNote ? 'Confirm updated route' : 'Generate messages', () => void generate(), {
          id: 'generate',
          appearance: 'primary',
          ...(blocked ? { disabled: '', 'aria-disabled': 'true', title: 'Read the warning above and choose to proceed first' } : {}),
        }),
      ),
    );
  }
  section.append(h('p', { id: 'route-error', class: 'error', role: 'alert', hidden: '' }));
  root.append(section);
  showFieldErrors();
  if (focused) $(focused)?.focus();
}

const short = (s: string) => (s.length > 20 ? `${s.slice(0, 10)}…${s.slice(-6)}` : s);

/** The addresses to prefill, per chain: what was entered for this route, else derived from the sender's address,
 *  else the last one entered for that chain in this panel, else the last one used. */
function routeAddresses(route: RouteReply): string[] {
  const view = route.view;
  return view.addresses.map((a, i) => {
    const entered = state.addresses?.[i];
    if (entered !== undefined && entered !== '' && (state.addressChains?.[i] ?? a.chainId) === a.chainId) return entered;
    return a.derived ?? state.knownAddresses?.[a.chainId] ?? a.recent[0] ?? '';
  });
}

/** Remembers an address as it is typed, for this route and per chain id (offered again on the next route). */
function rememberAddress(route: RouteReply, i: number, value: string): void {
  const chains = route.view.addresses.map((a) => a.chainId);
  const addresses = state.addresses && state.addresses.length === chains.length ? [...state.addresses] : routeAddresses(route);
  addresses[i] = value.trim();
  state.addresses = addresses;
  state.addressChains = chains;
  const known = { ...state.knownAddresses };
  const chainId = chains[i]!;
  if (value.trim()) known[chainId] = value.trim();
  else delete known[chainId];
  state.knownAddresses = known;
  save();
}

function renderHook(): HTMLElement {
  const signer = field('hook-signer', 'Hook signer address', state.signedHook?.signer ?? '', 'init1…');
  const signed = h('vscode-text-area', { id: 'hook-signed', rows: '3', 'aria-label': 'Signed hook (base64 of the signed transaction)' }, 'Signed hook (base64)') as TextField;
  signed.value = state.signedHook?.hook ?? '';
  const keep = () => {
    state.signedHook = { signer: signer.value.trim(), hook: signed.value.replace(/\s+/g, '') };
    save();
  };
  signer.addEventListener('input', keep);
  signed.addEventListener('input', keep);
  const checked = state.hook;
  const hook = checked?.hook;
  const verdict = checked?.verdict;
  const cleared = verdict?.kind === 'matches' || state.hookOverridden === true;
  const override = () => {
    const cb = h('input', { type: 'checkbox', id: 'override-hook' }) as HTMLInputElement;
    cb.checked = state.hookOverridden === true;
    cb.addEventListener('change', () => {
      state.hookOverridden = cb.checked;
      save();
      renderQuote();
      $('override-hook')?.focus();
    });
    return h('div', { class: 'radio' }, cb, h('label', { for: 'override-hook' }, 'Show how to sign it anyway (I will not sign it unless I understand why)'));
  };
  return h(
    'div',
    { class: 'hook' },
    h('h3', {}, 'OP hook'),
    h('div', { class: 'actions' }, button('Get OP hook', () => void getHook(), { id: 'get-hook' })),
    verdict ? verdictBox(verdict, 'hook', 'this hook') : null,
    checked && checked.summaries.length ? summaryList(checked.summaries, 'hook-summary', 'The OP hook') : null,
    verdict && verdict.kind !== 'matches' ? override() : null,
    hook && cleared ? h('pre', { id: 'hook-json', tabindex: '0' }, JSON.stringify(hook, null, 2)) : null,
    hook && cleared
      ? h(
          'div',
          { class: 'actions' },
          button('Copy', () => act('route-error', 'copy', { text: JSON.stringify(hook, null, 2) })),
          button('Open as JSON', () => act('route-error', 'openJson', { what: 'hook', value: hook })),
          button('Save as JSON…', () => act('route-error', 'saveJson', { what: 'hook', value: hook })),
        )
      : null,
    !hook || cleared ? h('p', { class: 'hint', id: 'hook-instruction' }, 'Sign the hook with your own wallet or CLI on the chain it names, then paste the signer and the signed transaction (base64) here, or open the file you saved it to. The signed hook is decoded and must carry exactly the hook checked above.') : null,
    signer,
    signed,
    h('div', { class: 'actions' }, button('Open signed hook file…', () => void loadSignedHook(), { appearance: 'secondary' })),
  );
}

/** The verdict in words: matches (what it does), couldn't verify (what and why), doesn't match (what differs). */
function verdictBox(v: VerdictView, id: string, what: string): HTMLElement {
  if (v.kind === 'matches') {
    return h('div', { class: 'verified', id: `${id}-verified`, role: 'status' }, h('strong', {}, `✓ Matches your transfer: every message of ${what} was decoded and accounted for.`), h('ul', { id: `${id}-effects` }, ...v.effects.map((e) => h('li', {}, e))));
  }
  if (v.kind === 'mismatch') {
    return h(
      'div',
      { class: 'danger-box', id: `${id}-mismatch`, role: 'alert' },
      h('strong', {}, `Doesn't match: do not sign ${what}. It differs from what you asked for.`),
      h('ul', {}, ...v.mismatches.map((m) => h('li', {}, m)), ...v.unverified.map((m) => h('li', {}, m))),
    );
  }
  return h(
    'div',
    { class: 'danger-box', id: `${id}-unverified`, role: 'alert' },
    h('strong', {}, `Couldn't verify ${what}: part of it was not understood, so it is not called checked.`),
    h('ul', {}, ...v.unverified.map((m) => h('li', {}, m))),
  );
}

function summaryList(summaries: readonly { title: string; fields: readonly { label: string; value: string }[] }[], id: string, label: string): HTMLElement {
  return h('ol', { id, class: 'summary', 'aria-label': label }, ...summaries.map((s) => h('li', {}, h('strong', {}, s.title), h('dl', {}, ...s.fields.flatMap((f) => [h('dt', {}, f.label), h('dd', {}, f.value)])))));
}

/** The addresses in the route's fields. */
function currentAddresses(route: RouteReply): string[] {
  return route.view.addresses.map((_, i) => valueOf(`addr-${i}`));
}

async function getHook(): Promise<void> {
  const route = state.route;
  if (!route) return;
  const addresses = currentAddresses(route);
  const hook = await run('route-error', 'Getting the OP hook and checking it…', () => request('opHook', { route: route.route, addresses }));
  if (hook === undefined) return;
  state.hook = hook;
  state.hookOverridden = undefined;
  save();
  renderQuote();
}

async function loadSignedHook(): Promise<void> {
  const loaded = await run('route-error', 'Reading the file…', () => request('readSignedHook', {}));
  if (!loaded) return;
  state.signedHook = { signer: loaded.signer ?? state.signedHook?.signer ?? '', hook: loaded.hook ?? '' };
  save();
  renderQuote();
}

async function generate(): Promise<void> {
  const route = state.route;
  if (!route) return;
  if (route.view.warnings.length && state.accepted !== warningsKey(route)) {
    showError('route-error', 'Read the warning above and choose to proceed first.');
    $('accept-warning')?.focus();
    return;
  }
  const addresses = currentAddresses(route);
  let signedHook: { signer: string; hook: string } | undefined;
  if (route.view.opHookRequired) {
    signedHook = { signer: valueOf('hook-signer'), hook: (($('hook-signed') as (HTMLElement & { value?: string }) | null)?.value ?? '').replace(/\s+/g, '') };
    state.signedHook = signedHook;
  }
  save();
  const answer = await run('route-error', 'Checking the route and generating the messages…', () => request('msgs', { route: route.route, signature: route.signature, addresses, slippage: form().slippage, signedHook }));
  if (answer === undefined) return;
  if (answer.kind === 'updated') {
    state.route = answer.route;
    routeNote = answer.note;
    save();
    renderQuote();
    $('route-note')?.focus();
    return;
  }
  routeNote = undefined;
  state.msgs = answer.msgs;
  state.overridden = undefined;
  state.step = 'msgs';
  save();
  renderAll();
  $('msgs-title')?.scrollIntoView({ block: 'start' });
}

// ---------------------------------------------------------------------------------------------------------------
// The messages to sign, checked

function renderMsgs(root: HTMLElement): void {
  const msgs = state.msgs;
  const route = state.route;
  if (!msgs || !route) return;
  const source = route.view.sourceChainId;
  const verdict = msgs.verdict;
  const mismatched = verdict.kind !== 'matches';
  const section = h('section', { 'aria-labelledby': 'msgs-title', id: 'msgs' }, h('h2', { id: 'msgs-title', tabindex: '-1' }, '3. Sign and broadcast'));
  section.append(verdictBox(verdict, 'msgs', 'these messages'));
  if (mismatched) {
    const cb = h('input', { type: 'checkbox', id: 'override-mismatch' }) as HTMLInputElement;
    cb.checked = state.overridden === true;
    cb.addEventListener('change', () => {
      state.overridden = cb.checked;
      save();
      renderAll();
      $('override-mismatch')?.focus();
    });
    section.append(h('p', {}, 'Check the route and the addresses, or find the route again. If you still want to see them:'), h('div', { class: 'radio' }, cb, h('label', { for: 'override-mismatch' }, verdict.kind === 'mismatch' ? 'Show them anyway (I will not sign them unless I understand why they differ)' : 'Show them anyway (I will not sign them unless I understand what was not verified)')));
  }
  section.append(summaryList(msgs.summaries, 'msgs-summary', 'Messages to sign'));
  const back = button('Back to the route', () => {
    state.step = 'route';
    state.msgs = undefined;
    state.overridden = undefined;
    save();
    renderAll();
  }, { appearance: 'secondary', id: 'back-to-route' });
  if (mismatched && !state.overridden) {
    section.append(h('div', { class: 'actions' }, back), h('p', { id: 'track-error', class: 'error', role: 'alert', hidden: '' }));
    root.append(section);
    return;
  }
  section.append(
    h('p', { class: 'instruction', id: 'sign-instruction' }, `Sign and broadcast these messages on ${source} with your own wallet or CLI: this extension never holds keys and never broadcasts. Then paste the transaction hash below to follow the transfer.`),
    h('details', { id: 'msgs-raw' }, h('summary', {}, 'JSON to sign (rebuilt from what was checked)'), h('pre', { id: 'msgs-json', tabindex: '0' }, JSON.stringify(msgs.signable, null, 2))),
    h(
      'div',
      { class: 'actions' },
      button('Copy', () => act('track-error', 'copy', { text: JSON.stringify(msgs.signable, null, 2) })),
      button('Open as JSON', () => act('track-error', 'openJson', { what: 'msgs', value: msgs.signable })),
      button('Save to file…', () => act('track-error', 'saveJson', { what: 'msgs', value: msgs.signable })),
      back,
    ),
    h('h3', {}, 'Track the broadcast transaction'),
    h('div', { class: 'grid' }, field('t-hash', 'Transaction hash', state.tracking?.txHash ?? '', '64 hexadecimal digits'), field('t-chain', 'Chain it was broadcast on', state.tracking?.chainId ?? source)),
    h('div', { class: 'actions' }, button('Track', () => void track(), { id: 'track', appearance: 'primary' })),
    h('p', { id: 'track-error', class: 'error', role: 'alert', hidden: '' }),
  );
  root.append(section);
}

async function track(): Promise<void> {
  const txHash = valueOf('t-hash');
  const chainId = valueOf('t-chain');
  const info = await run('track-error', 'Registering the transfer…', () => request('track', { route: state.route?.route, txHash, chainId, withdrawal: quote?.withdrawal ? form().withdrawal : undefined }));
  if (!info) return;
  transfer = info;
  state.tracking = { txHash: info.txHash, chainId: info.chainId };
  state.step = 'tracking';
  save();
  renderAll();
}

function renderTimeline(root: HTMLElement): void {
  if (!state.tracking) return;
  const t = transfer;
  const section = h('section', { 'aria-labelledby': 'timeline-title', id: 'timeline', 'aria-live': 'polite' }, h('h2', { id: 'timeline-title' }, '4. Transfer'));
  section.append(h('p', { id: 'transfer-state', class: `state ${t?.outcome ?? 'pending'}` }, t ? `${t.stateText}${t.terminal ? '' : ' · watching'}` : 'Waiting for the first status…'));
  if (t?.problem) section.append(h('p', { class: 'error' }, t.problem));
  if (t?.error) section.append(h('p', { class: 'error', id: 'transfer-error' }, t.error));
  if (t?.amountOut) section.append(h('p', { id: 'transfer-amount' }, t.amountOut));
  if (t?.claim) section.append(h('p', { class: 'instruction', id: 'claim' }, t.claim));
  const list = h('ol', { class: 'timeline', id: 'hops' });
  for (const hop of t?.hops ?? []) {
    list.append(
      h(
        'li',
        { class: hop.outcome },
        h('strong', {}, hop.label),
        ` ${hop.chains} `,
        // The hop's state in words, coloured by its own outcome (a hop can arrive inside a transfer that failed later).
        h('span', { class: `badge ${hop.outcome}`, title: hop.state }, hop.stateText),
        hop.error ? h('div', { class: 'error' }, hop.error) : null,
        ...hop.txs.map((tx) => {
          const link = tx.explorerLink;
          return h('div', { class: 'tx' }, `${tx.label}: `, h('code', {}, tx.hash), link ? button('Open in explorer ↗', () => act('timeline-error', 'openLink', { url: link }), { appearance: 'secondary', class: 'explorer', 'aria-label': `Open ${tx.label} in the explorer` }) : null);
        }),
      ),
    );
  }
  const tracking = state.tracking;
  section.append(
    list,
    h('div', { class: 'actions' }, button('Open status as JSON', () => act('timeline-error', 'openJson', { what: 'status', value: tracking }), { appearance: 'secondary' }), button('New transfer', () => reset(), { appearance: 'secondary' })),
    h('p', { id: 'timeline-error', class: 'error', role: 'alert', hidden: '' }),
  );
  root.append(section);
}

function reset(): void {
  state = { ...fresh(state.form, state.custom), knownAddresses: state.knownAddresses };
  transfer = undefined;
  routeNote = undefined;
  save();
  renderAll();
  edit();
}

function renderAll(): void {
  const root = $('app');
  if (!root) return;
  const focused = document.activeElement?.id;
  root.replaceChildren();
  if (notice) root.append(h('p', { id: 'state-note', class: 'hint', role: 'status' }, notice));
  root.append(h('div', { id: 'busy', class: 'busy', hidden: '' }, h('vscode-progress-ring', {}), h('span', { id: 'busy-label' })));
  renderForm(root);
  root.append(h('div', { id: 'route-slot' }));
  const rest = h('div', { id: 'rest' });
  root.append(rest);
  renderQuote();
  renderMsgs(rest);
  renderTimeline(rest);
  showFieldErrors();
  if (focused) $(focused)?.focus();
}

/** A quote pushed by the host: shown when it answers the form on the page (and no messages were made yet). */
function onQuote(q: QuoteView): void {
  if (q.formKey !== formKey(form())) return;
  quote = q;
  if (q.status === 'ready' && q.route && state.step !== 'msgs' && state.step !== 'tracking') {
    quoteAt = Date.now() - (q.ageMs ?? 0);
    state.route = q.route;
    if (state.step === 'form') state.step = 'route';
    save();
  } else if ((q.status === 'idle' || q.status === 'loading') && state.step === 'route') {
    state.route = undefined;
    state.step = 'form';
    save();
  }
  renderQuote();
}

setInterval(() => {
  const age = $('quote-age');
  if (age && state.step !== 'msgs' && quoteAt !== undefined) age.textContent = quoteAge();
}, 1000);

window.addEventListener('message', (event: MessageEvent) => {
  const parsed = ToWebview.safeParse(event.data);
  if (!parsed.success) return;
  const msg = parsed.data;
  if (msg.type === 'init') {
    defaults = msg.defaults;
    if (msg.stateRejected) {
      // The state VS Code restored could not be read by the host: discard it, whatever getState gave this page.
      state = fresh();
      transfer = undefined;
      notice = STATE_NOTE;
      save();
    }
    form();
    renderAll();
    request('chains', {}).then(
      (reply) => {
        chains = reply.chains;
        chainsError = undefined;
        refreshPicker('f-src-chain');
        refreshPicker('f-dst-chain');
      },
      (err: unknown) => {
        chainsError = `The router's chains could not be loaded: ${errText(err)}`;
        showError('form-error', chainsError);
      },
    );
    void loadAssets('source');
    void loadAssets('dest');
    // The host keeps the route fresh for the form it was told last: tell it (again, after a reload).
    edit();
    const tracking = state.tracking;
    if (tracking)
      void request('watch', tracking).then(
        (t) => {
          transfer = t;
          renderAll();
        },
        (err: unknown) => showError('timeline-error', errText(err)),
      );
  } else if (msg.type === 'reply') {
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (!msg.ok) {
      p.reject(new Error(msg.error));
      return;
    }
    const reply = parseReply(p.op, msg.result);
    if (reply.ok) p.resolve(reply.value);
    else p.reject(new Error(reply.error));
  } else if (msg.type === 'transfer') {
    if (state.tracking && msg.transfer.txHash === state.tracking.txHash && msg.transfer.chainId === state.tracking.chainId) {
      transfer = msg.transfer;
      renderAll();
    }
  } else if (msg.type === 'quote') {
    onQuote(msg.quote);
  }
});

vscode.postMessage({ type: 'ready' });
