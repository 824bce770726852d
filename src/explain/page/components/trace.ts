/**
 * The EVM call trace of Explain Transaction: under the outcome's reason, the Solidity line the revert was raised at
 * (with "Open …"); and a section with the node's frames as a tree, each with its contract, function and arguments,
 * value, gas, what it returned or why it reverted (raised here, or passed on from a callee), the line it stopped at
 * and "Call Contract…". Text only; a line and a contract are asked for by their numbers in the trace.
 */
import type { TraceFrameView } from '../../protocol';
import { Presence, h, replaceChildren } from '../../../webview/lib/dom';
import type { Store } from '../../../webview/lib/store';
import { EXPLAIN, traceFrame } from '../../../webview/selectors';
import type { ExplainAction, ExplainActions, ExplainUi } from '../state';
import type { Parts } from './parts';
import { section } from './sections';

/** The revert's Solidity line, present while the view's trace names one. */
export function mountRevertSource(store: Store<ExplainUi, ExplainAction>, actions: ExplainActions, parts: Parts): Node {
  const line = h('div', { id: EXPLAIN.revertSource, class: 'source' });
  const presence = new Presence(line);
  store.watch(
    (s) => s.view?.trace?.revert?.source,
    (source) => {
      presence.set(!!source);
      if (source)
        replaceChildren(
          line,
          parts.link(`Open ${source.label}`, () => actions.openSource(source.source), { id: EXPLAIN.openRevertSource }),
          ' ',
          h('code', {}, source.snippet),
          ' ',
          parts.link('Debug from here', () => actions.debug(), {
            id: EXPLAIN.debugRevert,
            title: 'Replay the transaction in the debugger, stopped at this revert',
          }),
        );
    },
  );
  return presence.node();
}

function frameItem(f: TraceFrameView, i: number, actions: ExplainActions, parts: Parts): HTMLElement {
  const ref = f.contractRef;
  const item = h(
    'li',
    {
      id: traceFrame(i),
      role: 'treeitem',
      'aria-level': String(f.depth + 1),
      class: `depth-${Math.min(f.depth, 8)}${f.failed ? ' failed' : ''}`,
    },
    h('span', { class: 'muted' }, `#${i} ${f.type} `),
    h('strong', { class: 'contract' }, f.contract),
    '.',
    h('span', { class: 'fn' }, f.call),
    f.address ? h('span', { class: 'muted' }, ' at ') : null,
    f.address ? parts.value(f.address) : null,
    h('span', { class: 'muted' }, ` · value ${f.value} · gas used ${f.gasUsed}`),
    ref !== undefined ? ' ' : null,
    ref !== undefined
      ? parts.link('Call Contract…', () => actions.callContract(ref), { title: 'Read this contract (eth_call)' })
      : null,
  );
  if (f.decoded) item.append(parts.decoded(f.decoded, 'Call'));
  else if (f.input) item.append(h('pre', {}, `input: ${f.input}`));
  if (f.revert) {
    item.append(
      h(
        'div',
        { class: 'frame-revert' },
        f.revert.raised ? '✗ raised ' : `✗ passed on from #${f.revert.from} `,
        h('code', {}, f.revert.text),
        f.revert.raised && f.error ? h('span', { class: 'muted' }, ` (${f.error})`) : null,
      ),
    );
  } else if (f.returned)
    item.append(h('div', { class: 'returned' }, h('span', { class: 'muted' }, '↩ returned'), parts.fields(f.returned)));
  const source = f.source;
  if (source)
    item.append(
      h(
        'div',
        { class: 'source' },
        parts.link(`Open ${source.label}`, () => actions.openSource(source.source)),
        ' ',
        h('code', {}, source.snippet),
      ),
    );
  if (f.note) item.append(h('p', { class: 'note' }, f.note));
  return item;
}

/** The call trace section, present while the view has one. */
export function mountTrace(store: Store<ExplainUi, ExplainAction>, actions: ExplainActions, parts: Parts): Node {
  const element = h('section', { id: EXPLAIN.trace, 'aria-labelledby': EXPLAIN.traceTitle });
  return section(
    store,
    (v) => v.trace,
    (t) => t !== undefined,
    element,
    (trace) => {
      if (!trace) return;
      const total = trace.frames.length + (trace.omitted ?? 0);
      const count = `${trace.frames.length}${trace.omitted ? ` of ${total}` : ''} ${total === 1 ? 'frame' : 'frames'}`;
      replaceChildren(
        element,
        h('h2', { id: EXPLAIN.traceTitle }, `Call trace (${count})`),
        h(
          'p',
          { class: 'muted' },
          `From the JSON-RPC node ${trace.node}; contracts named and decoded with the workspace's artifacts. `,
          parts.link('Debug from here', () => actions.debug(), {
            id: EXPLAIN.debugTrace,
            title: 'Replay the transaction in the debugger, by Solidity line, forwards and back',
          }),
        ),
        h(
          'ul',
          { class: 'calls trace', role: 'tree', 'aria-label': 'Call trace' },
          ...trace.frames.map((f, i) => frameItem(f, i, actions, parts)),
        ),
      );
    },
  );
}
