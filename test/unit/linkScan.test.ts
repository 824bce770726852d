import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanLinks } from '../../src/core/linkScan';

const HASH = '47BF9B7CB61960FA212A8B5F26C30B959E4C77FE71303F2282C0CB35DEDEFCB8';
const ACCOUNT = 'init1qv9pzxqlyckngw6zf9g9whn9d3eh4qvglpeecs';

test('finds tx hashes, heights, accounts and collections with exact ranges', () => {
  const doc = JSON.stringify(
    {
      tx: {
        txhash: HASH,
        height: '5068220',
        from_address: ACCOUNT,
        evm: { transactionHash: `0x${'ab'.repeat(32)}`, blockNumber: '0x4d5bbc', from: `0x${'12'.repeat(20)}` },
        block_hash: { hash: 'F'.repeat(64) },
        token: { collection_addr: `0x${'cd'.repeat(32)}`, object_addr: `0x${'ef'.repeat(32)}` },
      },
    },
    null,
    2,
  );
  const links = scanLinks(doc);
  const summary = links.map((l) => [l.kind, l.value]);
  assert.deepEqual(summary, [
    ['tx', HASH],
    ['block', '5068220'],
    ['account', ACCOUNT],
    ['tx', `0x${'ab'.repeat(32)}`],
    ['block', String(0x4d5bbc)],
    ['account', `0x${'12'.repeat(20)}`],
    ['collection', `0x${'cd'.repeat(32)}`],
  ]);
  for (const l of links.filter((x) => x.kind !== 'block')) assert.equal(doc.slice(l.start, l.end), l.value);
});

test('object_addr is a collection only in collection documents', () => {
  const doc = JSON.stringify({ collections: [{ object_addr: `0x${'ef'.repeat(32)}`, height: 10 }] }, null, 2);
  assert.deepEqual(
    scanLinks(doc).map((l) => l.kind),
    ['block'],
  );
  assert.deepEqual(
    scanLinks(doc, { objectAddrIsCollection: true }).map((l) => l.kind),
    ['collection', 'block'],
  );
});

test('no links for look-alikes: bad checksums, block hashes, memos that only mention a hash', () => {
  const doc = JSON.stringify(
    {
      memo: `see ${HASH} and "txhash": "${HASH}"`,
      hash: HASH,
      owner: ACCOUNT.slice(0, -1) + 'q',
      height: '0',
    },
    null,
    2,
  );
  // The memo value contains the text `"txhash": "…"` escaped (\"), so it does not match a key.
  assert.deepEqual(scanLinks(doc), []);
});

test('validators link to their operator account; a 0x address under any key (an EVM contract) links to the account', async () => {
  const { bech32 } = await import('bech32');
  const words = bech32.toWords(new Uint8Array(20).fill(7));
  const valoper = bech32.encode('initvaloper', words);
  const account = bech32.encode('init', words);
  const text = JSON.stringify(
    {
      proposer: { operator_address: valoper },
      logs: [{ contract: '0x' + 'ab'.repeat(20), topics: ['0x' + 'cd'.repeat(32)] }],
      denom: `evm/0x${'ef'.repeat(20)}`,
    },
    null,
    2,
  );
  const links = scanLinks(text);
  assert.deepEqual(
    links.map((l) => [l.kind, l.value]),
    [
      ['account', account],
      ['account', `0x${'ab'.repeat(20)}`],
    ],
    'the topic (64 hex) and the denom are not addresses',
  );
  const badChecksum = valoper.slice(0, -1) + (valoper.endsWith('q') ? 'p' : 'q');
  assert.deepEqual(scanLinks(JSON.stringify({ v: badChecksum })), []);
  // In a collection document, object_addr is the collection itself, not an account.
  const collection = scanLinks(JSON.stringify({ object_addr: `0x${'12'.repeat(20)}` }), {
    objectAddrIsCollection: true,
  });
  assert.deepEqual(
    collection.map((l) => l.kind),
    ['collection'],
  );
});
