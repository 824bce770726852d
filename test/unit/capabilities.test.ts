/**
 * What a network can answer (core/capabilities.ts): EVM from the profile's `vm` or, the profile silent, from
 * /status's `internal_tx_height`; internal transactions only from /status. And the profiles' `vm` field itself.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NO_EVM_INDEX, NO_INTERNAL_TX_INDEX, isEvmRouteMissing, networkCapabilities } from '../../src/core/capabilities';
import { BUILT_IN_NETWORKS, readProfiles } from '../../src/core/networks';
import { HttpError } from '../../src/core/errors';

const status = (extra: Record<string, unknown> = {}) => ({ chain_id: 'x-1', height: 100, ...extra });

test('the profile names the VM: minievm is EVM, any other VM never is, whatever /status says', () => {
  assert.deepEqual(networkCapabilities({ vm: 'minievm' }, status({ internal_tx_height: 99 })), { evm: true, evmInternalTxs: true });
  assert.deepEqual(networkCapabilities({ vm: 'minievm' }, status()), { evm: true, evmInternalTxs: false, reason: NO_INTERNAL_TX_INDEX });
  assert.deepEqual(networkCapabilities({ vm: 'minievm' }), { evm: true, evmInternalTxs: false, reason: NO_INTERNAL_TX_INDEX }, 'no /status yet: EVM, internal txs not known');
  for (const vm of ['minimove', 'miniwasm', 'l1'] as const) {
    assert.deepEqual(networkCapabilities({ vm }, status({ internal_tx_height: 99 })), { evm: false, evmInternalTxs: false, reason: NO_EVM_INDEX }, vm);
  }
});

test('the profile silent: /status decides (internal_tx_height is omitted when 0)', () => {
  assert.deepEqual(networkCapabilities({}, status({ internal_tx_height: 5068219, rich_list_height: 5068100 })), { evm: true, evmInternalTxs: true });
  assert.deepEqual(networkCapabilities({}, status({ internal_tx_height: '42' })), { evm: true, evmInternalTxs: true }, 'a decimal string counts');
  assert.deepEqual(networkCapabilities({}, status({ rich_list_height: 90 })), { evm: false, evmInternalTxs: false, reason: 'this network has no EVM index' });
  for (const h of [0, '0', null, '', 'abc', -1, Number.NaN, {}]) {
    assert.equal(networkCapabilities({}, status({ internal_tx_height: h })).evm, false, JSON.stringify(h));
  }
  assert.deepEqual(networkCapabilities({}), { evm: false, evmInternalTxs: false, reason: NO_EVM_INDEX }, 'no /status: not EVM');
});

test('the indexer\'s own 404 for EVM routes is recognised; other 404s are not', () => {
  assert.equal(isEvmRouteMissing(new HttpError('indexer', 404, 'evm routes are not available on this chain', '/x')), true);
  assert.equal(isEvmRouteMissing(new HttpError('indexer', 404, 'tx not found', '/x')), false);
  assert.equal(isEvmRouteMissing(new HttpError('indexer', 500, 'evm routes are not available on this chain', '/x')), false);
  assert.equal(isEvmRouteMissing(new Error('evm routes are not available')), false);
});

test('profiles: built-in VMs where known; a user profile\'s vm is read, and a wrong one skips the profile with a reason', () => {
  const vm = (name: string) => BUILT_IN_NETWORKS.find((p) => p.name === name)?.vm;
  assert.deepEqual(['Initia Mainnet', 'Initia Testnet', 'Yominet', 'MiniEVM Testnet', 'Local demo'].map(vm), ['l1', 'l1', 'minievm', 'minievm', 'minievm']);
  const r = readProfiles([
    { name: 'Evm', indexerUrl: 'https://a.example.com', vm: 'minievm' },
    { name: 'Silent', indexerUrl: 'https://b.example.com' },
    { name: 'Bad', indexerUrl: 'https://c.example.com', vm: 'evm' },
  ]);
  assert.equal(r.profiles.find((p) => p.name === 'Evm')?.vm, 'minievm');
  const silent = r.profiles.find((p) => p.name === 'Silent')!;
  assert.ok(!('vm' in silent), 'no vm key when none is set');
  assert.equal(r.profiles.find((p) => p.name === 'Bad'), undefined);
  assert.deepEqual(r.problems, ['initia.networks "Bad": vm: "evm" is not one of minievm, minimove, miniwasm, l1.']);
});
