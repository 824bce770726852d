import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  absoluteTime,
  clockTime,
  compactAmount,
  compactUnits,
  holderRow,
  markdownText,
  numericTokenOrder,
  estimatedDuration,
  formatUnits,
  groupDigits,
  labelText,
  relativeTime,
  shorten,
  summariseMsgTypes,
  timeWithAge,
  zoneName,
} from '../../src/core/format';

test('groupDigits is exact for amounts beyond 2^53 and leaves non-integers alone', () => {
  assert.equal(groupDigits('1000000000000000000000012345'), '1,000,000,000,000,000,000,000,012,345');
  assert.equal(groupDigits('999'), '999');
  assert.equal(groupDigits('-1234'), '-1,234');
  assert.equal(groupDigits(1234567n), '1,234,567');
  assert.equal(groupDigits('12.5'), '12.5');
  assert.equal(groupDigits(''), '');
});

test('relativeTime', () => {
  const now = Date.UTC(2025, 0, 2, 12, 0, 0);
  assert.equal(relativeTime(now - 2_000, now), 'just now');
  assert.equal(relativeTime(now + 60_000, now), 'just now');
  assert.equal(relativeTime(now - 42_000, now), '42 s ago');
  assert.equal(relativeTime(now - 5 * 60_000, now), '5 min ago');
  assert.equal(relativeTime(now - 3 * 3_600_000, now), '3 h ago');
  assert.equal(relativeTime(now - 3 * 86_400_000, now), '3 d ago');
  assert.equal(relativeTime(Number.NaN, now), '');
});

test('absoluteTime, shorten, message type summaries', () => {
  assert.equal(absoluteTime('2025-07-16T14:59:08.990169318Z'), '2025-07-16 14:59:08 UTC');
  assert.equal(absoluteTime('not a time'), 'not a time');
  assert.equal(shorten('47BF9B7CB61960FA212A8B5F26C30B959E4C77FE71303F2282C0CB35DEDEFCB8'), '47BF9B…FCB8');
  assert.equal(shorten('short'), 'short');
  assert.equal(summariseMsgTypes(['/cosmos.bank.v1beta1.MsgSend']), 'MsgSend');
  assert.equal(summariseMsgTypes(['/a.MsgExec', '/a.MsgExec', '/a.MsgExec']), 'MsgExec ×3');
  assert.equal(summariseMsgTypes(['/a.A', '/b.B', '/c.C', '/d.D']), 'A, B +2 more');
  assert.equal(summariseMsgTypes([]), '');
});

test('labelText strips control and bidi characters, collapses whitespace, cuts long text', () => {
  assert.equal(labelText('\u202Egnp.exe'), 'gnp.exe');
  assert.equal(labelText('a\n\tb\u0000c'), 'a bc');
  assert.equal(labelText('x'.repeat(200), 10), `${'x'.repeat(9)}…`);
  assert.equal(
    labelText('<img src=x onerror=alert(1)>'),
    '<img src=x onerror=alert(1)>',
    'markup stays text: tree labels are not HTML',
  );
});

test('formatUnits: exact whole units with grouping', () => {
  assert.equal(formatUnits('1500000', 6), '1.5');
  assert.equal(formatUnits('1000000', 6), '1');
  assert.equal(formatUnits('1', 6), '0.000001');
  assert.equal(formatUnits('123456789012345678901234567890', 18), '123,456,789,012.34567890123456789');
  assert.equal(formatUnits('998000', 6), '0.998');
  assert.equal(formatUnits('42', 0), '42');
  assert.equal(formatUnits('1.5', 6), undefined);
  assert.equal(formatUnits('100', -1), undefined);
});

test('estimatedDuration: the route estimate in words, the unit chosen by size', () => {
  assert.equal(estimatedDuration(undefined), 'unknown');
  assert.equal(estimatedDuration(null), 'unknown');
  assert.equal(estimatedDuration(Number.NaN), 'unknown');
  assert.equal(estimatedDuration(-5), 'unknown');
  assert.equal(estimatedDuration(0), 'about 0 s');
  assert.equal(estimatedDuration(30), 'about 30 s');
  assert.equal(estimatedDuration(15.4), 'about 15 s');
  assert.equal(estimatedDuration(89), 'about 89 s');
  assert.equal(estimatedDuration(90), 'about 2 min');
  assert.equal(estimatedDuration(300), 'about 5 min');
  assert.equal(estimatedDuration(5399), 'about 90 min');
  assert.equal(estimatedDuration(5400), 'about 2 h');
  assert.equal(estimatedDuration(7 * 3600), 'about 7 h');
  assert.equal(estimatedDuration(172_799), 'about 48 h');
  assert.equal(estimatedDuration(172_800), 'about 2 days');
  assert.equal(estimatedDuration(7 * 86_400), 'about 7 days');
});

test('clockTime: today the time, this year the day, before that the date (local zone); timeWithAge', () => {
  const now = new Date(2026, 10, 24, 16, 2, 25).getTime();
  assert.equal(clockTime(new Date(2026, 10, 24, 9, 5, 7).getTime(), now), '09:05:07');
  assert.equal(clockTime(new Date(2026, 6, 16, 14, 59, 8).getTime(), now), 'Jul 16, 14:59');
  assert.equal(clockTime(new Date(2024, 6, 16, 14, 59, 8).getTime(), now), '2024-07-16');
  assert.equal(clockTime(Number.NaN, now), '');
  assert.equal(
    timeWithAge('2026-01-01T00:00:00Z', Date.parse('2026-01-01T00:05:00Z')),
    '2026-01-01 00:00:00 UTC (5 min ago)',
  );
  assert.equal(timeWithAge('not a time'), 'not a time');
});

