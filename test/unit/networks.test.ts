/** Network profiles from the user's settings (core/networks.ts): what is accepted, and what is skipped with a reason. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUILT_IN_NETWORKS, explorerLink, readProfiles, unencryptedOrigins } from '../../src/core/networks';

test('a valid profile is added beside the built-in ones', () => {
  const r = readProfiles([
    {
      name: ' My rollup ',
      chainId: 'myrollup-1',
      indexerUrl: 'https://rollytics.example.com/',
      routerUrl: 'http://127.0.0.1:7718',
      explorerUrl: 'http://scan.example.com/myrollup-1',
    },
  ]);
  assert.deepEqual(r.problems, []);
  const mine = r.profiles.find((p) => p.name === 'My rollup');
  assert.deepEqual(mine, {
    name: 'My rollup',
    chainId: 'myrollup-1',
    indexerUrl: 'https://rollytics.example.com',
    routerUrl: 'http://127.0.0.1:7718',
    explorerUrl: 'http://scan.example.com/myrollup-1',
    builtIn: false,
  });
  assert.equal(r.profiles.length, BUILT_IN_NETWORKS.length + 1);
});

test('a profile may not take a built-in network’s name: it is skipped and the built-in stays', () => {
  const r = readProfiles([
    { name: 'initia mainnet', indexerUrl: 'https://evil.example.com', routerUrl: 'https://evil.example.com' },
  ]);
  assert.match(
    r.problems[0] ?? '',
    /"initia mainnet" is the name of a built-in network; give your profile another name/,
  );
  const mainnet = r.profiles.find((p) => p.name === 'Initia Mainnet')!;
  assert.equal(mainnet.builtIn, true);
  assert.equal(mainnet.indexerUrl, 'https://indexer.initia.xyz');
});

test('plain http to a public host, a missing indexer, a duplicate name and junk are each skipped with a reason', () => {
  const r = readProfiles([
    { name: 'Public http', indexerUrl: 'http://rollytics.example.com' },
    { name: 'No indexer', routerUrl: 'https://r.example.com' },
    { name: 'Twice', indexerUrl: 'https://a.example.com' },
    { name: 'twice', indexerUrl: 'https://b.example.com' },
    'junk',
    null,
    { indexerUrl: 'https://x.example.com' },
    { name: 'Bad router', indexerUrl: 'https://a.example.com', routerUrl: 'javascript:alert(1)' },
  ]);
  assert.equal(r.problems.length, 7, r.problems.join('\n'));
  assert.match(r.problems[0]!, /"Public http": indexerUrl: Plain http is accepted only/);
  assert.match(r.problems[1]!, /"No indexer": "indexerUrl" is required/);
  assert.match(r.problems[2]!, /"twice": another profile already has this name/);
  assert.deepEqual(
    r.profiles.filter((p) => !p.builtIn).map((p) => p.name),
    ['Twice'],
  );
  assert.deepEqual(readProfiles('not a list').problems, []);
});

test('unencrypted origins and explorer links', () => {
  assert.deepEqual(unencryptedOrigins({ indexerUrl: 'http://127.0.0.1:7717/x', routerUrl: 'https://r.example.com' }), [
    'http://127.0.0.1:7717',
  ]);
  assert.deepEqual(unencryptedOrigins({ indexerUrl: 'https://i.example.com' }), []);
  const mainnet = BUILT_IN_NETWORKS[0]!;
  assert.equal(explorerLink(mainnet, 'tx', 'AB/CD'), 'https://scan.initia.xyz/interwoven-1/txs/AB%2FCD');
  assert.equal(explorerLink({ ...mainnet, explorerUrl: undefined }, 'tx', 'AB'), undefined);
});
