/**
 * What a network can answer (core/capabilities.ts): the routes' own answers first, then the chain's VM (the profile's
 * or the registry's), then /status's proof; never the absence of `internal_tx_height` (omitempty: absent while
 * nothing is indexed). And the profiles' `vm` field itself.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  NO_EVM_INDEX,
  NO_INTERNAL_TX_INDEX,
  evmKnown,
  isEvmRouteMissing,
  networkCapabilities,
} from '../../src/core/capabilities';
import { BUILT_IN_NETWORKS, readProfiles } from '../../src/core/networks';
import { HttpError } from '../../src/core/errors';

const status = (extra: Record<string, unknown> = {}) => ({ chain_id: 'x-1', height: 100, ...extra });

test('the VM decides: minievm is EVM with its internal routes (until they say otherwise), any other VM never is', () => {
  assert.deepEqual(networkCapabilities({ vm: 'minievm', status: status({ internal_tx_height: 99 }) }), {
    evm: true,
    evmInternalTxs: true,
  });
  assert.deepEqual(
    networkCapabilities({ vm: 'minievm', status: status() }),
    { evm: true, evmInternalTxs: true },
    'no internal_tx_height: nothing indexed yet, the routes are there',
  );
  assert.deepEqual(networkCapabilities({ vm: 'minievm' }), { evm: true, evmInternalTxs: true });
  assert.deepEqual(
    networkCapabilities({ vm: 'minievm', internalRoutes: false }),
    { evm: true, evmInternalTxs: false, reason: NO_INTERNAL_TX_INDEX },
    'the internal routes said they are not there',
  );
  for (const vm of ['minimove', 'miniwasm', 'l1'] as const) {
    assert.deepEqual(
      networkCapabilities({ vm, status: status({ internal_tx_height: 99 }) }),
      { evm: false, evmInternalTxs: false, reason: NO_EVM_INDEX },
      vm,
    );
  }
});

test("no VM known: the routes' answers decide; internal_tx_height proves them, its absence proves nothing", () => {
  assert.equal(
    evmKnown({ status: status({ rich_list_height: 90 }) }),
    undefined,
    'absent: not known (a new or lagging EVM rollup)',
  );
  assert.equal(evmKnown({}), undefined);
  assert.equal(evmKnown({ status: status({ internal_tx_height: 5068219 }) }), true);
  assert.equal(evmKnown({ status: status({ internal_tx_height: '42' }) }), true, 'a decimal string counts');
  for (const h of [0, '0', null, '', 'abc', -1, Number.NaN, {}])
    assert.equal(evmKnown({ status: status({ internal_tx_height: h }) }), undefined, JSON.stringify(h));
  assert.deepEqual(networkCapabilities({ evmRoutes: false }), {
    evm: false,
    evmInternalTxs: false,
    reason: NO_EVM_INDEX,
  });
  assert.deepEqual(networkCapabilities({ evmRoutes: true }), { evm: true, evmInternalTxs: true });
  assert.equal(evmKnown({ internalRoutes: true }), true, 'internal routes answering are EVM routes');
  // The routes' own answer wins over the VM (an indexer that does not serve what its chain could).
  assert.deepEqual(networkCapabilities({ vm: 'minievm', evmRoutes: false }), {
    evm: false,
    evmInternalTxs: false,
    reason: NO_EVM_INDEX,
  });
  assert.deepEqual(
    networkCapabilities({}),
    { evm: true, evmInternalTxs: true },
    'nothing known: the routes are tried, their 404 decides',
  );
});

test("the indexer's own 404 for EVM routes is recognised; other 404s are not", () => {
  assert.equal(
    isEvmRouteMissing(new HttpError('indexer', 404, 'evm routes are not available on this chain', '/x')),
    true,
  );
  assert.equal(isEvmRouteMissing(new HttpError('indexer', 404, 'tx not found', '/x')), false);
  assert.equal(
    isEvmRouteMissing(new HttpError('indexer', 500, 'evm routes are not available on this chain', '/x')),
    false,
  );
  assert.equal(isEvmRouteMissing(new Error('evm routes are not available')), false);
});

test("profiles: built-in VMs where known; a user profile's vm is read, and a wrong one skips the profile with a reason", () => {
  const vm = (name: string) => BUILT_IN_NETWORKS.find((p) => p.name === name)?.vm;
  assert.deepEqual(['Initia Mainnet', 'Initia Testnet', 'Yominet', 'MiniEVM Testnet', 'Local demo'].map(vm), [
    'l1',
    'l1',
    'minievm',
    'minievm',
    'minievm',
  ]);
  const r = readProfiles([
    { name: 'Evm', indexerUrl: 'https://a.example.com', vm: 'minievm' },
    { name: 'Silent', indexerUrl: 'https://b.example.com' },
    { name: 'Bad', indexerUrl: 'https://c.example.com', vm: 'evm' },
  ]);
  assert.equal(r.profiles.find((p) => p.name === 'Evm')?.vm, 'minievm');
  const silent = r.profiles.find((p) => p.name === 'Silent')!;
  assert.ok(!('vm' in silent), 'no vm key when none is set');
  assert.equal(
    r.profiles.find((p) => p.name === 'Bad'),
    undefined,
  );
  assert.deepEqual(r.problems, ['initia.networks "Bad": vm: "evm" is not one of minievm, minimove, miniwasm, l1.']);
});
