/**
 * The node's traces, asked once (src/explain/evmTrace.ts, which needs no VS Code): concurrent callers share one
 * request; a caller that cancels stops waiting while the others keep the request, which is abandoned only when nobody
 * waits; a trace is kept in a file that a new instance (a reloaded window) reads instead of asking; a stored file that
 * is not a trace is not used. Against a local JSON-RPC server that answers the call tracer's shape when told to.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createJsonRpcClient } from '../../src/core/clients';
import { EvmTraces } from '../../src/explain/evmTrace';
import { errorKind, rejection } from './support';

const HASH = `0x${'ab'.repeat(32)}`;
const TRACE = {
  type: 'CALL',
  from: `0x${'11'.repeat(20)}`,
  to: `0x${'22'.repeat(20)}`,
  input: '0x',
  output: '0x',
  gas: '0x1',
  gasUsed: '0x1',
  value: '0x0',
};
const quiet = { debug: () => undefined, warn: () => undefined };

/** A JSON-RPC server whose answers wait until `release()`; it counts requests and the ones the client gave up. */
async function node() {
  const held: Array<() => void> = [];
  let requests = 0;
  let abandoned = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests++;
      const { id } = JSON.parse(body) as { id: number };
      res.on('close', () => {
        if (!res.writableFinished) abandoned++;
      });
      held.push(() => {
        if (res.destroyed) return;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ jsonrpc: '2.0', id, result: TRACE }));
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    abandoned: () => abandoned,
    waiting: () => held.length,
    release: () => held.splice(0).forEach((f) => f()),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const until = async (what: () => boolean) => {
  for (let i = 0; i < 200 && !what(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(what());
};

test('one request for concurrent callers; a cancelled hover does not take the trace from Explain', async () => {
  const n = await node();
  try {
    const traces = new EvmTraces(undefined, quiet);
    const rpc = createJsonRpcClient(n.url);
    const hover = new AbortController();
    const fromHover = traces.callTrace(rpc, HASH, hover.signal);
    const fromExplain = traces.callTrace(rpc, HASH);
    await until(() => n.waiting() === 1);
    hover.abort();
    assert.equal(errorKind(await rejection(fromHover)), 'cancelled');
    n.release();
    assert.equal((await fromExplain).to, TRACE.to);
    assert.equal(n.requests(), 1);
    assert.equal(n.abandoned(), 0);
    // Kept: asked again, nothing is sent.
    await traces.callTrace(rpc, HASH);
    assert.equal(n.requests(), 1);
  } finally {
    await n.close();
  }
});

test('the request is abandoned when every caller has cancelled', async () => {
  const n = await node();
  try {
    const traces = new EvmTraces(undefined, quiet);
    const rpc = createJsonRpcClient(n.url);
    const a = new AbortController();
    const b = new AbortController();
    const first = traces.callTrace(rpc, HASH, a.signal);
    const second = traces.callTrace(rpc, HASH, b.signal);
    await until(() => n.waiting() === 1);
    a.abort();
    b.abort();
    assert.equal(errorKind(await rejection(first)), 'cancelled');
    assert.equal(errorKind(await rejection(second)), 'cancelled');
    await until(() => n.abandoned() === 1);
  } finally {
    await n.close();
  }
});

test('a stored trace is read by a new instance instead of asking; a file that is not one is not used', async () => {
  const n = await node();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'initia-traces-unit-'));
  try {
    const rpc = createJsonRpcClient(n.url);
    const first = new EvmTraces(dir, quiet);
    const asked = first.callTrace(rpc, HASH);
    await until(() => n.waiting() === 1);
    n.release();
    await asked;
    const files = fs.readdirSync(path.join(dir, 'evm-traces'));
    assert.equal(files.length, 1);
    assert.equal((await new EvmTraces(dir, quiet).callTrace(rpc, HASH)).to, TRACE.to);
    assert.equal(n.requests(), 1, 'the new instance read the file');
    // A file with another shape (or another key) is ignored: the node is asked.
    fs.writeFileSync(path.join(dir, 'evm-traces', files[0]!), JSON.stringify({ key: 'x', call: { nonsense: true } }));
    const again = new EvmTraces(dir, quiet).callTrace(rpc, HASH);
    await until(() => n.waiting() === 1);
    n.release();
    await again;
    assert.equal(n.requests(), 2);
  } finally {
    await n.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
