/** Recognition of tx hashes under the cursor: what triggers a hover request, and what never does. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { txHashAt } from '../../src/core/linkScan';

const H = '47BF9B7CB61960FA212A8B5F26C30B959E4C77FE71303F2282C0CB35DEDEFCB8';
const h = H.toLowerCase();

test('positive cases: the hash and its range', () => {
  const cases: Array<[string, string, boolean]> = [
    [H, H, false],
    [`0x${h}`, h, true],
    [`"txhash": "${H}",`, H, false],
    [`// see tx ${h} for details`, h, false],
    [`log: hash=${H}; code=0`, H, false],
    [`<a>${H}</a>`, H, false],
    [`[${h}]`, h, false],
    [`'0x${H}'`, H, true],
    [`url/${H}?x`, H, false],
  ];
  for (const [line, hex, prefixed] of cases) {
    const i = line.indexOf(hex);
    for (const ch of [i, i + 10, i + 64]) {
      const found = txHashAt(line, ch);
      assert.ok(found, `${line} @${ch}`);
      assert.equal(found.hex, hex);
      assert.equal(found.prefixed, prefixed);
      assert.equal(line.slice(found.start, found.end), prefixed ? `0x${hex}` : hex);
    }
  }
});

test('negative cases: nothing triggers a request', () => {
  const cases: Array<[string, number]> = [
    [H + H, 10], // a 128-hex blob
    [H.slice(1), 10], // 63 digits
    [`${H}A`, 10], // 65 digits
    [`xyz${H}`, 10], // inside a longer word
    [`${H}_suffix`, 10],
    [`${H}g`, 10],
    [`0x${h}0`, 10],
    ['no hash here at all', 3],
    [`${H} is here`, 70], // cursor beyond the hash
    ['', 0],
  ];
  for (const [line, ch] of cases) assert.equal(txHashAt(line, ch), undefined, line);
});

test('very long lines: only the text near the cursor is searched, and cut runs are not hashes', () => {
  const long = `${'x '.repeat(50_000)}${H} ${'y '.repeat(50_000)}`;
  const i = long.indexOf(H);
  assert.equal(txHashAt(long, i + 5)?.hex, H);
  const blob = 'a'.repeat(100_000);
  assert.equal(txHashAt(blob, 50_000), undefined);
});
