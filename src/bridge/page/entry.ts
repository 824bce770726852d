/**
 * The bridge panel's page (browser bundle), started by the kit's startPage: a store (state.ts, one reducer over the
 * panel's state), the components that show its slices (components/), and the flows that ask the host (flows.ts)
 * through the typed request/reply client. It never touches the network and derives nothing from router data: the
 * host sends view models, and everything from the router or the user is put in the page as text. The state the page
 * keeps (the protocol's BridgeState) is saved with setState on every change and parsed when the page starts, so the
 * panel comes back as it was after being hidden or a window reload; one that does not parse is discarded, and the
 * page says so. The quote is the host's: it asks for the route 300 ms after the last edit and every 10 s while the
 * panel is visible, and pushes each answer here.
 */
import { ToWebview, parseReply, type BridgeState, type OPS } from '../protocol';
import { registerFormKit } from '../../webview/components/kit';
import { keepSelectAllInFields } from '../../webview/lib/keys';
import { startPage, type Page } from '../../webview/lib/page';
import { Store } from '../../webview/lib/store';
import { BridgeFlows } from './flows';
import { initialState, reduce } from './state';
import { mountStatus } from './components/status';
import { mountForm } from './components/form';
import { mountRoute } from './components/route';
import { mountMsgs } from './components/msgs';
import { mountTimeline } from './components/timeline';

registerFormKit();
keepSelectAllInFields(document);
startPage({
  check: parseReply,
  messages: ToWebview,
  mount(page: Page<typeof OPS, BridgeState>) {
    const { api } = page;
    const store = new Store(initialState(api.getState(), Date.now()), reduce, (next, previous) => {
      if (next.saved !== previous.saved) api.setState(next.saved);
    });
    if (store.state.notice) api.setState(store.state.saved);
    const flows = new BridgeFlows(store, page);
    setInterval(() => store.dispatch({ type: 'tick', now: Date.now() }), 1000);
    return {
      nodes: [
        ...mountStatus(store),
        mountForm(store, flows),
        mountRoute(store, flows),
        mountMsgs(store, flows),
        mountTimeline(store, flows),
      ],
      push(msg) {
        switch (msg.type) {
          case 'init':
            store.dispatch({ type: 'init', defaults: msg.defaults, stateRejected: msg.stateRejected });
            flows.start();
            break;
          case 'network':
            store.dispatch({ type: 'network', defaults: msg.defaults });
            flows.start();
            break;
          case 'transfer':
            flows.transfer(msg.transfer);
            break;
          case 'quote':
            store.dispatch({ type: 'quote', quote: msg.quote, at: Date.now() });
            break;
        }
      },
    };
  },
});
