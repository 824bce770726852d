/**
 * Section 4, the transfer as it goes: its state in words, each hop (the route's own from the moment it is tracked,
 * then as the router reports them) with its state coloured by its own outcome and its transactions, what was
 * released, when a lossless withdrawal can be claimed, and New transfer. Hops, their transactions and the detail
 * lines are kept by key: an update changes what differs in place and rebuilds nothing that is still there.
 */
import type { HopInfo } from '../../protocol';
import { button } from '../../../webview/components/kit';
import { Presence, h, keyed, setAttr, setText } from '../../../webview/lib/dom';
import type { Store } from '../../../webview/lib/store';
import { BRIDGE } from '../../../webview/selectors';
import type { Action, BridgeUi, BridgeActions } from '../state';
import { slotError } from './status';

type Tx = HopInfo['txs'][number];

function txRow(tx: Tx, actions: BridgeActions): HTMLElement {
  const link = tx.explorerLink;
  return h(
    'div',
    { class: 'tx' },
    `${tx.label}: `,
    h('code', {}, tx.hash),
    link
      ? button('Open in explorer ↗', () => actions.openExplorer(link), {
          appearance: 'secondary',
          class: 'explorer',
          'aria-label': `Open ${tx.label} in the explorer`,
        })
      : null,
  );
}

/** One hop, built once for its key; `update` follows its state, error and transactions in place. */
function hopItem(actions: BridgeActions): {
  create: (hop: HopInfo) => HTMLElement;
  update: (el: HTMLElement, hop: HopInfo) => void;
} {
  const parts = new WeakMap<HTMLElement, { badge: HTMLElement; error: Presence; txs: HTMLElement }>();
  const update = (li: HTMLElement, hop: HopInfo): void => {
    const p = parts.get(li)!;
    setAttr(li, 'class', hop.outcome);
    // The hop's state in words, coloured by its own outcome (a hop can arrive inside a transfer that failed later).
    setText(p.badge, hop.stateText);
    setAttr(p.badge, 'class', `badge ${hop.outcome}`);
    setAttr(p.badge, 'title', hop.state);
    p.error.set(!!hop.error);
    setText(p.error.element, hop.error ?? '');
    keyed(
      p.txs,
      hop.txs,
      (tx) => JSON.stringify([tx.label, tx.hash, tx.explorerLink]),
      (tx) => txRow(tx, actions),
    );
  };
  const create = (hop: HopInfo): HTMLElement => {
    const badge = h('span', {});
    const error = new Presence(h('div', { class: 'error' }));
    const txs = h('div', { class: 'txs' });
    const li = h('li', {}, h('strong', {}, hop.label), ` ${hop.chains} `, badge, error.node(), txs);
    parts.set(li, { badge, error, txs });
    update(li, hop);
    return li;
  };
  return { create, update };
}

interface Line {
  key: string;
  attrs: Record<string, string>;
  text?: string;
}

/** The lines above the hops: a problem, an error, what moved, the claim to make (those that apply). */
function detailLines(t: BridgeUi['transfer'] | null): Line[] {
  const lines: Line[] = [
    { key: 'problem', attrs: { class: 'error' }, text: t?.problem },
    { key: 'error', attrs: { class: 'error', id: BRIDGE.transferError }, text: t?.error },
    { key: 'amount', attrs: { id: BRIDGE.transferAmount }, text: t?.amountOut },
    { key: 'claim', attrs: { class: 'instruction', id: BRIDGE.claim }, text: t?.claim },
  ];
  return lines.filter((l) => !!l.text);
}

export function mountTimeline(store: Store<BridgeUi, Action>, actions: BridgeActions): Node {
  const state = h('p', { id: BRIDGE.transferState, class: 'state pending' });
  const details = h('div', {});
  const hops = h('ol', { class: 'timeline', id: BRIDGE.hops });
  const error = slotError(store, 'timeline', BRIDGE.timelineError);
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
      button('Open status as JSON', () => actions.openStatusJson(), { appearance: 'secondary' }),
      button('New transfer', () => actions.reset(), { appearance: 'secondary' }),
    ),
    error,
  );
  const presence = new Presence(section);
  const hop = hopItem(actions);

  store.watch(
    (s) => (s.saved.tracking ? s.transfer : null),
    (t, s) => {
      presence.set(!!s.saved.tracking);
      setText(state, t ? `${t.stateText}${t.terminal ? '' : ' · watching'}` : 'Waiting for the first status…');
      setAttr(state, 'class', `state ${t?.outcome ?? 'pending'}`);
      keyed(
        details,
        detailLines(t),
        (l) => l.key,
        (l) => h('p', l.attrs, l.text),
        (el, l) => setText(el, l.text ?? ''),
      );
      keyed(hops, t?.hops ?? [], (x, i) => `${i} ${x.label} ${x.chains}`, hop.create, hop.update);
    },
  );
  return presence.node();
}
