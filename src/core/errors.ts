/**
 * Typed errors of the HTTP layer. Every message is written for a person reading a notification:
 * what was asked, of which service, and what went wrong, in words.
 */

export type ErrorKind =
  'http' | 'timeout' | 'network' | 'schema' | 'invalid-body' | 'too-large' | 'cancelled' | 'input';

export abstract class ApiError extends Error {
  abstract readonly kind: ErrorKind;
  /** True when trying the same request again later may succeed. */
  abstract readonly retryable: boolean;
}

/** The server answered with a status outside 2xx. `serverMessage` is the server's own text (already trimmed). */
export class HttpError extends ApiError {
  readonly kind = 'http';
  constructor(
    readonly service: string,
    readonly status: number,
    readonly serverMessage: string,
    readonly path: string,
    readonly retryAfterMs?: number,
    readonly details?: { code?: unknown; info?: string; reason?: string },
  ) {
    super(HttpError.describe(service, status, serverMessage, retryAfterMs));
    this.name = 'HttpError';
  }

  get retryable(): boolean {
    return this.status === 429 || this.status >= 500;
  }

  get notFound(): boolean {
    return this.status === 404;
  }

  private static describe(service: string, status: number, serverMessage: string, retryAfterMs?: number): string {
    const reason = statusReason(status);
    const head = `The ${service} answered ${status}${reason ? ` ${reason}` : ''}`;
    const wait =
      retryAfterMs !== undefined && retryAfterMs > 0 ? ` (it asks to wait ${Math.ceil(retryAfterMs / 1000)} s)` : '';
    const text = serverMessage && serverMessage !== reason ? `: ${serverMessage}` : '';
    const hint =
      status === 407
        ? ': a proxy asks for credentials; set http.proxyAuthorization, or put user:password@ in http.proxy'
        : '';
    return `${head}${text}${wait}${hint}.`.replace(/\.\.$/, '.');
  }
}

export class TimeoutError extends ApiError {
  readonly kind = 'timeout';
  readonly retryable = true;
  constructor(
    readonly service: string,
    readonly timeoutMs: number,
    readonly phase: 'headers' | 'body' | 'total',
  ) {
    super(
      phase === 'body'
        ? `The ${service} stopped sending its answer (no data for ${timeoutMs / 1000} s).`
        : `The ${service} did not answer within ${timeoutMs / 1000} s.`,
    );
    this.name = 'TimeoutError';
  }
}

export class NetworkError extends ApiError {
  readonly kind = 'network';
  readonly retryable = true;
  /** `via`: the proxy the request went through, when it did. */
  constructor(
    readonly service: string,
    readonly origin: string,
    readonly code: string | undefined,
    detail: string,
    readonly via?: string,
  ) {
    super(
      `Couldn't reach the ${service} at ${origin}${via ? ` through the proxy ${via}` : ''}: ${describeNetworkCode(code) ?? detail}.`,
    );
    this.name = 'NetworkError';
  }
}

/** The body parsed as JSON but does not have the shape we read. `field` is a dotted path such as `blocks[3].height`. */
export class SchemaError extends ApiError {
  readonly kind = 'schema';
  readonly retryable = false;
  constructor(
    readonly service: string,
    readonly field: string,
    readonly problem: string,
  ) {
    super(`The ${service} answered with an unexpected shape: field ${field || '(root)'} ${problem}.`);
    this.name = 'SchemaError';
  }
}

/** The body is not JSON at all (HTML error page, truncated body, …). */
export class InvalidBodyError extends ApiError {
  readonly kind = 'invalid-body';
  readonly retryable = true;
  constructor(
    readonly service: string,
    readonly contentType: string,
    readonly excerpt: string,
  ) {
    super(
      `The ${service} answered with something that is not JSON${contentType ? ` (${contentType})` : ''}${excerpt ? `: ${excerpt}` : ''}.`,
    );
    this.name = 'InvalidBodyError';
  }
}

export class ResponseTooLargeError extends ApiError {
  readonly kind = 'too-large';
  readonly retryable = false;
  constructor(
    readonly service: string,
    readonly limitBytes: number,
    /** The size the server declared (Content-Length), when it did. */
    readonly declaredBytes?: number,
    /** The setting that sets the limit. */
    readonly setting = 'initia.maxResponseBytes',
  ) {
    super(
      `The ${service} answered with ${declaredBytes !== undefined ? formatBytes(declaredBytes) : `more than ${formatBytes(limitBytes)}`}; the answer was refused (over ${formatBytes(limitBytes)}, setting ${setting}).`,
    );
    this.name = 'ResponseTooLargeError';
  }
}

export class CancelledError extends ApiError {
  readonly kind = 'cancelled';
  readonly retryable = false;
  constructor() {
    super('Cancelled.');
    this.name = 'CancelledError';
  }
}

/** Bad user input, detected before any request is sent. */
export class InputError extends ApiError {
  readonly kind = 'input';
  readonly retryable = false;
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

export function isCancelled(err: unknown): boolean {
  return err instanceof CancelledError;
}

/** An HTTP 404 from either service. */
export function isNotFound(err: unknown): boolean {
  return err instanceof HttpError && err.status === 404;
}

/** A readable one-line message for any thrown value. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function statusReason(status: number): string {
  return REASONS[status] ?? '';
}

function describeNetworkCode(code: string | undefined): string | undefined {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (is the service running?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name could not be resolved (offline?)';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the connection was closed before the answer was complete';
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connecting timed out';
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return "its certificate chain ends in a certificate authority this computer does not trust, as when a company proxy inspects TLS: add that authority to the operating system's certificates (VS Code uses them while http.systemCertificates is on) or to NODE_EXTRA_CA_CERTS";
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
      return "it presents a self-signed certificate, which is not trusted: use the service's https address with a proper certificate, or trust that certificate in the operating system's store";
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
      return "its certificate was issued by an authority this computer does not know: if a company proxy inspects TLS, add its certificate authority to the operating system's certificates (or NODE_EXTRA_CA_CERTS)";
    case 'CERT_HAS_EXPIRED':
      return "its certificate has expired (or this computer's clock is wrong)";
    case 'CERT_NOT_YET_VALID':
      return "its certificate is not valid yet (or this computer's clock is wrong)";
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
    case 'UND_ERR_PRX_TLS':
      return 'its certificate is for another host name: check the URL (a proxy or a captive portal may be answering in its place)';
    case 'PROXY_407':
      return 'the proxy asks for credentials (407 Proxy Authentication Required): set http.proxyAuthorization, or put user:password@ in http.proxy';
    default:
      if (code && /^PROXY_\d{3}$/.test(code))
        return `the proxy refused to open a connection to it (HTTP ${code.slice(6)}): check http.proxy and http.noProxy`;
      return undefined;
  }
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}
