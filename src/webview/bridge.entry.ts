/**
 * The bridge panel's UI (browser bundle). It never touches the network: every step is a request to the extension
 * host (protocol.ts), answered by a reply with the same id. Everything from the router or the user is put in the
 * page as text (textContent / attribute values), never as HTML. The form, the step and the tracked transfer are kept
 * with setState, so the panel comes back as it was after being hidden or after a window reload.
 *
 * @vscode/webview-ui-toolkit is imported here only (it is deprecated upstream; a swap to @vscode-elements/elements
 * touches this file alone).
 */
import { provideVSCodeDesignSystem, vsCodeButton, vsCodeDivider, vsCodeProgressRing, vsCodeTextArea, vsCodeTextField } from '@vscode/webview-ui-toolkit';
import { ToWebview, type BridgeState, type Defaults, type Form, type Request, type TransferInfo } from '../bridge/protocol';

provideVSCodeDesignSystem().register(vsCodeButton(), vsCodeTextField(), vsCodeTextArea(), vsCodeDivider(), vsCodeProgressRing());

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): BridgeState | undefined;
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
const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

function request<T = unknown>(req: Request): Promise<T> {
  const id = ++seq;
  vscode.postMessage({ type: 'request', id, request: req });
  return new Promise<T>((resolve, reject) => pending.set(id, { resolve: resolve as (v: unknown) => void, reject }));
}

// ---------------------------------------------------------------------------------------------------------------
// State

let state: BridgeState = vscode.getState() ?? {};
let defaults: Defaults | undefined;
let transfer: TransferInfo | undefined;
const save = () => vscode.setState(state);

interface RouteView {
  amount_in: string | number;
  amount_out: string | number;
  estimated_amount_out?: string | number;
  source_asset_chain_id: string;
  dest_asset_chain_id: string;
  source_asset_denom: string;
  dest_asset_denom: string;
  estimated_route_duration_seconds?: number | null;
  required_op_hook?: boolean;
  required_chain_addresses?: string[];
  chain_ids?: string[];
  operations: Array<Record<string, unknown>>;
  warning?: { message?: string | null } | null;
  extra_warnings?: string[] | null;
  extra_infos?: string[] | null;
  estimated_fees?: Array<{ amount?: string | number; origin_asset?: { denom?: string | null } | null; chain_id?: string | null }> | null;
}

function groupDigits(v: string | number | undefined): string {
  const s = String(v ?? '');
  return /^\d+$/.test(s) ? s.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : s;
}

