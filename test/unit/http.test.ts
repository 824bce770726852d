/** The HTTP layer against real local servers: retry rules, timeouts, size limit, errors in words. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_HTTP_OPTIONS, HttpClient, endpoint } from '../../src/core/http';
import { errorBodyMessage, parseRetryAfter, excerpt } from '../../src/core/httpBody';
import { rejection, errorKind } from './support';
import { MAX_TIMER_MS, timerDelay } from '../../src/core/timers';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void;

const servers: http.Server[] = [];
const clients: HttpClient[] = [];
after(() => {
  clients.forEach((c) => c.dispose());
  servers.forEach((s) => {
    s.closeAllConnections();
    s.close();
  });
});

async function serve(handler: Handler): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let n = 0;
  const server = http.createServer((req, res) => handler(req, res, ++n));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: () => n,
    /** Stops listening and ends every connection; resolves once the server is closed. */
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A JSON body that never ends: "[" and then "1," every `everyMs` until the connection closes. */
function trickle(everyMs: number): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('[');
    const timer = setInterval(() => res.write('1,'), everyMs);
    res.on('close', () => clearInterval(timer));
  };
}

function client(overrides: Partial<typeof DEFAULT_HTTP_OPTIONS> = {}): HttpClient {
  const c = new HttpClient({ ...DEFAULT_HTTP_OPTIONS, retryBaseMs: 10, ...overrides, service: 'indexer' });
  clients.push(c);
  return c;
}

test('JSON body is returned; one request; keep-alive reuses the connection', async () => {
  const sockets = new Set<unknown>();
  const s = await serve((req, res) => {
    sockets.add(req.socket);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: true, path: req.url }));
  });
  const c = client();
  assert.deepEqual(await c.get(new URL(`${s.url}/status?a=1`)), { ok: true, path: '/status?a=1' });
  await new Promise((r) => setImmediate(r));
  await c.get(new URL(`${s.url}/status`));
  assert.equal(s.hits(), 2);
  assert.equal(sockets.size, 1, 'the second request reused the first connection');
  c.dispose();
  s.close();
});

test('plain-text indexer errors become readable HttpErrors with the server text', async () => {
  const s = await serve((_req, res) => {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('[NOT_FOUND] transaction not found');
  });
  const err = await rejection(client().get(new URL(`${s.url}/indexer/tx/v1/txs/AB`)));
  assert.equal(errorKind(err), 'http');
  assert.equal(err.status, 404);
  assert.equal(err.message, 'The indexer answered 404 Not Found: [NOT_FOUND] transaction not found.');
  assert.equal(s.hits(), 1, '404 is not retried');
  s.close();
});

test('router-style JSON errors: message (+ info) is shown', () => {
  assert.deepEqual(errorBodyMessage('{"code":5,"message":"tx not found","details":[]}', 'application/json'), {
    message: 'tx not found',
    code: 5,
    info: undefined,
  });
  assert.equal(
    errorBodyMessage('{"message":"no route found","info":"amount too low"}').message,
    'no route found (amount too low)',
  );
  assert.equal(errorBodyMessage('<!DOCTYPE html><html>…').message, 'an HTML error page');
  assert.equal(errorBodyMessage('Internal Server Error').message, 'Internal Server Error');
});

test('429 with Retry-After is retried after the asked wait, then succeeds', async () => {
  const s = await serve((_req, res, n) => {
    if (n === 1) {
      res.writeHead(429, { 'retry-after': '1' });
      return res.end('Too Many Requests');
    }
    res.end('{"ok":1}');
  });
  const started = Date.now();
  assert.deepEqual(await client().get(new URL(`${s.url}/x`)), { ok: 1 });
  const waited = Date.now() - started;
  assert.equal(s.hits(), 2);
  assert.ok(waited >= 950, `waited ${waited} ms for Retry-After: 1`);
  s.close();
});

test('503 without Retry-After backs off and gives up after maxRetries with the last answer', async () => {
  const s = await serve((_req, res) => {
    res.writeHead(503);
    res.end('Service Unavailable');
  });
  const err = await rejection(client({ maxRetries: 2 }).get(new URL(`${s.url}/x`)));
  assert.equal(s.hits(), 3, 'one attempt + two retries');
  assert.equal(err.status, 503);
  s.close();
});

