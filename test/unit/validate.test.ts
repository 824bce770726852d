import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { bech32 } from 'bech32';
import {
  classify,
  describeTarget,
  describeUnrecognised,
  forNetwork,
  parseAccount,
  parseCollectionAddress,
  parseCollectionName,
  parseDenom,
  parseHeight,
  parseMsgType,
  parseMsgTypes,
  parseTokenId,
  parseTxHash,
} from '../../src/core/validate';
import { parseAssetDenom } from '../../src/core/router/inputs';
import { isLocalHost, parsePageUrl, parseServiceUrl } from '../../src/core/validateUrl';

const ACCOUNT = 'init1qv9pzxqlyckngw6zf9g9whn9d3eh4qvglpeecs';
const OBJECT32 = 'init1lll0ml8mltul3alk7h608uh37rh7am0va04wn688umj7fclzu8sqhqh9t2';
const HASH = '47BF9B7CB61960FA212A8B5F26C30B959E4C77FE71303F2282C0CB35DEDEFCB8';

test('tx hashes: 64 hex, optional 0x, any case; normalised for both indexes', () => {
  const ok = parseTxHash(`0x${HASH.toLowerCase()}`);
  assert.ok(ok.ok);
  assert.equal(ok.value.cosmos, HASH);
  assert.equal(ok.value.evm, `0x${HASH.toLowerCase()}`);
  assert.equal(ok.value.prefixed, true);
  assert.equal(parseTxHash(`  "${HASH}",`).ok, true, 'quotes and a trailing comma pasted from JSON are tolerated');
  for (const bad of ['', HASH.slice(1), `${HASH}0`, `${HASH.slice(1)}g`, '0x', `0X${HASH}00`]) {
    const r = parseTxHash(bad);
    assert.equal(r.ok, false, bad);
  }
  const short = parseTxHash(HASH.slice(2));
  assert.ok(!short.ok && /64 hexadecimal digits; this has 62/.test(short.error));
});

test('heights: positive safe integers', () => {
  assert.deepEqual(parseHeight('12345'), { ok: true, value: 12345 });
  assert.deepEqual(parseHeight(' #5,068,220 '), { ok: true, value: 5068220 });
  assert.deepEqual(parseHeight(7), { ok: true, value: 7 });
  for (const bad of ['0', '-1', '1.5', 'abc', '1e3', '9007199254740993', ''])
    assert.equal(parseHeight(bad).ok, false, bad);
});

test('accounts: bech32 init1 with checksum, or hex as the indexer takes it (0x + up to 64 digits; bare 40 or 64)', () => {
  assert.deepEqual(parseAccount(ACCOUNT), { ok: true, value: { value: ACCOUNT, format: 'bech32', bytes: 20 } });
  assert.deepEqual(parseAccount(ACCOUNT.toUpperCase()).ok, true);
  const typo = parseAccount(ACCOUNT.slice(0, -1) + (ACCOUNT.endsWith('s') ? 'q' : 's'));
  assert.ok(!typo.ok && /checksum/.test(typo.error), 'a one-character typo is caught by the checksum');
  const cosmos = bech32.encode('cosmos', bech32.toWords(Buffer.alloc(20, 1)));
  const wrongPrefix = parseAccount(cosmos);
  assert.ok(!wrongPrefix.ok && /starts with "init1"/.test(wrongPrefix.error));
  assert.deepEqual(parseAccount('0x667BCDF984AD122750D5DA7F0B20D4FCF6ED98D4'), {
    ok: true,
    value: { value: '0x667bcdf984ad122750d5da7f0b20d4fcf6ed98d4', format: 'hex', bytes: 20 },
  });
  for (const bad of [
    'init1',
    'hello',
    '0xzz7bcdf984ad122750d5da7f0b20d4fcf6ed98d4',
    `${ACCOUNT}x`,
    `0x${'a'.repeat(65)}`,
    '1234',
    'abcdef',
  ])
    assert.equal(parseAccount(bad).ok, false, bad);
  // rollytics util/util.go AccAddressFromString: up to 64 hex digits (a Move object past 40), leading zeros trimmed.
  assert.deepEqual(parseAccount(`0x${'AB'.repeat(32)}`), {
    ok: true,
    value: { value: `0x${'ab'.repeat(32)}`, format: 'hex', bytes: 32 },
  });
  assert.deepEqual(parseAccount('0x1'), { ok: true, value: { value: '0x1', format: 'hex', bytes: 20 } }, "Move's 0x1");
  assert.deepEqual(parseAccount('0x1234').ok, true);
  assert.equal(parseAccount('ab'.repeat(32)).ok, true, 'bare 64 digits');
  assert.match(
    (parseAccount(`0x${'a'.repeat(65)}`) as { error: string }).error,
    /at most 64 hexadecimal digits .*this has 65/,
  );
  const mixed = parseAccount(ACCOUNT.slice(0, 10) + ACCOUNT.slice(10).toUpperCase());
  assert.ok(!mixed.ok && /lower-case/.test(mixed.error));
});

