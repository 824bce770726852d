/**
 * The lookup table (core/queries.ts): every row against the fake indexer (a list row answers with a page, a record
 * row with one record), titles, and the parsing of document addresses, which come back from URIs that may be stale,
 * from another version or edited by hand.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { bech32 } from 'bech32';
import { createIndexerClient, createMoveClient } from '../../src/core/clients';
import {
  QUERY_OPS,
  decodeDocumentAddress,
  encodeDocumentAddress,
  isListQuery,
  queryTitle,
  runQuery,
  type Query,
  type QueryOp,
} from '../../src/core/queries';
import { startFakeIndexer } from '../fixtures/fakeIndexer';
import { startFakeMoveRest } from '../fixtures/fakeMove';
import { MOVE_ACCOUNT, VAULT_ADDRESS, VAULT_TABLE } from '../fixtures/moveData';
import { isUnavailable, networkCapabilities } from '../../src/core/capabilities';
import { must, parseTxHash } from '../../src/core/validate';

const ZERO_ACCOUNT = bech32.encode('init', bech32.toWords(new Uint8Array(20)));
/** A hash as every entry hands it on: parsed where it entered. */
const parsed = (hash: string) => must(parseTxHash(hash));

test('every row of the table runs against the fake indexer: lists page, records do not', async () => {
  const fake = await startFakeIndexer({ blocks: 120 });
  const client = createIndexerClient(fake.url);
  const rest = await startFakeMoveRest();
  const move = createMoveClient(rest.url);
  try {
    const d = fake.data;
    const tx = d.txs.at(-3)!;
    const evmTx = d.txs.find((t) => t.evmHash)!;
    const account = d.accounts[1]!;
    const collection = d.collections[0]!;
    const token = collection.tokens[0]!;
    // One sample per operation: a new row without a sample fails the test below.
    const samples: Record<QueryOp, Query[]> = {
      status: [{ op: 'status' }],
      blocks: [{ op: 'blocks' }],
      block: [{ op: 'block', height: d.latestHeight - 1 }],
      txs: [{ op: 'txs' }, { op: 'txs', msgs: ['cosmos.bank.v1beta1.MsgSend'] }],
      txsByHeight: [{ op: 'txsByHeight', height: tx.height }],
      tx: [
        { op: 'tx', hash: parsed(tx.hash) },
        { op: 'tx', hash: parsed(evmTx.evmHash!), evmFirst: true },
      ],
      evmTxs: [{ op: 'evmTxs' }],
      evmTxsByHeight: [{ op: 'evmTxsByHeight', height: evmTx.height }],
      evmInternalTxs: [{ op: 'evmInternalTxs' }],
      evmInternalTxsByHeight: [{ op: 'evmInternalTxsByHeight', height: evmTx.height }],
      evmInternalTxsByHash: [{ op: 'evmInternalTxsByHash', hash: parsed(evmTx.evmHash!) }],
      account: (['txs', 'signed', 'nfts', 'collections', 'internal', 'evmTxs', 'evmSigned'] as const).map((view) => ({
        op: 'account' as const,
        account: account.bech32,
        view,
      })),
      collections: [{ op: 'collections' }],
      collection: [{ op: 'collection', address: collection.address }],
      collectionsByName: [
        { op: 'collectionsByName', name: collection.name.replace(/[^A-Za-z0-9]/g, '').slice(0, 4) || 'a' },
      ],
      collectionTokens: [{ op: 'collectionTokens', address: collection.address, orderBy: 'height' }],
      nftHistory: [{ op: 'nftHistory', address: collection.address, tokenId: token.tokenId }],
      richList: [{ op: 'richList', denom: d.denomRecords[0]!.denom }],
      moveResources: [{ op: 'moveResources', account: VAULT_ADDRESS }],
      moveTable: [{ op: 'moveTable', handle: VAULT_TABLE }],
    };
    assert.deepEqual(Object.keys(samples).sort(), [...QUERY_OPS].sort());
    for (const query of Object.values(samples).flat()) {
      const back = decodeDocumentAddress(encodeDocumentAddress({ network: 'n', query }));
      assert.deepEqual(back.ok && back.value.query, query, `${JSON.stringify(query)} survives its address`);
      fake.resetRequests();
      rest.resetRequests();
      const result = await runQuery(client, query, { limit: 5 }, undefined, { move });
      const what = JSON.stringify(query);
      if (isListQuery(query)) {
        assert.ok(result.list, `${what} is a list`);
        assert.ok(result.list.count <= 5, what);
      } else {
        assert.equal(result.list, undefined, `${what} is a record`);
      }
      // The Move rows ask the node's REST, the others the indexer.
      const asked = query.op.startsWith('move') ? rest.requests : fake.requests;
      assert.ok(asked.length >= 1 && asked.length <= 2, `${what}: ${asked.length} requests`);
      assert.doesNotMatch(queryTitle(query), /[/\\]/, 'a title is a file name');
    }
    const evm = await runQuery(client, { op: 'tx', hash: parsed(evmTx.evmHash!), evmFirst: true }, {});
    assert.equal(evm.evm, true, 'an EVM hash falls through to the EVM endpoint');
  } finally {
    client.dispose();
    move.dispose();
    await fake.close();
    await rest.close();
  }
});

