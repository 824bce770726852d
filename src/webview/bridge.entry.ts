/**
 * The bridge panel's UI (browser bundle). It never touches the network: every step is a typed request to the
 * extension host (protocol.ts's op table), answered by a reply with the same id that is checked against the op's
 * reply schema before use. It derives nothing from router data: the host sends view models (the route's steps,
 * amounts, fees, duration and warnings already in words; the transfer's timeline), and the raw route, OP hook and
 * messages are kept only to be shown as JSON and sent back. Everything from the router or the user is put in the page
 * as text (textContent / attribute values), never as HTML. The form, the step and the tracked transfer are kept with
 * setState, so the panel comes back as it was after being hidden or after a window reload; a saved state that does
 * not parse (BridgeState) is discarded and the page says so.
 *
 * @vscode/webview-ui-toolkit is imported here only (it is deprecated upstream; a swap to @vscode-elements/elements
 * touches this file alone).
 */
import { provideVSCodeDesignSystem, vsCodeButton, vsCodeDivider, vsCodeProgressRing, vsCodeTextArea, vsCodeTextField } from '@vscode/webview-ui-toolkit';
import { BridgeState, FORM_FIELDS, ToWebview, parseReply, prefillAddresses, type Args, type Defaults, type Form, type FormErrors, type FormField, type FromWebview, type Op, type Reply, type Request, type RouteView, type TransferInfo } from '../bridge/protocol';

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

type Child = Node | string | null | undefined | false;
function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Record<string, string>, ...children: Child[]): HTMLElementTagNameMap[K];
function h(tag: string, attrs?: Record<string, string>, ...children: Child[]): HTMLElement;
function h(tag: string, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (/^on/i.test(k)) continue; // no inline handlers, ever
    el.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return el;
}

function button(label: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLElement {
  const b = h('vscode-button', attrs, label);
  b.addEventListener('click', onClick);
  return b;
}

function field(id: string, label: string, value: string, placeholder = ''): HTMLElement & { value: string } {
  const f = h('vscode-text-field', { id, placeholder, 'aria-label': label }, label) as HTMLElement & { value: string };
  f.value = value;
  return f;
}

const $ = (id: string) => document.getElementById(id);

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

const fresh = (form?: Form): BridgeState => ({ step: 'form', form });
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
const save = () => vscode.setState(state);
if (loaded.rejected) save();

// ---------------------------------------------------------------------------------------------------------------
// Rendering

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
    showError(where, err instanceof Error ? err.message : String(err));
    return undefined;
  } finally {
    if (busy) busy.hidden = true;
  }
}

/** A request behind a small button (copy, open, save): its failure is shown in the section's error line. */
function act<K extends Op>(where: string, op: K, args: Args<K>): void {
  showError(where, undefined);
  request(op, args).catch((err: unknown) => showError(where, err instanceof Error ? err.message : String(err)));
}

const valueOf = (id: string): string => (($(id) as (HTMLElement & { value?: string }) | null)?.value ?? '').trim();

/** The form's fields: the id of each one's text field (its error line is `<id>-error`), its label and its hint. */
const FIELDS: Record<FormField, { id: string; label: string; placeholder: string }> = {
  sourceChainId: { id: 'f-src-chain', label: 'Source chain id', placeholder: 'interwoven-1' },
  sourceDenom: { id: 'f-src-denom', label: 'Source denom', placeholder: 'uinit' },
  destChainId: { id: 'f-dst-chain', label: 'Destination chain id', placeholder: 'osmosis-1' },
  destDenom: { id: 'f-dst-denom', label: 'Destination denom', placeholder: 'uosmo' },
  amount: { id: 'f-amount', label: 'Amount (base units)', placeholder: '1000000' },
  slippage: { id: 'f-slippage', label: 'Slippage %', placeholder: '1' },
};

function formValues(): Form {
  const v = (f: FormField) => valueOf(FIELDS[f].id);
  return { sourceChainId: v('sourceChainId'), sourceDenom: v('sourceDenom'), destChainId: v('destChainId'), destDenom: v('destDenom'), amount: v('amount'), slippage: v('slippage') || '1' };
}

// The host checks the form (validateForm: the rules of core/validate.ts, the same the router client applies); the
// page shows each field's problem next to it. While typing only the fields already edited; after "Find route", all.
let fieldErrors: FormErrors = {};
const touched = new Set<FormField>();
let checkAll = false;
let checkSeq = 0;
let checkTimer: ReturnType<typeof setTimeout> | undefined;

