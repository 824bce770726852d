/** Schemas against realistic payloads (shapes from real-services.md) and readable shape errors. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as S from '../../src/core/indexer/schemas';
import { parseWith } from '../../src/core/zodParse';
import { errorKind } from './support';

const block = {
  chain_id: 'yominet-1',
  height: '5068220',
  hash: '9F2C0D3B6A1E4C8F7D5B2A39E0C1F6A8B4D7E2C5A9F1B3D6E8C0A2F4B6D8E1C3',
  block_time: '502',
  timestamp: '2025-07-16T14:59:08Z',
  gas_used: '279889',
  gas_wanted: '398818',
  tx_count: '1',
  total_fee: [{ denom: 'uinit', amount: '6162' }],
  proposer: { moniker: 'operator', identity: '', operator_address: 'initvaloper1x' },
};

test('block list with the real pagination (null keys, string total) parses and keeps unknown fields', () => {
  const body = {
    blocks: [{ ...block, extra_field: 1 }],
    pagination: { previous_key: null, next_key: 'eyJoZWlnaHQiOjUwNjgxMjF9', total: '5068220' },
  };
  const parsed = parseWith(S.BlocksResponse, body, 'indexer');
  assert.equal(parsed.blocks[0]!.height, '5068220');
  assert.equal(
    (parsed.blocks[0] as Record<string, unknown>).extra_field,
    1,
    'lenient: extra fields are kept for documents',
  );
});

test('numbers where the real service sends numbers (collections, status, internal txs)', () => {
  parseWith(
    S.Status,
    { version: 'v1.0.55', commit_hash: 'abc', chain_id: 'yominet-1', height: 5068220, internal_tx_height: 5068219 },
    'indexer',
  );
  parseWith(
    S.CollectionResponse,
    {
      collection: {
        object_addr: '0x5e1b',
        collection: {
          creator: 'init1x',
          name: 'Initia Badges',
          origin_name: 'Initia Badges',
          nfts: { handle: '', length: 12 },
        },
        height: 123456,
        timestamp: '2024-01-12T10:20:30.123Z',
      },
    },
    'indexer',
  );
  parseWith(S.AvgBlockTime, { avg_block_time: 0.5012 }, 'indexer');
  parseWith(
    S.HoldersResponse,
    {
      holders: [{ account: '0x667b', amount: '1000000000000000000000000' }],
      pagination: { previous_key: null, next_key: 'MTAw', total: '5321' },
    },
    'indexer',
  );
});

test('the spec-style pagination (empty strings, or absent) parses too', () => {
  parseWith(S.TxsResponse, { txs: [], pagination: { next_key: '', previous_key: '', total: '0' } }, 'indexer');
  parseWith(S.TxsResponse, { txs: [] }, 'indexer');
});

test('wrong shapes name the field in words', () => {
  const cases: Array<[unknown, RegExp]> = [
    [{ blocks: 'oops' }, /field blocks should be an array but is the string "oops"/],
    [{ blocks: [{ ...block, height: undefined }] }, /field blocks\[0\]\.height /],
    [
      { blocks: [{ ...block, tx_count: 1.5 }] },
      /field blocks\[0\]\.tx_count should be a whole number, in digits or as an integer, but is 1\.5/,
    ],
    [
      { blocks: [{ ...block, height: '12a' }] },
      /field blocks\[0\]\.height should be a whole number, in digits or as an integer, but is "12a"/,
    ],
    [{ blocks: [{ ...block, height: 2 ** 60 }] }, /field blocks\[0\]\.height should be a whole number/],
    [null, /field \(root\) should be an object but is null/],
    [{ holders: [{ account: 'x', amount: '1e5' }] }, /holders\[0\]\.amount/],
  ];
  for (const [body, re] of cases) {
    const schema = (body as { holders?: unknown } | null)?.holders ? S.HoldersResponse : S.BlocksResponse;
    try {
      parseWith(schema, body, 'indexer');
      assert.fail('should not parse');
    } catch (err) {
      assert.equal(errorKind(err), 'schema');
      assert.match((err as Error).message, /^The indexer answered with an unexpected shape: /);
      assert.match((err as Error).message, re);
    }
  }
});
