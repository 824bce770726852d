/** Small display helpers shared by tree views, hovers and document titles. Pure; no VS Code. */

/** `47BF9B…FCB8`: the head and tail of a long identifier (unchanged when short). */
export function shorten(s: string, head = 6, tail = 4): string {
  return s.length > head + tail + 1 ? `${s.slice(0, head)}…${s.slice(-tail)}` : s;
}

/** A decimal integer string with thousands separators, exactly (BigInt, never a float). Non-integers pass through. */
export function groupDigits(amount: string | number | bigint): string {
  const text = String(amount);
  const m = /^(-?)(\d+)$/.exec(text);
  if (!m) return text;
  return `${m[1]}${m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** "just now", "42 s ago", "5 min ago", "3 h ago", "2 d ago"; future times (clock skew) read as "just now". */
export function relativeTime(thenMs: number, nowMs: number = Date.now()): string {
  const s = Math.floor((nowMs - thenMs) / 1000);
  if (!Number.isFinite(s)) return '';
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min ago`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.floor(h / 24)} d ago`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A time in the local zone that never goes stale, as a list row shows it: "14:59:08" today, "Jul 16, 14:59" earlier
 * this year, "2024-07-16" before; '' when it does not parse.
 */
export function clockTime(thenMs: number, nowMs: number = Date.now()): string {
  if (!Number.isFinite(thenMs)) return '';
  const t = new Date(thenMs);
  const now = new Date(nowMs);
  if (t.getFullYear() === now.getFullYear() && t.getMonth() === now.getMonth() && t.getDate() === now.getDate()) {
    return `${pad(t.getHours())}:${pad(t.getMinutes())}:${pad(t.getSeconds())}`;
  }
  if (t.getFullYear() === now.getFullYear())
    return `${MONTHS[t.getMonth()]} ${t.getDate()}, ${pad(t.getHours())}:${pad(t.getMinutes())}`;
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
}

/** "2025-07-16 14:59:08 UTC (5 min ago)": for a tooltip made when it is shown. */
export function timeWithAge(rfc3339: string, nowMs: number = Date.now()): string {
  const age = relativeTime(Date.parse(rfc3339), nowMs);
  return age ? `${absoluteTime(rfc3339)} (${age})` : absoluteTime(rfc3339);
}

/** "UTC", "UTC+2", "UTC−5:30": a zone by its offset east of UTC in minutes. */
export function zoneName(offsetEastMinutes: number): string {
  if (!offsetEastMinutes) return 'UTC';
  const abs = Math.abs(offsetEastMinutes);
  return `UTC${offsetEastMinutes > 0 ? '+' : '−'}${Math.floor(abs / 60)}${abs % 60 ? `:${pad(abs % 60)}` : ''}`;
}

/**
 * A date and time that says its zone, the one way every view shows one: "2025-07-16 16:59:08 UTC+2", in the local zone
 * (as list rows show times) unless `offsetEastMinutes` names another, from an RFC 3339 timestamp or epoch ms; text
 * that does not parse is returned unchanged. Never a locale's "12/2/2026, 2:31:30 PM", which names no zone.
 */
export function absoluteTime(when: string | number, offsetEastMinutes?: number): string {
  const ms = typeof when === 'number' ? when : Date.parse(when);
  if (!Number.isFinite(ms)) return String(when);
  const offset = offsetEastMinutes ?? -new Date(ms).getTimezoneOffset();
  return `${new Date(ms + offset * 60_000).toISOString().slice(0, 19).replace('T', ' ')} ${zoneName(offset)}`;
}

/**
 * Untrusted text as markdown that shows it as it is: every mark that markdown reads backslash-escaped (no emphasis,
 * link, image, heading, list, table, code, autolink or theme icon can form), `&` and `<` as entities (no HTML), and words
 * still separated by plain spaces, so that a long reason wraps between words. (VS Code's `appendText` turns every
 * space into `&nbsp;`: a long text is then one word, and the hover breaks it anywhere, "insuff" / "icient".) Runs of
 * spaces keep their width with `&nbsp;` after the first; a line break stays a line break.
 */
export function markdownText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\\`*_{}[\]()#+\-.!|~>:=$@&<]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : `\\${c}`))
    .replace(/[ \t\f\v]+/g, (run) => ` ${'&nbsp;'.repeat(run.length - 1)}`)
    .replace(/\n/g, '  \n');
}

