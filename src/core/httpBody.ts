/**
 * Reading an HTTP answer's body for the HTTP layer (http.ts): within a size limit (the declared length refused at
 * once, an undeclared one counted as it arrives), whole or piece by piece, and an error answer turned into the
 * server's own words.
 */
import { HttpError, InvalidBodyError, ResponseTooLargeError } from './errors';
import { MAX_RETRY_AFTER_MS } from './timers';
import type { RequestUrl, TransportResponse } from './transport';

export interface Limit {
  bytes: number;
  setting?: string;
}

/** The declared length of a body, refused at once when over the limit. */
function declaredLength(response: TransportResponse, limit: Limit, service: string): number {
  const length = response.header('content-length');
  const declared = length === '' ? Number.NaN : Number(length);
  if (Number.isFinite(declared) && declared > limit.bytes) {
    response.cancel();
    throw new ResponseTooLargeError(service, limit.bytes, declared, limit.setting);
  }
  return declared;
}

/** Hands the body to `consume` as it arrives, counting it against the limit; its size. */
export async function pipeBody(
  response: TransportResponse,
  limit: Limit,
  service: string,
  consume: (piece: Uint8Array) => void,
): Promise<number> {
  declaredLength(response, limit, service);
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.length;
    if (total > limit.bytes) {
      response.cancel();
      throw new ResponseTooLargeError(service, limit.bytes, undefined, limit.setting);
    }
    consume(chunk);
  }
  return total;
}

export async function readBody(response: TransportResponse, limit: Limit, service: string): Promise<string> {
  const maxBytes = limit.bytes;
  const declared = declaredLength(response, limit, service);
  // A declared length within the limit is enforced by the HTTP framing itself: read it in one go (faster).
  if (Number.isFinite(declared)) return response.text();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.length;
    if (total > maxBytes) {
      response.cancel();
      throw new ResponseTooLargeError(service, maxBytes, undefined, limit.setting);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

export function interpret(service: string, url: RequestUrl, response: TransportResponse, text: string): unknown {
  const status = response.status;
  const contentType = response.header('content-type');
  if (status >= 300 && status < 400) {
    const location = response.header('location');
    throw new HttpError(service, status, `redirected to ${location || 'another address'} (not followed)`, url.pathname);
  }
  if (status < 200 || status >= 300) {
    const { message, code, info, reason } = errorBodyMessage(text, contentType);
    const retryAfterMs = parseRetryAfter(response.header('retry-after'));
    throw new HttpError(service, status, message, url.pathname, retryAfterMs, { code, info, reason });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InvalidBodyError(service, contentType.split(';')[0] ?? '', excerpt(text));
  }
}

/**
 * Indexer errors are plain text; router errors are JSON with `message` (+ `code`, `details`, Initia's `info`).
 * `reason` is the first `details[].reason` (Skip's google.rpc.ErrorInfo, e.g. BAD_PRICE_ERROR).
 */
export function errorBodyMessage(
  text: string,
  contentType = '',
): { message: string; code?: unknown; info?: string; reason?: string } {
  const trimmed = text.trim();
  if (contentType.includes('json') || trimmed.startsWith('{')) {
    try {
      const body = JSON.parse(trimmed) as {
        message?: unknown;
        error?: unknown;
        code?: unknown;
        info?: unknown;
        details?: unknown;
      };
      const raw =
        typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : undefined;
      if (raw !== undefined) {
        const info = typeof body.info === 'string' && body.info.trim() ? excerpt(body.info) : undefined;
        const detail = Array.isArray(body.details)
          ? (body.details as unknown[]).find((d) => typeof (d as { reason?: unknown } | null)?.reason === 'string')
          : undefined;
        const reason = detail ? excerpt((detail as { reason: string }).reason, 80) : undefined;
        const out: { message: string; code?: unknown; info?: string; reason?: string } = {
          message: excerpt(info ? `${raw} (${info})` : raw),
          code: body.code,
          info,
        };
        if (reason !== undefined) out.reason = reason;
        return out;
      }
    } catch {
      // not JSON after all: fall through to the text
    }
  }
  if (/^\s*<(!doctype|html)/i.test(trimmed)) return { message: 'an HTML error page' };
  return { message: excerpt(trimmed) };
}

/**
 * `Retry-After` in milliseconds, from seconds or an HTTP date: a date in the past is 0, and anything longer than
 * MAX_RETRY_AFTER_MS (10 min) is that long; undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else {
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return undefined;
    ms = date - now;
  }
  return Math.round(Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)));
}

/** A single line of at most `max` characters, control characters removed. */
export function excerpt(text: string, max = 300): string {
  const line = text
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