test('a message-type filter the indexer does not know: the page says so instead of passing for filtered', async () => {
  const fake = await startFakeIndexer({ blocks: 120 });
  const client = createIndexerClient(fake.url);
  try {
    const known = await runQuery(client, { op: 'txs', msgs: ['cosmos.bank.v1beta1.MsgSend'] }, { limit: 20 });
    assert.equal(known.list?.count ? known.warning : undefined, undefined, 'a filter the indexer applied: no warning');
    const unknown = await runQuery(client, { op: 'txs', msgs: ['cosmos.bank.v1beta1.MsgNobodyKnows'] }, { limit: 20 });
    assert.ok((unknown.list?.count ?? 0) > 0, 'the real indexer (and the fake) answer the unfiltered list');
    assert.equal(
      unknown.warning,
      'The indexer does not know `cosmos.bank.v1beta1.MsgNobodyKnows`: no filter applied, this is the unfiltered list.',
    );
    const account = fake.data.accounts[1]!.bech32;
    const byAccount = await runQuery(
      client,
      { op: 'account', account, view: 'signed', msgs: ['/initia.move.v1.MsgNobody'] },
      { limit: 20 },
    );
    if (byAccount.list?.count) assert.match(byAccount.warning ?? '', /does not know `initia\.move\.v1\.MsgNobody`/);
  } finally {
    client.dispose();
    await fake.close();
  }
});

test('a document address survives its round trip', () => {
  const query: Query = { op: 'account', account: ZERO_ACCOUNT, view: 'signed', msgs: ['cosmos.bank.v1beta1.MsgSend'] };
  const back = decodeDocumentAddress(encodeDocumentAddress({ network: 'Initia Mainnet', query }));
  assert.equal(back.ok, true);
  assert.deepEqual(back.ok && back.value, { network: 'Initia Mainnet', query });
});

test('a stale or hand-edited address is refused with a sentence, never a throw', () => {
  const refused = (text: string) => {
    const r = decodeDocumentAddress(text);
    assert.equal(r.ok, false, text);
    return r.ok ? '' : r.error;
  };
  assert.match(refused('not json'), /not JSON/);
  assert.match(refused('{}'), /names no network/);
  assert.match(refused('{"n":"X"}'), /lookup cannot be read/);
  assert.match(refused('{"n":"X","q":{"op":"blockz","height":1}}'), /"blockz" is not a lookup this version knows/);
  assert.match(refused('{"n":"X","q":{"op":"block","height":"12"}}'), /height should be a number/);
  assert.match(refused('{"n":"X","q":{"op":"block","height":-5}}'), /height/);
  assert.match(refused('{"n":"X","q":{"op":"tx","hash":"zz"}}'), /hash/);
  assert.match(refused('{"n":"X","q":{"op":"account","account":"init1abc","view":"txs"}}'), /account/);
  assert.match(refused(`{"n":"X","q":{"op":"account","account":"${ZERO_ACCOUNT}","view":"all"}}`), /view/);
  assert.match(refused('{"n":"X","q":{"op":"txs","msgs":["not a type"]}}'), /msgs\[0\]/);
  assert.match(refused('{"n":"X","q":{"op":"richList","denom":".."}}'), /denom/);
});

