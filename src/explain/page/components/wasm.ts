/**
 * The CosmWasm parts of Explain Transaction: under the outcome, why a contract refused (in words, the contract's own
 * text quoted); in a message, the entry point it called, its msg as JSON (and whether it was sent as base64), its
 * funds and how it fits the workspace's schema of the contract. Text only.
 */
import type { MessageView } from '../../protocol';
import { Presence, h, replaceChildren } from '../../../webview/lib/dom';
import type { Store } from '../../../webview/lib/store';
import { EXPLAIN } from '../../../webview/selectors';
import type { ExplainAction, ExplainUi } from '../state';

/** Why a contract refused, present while the view has a CosmWasm failure. */
export function mountWasmFailure(store: Store<ExplainUi, ExplainAction>): Node {
  const box = h('div', {
    id: EXPLAIN.wasmFailure,
    class: 'wasm-failure',
    role: 'group',
    'aria-label': 'Why it failed',
  });
  const presence = new Presence(box);
  store.watch(
    (s) => s.view?.wasm?.failure,
    (failure) => {
      presence.set(!!failure);
      if (!failure) return;
      replaceChildren(
        box,
        h('p', {}, failure.text),
        h(
          'p',
          { class: 'muted' },
          "The contract's own words: ",
          h('q', { id: EXPLAIN.wasmContractError }, failure.contractError),
        ),
      );
    },
  );
  return presence.node();
}

/** A message's CosmWasm call, or nothing when it is not a CosmWasm message. */
export function wasmParts(m: MessageView): Array<HTMLElement | null> {
  const call = m.wasm;
  if (!call) return [];
  return [
    h(
      'div',
      { class: 'decoded wasm-call' },
      h(
        'div',
        {},
        call.entryPoint !== undefined ? h('code', {}, call.entryPoint) : h('span', { class: 'muted' }, 'msg'),
        call.contract ? ' on ' : '',
        call.contract ? h('code', {}, call.contract) : '',
        call.base64 ? h('span', { class: 'muted' }, ' · sent as base64 of JSON') : '',
      ),
      call.problem ? h('div', { class: 'muted' }, `Not read: ${call.problem}`) : null,
      call.schema ? h('div', { class: call.schema.ok ? 'schema-ok' : 'schema-bad' }, `It ${call.schema.text}`) : null,
      h('pre', {}, call.json),
      call.funds.length ? h('div', { class: 'muted' }, `Funds: ${call.funds.join(', ')}`) : null,
    ),
  ];
}
