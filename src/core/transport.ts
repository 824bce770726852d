/**
 * How a request reaches a server. The HTTP layer (http.ts) owns deadlines, retries, the size limit and errors; a
 * transport only opens the exchange and hands back the status, the headers and the body as a stream. Two exist:
 *
 * - `UndiciTransport`: undici directly, one keep-alive pool per origin, optionally through a forward proxy
 *   (`http:` targets) or a CONNECT tunnel (`https:` targets), with a `noProxy` list and the CA certificates given.
 *   It is what plain Node (tests, the demo, the bench) uses, and what the extension uses when VS Code's network
 *   support for extensions is off.
 * - `FetchTransport`: a `fetch` function, in VS Code its patched global fetch, which applies the user's proxy
 *   settings, PAC and system proxies, proxy authentication (Basic, Kerberos) and the operating system's CAs.
 *
 * Neither follows redirects: a 3xx comes back as it is.
 *
 * undici itself is loaded only when a dispatcher of its own is needed (a direct transport's first pool or proxy
 * agent, CA certificates for the fetch transport): from dist/direct.js in the product, never on the default path.
 */
import type { EventEmitter } from 'node:events';
import type { Dispatcher } from 'undici';
import type * as Undici from './undici';
import { bypassesProxy, redactProxy, type ProxyConfig } from './proxy';
import { requestDeadlines } from './deadlines';

export { bypassesProxy, redactProxy, type ProxyConfig } from './proxy';

let undiciModule: typeof Undici | undefined;

/** How undici's bundle is required: plainly, unless the extension handed in its own way (see `requireUndiciWith`). */
let requireUndici: (() => unknown) | undefined;

/**
 * Has undici's bundle required by `load` (the extension's: through V8's code cache, src/platform/codeCache.ts) when
 * it is first needed; plain `require` otherwise. Loads nothing now.
 */
export function requireUndiciWith(load: () => unknown): void {
  requireUndici = load;
}

/** undici's dispatchers, required on first use (esbuild.mjs turns this require into one of dist/direct.js). */
function loadUndici(): typeof Undici {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  undiciModule ??= (requireUndici?.() ?? require('./undici')) as typeof Undici;
  return undiciModule;
}

/** Whether undici has been loaded by this module (the product's default path never loads it). */
export function undiciLoaded(): boolean {
  return undiciModule !== undefined;
}

/**
 * What the HTTP layer and the transports read of a request's address. A URL has it all (http.ts `endpoint`), and so
 * does an address joined under a base parsed once (http.ts `endpointsUnder`).
 */
export interface RequestUrl {
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly pathname: string;
  readonly search: string;
}

interface TransportRequest {
  method: 'GET' | 'POST';
  url: RequestUrl;
  headers: Readonly<Record<string, string>>;
  body?: string;
  /** Emits 'abort' to end the exchange (the deadline, or the caller's cancellation). */
  abort: EventEmitter;
  /** Time allowed until the response headers. */
  headersTimeoutMs: number;
  /** Time allowed between two pieces of the body. */
  bodyTimeoutMs: number;
}

export interface TransportResponse {
  status: number;
  /** A response header (the first value), '' when absent. */
  header(name: string): string;
  /** The body in pieces; a piece that does not arrive within `bodyTimeoutMs` ends it with a BodyTimeout error. */
  body: AsyncIterable<Uint8Array>;
  /** The whole body as text (used when its length is declared and within the limit). */
  text(): Promise<string>;
  /** Stops reading the body and frees the connection. */
  cancel(): void;
}

export interface Transport {
  /** "undici" or "fetch", for the log. */
  readonly name: string;
  request(req: TransportRequest): Promise<TransportResponse>;
  /** How requests to this origin travel ("direct", "proxy http://host:port", …), for the log. */
  route(origin: string): string;
  /** The proxy (without credentials) requests to this origin go through, when the transport itself sends them there. */
  proxyFor(origin: string): string | undefined;
  dispose(): void;
}

/** The error a transport ends a body with when a piece of it takes too long (undici's code). */
class BodyTimeout extends Error {
  readonly code = 'UND_ERR_BODY_TIMEOUT';
}

/** The headers did not arrive in time (undici's code). */
class HeadersTimeout extends Error {
  readonly code = 'UND_ERR_HEADERS_TIMEOUT';
  constructor() {
    super('the headers did not arrive in time');
  }
}

/**
 * CA certificates (PEM) that servers' certificates must chain to, or how to read them: a function is called once, at
 * the first https connection (reading the system's store takes some 20 ms; an http endpoint never needs them).
 */
export type CaSource = readonly string[] | (() => readonly string[] | undefined);

