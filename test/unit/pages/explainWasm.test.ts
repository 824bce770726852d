/**
 * Explain's CosmWasm parts on the page (src/explain/page/components/wasm.ts): a message's entry point, its msg as
 * JSON and how it fits the workspace's schema; a contract's refusal in words with its own text. The chain's text is
 * shown as text: markup in a contract's error stays characters, never elements.
 */
import { afterEach, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { installDom, type PageDom } from './dom';
import { EXPLAIN } from '../../../src/webview/selectors';
import type { ExplainView } from '../../../src/explain/protocol';

let dom: PageDom;
beforeEach(() => {
  dom = installDom();
});
afterEach(async () => {
  await dom.close();
});

const hostile = '<img src=x onerror="alert(1)">Unauthorized';
const view: ExplainView = {
  kind: 'cosmos',
  hash: 'D4'.repeat(32),
  network: 'Wasm demo',
  outcome: { ok: false, text: 'Failed with code 5 (wasm)', reason: `… ${hostile}: execute wasm contract failed` },
  facts: [],
  messages: [
    {
      title: '1. Execute contract',
      typeUrl: '/cosmwasm.wasm.v1.MsgExecuteContract',
      fields: [],
      wasm: {
        contract: 'init1contract',
        entryPoint: 'reset',
        json: '{\n  "reset": {\n    "count": 0\n  }\n}',
        base64: true,
        funds: ['10 umin'],
        schema: { file: 'wasm/schema/counter.json', ok: false, text: 'does not match schema x: "count" is required' },
      },
      events: [],
    },
  ],
  otherEvents: [],
  balances: [],
  logs: [],
  calls: [],
  notes: [],
  abiFiles: [],
  wasm: {
    failure: { text: `The contract refused the call and said: "${hostile}"`, contractError: hostile, msgIndex: 0 },
  },
};

test("a refused execute: its entry point, msg, schema check and the contract's words, all as text", () => {
  const id = require.resolve('../../../src/explain/page/entry');
  delete require.cache[id];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(id);
  dom.receive({ type: 'explain', view });
  const failure = document.getElementById(EXPLAIN.wasmFailure)!;
  assert.ok(failure, 'the failure box is shown');
  assert.equal(document.getElementById(EXPLAIN.wasmContractError)!.textContent, hostile);
  assert.equal(document.querySelectorAll('img').length, 0, 'no element from the chain');
  const call = document.querySelector('.wasm-call')!;
  assert.match(call.textContent ?? '', /reset on init1contract · sent as base64 of JSON/);
  assert.match(call.textContent ?? '', /It does not match schema x: "count" is required/);
  assert.match(call.querySelector('pre')!.textContent ?? '', /"count": 0/);
  assert.match(call.textContent ?? '', /Funds: 10 umin/);
});
