/**
 * The two transports under the HTTP layer (core/transport.ts): every property of the layer holds on each (deadline
 * including the body, size limit, cancellation, bounded retry, redirects not followed, readable errors), against
 * the fake indexer over http and https; a real forward/CONNECT proxy on 127.0.0.1 is used when configured and
 * bypassed for noProxy hosts, asks for credentials with 407; and certificate failures each get their sentence.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import * as http from 'node:http';
import { fetch as undiciFetch } from 'undici';
import { createIndexerClient } from '../../src/core/clients';
import {
  CancelledError,
  HttpError,
  NetworkError,
  ResponseTooLargeError,
  TimeoutError,
  InvalidBodyError,
} from '../../src/core/errors';
import {
  FetchTransport,
  UndiciTransport,
  bypassesProxy,
  type FetchFunction,
  type Transport,
} from '../../src/core/transport';
import { chooseTransport, nodeCaCertificates, type NetworkConfig } from '../../src/core/transportChoice';
import { startFakeIndexer, type FakeIndexer } from '../fixtures/fakeIndexer';
import { startFakeProxy } from '../fixtures/fakeProxy';
import { testTls } from '../fixtures/fakeServer';
import { rejection } from './support';

const CA = testTls('ca.pem');
const closers: Array<() => unknown> = [];
after(async () => {
  for (const c of closers.reverse()) await c();
});

async function indexer(options: Parameters<typeof startFakeIndexer>[0] = {}): Promise<FakeIndexer> {
  const fake = await startFakeIndexer({ blocks: 40, ...options });
  closers.push(() => fake.close());
  return fake;
}

function client(url: string, transport: Transport, timeoutMs = 1500) {
  const c = createIndexerClient(url, { transport, timeoutMs, maxBytes: 256 * 1024, retryBaseMs: 10 });
  closers.push(() => {
    c.dispose();
    transport.dispose();
  });
  return c;
}

const TRANSPORTS: Array<[string, (ca?: string[]) => Transport]> = [
  ['undici', (ca) => new UndiciTransport({ ca })],
  // Node's own fetch, as VS Code's patched fetch calls it; CAs handed over on an undici Agent, as VS Code reads them.
  ['fetch', (ca) => new FetchTransport((url, init) => fetch(url, init as RequestInit), { ca })],
  [
    'fetch (undici)',
    (ca) => new FetchTransport((url, init) => undiciFetch(url, init) as unknown as Promise<Response>, { ca }),
  ],
];

for (const [name, make] of TRANSPORTS) {
  describe(`transport: ${name}`, () => {
    test('a page over http, and over https with a trusted CA', async () => {
      const plain = await indexer();
      assert.equal((await client(plain.url, make()).blocks({ limit: 3 })).blocks.length, 3);
      const secure = await indexer({ tls: 'server' });
      assert.equal((await client(secure.url, make([CA])).blocks({ limit: 2 })).blocks.length, 2);
    });

    test('deadline including the body, size limit, redirects not followed, bounded retry, readable errors', async () => {
      const fake = await indexer();
      const c = client(fake.url, make(), 800);
      fake.setFault({ kind: 'stall' });
      assert.ok((await rejection(c.blocks({ limit: 2 }))) instanceof TimeoutError, 'a stalled body times out');
      fake.clearFaults();
      fake.setFault({ kind: 'hang' });
      assert.ok((await rejection(c.blocks({ limit: 2 }))) instanceof TimeoutError, 'no headers: times out');
      fake.clearFaults();
      fake.setFault({ kind: 'huge', bytes: 2 * 1024 * 1024 });
      assert.ok((await rejection(c.blocks({ limit: 2 }))) instanceof ResponseTooLargeError);
      fake.clearFaults();
      fake.setFault({ kind: 'redirect', location: 'http://evil.example/x' });
      const redirect = await rejection(c.blocks({ limit: 2 }));
      assert.ok(
        redirect instanceof HttpError &&
          /redirected to http:\/\/evil\.example\/x \(not followed\)/.test(redirect.message),
        redirect.message,
      );
      fake.clearFaults();
      fake.setFault({ kind: 'nonJson' });
      assert.ok((await rejection(c.blocks({ limit: 2 }))) instanceof InvalidBodyError);
      fake.clearFaults();
      fake.resetRequests();
      fake.setFault({ kind: 'status', status: 503 });
      assert.ok((await rejection(c.blocks({ limit: 2 }))) instanceof HttpError);
      assert.equal(fake.requests.length, 3, 'the first attempt and two retries');
      fake.clearFaults();
      assert.equal((await c.blocks({ limit: 2 })).blocks.length, 2, 'recovers');
    });

    test('the idle-body timeout is per piece: a body that keeps coming is read whole, one that stops is ended', async () => {
      // 6 pieces 60 ms apart (longer in all than the 150 ms allowed between two), with and without a declared length;
      // and one piece, then nothing.
      const server = http.createServer((req, res) => {
        const pieces = req.url === '/stops' ? 1 : 6;
        res.writeHead(200, {
          'content-type': 'application/json',
          ...(req.url === '/chunked' ? {} : { 'content-length': String(6 * 10) }),
        });
        let sent = 0;
        const next = () => {
          if (sent === pieces) return req.url === '/stops' ? undefined : res.end();
          sent++;
          res.write('x'.repeat(10));
          setTimeout(next, 60);
        };
        next();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      closers.push(() => {
        server.closeAllConnections();
        server.close();
      });
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const transport = make();
      closers.push(() => transport.dispose());
      const send = (path: string) =>
        transport.request({
          method: 'GET',
          url: new URL(base + path),
          headers: {},
          abort: new EventEmitter(),
          headersTimeoutMs: 5_000,
          bodyTimeoutMs: 150,
        });
      assert.equal((await (await send('/declared')).text()).length, 60, 'a declared length, read whole');
      let streamed = 0;
      for await (const piece of (await send('/chunked')).body) streamed += piece.length;
      assert.equal(streamed, 60, 'no declared length, read in pieces');
      const started = performance.now();
      const stalled = await rejection((await send('/stops')).text());
      assert.equal((stalled as { code?: unknown }).code, 'UND_ERR_BODY_TIMEOUT', String(stalled));
      assert.ok(performance.now() - started < 2_000, 'ended by the idle timeout, not the deadline');
    });

    test('cancellation ends a request that is waiting for its answer', async () => {
      const fake = await indexer();
      fake.setFault({ kind: 'hang' });
      const c = client(fake.url, make(), 10_000);
      const ac = new AbortController();
      const pending = c.blocks({ limit: 2 }, ac.signal);
      setTimeout(() => ac.abort(), 50);
      assert.ok((await rejection(pending)) instanceof CancelledError);
    });

    test('certificate failures each say what to check', async () => {
      const cases: Array<[Parameters<typeof startFakeIndexer>[0], string[] | undefined, RegExp]> = [
        [
          { tls: 'server' },
          undefined,
          /issued by an authority this computer does not know|certificate authority this computer does not trust/,
        ],
        [{ tls: 'selfsigned' }, [CA], /self-signed certificate, which is not trusted/],
        [{ tls: 'expired' }, [CA], /certificate has expired/],
        [{ tls: 'wronghost' }, [CA], /certificate is for another host name/],
      ];
      for (const [options, ca, message] of cases) {
        const fake = await indexer(options);
        const err = await rejection(client(fake.url, make(ca)).blocks({ limit: 1 }));
        assert.ok(err instanceof NetworkError, `${options?.tls}: ${err.message}`);
        assert.match(err.message, message, options?.tls);
        assert.match(err.message, /^Couldn't reach the indexer at https:\/\/localhost:\d+: /);
      }
    });
  });
}

describe('through a proxy (undici transport)', () => {
  test('http targets go to the proxy as absolute-form requests, https ones through a CONNECT tunnel', async () => {
    const plain = await indexer();
    const secure = await indexer({ tls: 'server' });
    const proxy = await startFakeProxy({ hosts: { 'indexer.test': '127.0.0.1' } });
    closers.push(() => proxy.close());
    const transport = new UndiciTransport({ proxy: { url: proxy.url }, ca: [CA] });
    // indexer.test resolves only at the proxy: an answer proves the request went through it.
    assert.equal((await client(`http://indexer.test:${plain.port}`, transport).blocks({ limit: 2 })).blocks.length, 2);
    assert.equal(
      (await client(`https://indexer.test:${secure.port}`, transport).blocks({ limit: 2 })).blocks.length,
      2,
    );
    assert.deepEqual(
      proxy.requests.map((r) => [r.method, r.target]),
      [
        ['GET', `indexer.test:${plain.port}`],
        ['CONNECT', `indexer.test:${secure.port}`],
      ],
    );
    assert.equal(transport.route(`https://indexer.test:${secure.port}`), `proxy ${proxy.url} (CONNECT tunnel)`);
  });

  test('noProxy hosts are reached directly', async () => {
    const plain = await indexer();
    const proxy = await startFakeProxy();
    closers.push(() => proxy.close());
    const transport = new UndiciTransport({ proxy: { url: proxy.url, noProxy: ['127.0.0.1'] } });
    assert.equal((await client(plain.url, transport).blocks({ limit: 2 })).blocks.length, 2);
    assert.equal(proxy.requests.length, 0);
    assert.equal(plain.requests.length, 1);
    assert.equal(transport.route(plain.url), 'direct (noProxy)');
  });

  test('a proxy that asks for credentials: 407 says what to set; the token or user:password@ gets through', async () => {
    const secure = await indexer({ tls: 'server' });
    const plain = await indexer();
    const credentials = { user: 'alice', password: 's3cret' };
    const proxy = await startFakeProxy({ credentials, hosts: { 'indexer.test': '127.0.0.1' } });
    closers.push(() => proxy.close());
    const bare = new UndiciTransport({ proxy: { url: proxy.url }, ca: [CA] });
    const tunnel = await rejection(client(`https://indexer.test:${secure.port}`, bare).blocks({ limit: 1 }));
    assert.match(
      tunnel.message,
      new RegExp(
        `through the proxy ${proxy.url.replace(/[.]/g, '\\.')}: the proxy asks for credentials \\(407 Proxy Authentication Required\\): set http\\.proxyAuthorization`,
      ),
      tunnel.message,
    );
    const forward = await rejection(client(`http://indexer.test:${plain.port}`, bare).blocks({ limit: 1 }));
    assert.match(
      forward.message,
      /the proxy asks for credentials \(407 Proxy Authentication Required\): set http\.proxyAuthorization/,
      forward.message,
    );
    const token = `Basic ${Buffer.from('alice:s3cret').toString('base64')}`;
    const withToken = new UndiciTransport({ proxy: { url: proxy.url, authorization: token }, ca: [CA] });
    assert.equal(
      (await client(`https://indexer.test:${secure.port}`, withToken).blocks({ limit: 1 })).blocks.length,
      1,
    );
    const inUrl = new UndiciTransport({ proxy: { url: proxy.url.replace('//', '//alice:s3cret@') }, ca: [CA] });
    assert.equal((await client(`http://indexer.test:${plain.port}`, inUrl).blocks({ limit: 1 })).blocks.length, 1);
    assert.equal(
      inUrl.route(`http://indexer.test:${plain.port}`),
      `proxy ${proxy.url}`,
      'credentials never reach the log',
    );
  });

  test('a proxy that does not answer: the message names it', async () => {
    const transport = new UndiciTransport({ proxy: { url: 'http://127.0.0.1:9' }, connectTimeoutMs: 1000 });
    const err = await rejection(client('https://indexer.test', transport).blocks({ limit: 1 }));
    assert.match(
      err.message,
      /^Couldn't reach the indexer at https:\/\/indexer\.test through the proxy http:\/\/127\.0\.0\.1:9: connection refused/,
      err.message,
    );
  });
});

test('noProxy matching follows the usual rules', () => {
  assert.equal(bypassesProxy('api.example.com', '443', ['example.com']), true);
  assert.equal(bypassesProxy('example.com', '443', ['.example.com']), true);
  assert.equal(bypassesProxy('a.b.example.com', '443', ['*.example.com']), true);
  assert.equal(bypassesProxy('example.org', '443', ['example.com']), false);
  assert.equal(bypassesProxy('notexample.com', '443', ['example.com']), false);
  assert.equal(bypassesProxy('example.com', '8443', ['example.com:443']), false);
  assert.equal(bypassesProxy('anything', '80', ['*']), true);
  assert.equal(bypassesProxy('::1', '80', ['[::1]']), true);
});

test('the transport for a configuration: VS Code’s stack unless told or forced otherwise', () => {
  const base = {
    choice: 'auto',
    noProxy: [],
    proxyStrictSSL: true,
    proxySupport: 'override',
    fetchAdditionalSupport: true,
  } as const;
  const vscodeFetch = ((url: string, init: Record<string, unknown>) =>
    fetch(url, init as RequestInit)) as FetchFunction;
  const pick = (config: Partial<NetworkConfig>, env: Record<string, string> = {}, withFetch = true) => {
    const c = chooseTransport({ ...base, ...config }, { env, vscodeFetch: withFetch ? vscodeFetch : undefined });
    closers.push(() => c.transport.dispose());
    return c;
  };
  assert.equal(pick({}).transport.name, 'fetch');
  assert.match(pick({}).description, /VS Code's network stack \(proxy: the system or PAC settings, if any\)/);
  assert.match(
    pick({ proxy: 'http://u:p@proxy.corp:3128' }).description,
    /proxy: http\.proxy http:\/\/proxy\.corp:3128\)/,
    'credentials never reach the log',
  );
  assert.match(
    pick({}, { HTTPS_PROXY: 'http://envproxy:8080' }).description,
    /proxy: HTTPS_PROXY http:\/\/envproxy:8080/,
  );
  for (const [config, why] of [
    [{ choice: 'direct' }, 'initia.http.transport is direct'],
    [{ proxySupport: 'off', proxy: 'http://proxy.corp:3128' }, 'http.proxySupport is off'],
    [{ fetchAdditionalSupport: false }, 'http.fetchAdditionalSupport is off'],
    [{ proxyAuthorization: 'Basic x' }, 'http.proxyAuthorization is set'],
  ] as Array<[Partial<NetworkConfig>, string]>) {
    const c = pick(config);
    assert.equal(c.transport.name, 'undici', why);
    assert.ok(c.description.includes(why), c.description);
  }
  assert.match(
    pick({ proxySupport: 'off', proxy: 'http://proxy.corp:3128' }).description,
    /no proxy configured/,
    'off means direct',
  );
  assert.match(pick({}, {}, false).description, /^undici, direct \(outside VS Code; no proxy configured\)$/);
  const env = pick(
    {},
    { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:2', NO_PROXY: 'a.example, .b.example' },
    false,
  );
  assert.match(
    env.description,
    /through the proxy http:\/\/lower:1 from https_proxy, noProxy a\.example, \.b\.example/,
  );
  assert.equal(env.transport.route('https://x.b.example'), 'direct (noProxy)');
  const settingsWin = pick(
    { choice: 'direct', proxy: 'http://proxy.corp:3128', noProxy: ['internal.example'] },
    { HTTPS_PROXY: 'http://envproxy:8080', NO_PROXY: '*' },
  );
  assert.match(
    settingsWin.description,
    /through the proxy http:\/\/proxy\.corp:3128 from http\.proxy, noProxy internal\.example/,
    'settings before the environment',
  );
  assert.equal(
    settingsWin.transport.route('https://indexer.initia.xyz'),
    'proxy http://proxy.corp:3128 (CONNECT tunnel)',
  );
});

test('CA certificates: Node’s defaults and the system’s, once each; nothing to add on an older Node', () => {
  assert.equal(nodeCaCertificates({}), undefined);
  assert.deepEqual(nodeCaCertificates({ getCACertificates: (t) => (t === 'default' ? ['A', 'B'] : ['B', 'C']) }), [
    'A',
    'B',
    'C',
  ]);
  assert.deepEqual(
    nodeCaCertificates({
      getCACertificates: (t) => {
        if (t === 'system') throw new Error('no store');
        return ['A'];
      },
    }),
    ['A'],
  );
});
