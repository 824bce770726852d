/**
 * The Move parts of Explain Transaction: under the outcome, why a Move transaction failed (its abort named, the doc
 * comment, the category, which source named it, "Open …" for where the workspace declares and raises it, and what
 * sources could not answer; a VM failure in words); in a message, its Move call (target, type arguments, arguments
 * with their ABI types) and its Move events as JSON. Text only; a source place is asked for by its number.
 */
import type { MessageView, MoveView } from '../../protocol';
import { Presence, h, replaceChildren } from '../../../webview/lib/dom';
import type { Store } from '../../../webview/lib/store';
import { EXPLAIN } from '../../../webview/selectors';
import type { ExplainAction, ExplainActions, ExplainUi } from '../state';
import type { Parts } from './parts';

type Abort = NonNullable<NonNullable<MoveView['failure']>['abort']>;

function abortBlock(abort: Abort, actions: ExplainActions, parts: Parts): Node[] {
  const place = (label: string, site: Abort['sites'][number]) =>
    parts.link(`${label} ${site.label}`, () => actions.openMoveSource(site.source));
  const places = [
    ...(abort.declaration ? [place('Open', abort.declaration)] : []),
    ...abort.sites.map((s) => place('Raised at', s)),
  ];
  const nodes: Array<Node | null> = [
    h(
      'p',
      {},
      h('strong', { id: EXPLAIN.moveAbortName }, abort.name),
      ' in ',
      h('code', {}, abort.module),
      h('span', { class: 'muted' }, ` · code ${abort.code}`),
    ),
    abort.description ? h('p', { id: EXPLAIN.moveAbortDoc, class: 'doc' }, abort.description) : null,
    h('p', { class: 'muted' }, abort.category, ' · ', h('span', { id: EXPLAIN.moveAbortSource }, abort.source)),
    places.length ? h('div', { class: 'actions' }, ...places) : null,
    ...abort.notes.map((n) => h('p', { class: 'note', role: 'note' }, n)),
  ];
  return nodes.filter((n): n is Node => n !== null);
}

/** Why a Move transaction failed, present while the view has a Move failure. */
export function mountMoveFailure(store: Store<ExplainUi, ExplainAction>, actions: ExplainActions, parts: Parts): Node {
  const box = h('div', {
    id: EXPLAIN.moveFailure,
    class: 'move-failure',
    role: 'group',
    'aria-label': 'Why it failed',
  });
  const presence = new Presence(box);
  store.watch(
    (s) => s.view?.move?.failure,
    (failure) => {
      presence.set(!!failure);
      if (!failure) return;
      if (failure.abort) replaceChildren(box, ...abortBlock(failure.abort, actions, parts));
      else replaceChildren(box, h('p', {}, failure.text));
    },
  );
  return presence.node();
}

/** A message's Move call and its Move events, or nothing when it is not a Move message. */
export function moveParts(
  m: MessageView,
  index: number,
  actions: ExplainActions,
  parts: Parts,
): Array<HTMLElement | null> {
  const call = m.move;
  const events = m.moveEvents ?? [];
  return [
    call
      ? h(
          'div',
          { class: 'decoded move-call' },
          h('div', {}, h('code', {}, call.target), call.typeArgs.length ? ` <${call.typeArgs.join(', ')}>` : ''),
          call.problem ? h('div', { class: 'muted' }, `Arguments not decoded: ${call.problem}`) : null,
          h(
            'div',
            { class: 'actions' },
            parts.link(`Call a view function of ${call.target.split('::').slice(0, 2).join('::')}…`, () =>
              actions.callMoveView(index),
            ),
          ),
          parts.fields(
            call.args.map((a, i) => ({
              label: `arg ${i} (${a.type})`,
              text: a.problem ? `${a.text} — ${a.problem}` : a.text,
            })),
          ),
        )
      : null,
    events.length
      ? h(
          'details',
          { class: 'events move-events', open: '' },
          h('summary', {}, `Move events (${events.length})`),
          ...events.map((e) => h('div', { class: 'event' }, h('strong', {}, e.typeTag), h('pre', {}, e.json))),
        )
      : null,
  ];
}
