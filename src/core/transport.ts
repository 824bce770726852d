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
 */
import type { EventEmitter } from 'node:events';
import { Agent, EnvHttpProxyAgent, Pool, type Dispatcher } from 'undici';

export interface TransportRequest {
  method: 'GET' | 'POST';
  url: URL;
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
export class BodyTimeout extends Error {
  readonly code = 'UND_ERR_BODY_TIMEOUT';
}

/** The headers did not arrive in time (undici's code). */
export class HeadersTimeout extends Error {
  readonly code = 'UND_ERR_HEADERS_TIMEOUT';
  constructor() {
    super('the headers did not arrive in time');
  }
}

export interface ProxyConfig {
  /** The proxy's URL (http or https), possibly with user:pass@ (sent as Basic authorization). */
  url: string;
  /** Hosts reached directly (`no_proxy` syntax: names, `.suffix`, `*.suffix`, `host:port`, `*` for all). */
  noProxy?: readonly string[];
  /** Sent as `Proxy-Authorization` (VS Code's `http.proxyAuthorization`). */
  authorization?: string;
  /** Verify the proxy's own certificate (VS Code's `http.proxyStrictSSL`). */
  strictSSL?: boolean;
}

export interface UndiciTransportOptions {
  proxy?: ProxyConfig;
  /** CA certificates (PEM) that servers' certificates must chain to; Node's defaults when absent. */
  ca?: readonly string[];
  /** Time allowed to open a connection. */
  connectTimeoutMs?: number;
  connectionsPerOrigin?: number;
}

/** Whether `noProxy` says to reach host:port directly (the usual `no_proxy` rules). */
export function bypassesProxy(hostname: string, port: string, noProxy: readonly string[] = []): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  for (const raw of noProxy) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    const m = /^(.*?)(?::(\d+))?$/.exec(entry)!;
    const pattern = m[1]!.replace(/^\[|\]$/g, '');
    if (m[2] && m[2] !== port) continue;
    if (pattern.startsWith('*.') || pattern.startsWith('.')) {
      const suffix = pattern.replace(/^\*/, '');
      if (host.endsWith(suffix) || host === suffix.slice(1)) return true;
    } else if (host === pattern || host.endsWith(`.${pattern}`)) return true;
  }
  return false;
}

/** A proxy URL without its credentials, for messages and the log. */
export function redactProxy(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return '(an unreadable proxy URL)';
  }
}

export class UndiciTransport implements Transport {
  readonly name = 'undici';
  private readonly pools = new Map<string, Pool>();
  private readonly proxied: Dispatcher | undefined;
  private disposed = false;

  /** The CA option of TLS connections (empty: Node's defaults). */
  private readonly tls: { ca?: string[] };
  /** What every connection is opened with. */
  private readonly connect: { timeout: number; ca?: string[] };
  private readonly connections: number;

  constructor(private readonly options: UndiciTransportOptions = {}) {
    const { proxy, ca } = options;
    this.tls = ca ? { ca: [...ca] } : {};
    this.connect = { timeout: options.connectTimeoutMs ?? 10_000, ...this.tls };
    this.connections = options.connectionsPerOrigin ?? 6;
    if (proxy) {
      const connections = this.connections;
      this.proxied = new EnvHttpProxyAgent({
        httpProxy: proxy.url,
        httpsProxy: proxy.url,
        noProxy: (proxy.noProxy ?? []).join(','),
        ...(proxy.authorization ? { token: proxy.authorization } : {}),
        requestTls: this.tls,
        proxyTls: { ...this.tls, rejectUnauthorized: proxy.strictSSL ?? true },
        connect: this.connect,
        clientFactory: (origin: URL, opts: object) => new Pool(origin, { ...opts, connections }),
        // An http: target goes to the proxy as an absolute-form request, as proxies expect (CONNECT only for https:).
        proxyTunnel: false,
      } as ConstructorParameters<typeof EnvHttpProxyAgent>[0]);
    }
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
    return bypassesProxy(u.hostname, u.port || (u.protocol === 'https:' ? '443' : '80'), proxy.noProxy) ? undefined : redactProxy(proxy.url);
  }

