/**
 * Addresses joined under a base parsed once (http.ts `endpointsUnder`, the indexer client's) against the URL that
 * `endpoint` parses for the same base, path and query: the same origin, path, query and whole address for the
 * indexer's own paths and for thousands of random ones (encoded segments, dot segments, `%2e`, characters a URL
 * encodes, queries that need form encoding, bases with a path, a port, credentials, a query or trailing slashes).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { endpoint, endpointsUnder } from '../../src/core/http';
import { segment } from '../../src/core/indexer/client';
import { prng } from '../fixtures/chainData';

const fields = (u: { href: string; origin: string; protocol: string; pathname: string; search: string }) => ({
  href: u.href,
  origin: u.origin,
  protocol: u.protocol,
  pathname: u.pathname,
  search: u.search,
});

/** Whether the address was joined as text (true) or parsed by endpoint (false); it must be the same either way. */
function same(base: string, path: string, query: Array<[string, string]> = []): boolean {
  const want = fields(endpoint(base, path, query));
  const made = endpointsUnder(base)(path, query);
  assert.deepEqual(fields(made), want, `${base} + ${path} ? ${JSON.stringify(query)}`);
  return !(made instanceof URL);
}

const BASES = [
  'http://127.0.0.1:8080',
  'http://127.0.0.1:8080/',
  'https://rest.testnet.initia.xyz',
  'https://Indexer.Example.COM:443/',
  'http://[::1]:9000/indexer//',
  'https://example.com/api/v1',
  'https://example.com/a/./b/../c',
  'https://example.com/a/.',
  'https://user:secret@example.com/x',
  'https://example.com/x?key=1',
  'https://example.com/x#frag',
  'https://exämple.com/p',
  'http://example.com:80/p%20q',
];

test('the indexer’s own paths and queries give the address endpoint parses', () => {
  for (const base of BASES) {
    same(base, '/status');
    same(base, '/indexer/block/v1/blocks', [['pagination.limit', '20']]);
    same(base, '/indexer/block/v1/blocks', [
      ['pagination.key', 'AAAAAAAAAAE='],
      ['pagination.limit', '50'],
      ['pagination.reverse', 'true'],
    ]);
    same(base, `/indexer/tx/v1/txs/${segment('A'.repeat(64))}`);
    same(base, `/indexer/richlist/v1/${segment('ibc/ABC')}`, [['pagination.limit', '50']]);
    same(base, '/indexer/tx/v1/txs', [['msgs', '/cosmos.bank.v1beta1.MsgSend']]);
    same(base, '');
  }
  assert.equal(same('http://127.0.0.1:8080/', '/indexer/block/v1/blocks', [['pagination.limit', '20']]), true);
  assert.equal(same('https://example.com/api/v1', `/indexer/tx/v1/txs/${'a'.repeat(64)}`), true);
  assert.equal(same('https://example.com/x?key=1', '/status'), false, 'a base with a query is parsed');
  assert.equal(same('http://127.0.0.1:8080', '/a/%2E/b'), false, 'a dot segment is parsed');
});

test('random paths and queries: the same address as endpoint, whether joined as text or parsed', () => {
  const rnd = prng(20261129);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const CHARS = [
    'a',
    'Z',
    '0',
    '-',
    '.',
    '_',
    '~',
    '!',
    '$',
    '&',
    "'",
    '(',
    ')',
    '*',
    '+',
    ',',
    ';',
    '=',
    ':',
    '@',
    '%',
    '%2e',
    '%2E',
    '%41',
    ' ',
    '"',
    '#',
    '?',
    '<',
    '>',
    '`',
    '{',
    '}',
    '|',
    '\\',
    '^',
    'é',
    '/',
    '..',
  ];
  const text = (n: number) => Array.from({ length: n }, () => pick(CHARS)).join('');
  let joined = 0;
  for (let i = 0; i < 4000; i++) {
    const base = pick(BASES);
    const segments = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () =>
      rnd() < 0.5 ? segment(text(1 + Math.floor(rnd() * 5)).replace(/^\.\.?$/, 'x')) : text(Math.floor(rnd() * 4)),
    );
    const path = `/${segments.join('/')}`;
    const query: Array<[string, string]> = Array.from({ length: Math.floor(rnd() * 3) }, () => [
      rnd() < 0.6 ? pick(['pagination.limit', 'msgs', 'token_id', 'order_by']) : text(2),
      rnd() < 0.6 ? String(Math.floor(rnd() * 1000)) : text(3),
    ]);
    if (same(base, path, query)) joined++;
  }
  assert.ok(joined > 300 && joined < 3700, `both ways met: ${joined} of 4000 joined as text`);
});

test('a base that is not a URL fails as endpoint fails, when asked', () => {
  const at = endpointsUnder('not a url');
  assert.throws(() => at('/status'), TypeError);
  assert.throws(() => endpoint('not a url', '/status'), TypeError);
});