/** Puts each field's problem (if shown) in its error line, and marks the field invalid or not. */
function showFieldErrors(): void {
  for (const f of FORM_FIELDS) {
    const message = checkAll || touched.has(f) ? fieldErrors[f] : undefined;
    const { id } = FIELDS[f];
    showError(`${id}-error`, message);
    const input = $(id);
    if (!input) continue;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
}

/** Asks the host what is wrong with the form now; a reply overtaken by a later check is dropped. */
async function checkForm(form: Form): Promise<FormErrors> {
  const mine = ++checkSeq;
  const errors = await request('validateForm', { form });
  if (mine === checkSeq) {
    fieldErrors = errors;
    showFieldErrors();
  }
  return errors;
}

function onFormInput(field: FormField): void {
  touched.add(field);
  if (checkTimer !== undefined) clearTimeout(checkTimer);
  checkTimer = setTimeout(() => {
    checkTimer = undefined;
    checkForm(formValues()).catch((err: unknown) => showError('form-error', err instanceof Error ? err.message : String(err)));
  }, 250);
}

function formField(name: FormField, value: string): HTMLElement {
  const { id, label, placeholder } = FIELDS[name];
  const input = field(id, label, value, placeholder);
  input.setAttribute('aria-describedby', `${id}-error`);
  input.addEventListener('input', () => onFormInput(name));
  return h('div', { class: 'field' }, input, h('p', { id: `${id}-error`, class: 'field-error', 'aria-live': 'polite', hidden: '' }));
}

function renderForm(root: HTMLElement): void {
  const f = state.form ?? { sourceChainId: defaults?.sourceChainId ?? '', sourceDenom: '', destChainId: '', destDenom: '', amount: '', slippage: '1' };
  const form = h(
    'section',
    { 'aria-labelledby': 'form-title' },
    h('h2', { id: 'form-title' }, '1. Transfer'),
    defaults ? h('p', { class: 'hint', id: 'router-origin' }, defaults.router ? `Router: ${defaults.router} (network ${defaults.network})` : `The network ${defaults.network} has no router.`) : null,
    defaults?.unencrypted.length ? h('p', { class: 'warning', id: 'unencrypted', role: 'note' }, `⚠ Not encrypted: ${defaults.unencrypted.join(', ')} is plain http, so the route and the messages to sign travel in clear text.`) : null,
    h('div', { class: 'grid' }, ...FORM_FIELDS.map((name) => formField(name, f[name]))),
    defaults?.chains.length ? h('p', { class: 'hint' }, `Chains this router knows: ${defaults.chains.join(', ')}`) : null,
    h('div', { class: 'actions' }, button('Find route', () => void findRoute(), { id: 'find-route', appearance: 'primary' })),
    h('p', { id: 'form-error', class: 'error', role: 'alert', hidden: '' }),
  );
  root.append(form);
}

async function findRoute(): Promise<void> {
  const form = formValues();
  state.form = form;
  save();
  // Every field's problem at once, and no route request while there is one.
  checkAll = true;
  const errors = await run('form-error', 'Checking the form…', () => checkForm(form));
  if (!errors) return;
  const firstBad = FORM_FIELDS.find((f) => errors[f]);
  if (firstBad) {
    $(FIELDS[firstBad].id)?.focus();
    return;
  }
  const answer = await run('form-error', 'Finding a route…', () => request('route', { form }));
  if (!answer) return;
  notice = undefined;
  state = { step: 'route', form, route: { raw: answer.route, view: answer.view }, addresses: routeAddresses(answer.view), knownAddresses: state.knownAddresses };
  save();
  render();
}

/** The addresses to prefill, per chain: the last one entered in this panel, else the last one used (the host's). */
function routeAddresses(view: RouteView): string[] {
  return prefillAddresses(
    view.addresses.map((a) => a.chainId),
    state.knownAddresses,
    defaults?.addresses,
  );
}

/** Remembers an address as it is typed, per chain id, to offer it again on the next route (New transfer too). */
function rememberAddress(chainId: string, value: string): void {
  const known = { ...state.knownAddresses };
  const v = value.trim();
  if (v) known[chainId] = v;
  else delete known[chainId];
  state.knownAddresses = known;
  save();
}

function amountText(a: RouteView['amountIn']): string {
  return `${a.base}${a.whole ? ` (${a.whole})` : ''}`;
}

function renderRoute(root: HTMLElement): void {
  const route = state.route;
  if (!route) return;
  const view = route.view;
  const addresses = state.addresses ?? routeAddresses(view);
  const section = h(
    'section',
    { 'aria-labelledby': 'route-title', id: 'route' },
    h('h2', { id: 'route-title' }, '2. Route'),
    h(
      'dl',
      {},
      h('dt', {}, 'You send'),
      h('dd', { id: 'amount-in' }, amountText(view.amountIn)),
      h('dt', {}, 'Expected to arrive'),
      h('dd', { id: 'amount-out' }, amountText(view.amountOut)),
      h('dt', {}, 'Estimated duration'),
      h('dd', {}, view.duration),
      view.fees.length ? h('dt', {}, 'Fees') : null,
      view.fees.length ? h('dd', {}, view.fees.join(', ')) : null,
      h('dt', {}, 'OP hook'),
      h('dd', { id: 'op-hook-required' }, view.opHookRequired ? 'required: get it, sign it, and paste it back below' : 'not needed'),
    ),
    h(
      'ol',
      { class: 'hops', 'aria-label': 'Hops' },
      ...view.steps.map((step) =>
        h('li', {}, h('strong', {}, step.label), ` ${step.chains}`, step.denoms ? h('span', { class: 'muted' }, ` · ${step.denoms}`) : null, step.via ? h('span', { class: 'muted' }, ` · via ${step.via}`) : null),
      ),
    ),
    ...view.warnings.map((w) => h('p', { class: 'warning', role: 'note' }, `⚠ ${w}`)),
    ...view.infos.map((i) => h('p', { class: 'hint' }, i)),
    h('div', { class: 'actions' }, button('Open route as JSON', () => act('route-error', 'openJson', { what: 'route', value: route.raw }), { appearance: 'secondary' })),
    h('h3', {}, 'Addresses along the route'),
    h(
      'div',
      { class: 'grid' },
      ...view.addresses.map((a, i) => {
        const input = field(`addr-${i}`, `Address on ${a.chainId}`, addresses[i] ?? '', a.placeholder);
        input.addEventListener('input', () => rememberAddress(a.chainId, input.value));
        return input;
      }),
    ),
  );
  if (view.opHookRequired) section.append(renderHook());
  section.append(
    h('div', { class: 'actions' }, button('Generate messages', () => void generate(), { id: 'generate', appearance: 'primary' })),
    h('p', { id: 'route-error', class: 'error', role: 'alert', hidden: '' }),
  );
  root.append(section);
}

function renderHook(): HTMLElement {
  const signer = field('hook-signer', 'Hook signer address', state.signedHook?.signer ?? '', 'init1…');
  const signed = h('vscode-text-area', { id: 'hook-signed', rows: '3', 'aria-label': 'Signed hook (base64 of the signed transaction)' }, 'Signed hook (base64)') as HTMLElement & { value: string };
  signed.value = state.signedHook?.hook ?? '';
  const hook = state.hook;
  return h(
    'div',
    { class: 'hook' },
    h('h3', {}, 'OP hook'),
    h('div', { class: 'actions' }, button('Get OP hook', () => void getHook(), { id: 'get-hook' })),
    hook ? h('pre', { id: 'hook-json', tabindex: '0' }, JSON.stringify(hook, null, 2)) : null,
    hook
      ? h(
          'div',
          { class: 'actions' },
          button('Copy', () => act('route-error', 'copy', { text: JSON.stringify(hook, null, 2) })),
          button('Open as JSON', () => act('route-error', 'openJson', { what: 'hook', value: hook })),
          button('Save as JSON…', () => act('route-error', 'saveJson', { what: 'hook', value: hook })),
        )
      : null,
    h('p', { class: 'hint' }, 'Sign the hook with your own wallet or CLI on the chain it names, then paste the signer and the signed transaction (base64) here, or open the file you saved it to.'),
    signer,
    signed,
    h('div', { class: 'actions' }, button('Open signed hook file…', () => void loadSignedHook(), { appearance: 'secondary' })),
  );
}

/** The addresses in the route's fields (and remembered per chain, as what was entered last). */
function currentAddresses(): string[] {
  const chains = state.route?.view.addresses ?? [];
  const values = chains.map((_, i) => valueOf(`addr-${i}`));
  chains.forEach((a, i) => {
    if (values[i]) rememberAddress(a.chainId, values[i]);
  });
  return values;
}

async function getHook(): Promise<void> {
  const route = state.route;
  if (!route) return;
  const addresses = currentAddresses();
  state.addresses = addresses;
  save();
  const hook = await run('route-error', 'Getting the OP hook…', () => request('opHook', { route: route.raw, sourceAddress: addresses[0] ?? '', destAddress: addresses.at(-1) ?? '' }));
  if (hook === undefined) return;
  state.hook = hook;
  save();
  render();
}

async function loadSignedHook(): Promise<void> {
  const loaded = await run('route-error', 'Reading the file…', () => request('readSignedHook', {}));
  if (!loaded) return;
  state.signedHook = { signer: loaded.signer ?? state.signedHook?.signer ?? '', hook: loaded.hook ?? '' };
  save();
  render();
}

async function generate(): Promise<void> {
  const route = state.route;
  if (!route) return;
  const addresses = currentAddresses();
  state.addresses = addresses;
  let signedHook: { signer: string; hook: string } | undefined;
  if (route.view.opHookRequired) {
    signedHook = { signer: valueOf('hook-signer'), hook: (($('hook-signed') as (HTMLElement & { value?: string }) | null)?.value ?? '').replace(/\s+/g, '') };
    state.signedHook = signedHook;
  }
  save();
  const msgs = await run('route-error', 'Generating the messages…', () => request('msgs', { route: route.raw, addresses, slippage: state.form?.slippage ?? '1', signedHook }));
  if (msgs === undefined) return;
  state.msgs = msgs;
  state.step = 'msgs';
  save();
  render();
}

function renderMsgs(root: HTMLElement): void {
  const msgs = state.msgs;
  const route = state.route;
  if (!msgs || !route) return;
  const source = route.view.sourceChainId;
  root.append(
    h(
      'section',
      { 'aria-labelledby': 'msgs-title', id: 'msgs' },
      h('h2', { id: 'msgs-title' }, '3. Sign and broadcast'),
      h('p', { class: 'instruction', id: 'sign-instruction' }, `Sign and broadcast these messages on ${source} with your own wallet or CLI: this extension never holds keys and never broadcasts. Then paste the transaction hash below to follow the transfer.`),
      h('ul', { id: 'msgs-summary', class: 'summary', 'aria-label': 'Transactions to sign' }, ...msgs.summary.map((line) => h('li', {}, line))),
      h('pre', { id: 'msgs-json', tabindex: '0' }, JSON.stringify(msgs.raw, null, 2)),
      h(
        'div',
        { class: 'actions' },
        button('Copy', () => act('track-error', 'copy', { text: JSON.stringify(msgs.raw, null, 2) })),
        button('Open as JSON', () => act('track-error', 'openJson', { what: 'msgs', value: msgs.raw })),
        button('Save to file…', () => act('track-error', 'saveJson', { what: 'msgs', value: msgs.raw })),
      ),
      h('h3', {}, 'Track the broadcast transaction'),
      h('div', { class: 'grid' }, field('t-hash', 'Transaction hash', state.tracking?.txHash ?? '', '64 hexadecimal digits'), field('t-chain', 'Chain it was broadcast on', state.tracking?.chainId ?? source)),
      h('div', { class: 'actions' }, button('Track', () => void track(), { id: 'track', appearance: 'primary' })),
      h('p', { id: 'track-error', class: 'error', role: 'alert', hidden: '' }),
    ),
  );
}

async function track(): Promise<void> {
  const txHash = valueOf('t-hash');
  const chainId = valueOf('t-chain');
  const info = await run('track-error', 'Registering the transfer…', () => request('track', { route: state.route?.raw, txHash, chainId }));
  if (!info) return;
  transfer = info;
  state.tracking = { txHash: info.txHash, chainId: info.chainId };
  state.step = 'tracking';
  save();
  render();
}

function renderTimeline(root: HTMLElement): void {
  if (!state.tracking) return;
  const t = transfer;
  const section = h('section', { 'aria-labelledby': 'timeline-title', id: 'timeline', 'aria-live': 'polite' }, h('h2', { id: 'timeline-title' }, '4. Transfer'));
  section.append(h('p', { id: 'transfer-state', class: `state ${t?.outcome ?? 'pending'}` }, t ? `${t.stateText}${t.terminal ? '' : ' · watching'}` : 'Waiting for the first status…'));
  if (t?.problem) section.append(h('p', { class: 'error' }, t.problem));
  if (t?.error) section.append(h('p', { class: 'error', id: 'transfer-error' }, t.error));
  if (t?.amountOut) section.append(h('p', {}, `Released: ${t.amountOut}`));
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
  state = { ...fresh(state.form), knownAddresses: state.knownAddresses };
  transfer = undefined;
  save();
  render();
}

function render(): void {
  const root = $('app');
  if (!root) return;
  const focused = document.activeElement?.id;
  root.replaceChildren();
  if (notice) root.append(h('p', { id: 'state-note', class: 'hint', role: 'status' }, notice));
  root.append(h('div', { id: 'busy', class: 'busy', hidden: '' }, h('vscode-progress-ring', {}), h('span', { id: 'busy-label' })));
  renderForm(root);
  showFieldErrors();
  renderRoute(root);
  renderMsgs(root);
  renderTimeline(root);
  if (focused) $(focused)?.focus();
}

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
    render();
    const tracking = state.tracking;
    if (tracking)
      void request('watch', tracking).then(
        (t) => {
          transfer = t;
          render();
        },
        (err: unknown) => showError('timeline-error', err instanceof Error ? err.message : String(err)),
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
      render();
    }
  }
});

vscode.postMessage({ type: 'ready' });
