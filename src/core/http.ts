/**
 * The one HTTP layer of the extension (indexer and router alike), on undici:
 * - one keep-alive Pool per origin;
 * - a total deadline per request (headers + body), plus an idle-body timeout;
 * - cancellation by AbortSignal;
 * - bounded retry with backoff on 429/503 that honours `Retry-After` (only when the server asks for a wait we accept);
 * - a response size limit (Content-Length checked first, then counted while streaming);
 * - typed, readable errors (see errors.ts), with the server's own text where it sent one;
 * - no redirects followed: a 3xx is reported, never followed to another origin.
 */
import { EventEmitter } from 'node:events';
import { ApiError, CancelledError, HttpError, NetworkError, TimeoutError } from './errors';
import { timerDelay } from './timers';
import { requestDeadlines } from './deadlines';
import { interpret, pipeBody, readBody } from './httpBody';
import { UndiciTransport, type RequestUrl, type Transport } from './transport';
import { markOnce } from './marks';

export interface HttpLogEntry {
  method: string;
  url: string;
  status?: number;
  ms: number;
  attempt: number;
  bytes?: number;
  error?: string;
}

export interface HttpOptions {
  /** Service name used in messages: "indexer", "router". */
  service: string;
  /** Total time allowed for one attempt (headers and body). */
  timeoutMs: number;
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** Retries after the first attempt, on 429 and 503 only. */
  maxRetries: number;
  /** Longest `Retry-After` we are willing to wait; a longer one fails at once with the wait in the message. */
  maxRetryAfterMs: number;
  /** First backoff delay when the server gives no `Retry-After`; doubles each retry. */
  retryBaseMs: number;
  userAgent: string;
  log?: (entry: HttpLogEntry) => void;
  /** How requests travel (shared by the clients of one configuration); a direct undici transport when absent. */
  transport?: Transport;
}

export const DEFAULT_HTTP_OPTIONS: Omit<HttpOptions, 'service'> = {
  timeoutMs: 15_000,
  maxBytes: 8 * 1024 * 1024,
  maxRetries: 2,
  maxRetryAfterMs: 10_000,
  retryBaseMs: 400,
  userAgent: 'initia-explorer-vscode',
};

interface RequestSpec {
  method: 'GET' | 'POST';
  url: RequestUrl;
  body?: unknown;
  signal?: AbortSignal;
  /** Overrides `HttpOptions.maxRetries` for this request (0: the caller does its own retrying, e.g. a poller). */
  maxRetries?: number;
  /** Overrides the client's deadline and size limit for this request (a debugger's trace is bigger and slower). */
  timeoutMs?: number;
  maxBytes?: number;
  /** The setting a refusal for size names (default initia.maxResponseBytes). */
  maxBytesSetting?: string;
}

/** A request whose successful body is handed over piece by piece, never held whole (`stream`). */
interface StreamSpec extends RequestSpec {
  consume(piece: Uint8Array): void;
}

const RETRY_STATUSES = new Set([429, 503]);

/** `base` (trailing slashes dropped) + `path` + the query, encoded once as a form (`a=1&b=x%2Fy`), as one URL. */
export function endpoint(base: string, path: string, query: QueryPairs = []): URL {
  const root = rootOf(base);
  return new URL(
    query.length ? `${root}${path}?${new URLSearchParams(query as Array<[string, string]>).toString()}` : root + path,
  );
}

type QueryPairs = ReadonlyArray<readonly [string, string]>;

/** A base URL without its trailing slashes: what a path starting with `/` is appended to. */
const rootOf = (base: string): string => (base.endsWith('/') ? base.replace(/\/+$/, '') : base);

/** A path whose characters a URL keeps as they are (RFC 3986 pchar and `%`), one or more `/`-led segments. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9\-._~!$&'()*+,;=:@%]*)+$/;
/** A `.` or `..` segment, also spelled with `%2e`, which a URL resolves away. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?=\/|$)/i;
/** Text that form encoding (URLSearchParams) leaves as it is. */
const FORM_PLAIN = /^[A-Za-z0-9*\-._]*$/;

/**
 * Addresses under one base, for a client that asks it many times (the indexer's): what `endpoint` gives, without a
 * URL parsed per request (a `new URL` and its query's URLSearchParams took some 25 µs per request in a running
 * program, a fifth of the client's own time; `npm run bench -- client`). The base is parsed once; a path of characters
 * a URL keeps as they are, with no dot segment, and a query that form encoding leaves as it is are joined as text.
 * Anything else, and a base with credentials, a query, a fragment or a path ending in `/`, goes through `endpoint`
 * (the unit tests hold the two to the same address).
 */
