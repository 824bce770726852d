/**
 * Explain's Move parts in a Node document (happy-dom): a failed Move transaction's abort shown by its name, doc,
 * category and the source that named it, its places as buttons that ask for a place by its number; a VM failure in
 * words; a Move message's call with its typed arguments and "Call a view function…" by the message's number; the
 * chain's texts as text, never markup.
 */
import { afterEach, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { installDom, type PageDom } from './dom';
import { mountMoveFailure, moveParts } from '../../../src/explain/page/components/move';
import { Parts } from '../../../src/explain/page/components/parts';
import { Store } from '../../../src/webview/lib/store';
import { initialState, reduce, type ExplainActions } from '../../../src/explain/page/state';
import type { ExplainView, MessageView } from '../../../src/explain/protocol';
import { EXPLAIN } from '../../../src/webview/selectors';

let dom: PageDom;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => dom.close());

function recording(): { actions: ExplainActions; calls: string[] } {
  const calls: string[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      void calls.push(`${name}(${args.map((a) => JSON.stringify(a)).join(', ')})`);
  const actions = new Proxy({} as ExplainActions, { get: (_, name) => record(String(name)) });
  return { actions, calls };
}

const view = (move: ExplainView['move']): ExplainView => ({
  kind: 'cosmos',
  hash: 'A1B2',
  network: 'Local Move demo',
  outcome: { ok: false, text: 'Failed with code 1 (undefined)' },
  facts: [],
  messages: [],
  otherEvents: [],
  balances: [],
  logs: [],
  calls: [],
  notes: [],
  abiFiles: [],
  move,
});

test('a named abort: its name, doc, category and source; Open and Raised at ask for their places by number', () => {
  const store = new Store(initialState(), reduce);
  const { actions, calls } = recording();
  document.getElementById('app')!.append(mountMoveFailure(store, actions, new Parts(actions)));
  store.dispatch({
    type: 'explain',
    view: view({
      failure: {
        text: 'Aborted with EINSUFFICIENT_FUNDS in 0xcafe::vault',
        abort: {
          name: 'EINSUFFICIENT_FUNDS',
          module: '0xcafe::vault',
          code: '65537 (0x10001)',
          category: 'INVALID_ARGUMENT (an argument was invalid), reason 1',
          source: "named from the workspace's Move source",
          description: 'The vault holds less <b>than</b> asked.',
          declaration: { source: 0, label: 'move/sources/vault.move:10' },
          sites: [{ source: 1, label: 'move/sources/vault.move:35' }],
          notes: [],
        },
      },
      sources: [
        { uri: 'file:///w/move/sources/vault.move', line: 9 },
        { uri: 'file:///w/move/sources/vault.move', line: 34 },
      ],
    }),
  });
  assert.equal(document.getElementById(EXPLAIN.moveAbortName)?.textContent, 'EINSUFFICIENT_FUNDS');
  const doc = document.getElementById(EXPLAIN.moveAbortDoc)!;
  assert.equal(doc.textContent, 'The vault holds less <b>than</b> asked.');
  assert.equal(doc.querySelector('b'), null, 'the doc is text, never markup');
  assert.equal(document.getElementById(EXPLAIN.moveAbortSource)?.textContent, "named from the workspace's Move source");
  const buttons = [...document.querySelectorAll(`#${EXPLAIN.moveFailure} button`)] as HTMLElement[];
  assert.deepEqual(
    buttons.map((b) => b.textContent),
    ['Open move/sources/vault.move:10', 'Raised at move/sources/vault.move:35'],
  );
  buttons[1]!.click();
  assert.deepEqual(calls, ['openMoveSource(1)']);
});

test('a VM failure in words; a successful view shows no failure box', () => {
  const store = new Store(initialState(), reduce);
  const { actions } = recording();
  document.getElementById('app')!.append(mountMoveFailure(store, actions, new Parts(actions)));
  store.dispatch({
    type: 'explain',
    view: view({ failure: { text: 'The MoveVM stopped: the transaction ran out of gas.' }, sources: [] }),
  });
  assert.equal(
    document.getElementById(EXPLAIN.moveFailure)?.textContent,
    'The MoveVM stopped: the transaction ran out of gas.',
  );
  store.dispatch({ type: 'explain', view: view(undefined) });
  assert.equal(document.getElementById(EXPLAIN.moveFailure), null);
});

test('a Move message: its target, typed arguments, why some are not decoded, and Call a view function… by its number', () => {
  const { actions, calls } = recording();
  const message: MessageView = {
    title: '2. Execute Move function',
    typeUrl: '/initia.move.v1.MsgExecute',
    fields: [],
    events: [],
    move: {
      target: '0x1::fungible_asset::transfer',
      typeArgs: ['0x1::fungible_asset::Metadata'],
      args: [
        { type: 'u64', text: '"2500000"' },
        { type: 'vector<u8>', text: 'AAE=', problem: 'not base64' },
      ],
    },
    moveEvents: [{ typeTag: '0x1::fungible_asset::WithdrawEvent', json: '{"amount":"1"}' }],
  };
  const app = document.getElementById('app')!;
  app.append(...moveParts(message, 1, actions, new Parts(actions)).filter((n): n is HTMLElement => n !== null));
  const text = app.textContent ?? '';
  assert.match(text, /0x1::fungible_asset::transfer <0x1::fungible_asset::Metadata>/);
  assert.match(text, /arg 0 \(u64\)"2500000"/);
  assert.match(text, /arg 1 \(vector<u8>\)AAE= — not base64/);
  assert.match(text, /Move events \(1\)0x1::fungible_asset::WithdrawEvent\{"amount":"1"\}/);
  const call = [...app.querySelectorAll('button')].find((b) => /Call a view function/.test(b.textContent ?? ''))!;
  assert.equal(call.textContent, 'Call a view function of 0x1::fungible_asset…');
  call.click();
  assert.deepEqual(calls, ['callMoveView(1)']);
});
