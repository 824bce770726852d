/**
 * The call trace section of the Explain Transaction view (browser code): the frames as a tree, each with its contract,
 * function and arguments, value, gas, what it returned or why it reverted (raised here, or passed on from a callee)
 * and the Solidity line it stopped at, with "Open source" and "Call Contract…" buttons that ask the host by number.
 * Text only, as the rest of the page (dom.ts); the page's own helpers are handed in.
 */
import type { DecodedView, Field, FromExplainWebview, TraceView } from '../explain/protocol';
import { h } from './dom';

export interface Parts {
  action(label: string, message: FromExplainWebview, attrs?: Record<string, string>): HTMLElement;
  value(f: Field): HTMLElement;
  fields(list: readonly Field[], attrs?: Record<string, string>): HTMLElement;
  decoded(d: DecodedView, kind: string): HTMLElement;
}

/** Under the outcome's reason (the revert in words): the line it was raised at, with a button to open it. */
export function revertSource(trace: TraceView, parts: Parts): HTMLElement | null {
  const source = trace.revert?.source;
  if (!source) return null;
  return h('div', { id: 'revert-source', class: 'source' }, parts.action(`Open ${source.label}`, { type: 'openSource', source: source.source }, { class: 'link', id: 'open-revert-source' }), ' ', h('code', {}, source.snippet));
}

export function traceSection(trace: TraceView, parts: Parts): HTMLElement {
  const section = h('section', { id: 'trace', 'aria-labelledby': 'trace-title' }, h('h2', { id: 'trace-title' }, `Call trace (${trace.frames.length}${trace.omitted ? ` of ${trace.frames.length + trace.omitted}` : ''} frames)`));
  section.append(h('p', { class: 'muted' }, `From the JSON-RPC node ${trace.node}; contracts named and decoded with the workspace's artifacts.`));
  const list = h('ul', { class: 'calls trace', role: 'tree', 'aria-label': 'Call trace' });
  trace.frames.forEach((f, i) => {
    const item = h(
      'li',
      { role: 'treeitem', 'aria-level': String(f.depth + 1), class: `depth-${Math.min(f.depth, 8)}${f.failed ? ' failed' : ''}`, 'data-frame': String(i) },
      h('span', { class: 'muted' }, `#${i} ${f.type} `),
      h('strong', { class: 'contract' }, f.contract),
      '.',
      h('span', { class: 'fn' }, f.call),
      f.address ? h('span', { class: 'muted' }, ' at ') : null,
      f.address ? parts.value(f.address) : null,
      h('span', { class: 'muted' }, ` · value ${f.value} · gas used ${f.gasUsed}`),
      f.contractRef !== undefined ? ' ' : null,
      f.contractRef !== undefined ? parts.action('Call Contract…', { type: 'callContract', contract: f.contractRef }, { class: 'link', title: 'Read this contract (eth_call)' }) : null,
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
    } else if (f.returned) item.append(h('div', { class: 'returned' }, h('span', { class: 'muted' }, '↩ returned'), parts.fields(f.returned)));
    if (f.source) item.append(h('div', { class: 'source' }, parts.action(`Open ${f.source.label}`, { type: 'openSource', source: f.source.source }, { class: 'link' }), ' ', h('code', {}, f.source.snippet)));
    if (f.note) item.append(h('p', { class: 'note' }, f.note));
    list.append(item);
  });
  section.append(list);
  return section;
}
