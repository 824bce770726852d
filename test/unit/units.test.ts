/**
 * Whole units ↔ base units and slippage: every error sentence by example, and the conversions as properties against
 * reference implementations written here independently (BigInt division and remainders, never string padding).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  checkSlippage,
  compareBase,
  compareDecimal,
  DEFAULT_SLIPPAGE,
  fromBaseUnits,
  minimumReceived,
  parseWholeAmount,
  SLIPPAGE_PRESETS,
  toBaseUnits,
} from '../../src/core/units';

// ---------------------------------------------------------------------------------------------------------------
// References

const ten = (n: number) => 10n ** BigInt(n);

/** Whole → base by rational arithmetic: the digits as one integer over 10^(fraction length), times 10^decimals, exact or undefined. */
function refToBase(whole: string, decimals: number): string | undefined {
  const m = /^(\d*)(?:\.(\d*))?$/.exec(whole);
  if (!m || !/\d/.test(whole)) return undefined;
  const [int, frac] = [m[1] ?? '', m[2] ?? ''];
  const numerator = BigInt(`0${int}${frac}`) * ten(decimals);
  const denominator = ten(frac.length);
  return numerator % denominator === 0n ? (numerator / denominator).toString() : undefined;
}

/** Base → whole by division and remainder. */
function refFromBase(base: string, decimals: number): string {
  const b = BigInt(base);
  const q = b / ten(decimals);
  const r = b % ten(decimals);
  if (r === 0n) return q.toString();
  return `${q}.${r.toString().padStart(decimals, '0').replace(/0+$/, '')}`;
}

/** A plain decimal normalised through its value: the reference conversion at a large scale and back. */
const refNormalise = (whole: string): string => refFromBase(refToBase(whole, 80)!, 80);

/** floor(A × (100 − s) / 100) written as A − ceil(A × s / 100), with s = S / 10^k. */
function refMinimum(amount: string, slippage: string): string {
  const [int, frac = ''] = slippage.split('.');
  const S = BigInt(`0${int}${frac}`);
  const H = 100n * ten(frac.length);
  const A = BigInt(amount);
  const cut = (A * S + H - 1n) / H;
  return (A - cut).toString();
}

const digit = fc.constantFrom(...'0123456789');
const digits = (maxLength: number, minLength = 0) => fc.string({ unit: digit, minLength, maxLength });
/** Plain decimal-ish strings: `12`, `1.50`, `.5`, `7.`, `.`, ``, `007.0`. */
const plainDecimal = fc
  .tuple(digits(40), fc.boolean(), digits(35))
  .map(([i, point, f]) => (point ? `${i}.${f}` : i + f));
const decimalsArb = fc.integer({ min: 0, max: 30 });

// ---------------------------------------------------------------------------------------------------------------
// Examples

test('toBaseUnits / fromBaseUnits: examples', () => {
  assert.equal(toBaseUnits('1.5', 6), '1500000');
  assert.equal(toBaseUnits('.5', 6), '500000');
  assert.equal(toBaseUnits('1.', 6), '1000000');
  assert.equal(toBaseUnits('0', 6), '0');
  assert.equal(toBaseUnits('001.500', 3), '1500');
  assert.equal(toBaseUnits('1.50', 1), '15', 'trailing zeros do not count against the decimals');
  assert.equal(toBaseUnits('1.25', 1), undefined);
  assert.equal(toBaseUnits('1', 0), '1');
  assert.equal(
    toBaseUnits('123456789012345678901234567890.123456789012345678', 18),
    '123456789012345678901234567890123456789012345678',
  );
  for (const bad of ['', '.', '-1', '+1', '1e5', '1,000', '1_000', ' 1', '0x10', '1.2.3', 'NaN', 'Infinity'])
    assert.equal(toBaseUnits(bad, 6), undefined, bad);
  assert.equal(toBaseUnits('1', -1), undefined);
  assert.equal(toBaseUnits('1', 1.5), undefined);
  assert.equal(fromBaseUnits('1500000', 6), '1.5');
  assert.equal(fromBaseUnits('0', 6), '0');
  assert.equal(fromBaseUnits('000', 0), '0');
  assert.equal(fromBaseUnits('1', 18), '0.000000000000000001');
  assert.equal(fromBaseUnits('1000000', 6), '1');
  assert.equal(fromBaseUnits('1234567', 0), '1234567');
  for (const bad of ['', '1.5', '-1', '1e3', ' 1']) assert.throws(() => fromBaseUnits(bad, 6), RangeError, bad);
  assert.throws(() => fromBaseUnits('1', -1), RangeError);
});