test('collection addresses: 0x + 40 or 64 hex, or bech32', () => {
  assert.equal(parseCollectionAddress(`0x${'ab'.repeat(32)}`).ok, true);
  assert.equal(parseCollectionAddress(`0x${'AB'.repeat(20)}`).ok, true);
  assert.equal(parseCollectionAddress(OBJECT32).ok, true);
  assert.equal(parseCollectionAddress('0x1234').ok, false);
  assert.equal(parseCollectionAddress(`0x${'g'.repeat(40)}`).ok, false);
});

test('token ids: only what the indexer can match (it does not decode escapes)', () => {
  assert.deepEqual(parseTokenId('42'), { ok: true, value: '42' });
  assert.equal(parseTokenId('badge:1.a-b_c~').ok, true);
  for (const bad of ['', 'a/b', 'a b', '100%', 'ü', 'a?b', 'a#b', 'x'.repeat(257)])
    assert.equal(parseTokenId(bad).ok, false, bad);
});

test('denoms', () => {
  for (const good of [
    'uinit',
    'GAS',
    `evm/0x${'Ab'.repeat(20)}`,
    `ibc/${'A'.repeat(64)}`,
    `move/${'a'.repeat(64)}`,
    'factory/init1abc/token',
    'l2/abc',
  ]) {
    assert.equal(parseDenom(good).ok, true, good);
  }
  for (const bad of ['', 'u', '1abc', 'evm/0x12', 'ibc/XYZ', 'a//b', 'abc/', 'a b c', '<script>'])
    assert.equal(parseDenom(bad).ok, false, bad);
  // A path part of only dots would address another endpoint once the server decodes %2F.
  for (const bad of ['a/../status', 'abc/./x', 'l2/..', 'factory/../..']) {
    const r = parseDenom(bad);
    assert.ok(!r.ok && /"\." or "\.\." part/.test(r.error), bad);
    assert.equal(parseAssetDenom(bad).ok, false, bad);
  }
  assert.equal(parseDenom('a/b.c/d..e').ok, true, 'dots inside a part are fine');
  // An ERC-20 contract, as the real indexer takes it on EVM rollups.
  assert.deepEqual(parseDenom(`0x${'Ab'.repeat(20)}`), { ok: true, value: `0x${'Ab'.repeat(20)}` });
  assert.match((parseDenom('0x1234') as { error: string }).error, /0x followed by 40 hexadecimal digits/);
});

test('message types: dotted names, leading slash stripped, list split on commas and spaces', () => {
  assert.deepEqual(parseMsgType('/cosmos.bank.v1beta1.MsgSend'), { ok: true, value: 'cosmos.bank.v1beta1.MsgSend' });
  assert.equal(parseMsgType('MsgSend').ok, false);
  assert.equal(parseMsgType('cosmos bank').ok, false);
  assert.deepEqual(
    parseMsgTypes('cosmos.bank.v1beta1.MsgSend, initia.move.v1.MsgExecute cosmos.bank.v1beta1.MsgSend'),
    {
      ok: true,
      value: ['cosmos.bank.v1beta1.MsgSend', 'initia.move.v1.MsgExecute'],
    },
  );
  assert.deepEqual(parseMsgTypes(''), { ok: true, value: [] });
  assert.equal(parseMsgTypes('cosmos.bank.v1beta1.MsgSend,bad').ok, false);
});

