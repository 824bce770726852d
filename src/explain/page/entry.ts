/**
 * The Explain Transaction page (browser bundle): a store (explain/state.ts, one reducer), the components that show
 * its slices (explain/components/), and the page's requests through the typed request/reply client. It derives
 * nothing: the host pushes one view model with every text ready, and the page puts it in the document as text. A
 * value that leads somewhere asks the host to run the lookup (the host checks it first); an ABI file is asked for by
 * its number in the view, and so are the call trace's Solidity lines and contracts to read. The transaction shown is
 * kept with setState, so a reload shows it again.
 */
import { ToExplainWebview, parseExplainReply, type EXPLAIN_OPS, type ExplainState } from '../protocol';
import { registerButtons } from '../../webview/components/kit';
import { Client, vscodeApi } from '../../webview/lib/client';
import { errorText } from '../../webview/lib/dom';
import { Store } from '../../webview/lib/store';
import { initialState, reduce, type ExplainActions } from './state';
import { Parts } from './components/parts';
import { mountOutcome } from './components/outcome';
import { mountSections } from './components/sections';
import { mountTrace } from './components/trace';

registerButtons();
const api = vscodeApi<ExplainState>();
const store = new Store(initialState(), reduce, (next, previous) => {
  if (next.view && next.view !== previous.view) api.setState({ hash: next.view.hash, network: next.view.network });
});
const client = new Client<typeof EXPLAIN_OPS>(parseExplainReply, (message) => api.postMessage(message));

/** A request of the user's; its failure is said at the top of the page. */
const ask = <K extends keyof typeof EXPLAIN_OPS>(op: K, args: Parameters<typeof client.request<K>>[1]) => {
  store.dispatch({ type: 'actionError', text: undefined });
  client.request(op, args).catch((err: unknown) => store.dispatch({ type: 'actionError', text: errorText(err) }));
};
const actions: ExplainActions = {
  open: (link) => ask('open', { link }),
  openAbi: (file) => ask('openAbi', { file }),
  copy: (text) => ask('copy', { text }),
  openJson: () => ask('openJson', {}),
  refresh: () => ask('refresh', {}),
  openSource: (source) => ask('openSource', { source }),
  callContract: (contract) => ask('callContract', { contract }),
};
const parts = new Parts(actions);
document
  .getElementById('app')
  ?.append(...mountOutcome(store, actions, parts), mountTrace(store, actions, parts), ...mountSections(store, parts));

window.addEventListener('message', (event: MessageEvent) => {
  const parsed = ToExplainWebview.safeParse(event.data);
  if (!parsed.success) return;
  const msg = parsed.data;
  if (msg.type === 'reply') client.settle(msg);
  else store.dispatch(msg.type === 'explain' ? { type: 'explain', view: msg.view } : msg);
});

api.postMessage({ type: 'ready' });
