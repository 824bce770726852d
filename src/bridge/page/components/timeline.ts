/**
 * Section 4, the transfer as it goes: its state in words, each hop (the route's own from the moment it is tracked,
 * then as the router reports them) with its state coloured by its own outcome and its transactions, what was
 * released, when a lossless withdrawal can be claimed, and New transfer.
 */
import { button } from '../../../webview/components/kit';
import { Presence, h, replaceChildren, setAttr, setText, show } from '../../../webview/lib/dom';
import type { Store } from '../../../webview/lib/store';
import { BRIDGE } from '../../../webview/selectors';
import type { Action, BridgeUi, BridgeActions } from '../state';

export function mountTimeline(store: Store<BridgeUi, Action>, actions: BridgeActions): Node {
  const state = h('p', { id: BRIDGE.transferState, class: 'state pending' });
  const details = h('div', {});
  const hops = h('ol', { class: 'timeline', id: BRIDGE.hops });
  const error = h('p', { id: BRIDGE.timelineError, class: 'error', role: 'alert', hidden: '' });
  const section = h(
    'section',
    { 'aria-labelledby': BRIDGE.timelineTitle, id: BRIDGE.timeline, 'aria-live': 'polite' },
    h('h2', { id: BRIDGE.timelineTitle }, '4. Transfer'),
    state,
    details,
    hops,
    h(
      'div',
      { class: 'actions' },
      button(
        'Open status as JSON',
        () => {
          const tracking = store.state.saved.tracking;
          if (tracking) actions.act('timeline', 'openJson', { what: 'status', value: tracking });
        },
        { appearance: 'secondary' },
      ),
      button('New transfer', () => actions.reset(), { appearance: 'secondary' }),
    ),
    error,
  );
  const presence = new Presence(section);

  store.watch(
    (s) => (s.saved.tracking ? s.transfer : null),
    (t, s) => {
      presence.set(!!s.saved.tracking);
      setText(state, t ? `${t.stateText}${t.terminal ? '' : ' · watching'}` : 'Waiting for the first status…');
      setAttr(state, 'class', `state ${t?.outcome ?? 'pending'}`);
      replaceChildren(
        details,
        t?.problem ? h('p', { class: 'error' }, t.problem) : null,
        t?.error ? h('p', { class: 'error', id: BRIDGE.transferError }, t.error) : null,
        t?.amountOut ? h('p', { id: BRIDGE.transferAmount }, t.amountOut) : null,
        t?.claim ? h('p', { class: 'instruction', id: BRIDGE.claim }, t.claim) : null,
      );
      replaceChildren(
        hops,
        ...(t?.hops ?? []).map((hop) =>
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
              return h(
                'div',
                { class: 'tx' },
                `${tx.label}: `,
                h('code', {}, tx.hash),
                link
                  ? button('Open in explorer ↗', () => actions.act('timeline', 'openLink', { url: link }), {
                      appearance: 'secondary',
                      class: 'explorer',
                      'aria-label': `Open ${tx.label} in the explorer`,
                    })
                  : null,
              );
            }),
          ),
        ),
      );
    },
  );
  store.watch(
    (s) => s.errors.timeline,
    (text) => {
      setText(error, text ?? '');
      show(error, !!text);
    },
  );
  return presence.node();
}