test('collection names are normalised as the indexer does', () => {
  assert.deepEqual(parseCollectionName('Cool Cats!'), { ok: true, value: 'coolcats' });
  assert.equal(parseCollectionName(' -- ').ok, false);
});

test('service URLs: https, or plain http only for this computer or a private network', () => {
  for (const local of [
    'http://localhost:1317',
    'http://127.0.0.1:7717',
    'http://127.8.9.10',
    'http://[::1]:8080',
    'http://10.0.0.5:8080',
    'http://172.16.0.1',
    'http://172.31.255.1',
    'http://192.168.1.20:26657',
    'http://indexer:8080',
    'http://devnet.local',
    'http://host.docker.internal:7717',
    'http://[fd12:3456::1]',
    'http://chain.localhost',
  ]) {
    assert.equal(parseServiceUrl(local).ok, true, local);
  }
  for (const pub of [
    'http://indexer.initia.xyz',
    'http://8.8.8.8',
    'http://172.32.0.1',
    'http://192.169.1.1',
    'http://[2001:db8::1]',
    'http://11.0.0.1',
  ]) {
    const r = parseServiceUrl(pub);
    assert.ok(
      !r.ok && /Plain http is accepted only for this computer or a private network.*use https:\/\//.test(r.error),
      pub,
    );
  }
  assert.equal(parseServiceUrl('https://8.8.8.8').ok, true);
  assert.equal(parsePageUrl('http://scan.example.com/x').ok, true, 'an explorer page is only opened in the browser');
  assert.equal(isLocalHost('LOCALHOST'), true);
  assert.equal(isLocalHost('example.com'), false);
});

test('service URLs: http(s) only, no credentials', () => {
  assert.deepEqual(parseServiceUrl('https://indexer.initia.xyz/'), { ok: true, value: 'https://indexer.initia.xyz' });
  assert.deepEqual(parseServiceUrl('http://127.0.0.1:7717'), { ok: true, value: 'http://127.0.0.1:7717' });
  for (const bad of [
    'ftp://x',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://u:p@host',
    'not a url',
    'https://h/?q=1',
  ]) {
    assert.equal(parseServiceUrl(bad).ok, false, bad);
  }
});

test('classify: what initia.lookup recognises, ambiguous cases give several readings', () => {
  const kinds = (s: string): string[] => classify(s).map((t) => t.kind);
  assert.deepEqual(kinds(HASH), ['tx']);
  assert.deepEqual(
    kinds(`0x${HASH}`),
    ['tx', 'account', 'collection'],
    'an EVM tx, a Move object account, or a Move collection',
  );
  assert.deepEqual(kinds('123456'), ['block']);
  assert.deepEqual(kinds(ACCOUNT), ['account']);
  assert.deepEqual(kinds(OBJECT32), ['collection', 'account']);
  assert.deepEqual(kinds('0x667bcdf984ad122750d5da7f0b20d4fcf6ed98d4'), ['account', 'collection']);
  assert.deepEqual(kinds(`evm/0x${'ab'.repeat(20)}`), ['denom']);
  assert.deepEqual(kinds('uinit'), ['denom', 'collectionName']);
  assert.deepEqual(kinds(''), []);
  assert.deepEqual(kinds('0x1234'), ['account'], 'a short 0x address, as the indexer pads it');
  // Never a guess: a mistyped address is no denom, and a name search is only what it would search as typed.
  const typo = ACCOUNT.slice(0, -1) + (ACCOUNT.endsWith('q') ? 'p' : 'q');
  assert.deepEqual(kinds(typo), []);
  assert.match(describeUnrecognised(typo), /wrong checksum/);
  assert.deepEqual(kinds('init1abc'), []);
  assert.match(describeUnrecognised('init1abc'), /38 characters after init1 .*this has 3/);
  assert.match(
    parseAccount('init1abc').ok ? '' : (parseAccount('init1abc') as { error: string }).error,
    /38 characters after init1/,
    'not "starts with init1 or 0x"',
  );
  assert.deepEqual(kinds('-5'), []);
  assert.match(describeUnrecognised('-5'), /positive whole number/);
  assert.deepEqual(kinds('hello world'), []);
  assert.match(describeUnrecognised('hello world'), /"helloworld"/);
  assert.deepEqual(kinds('Cats'), ['denom', 'collectionName']);
  assert.deepEqual(classify(ACCOUNT).map(describeTarget), ['account (checksum ok)']);
  assert.deepEqual(classify('uinit').map(describeTarget), [
    'denom (its rich list)',
    'collections whose name contains "uinit"',
  ]);
});

