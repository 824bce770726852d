/**
 * The top of Explain Transaction: what the page waits for or why it failed, then the outcome (with the chain's
 * reason when it failed, or the EVM revert in words and its Solidity line), the hash and network with Copy hash, Open JSON and Refresh, the summary and the notes.
 */
import { button } from '../../../webview/components/kit';
import { Presence, h, replaceChildren, setText } from '../../../webview/lib/dom';
import type { Store } from '../../../webview/lib/store';
import { EXPLAIN } from '../../../webview/selectors';
import type { ExplainAction, ExplainActions, ExplainUi } from '../state';
import type { Parts } from './parts';
import { mountRevertSource } from './trace';
import { mountMoveFailure } from './move';
import { mountWasmFailure } from './wasm';

export function mountOutcome(store: Store<ExplainUi, ExplainAction>, actions: ExplainActions, parts: Parts): Node[] {
  const status = h('p', { id: EXPLAIN.status });
  const statusSlot = new Presence(status);
  const actionError = h('p', { id: EXPLAIN.actionError, class: 'error', role: 'alert' });
  const actionSlot = new Presence(actionError);
  const title = h('h2', { id: EXPLAIN.outcomeTitle });
  const reason = new Presence(h('p', { id: EXPLAIN.reason, class: 'reason' }));
  const hash = h('code', { id: EXPLAIN.hash });
  const where = h('p', { class: 'muted' });
  const outcome = h(
    'section',
    { id: EXPLAIN.outcome, class: 'outcome', 'aria-labelledby': EXPLAIN.outcomeTitle },
    title,
    reason.node(),
    mountRevertSource(store, actions, parts),
    mountMoveFailure(store, actions, parts),
    mountWasmFailure(store),
    where,
    h(
      'div',
      { class: 'actions' },
      button('Copy hash', () => actions.copy(store.state.view?.hash ?? '')),
      button('Open JSON', () => actions.openJson()),
      button('Refresh', () => actions.refresh(), { id: EXPLAIN.refresh }),
    ),
  );
  const summary = h('section', { 'aria-label': 'Summary' });
  const notes = h('div', {});
  const shown = new Presence(h('div', {}, outcome, summary, notes));

  store.watch(
    (s) => s.phase,
    (phase, s) => {
      // Loading or failed: the page says so instead of the view (as a new document would).
      statusSlot.set(phase === 'loading' || phase === 'error');
      setText(status, phase === 'loading' ? `Loading transaction ${s.hash}…` : (s.message ?? ''));
      status.className = phase === 'error' ? 'error' : 'muted';
      status.setAttribute('role', phase === 'error' ? 'alert' : 'status');
      shown.set(phase === 'view');
    },
  );
  store.watch(
    (s) => s.view,
    (view) => {
      if (!view) return;
      outcome.className = `outcome ${view.outcome.ok ? 'ok' : 'failed'}`;
      setText(title, `${view.outcome.ok ? '✓ ' : '✗ '}${view.outcome.text}`);
      reason.set(!!view.outcome.reason);
      setText(reason.element, view.outcome.reason ?? '');
      replaceChildren(
        where,
        `${view.kind === 'evm' ? 'EVM transaction' : 'Transaction'} `,
        hash,
        ` on ${view.network}`,
      );
      setText(hash, view.hash);
      replaceChildren(summary, parts.fields(view.facts, { id: EXPLAIN.facts }));
      replaceChildren(notes, ...view.notes.map((n) => h('p', { class: 'note', role: 'note' }, n)));
    },
  );
  store.watch(
    (s) => s.actionError,
    (text) => {
      actionSlot.set(!!text);
      setText(actionError, text ?? '');
    },
  );
  return [statusSlot.node(), actionSlot.node(), shown.node()];
}