/** The last part of a message type: `/cosmos.bank.v1beta1.MsgSend` → `MsgSend`. */
export function shortMsgType(type: string): string {
  return type.replace(/^\//, '').split('.').pop() ?? type;
}

/**
 * Message types of a tx summarised: `MsgSend`, `MsgSend, MsgCall`, `MsgExec ×3`, `MsgSend +2 more`.
 */
export function summariseMsgTypes(types: readonly string[], max = 2): string {
  if (types.length === 0) return '';
  const names = types.map(shortMsgType);
  if (names.every((n) => n === names[0])) return names.length > 1 ? `${names[0]} ×${names.length}` : names[0]!;
  const distinct = [...new Set(names)];
  return distinct.length > max
    ? `${distinct.slice(0, max).join(', ')} +${distinct.length - max} more`
    : distinct.join(', ');
}

/**
 * Chain text shown in a single-line UI label: control and bidi-override characters removed (they can reorder or hide
 * what follows), whitespace runs collapsed, long text cut with an ellipsis.
 */
export function labelText(text: string, max = 80): string {
  const clean = text
    .replace(/\s+/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/**
 * A base-unit amount in whole units, exactly (string arithmetic, never a float): `formatUnits('1500000', 6)` is
 * `1.5`, with digit grouping on the whole part. Undefined when the amount is not a whole number or decimals are odd.
 */
export function formatUnits(amount: string | number | bigint, decimals: number): string | undefined {
  const signed = String(amount);
  // A negative amount (a rich list's inconsistency) keeps its sign in front of the whole units.
  if (/^-\d+$/.test(signed)) {
    const abs = formatUnits(signed.slice(1), decimals);
    return abs === undefined ? undefined : `-${abs}`;
  }
  const s = signed;
  if (!/^\d+$/.test(s) || !Number.isInteger(decimals) || decimals < 0 || decimals > 36) return undefined;
  const padded = s.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals) || '0';
  const frac = decimals ? padded.slice(padded.length - decimals).replace(/0+$/, '') : '';
  return `${groupDigits(whole.replace(/^0+(?=\d)/, ''))}${frac ? `.${frac}` : ''}`;
}

/**
 * An amount in words: `1.5 INIT (1,500,000 uinit)` when the asset's decimals are known, else `1,500,000 uinit`.
 * `asset` names the symbol and decimals (the denom stands in for a missing symbol).
 */
export function amountWords(amount: string, denom: string, asset?: { symbol?: string; decimals?: number }): string {
  const whole = typeof asset?.decimals === 'number' ? formatUnits(amount, asset.decimals) : undefined;
  const base = `${groupDigits(amount)} ${denom}`;
  return whole === undefined ? base : `${whole} ${asset?.symbol || denom} (${base})`;
}

/**
 * A route's estimated duration in words: `about 30 s`, `about 5 min`, `about 2 h`, `about 3 days`; `unknown` when the
 * router gives none (or something that is not a non-negative number).
 */
export function estimatedDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return 'unknown';
  if (seconds < 90) return `about ${Math.round(seconds)} s`;
  if (seconds < 5400) return `about ${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `about ${Math.round(seconds / 3600)} h`;
  return `about ${Math.round(seconds / 86_400)} days`;
}

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/**
 * A whole amount short enough for a list row: digit-grouped up to 15 digits, beyond that "5.000 × 10²⁴" (four
 * significant digits, cut, never rounded up); the exact value belongs in the tooltip.
 */
export function compactAmount(amount: string): string {
  if (/^-\d+$/.test(amount)) return `-${compactAmount(amount.slice(1))}`;
  const digits = amount.replace(/^0+(?=\d)/, '');
  if (!/^\d+$/.test(digits) || digits.length <= 15) return groupDigits(amount);
  const exponent = String(digits.length - 1).replace(/\d/g, (d) => SUPERSCRIPT[Number(d)]!);
  return `${digits[0]}.${digits.slice(1, 4)} × 10${exponent}`;
}

/**
 * A whole-unit amount (as formatUnits writes it, `1,234.567891`) short enough for a row: at most 4 decimals (cut, not
 * rounded, so it never shows more than there is), and the power-of-ten form of `compactAmount` for a huge whole part.
 */
export function compactUnits(whole: string): string {
  if (whole.startsWith('-')) return `-${compactUnits(whole.slice(1))}`;
  const [int = '', frac = ''] = whole.replace(/,/g, '').split('.');
  if (!/^\d+$/.test(int)) return whole;
  if (int.replace(/^0+(?=\d)/, '').length > 15) return compactAmount(int);
  const shown = frac.slice(0, 4).replace(/0+$/, '');
  return `${groupDigits(int)}${shown ? `.${shown}` : ''}`;
}

/**
 * A rich-list row as the sidebar's default width shows it (about 30 characters of a 300 px sidebar): what matters
 * first, the rank and the amount (compact; whole units when decimals are known) in the label, the account shortened
 * in the description, which VS Code cuts first. The exact values belong in the tooltip (`whole`, the base amount).
 */
export function holderRow(
  rank: number,
  account: string,
  amount: string,
  asset?: { symbol?: string; decimals?: number },
): { label: string; description: string; whole?: string; symbol: string } {
  const whole = asset?.decimals !== undefined ? formatUnits(amount, asset.decimals) : undefined;
  const symbol = asset?.symbol ? ` ${labelText(asset.symbol, 20)}` : '';
  const shown = whole !== undefined ? `${compactUnits(whole)}${symbol}` : compactAmount(amount);
  return { label: `${rank}. ${shown}`, description: shorten(account, 8, 4), whole, symbol };
}

/**
 * Token ids in number order when they are all whole numbers, in the direction the page came in (the indexer orders
 * them as text: 9, 8, 7, 48, 47…); other ids as they came.
 */
export function numericTokenOrder<T>(items: readonly T[], id: (item: T) => string): T[] {
  const ids = items.map(id);
  if (ids.length < 2 || !ids.every((v) => /^\d{1,30}$/.test(v))) return [...items];
  const descending = ids[0]!.localeCompare(ids[ids.length - 1]!) > 0;
  return [...items].sort((a, b) => {
    const [x, y] = [BigInt(id(a)), BigInt(id(b))];
    const order = x < y ? -1 : x > y ? 1 : 0;
    return descending ? -order : order;
  });
}
