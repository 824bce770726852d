/**
 * The Explain Transaction view (browser bundle). It derives nothing: the host sends one view model (explain/protocol.ts)
 * with every text ready, and this page puts it in the document as text (textContent, never HTML). A value that leads
 * somewhere is a button that asks the host to run the lookup (the host checks it first); an ABI file is asked for by
 * its number in the view. The transaction shown is kept with setState, so a reload shows it again.
 */
import { ToExplainWebview, type ExplainState, type DecodedView, type EventView, type ExplainView, type Field, type FromExplainWebview } from '../explain/protocol';
import { h } from './dom';
import { revertSource, traceSection } from './explainTrace';

interface VsCodeApi {
  postMessage(message: FromExplainWebview): void;
  getState(): unknown;
  setState(state: ExplainState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;
const vscode = acquireVsCodeApi();

function action(label: string, message: FromExplainWebview, attrs: Record<string, string> = {}): HTMLElement {
  const b = h('button', { type: 'button', ...attrs }, label);
  b.addEventListener('click', () => vscode.postMessage(message));
  return b;
}

/** A value: a button to its lookup when it leads somewhere, else text. */
function value(f: Field): HTMLElement {
  if (!f.link) return h('span', { class: 'value' }, f.text);
  const kind = f.link.kind === 'tx' ? 'transaction' : f.link.kind;
  return action(f.text, { type: 'open', link: f.link }, { class: 'link', title: `Look up this ${kind}` });
}

function fields(list: readonly Field[], attrs: Record<string, string> = {}): HTMLElement {
  return h('dl', attrs, ...list.flatMap((f) => [h('dt', {}, f.label), h('dd', {}, value(f))]));
}

function events(list: readonly EventView[], label: string): HTMLElement | null {
  if (!list.length) return null;
  return h(
    'details',
    { class: 'events' },
    h('summary', {}, `${label} (${list.length})`),
    ...list.map((e) => h('div', { class: 'event' }, h('strong', {}, e.type), fields(e.attributes))),
  );
}

function decoded(d: DecodedView, kind: string): HTMLElement {
  return h(
    'div',
    { class: 'decoded' },
    h('div', {}, h('strong', {}, d.title), ' ', h('code', {}, d.signature)),
    d.source
      ? h(
          'div',
          { class: 'muted' },
          `${kind} decoded with ${d.source}`,
          d.file !== undefined ? ' · ' : null,
          d.file !== undefined ? action('Open the ABI file', { type: 'openAbi', file: d.file }, { class: 'link' }) : null,
        )
      : null,
    fields(d.args),
  );
}

function render(view: ExplainView): void {
  const root = document.getElementById('app');
  if (!root) return;
  root.replaceChildren();
  const outcome = h(
    'section',
    { id: 'outcome', class: `outcome ${view.outcome.ok ? 'ok' : 'failed'}`, 'aria-labelledby': 'outcome-title' },
    h('h2', { id: 'outcome-title' }, view.outcome.ok ? '✓ ' : '✗ ', view.outcome.text),
    view.outcome.reason ? h('p', { id: 'reason', class: 'reason' }, view.outcome.reason) : null,
    view.trace ? revertSource(view.trace, { action, value, fields, decoded }) : null,
    h('p', { class: 'muted' }, `${view.kind === 'evm' ? 'EVM transaction' : 'Transaction'} `, h('code', { id: 'hash' }, view.hash), ` on ${view.network}`),
    h(
      'div',
      { class: 'actions' },
      action('Copy hash', { type: 'copy', text: view.hash }),
      action('Open JSON', { type: 'openJson' }),
      action('Refresh', { type: 'refresh' }),
    ),
  );
  root.append(outcome, h('section', { 'aria-label': 'Summary' }, fields(view.facts, { id: 'facts' })));
  for (const note of view.notes) root.append(h('p', { class: 'note', role: 'note' }, note));
  if (view.trace) root.append(traceSection(view.trace, { action, value, fields, decoded }));
  if (view.messages.length) {
    const section = h('section', { id: 'messages', 'aria-labelledby': 'messages-title' }, h('h2', { id: 'messages-title' }, `Messages (${view.messages.length})`));
    for (const m of view.messages) {
      section.append(
        h(
          'article',
          { class: 'message' },
          h('h3', {}, m.title, ' ', h('span', { class: 'muted' }, m.typeUrl)),
          fields(m.fields),
          m.call ? decoded(m.call, 'Call') : null,
          events(m.events, 'Events'),
        ),
      );
    }
    root.append(section);
  }
  if (view.balances.length) {
    root.append(
      h(
        'section',
        { id: 'balances', 'aria-labelledby': 'balances-title' },
        h('h2', { id: 'balances-title' }, 'Balance changes'),
        h('table', {}, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Address'), h('th', { scope: 'col' }, 'Change'))), h('tbody', {}, ...view.balances.map((b) => h('tr', {}, h('td', {}, value(b.address)), h('td', {}, ...b.changes.map((c) => h('div', { class: c.startsWith('−') ? 'minus' : 'plus' }, c))))))),
      ),
    );
  }
  if (view.logs.length) {
    const section = h('section', { id: 'logs', 'aria-labelledby': 'logs-title' }, h('h2', { id: 'logs-title' }, `EVM logs (${view.logs.length})`));
    for (const log of view.logs) {
      section.append(
        h(
          'article',
          { class: 'log' },
          h('h3', {}, `Log ${log.index}`, ' ', log.decoded ? log.decoded.title : h('span', { class: 'muted' }, 'not decoded: no ABI in the workspace knows it')),
          fields([log.address]),
          log.decoded ? decoded(log.decoded, 'Event') : h('pre', {}, [...log.topics.map((t, i) => `topic ${i}: ${t}`), `data: ${log.data}`].join('\n')),
        ),
      );
    }
    root.append(section);
  }
  if (view.calls.length) {
    const section = h('section', { id: 'calls', 'aria-labelledby': 'calls-title' }, h('h2', { id: 'calls-title' }, `Internal calls (${view.calls.length})`));
    const list = h('ul', { class: 'calls', role: 'tree', 'aria-label': 'Internal calls' });
    for (const c of view.calls) {
      list.append(
        h(
          'li',
          { role: 'treeitem', 'aria-level': String(c.depth + 1), class: `depth-${Math.min(c.depth, 8)}` },
          h('strong', {}, c.title),
          ' ',
          value(c.from),
          ' → ',
          value(c.to),
          h('span', { class: 'muted' }, ` · value ${c.value} · gas used ${c.gasUsed}`),
          c.decoded ? decoded(c.decoded, 'Call') : null,
        ),
      );
    }
    section.append(list);
    root.append(section);
  }
  const other = events(view.otherEvents, 'Events of the transaction itself (fees, signatures)');
  if (other) root.append(h('section', { id: 'other-events' }, other));
}

function say(text: string, cls: string): void {
  const root = document.getElementById('app');
  if (root) root.replaceChildren(h('p', { class: cls, role: cls === 'error' ? 'alert' : 'status' }, text));
}

window.addEventListener('message', (event: MessageEvent) => {
  const parsed = ToExplainWebview.safeParse(event.data);
  if (!parsed.success) return;
  const msg = parsed.data;
  if (msg.type === 'loading') say(`Loading transaction ${msg.hash}…`, 'muted');
  else if (msg.type === 'error') say(msg.message, 'error');
  else {
    vscode.setState({ hash: msg.view.hash, network: msg.view.network });
    render(msg.view);
  }
});

vscode.postMessage({ type: 'ready' });