test('parseWholeAmount: amounts as people type them', () => {
  const ok = (input: string, decimals: number) => {
    const r = parseWholeAmount(input, decimals);
    assert.ok(r.ok, `${input}: ${r.ok ? '' : r.error}`);
    return r.value;
  };
  assert.deepEqual(ok('1.5', 6), { base: '1500000', whole: '1.5' });
  assert.deepEqual(ok('1,000.25', 6), { base: '1000250000', whole: '1000.25' });
  assert.deepEqual(ok('12,345,678', 0), { base: '12345678', whole: '12345678' });
  assert.deepEqual(ok('1_000', 6), { base: '1000000000', whole: '1000' });
  assert.deepEqual(ok('.5', 6), { base: '500000', whole: '0.5' });
  assert.deepEqual(ok('1.', 6), { base: '1000000', whole: '1' });
  assert.deepEqual(ok('  0001.5000  ', 6), { base: '1500000', whole: '1.5' });
  assert.deepEqual(ok('0.000001', 6), { base: '1', whole: '0.000001' });
  assert.deepEqual(
    ok('1.0000000', 6),
    { base: '1000000', whole: '1' },
    'trailing zeros do not count against the decimals',
  );
  assert.deepEqual(ok('9'.repeat(60), 18), { base: '9'.repeat(60) + '0'.repeat(18), whole: '9'.repeat(60) });
});

test('parseWholeAmount: every error sentence', () => {
  const error = (input: string, decimals: number | undefined) => {
    const r = parseWholeAmount(input, decimals);
    assert.ok(!r.ok, `${input} should be refused`);
    return r.error;
  };
  assert.equal(error('', 6), 'Enter an amount.');
  assert.equal(error('   ', 6), 'Enter an amount.');
  for (const bad of [
    'abc',
    '1,5',
    ',5',
    '1,50',
    '1,0000',
    '1234,567',
    '1.2.3',
    '.',
    '-1',
    '+1',
    '1e6',
    '0x10',
    '1,000_000',
    '1__0',
    '_1',
    '1_',
    '1 000',
    '1.5,0',
    'Infinity',
  ]) {
    assert.equal(error(bad, 6), 'An amount is a number such as 1.5.', bad);
  }
  const unknown =
    'The number of decimals of this asset is not known, so the amount cannot be converted: pick a listed asset or enter a custom denom with its decimals.';
  assert.equal(error('1.5', undefined), unknown);
  assert.equal(error('1', -1), unknown);
  assert.equal(error('1', 2.5), unknown);
  assert.equal(error('1', Number.NaN), unknown);
  assert.equal(error('abc', undefined), 'An amount is a number such as 1.5.', 'a typo is named before the decimals');
  assert.equal(error('1.1234567', 6), 'This asset has at most 6 decimal places.');
  assert.equal(error('1.25', 1), 'This asset has at most 1 decimal place.');
  assert.equal(error('1.5', 0), 'This asset takes whole numbers only.');
  assert.equal(error('0', 6), 'The amount must be more than 0.');
  assert.equal(error('0.000', 6), 'The amount must be more than 0.');
  assert.equal(error('.0', 0), 'The amount must be more than 0.');
  assert.equal(error('1'.repeat(73), 6), 'That amount is larger than any token supply.');
  assert.equal(error('1'.repeat(100_000), 6), 'That amount is larger than any token supply.');
  assert.equal(error('0.1', 100), 'That amount is larger than any token supply.', '100 digits in base units');
  assert.ok(parseWholeAmount('1'.repeat(72), 6).ok, '78 digits in base units is the most');
});

test('compareBase and compareDecimal: examples', () => {
  assert.equal(compareBase('10', '9'), 1);
  assert.equal(compareBase('007', '7'), 0);
  assert.equal(compareBase('-1', '0'), -1);
  assert.throws(() => compareBase('1.5', '1'), RangeError);
  assert.throws(() => compareBase('', '1'), RangeError);
  assert.equal(compareDecimal('12.5', '12.50'), 0);
  assert.equal(compareDecimal('0.1', '.09'), 1);
  assert.equal(compareDecimal('x', '1'), undefined);
});