test('compactAmount: grouped up to 15 digits, then four significant digits and a power of ten, never rounded up', () => {
  assert.equal(compactAmount('123456789012345'), '123,456,789,012,345');
  assert.equal(compactAmount('5000000000000000000000000'), '5.000 × 10²⁴');
  assert.equal(compactAmount('1999999999999999999999999999'), '1.999 × 10²⁷');
  assert.equal(compactAmount('0'), '0');
  assert.equal(compactAmount('abc'), 'abc');
});

test('numericTokenOrder: whole-number ids in number order, in the direction the page came in; others untouched', () => {
  const ids = (xs: string[]) => numericTokenOrder(xs, (x) => x);
  assert.deepEqual(ids(['9', '8', '7', '6', '5', '48', '47', '40', '4', '39']), [
    '48',
    '47',
    '40',
    '39',
    '9',
    '8',
    '7',
    '6',
    '5',
    '4',
  ]);
  assert.deepEqual(ids(['1', '10', '11', '2', '3']), ['1', '2', '3', '10', '11']);
  assert.deepEqual(ids(['b', 'a', '3']), ['b', 'a', '3']);
  assert.deepEqual(ids(['7']), ['7']);
});

test('compactUnits: whole units for a row, at most 4 decimals cut (never rounded), huge whole parts as a power of ten', () => {
  assert.equal(compactUnits('1,234.567891'), '1,234.5678');
  assert.equal(compactUnits('12.5'), '12.5');
  assert.equal(compactUnits('0.00001'), '0');
  assert.equal(compactUnits('7'), '7');
  assert.equal(compactUnits('1,234,567,890,123,456,789.5'), compactAmount('1234567890123456789'));
});

test('holderRow: the rank and the amount first, within what a 300 px sidebar shows; the account shortened after it (issue 34, cosmetic)', () => {
  const account = 'init1veaum7vy45fzw5x4mflskgx5lnmwmxx5wm3x8p';
  // About 30 characters of a label fit a 300 px sidebar beside the icon: the amount must be in them.
  const row = holderRow(12, account, '123456789012345678', { symbol: 'INIT', decimals: 6 });
  assert.equal(row.label, '12. 123,456,789,012.3456 INIT');
  assert.ok(row.label.length <= 30, row.label);
  assert.equal(row.description, 'init1vea…3x8p');
  assert.equal(row.whole, '123,456,789,012.345678', 'exact, for the tooltip');
  assert.equal(holderRow(1, account, '1234567890123456789012345678').label, '1. 1.234 × 10²⁷');
  assert.equal(holderRow(3, '0x' + 'ab'.repeat(20), '-5000000', { symbol: 'GAS', decimals: 6 }).label, '3. -5 GAS');
});

test('absoluteTime names its zone, in the local zone or the one given; zoneName', () => {
  assert.equal(absoluteTime('2026-12-02T14:31:30Z', 0), '2026-12-02 14:31:30 UTC');
  assert.equal(absoluteTime(Date.parse('2026-12-02T14:31:30Z'), 120), '2026-12-02 16:31:30 UTC+2');
  assert.equal(absoluteTime('2026-12-02T00:10:00Z', -330), '2026-12-01 18:40:00 UTC−5:30');
  assert.equal(zoneName(0), 'UTC');
  assert.equal(zoneName(345), 'UTC+5:45');
  // The local zone by default, named.
  const local = -new Date(Date.parse('2026-12-02T14:31:30Z')).getTimezoneOffset();
  assert.equal(absoluteTime(Date.parse('2026-12-02T14:31:30Z')), absoluteTime('2026-12-02T14:31:30Z', local));
  assert.match(absoluteTime(Date.now()), / UTC([+−]\d+(:\d\d)?)?$/);
});

test('no date is shown in a locale format without its zone ("12/2/2026, 2:31:30 PM"): every view formats with absoluteTime', () => {
  const root = join(__dirname, '..', '..', '..', 'src');
  const offenders: string[] = [];
  for (const f of readdirSync(root, { recursive: true }) as string[]) {
    if (!f.endsWith('.ts')) continue;
    const text = readFileSync(join(root, f), 'utf8');
    for (const m of text.matchAll(/\.toLocale(Date|Time)?String\(([^)]*)\)/g)) {
      // Numbers grouped as en-US (heights, totals) are not dates.
      if (m[1] === undefined && m[2] === "'en-US'") continue;
      offenders.push(`${f}: ${m[0]}`);
    }
  }
  assert.deepEqual(offenders, []);
});

test('markdownText: chain text shows as it is, and long text wraps between words', () => {
  const reason = 'out of gas: insufficient funds to pay for fees; 100uinit < 200uinit';
  const md = markdownText(reason);
  assert.match(md, /insufficient funds to pay for fees/, 'plain spaces between words');
  assert.doesNotMatch(md, /&nbsp;/);
  for (const hostile of [
    '[x](command:initia.showLog)',
    '![i](https://e/x.png)',
    '<img src=x>',
    '**b** _i_ `c`',
    '# h',
    '1. item',
    '- item',
    '$(zap)',
    'https://evil.example',
    'www.evil.example',
    '&lt;',
    '| a | b |',
    '> quote',
  ]) {
    const out = markdownText(hostile);
    assert.doesNotMatch(out, /\]\(|<[a-z]|\*\*|(^|[^\\])`|\$\(|https?:\/\/|www\./, `${hostile} → ${out}`);
  }
  assert.equal(markdownText('a  b'), 'a &nbsp;b', 'runs of spaces keep their width');
  assert.equal(markdownText('line 1\nline 2'), 'line 1  \nline 2', 'a line break stays one');
  assert.equal(markdownText('    indented'), ' &nbsp;&nbsp;&nbsp;indented', 'never an indented code block');
});
