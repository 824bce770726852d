/**
 * The Move abort namer (src/move/abortNamer.ts) over real HTTP: the chain's error map from the fake Move REST's real
 * fungible_asset bytes, the registry's real errors/0x1.json served over HTTP, a workspace constant first; each
 * source's failure said in the notes, the registry's file read once per address.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_HTTP_OPTIONS, HttpClient } from '../../src/core/http';
import { MoveClient } from '../../src/core/move/client';
import { parseMoveFailure } from '../../src/core/move/abort';
import { RegistryErrorsFile, registryErrorsUrl } from '../../src/core/move/registryErrors';
import { parseWith } from '../../src/core/zodParse';
import { MoveAbortNamer } from '../../src/move/abortNamer';
import { startFakeMoveRest } from '../fixtures/fakeMove';
import { MOVE_FIXTURES } from '../fixtures/moveData';

const abort = parseMoveFailure(
  'VM aborted: location=0000000000000000000000000000000000000000000000000000000000000001::fungible_asset, code=65540',
);

async function registryServer() {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    const body =
      req.url === '/errors/0x1.json' ? readFileSync(join(MOVE_FIXTURES, 'registry-errors', '0x1.json')) : undefined;
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(body ?? '{"message":"not found"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/chains.json`;
  return { url, hits: () => hits, close: () => new Promise<void>((r) => server.close(() => r())) };
}

test('an abort named: workspace first, else the chain error map, else the registry; failures in the notes', async (t) => {
  assert.ok(abort?.kind === 'aborted');
  const rest = await startFakeMoveRest();
  const registry = await registryServer();
  t.after(async () => {
    await rest.close();
    await registry.close();
  });
  const http = new HttpClient({ ...DEFAULT_HTTP_OPTIONS, service: 'registry', maxRetries: 0 });
  const moves = new MoveClient(rest.url, new HttpClient({ ...DEFAULT_HTTP_OPTIONS, service: 'node', maxRetries: 0 }));
  const registryErrors = async (address: string) => {
    const url = registryErrorsUrl(registry.url, address, 'demo');
    return url ? parseWith(RegistryErrorsFile, await http.json({ method: 'GET', url }), 'registry') : undefined;
  };
  const constant = {
    name: 'EINSUFFICIENT_BALANCE',
    value: 4n,
    doc: 'Insufficient balance to withdraw or transfer.',
    line: 27,
    sites: [1114],
  };
  const uri = { toString: () => 'file:///w/sources/fungible_asset.move' } as never;
  const withWorkspace = new MoveAbortNamer({
    workspace: { constantFor: async () => ({ constant, uri }) },
    module: (a, m) => moves.module(a, m),
    registryErrors,
    label: () => 'sources/fungible_asset.move',
  });
  const named = await withWorkspace.name(abort);
  assert.equal(registry.hits(), 0, 'a name the workspace gives: no registry request');
  assert.deepEqual(
    [named.source, named.name, named.uri, named.sites],
    [
      'workspace',
      'EINSUFFICIENT_BALANCE',
      'file:///w/sources/fungible_asset.move',
      [{ file: 'sources/fungible_asset.move', line: 1114 }],
    ],
  );

  const noWorkspace = new MoveAbortNamer({
    workspace: { constantFor: async () => undefined },
    module: (a, m) => moves.module(a, m),
    registryErrors,
    label: String,
  });
  const fromChain = await noWorkspace.name(abort);
  assert.deepEqual(
    [fromChain.source, fromChain.name, fromChain.description],
    ['chain', 'EINSUFFICIENT_BALANCE', 'Insufficient balance to withdraw or transfer.'],
  );
  assert.equal(registry.hits(), 0, "a name the module's error map gives: no registry request");

  const noChain = new MoveAbortNamer({
    workspace: { constantFor: async () => undefined },
    module: async () => {
      throw new Error('connection refused');
    },
    registryErrors,
    label: String,
  });
  const fromRegistry = await noChain.name(abort);
  assert.deepEqual(
    [fromRegistry.source, fromRegistry.description],
    ['registry', 'Insufficient balance to withdraw or transfer'],
  );
  assert.match(fromRegistry.notes.join(' '), /error map could not be read: connection refused/);
  await noChain.name(abort);
  assert.equal(
    registry.hits(),
    1,
    'asked only when the workspace and the chain do not name it, and then once per namer and address (asked twice)',
  );
});