/** The certificates of a source, read at most once. */
function caOnce(source: CaSource | undefined): () => string[] | undefined {
  let read: { ca: string[] | undefined } | undefined;
  return () => {
    if (!read) {
      const ca = typeof source === 'function' ? source() : source;
      read = { ca: ca ? [...ca] : undefined };
    }
    return read.ca;
  };
}

interface UndiciTransportOptions {
  proxy?: ProxyConfig;
  /** CA certificates that servers' certificates must chain to; Node's defaults when absent. */
  ca?: CaSource;
  /** Time allowed to open a connection. */
  connectTimeoutMs?: number;
  connectionsPerOrigin?: number;
}

export class UndiciTransport implements Transport {
  readonly name = 'undici';
  private readonly pools = new Map<string, Dispatcher>();
  private readonly proxied: Dispatcher | undefined;
  private disposed = false;

  /** The CA certificates, read at the first https connection (or when a proxy agent is made). */
  private readonly ca: () => string[] | undefined;
  private readonly timeout: number;
  private readonly connections: number;

  constructor(private readonly options: UndiciTransportOptions = {}) {
    const { proxy } = options;
    this.ca = caOnce(options.ca);
    this.timeout = options.connectTimeoutMs ?? 10_000;
    this.connections = options.connectionsPerOrigin ?? 6;
    if (proxy) {
      const connections = this.connections;
      const { EnvHttpProxyAgent, Pool } = loadUndici();
      const tls = this.tls(true);
      this.proxied = new EnvHttpProxyAgent({
        httpProxy: proxy.url,
        httpsProxy: proxy.url,
        noProxy: (proxy.noProxy ?? []).join(','),
        ...(proxy.authorization ? { token: proxy.authorization } : {}),
        requestTls: tls,
        proxyTls: { ...tls, rejectUnauthorized: proxy.strictSSL ?? true },
        connect: { timeout: this.timeout, ...tls },
        clientFactory: (origin: URL, opts: object) => new Pool(origin, { ...opts, connections }),
        // An http: target goes to the proxy as an absolute-form request, as proxies expect (CONNECT only for https:).
        proxyTunnel: false,
      } as ConstructorParameters<typeof EnvHttpProxyAgent>[0]);
    }
  }

  /** The CA option of TLS connections (empty: Node's defaults; none for http). */
  private tls(secure: boolean): { ca?: string[] } {
    const ca = secure ? this.ca() : undefined;
    return ca ? { ca } : {};
  }

  route(origin: string): string {
    if (!this.options.proxy) return 'direct';
    const proxy = this.proxyFor(origin);
    if (!proxy) return 'direct (noProxy)';
    return `proxy ${proxy}${new URL(origin).protocol === 'https:' ? ' (CONNECT tunnel)' : ''}`;
  }

  proxyFor(origin: string): string | undefined {
    const proxy = this.options.proxy;
    if (!proxy) return undefined;
    const u = new URL(origin);
    return bypassesProxy(u.hostname, u.port || (u.protocol === 'https:' ? '443' : '80'), proxy.noProxy)
      ? undefined
      : redactProxy(proxy.url);
  }