test('a Retry-After longer than we accept fails at once and says how long', async () => {
  const s = await serve((_req, res) => {
    res.writeHead(429, { 'retry-after': '120' });
    res.end('Too Many Requests');
  });
  const err = await rejection(client({ maxRetryAfterMs: 5000 }).get(new URL(`${s.url}/x`)));
  assert.equal(s.hits(), 1);
  assert.match(err.message, /429 Too Many Requests.*wait 120 s/);
  s.close();
});

test('500 is not retried (the indexer is not overloaded, it failed)', async () => {
  const s = await serve((_req, res) => {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('Internal Server Error');
  });
  const err = await rejection(client().get(new URL(`${s.url}/x`)));
  assert.equal(s.hits(), 1);
  assert.equal(err.message, 'The indexer answered 500 Internal Server Error.');
  s.close();
});

test('timeout before headers → TimeoutError', async () => {
  const s = await serve(() => undefined);
  const err = await rejection(client({ timeoutMs: 300 }).get(new URL(`${s.url}/x`)));
  assert.equal(errorKind(err), 'timeout');
  assert.match(err.message, /did not answer within 0.3 s/);
  s.close();
});

test('a body that stalls after the headers times out too', async () => {
  const s = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"blocks":[');
  });
  const err = await rejection(client({ timeoutMs: 400 }).get(new URL(`${s.url}/x`)));
  assert.equal(errorKind(err), 'timeout');
  s.close();
});

test('a body that trickles (never idle long enough for the idle timeout) still ends at the total deadline', async () => {
  const s = await serve(trickle(40));
  const started = Date.now();
  const err = await rejection(client({ timeoutMs: 400 }).get(new URL(`${s.url}/x`)));
  assert.equal(errorKind(err), 'timeout');
  assert.match(err.message, /0.4 s/);
  assert.ok(Date.now() - started < 2000, `ended after ${Date.now() - started} ms`);
  s.close();
});

test('cancellation while the body streams ends the request at once', async () => {
  const s = await serve(trickle(20));
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 150); // mid-body: the server writes every 20 ms and never ends
  const started = Date.now();
  const err = await rejection(client({ timeoutMs: 5000 }).get(new URL(`${s.url}/x`), ac.signal));
  assert.equal(errorKind(err), 'cancelled');
  assert.ok(Date.now() - started < 1000, `ended after ${Date.now() - started} ms`);
  s.close();
});

test('endpoint: base without trailing slashes, path, the query encoded once as a form', () => {
  assert.equal(endpoint('http://h:1/api//', '/x').href, 'http://h:1/api/x');
  assert.equal(endpoint('http://h:1', '/x', []).href, 'http://h:1/x');
  const url = endpoint('http://h:1/', '/x', [
    ['pagination.key', 'a+b/c='],
    ['msgs', 'a.B'],
    ['msgs', 'c d'],
    ['q', '<&>'],
  ]);
  assert.equal(url.search, '?pagination.key=a%2Bb%2Fc%3D&msgs=a.B&msgs=c+d&q=%3C%26%3E');
  assert.deepEqual(url.searchParams.getAll('msgs'), ['a.B', 'c d']);
  assert.equal(url.searchParams.get('pagination.key'), 'a+b/c=');
});

test('connection refused → NetworkError that says so', async () => {
  const s = await serve(() => undefined);
  const url = s.url;
  await s.close();
  const err = await rejection(client().get(new URL(`${url}/status`)));
  assert.equal(errorKind(err), 'network');
  assert.match(err.message, /Couldn't reach the indexer at http:\/\/127\.0\.0\.1:\d+: connection refused/);
});

test('connection reset mid-body → readable network error', async () => {
  const s = await serve((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
    res.write('{"txs":[');
    setTimeout(() => req.socket.destroy(), 20);
  });
  const err = await rejection(client().get(new URL(`${s.url}/x`)));
  assert.equal(errorKind(err), 'network');
  assert.match(err.message, /closed before the answer was complete|other side closed|reach the indexer/);
  s.close();
});

test('non-JSON 200 → InvalidBodyError with an excerpt', async () => {
  const s = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body>Gateway says hi</body></html>');
  });
  const err = await rejection(client().get(new URL(`${s.url}/x`)));
  assert.equal(errorKind(err), 'invalid-body');
  assert.match(err.message, /not JSON \(text\/html\): <html><body>Gateway says hi/);
  s.close();
});

