/**
 * The CosmWasm core (src/core/wasm/): execute messages read whether sent as JSON or base64 of JSON (the entry point
 * named), wasmd's failure log in words (the contract's own text quoted), a contract's schema typing a message by its
 * entry points, checksums.txt tying a workspace schema to the chain's code checksum, and the REST client over real
 * HTTP against the fake wasmd gateway (test/fixtures/fakeWasm.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_HTTP_OPTIONS, HttpClient } from '../../src/core/http';
import { decodeWasmMsg, isWasmMsg, parseWasmFailure, wasmFailureWords } from '../../src/core/wasm/messages';
import { ContractSchema, checkMessage, entryPoints, parseChecksums } from '../../src/core/wasm/schema';
import { WasmClient, checksumHex } from '../../src/core/wasm/client';
import { startFakeWasmRest } from '../fixtures/fakeWasm';
import { COUNTER, COUNTER_CHECKSUM, COUNTER_FAILURE_LOG, COUNTER_SCHEMA } from '../fixtures/wasmData';

test('an execute message is read as JSON or base64 of JSON, its entry point named', () => {
  assert.ok(isWasmMsg('/cosmwasm.wasm.v1.MsgExecuteContract'));
  assert.ok(!isWasmMsg('/initia.move.v1.MsgExecute'));
  assert.deepEqual(decodeWasmMsg({ reset: { count: 1 } }), {
    ok: true,
    json: { reset: { count: 1 } },
    entryPoint: 'reset',
    encoding: 'json',
  });
  const b64 = Buffer.from('{"increment":{}}').toString('base64');
  assert.deepEqual(decodeWasmMsg(b64), {
    ok: true,
    json: { increment: {} },
    entryPoint: 'increment',
    encoding: 'base64',
  });
  assert.deepEqual(decodeWasmMsg('not base64!'), {
    ok: false,
    raw: 'not base64!',
    problem: 'msg is a string but not base64',
  });
  assert.equal(decodeWasmMsg(Buffer.from('nope').toString('base64')).ok, false);
  assert.deepEqual(
    decodeWasmMsg({ a: 1, b: 2 }),
    { ok: true, json: { a: 1, b: 2 }, encoding: 'json' },
    'two keys: no entry point',
  );
});

test("wasmd's failure log: the message index and the contract's own words, quoted", () => {
  const failure = parseWasmFailure(COUNTER_FAILURE_LOG);
  assert.deepEqual(failure, { msgIndex: 0, contractError: 'Unauthorized: only the owner can reset' });
  assert.equal(
    wasmFailureWords(failure!),
    'The contract refused the call and said: "Unauthorized: only the owner can reset"',
  );
  assert.equal(parseWasmFailure('out of gas'), undefined);
});

test("a contract's schema types a message by its entry points; checksums tie a schema to the chain's code", () => {
  const schema = ContractSchema.parse(COUNTER_SCHEMA);
  const execute = entryPoints(schema.execute);
  assert.deepEqual(
    execute.map((p) => [p.name, p.fields, p.closed]),
    [
      ['increment', [], true],
      ['reset', [{ name: 'count', required: true }], true],
    ],
  );
  assert.deepEqual(checkMessage({ reset: { count: 1 } }, execute), []);
  assert.deepEqual(checkMessage({ reset: {} }, execute), ['"count" is required']);
  assert.deepEqual(checkMessage({ reset: { count: 1, extra: true } }, execute), ['"extra" is not a field of reset']);
  assert.deepEqual(checkMessage({ burn: {} }, execute), [
    '"burn" is not an entry point of this contract (it has increment, reset)',
  ]);
  assert.deepEqual(checkMessage([], execute), ['a message is a JSON object with one key']);
  const sums = parseChecksums(`${COUNTER_CHECKSUM}  counter.wasm\n${'ab'.repeat(32)}  other.wasm\nbad line\n`);
  assert.equal(sums.get(COUNTER_CHECKSUM), 'counter.wasm');
  assert.equal(sums.size, 2);
  assert.equal(checksumHex(Buffer.from(COUNTER_CHECKSUM, 'hex').toString('base64')), COUNTER_CHECKSUM);
  assert.equal(checksumHex(COUNTER_CHECKSUM.toUpperCase()), COUNTER_CHECKSUM);
  assert.equal(checksumHex('xyz'), undefined);
});

test('the Wasm REST client: a smart query (base64 JSON in the path), the contract and its code checksum', async (t) => {
  const rest = await startFakeWasmRest();
  t.after(() => rest.close());
  const client = new WasmClient(rest.url, new HttpClient({ ...DEFAULT_HTTP_OPTIONS, service: 'node', maxRetries: 0 }));
  assert.deepEqual(await client.smartQuery(COUNTER, { get_count: {} }), { count: 5 });
  const path = rest.requests.at(-1)!.path;
  assert.equal(
    path,
    `/cosmwasm/wasm/v1/contract/${COUNTER}/smart/${encodeURIComponent(Buffer.from('{"get_count":{}}').toString('base64'))}`,
  );
  await assert.rejects(client.smartQuery(COUNTER, { nope: {} }), /unknown variant/);
  assert.equal(await client.codeId(COUNTER), '7');
  assert.equal(await client.codeChecksum('7'), COUNTER_CHECKSUM);
});
