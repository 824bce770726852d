/**
 * Hostile input, as properties: response schemas fed generated payloads (anything JSON, and near-valid shapes with
 * hostile strings, 1 MB strings and deep nesting) either parse or fail with a SchemaError that names a field, never
 * with anything else; the display helpers keep hostile text inert and bounded.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseWith } from '../../src/core/zodParse';
import * as indexer from '../../src/core/indexer/schemas';
import * as router from '../../src/core/router/schemas';
import { labelText, summariseMsgTypes } from '../../src/core/format';
import { txHashAt } from '../../src/core/linkScan';
import { errorKind } from './support';

const HOSTILE = fc.constantFrom(
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '[x](command:workbench.action.terminal.new)',
  '\u202Egnp.exe',
  '\u0000\u0007\u001b[31m',
  '${process.env.HOME}',
  '"><svg onload=alert(1)>',
);
const text = fc.oneof(fc.string(), HOSTILE, fc.string({ unit: 'grapheme', maxLength: 50 }));

function deep(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = { nested: v, list: [v] };
  return v;
}

const SCHEMAS: Array<[string, Parameters<typeof parseWith>[0]]> = [
  ['BlocksResponse', indexer.BlocksResponse],
  ['TxResponse', indexer.TxResponse],
  ['TxsResponse', indexer.TxsResponse],
  ['EvmTxResponse', indexer.EvmTxResponse],
  ['CollectionsResponse', indexer.CollectionsResponse],
  ['NftsResponse', indexer.NftsResponse],
  ['HoldersResponse', indexer.HoldersResponse],
  ['Status', indexer.Status],
  ['Route', router.Route],
  ['StatusResponse', router.StatusResponse],
  ['MsgsResponse', router.MsgsResponse],
  ['OpHook', router.OpHook],
];

test('property: any JSON value either parses or fails as a SchemaError naming a field (never throws otherwise)', () => {
  for (const [name, schema] of SCHEMAS) {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        try {
          parseWith(schema, value, 'indexer');
        } catch (err) {
          assert.equal(errorKind(err), 'schema', `${name}: ${String(err)}`);
          assert.match((err as Error).message, /unexpected shape: field /);
        }
      }),
      { numRuns: 150 },
    );
  }
});

test('property: near-valid records with hostile strings keep those strings verbatim (data stays data)', () => {
  fc.assert(
    fc.property(text, text, text, (name, uri, memo) => {
      const cols = parseWith(
        indexer.CollectionsResponse,
        {
          collections: [
            {
              object_addr: '0x01',
              collection: { creator: 'init1x', name, origin_name: name, nfts: { handle: '', length: 1 } },
              height: 1,
            },
          ],
          pagination: null,
        },
        'indexer',
      );
      assert.equal(cols.collections[0]!.collection.name, name);
      const tokens = parseWith(
        indexer.NftsResponse,
        { tokens: [{ collection_addr: '0x01', owner: 'init1x', nft: { token_id: '1', uri } }] },
        'indexer',
      );
      assert.equal(tokens.tokens[0]!.nft.uri, uri);
      const tx = parseWith(
        indexer.TxResponse,
        { tx: { txhash: 'AB', height: '1', code: 0, tx: { body: { memo, messages: [{ '@type': memo }] } } } },
        'indexer',
      );
      assert.equal(tx.tx.tx?.body?.memo, memo);
      // What the tree and hover show of it: one bounded line without control or bidi characters.
      const label = labelText(name, 80);
      assert.ok(label.length <= 80);
      assert.doesNotMatch(label, /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
      assert.ok(summariseMsgTypes([memo]).length <= memo.length + 1);
    }),
    { numRuns: 300 },
  );
});

test('1 MB strings and deeply nested JSON: parsed, kept, and shown bounded', () => {
  const huge = `${'<b>'.repeat(100)}${'x'.repeat(1024 * 1024)}`;
  const tx = parseWith(
    indexer.TxResponse,
    { tx: { txhash: 'AB', height: '1', code: 0, tx: { body: { memo: huge, messages: [] } }, events: [deep(200)] } },
    'indexer',
  );
  assert.equal(tx.tx.tx?.body?.memo?.length, huge.length);
  assert.equal(labelText(huge, 80).length, 80);
  const status = parseWith(
    router.StatusResponse,
    {
      state: 'STATE_PENDING',
      transfers: [{ state: 'STATE_PENDING', transfer_sequence: [], error: { message: huge } }],
    },
    'router',
  );
  assert.equal(status.transfers![0]!.error!.message!.length, huge.length);
  // Hash recognition on a 1 MB line stays local to the cursor.
  const line = `${'a'.repeat(500_000)} ${'B'.repeat(64)} ${'c'.repeat(500_000)}`;
  const started = performance.now();
  assert.equal(txHashAt(line, 500_010)?.hex, 'B'.repeat(64));
  assert.ok(performance.now() - started < 50);
});
