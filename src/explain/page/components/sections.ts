/**
 * The body of Explain Transaction, one section each, present only when the transaction has something for it: the
 * messages (each with its fields, its decoded EVM call and its own events), the balance changes, the EVM logs
 * (decoded, or their topics and data), the internal calls as a tree, and the transaction's own events.
 */
import type { ExplainView } from '../../protocol';
import { Presence, h, replaceChildren } from '../../../webview/lib/dom';
import type { Store } from '../../../webview/lib/store';
import { EXPLAIN } from '../../../webview/selectors';
import type { ExplainAction, ExplainActions, ExplainUi } from '../state';
import type { Parts } from './parts';
import { moveParts } from './move';
import { wasmParts } from './wasm';

/** A section shown while the page shows a view that has something for it, rebuilt when that part of the view changes. */
export function section<T>(
  store: Store<ExplainUi, ExplainAction>,
  pick: (view: ExplainView) => T,
  has: (part: T) => boolean,
  element: HTMLElement,
  fill: (part: T) => void,
): Node {
  const presence = new Presence(element);
  store.watch(
    (s) => (s.phase === 'view' && s.view ? pick(s.view) : undefined),
    (part) => {
      const shown = part !== undefined && has(part);
      presence.set(shown);
      if (shown) fill(part);
    },
  );
  return presence.node();
}

type View = ExplainView;

function messageArticle(
  m: View['messages'][number],
  index: number,
  actions: ExplainActions,
  parts: Parts,
): HTMLElement {
  return h(
    'article',
    { class: 'message' },
    h('h3', {}, m.title, ' ', h('span', { class: 'muted' }, m.typeUrl)),
    parts.fields(m.fields),
    m.call ? parts.decoded(m.call, 'Call') : m.rawCall ? parts.raw(m.rawCall) : null,
    ...moveParts(m, index, actions, parts),
    ...wasmParts(m),
    parts.events(m.events, 'Events'),
  );
}

function balanceTable(list: View['balances'], parts: Parts): HTMLElement {
  return h(
    'table',
    {},
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Address'), h('th', { scope: 'col' }, 'Change'))),
    h(
      'tbody',
      {},
      ...list.map((b) =>
        h(
          'tr',
          {},
          h('td', {}, parts.value(b.address)),
          h('td', {}, ...b.changes.map((c) => h('div', { class: c.startsWith('−') ? 'minus' : 'plus' }, c))),
        ),
      ),
    ),
  );
}

function logArticle(log: View['logs'][number], parts: Parts): HTMLElement {
  return h(
    'article',
    { class: 'log' },
    h(
      'h3',
      {},
      `Log ${log.index}`,
      ' ',
      log.decoded ? log.decoded.title : h('span', { class: 'muted' }, 'not decoded: no ABI in the workspace knows it'),
    ),
    parts.fields([log.address]),
    log.decoded
      ? parts.decoded(log.decoded, 'Event')
      : h('pre', {}, [...log.topics.map((t, i) => `topic ${i}: ${t}`), `data: ${log.data}`].join('\n')),
  );
}

function callItem(c: View['calls'][number], parts: Parts): HTMLElement {
  return h(
    'li',
    { role: 'treeitem', 'aria-level': String(c.depth + 1), class: `depth-${Math.min(c.depth, 8)}` },
    h('strong', {}, c.title),
    ' ',
    parts.value(c.from),
    ' → ',
    parts.value(c.to),
    h('span', { class: 'muted' }, ` · value ${c.value} · gas used ${c.gasUsed}`),
    c.decoded ? parts.decoded(c.decoded, 'Call') : c.raw ? parts.raw(c.raw) : null,
  );
}

export function mountSections(store: Store<ExplainUi, ExplainAction>, actions: ExplainActions, parts: Parts): Node[] {
  const messages = h('section', { id: EXPLAIN.messages, 'aria-labelledby': EXPLAIN.messagesTitle });
  const balances = h('section', { id: EXPLAIN.balances, 'aria-labelledby': EXPLAIN.balancesTitle });
  const logs = h('section', { id: EXPLAIN.logs, 'aria-labelledby': EXPLAIN.logsTitle });
  const calls = h('section', { id: EXPLAIN.calls, 'aria-labelledby': EXPLAIN.callsTitle });
  const other = h('section', { id: EXPLAIN.otherEvents });
  return [
    section(
      store,
      (v) => v.messages,
      (l) => l.length > 0,
      messages,
      (list) =>
        replaceChildren(
          messages,
          h('h2', { id: EXPLAIN.messagesTitle }, `Messages (${list.length})`),
          ...list.map((m, i) => messageArticle(m, i, actions, parts)),
        ),
    ),
    section(
      store,
      (v) => v.balances,
      (l) => l.length > 0,
      balances,
      (list) =>
        replaceChildren(balances, h('h2', { id: EXPLAIN.balancesTitle }, 'Balance changes'), balanceTable(list, parts)),
    ),
    section(
      store,
      (v) => v.logs,
      (l) => l.length > 0,
      logs,
      (list) =>
        replaceChildren(
          logs,
          h('h2', { id: EXPLAIN.logsTitle }, `EVM logs (${list.length})`),
          ...list.map((l) => logArticle(l, parts)),
        ),
    ),
    section(
      store,
      (v) => v.calls,
      (l) => l.length > 0,
      calls,
      (list) =>
        replaceChildren(
          calls,
          h('h2', { id: EXPLAIN.callsTitle }, `Internal calls (${list.length})`),
          h(
            'ul',
            { class: 'calls', role: 'tree', 'aria-label': 'Internal calls' },
            ...list.map((c) => callItem(c, parts)),
          ),
        ),
    ),
    section(
      store,
      (v) => v.otherEvents,
      (l) => l.length > 0,
      other,
      (list) => replaceChildren(other, parts.events(list, 'Events of the transaction itself (fees, signatures)')),
    ),
  ];
}