test('minimumReceived: examples', () => {
  assert.equal(minimumReceived('1000000', '0.5'), '995000');
  assert.equal(minimumReceived('1000000', '1'), '990000');
  assert.equal(minimumReceived('999', '0.5'), '994', 'floored: 994.005');
  assert.equal(minimumReceived('1', '0.5'), '0');
  assert.equal(minimumReceived('1000', '100'), '0');
  assert.equal(minimumReceived('1000', '0'), '1000');
  assert.equal(minimumReceived('123456789012345678901234567890', '0.33'), '123049381608604938160860493815');
  for (const bad of ['-1', '101', 'abc', '']) assert.throws(() => minimumReceived('1000', bad), RangeError, bad);
  assert.throws(() => minimumReceived('1.5', '1'), RangeError);
});

test('checkSlippage: every sentence, presets and normalisation', () => {
  assert.deepEqual(SLIPPAGE_PRESETS, ['0.1', '0.5', '1']);
  assert.equal(DEFAULT_SLIPPAGE, '0.5');
  for (const preset of SLIPPAGE_PRESETS) assert.deepEqual(checkSlippage(preset), { value: preset });
  assert.deepEqual(checkSlippage(''), { error: 'Enter a slippage tolerance.' });
  assert.deepEqual(checkSlippage('  % '), { error: 'Enter a slippage tolerance.' });
  for (const bad of ['abc', '1,5', '.', '1e1', '0x1', '5%%', '1.2.3'])
    assert.deepEqual(checkSlippage(bad), { error: 'Slippage is a percentage such as 0.5.' }, bad);
  const range = { error: 'Slippage is more than 0 and at most 100 percent.' };
  for (const bad of ['0', '0.00', '-1', '-0.5', '100.01', '101', '1000'])
    assert.deepEqual(checkSlippage(bad), range, bad);
  assert.deepEqual(checkSlippage('0.123'), { error: 'Slippage takes at most 2 decimal places.' });
  assert.deepEqual(checkSlippage('5.5'), { value: '5.5', warning: 'A slippage above 5% may get your trade frontrun.' });
  assert.deepEqual(checkSlippage('100'), { value: '100', warning: 'A slippage above 5% may get your trade frontrun.' });
  assert.deepEqual(checkSlippage('5'), { value: '5' }, '5 itself is no warning');
  assert.deepEqual(checkSlippage('0.05'), {
    value: '0.05',
    warning: 'A slippage below 0.1% may make the transfer fail.',
  });
  assert.deepEqual(checkSlippage('0.10'), { value: '0.1' });
  assert.deepEqual(checkSlippage('0.50'), { value: '0.5' });
  assert.deepEqual(checkSlippage(' 0.5 % '), { value: '0.5' });
  assert.deepEqual(checkSlippage('.5%'), { value: '0.5' });
  assert.deepEqual(checkSlippage('001.500'), { value: '1.5' });
  assert.deepEqual(checkSlippage('+1'), { value: '1' });
  // One slippage however it is typed: the intent holds the normalised value, which minimumReceived takes.
  for (const typed of ['1%', ' 1 % ', '1', '1.0', '01']) assert.deepEqual(checkSlippage(typed), { value: '1' }, typed);
  assert.equal(minimumReceived('1000', checkSlippage('1%').value!), '990');
  assert.throws(() => minimumReceived('1000', '1%'), RangeError, 'the raw text is never the intent');
});

// ---------------------------------------------------------------------------------------------------------------
// Properties

test('property: toBaseUnits equals the reference for random digit strings and decimals 0–30', () => {
  fc.assert(
    fc.property(plainDecimal, decimalsArb, (whole, decimals) => {
      assert.equal(toBaseUnits(whole, decimals), refToBase(whole, decimals));
    }),
    { numRuns: 2000 },
  );
});

