/**
 * The pieces every section of Explain Transaction is made of: a value (a link-styled button to its lookup when it
 * leads somewhere, else text), a list of labelled values, a list of events, a decoded log or call, a call shown raw
 * when no ABI decodes it. Text only.
 */
import type { DecodedView, EventView, Field, RawCallView } from '../../protocol';
import { h } from '../../../webview/lib/dom';
import type { ExplainActions } from '../state';

export class Parts {
  constructor(private readonly actions: ExplainActions) {}

  /** A link-styled button (inline in the text, as links read). */
  link(label: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLElement {
    const b = h('button', { type: 'button', class: 'link', ...attrs }, label);
    b.addEventListener('click', onClick);
    return b;
  }

  /** A value: a button to its lookup when it leads somewhere, else text. */
  value(f: Field): HTMLElement {
    const link = f.link;
    if (!link) return h('span', { class: 'value' }, f.text);
    const kind = link.kind === 'tx' ? 'transaction' : link.kind;
    return this.link(f.text, () => this.actions.open(link), { title: `Look up this ${kind}` });
  }

  fields(list: readonly Field[], attrs: Record<string, string> = {}): HTMLElement {
    return h('dl', attrs, ...list.flatMap((f) => [h('dt', {}, f.label), h('dd', {}, this.value(f))]));
  }

  events(list: readonly EventView[], label: string): HTMLElement | null {
    if (!list.length) return null;
    return h(
      'details',
      { class: 'events' },
      h('summary', {}, `${label} (${list.length})`),
      ...list.map((e) => h('div', { class: 'event' }, h('strong', {}, e.type), this.fields(e.attributes))),
    );
  }

  decoded(d: DecodedView, kind: string): HTMLElement {
    const file = d.file;
    return h(
      'div',
      { class: 'decoded' },
      h('div', {}, h('strong', {}, d.title), ' ', h('code', {}, d.signature)),
      d.source
        ? h(
            'div',
            { class: 'muted' },
            `${kind} decoded with ${d.source}`,
            file !== undefined ? ' · ' : null,
            file !== undefined ? this.link('Open the ABI file', () => this.actions.openAbi(file)) : null,
          )
        : null,
      this.fields(d.args),
    );
  }

  /** A call no ABI decodes: why, then its selector, input and output as they are. */
  raw(r: RawCallView): HTMLElement {
    return h(
      'div',
      { class: 'raw-call' },
      h('div', { class: 'muted' }, r.note),
      h(
        'dl',
        {},
        h('dt', {}, 'Selector'),
        h('dd', {}, h('code', {}, r.selector)),
        h('dt', {}, 'Input'),
        h('dd', {}, h('code', { class: 'hex' }, r.input)),
        r.output !== undefined ? h('dt', {}, 'Output') : null,
        r.output !== undefined ? h('dd', {}, h('code', { class: 'hex' }, r.output)) : null,
      ),
    );
  }
}