function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return 'unknown';
  if (seconds < 90) return `about ${seconds} s`;
  if (seconds < 5400) return `about ${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `about ${Math.round(seconds / 3600)} h`;
  return `about ${Math.round(seconds / 86_400)} days`;
}

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

function formValues(): Form {
  const v = (id: string) => (($(id) as (HTMLElement & { value?: string }) | null)?.value ?? '').trim();
  return { sourceChainId: v('f-src-chain'), sourceDenom: v('f-src-denom'), destChainId: v('f-dst-chain'), destDenom: v('f-dst-denom'), amount: v('f-amount'), slippage: v('f-slippage') || '1' };
}

function renderForm(root: HTMLElement): void {
  const f = state.form ?? { sourceChainId: defaults?.sourceChainId ?? '', sourceDenom: '', destChainId: '', destDenom: '', amount: '', slippage: '1' };
  const form = h(
    'section',
    { 'aria-labelledby': 'form-title' },
    h('h2', { id: 'form-title' }, '1. Transfer'),
    h('div', { class: 'grid' }, field('f-src-chain', 'Source chain id', f.sourceChainId, 'interwoven-1'), field('f-src-denom', 'Source denom', f.sourceDenom, 'uinit'), field('f-dst-chain', 'Destination chain id', f.destChainId, 'osmosis-1'), field('f-dst-denom', 'Destination denom', f.destDenom, 'uosmo'), field('f-amount', 'Amount (base units)', f.amount, '1000000'), field('f-slippage', 'Slippage %', f.slippage, '1')),
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
  const answer = await run('form-error', 'Finding a route…', () => request<{ route: RouteView; display?: BridgeState['display'] }>({ op: 'route', form }));
  if (!answer) return;
  const { route, display } = answer;
  state = { form, step: 'route', route, display, addresses: routeAddresses(route) };
  save();
  render();
}

function routeAddresses(route: RouteView): string[] {
  const chains = route.required_chain_addresses ?? route.chain_ids ?? [];
  return chains.map((c, i) => state.addresses?.[i] ?? defaults?.addresses[c] ?? '');
}

function hopLine(op: Record<string, unknown>): HTMLElement {
  const kind = Object.keys(op).find((k) => !['tx_index', 'amount_in', 'amount_out'].includes(k) && op[k] && typeof op[k] === 'object') ?? 'operation';
  const inner = (op[kind] ?? {}) as Record<string, unknown>;
  const s = (k: string) => (typeof inner[k] === 'string' || typeof inner[k] === 'number' ? String(inner[k]) : '');
  const from = s('from_chain_id') || s('chain_id');
  const to = s('to_chain_id') || s('chain_id');
  return h(
    'li',
    {},
    h('strong', {}, kind.replace(/_/g, ' ')),
    ` ${from}${to && to !== from ? ` → ${to}` : ''}`,
    s('denom_in') || s('denom_out') ? h('span', { class: 'muted' }, ` · ${s('denom_in')}${s('denom_out') ? ` → ${s('denom_out')}` : ''}`) : null,
    s('bridge_id') ? h('span', { class: 'muted' }, ` · via ${s('bridge_id')}`) : null,
  );
}

function renderRoute(root: HTMLElement): void {
  const route = state.route as RouteView | undefined;
  if (!route) return;
  const chains = route.required_chain_addresses ?? route.chain_ids ?? [];
  const addresses = state.addresses ?? routeAddresses(route);
  const warnings = [route.warning?.message, ...(route.extra_warnings ?? [])].filter((w): w is string => !!w);
  const fees = (route.estimated_fees ?? []).map((f) => `${groupDigits(f.amount)} ${f.origin_asset?.denom ?? ''}`.trim()).filter(Boolean);
  const section = h(
    'section',
    { 'aria-labelledby': 'route-title', id: 'route' },
    h('h2', { id: 'route-title' }, '2. Route'),
    h(
      'dl',
      {},
      h('dt', {}, 'You send'),
      h('dd', { id: 'amount-in' }, `${groupDigits(route.amount_in)} ${route.source_asset_denom} on ${route.source_asset_chain_id}${state.display?.amountIn ? ` (${state.display.amountIn})` : ''}`),
      h('dt', {}, 'Expected to arrive'),
      h('dd', { id: 'amount-out' }, `${groupDigits(route.estimated_amount_out ?? route.amount_out)} ${route.dest_asset_denom} on ${route.dest_asset_chain_id}${state.display?.amountOut ? ` (${state.display.amountOut})` : ''}`),
      h('dt', {}, 'Estimated duration'),
      h('dd', {}, duration(route.estimated_route_duration_seconds)),
      fees.length ? h('dt', {}, 'Fees') : null,
      fees.length ? h('dd', {}, fees.join(', ')) : null,
      h('dt', {}, 'OP hook'),
      h('dd', { id: 'op-hook-required' }, route.required_op_hook ? 'required: get it, sign it, and paste it back below' : 'not needed'),
    ),
    h('ol', { class: 'hops', 'aria-label': 'Hops' }, ...route.operations.map(hopLine)),
    ...warnings.map((w) => h('p', { class: 'warning', role: 'note' }, `⚠ ${w}`)),
    ...(route.extra_infos ?? []).map((i) => h('p', { class: 'hint' }, i)),
    h('div', { class: 'actions' }, button('Open route as JSON', () => void request({ op: 'openJson', what: 'route', value: state.route }), { appearance: 'secondary' })),
    h('h3', {}, 'Addresses along the route'),
    h('div', { class: 'grid' }, ...chains.map((c, i) => field(`addr-${i}`, `Address on ${c}`, addresses[i] ?? '', c === '1' || /^\d+$/.test(c) ? '0x…' : 'bech32 address'))),
  );
  if (route.required_op_hook) section.append(renderHook());
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
  return h(
    'div',
    { class: 'hook' },
    h('h3', {}, 'OP hook'),
    h('div', { class: 'actions' }, button('Get OP hook', () => void getHook(), { id: 'get-hook' })),
    state.hook ? h('pre', { id: 'hook-json', tabindex: '0' }, JSON.stringify(state.hook, null, 2)) : null,
    state.hook
      ? h('div', { class: 'actions' }, button('Copy', () => void request({ op: 'copy', text: JSON.stringify(state.hook, null, 2) })), button('Open as JSON', () => void request({ op: 'openJson', what: 'hook', value: state.hook })), button('Save as JSON…', () => void request({ op: 'saveJson', what: 'hook', value: state.hook })))
      : null,
    h('p', { class: 'hint' }, 'Sign the hook with your own wallet or CLI on the chain it names, then paste the signer and the signed transaction (base64) here, or open the file you saved it to.'),
    signer,
    signed,
    h('div', { class: 'actions' }, button('Open signed hook file…', () => void loadSignedHook(), { appearance: 'secondary' })),
  );
}

function currentAddresses(): string[] {
  const route = state.route as RouteView;
  const chains = route.required_chain_addresses ?? route.chain_ids ?? [];
  return chains.map((_, i) => ((($(`addr-${i}`) as (HTMLElement & { value?: string }) | null)?.value ?? '') as string).trim());
}

async function getHook(): Promise<void> {
  const addresses = currentAddresses();
  state.addresses = addresses;
  save();
  const hook = await run('route-error', 'Getting the OP hook…', () => request({ op: 'opHook', route: state.route, sourceAddress: addresses[0] ?? '', destAddress: addresses.at(-1) ?? '' }));
  if (hook === undefined) return;
  state.hook = hook;
  save();
  render();
}

async function loadSignedHook(): Promise<void> {
  const loaded = await run('route-error', 'Reading the file…', () => request<{ signer?: string; hook?: string } | null>({ op: 'readSignedHook' }));
  if (!loaded) return;
  state.signedHook = { signer: loaded.signer ?? state.signedHook?.signer ?? '', hook: loaded.hook ?? '' };
  save();
  render();
}

async function generate(): Promise<void> {
  const addresses = currentAddresses();
  state.addresses = addresses;
  const route = state.route as RouteView;
  let signedHook: { signer: string; hook: string } | undefined;
  if (route.required_op_hook) {
    const signer = (($('hook-signer') as (HTMLElement & { value?: string }) | null)?.value ?? '').trim();
    const hook = (($('hook-signed') as (HTMLElement & { value?: string }) | null)?.value ?? '').replace(/\s+/g, '');
    signedHook = { signer, hook };
    state.signedHook = signedHook;
  }
  save();
  const msgs = await run('route-error', 'Generating the messages…', () => request({ op: 'msgs', route: state.route, addresses, slippage: state.form?.slippage ?? '1', signedHook }));
  if (msgs === undefined) return;
  state.msgs = msgs;
  state.step = 'msgs';
  save();
  render();
}

function renderMsgs(root: HTMLElement): void {
  if (!state.msgs) return;
  const route = state.route as RouteView;
  root.append(
    h(
      'section',
      { 'aria-labelledby': 'msgs-title', id: 'msgs' },
      h('h2', { id: 'msgs-title' }, '3. Sign and broadcast'),
      h('p', { class: 'instruction', id: 'sign-instruction' }, `Sign and broadcast these messages on ${route.source_asset_chain_id} with your own wallet or CLI: this extension never holds keys and never broadcasts. Then paste the transaction hash below to follow the transfer.`),
      h('pre', { id: 'msgs-json', tabindex: '0' }, JSON.stringify(state.msgs, null, 2)),
      h('div', { class: 'actions' }, button('Copy', () => void request({ op: 'copy', text: JSON.stringify(state.msgs, null, 2) })), button('Open as JSON', () => void request({ op: 'openJson', what: 'msgs', value: state.msgs })), button('Save to file…', () => void request({ op: 'saveJson', what: 'msgs', value: state.msgs }))),
      h('h3', {}, 'Track the broadcast transaction'),
      h('div', { class: 'grid' }, field('t-hash', 'Transaction hash', state.tracking?.txHash ?? '', '64 hexadecimal digits'), field('t-chain', 'Chain it was broadcast on', state.tracking?.chainId ?? route.source_asset_chain_id)),
      h('div', { class: 'actions' }, button('Track', () => void track(), { id: 'track', appearance: 'primary' })),
      h('p', { id: 'track-error', class: 'error', role: 'alert', hidden: '' }),
    ),
  );
}

async function track(): Promise<void> {
  const txHash = (($('t-hash') as (HTMLElement & { value?: string }) | null)?.value ?? '').trim();
  const chainId = (($('t-chain') as (HTMLElement & { value?: string }) | null)?.value ?? '').trim();
  const info = await run('track-error', 'Registering the transfer…', () => request<TransferInfo>({ op: 'track', route: state.route, txHash, chainId }));
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
        h('strong', {}, hop.kind.replace(/_/g, ' ')),
        ` ${hop.fromChainId ?? '?'} → ${hop.toChainId ?? '?'} `,
        h('span', { class: 'badge' }, hop.state),
        hop.error ? h('div', { class: 'error' }, hop.error) : null,
        ...hop.txs.map((tx) =>
          h('div', { class: 'tx' }, `${tx.name.replace(/_/g, ' ')}: `, h('code', {}, tx.hash), tx.explorerLink ? button('Open in explorer', () => void request({ op: 'openLink', url: tx.explorerLink! }), { appearance: 'icon', 'aria-label': `Open ${tx.name} in the explorer` }) : null),
        ),
      ),
    );
  }
  section.append(list, h('div', { class: 'actions' }, button('Open status as JSON', () => void request({ op: 'openJson', what: 'status', value: state.tracking }), { appearance: 'secondary' }), button('New transfer', () => reset(), { appearance: 'secondary' })));
  root.append(section);
}

function reset(): void {
  state = { form: state.form };
  transfer = undefined;
  save();
  render();
}

function render(): void {
  const root = $('app');
  if (!root) return;
  const focused = document.activeElement?.id;
  root.replaceChildren();
  root.append(h('div', { id: 'busy', class: 'busy', hidden: '' }, h('vscode-progress-ring', {}), h('span', { id: 'busy-label' })));
  renderForm(root);
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
    render();
    if (state.tracking) void request<TransferInfo>({ op: 'watch', ...state.tracking }).then((t) => {
      transfer = t;
      render();
    }, () => undefined);
  } else if (msg.type === 'reply') {
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.ok) p.resolve(msg.result);
    else p.reject(new Error(msg.error ?? 'failed'));
  } else if (msg.type === 'transfer') {
    if (state.tracking && msg.transfer.txHash === state.tracking.txHash && msg.transfer.chainId === state.tracking.chainId) {
      transfer = msg.transfer;
      render();
    }
  }
});

vscode.postMessage({ type: 'ready' });
