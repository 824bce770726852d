/**
 * The check's verdict in words, for the OP hook and for the messages: matches (what they do), couldn't verify (what
 * was not understood, and why), doesn't match (what differs); and the decoded messages as a list of fields.
 */
import type { MsgsView, VerdictView } from '../../protocol';
import { h } from '../../../webview/lib/dom';
import { verdictBox } from '../../../webview/selectors';

export function verdict(v: VerdictView, of: 'msgs' | 'hook', what: string): HTMLElement {
  const id = verdictBox(of, v.kind);
  if (v.kind === 'matches') {
    const caveats = v.caveats.length
      ? h(
          'ul',
          { id: `${of}-caveats`, class: 'caveats', 'aria-label': 'What this rests on' },
          ...v.caveats.map((c) => h('li', {}, c)),
        )
      : null;
    return h(
      'div',
      { class: 'verified', id, role: 'status' },
      h(
        'strong',
        {},
        `✓ Matches your transfer: ${of === 'msgs' ? 'every message' : 'every message of the hook'} was decoded and accounted for.`,
      ),
      h('ul', { id: `${of}-effects` }, ...v.effects.map((e) => h('li', {}, e))),
      caveats,
    );
  }
  if (v.kind === 'mismatch') {
    return h(
      'div',
      { class: 'danger-box', id, role: 'alert' },
      h('strong', {}, `Doesn't match: do not sign ${what}. It differs from what you asked for.`),
      h('ul', {}, ...v.mismatches.map((m) => h('li', {}, m)), ...v.unverified.map((m) => h('li', {}, m))),
    );
  }
  return h(
    'div',
    { class: 'danger-box', id, role: 'alert' },
    h(
      'strong',
      {},
      `Couldn't verify ${what}: ${of === 'msgs' ? 'some of them were not understood, so they are' : 'some of it was not understood, so it is'} not called checked.`,
    ),
    h('ul', {}, ...v.unverified.map((m) => h('li', {}, m))),
  );
}

/** The decoded messages: each field's value as it was checked (a full address stays whole), its name after it when the workspace's deployments give one. */
export function summaryList(summaries: MsgsView['summaries'], id: string, label: string): HTMLElement {
  const value = (f: MsgsView['summaries'][number]['fields'][number]) =>
    h('dd', {}, f.value, f.name ? h('span', { class: 'address-name' }, ` (${f.name})`) : null);
  return h(
    'ol',
    { id, class: 'summary', 'aria-label': label },
    ...summaries.map((s) =>
      h('li', {}, h('strong', {}, s.title), h('dl', {}, ...s.fields.flatMap((f) => [h('dt', {}, f.label), value(f)]))),
    ),
  );
}
