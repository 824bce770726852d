/**
 * undici (the direct transport's bundle, dist/direct.js in the product) is loaded only when something needs one of
 * its dispatchers: a lookup through VS Code's fetch without extra CAs never loads it; the direct transport's first
 * request, a proxy, and CA certificates handed to fetch for an https request do. CA certificates are read at the first
 * https connection, never for http. node:test runs this file in a process of its own, and each case takes a fresh copy
 * of the transport module, so nothing loaded undici before.
 */
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { createIndexerClient } from '../../src/core/clients';
import type * as TransportModule from '../../src/core/transport';
import type * as ChoiceModule from '../../src/core/transportChoice';
import { startFakeIndexer, type FakeIndexer } from '../fixtures/fakeIndexer';
import { testTls } from '../fixtures/fakeServer';

const CA = testTls('ca.pem');
const config = {
  choice: 'auto',
  noProxy: [],
  proxyStrictSSL: true,
  proxySupport: 'override',
  fetchAdditionalSupport: true,
} as const;
const vscodeFetch: TransportModule.FetchFunction = (url, init) => fetch(url, init as RequestInit);
const undiciFiles = () =>
  Object.keys(require.cache).filter(
    (f) => /[\\/]node_modules[\\/]undici[\\/]/.test(f) || /[\\/]src[\\/]core[\\/]undici\.js$/.test(f),
  );

/** The transport modules as the features load them: fresh, with undici (and our entry to it) out of the module cache. */
function fresh(): typeof TransportModule & typeof ChoiceModule {
  const modules = ['../../src/core/transport', '../../src/core/transportChoice'];
  for (const f of [...undiciFiles(), ...modules.map((m) => require.resolve(m))]) delete require.cache[f];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const choice = require('../../src/core/transportChoice') as typeof ChoiceModule;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return { ...(require('../../src/core/transport') as typeof TransportModule), ...choice };
}

let fake: FakeIndexer | undefined;
const cleanup: Array<() => void> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) c();
  await fake?.close();
  fake = undefined;
});

/** One lookup through `transport` on `server` (the plain fake indexer by default; a server handed in is closed after
 *  the test). */
async function lookUp(transport: TransportModule.Transport, server?: FakeIndexer): Promise<void> {
  fake ??= await startFakeIndexer({ blocks: 20 });
  const target = server ?? fake;
  if (target !== fake) cleanup.push(() => void target.close());
  const client = createIndexerClient(target.url, { transport });
  cleanup.push(() => {
    client.dispose();
    transport.dispose();
  });
  assert.equal((await client.block(target.data.latestHeight)).block.height, String(target.data.latestHeight));
}

test('a lookup through VS Code’s fetch without extra CAs loads no undici', async () => {
  const t = fresh();
  const chosen = t.chooseTransport(config, { env: {}, vscodeFetch, fetchCa: undefined });
  assert.equal(chosen.transport.name, 'fetch');
  await lookUp(chosen.transport);
  assert.equal(t.undiciLoaded(), false);
  assert.deepEqual(undiciFiles(), [], 'undici in the module cache');
});

test('the direct transport loads undici at its first request, not when it is chosen', async () => {
  const t = fresh();
  const chosen = t.chooseTransport({ ...config, choice: 'direct' }, { env: {}, vscodeFetch });
  assert.equal(chosen.transport.name, 'undici');
  assert.equal(t.undiciLoaded(), false, 'choosing the direct transport loaded undici');
  await lookUp(chosen.transport);
  assert.equal(t.undiciLoaded(), true);
  assert.notDeepEqual(undiciFiles(), []);
});

test('a loader handed in (the extension’s, through the code cache) requires undici once, at the first request', async () => {
  const t = fresh();
  const calls: string[] = [];
  t.requireUndiciWith(() => {
    calls.push('load');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('../../src/core/undici');
  });
  const chosen = t.chooseTransport({ ...config, choice: 'direct' }, { env: {}, vscodeFetch });
  assert.deepEqual(calls, [], 'handing in the loader, or choosing the transport, loaded undici');
  await lookUp(chosen.transport);
  await lookUp(chosen.transport);
  assert.deepEqual(calls, ['load']);
  assert.equal(t.undiciLoaded(), true);
});

test('a proxy loads undici when the transport is made', () => {
  const t = fresh();
  const proxied = t.chooseTransport(
    { ...config, choice: 'direct', proxy: 'http://127.0.0.1:9' },
    { env: {}, vscodeFetch },
  );
  cleanup.push(() => proxied.transport.dispose());
  assert.equal(t.undiciLoaded(), true, 'a proxy agent is undici');
});

test('CA certificates are read, and handed to VS Code’s fetch on an undici Agent, at the first https request only', async () => {
  const t = fresh();
  let reads = 0;
  const fetchCa = () => {
    reads++;
    return [CA];
  };
  const chosen = t.chooseTransport(config, { env: {}, vscodeFetch, fetchCa });
  assert.equal(chosen.transport.name, 'fetch');
  await lookUp(chosen.transport);
  assert.equal(reads, 0, 'an http endpoint needs no CA certificates');
  assert.equal(t.undiciLoaded(), false);
  await lookUp(chosen.transport, await startFakeIndexer({ blocks: 20, tls: 'server' }));
  await lookUp(chosen.transport, fake);
  assert.equal(reads, 1, 'read once');
  assert.equal(t.undiciLoaded(), true);
});

test('the direct transport reads its CA certificates at its first https connection, once', async () => {
  const t = fresh();
  let reads = 0;
  const ca = () => {
    reads++;
    return [CA];
  };
  const chosen = t.chooseTransport({ ...config, choice: 'direct' }, { env: {}, vscodeFetch, ca });
  await lookUp(chosen.transport);
  assert.equal(reads, 0, 'an http endpoint needs no CA certificates');
  const secure = await startFakeIndexer({ blocks: 20, tls: 'server' });
  await lookUp(chosen.transport, secure);
  await lookUp(chosen.transport, secure);
  assert.equal(reads, 1);
});
