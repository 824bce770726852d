/**
 * The bridge page's components in a Node document (happy-dom): a quote refresh keeps the Fast / Lossless radios
 * (the same elements, the focus on the one chosen) and changes only their details; a transfer update keeps every hop
 * and transaction element that is still there; the buttons call actions named for what the user means, and the flows
 * turn those into the protocol's requests.
 */
import { afterEach, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { installDom, type PageDom } from './dom';
import { filledStore, recordingActions, transfer, withdrawalQuote } from './fixtures';
import { mountRoute } from '../../../src/bridge/page/components/route';
import { mountMsgs } from '../../../src/bridge/page/components/msgs';
import { mountTimeline } from '../../../src/bridge/page/components/timeline';
import { BridgeFlows } from '../../../src/bridge/page/flows';
import { parseReply, type OPS } from '../../../src/bridge/protocol';
import { Client } from '../../../src/webview/lib/client';
import { BRIDGE } from '../../../src/webview/selectors';

let dom: PageDom;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => dom.close());

const byId = (id: string) => document.getElementById(id);

test('route: a quote refresh keeps the withdrawal radios and the focus on Lossless, and updates their details', () => {
  const store = filledStore();
  const { actions, calls } = recordingActions();
  document.getElementById('app')!.append(mountRoute(store, actions));
  // The user chose Lossless (another form: the host quotes it), and the quote came.
  store.dispatch({ type: 'field', key: 'withdrawal', value: 'lossless' });
  store.dispatch({ type: 'quote', quote: withdrawalQuote(store.state, '1.49 INIT', '1.5 INIT'), at: 1000 });
  const lossless = byId(BRIDGE.withdrawalLossless) as HTMLInputElement;
  const fast = byId(BRIDGE.withdrawalFast) as HTMLInputElement;
  assert.ok(lossless && fast, 'both ways are offered');
  assert.equal(lossless.checked, true);
  lossless.focus();
  assert.ok(document.activeElement === lossless, 'focused');

  // The host's refresh 10 s later: the same form, other amounts.
  store.dispatch({ type: 'quote', quote: withdrawalQuote(store.state, '1.48 INIT', '1.5 INIT'), at: 11_000 });
  assert.ok(byId(BRIDGE.withdrawalLossless) === lossless, 'the same Lossless radio');
  assert.ok(byId(BRIDGE.withdrawalFast) === fast, 'the same Fast radio');
  assert.ok(document.activeElement === lossless, 'the keyboard focus stays on Lossless');
  assert.equal(lossless.checked, true);
  assert.match(byId(BRIDGE.withdrawal)!.textContent ?? '', /1\.48 INIT · about 1 min/, 'the new details are shown');

  // Choosing a way is the form's field, by name.
  fast.checked = true;
  fast.dispatchEvent(new Event('change'));
  assert.deepEqual(calls.at(-1), { name: 'setField', args: ['withdrawal', 'fast'] });
});

test('timeline: an update keeps the hops and transactions that are still there, changing only what differs', () => {
  const store = filledStore();
  const { actions } = recordingActions();
  document.getElementById('app')!.append(mountTimeline(store, actions));
  store.dispatch({ type: 'tracked', transfer: transfer({ state: 'WAITING', txs: 0 }) });
  const hops = () => [...byId(BRIDGE.hops)!.querySelectorAll(':scope > li')];
  const [first, second] = hops();
  assert.ok(first && second, 'two hops');
  const firstTx = first.querySelector('.tx');

  store.dispatch({ type: 'transfer', transfer: transfer({ state: 'SENT', txs: 1 }) });
  const after = hops();
  assert.equal(after.length, 2);
  assert.ok(after[0] === first, 'the unchanged hop is the same element');
  assert.ok(first.querySelector('.tx') === firstTx, 'and so is its transaction');
  assert.ok(after[1] === second, 'the hop that moved on is updated in place');
  assert.equal(second.querySelector('.badge')?.textContent, 'sent');
  assert.equal(second.querySelectorAll('.tx').length, 1, 'its new transaction is added');

  const secondTx = second.querySelector('.tx');
  store.dispatch({ type: 'transfer', transfer: transfer({ state: 'SENT', txs: 2 }) });
  assert.ok(second.querySelector('.tx') === secondTx, 'a transaction already shown is kept');
  assert.equal(second.querySelectorAll('.tx').length, 2);
});

test('buttons call actions named for what the user means (no protocol op names in the components)', () => {
  const store = filledStore();
  store.dispatch({ type: 'quote', quote: withdrawalQuote(store.state, '1', '1'), at: 0 });
  const verdict = {
    kind: 'matches' as const,
    effects: ['sends 1.5 INIT'],
    caveats: [],
    mismatches: [],
    unverified: [],
  };
  store.dispatch({ type: 'msgs', msgs: { signable: { messages: [{ typeUrl: '/x' }] }, summaries: [], verdict } });
  const { actions, calls } = recordingActions();
  document.getElementById('app')!.append(mountMsgs(store, actions), mountRoute(store, actions));
  const click = (label: string) =>
    [...document.querySelectorAll('vscode-button')]
      .find((b) => b.textContent === label)!
      .dispatchEvent(new Event('click'));
  click('Copy');
  click('Save to file…');
  click('Open route as JSON');
  assert.deepEqual(
    calls.map((c) => c.name),
    ['copyMessages', 'saveMessages', 'openRouteJson'],
  );
  assert.ok(
    calls.every((c) => c.args.length === 0),
    'the flows read what to send from the state',
  );
});

test('flows: a named action becomes its request, and every change of the form goes to the host once', () => {
  const store = filledStore();
  const posted: Record<string, unknown>[] = [];
  const client = new Client<typeof OPS>(parseReply, (m) => posted.push(m.request as Record<string, unknown>));
  const errors: (string | undefined)[] = [];
  const flows = new BridgeFlows(store, {
    client,
    ask: (op, args, said) => {
      said(undefined);
      client.request(op, args).catch((e: Error) => errors.push(e.message));
    },
  });
  assert.deepEqual(
    posted.map((r) => r.op),
    ['edit'],
    'the form on the page, told when the flows start following it',
  );
  store.dispatch({ type: 'quote', quote: withdrawalQuote(store.state, '1', '1'), at: 0 });
  const verdict = { kind: 'matches' as const, effects: [], caveats: [], mismatches: [], unverified: [] };
  store.dispatch({ type: 'msgs', msgs: { signable: { messages: [{ typeUrl: '/x' }] }, summaries: [], verdict } });
  posted.length = 0;
  flows.copyMessages();
  flows.openRouteJson();
  assert.deepEqual(posted.slice(), [
    { op: 'copy', text: JSON.stringify({ messages: [{ typeUrl: '/x' }] }, null, 2) },
    { op: 'openJson', what: 'route', value: { amount_in: '1500000' } },
  ]);
  posted.length = 0;
  flows.back(); // the route is live again: the host is told, once
  flows.setField('amount', '2', 'amount');
  flows.setField('amount', '2', 'amount');
  assert.deepEqual(
    posted.map((r) => [r.op, (r.form as { amount: string }).amount, r.live]),
    [
      ['edit', '1.5', true],
      ['edit', '2', true],
    ],
  );
  assert.deepEqual(errors, []);
});
