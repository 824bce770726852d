/**
 * The chain registry (core/registry.ts, core/registryStore.ts): entries parsed one by one (a malformed one skipped
 * with one log line), the profile a chain becomes, the picker's rows, the once-a-day rule on a manual clock, the
 * bundled snapshot when the registry does not answer, and richer profiles (inheritance by chain id, explorer
 * templates) — against the fake registry, a real HTTP server.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { HttpClient, DEFAULT_HTTP_OPTIONS } from '../../src/core/http';
import {
  NO_INDEXER,
  REGISTRY_MAX_AGE_MS,
  RegistryFile,
  fetchRegistry,
  parseRegistry,
  registryFresh,
  registryProfile,
  registryRows,
  type RegistryChain,
} from '../../src/core/registry';
import { RegistryStore } from '../../src/core/registryStore';
import { BUILT_IN_NETWORKS, explorerLink, readProfiles } from '../../src/core/networks';
import { bech32 } from 'bech32';
import { ANY_PREFIX, parseAccount } from '../../src/core/validate';
import { networkCapabilities } from '../../src/core/capabilities';
import { registryChains, startFakeRegistry, type FakeRegistry } from '../fixtures/fakeRegistry';

const ROOT = path.join(__dirname, '..', '..', '..');
const SNAPSHOT = path.join(ROOT, 'media', 'registry-snapshot.json');

let registry: FakeRegistry;
let http: HttpClient;
before(async () => {
  registry = await startFakeRegistry({ indexerUrl: 'http://127.0.0.1:7717' });
  http = new HttpClient({ ...DEFAULT_HTTP_OPTIONS, service: 'registry', maxRetries: 0 });
});
after(async () => {
  http.dispose();
  await registry.close();
});

const all = (): RegistryChain[] => {
  const { mainnet, testnet } = registryChains();
  return [...parseRegistry(mainnet, 'm').chains, ...parseRegistry(testnet, 't').chains];
};

test('a malformed entry is skipped with one sentence; the others parse', () => {
  const { mainnet } = registryChains();
  const r = parseRegistry(mainnet, 'https://registry.example/chains.json');
  assert.deepEqual(
    r.chains.map((c) => c.chain_id),
    ['interwoven-1', 'fakevm-1'],
  );
  assert.equal(r.skipped.length, 1);
  assert.match(
    r.skipped[0]!,
    /^Registry https:\/\/registry\.example\/chains\.json: entry #3 \(broken-1\) skipped: chain_name is missing( \(expected string\))?\.$/,
  );
  assert.deepEqual(parseRegistry({ chains: [] }, 'x').skipped, [
    'Registry x: the answer is not a list of chains; ignored.',
  ]);
});

test('the bundled snapshot is the registry’s real shape: every entry parses, mainnet and testnet', () => {
  const file = RegistryFile.parse(JSON.parse(fs.readFileSync(SNAPSHOT, 'utf8')));
  assert.equal(file.sources.length, 2);
  for (const source of file.sources) {
    const r = parseRegistry(source.chains, source.url);
    assert.deepEqual(r.skipped, []);
    assert.ok(r.chains.length >= 3, source.url);
  }
  const chains = file.sources.flatMap((s) => parseRegistry(s.chains, s.url).chains);
  assert.ok(chains.some((c) => c.chain_id === 'interwoven-1' && c.metadata?.is_l1));
  assert.ok(chains.some((c) => c.metadata?.minitia?.type === 'minimove'));
});

test('a registry chain becomes a profile: indexer, REST, JSON-RPC, templates, prefix, VM, OP bridge id, executor, its L1’s router', () => {
  const evm = all().find((c) => c.chain_id === 'fakevm-1')!;
  const made = registryProfile(evm);
  assert.ok('profile' in made);
  assert.deepEqual(made.profile, {
    name: 'Fake EVM',
    chainId: 'fakevm-1',
    indexerUrl: 'https://rollytics-api-fake.example',
    restUrl: 'https://rest-fakevm-1.example',
    jsonRpcUrl: 'https://jsonrpc-fakevm-1.example',
    routerUrl: 'https://router-api.initia.xyz',
    explorerUrl: 'https://scan.initia.xyz/fakevm-1',
    txPage: 'https://scan.initia.xyz/fakevm-1/txs/${txHash}',
    accountPage: 'https://scan.initia.xyz/fakevm-1/accounts/${accountAddress}',
    bech32Prefix: 'init',
    vm: 'minievm',
    opBridgeId: '11',
    executorUrl: 'https://opinit-api-fakevm-1.example',
    builtIn: false,
  });
  const move = registryProfile(all().find((c) => c.chain_id === 'fakemove-1')!);
  assert.ok(
    'profile' in move &&
      move.profile.vm === 'minimove' &&
      move.profile.opBridgeId === '1458' &&
      move.profile.routerUrl === 'https://router-api.initiation-2.initia.xyz',
  );
  assert.deepEqual(registryProfile(all().find((c) => c.chain_id === 'fakewasm-1')!), { reason: NO_INDEXER });
  // A name that is taken gets the chain id.
  const taken = registryProfile(evm, new Set(['fake evm']));
  assert.ok('profile' in taken && taken.profile.name === 'Fake EVM (fakevm-1)');
});

test('picker rows: mainnet then testnet, chains already listed as profiles left out, no indexer → disabled with the reason', () => {
  const rows = registryRows(all(), BUILT_IN_NETWORKS);
  assert.deepEqual(
    rows.map((r) => [r.group, r.label, r.description, r.detail, r.disabledReason]),
    [
      ['mainnet', 'Fake EVM', 'fakevm-1 · minievm', 'APIs: indexer, rest, json-rpc, rpc', undefined],
      ['testnet', 'Fake Move', 'fakemove-1 · minimove', 'APIs: indexer, rest, rpc', undefined],
      [
        'testnet',
        'Fake Wasm',
        'fakewasm-1 · miniwasm',
        'APIs: rest, rpc · no indexer in the registry',
        'no indexer in the registry',
      ],
    ],
    'interwoven-1 is the built-in Initia Mainnet',
  );
});

test('the capability rule follows the registry’s VM: a Move or Wasm rollup has no EVM whatever /status says', () => {
  for (const id of ['fakemove-1', 'fakevm-1']) {
    const made = registryProfile(all().find((c) => c.chain_id === id)!);
    assert.ok('profile' in made);
    assert.equal(
      networkCapabilities({ vm: made.profile.vm, status: { internal_tx_height: '5' } }).evm,
      id === 'fakevm-1',
    );
  }
});

test('once a day: fresh for 24 h from the same URLs, stale after or for other URLs', () => {
  const urls = ['a', 'b'];
  assert.equal(registryFresh(undefined, urls, 0), false);
  assert.equal(registryFresh({ fetchedAt: 1000, urls }, urls, 1000 + REGISTRY_MAX_AGE_MS - 1), true);
  assert.equal(registryFresh({ fetchedAt: 1000, urls }, urls, 1000 + REGISTRY_MAX_AGE_MS), false);
  assert.equal(registryFresh({ fetchedAt: 1000, urls }, ['a'], 1001), false);
  assert.equal(registryFresh({ fetchedAt: 5000, urls }, urls, 1000), false, 'a clock that went back reads again');
});

function store(dir: string, clock: { now: number }, urls: () => string[], lines: string[]) {
  return new RegistryStore({
    storageDir: dir,
    snapshotPath: SNAPSHOT,
    urls,
    fetch: (url) => fetchRegistry(http, url),
    log: { info: () => undefined, warn: (l) => lines.push(l) },
    now: () => clock.now,
  });
}

test('the store: snapshot first, one read a day (kept in a file other windows share), the malformed entry logged once', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'initia-registry-'));
  try {
    const clock = { now: Date.UTC(2026, 0, 1) };
    const lines: string[] = [];
    const urls = () => [registry.mainnetUrl, registry.testnetUrl];
    const s = store(dir, clock, urls, lines);
    registry.resetRequests();
    const first = await s.load();
    assert.equal(first.origin, 'snapshot');
    assert.equal(registry.requests.length, 0, 'loading never asks the network');
    const read = await s.refresh();
    assert.equal(read?.origin, 'registry');
    assert.equal(registry.requests.length, 2, 'mainnet and testnet');
    assert.deepEqual(
      read.chains.map((c) => c.chain_id),
      ['interwoven-1', 'fakevm-1', 'fakemove-1', 'fakewasm-1'],
    );
    assert.equal(lines.filter((l) => /broken-1/.test(l)).length, 1, 'one log line for the malformed entry');
    // Within the day: nothing more, from this store or another window's (same file).
    clock.now += REGISTRY_MAX_AGE_MS - 60_000;
    assert.equal(await s.refresh(), undefined);
    const other = store(dir, clock, urls, []);
    assert.equal((await other.load()).origin, 'cache');
    assert.equal(await other.refresh(), undefined);
    assert.equal(registry.requests.length, 2);
    // A day later: read again.
    clock.now += 120_000;
    assert.equal((await s.refresh())?.origin, 'registry');
    assert.equal(registry.requests.length, 4);
    await s.refresh();
    assert.equal(registry.requests.length, 4);
    assert.equal(lines.filter((l) => /broken-1/.test(l)).length, 1, 'still one line');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the store offline: the registry failing keeps the bundled snapshot, said once in the log; concurrent refreshes share one read', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'initia-registry-'));
  try {
    const lines: string[] = [];
    const s = store(dir, { now: Date.now() }, () => [registry.mainnetUrl, registry.testnetUrl], lines);
    registry.resetRequests();
    registry.setFault({ kind: 'status', status: 500 });
    const [a, b] = await Promise.all([s.refresh(), s.refresh()]);
    assert.equal(a, undefined);
    assert.equal(b, undefined);
    assert.equal(registry.requests.length, 1, 'one read in flight, stopped at the first failure');
    const state = await s.load();
    assert.equal(state.origin, 'snapshot');
    assert.ok(
      state.chains.some((c) => c.chain_id === 'interwoven-1'),
      'the picker still has chains',
    );
    assert.match(lines.join('\n'), /did not answer .*using the bundled snapshot/);
    assert.equal(fs.existsSync(s.cacheFile), false);
    // No URLs: no registry is read.
    registry.clearFaults();
    const none = store(dir, { now: Date.now() }, () => [], []);
    assert.equal(await none.refresh(), undefined);
    assert.equal(registry.requests.length, 1);
  } finally {
    registry.clearFaults();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a user profile naming a known chain id takes the fields it leaves out; its own fields win', () => {
  const r = readProfiles([
    { name: 'Mainnet, my indexer', chainId: 'interwoven-1', indexerUrl: 'https://my-indexer.example' },
  ]);
  assert.deepEqual(r.problems, []);
  const mine = r.profiles.find((p) => p.name === 'Mainnet, my indexer')!;
  assert.equal(mine.indexerUrl, 'https://my-indexer.example');
  assert.equal(mine.routerUrl, 'https://router-api.initia.xyz', 'inherited');
  assert.equal(mine.vm, 'l1', 'inherited');
  assert.equal(mine.builtIn, false);
  // From a registry chain, without even an indexer of its own.
  const made = registryProfile(all().find((c) => c.chain_id === 'fakemove-1')!);
  assert.ok('profile' in made);
  const r2 = readProfiles(
    [
      {
        name: 'Move, other explorer',
        chainId: 'fakemove-1',
        explorerUrl: 'https://other.example/move',
        txPage: 'https://other.example/tx/${txHash}',
      },
    ],
    [made.profile],
  );
  assert.deepEqual(r2.problems, []);
  const move = r2.profiles.find((p) => p.name === 'Move, other explorer')!;
  assert.equal(move.indexerUrl, 'https://rollytics-api-fake.example');
  assert.equal(move.vm, 'minimove');
  assert.equal(move.txPage, 'https://other.example/tx/${txHash}');
  assert.equal(
    move.accountPage,
    'https://scan.testnet.initia.xyz/fakemove-1/accounts/${accountAddress}',
    'inherited template',
  );
  // Unknown chain id and no indexer: still required.
  assert.match(readProfiles([{ name: 'X', chainId: 'unknown-1' }]).problems[0] ?? '', /"indexerUrl" is required/);
});

test('richer profile fields are validated: templates hold their placeholder, prefix and bridge id their form', () => {
  const r = readProfiles([
    { name: 'A', indexerUrl: 'https://a.example', txPage: 'https://scan.example/txs/' },
    { name: 'B', indexerUrl: 'https://a.example', accountPage: 'javascript:${accountAddress}' },
    { name: 'C', indexerUrl: 'https://a.example', bech32Prefix: 'Init!' },
    { name: 'D', indexerUrl: 'https://a.example', opBridgeId: 'eleven' },
    { name: 'E', indexerUrl: 'https://a.example', restUrl: 'http://rest.example.com' },
    {
      name: 'F',
      indexerUrl: 'https://a.example',
      restUrl: 'https://rest.example',
      jsonRpcUrl: 'http://10.0.0.2:8545',
      bech32Prefix: 'xyz',
      opBridgeId: 7,
    },
  ]);
  assert.equal(r.problems.length, 5, r.problems.join('\n'));
  assert.match(r.problems[0]!, /txPage: .*does not hold \$\{txHash\}/);
  assert.match(r.problems[1]!, /accountPage/);
  assert.match(r.problems[2]!, /bech32Prefix/);
  assert.match(r.problems[3]!, /opBridgeId/);
  assert.match(r.problems[4]!, /restUrl/);
  const f = r.profiles.find((p) => p.name === 'F')!;
  assert.deepEqual(
    [f.restUrl, f.jsonRpcUrl, f.bech32Prefix, f.opBridgeId],
    ['https://rest.example', 'http://10.0.0.2:8545', 'xyz', '7'],
  );
});

test('explorer links use the templates when the profile has them, the base URL otherwise', () => {
  const base = { name: 'N', indexerUrl: 'https://i.example', builtIn: false, explorerUrl: 'https://scan.example/n-1' };
  const templated = {
    ...base,
    txPage: 'https://scan.example/n-1/tx/${txHash}?tab=raw',
    accountPage: 'https://scan.example/n-1/address/${accountAddress}',
  };
  assert.equal(explorerLink(templated, 'tx', 'ABC'), 'https://scan.example/n-1/tx/ABC?tab=raw');
  assert.equal(explorerLink(templated, 'account', 'init1xyz'), 'https://scan.example/n-1/address/init1xyz');
  assert.equal(
    explorerLink(templated, 'block', '5'),
    'https://scan.example/n-1/blocks/5',
    'no block template: the base URL',
  );
  assert.equal(explorerLink(base, 'tx', 'ABC'), 'https://scan.example/n-1/txs/ABC');
  assert.equal(
    explorerLink({ ...templated, txPage: 'https://s.example/${txHash}' }, 'tx', 'a/b'),
    'https://s.example/a%2Fb',
    'the id is encoded',
  );
});

test('account addresses follow the network’s bech32 prefix; init stays the default', () => {
  const words = bech32.toWords(new Uint8Array(20).fill(7));
  const init = bech32.encode('init', words);
  const other = bech32.encode('xyz', words);
  assert.equal(parseAccount(init).ok, true);
  assert.equal(parseAccount(other).ok, false, 'init by default');
  assert.equal(parseAccount(other, 'xyz').ok, true);
  const wrong = parseAccount(init, 'xyz');
  assert.ok(!wrong.ok && /starts with "xyz1", not "init1"/.test(wrong.error));
  assert.equal(
    parseAccount(other, ANY_PREFIX).ok,
    true,
    'the clients accept any prefix (the input was checked against its network)',
  );
  assert.equal(parseAccount('0x' + '11'.repeat(20), 'xyz').ok, true, '0x addresses on any network');
});
