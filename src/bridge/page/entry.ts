/**
 * The bridge panel's page (browser bundle): a store (bridge/state.ts, one reducer over the panel's state), the
 * components that show its slices (bridge/components/), and the flows that ask the host (bridge/flows.ts) through
 * the typed request/reply client. It never touches the network and derives nothing from router data: the host
 * sends view models. Everything from the router or the user is put in the page as text. The state the page keeps
 * (the protocol's BridgeState) is saved with setState on every change and parsed when the page starts, so the panel
 * comes back as it was after being hidden or a window reload; one that does not parse is discarded, and the page
 * says so. The quote is the host's: it asks for the route 300 ms after the last edit and every 10 s while the panel
 * is visible, and pushes each answer here.
 */
import { ToWebview, parseReply, type BridgeState } from '../protocol';
import { registerFormKit } from '../../webview/components/kit';
import { Client, vscodeApi } from '../../webview/lib/client';
import { keepSelectAllInFields } from '../../webview/lib/keys';
import { Store } from '../../webview/lib/store';
import { BridgeFlows } from './flows';
import { initialState, isLive, reduce } from './state';
import { mountStatus } from './components/status';
import { mountForm } from './components/form';
import { mountRoute } from './components/route';
import { mountMsgs } from './components/msgs';
import { mountTimeline } from './components/timeline';

registerFormKit();
keepSelectAllInFields(document);
const api = vscodeApi<BridgeState>();
const store = new Store(initialState(api.getState(), Date.now()), reduce, (next, previous) => {
  if (next.saved !== previous.saved) api.setState(next.saved);
});
if (store.state.notice) api.setState(store.state.saved);
const client = new Client(parseReply, (message) => api.postMessage(message));
const flows = new BridgeFlows(store, client);

document
  .getElementById('app')
  ?.append(
    ...mountStatus(store),
    mountForm(store, flows),
    mountRoute(store, flows),
    mountMsgs(store, flows),
    mountTimeline(store, flows),
  );

// The host refreshes the route only while the page shows it live: tell it when that changes.
let started = false;
store.watch(isLive, () => {
  if (started) flows.edit();
});
setInterval(() => store.dispatch({ type: 'tick', now: Date.now() }), 1000);

window.addEventListener('message', (event: MessageEvent) => {
  const parsed = ToWebview.safeParse(event.data);
  if (!parsed.success) return;
  const msg = parsed.data;
  switch (msg.type) {
    case 'init':
      store.dispatch({ type: 'init', defaults: msg.defaults, stateRejected: msg.stateRejected });
      started = true;
      flows.start();
      break;
    case 'network':
      store.dispatch({ type: 'network', defaults: msg.defaults });
      flows.start();
      break;
    case 'reply':
      client.settle(msg);
      break;
    case 'transfer':
      flows.transfer(msg.transfer);
      break;
    case 'quote':
      store.dispatch({ type: 'quote', quote: msg.quote, at: Date.now() });
      break;
  }
});

api.postMessage({ type: 'ready' });