test('a malformed hash never reaches the indexer: refused where a document address is read, no query to run', async () => {
  const fake = await startFakeIndexer({ blocks: 30 });
  const client = createIndexerClient(fake.url);
  try {
    const malformed: unknown[] = ['xyz', 'ab'.repeat(31), `0x${'ab'.repeat(33)}`, `0x${'zz'.repeat(32)}`, '', 12, null];
    for (const op of ['tx', 'evmInternalTxsByHash'])
      for (const hash of malformed) {
        const address = decodeDocumentAddress(JSON.stringify({ n: 'n', q: { op, hash } }));
        // What the result documents do with an address: run its query, or show why it cannot be read.
        if (address.ok) await runQuery(client, address.value.query, {}).catch(() => undefined);
        assert.equal(address.ok, false, `${op} ${JSON.stringify(hash)} is refused`);
        assert.match(
          address.ok ? '' : address.error,
          /^its lookup cannot be read: hash/,
          `${op} ${JSON.stringify(hash)}: the sentence names it`,
        );
      }
    assert.equal(fake.requests.length, 0, 'not one request');
    // The same path with a well-formed hash (lower case, in quotes as pasted): parsed there, sent in the cosmos form.
    const tx = fake.data.txs.at(-1)!;
    const good = decodeDocumentAddress(JSON.stringify({ n: 'n', q: { op: 'tx', hash: `"${tx.hash.toLowerCase()}"` } }));
    assert.ok(good.ok);
    await runQuery(client, good.value.query, {});
    assert.deepEqual(
      fake.requests.map((r) => r.path),
      [`/indexer/tx/v1/txs/${tx.hash}`],
    );
  } finally {
    client.dispose();
    await fake.close();
  }
});

test('property: decoding any text never throws and accepts only what the table accepts', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string(),
        fc.json(),
        fc.record({ n: fc.string(), q: fc.anything() }).map((v) => JSON.stringify(v)),
      ),
      (text) => {
        const r = decodeDocumentAddress(text);
        if (r.ok) assert.deepEqual(decodeDocumentAddress(encodeDocumentAddress(r.value)), r);
      },
    ),
    { numRuns: 2000 },
  );
});

test('capabilities: EVM lookups on a network without an EVM index are refused with the sentence, before any request', async () => {
  const plain = await startFakeIndexer({ blocks: 30, evm: false });
  const client = createIndexerClient(plain.url);
  try {
    const account = plain.data.accounts[1]!.bech32;
    const asked: string[] = [];
    const ctx = { capabilities: async (what: string) => (asked.push(what), networkCapabilities({ vm: 'minimove' })) };
    const evmQueries: Query[] = [
      { op: 'evmTxs' },
      { op: 'evmTxsByHeight', height: 3 },
      { op: 'evmInternalTxs' },
      { op: 'evmInternalTxsByHeight', height: 3 },
      { op: 'evmInternalTxsByHash', hash: parsed(`0x${'ab'.repeat(32)}`) },
      ...(['internal', 'evmTxs', 'evmSigned'] as const).map((view) => ({ op: 'account' as const, account, view })),
    ];
    for (const query of evmQueries) {
      plain.resetRequests();
      const err = await runQuery(client, query, { limit: 5 }, undefined, ctx).then(
        () => assert.fail(`${query.op} ran`),
        (e: unknown) => e,
      );
      assert.ok(isUnavailable(err), String(err));
      assert.equal((err as Error).message, 'this network has no EVM index');
      assert.equal(plain.requests.length, 0, `${JSON.stringify(query)}: no request`);
    }
    // Without capabilities (not known), the request goes out and the indexer's 404 becomes the same sentence.
    const err = await runQuery(client, { op: 'evmTxsByHeight', height: 3 }, {}).then(
      () => assert.fail('ran'),
      (e: unknown) => e,
    );
    assert.ok(isUnavailable(err));
    assert.equal(plain.count('/indexer/tx/v1/evm-txs/by_height/3'), 1);
    // A 0x hash on it: the cosmos endpoint only, no /evm-txs/ probe (evmFirst or not).
    const tx = plain.data.txs.at(-1)!;
    for (const evmFirst of [true, false]) {
      plain.resetRequests();
      const found = await runQuery(
        client,
        { op: 'tx', hash: parsed(`0x${tx.hash.toLowerCase()}`), evmFirst },
        {},
        undefined,
        ctx,
      );
      assert.equal((found.body as { tx: { txhash: string } }).tx.txhash, tx.hash);
      assert.deepEqual(
        plain.requests.map((r) => r.path),
        [`/indexer/tx/v1/txs/${tx.hash}`],
      );
      plain.resetRequests();
      const missing = await runQuery(
        client,
        { op: 'tx', hash: parsed(`0x${'cd'.repeat(32)}`), evmFirst },
        {},
        undefined,
        ctx,
      ).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      assert.match(missing?.message ?? '', /\[NOT_FOUND\] transaction not found/);
      assert.ok(
        plain.requests.every((r) => !r.path.includes('/evm-txs/')),
        'no EVM probe',
      );
    }
    assert.ok(
      asked.every((w) => w === 'evm' || w === 'evmInternalTxs'),
      'lookups ask only whether the EVM (or internal) routes are there',
    );
  } finally {
    client.dispose();
    await plain.close();
  }
});

