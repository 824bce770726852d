/**
 * JSON text read as the chain reads it, or refused: a strict RFC 8259 parser for the memos and message strings the
 * bridge check reads, where the chain's reader is Go's `encoding/json` (ibc-hooks, packet-forward, the SDK). Go
 * skips only JSON's own whitespace (space, tab, LF, CR), so nothing else is trimmed here: a text that starts with
 * U+FEFF or U+00A0 is not JSON, for Go as for this parser (`notJson`). Where Go would read a text one way and
 * JavaScript could read it another, the text is refused as `differs`, with the reason: duplicate object keys (Go keeps
 * the last and matches struct fields case-insensitively), lone UTF-16 surrogates (Go turns them into U+FFFD),
 * numbers with a fraction or an exponent, and -0 (Go refuses them in an integer field, JavaScript does not), nesting
 * deeper than 256. A whole number beyond 2^53 is read exactly, as a BigInt (Go reads a uint64 field exactly where
 * JavaScript's number would round it); `jsonText` writes such values back with the same digits. Pure, no dependencies.
 */

type GoJson =
  | { ok: true; value: unknown }
  | { ok: false; notJson: true; reason: string }
  | { ok: false; notJson: false; reason: string };

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

class NotJson extends Error {}
class Differs extends Error {}

const MAX_DEPTH = 256;
const WS = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;

/** Parses `text` by RFC 8259 with Go's whitespace; see the module's note for what is refused. */
export function goJson(text: string): GoJson {
  const p = new Parser(text);
  try {
    p.ws();
    const value = p.value(0);
    p.ws();
    if (p.at < text.length) throw new NotJson(`unexpected text after the JSON value at ${p.at}`);
    // Only a text that is JSON by the grammar can be one that readers read differently.
    if (p.differs !== undefined) return { ok: false, notJson: false, reason: p.differs };
    return { ok: true, value };
  } catch (err) {
    if (err instanceof Differs) return { ok: false, notJson: false, reason: err.message };
    if (err instanceof NotJson) return { ok: false, notJson: true, reason: err.message };
    throw err;
  }
}

class Parser {
  at = 0;
  /** The first thing two readers could read differently, kept until the whole text is known to be JSON. */
  differs: string | undefined;
  constructor(private readonly s: string) {}

  ws(): void {
    while (this.at < this.s.length && WS.has(this.s[this.at]!)) this.at++;
  }

  private fail(what: string): never {
    throw new NotJson(`${what} at ${this.at}`);
  }

  private literal(word: string, value: unknown): unknown {
    if (this.s.startsWith(word, this.at)) {
      this.at += word.length;
      return value;
    }
    return this.fail('not a JSON value');
  }

  value(depth: number): unknown {
    if (depth > MAX_DEPTH) throw new Differs(`JSON nested more than ${MAX_DEPTH} levels deep`);
    const c = this.s[this.at];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return this.string();
    if (c === 't') return this.literal('true', true);
    if (c === 'f') return this.literal('false', false);
    if (c === 'n') return this.literal('null', null);
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    return this.fail(c === undefined ? 'the text ends where a JSON value should be' : 'not a JSON value');
  }

  private object(depth: number): Record<string, unknown> {
    this.at++;
    const out: Record<string, unknown> = {};
    this.ws();
    if (this.s[this.at] === '}') {
      this.at++;
      return out;
    }
    for (;;) {
      this.ws();
      if (this.s[this.at] !== '"') this.fail('an object key must be a string');
      const key = this.string();
      if (Object.hasOwn(out, key))
        this.differs ??= `the key ${JSON.stringify(key.slice(0, 40))} appears twice in one object`;
      this.ws();
      if (this.s[this.at] !== ':') this.fail('":" expected after an object key');
      this.at++;
      this.ws();
      const value = this.value(depth + 1);
      // An own property even for "__proto__" (as JSON.parse makes it), never the prototype.
      if (key === '__proto__')
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      else out[key] = value;
      this.ws();
      const c = this.s[this.at++];
      if (c === '}') return out;
      if (c !== ',') this.fail('"," or "}" expected in an object');
    }
  }

  private array(depth: number): unknown[] {
    this.at++;
    const out: unknown[] = [];
    this.ws();
    if (this.s[this.at] === ']') {
      this.at++;
      return out;
    }
    for (;;) {
      this.ws();
      out.push(this.value(depth + 1));
      this.ws();
      const c = this.s[this.at++];
      if (c === ']') return out;
      if (c !== ',') this.fail('"," or "]" expected in an array');
    }
  }

  private string(): string {
    this.at++;
    let out = '';
    for (;;) {
      // A run of ordinary characters at once (no quote, backslash, control character or surrogate).
      const start = this.at;
      let code = this.s.charCodeAt(this.at);
      while (code >= 0x20 && code !== 0x22 && code !== 0x5c && (code < 0xd800 || code > 0xdfff))
        code = this.s.charCodeAt(++this.at);
      if (this.at > start) out += this.s.slice(start, this.at);
      const c = this.s[this.at];
      if (c === undefined) this.fail('unterminated string');
      if (c === '"') {
        this.at++;
        return out;
      }
      if (code < 0x20) this.fail('a control character inside a string');
      if (c === '\\') {
        out += this.escape();
        continue;
      }
      const next = this.s.charCodeAt(this.at + 1);
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) {
        this.differs ??= 'a lone UTF-16 surrogate inside a string';
        out += c;
        this.at++;
        continue;
      }
      out += c + this.s[this.at + 1]!;
      this.at += 2;
    }
  }

  private escape(): string {
    const c = this.s[this.at + 1];
    this.at += 2;
    const simple = c === undefined ? undefined : SIMPLE_ESCAPES[c];
    if (simple !== undefined) return simple;
    if (c !== 'u') return this.fail('an invalid escape inside a string');
    const unit = this.hex4();
    if (unit < 0xd800 || unit > 0xdfff) return String.fromCharCode(unit);
    if (unit > 0xdbff || this.s[this.at] !== '\\' || this.s[this.at + 1] !== 'u') {
      this.differs ??= 'a lone UTF-16 surrogate escape inside a string';
      return String.fromCharCode(unit);
    }
    this.at += 2;
    const low = this.hex4();
    if (low < 0xdc00 || low > 0xdfff) this.differs ??= 'a lone UTF-16 surrogate escape inside a string';
    return String.fromCharCode(unit, low);
  }

  private hex4(): number {
    const h = this.s.slice(this.at, this.at + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(h)) this.fail('\\u must be followed by 4 hex digits');
    this.at += 4;
    return parseInt(h, 16);
  }

  /** A whole number: a JS number when it is a safe integer, else a BigInt of exactly its digits (Go reads a uint64 exactly). */
  private number(): number | bigint {
    NUMBER.lastIndex = this.at;
    const m = NUMBER.exec(this.s);
    if (!m) return this.fail('not a JSON number');
    this.at += m[0].length;
    if (m[1] !== undefined || m[2] !== undefined || m[0] === '-0') {
      this.differs ??= `the number ${m[0].slice(0, 40)} is not written as a whole number (the chain may read another value)`;
      return Number(m[0]);
    }
    const n = Number(m[0]);
    return Number.isSafeInteger(n) ? n : BigInt(m[0]);
  }
}

/** JSON text of a value read by `goJson` (BigInts written as their digits), for handing a checked value on. */
export function jsonText(v: unknown): string {
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) return `[${v.map(jsonText).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${jsonText(x)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}