test('property: any 32 bytes as hex (any case, optional 0x) parse to the same normalised hash', () => {
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.boolean(), fc.boolean(), (bytes, prefix, upper) => {
      const hex = Buffer.from(bytes).toString('hex');
      const input = `${prefix ? '0x' : ''}${upper ? hex.toUpperCase() : hex}`;
      const r = parseTxHash(input);
      return r.ok && r.value.cosmos === hex.toUpperCase() && r.value.evm === `0x${hex}`;
    }),
  );
});

test('property: every bech32 init address of 20 bytes parses; any single-character change is refused', () => {
  const alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(), fc.nat(), (bytes, pos, sub) => {
      const addr = bech32.encode('init', bech32.toWords(bytes));
      if (!parseAccount(addr).ok) return false;
      const i = 5 + (pos % (addr.length - 5));
      const replacement = alphabet[sub % alphabet.length]!;
      if (replacement === addr[i]) return true;
      const changed = addr.slice(0, i) + replacement + addr.slice(i + 1);
      return !parseAccount(changed).ok;
    }),
  );
});

test('property: validators never throw and never accept control characters', () => {
  const parsers = [
    parseTxHash,
    parseAccount,
    parseCollectionAddress,
    parseDenom,
    parseTokenId,
    parseMsgType,
    parseServiceUrl,
  ];
  fc.assert(
    fc.property(fc.string({ maxLength: 200 }), (s) => {
      for (const p of parsers) {
        const r = p(s);
        if (!r.ok) continue;
        const text = typeof r.value === 'string' ? r.value : Object.values(r.value).join(' ');
        if (/[\u0000-\u001f\u007f]/.test(text)) return false;
      }
      parseHeight(s);
      classify(s);
      return true;
    }),
  );
});

test('classify: a collection address and a token id (as TRY-ME shows an NFT) is that NFT; a bad half says which', () => {
  const col = `0x${'ba9f'.repeat(9)}ba0c`;
  const [nft] = classify(`${col} 1`);
  assert.deepEqual(nft, { kind: 'nft', address: { value: col, format: 'hex', bytes: 20 }, tokenId: '1' });
  assert.equal(classify(`  ${col}\t42  `)[0]?.kind, 'nft');
  assert.match(describeTarget(nft!), /^NFT 1 of collection 0xba9fba…ba0c \(its history\)$/);
  assert.deepEqual(classify(`${col} 1 2`), [], 'three words are not an NFT');
  assert.match(
    describeUnrecognised(`0x${'ab'.repeat(19)} 1`),
    /^An NFT is a collection address and a token id: A collection address has 40 or 64/,
  );
  assert.match(
    describeUnrecognised(`${col} a%20b`),
    /^An NFT is a collection address and a token id: This token id has characters/,
  );
  assert.deepEqual(classify('hello world'), [], 'two words that are no NFT stay unrecognised');
});

test('forNetwork: on an EVM rollup 0x + 64 hex is a transaction, never a Move collection object', () => {
  const hash = `0x${'ab'.repeat(32)}`;
  // A 32-byte hex is also a Move object account where the indexer takes one (rollytics AccAddressFromString).
  assert.deepEqual(
    classify(hash).map((t) => t.kind),
    ['tx', 'account', 'collection'],
  );
  assert.deepEqual(forNetwork(classify(hash), { evm: true }).map(describeTarget), ['transaction hash (EVM first)']);
  assert.deepEqual(
    forNetwork(classify(hash), { evm: false }).map((t) => t.kind),
    ['tx', 'account', 'collection'],
    'a Move rollup: every reading',
  );
  assert.deepEqual(
    forNetwork(classify(hash), undefined).map((t) => t.kind),
    ['tx', 'account', 'collection'],
    'not known: every reading',
  );
  const address = `0x${'cd'.repeat(20)}`;
  assert.deepEqual(
    forNetwork(classify(address), { evm: true }).map((t) => t.kind),
    ['account', 'collection'],
    'an ERC-721 contract stays',
  );
});