test('capabilities: on an EVM network the EVM rows run, and a 0x hash asks the EVM endpoint first', async () => {
  const fake = await startFakeIndexer({ blocks: 60 });
  const client = createIndexerClient(fake.url);
  try {
    const ctx = { capabilities: async () => networkCapabilities({ vm: 'minievm' }) };
    const evmTx = fake.data.txs.find((t) => t.evmHash)!;
    fake.resetRequests();
    const r = await runQuery(client, { op: 'tx', hash: parsed(evmTx.evmHash!), evmFirst: true }, {}, undefined, ctx);
    assert.equal(r.evm, true);
    assert.deepEqual(
      fake.requests.map((x) => x.path),
      [`/indexer/tx/v1/evm-txs/${evmTx.evmHash}`],
    );
    const signed = await runQuery(
      client,
      { op: 'account', account: fake.data.accounts[2]!.hex, view: 'evmSigned' },
      { limit: 50 },
      undefined,
      ctx,
    );
    assert.ok(signed.list);
    assert.equal(new URLSearchParams(fake.requests.at(-1)!.query).get('is_signer'), 'true');
    assert.equal(
      queryTitle({ op: 'account', account: fake.data.accounts[2]!.hex, view: 'evmSigned' }).endsWith('signed EVM txs'),
      true,
    );
    assert.equal(
      queryTitle({ op: 'evmInternalTxsByHash', hash: parsed(evmTx.evmHash!) }).startsWith('internal txs of '),
      true,
    );
  } finally {
    client.dispose();
    await fake.close();
  }
});

test("the Move rows: resources and a table's entries with the node's nested JSON read as JSON; no Move REST said in words", async () => {
  const fake = await startFakeIndexer({ blocks: 10 });
  const client = createIndexerClient(fake.url);
  const rest = await startFakeMoveRest();
  const move = createMoveClient(rest.url);
  try {
    const account = bech32.encode('init', bech32.toWords(Buffer.from(MOVE_ACCOUNT.slice(2), 'hex')));
    const resources = await runQuery(client, { op: 'moveResources', account }, {}, undefined, { move });
    assert.equal(rest.requests[0]?.path, `/initia/move/v1/accounts/${MOVE_ACCOUNT}/resources`, 'init1… asked as hex');
    const first = (resources.body as { resources: Array<{ struct_tag: string; move_resource: unknown }> })
      .resources[0]!;
    assert.equal(first.struct_tag, '0x1::account::Account');
    assert.deepEqual(first.move_resource, { type: '0x1::account::Account', data: { sequence_number: '12' } });
    const table = await runQuery(client, { op: 'moveTable', handle: VAULT_TABLE }, {}, undefined, { move });
    const entries = (table.body as { table_entries: Array<{ key: unknown; value: unknown }> }).table_entries;
    assert.deepEqual(entries[0] && [entries[0].key, entries[0].value], [MOVE_ACCOUNT, '1500000']);
    assert.equal(queryTitle({ op: 'moveTable', handle: VAULT_TABLE }), 'Move table 0x5a4c1b…1a2b');
    await assert.rejects(
      runQuery(client, { op: 'moveResources', account }, {}),
      (e: Error) => isUnavailable(e) && /no Move REST endpoint \(restUrl in its profile\)/.test(e.message),
    );
    const stale = encodeDocumentAddress({ network: 'n', query: { op: 'moveTable', handle: 'cafe' } });
    assert.equal(decodeDocumentAddress(stale).ok, false, 'a handle is 0x hex');
    assert.equal(fake.requests.length, 0, 'the indexer is not asked');
  } finally {
    client.dispose();
    move.dispose();
    await fake.close();
    await rest.close();
  }
});
