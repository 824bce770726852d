/**
 * CosmWasm, in the real extension host, against the fake indexer (the Wasm txs in rollytics' shape, one refused with
 * wasmd's real log) and a Wasm rollup's node (the fake node on `miniwasm`: wasmd's gateway, test/fixtures/fakeWasm.ts),
 * with the counter's cosmwasm-schema and the optimizer's checksums.txt in the workspace (test/fixtures/wasm/workspace,
 * copied in as wasm/): a refused execute explained (its entry point, the schema matched by code checksum, the
 * contract's words), the same in the explain tool; Smart Query Wasm Contract… sends one smart query at the right path
 * and opens its answer; a malformed query or contract is refused before any request.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { FAKE_NETWORK, setUp, type Harness } from './helpers';
import { startFakeNode, type FakeNode } from '../fixtures/fakeNode';
import { COUNTER, WASM_TXS, wasmTxs } from '../fixtures/wasmData';
import type { ExplainView } from '../../src/explain/protocol';

describe('CosmWasm: explain and smart query (fake wasmd gateway)', function () {
  this.timeout(60_000);
  let h: Harness;
  let node: FakeNode;
  const explain = (hash: string) => vscode.commands.executeCommand<ExplainView>('initia.explainTransaction', hash);
  const query = (...args: unknown[]) =>
    vscode.commands.executeCommand<vscode.Uri | undefined>('initia.wasmSmartQuery', ...args);
  const smartRequests = () => node.requests.filter((r) => r.path.includes('/smart/'));
  const contractRequests = () => node.requests.filter((r) => r.path === `/cosmwasm/wasm/v1/contract/${COUNTER}`);
  const codeRequests = () => node.requests.filter((r) => r.path.startsWith('/cosmwasm/wasm/v1/code/'));
  const profile = () => ({
    name: FAKE_NETWORK,
    chainId: h.fake.data.chainId,
    indexerUrl: h.fake.url,
    restUrl: node.url,
    vm: 'miniwasm',
  });

  before(async () => {
    h = await setUp({ evm: false });
    for (const tx of wasmTxs(100, '2026-11-28T10:00:00Z')) h.fake.serveTx(tx);
    node = await startFakeNode({ vm: 'miniwasm', chainId: h.fake.data.chainId, jsonRpc: false });
    await vscode.workspace
      .getConfiguration('initia')
      .update('networks', [profile()], vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    h.api.features.explain.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await h?.restore();
    await node?.close();
  });
  beforeEach(() => {
    h.clear();
    node.resetRequests();
  });

  it("a refused execute: its entry point, the workspace's schema matched by code checksum, the contract's words", async () => {
    const view = await explain(WASM_TXS.resetRefused);
    const call = view?.messages[0]?.wasm;
    assert.ok(call, `explained (errors: ${h.errors.join(' | ')})`);
    assert.equal(call.entryPoint, 'reset');
    assert.equal(call.contract, COUNTER);
    assert.deepEqual(JSON.parse(call.json), { reset: { count: 0 } });
    assert.deepEqual(call.schema, {
      file: 'wasm/schema/counter.json',
      ok: true,
      text: 'matches the execute message `reset` of schema wasm/schema/counter.json',
    });
    assert.equal(view.wasm?.failure.contractError, 'Unauthorized: only the owner can reset');
    assert.match(view.wasm!.failure.text, /^The contract refused the call and said: "Unauthorized: only the owner/);
    assert.equal(contractRequests().length, 1, "the contract's code id, once");
    assert.equal(codeRequests().length, 1, "the code's checksum, once");

    // A msg sent as base64 of JSON: read, named; the code's checksum is kept (a code never changes).
    const sent = await explain(WASM_TXS.increment);
    assert.equal(sent.messages[0]!.wasm?.entryPoint, 'increment');
    assert.equal(sent.messages[0]!.wasm?.base64, true);
    assert.equal(sent.messages[0]!.wasm?.schema?.ok, true);
    assert.equal(sent.wasm, undefined);
    assert.equal(codeRequests().length, 1, 'no second code request');
  });

  it("the explain tool says the refusal in the extension's words, the contract's text quoted", async () => {
    const result = await vscode.lm.invokeTool(
      'initia_explainTransaction',
      { input: { hash: WASM_TXS.resetRefused }, toolInvocationToken: undefined },
      new vscode.CancellationTokenSource().token,
    );
    const said = result.content.map((p) => (p as { value?: unknown }).value).join('\n');
    assert.match(
      said,
      /CosmWasm contract refused the call in message 1; the contract's own words: «Unauthorized: only the owner can reset»/,
      said,
    );
    assert.match(said, /CosmWasm call: entry point reset on init1\S+, msg «\{\\"reset\\":\{\\"count\\":0\}\}»/, said);
  });

  it('a smart query: one request at the right path, the answer opened as a read-only JSON document', async () => {
    const uri = await query(COUNTER, '{"get_count":{}}');
    assert.ok(uri, `a document opened (errors: ${h.errors.join(' | ')})`);
    const doc = JSON.parse((await vscode.workspace.openTextDocument(uri)).getText()) as Record<string, unknown>;
    assert.deepEqual(doc.answer, { count: 5 });
    assert.deepEqual(doc.query, { get_count: {} });
    assert.equal(doc.contract, COUNTER);
    assert.equal(doc.schema, 'wasm/schema/counter.json');
    assert.equal(smartRequests().length, 1, 'one smart query');
    const b64 = Buffer.from('{"get_count":{}}').toString('base64');
    assert.equal(smartRequests()[0]!.path, `/cosmwasm/wasm/v1/contract/${COUNTER}/smart/${encodeURIComponent(b64)}`);
    // The same query as an object (another extension's call) is the same request.
    await query(COUNTER, { get_count: {} });
    assert.equal(smartRequests().length, 2);
  });

  it('a malformed query or contract is refused before any request; a query the schema does not list, before the smart query', async () => {
    assert.equal(await query(COUNTER, '{"get_count":{}, "owner":{}}'), undefined);
    assert.match(h.errors.join(' | '), /exactly one top-level key, its entry point; this has 2/);
    assert.equal(await query(COUNTER, '{get_count}'), undefined);
    assert.match(h.errors.join(' | '), /The query is not JSON/);
    assert.equal(await query('init1notacontract', '{"get_count":{}}'), undefined);
    assert.equal(node.requests.length, 0, 'nothing sent');
    h.clear();
    assert.equal(await query(COUNTER, '{"get_owner":{}}'), undefined);
    assert.match(
      h.errors.join(' | '),
      /Not a query of schema wasm\/schema\/counter\.json: "get_owner" is not an entry point/,
    );
    assert.equal(smartRequests().length, 0, 'no smart query');
  });

  it('a network without REST, or of another VM, says so in a sentence, and sends nothing', async () => {
    const config = vscode.workspace.getConfiguration('initia');
    try {
      const { restUrl: _rest, ...noRest } = profile();
      await config.update('networks', [noRest], vscode.ConfigurationTarget.Global);
      assert.equal(await query(COUNTER, '{"get_count":{}}'), undefined);
      assert.match(h.errors.join(' | '), /no CosmWasm REST endpoint \(restUrl\)/);
      await config.update('networks', [{ ...profile(), vm: 'minimove' }], vscode.ConfigurationTarget.Global);
      assert.equal(await query(COUNTER, '{"get_count":{}}'), undefined);
      assert.match(h.errors.join(' | '), /runs minimove, not CosmWasm: pick a Wasm network/);
      assert.equal(node.requests.length, 0);
    } finally {
      await config.update('networks', [profile()], vscode.ConfigurationTarget.Global);
    }
  });
});