test('property: fromBaseUnits equals the reference; fromBaseUnits(toBaseUnits(x)) is x normalised', () => {
  fc.assert(
    fc.property(digits(60, 1), decimalsArb, (base, decimals) => {
      assert.equal(fromBaseUnits(base, decimals), refFromBase(base, decimals));
    }),
    { numRuns: 1000 },
  );
  fc.assert(
    fc.property(plainDecimal, decimalsArb, (whole, decimals) => {
      const base = toBaseUnits(whole, decimals);
      fc.pre(base !== undefined);
      assert.equal(fromBaseUnits(base!, decimals), refNormalise(whole));
      assert.equal(toBaseUnits(fromBaseUnits(base!, decimals), decimals), base);
    }),
    { numRuns: 2000 },
  );
});

/** Thousands separators, written here: groups of three from the right. */
const groupWithCommas = (int: string) => int.replace(/\B(?=(\d{3})+$)/g, ',');

test('property: parseWholeAmount takes grouped amounts (commas, underscores) exactly', () => {
  const grouped = fc
    .tuple(
      fc.bigInt({ min: 0n, max: ten(40) }),
      digits(20),
      fc.constantFrom('plain', 'commas', 'underscores'),
      fc.integer({ min: 1, max: 4 }),
    )
    .map(([int, frac, style, chunk]) => {
      const i = int.toString();
      const head =
        style === 'commas'
          ? groupWithCommas(i)
          : style === 'underscores'
            ? i.replace(new RegExp(`\\B(?=(\\d{${chunk}})+$)`, 'g'), '_')
            : i;
      return { text: frac ? `${head}.${frac}` : head, plain: frac ? `${i}.${frac}` : i };
    });
  fc.assert(
    fc.property(grouped, decimalsArb, ({ text, plain }, decimals) => {
      const parsed = parseWholeAmount(text, decimals);
      const base = refToBase(plain, decimals);
      if (base === undefined) {
        assert.ok(!parsed.ok && /decimal place|whole numbers only/.test(parsed.error), text);
      } else if (base === '0') {
        assert.deepEqual(parsed, { ok: false, error: 'The amount must be more than 0.' });
      } else if (base.length > 78) {
        assert.deepEqual(parsed, { ok: false, error: 'That amount is larger than any token supply.' });
      } else {
        assert.deepEqual(parsed, { ok: true, value: { base, whole: refNormalise(plain) } });
      }
    }),
    { numRuns: 2000 },
  );
});

test('property: a lone comma is never read as a decimal point', () => {
  fc.assert(
    fc.property(digits(3, 1), digits(6, 1), (a, b) => {
      fc.pre(b.length !== 3);
      assert.deepEqual(parseWholeAmount(`${a},${b}`, 18), { ok: false, error: 'An amount is a number such as 1.5.' });
    }),
  );
});

test('property: minimumReceived equals the reference (BigInt, slippage scaled to an integer)', () => {
  const slippage = fc
    .tuple(fc.integer({ min: 0, max: 100 }), digits(6))
    .map(([int, frac]) => (int === 100 ? '100' : frac ? `${int}.${frac}` : String(int)));
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: ten(78) }), slippage, (amount, s) => {
      const out = minimumReceived(amount.toString(), s);
      assert.equal(out, refMinimum(amount.toString(), s));
      assert.ok(BigInt(out) <= amount);
    }),
    { numRuns: 2000 },
  );
});

test('property: compareBase agrees with BigInt comparison', () => {
  fc.assert(
    fc.property(fc.bigInt(), fc.bigInt(), (a, b) => {
      assert.equal(compareBase(a.toString(), b.toString()), a < b ? -1 : a > b ? 1 : 0);
      assert.equal(compareBase(a.toString(), a.toString()), 0);
    }),
    { numRuns: 1000 },
  );
  fc.assert(
    fc.property(digits(30, 1), digits(30, 1), (a, b) => {
      // Leading zeros do not matter.
      assert.equal(compareBase(`00${a}`, b), BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);
    }),
  );
});

test('property: checkSlippage accepts exactly the 2-decimal values in (0, 100], normalised', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 20_000 }), (hundredths) => {
      const text = `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
      const check = checkSlippage(text);
      if (hundredths === 0 || hundredths > 10_000) {
        assert.deepEqual(check, { error: 'Slippage is more than 0 and at most 100 percent.' });
      } else {
        assert.equal(check.error, undefined);
        assert.equal(check.value, refNormalise(text));
        assert.equal(check.warning !== undefined, hundredths > 500 || hundredths < 10);
      }
    }),
    { numRuns: 1000 },
  );
});