test('size limit: refused by Content-Length before reading, and while streaming without it', async () => {
  const s = await serve((req, res) => {
    if (req.url === '/declared') {
      res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
      res.write('[');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = `"${'x'.repeat(64 * 1024)}",`;
    let sent = 0;
    const pump = (): void => {
      while (sent < 400 && res.write(chunk)) sent++;
      if (sent < 400) res.once('drain', pump);
      else res.end('"end"]');
    };
    res.write('[');
    pump();
  });
  const c = client({ maxBytes: 1024 * 1024 });
  const declared = await rejection(c.get(new URL(`${s.url}/declared`)));
  assert.equal(errorKind(declared), 'too-large');
  const streamed = await rejection(c.get(new URL(`${s.url}/streamed`)));
  assert.equal(errorKind(streamed), 'too-large');
  assert.match(streamed.message, /more than 1 MB/);
  s.close();
});

test('redirects are reported, not followed', async () => {
  const s = await serve((_req, res) => {
    res.writeHead(302, { location: 'http://evil.example/steal' });
    res.end();
  });
  const err = await rejection(client().get(new URL(`${s.url}/x`)));
  assert.equal(err.status, 302);
  assert.match(err.message, /redirected to http:\/\/evil\.example\/steal \(not followed\)/);
  assert.equal(s.hits(), 1);
  s.close();
});

test('cancellation by AbortSignal ends the request and the retry wait', async () => {
  const s = await serve((_req, res, n) => {
    if (n === 1) {
      res.writeHead(503, { 'retry-after': '5' });
      return res.end();
    }
  });
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 100); // during the 5 s Retry-After wait
  const started = Date.now();
  const err = await rejection(client({ maxRetryAfterMs: 10_000 }).get(new URL(`${s.url}/x`), ac.signal));
  assert.equal(errorKind(err), 'cancelled');
  assert.ok(Date.now() - started < 2000, 'did not wait out the Retry-After');
  const ac2 = new AbortController();
  setTimeout(() => ac2.abort(), 100); // while the server hangs
  const err2 = await rejection(client().get(new URL(`${s.url}/hang`), ac2.signal));
  assert.equal(errorKind(err2), 'cancelled');
  s.close();
});

test('parseRetryAfter: seconds and HTTP dates', () => {
  assert.equal(parseRetryAfter('3'), 3000);
  assert.equal(parseRetryAfter('0'), 0);
  const now = Date.parse('2026-01-01T00:00:00Z');
  assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now), 10_000);
  assert.equal(parseRetryAfter('soon'), undefined);
  assert.equal(parseRetryAfter(''), undefined);
});

test('parseRetryAfter: a date in the past is 0; anything over 10 minutes is 10 minutes', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  assert.equal(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', now), 0);
  assert.equal(parseRetryAfter('99999999', now), 600_000, 'the 1,157 days a router once asked for');
  assert.equal(parseRetryAfter('600.5', now), 600_000);
  assert.equal(parseRetryAfter('Fri, 01 Jan 2100 00:00:00 GMT', now), 600_000);
  assert.equal(parseRetryAfter('1.5', now), 1500);
});

test('timerDelay keeps every delay a timer can keep (Node runs longer ones after 1 ms)', () => {
  assert.equal(timerDelay(99_999_999_000), MAX_TIMER_MS);
  assert.equal(timerDelay(Infinity), MAX_TIMER_MS);
  assert.equal(timerDelay(Number.NaN), 0);
  assert.equal(timerDelay(-5), 0);
  assert.equal(timerDelay(1234), 1234);
});

test('excerpt strips control and bidi characters and shortens', () => {
  assert.equal(excerpt('a\u0000b\u202ec\nd'), 'a b c d');
  assert.equal(excerpt('x'.repeat(400)).length, 300);
});
