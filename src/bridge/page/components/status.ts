/** The top of the panel: a note when the saved state was discarded, and what the page waits for (a progress ring). */
import { progressRing } from '../../../webview/components/kit';
import { Presence, h, setText, show } from '../../../webview/lib/dom';
import type { Store } from '../../../webview/lib/store';
import { BRIDGE } from '../../../webview/selectors';
import type { Action, BridgeUi, Slot } from '../state';

export function mountStatus(store: Store<BridgeUi, Action>): Node[] {
  const note = new Presence(h('p', { id: BRIDGE.stateNote, class: 'hint', role: 'status' }));
  const label = h('span', { id: BRIDGE.busyLabel });
  const busy = h('div', { id: BRIDGE.busy, class: 'busy', hidden: '' }, progressRing(), label);
  store.watch(
    (s) => s.notice,
    (text) => {
      note.set(!!text);
      setText(note.element, text ?? '');
    },
  );
  store.watch(
    (s) => s.busy,
    (text) => {
      show(busy, !!text);
      setText(label, text ?? '');
    },
  );
  return [note.node(), busy];
}

/** A section's error line: what failed last in that slot, shown while it is said. */
export function slotError(store: Store<BridgeUi, Action>, slot: Slot, id: string): HTMLElement {
  const line = h('p', { id, class: 'error', role: 'alert', hidden: '' });
  store.watch(
    (s) => s.errors[slot],
    (text) => {
      setText(line, text ?? '');
      show(line, !!text);
    },
  );
  return line;
}
