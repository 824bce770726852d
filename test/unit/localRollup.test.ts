/**
 * Finding a rollup on this machine (core/localRollup.ts) against fake servers on loopback ports: what answered, the
 * chain id and VM, the profile it offers, the indexer's lag; a node without an indexer; nothing at all.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import {
  DEFAULT_LOCAL_PORTS,
  INDEXER_START_COMMAND,
  indexerLag,
  localOffer,
  localPorts,
  probeLocalRollup,
  type LocalPorts,
  type ProbeDeps,
} from '../../src/core/localRollup';
import { createIndexerClient, createChainClient } from '../../src/core/clients';
import { startFakeIndexer } from '../fixtures/fakeIndexer';
import { startFakeNode } from '../fixtures/fakeNode';

/** The probe's requests through the real clients (as the adapter makes them). */
const deps: ProbeDeps = {
  indexerStatus: (url, signal) => {
    const c = createIndexerClient(url, { timeoutMs: 2000, maxRetries: 0 });
    return c.status(signal).finally(() => c.dispose());
  },
  nodeInfo: (url, signal) => {
    const c = createChainClient({ restUrl: url }, { timeoutMs: 2000 });
    return c.nodeInfo(signal).finally(() => c.dispose());
  },
  rpcStatus: (url, signal) => {
    const c = createChainClient({ rpcUrl: url }, { timeoutMs: 2000 });
    return c.rpcStatus(signal).finally(() => c.dispose());
  },
  evmChainId: (url, signal) => {
    const c = createChainClient({ jsonRpcUrl: url }, { timeoutMs: 2000 });
    return c.evmChainId(signal).finally(() => c.dispose());
  },
};

/** A port nothing listens on. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

test("ports from the setting: whole numbers 1–65535, each falling back to weave's default", () => {
  assert.deepEqual(localPorts(undefined), DEFAULT_LOCAL_PORTS);
  assert.deepEqual(localPorts({ indexer: 7000, rest: '1318', rpc: 0, jsonRpc: 70000 }), {
    indexer: 7000,
    rest: 1318,
    rpc: 26657,
    jsonRpc: 8545,
  });
  assert.deepEqual(localPorts({ indexer: 1.5, rest: 'x' }), DEFAULT_LOCAL_PORTS);
});

test('a full local rollup: indexer, REST, RPC and JSON-RPC answer; the offer names chain and VM, the lag is known', async () => {
  const indexer = await startFakeIndexer({ chainId: 'local-evm-1', blocks: 100 });
  const node = await startFakeNode({ chainId: 'local-evm-1', height: indexer.data.latestHeight + 7 });
  try {
    const ports: LocalPorts = { indexer: indexer.port, rest: node.port, rpc: node.port, jsonRpc: node.port };
    const probe = await probeLocalRollup(ports, deps, new AbortController().signal);
    const offer = localOffer(probe);
    assert.ok(offer);
    assert.equal(offer.label, 'Local rollup (local-evm-1, minievm)');
    assert.deepEqual(offer.answered, [
      `indexer :${indexer.port}`,
      `REST :${node.port}`,
      `RPC :${node.port}`,
      `JSON-RPC :${node.port}`,
    ]);
    assert.equal(offer.missingIndexer, false);
    assert.deepEqual(offer.profile, {
      name: 'Local rollup local-evm-1',
      chainId: 'local-evm-1',
      indexerUrl: `http://127.0.0.1:${indexer.port}`,
      restUrl: `http://127.0.0.1:${node.port}`,
      jsonRpcUrl: `http://127.0.0.1:${node.port}`,
      vm: 'minievm',
    });
    assert.equal(offer.lag, 7);
    assert.equal(indexer.count(), 1, 'one /status');
    assert.equal(node.count(), 3, 'node info, RPC status, eth_chainId');
  } finally {
    await indexer.close();
    await node.close();
  }
});

test('a node without an indexer: offered, but it says the indexer is missing; a Move rollup has no JSON-RPC', async () => {
  const node = await startFakeNode({ chainId: 'local-move-1', vm: 'minimove' });
  try {
    const ports: LocalPorts = { indexer: await freePort(), rest: node.port, rpc: node.port, jsonRpc: node.port };
    const offer = localOffer(await probeLocalRollup(ports, deps, new AbortController().signal));
    assert.ok(offer);
    assert.equal(offer.label, 'Local rollup (local-move-1, minimove)');
    assert.equal(offer.missingIndexer, true);
    assert.equal(offer.profile, undefined);
    assert.deepEqual(offer.answered, [`REST :${node.port}`, `RPC :${node.port}`]);
    assert.equal(INDEXER_START_COMMAND, 'weave rollup indexer start');
  } finally {
    await node.close();
  }
});

test('nothing listening: no offer, quickly', async () => {
  const ports: LocalPorts = {
    indexer: await freePort(),
    rest: await freePort(),
    rpc: await freePort(),
    jsonRpc: await freePort(),
  };
  const started = Date.now();
  assert.equal(localOffer(await probeLocalRollup(ports, deps, new AbortController().signal)), undefined);
  assert.ok(Date.now() - started < 2000);
});

test('the lag: blocks behind, 0 when level or ahead, unknown when a height is', () => {
  assert.equal(indexerLag(90, 100), 10);
  assert.equal(indexerLag(100, 90), 0);
  assert.equal(indexerLag(undefined, 90), undefined);
});