export function endpointsUnder(base: string): (path: string, query?: QueryPairs) => RequestUrl {
  const slow = (path: string, query: QueryPairs = []): RequestUrl => endpoint(base, path, query);
  let parsed: URL;
  try {
    parsed = new URL(rootOf(base));
  } catch {
    return slow;
  }
  const { origin, protocol, pathname: basePath } = parsed;
  const plainBase =
    (protocol === 'http:' || protocol === 'https:') &&
    !parsed.username &&
    !parsed.password &&
    !parsed.search &&
    !parsed.hash &&
    (basePath === '/' || !basePath.endsWith('/'));
  if (!plainBase) return slow;
  const prefix = basePath === '/' ? '' : basePath;
  return (path, query = []) => {
    if (!PLAIN_PATH.test(path) || DOT_SEGMENT.test(path)) return slow(path, query);
    let search = '';
    for (const [name, value] of query) {
      if (!FORM_PLAIN.test(name) || !FORM_PLAIN.test(value)) return slow(path, query);
      search += `${search ? '&' : '?'}${name}=${value}`;
    }
    const pathname = prefix + path;
    return { origin, protocol, pathname, search, href: origin + pathname + search };
  };
}

/** The longest wait for one step of an exchange (opening the connection, the next piece of the body): the request's
 *  deadline, at most 10 s. */
export function stepTimeoutMs(timeoutMs: number): number {
  return Math.min(timeoutMs, 10_000);
}

export class HttpClient {
  private disposed = false;
  /** The request headers, built once (a POST with a body adds its content type to a copy). */
  private readonly headers: Readonly<Record<string, string>>;
  private readonly transport: Transport;
  /** Whether this client made its transport (and so closes it). */
  private readonly ownsTransport: boolean;

  constructor(readonly options: HttpOptions) {
    this.headers = { accept: 'application/json', 'user-agent': options.userAgent };
    this.ownsTransport = !options.transport;
    this.transport = options.transport ?? new UndiciTransport({ connectTimeoutMs: stepTimeoutMs(options.timeoutMs) });
  }