  private dispatcher(origin: string): Dispatcher {
    if (this.disposed) throw new Error('The HTTP transport was closed.');
    if (this.proxied) return this.proxied;
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, { connections: this.connections, pipelining: 1, keepAliveTimeout: 30_000, connect: this.connect });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  async request(req: TransportRequest): Promise<TransportResponse> {
    const response = await this.dispatcher(req.url.origin).request({
      origin: req.url.origin,
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

export interface FetchTransportOptions {
  /** How the fetch function reaches servers, for the log ("VS Code's network settings"). */
  describe?: string;
  /**
   * CA certificates to trust, handed over as an undici Agent's `connect.ca`: VS Code's fetch copies them onto the
   * dispatcher it chooses. Without them it uses its own (the bundled ones and the operating system's).
   */
  ca?: readonly string[];
}

export class FetchTransport implements Transport {
  readonly name = 'fetch';
  private readonly agent: Agent | undefined;

  constructor(
    private readonly fetchFn: FetchFunction,
    private readonly options: FetchTransportOptions = {},
  ) {
    this.agent = options.ca ? new Agent({ connect: { ca: [...options.ca] } }) : undefined;
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
    let headersTimer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => controller.abort(new HeadersTimeout()), req.headersTimeoutMs);
    let response: Response;
    try {
      response = await this.fetchFn(req.url.toString(), {
        method: req.method,
        headers: req.headers,
        body: req.body,
        redirect: 'manual',
        signal: controller.signal,
        ...(this.agent ? { dispatcher: this.agent } : {}),
      });
    } catch (err) {
      req.abort.off('abort', onAbort);
      if (controller.signal.reason instanceof HeadersTimeout) throw controller.signal.reason;
      throw err;
    } finally {
      clearTimeout(headersTimer);
      headersTimer = undefined;
    }
    const stream = response.body;
    const done = (): void => void req.abort.off('abort', onAbort);
    const cancel = (): void => {
      done();
      controller.abort();
      void stream?.cancel().catch(() => undefined);
    };
    async function* pieces(): AsyncGenerator<Uint8Array> {
      if (!stream) return;
      const reader = stream.getReader();
      try {
        for (;;) {
          let idle: ReturnType<typeof setTimeout> | undefined;
          const next = await Promise.race([
            reader.read(),
            new Promise<never>((_, reject) => {
              idle = setTimeout(() => {
                controller.abort();
                reject(new BodyTimeout('the body stopped arriving'));
              }, req.bodyTimeoutMs);
            }),
          ]).finally(() => clearTimeout(idle));
          if (next.done) return;
          yield next.value;
        }
      } finally {
        reader.releaseLock();
        done();
      }
    }
    const body = pieces();
    return {
      status: response.status,
      header: (name) => response.headers.get(name) ?? '',
      body,
      text: async () => {
        const chunks: Uint8Array[] = [];
        for await (const piece of body) chunks.push(piece);
        return Buffer.concat(chunks).toString('utf8');
      },
      cancel,
    };
  }

  dispose(): void {
    void this.agent?.destroy().catch(() => undefined);
  }
}


/** How the extension was told to reach the network: VS Code's `http.*` settings (user values) and its own choice. */
export interface NetworkConfig {
  /** `initia.http.transport`: VS Code's network stack when it can (auto), always it, or undici directly. */
  choice: 'auto' | 'vscode' | 'direct';
  /** `http.proxy`. */
  proxy?: string;
  /** `http.noProxy`; when empty, the NO_PROXY environment variable applies. */
  noProxy: readonly string[];
  /** `http.proxyStrictSSL`. */
  proxyStrictSSL: boolean;
  /** `http.proxyAuthorization`. */
  proxyAuthorization?: string;
  /** `http.proxySupport`: `off` means no proxy at all. */
  proxySupport: 'off' | 'on' | 'fallback' | 'override';
  /** `http.fetchAdditionalSupport`: whether VS Code's fetch applies proxies and certificates. */
  fetchAdditionalSupport: boolean;
}

export interface TransportChoice {
  transport: Transport;
  /** One line for the log: which transport, and where its proxy comes from. */
  description: string;
}

export interface ChooseOptions {
  /** VS Code's patched global fetch, when the extension runs in VS Code. */
  vscodeFetch?: FetchFunction;
  /** The environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY and their lower-case forms). */
  env: Readonly<Record<string, string | undefined>>;
  /**
   * CA certificates for the direct transport (the bundled, NODE_EXTRA_CA_CERTS and the operating system's), read only
   * when that transport is chosen (the system store takes some 20 ms to read).
   */
  ca?: () => readonly string[] | undefined;
  /** CA certificates to hand VS Code's fetch on top of its own (it ignores NODE_EXTRA_CA_CERTS otherwise). */
  fetchCa?: () => readonly string[] | undefined;
  connectTimeoutMs?: number;
}

/** The proxy from the environment, as VS Code reads it. */
function envProxy(env: ChooseOptions['env']): { url: string; from: string } | undefined {
  for (const name of ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']) {
    const v = env[name]?.trim();
    if (v) return { url: v, from: name };
  }
  return undefined;
}

/**
 * The transport for a configuration: VS Code's fetch (proxies from settings, the environment, the system or a PAC
 * file; proxy authentication; the operating system's CAs) unless told otherwise, or unavailable, or its network
 * support for extensions is off; otherwise undici directly, with the proxy of `http.proxy` or the environment.
 * `http.proxySupport: off` means no proxy on either.
 */
export function chooseTransport(config: NetworkConfig, options: ChooseOptions): TransportChoice {
  // VS Code's fetch answers a proxy's 407 with Kerberos or its own credentials prompt, never http.proxyAuthorization:
  // with that setting, auto goes direct, where it is sent.
  const fromEnv = envProxy(options.env);
  const useFetch =
    options.vscodeFetch !== undefined &&
    (config.choice === 'vscode' || (config.choice === 'auto' && config.fetchAdditionalSupport && config.proxySupport !== 'off' && !config.proxyAuthorization));
  if (useFetch) {
    const proxy = config.proxySupport === 'off' ? undefined : config.proxy ? `http.proxy ${redactProxy(config.proxy)}` : fromEnv ? `${fromEnv.from} ${redactProxy(fromEnv.url)}` : 'the system or PAC settings, if any';
    const describe = `VS Code's network stack (proxy: ${proxy ?? 'none, http.proxySupport is off'}${config.noProxy.length ? `; noProxy: ${config.noProxy.join(', ')}` : ''})`;
    const ca = options.fetchCa?.();
    return { transport: new FetchTransport(options.vscodeFetch!, { describe, ca }), description: `fetch through ${describe}${ca ? `; ${ca.length} CA certificates added` : ''}` };
  }
  const why =
    options.vscodeFetch === undefined
      ? 'outside VS Code'
      : config.choice === 'direct'
        ? 'initia.http.transport is direct'
        : config.proxySupport === 'off'
          ? 'http.proxySupport is off'
          : !config.fetchAdditionalSupport
            ? 'http.fetchAdditionalSupport is off'
            : 'http.proxyAuthorization is set, which only the direct transport sends';
  const proxyUrl = config.proxySupport === 'off' ? undefined : config.proxy || fromEnv?.url;
  const ca = options.ca?.();
  const cas = ca ? `; ${ca.length} CA certificates` : '';
  if (!proxyUrl) {
    return { transport: new UndiciTransport({ ca, connectTimeoutMs: options.connectTimeoutMs }), description: `undici, direct (${why}; no proxy configured)${cas}` };
  }
  const noProxy = config.noProxy.length ? config.noProxy : (options.env.no_proxy ?? options.env.NO_PROXY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const proxy: ProxyConfig = { url: proxyUrl, noProxy, authorization: config.proxyAuthorization, strictSSL: config.proxyStrictSSL };
  const from = config.proxy ? 'http.proxy' : fromEnv!.from;
  return {
    transport: new UndiciTransport({ proxy, ca, connectTimeoutMs: options.connectTimeoutMs }),
    description: `undici through the proxy ${redactProxy(proxyUrl)} from ${from}${noProxy.length ? `, noProxy ${noProxy.join(', ')}` : ''} (${why})${cas}`,
  };
}

/**
 * The CA certificates Node would trust plus the operating system's: `tls.getCACertificates` (Node 22.15 and newer,
 * so VS Code 1.101 and newer) gives the bundled ones with NODE_EXTRA_CA_CERTS ('default') and the system store
 * ('system'). Undefined on older Node, where the defaults (bundled and NODE_EXTRA_CA_CERTS) apply as they are.
 */
export function nodeCaCertificates(tlsModule: { getCACertificates?: (type: string) => string[] }): string[] | undefined {
  const get = tlsModule.getCACertificates;
  if (typeof get !== 'function') return undefined;
  const read = (type: string): string[] => {
    try {
      return get(type);
    } catch {
      return [];
    }
  };
  return [...new Set([...read('default'), ...read('system')])];
}