  private dispatcher(origin: string): Dispatcher {
    if (this.disposed) throw new Error('The HTTP transport was closed.');
    if (this.proxied) return this.proxied;
    let pool = this.pools.get(origin);
    if (!pool) {
      const connect = { timeout: this.timeout, ...this.tls(origin.startsWith('https:')) };
      pool = new (loadUndici().Pool)(origin, {
        connections: this.connections,
        pipelining: 1,
        keepAliveTimeout: 30_000,
        connect,
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  async request(req: TransportRequest): Promise<TransportResponse> {
    const { origin } = req.url;
    const response = await this.dispatcher(origin).request({
      origin,
      method: req.method,
      path: req.url.pathname + req.url.search,
      headers: req.headers,
      body: req.body,
      signal: req.abort,
      headersTimeout: req.headersTimeoutMs,
      bodyTimeout: req.bodyTimeoutMs,
    });
    const headers = response.headers;
    return {
      status: response.statusCode,
      header: (name) => {
        const v = headers[name];
        return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
      },
      body: response.body as AsyncIterable<Uint8Array>,
      text: () => response.body.text(),
      cancel: () => void response.body.destroy(),
    };
  }

  dispose(): void {
    this.disposed = true;
    for (const pool of this.pools.values()) void pool.destroy().catch(() => undefined);
    this.pools.clear();
    void this.proxied?.destroy().catch(() => undefined);
  }
}

/** The part of the fetch API the transport uses (VS Code's patched global fetch, or Node's). */
export type FetchFunction = (url: string, init: Record<string, unknown>) => Promise<Response>;

interface FetchTransportOptions {
  /** How the fetch function reaches servers, for the log ("VS Code's network settings"). */
  describe?: string;
  /**
   * CA certificates to trust on https, handed over as an undici Agent's `connect.ca`: VS Code's fetch copies them onto
   * the dispatcher it chooses. Without them it uses its own (the bundled ones and the operating system's). Read, and
   * the Agent made (loading undici), at the first https request.
   */
  ca?: CaSource;
}

export class FetchTransport implements Transport {
  readonly name = 'fetch';
  /** The Agent carrying the CA certificates: made at the first https request; null when there are none. */
  private agent: Dispatcher | null | undefined;

  constructor(
    private readonly fetchFn: FetchFunction,
    private readonly options: FetchTransportOptions = {},
  ) {
    if (!options.ca) this.agent = null;
  }

  /** The dispatcher for an https request (undefined: the fetch function's own). */
  private dispatcherFor(url: RequestUrl): Dispatcher | undefined {
    if (this.agent === null || url.protocol !== 'https:') return undefined;
    if (this.agent === undefined) {
      const ca = caOnce(this.options.ca)();
      this.agent = ca ? new (loadUndici().Agent)({ connect: { ca } }) : null;
    }
    return this.agent ?? undefined;
  }

  route(): string {
    return this.options.describe ?? 'fetch';
  }

  /** VS Code's fetch chooses the proxy itself and does not say which. */
  proxyFor(): undefined {
    return undefined;
  }

  async request(req: TransportRequest): Promise<TransportResponse> {
    const controller = new AbortController();
    const onAbort = (): void => controller.abort();
    req.abort.once('abort', onAbort);
    const response = await this.send(req, controller, onAbort);
    return fetchedResponse(response, req.bodyTimeoutMs, controller, () => void req.abort.off('abort', onAbort));
  }

  /** The fetch itself, until the headers: a HeadersTimeout when they take longer than `headersTimeoutMs`. */
  private async send(req: TransportRequest, controller: AbortController, onAbort: () => void): Promise<Response> {
    const endHeaders = requestDeadlines.add(req.headersTimeoutMs, () => controller.abort(new HeadersTimeout()));
    const dispatcher = this.dispatcherFor(req.url);
    try {
      return await this.fetchFn(req.url.href, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        redirect: 'manual',
        signal: controller.signal,
        ...(dispatcher ? { dispatcher } : {}),
      });
    } catch (err) {
      req.abort.off('abort', onAbort);
      if (controller.signal.reason instanceof HeadersTimeout) throw controller.signal.reason;
      throw err;
    } finally {
      endHeaders();
    }
  }

  dispose(): void {
    void this.agent?.destroy().catch(() => undefined);
  }
}

/**
 * A fetch Response as a TransportResponse: its body read piece by piece (or whole, as text) under one idle timer,
 * pushed back at each piece; when it fires it aborts the exchange with a BodyTimeout, which the pending (or next) read
 * rejects with. `done` lets go of the caller's abort once the body is read or cancelled.
 */
function fetchedResponse(
  response: Response,
  bodyTimeoutMs: number,
  controller: AbortController,
  done: () => void,
): TransportResponse {
  const stream = response.body;
  const cancel = (): void => {
    done();
    controller.abort();
    void stream?.cancel().catch(() => undefined);
  };
  let endIdle: (() => void) | undefined;
  /** The idle deadline, (re)started now: at the first read and at each piece. */
  const idleFromNow = (): void => {
    endIdle?.();
    endIdle = requestDeadlines.add(bodyTimeoutMs, () => controller.abort(new BodyTimeout('the body stopped arriving')));
  };
  const reading = (): ReadableStreamDefaultReader<Uint8Array> => {
    const reader = stream!.getReader();
    idleFromNow();
    return reader;
  };
  const finish = (reader: ReadableStreamDefaultReader<Uint8Array>): void => {
    endIdle?.();
    reader.releaseLock();
    done();
  };
  async function* pieces(): AsyncGenerator<Uint8Array> {
    if (!stream) return done();
    const reader = reading();
    try {
      for (;;) {
        const next = await reader.read();
        if (next.done) return;
        idleFromNow();
        yield next.value;
      }
    } finally {
      finish(reader);
    }
  }
  // The same reads without a generator in between (the usual case: a declared length within the limit).
  const text = async (): Promise<string> => {
    if (!stream) {
      done();
      return '';
    }
    const reader = reading();
    const chunks: Uint8Array[] = [];
    let total = 0;
    try {
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        idleFromNow();
        chunks.push(next.value);
        total += next.value.length;
      }
    } finally {
      finish(reader);
    }
    return Buffer.concat(chunks, total).toString('utf8');
  };
  return { status: response.status, header: (name) => response.headers.get(name) ?? '', body: pieces(), text, cancel };
}