  /** Sends the request (retrying per policy) and returns the parsed JSON body. */
  async json(spec: RequestSpec): Promise<unknown> {
    if (spec.url.protocol !== 'http:' && spec.url.protocol !== 'https:') {
      throw new NetworkError(
        this.options.service,
        spec.url.origin,
        undefined,
        `unsupported protocol ${spec.url.protocol}`,
      );
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(spec, attempt);
      } catch (err) {
        const wait = this.retryDelay(err, attempt, spec.maxRetries ?? this.options.maxRetries);
        if (wait === undefined) throw err;
        await sleep(wait, spec.signal);
      }
    }
  }

  /**
   * Sends the request (retrying per policy) and hands a successful body to `spec.consume` piece by piece as it
   * arrives, within the size limit; an error answer is read and thrown as `json` would. Resolves to the body's size.
   */
  async stream(spec: StreamSpec): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      try {
        return (await this.attempt(spec, attempt)) as number;
      } catch (err) {
        const wait = this.retryDelay(err, attempt, spec.maxRetries ?? this.options.maxRetries);
        if (wait === undefined) throw err;
        await sleep(wait, spec.signal);
      }
    }
  }

  get(url: RequestUrl, signal?: AbortSignal): Promise<unknown> {
    return this.json({ method: 'GET', url, signal });
  }

  post(url: RequestUrl, body: unknown, signal?: AbortSignal): Promise<unknown> {
    return this.json({ method: 'POST', url, body, signal });
  }

  dispose(): void {
    this.disposed = true;
    if (this.ownsTransport) this.transport.dispose();
  }

  /** Milliseconds to wait before the next attempt, or undefined to give up with `err`. */
  private retryDelay(err: unknown, attempt: number, maxRetries: number): number | undefined {
    if (!(err instanceof HttpError) || !RETRY_STATUSES.has(err.status)) return undefined;
    if (attempt > maxRetries) return undefined;
    if (err.retryAfterMs !== undefined) {
      return err.retryAfterMs <= this.options.maxRetryAfterMs ? err.retryAfterMs : undefined;
    }
    const base = this.options.retryBaseMs * 2 ** (attempt - 1);
    return Math.round(base / 2 + Math.random() * base);
  }

  private async attempt(spec: RequestSpec | StreamSpec, attempt: number): Promise<unknown> {
    const { service } = this.options;
    const timeoutMs = spec.timeoutMs ?? this.options.timeoutMs;
    const limit = { bytes: spec.maxBytes ?? this.options.maxBytes, setting: spec.maxBytesSetting };
    if (spec.signal?.aborted || this.disposed) throw new CancelledError();
    const started = performance.now();
    // One EventEmitter carries the deadline and the caller's cancellation to the transport (undici takes it as its
    // signal: a fraction of an AbortController's cost per request, measured by `npm run bench`).
    const abort = new EventEmitter();
    let timedOut = false;
    const endDeadline = requestDeadlines.add(timeoutMs, () => {
      timedOut = true;
      abort.emit('abort');
    });
    const onCancel = (): void => void abort.emit('abort');
    spec.signal?.addEventListener('abort', onCancel, { once: true });
    const path = spec.url.pathname + spec.url.search;
    let status: number | undefined;
    let bytes: number | undefined;
    try {
      let headers = this.headers;
      let body: string | undefined;
      if (spec.body !== undefined) {
        headers = { ...headers, 'content-type': 'application/json' };
        body = JSON.stringify(spec.body);
      }
      markOnce('http:send');
      const response = await this.transport.request({
        method: spec.method,
        url: spec.url,
        headers,
        body,
        abort,
        headersTimeoutMs: timeoutMs,
        bodyTimeoutMs: stepTimeoutMs(timeoutMs),
      });
      status = response.status;
      markOnce('http:headers');
      if ('consume' in spec && status >= 200 && status < 300)
        return (bytes = await pipeBody(response, limit, service, spec.consume));
      const text = await readBody(response, limit, service);
      bytes = text.length;
      markOnce('http:body');
      const json = interpret(service, spec.url, response, text);
      markOnce('http:parsed');
      return json;
    } catch (err) {
      throw this.translate(err, spec, timedOut);
    } finally {
      endDeadline();
      spec.signal?.removeEventListener('abort', onCancel);
      this.options.log?.({
        method: spec.method,
        url: path,
        status,
        ms: Math.round(performance.now() - started),
        attempt,
        bytes,
      });
    }
  }

  private translate(err: unknown, spec: RequestSpec, timedOut: boolean): ApiError {
    const { service } = this.options;
    const timeoutMs = spec.timeoutMs ?? this.options.timeoutMs;
    if (err instanceof ApiError) return err;
    if (spec.signal?.aborted) return new CancelledError();
    const { code, message } = failureOf(err);
    if (code === 'UND_ERR_HEADERS_TIMEOUT') return new TimeoutError(service, timeoutMs, 'headers');
    if (code === 'UND_ERR_BODY_TIMEOUT') return new TimeoutError(service, stepTimeoutMs(timeoutMs), 'body');
    if (timedOut) return new TimeoutError(service, timeoutMs, 'total');
    return new NetworkError(service, spec.url.origin, code, message, this.transport.proxyFor(spec.url.origin));
  }
}

/**
 * The code and words of a failure, wherever the transport put them: undici throws the error itself, fetch wraps it
 * in `cause` (an AggregateError when every address failed). A proxy that refuses a CONNECT tunnel gets a code of
 * ours, PROXY_<status>.
 */
function failureOf(err: unknown): { code: string | undefined; message: string } {
  type Coded = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const chain: Coded[] = [];
  for (
    let e = err as Coded | undefined, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = e.cause as Coded | undefined, depth++
  ) {
    chain.push(e);
    if (Array.isArray(e.errors) && e.errors[0]) chain.push(e.errors[0] as Coded);
  }
  const messages = chain.map((e) => (typeof e.message === 'string' ? e.message : '')).filter(Boolean);
  // undici words a refused tunnel "Proxy response (407) !== 200 …" and a refused forward "Proxy Authentication Required (407)".
  const proxy = messages
    .map((m) => /Proxy response \((\d{3})\)/.exec(m) ?? /^Proxy .*\((\d{3})\)$/.exec(m))
    .find(Boolean);
  if (proxy) return { code: `PROXY_${proxy[1]}`, message: messages.at(-1) ?? '' };
  const coded = [...chain].reverse().find((e) => typeof e.code === 'string' && e.code !== 'UND_ERR_ABORTED');
  return { code: coded?.code as string | undefined, message: messages.at(-1) ?? String(err) };
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, timerDelay(ms));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new CancelledError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
