/**
 * The Explain Transaction page (browser bundle), started by the kit's startPage: a store (state.ts, one reducer),
 * the components that show its slices (components/), and the user's actions as the page's requests. It derives
 * nothing: the host pushes one view model with every text ready, and the page puts it in the document as text. A
 * value that leads somewhere asks the host to run the lookup (the host checks it first); an ABI file, a Solidity
 * line and a contract to read are asked for by their numbers in the view. The transaction shown is kept with
 * setState, so a reload shows it again.
 */
import { ToExplainWebview, parseExplainReply, type EXPLAIN_OPS, type ExplainState } from '../protocol';
import { registerButtons } from '../../webview/components/kit';
import { startPage, type Page } from '../../webview/lib/page';
import { Store } from '../../webview/lib/store';
import { initialState, reduce, type ExplainActions } from './state';
import { Parts } from './components/parts';
import { mountOutcome } from './components/outcome';
import { mountSections } from './components/sections';
import { mountTrace } from './components/trace';

type ExplainPage = Page<typeof EXPLAIN_OPS, ExplainState>;

/** What the user can do, each one request; its failure is said at the top of the page. */
export function explainActions(page: ExplainPage, said: (text: string | undefined) => void): ExplainActions {
  return {
    open: (link) => page.ask('open', { link }, said),
    openAbi: (file) => page.ask('openAbi', { file }, said),
    copy: (text) => page.ask('copy', { text }, said),
    openJson: () => page.ask('openJson', {}, said),
    refresh: () => page.ask('refresh', {}, said),
    openSource: (source) => page.ask('openSource', { source }, said),
    callContract: (contract) => page.ask('callContract', { contract }, said),
    debug: () => page.ask('debug', {}, said),
    openMoveSource: (source) => page.ask('openMoveSource', { source }, said),
    callMoveView: (message) => page.ask('callMoveView', { message }, said),
  };
}

registerButtons();
startPage({
  check: parseExplainReply,
  messages: ToExplainWebview,
  mount(page: ExplainPage) {
    const store = new Store(initialState(), reduce, (next, previous) => {
      if (next.view && next.view !== previous.view)
        page.api.setState({ hash: next.view.hash, network: next.view.network });
    });
    const actions = explainActions(page, (text) => store.dispatch({ type: 'actionError', text }));
    const parts = new Parts(actions);
    return {
      nodes: [
        ...mountOutcome(store, actions, parts),
        mountTrace(store, actions, parts),
        ...mountSections(store, actions, parts),
      ],
      push: (msg) => store.dispatch(msg.type === 'explain' ? { type: 'explain', view: msg.view } : msg),
    };
  },
});
