/**
 * Differential tests of how the bridge check reads fields against how the chain reads them. Each chain rule is
 * written down here from its source (cited), independently of the code under test, and fed the same inputs as the
 * check's reader (seeded random inputs plus hand-picked edge cases): whenever the check accepts an input, the chain's
 * rule reads the same thing from it; where they could differ, the check refuses.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bech32 } from 'bech32';
import { canonicalNumber, numeral, numeralOrNumber } from '../../src/core/router/check/numeral';
import { decodeBech32, sameAddress, wordAccount } from '../../src/core/router/check/bytes';
import { goJson } from '../../src/core/goJson';
import { prng } from '../fixtures/chainData';

const SEED = Number(process.env.INITIA_PROPERTY_SEED ?? 20261128);
const random = prng(SEED);
const int = (n: number) => Math.floor(random() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;

// ---------------------------------------------------------------------------------------------------------------
// Numerals. The chain: cosmos/cosmos-sdk math/int.go (commit 00d9ce1b), `newIntegerFromString` is
// `new(big.Int).SetString(s, 0)`, `unmarshalText` / `(*Int).Unmarshal` use `big.Int.UnmarshalText` (also base 0),
// then `BitLen() > MaxBitLen (256)` is refused. Go's base-0 rules: golang/go src/math/big/intconv.go
// (`(*Int).SetString` → `setFromScanner`: the whole text must be consumed; `scanSign`: one optional + or -) and
// src/math/big/natconv.go (`(nat).scan`): prefix 0b/0B binary, 0o/0O octal, 0x/0X hex, a bare leading 0 octal;
// "_" allowed only after a digit or a base prefix (`if prev != '0' { invalSep = true }`) and not last.

/** Go's `new(big.Int).SetString(s, 0)`, as natconv.go / intconv.go define it; undefined where Go says !ok. */
function goSetString0(s: string): bigint | undefined {
  let at = 0;
  let neg = false;
  if (s[at] === '+' || s[at] === '-') neg = s[at++] === '-';
  let base = 10n;
  let prefix = '';
  let prev = '.';
  let count = 0;
  if (s[at] === '0') {
    prev = '0';
    count = 1;
    at++;
    const c = s[at];
    if (c !== undefined) {
      if (c === 'b' || c === 'B') [base, prefix] = [2n, 'b'];
      else if (c === 'o' || c === 'O') [base, prefix] = [8n, 'o'];
      else if (c === 'x' || c === 'X') [base, prefix] = [16n, 'x'];
      else [base, prefix] = [8n, '0'];
      count = 0;
      if (prefix !== '0') at++;
    }
  }
  let value = 0n;
  let invalSep = false;
  for (; at < s.length; at++) {
    const c = s[at]!;
    if (c === '_') {
      if (prev !== '0') invalSep = true;
      prev = '_';
      continue;
    }
    const d =
      c >= '0' && c <= '9'
        ? c.charCodeAt(0) - 48
        : c >= 'a' && c <= 'z'
          ? c.charCodeAt(0) - 87
          : c >= 'A' && c <= 'Z'
            ? c.charCodeAt(0) - 55
            : 99;
    if (BigInt(d) >= base) break;
    value = value * base + BigInt(d);
    prev = '0';
    count++;
  }
  if (count === 0 && prefix !== '0') return undefined; // errNoDigits
  if (invalSep || prev === '_') return undefined; // errInvalSep
  if (at !== s.length) return undefined; // setFromScanner: the entire content must be consumed
  return neg ? -value : value;
}

const SDK_INT_MAX = (1n << 256n) - 1n; // math/int.go: BitLen() > MaxBitLen (256) is refused

test('the oracle is Go: hand-picked values as SetString(s, 0) reads them', () => {
  const cases: Array<[string, bigint | undefined]> = [
    ['0', 0n],
    ['100', 100n],
    ['0100', 64n],
    ['010', 8n],
    ['08', undefined],
    ['0x10', 16n],
    ['0X1f', 31n],
    ['0b101', 5n],
    ['0o17', 15n],
    ['1_000', 1000n],
    ['0x_1', 1n],
    ['0_7', 7n],
    ['_1', undefined],
    ['1_', undefined],
    ['1__0', undefined],
    ['+5', 5n],
    ['-5', -5n],
    ['', undefined],
    [' 1', undefined],
    ['1 ', undefined],
    ['1e3', undefined],
    ['0x', undefined],
    ['00', 0n],
    ['-0', 0n],
  ];
  for (const [s, v] of cases) assert.equal(goSetString0(s), v, JSON.stringify(s));
});

/** Strings near numerals: digits with the forms a hostile router could write. */
function numeralLike(): string {
  const digits = () => String(int(10 ** (1 + int(8)))) + (int(3) === 0 ? '0'.repeat(int(30)) : '');
  const d = digits();
  return pick([
    () => d,
    () => `0${d}`,
    () => `00${d}`,
    () => `0x${BigInt(d).toString(16)}`,
    () => `0b${BigInt(d).toString(2)}`,
    () => `0o${BigInt(d).toString(8)}`,
    () => `+${d}`,
    () => `-${d}`,
    () => d.replace(/(\d)(?=\d)/, '$1_'),
    () => ` ${d}`,
    () => `${d} `,
    () => `${d}e0`,
    () => `${d}.0`,
    () => `\u0661${d}`,
    () => (BigInt(d) * 10n ** 70n).toString(),
    () => ((1n << 256n) + BigInt(d)).toString(),
    () => '0',
    () => String(d).padStart(80, '0'),
  ])();
}

test(`numerals: whenever the check accepts one, Go reads the same value, in range (3000 inputs, seed ${SEED})`, () => {
  let accepted = 0;
  let refused = 0;
  for (let i = 0; i < 3000; i++) {
    const s = numeralLike();
    for (const bits of [32, 64, 128, 256] as const) {
      const ours = canonicalNumber(s, bits);
      const go = goSetString0(s);
      if (ours === undefined) {
        refused++;
        continue;
      }
      accepted++;
      assert.equal(go, ours, `${JSON.stringify(s)}: Go reads ${go}, the check ${ours}`);
      assert.ok(ours <= SDK_INT_MAX && ours < 1n << BigInt(bits), `${s} in range of ${bits} bits`);
      assert.equal(BigInt(s), ours, 'a wallet (JavaScript BigInt) reads the same too');
      assert.equal(numeral(bits).safeParse(s).success, true);
    }
  }
  assert.ok(accepted > 1000 && refused > 1000, `${accepted} accepted, ${refused} refused`);
});

test('numerals: every form Go reads otherwise than decimal is refused, by the schemas too', () => {
  for (const s of ['0100', '010', '0x10', '0b1', '0o7', '1_000', '+5', '-5', ' 5', '5 ', '5e0', '00', '٥']) {
    assert.equal(canonicalNumber(s, 256), undefined, s);
    assert.equal(numeral(256).safeParse(s).success, false, s);
    assert.equal(numeralOrNumber(64).safeParse(s).success, false, s);
  }
  assert.equal(goSetString0('0100'), 64n, 'the danger: Go reads "0100" as octal 64');
  assert.equal(
    numeralOrNumber(64).safeParse(2 ** 53).success,
    false,
    'a JSON number past 2^53 is not exact in JavaScript',
  );
  assert.equal(
    numeralOrNumber(64).safeParse(1893456000000000000n).success,
    true,
    'read exactly (core/goJson.ts gives a BigInt)',
  );
  assert.equal(numeralOrNumber(64).safeParse(1n << 64n).success, false, 'u64 range');
  assert.equal(numeralOrNumber(32).safeParse(2 ** 32).success, false, 'u32 range (a CCTP domain)');
  assert.equal(canonicalNumber(SDK_INT_MAX.toString(), 256), SDK_INT_MAX);
  assert.equal(canonicalNumber((SDK_INT_MAX + 1n).toString(), 256), undefined);
});

// ---------------------------------------------------------------------------------------------------------------
// bech32. The chain: cosmos/cosmos-sdk types/bech32/bech32.go `DecodeAndConvert` = btcutil `bech32.Decode(bech, 1023)`
// then `ConvertBits(data, 5, 8, false)`; btcsuite/btcd btcutil/bech32/bech32.go `decodeNoLimit` + `Decode`: length
// 8..limit, every character 33..126, not mixed case (BIP-173), the last "1" at index ≥ 1 with ≥ 6 data characters,
// data in the charset, checksum constant 1 (bech32, not bech32m); `ConvertBits` without padding refuses ≥ 5
// leftover bits or non-zero leftover bits. The address's prefix must then be the chain's (types/address.go
// `GetFromBech32`: hrp != prefix is an error).

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
function polymod(values: number[]): number {
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i]!;
  }
  return chk >>> 0;
}

/** btcutil's Decode(bech, 1023) + ConvertBits(5, 8, false), as written in its source. */
function btcutilDecode(bech: string): { hrp: string; hex: string } | undefined {
  if (bech.length < 8 || bech.length > 1023) return undefined;
  for (const ch of bech) if (ch.charCodeAt(0) < 33 || ch.charCodeAt(0) > 126) return undefined;
  const lower = bech.toLowerCase();
  if (bech !== lower && bech !== bech.toUpperCase()) return undefined; // ErrMixedCase
  const one = lower.lastIndexOf('1');
  if (one < 1 || one + 7 > lower.length) return undefined;
  const hrp = lower.slice(0, one);
  const data = [...lower.slice(one + 1)].map((c) => CHARSET.indexOf(c));
  if (data.some((d) => d < 0)) return undefined;
  const expanded = [
    ...[...hrp].map((c) => c.charCodeAt(0) >> 5),
    0,
    ...[...hrp].map((c) => c.charCodeAt(0) & 31),
    ...data,
  ];
  if (polymod(expanded) !== 1) return undefined;
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const v of data.slice(0, -6)) {
    acc = (acc << 5) | v;
    bits += 5;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
    acc &= (1 << bits) - 1;
  }
  if (bits >= 5 || acc !== 0) return undefined;
  return { hrp, hex: Buffer.from(out).toString('hex') };
}

const bytesOf = (n: number) => Uint8Array.from({ length: n }, () => int(256));

function bech32Like(): string {
  const prefix = pick(['init', 'osmo', 'noble', 'cosmos']);
  const good = bech32.encode(prefix, bech32.toWords(bytesOf(pick([20, 32, 20, 1, 64]))), 1023);
  const i = 1 + int(good.length - 1);
  return pick([
    () => good,
    () => good.toUpperCase(),
    () => good.slice(0, i) + good[i]!.toUpperCase() + good.slice(i + 1),
    () => good.slice(0, i) + pick([...CHARSET]) + good.slice(i + 1),
    () => ` ${good}`,
    () => `${good}\n`,
    () => good.slice(0, -1),
    () => good + pick([...CHARSET]),
    () => good.replace('1', 'I'),
    () => `${prefix.toUpperCase()}${good.slice(prefix.length)}`,
    () => good.slice(0, i) + '\u00a0' + good.slice(i),
    () => bech32.encode(prefix, bech32.toWords(bytesOf(700)), 2000),
  ])();
}

test(`bech32: the check decodes exactly what cosmos-sdk's DecodeAndConvert does (3000 inputs, seed ${SEED})`, () => {
  let ok = 0;
  for (let i = 0; i < 3000; i++) {
    const s = bech32Like();
    const ours = decodeBech32(s);
    const chain = btcutilDecode(s);
    assert.deepEqual(ours && { hrp: ours.prefix, hex: ours.hex }, chain, JSON.stringify(s));
    if (ours) ok++;
  }
  assert.ok(ok > 300 && ok < 2700, `${ok} valid`);
});

test('bech32: mixed case is refused, all upper case is the same address', () => {
  const a = bech32.encode('init', bech32.toWords(new Uint8Array(20).fill(7)));
  const mixed = `I${a.slice(1)}`;
  assert.equal(btcutilDecode(mixed), undefined);
  assert.equal(decodeBech32(mixed), undefined);
  assert.equal(sameAddress(mixed, a), false);
  assert.equal(sameAddress(a.toUpperCase(), a), true);
});

// ---------------------------------------------------------------------------------------------------------------
// Accounts. The chain: an sdk.AccAddress is the bech32 data bytes as they are, of any length up to 255
// (cosmos-sdk types/address.go `GetFromBech32` + `VerifyAddressFormat`), under the chain's own prefix; on Initia's
// own chains (prefix init) a 0x address of 20 bytes is the same account (the EVM address is the account's bytes);
// a 32-byte Move `address` is shortened to 20 bytes only where Initia converts one (initia-labs/initia x/move/types
// `ConvertVMAddressToSDKAddress`: bytes.TrimPrefix of 12 zero bytes), which the check does at that decoding site.

/** The account a text names on a chain of `prefix` (on Initia, 0x + 40 hex too), by the rules above. */
function accountOn(prefix: string, s: string): string | undefined {
  if (prefix === 'init' && /^0x[0-9a-fA-F]{40}$/.test(s)) return s.slice(2).toLowerCase();
  const d = btcutilDecode(s);
  return d && d.hrp === prefix && d.hex.length > 0 && d.hex.length <= 510 ? d.hex : undefined;
}

test(`addresses: sameAddress says "same" only for texts that name the same account on the chain (4000 pairs, seed ${SEED})`, () => {
  const pool: string[] = [];
  for (let i = 0; i < 40; i++) {
    const b = bytesOf(20);
    const wide = new Uint8Array(32);
    wide.set(b, 12);
    pool.push(
      bech32.encode('init', bech32.toWords(b)),
      bech32.encode('osmo', bech32.toWords(b)),
      `0x${Buffer.from(b).toString('hex')}`,
      `0x${Buffer.from(b).toString('hex').toUpperCase()}`,
      bech32.encode('init', bech32.toWords(wide)),
      `0x${Buffer.from(wide).toString('hex')}`,
    );
  }
  let same = 0;
  for (let i = 0; i < 4000; i++) {
    const a = pick(pool);
    const b = random() < 0.3 ? pool[(pool.indexOf(a) + 1 + int(5)) % pool.length]! : pick(pool);
    if (a === b || !sameAddress(a, b)) continue;
    same++;
    const pa = decodeBech32(a)?.prefix ?? 'init';
    assert.notEqual(accountOn(pa, a), undefined, `${a} names an account`);
    assert.equal(accountOn(pa, a), accountOn(pa, b), `${a} and ${b} are one account on a chain of prefix ${pa}`);
  }
  assert.ok(same > 100, `${same} pairs said the same`);
});

test('addresses: the forms the check used to take as one account are different accounts', () => {
  const b = new Uint8Array(20).fill(9);
  const wide = new Uint8Array(32);
  wide.set(b, 12);
  const init = bech32.encode('init', bech32.toWords(b));
  assert.equal(
    sameAddress(bech32.encode('init', bech32.toWords(wide)), init),
    false,
    'a 32-byte account on a Cosmos chain is another account',
  );
  assert.equal(sameAddress(`0x${Buffer.from(wide).toString('hex')}`, `0x${Buffer.from(b).toString('hex')}`), false);
  assert.equal(
    sameAddress(bech32.encode('osmo', bech32.toWords(b)), `0x${Buffer.from(b).toString('hex')}`),
    false,
    'an osmo1 address is not an EVM account',
  );
  assert.equal(
    sameAddress(init, `0x${Buffer.from(b).toString('hex')}`),
    true,
    "Initia's init1 and 0x of the same 20 bytes",
  );
  assert.equal(sameAddress(bech32.encode('osmo', bech32.toWords(b)), init), false);
  assert.equal(
    sameAddress(bech32.encode('osmo', bech32.toWords(b)), init, true),
    true,
    'the same key on two chains, when the caller says so',
  );
  assert.equal(
    wordAccount(Buffer.from(wide).toString('hex')),
    `0x${Buffer.from(b).toString('hex')}`,
    'the Move/ABI conversion, at its own site',
  );
  wide[0] = 1;
  assert.equal(
    sameAddress(wordAccount(Buffer.from(wide).toString('hex')), init),
    false,
    'a word with upper bytes set is not your account',
  );
});

// ---------------------------------------------------------------------------------------------------------------
// Memo JSON. The chain: Go's encoding/json (golang/go src/encoding/json/scanner.go: `isSpace` is ' ', '\t', '\r',
// '\n' only; the grammar is RFC 8259's; decode.go: a repeated key keeps the last value and struct fields match
// case-insensitively; invalid UTF-16 becomes U+FFFD), called on the memo as it is by initia-labs/initia
// x/ibc-hooks/move-hooks util.go (`jsonStringHasKey` / `parseHookData`: `len(memo) == 0` is no memo, a text that
// does not unmarshal is no hook) and by packet-forward-middleware. JavaScript's JSON.parse has the same grammar and
// whitespace (ECMA-262 JSON.parse); the check's old reader trimmed first with String.prototype.trim.

const GO_SPACE = new Set([' ', '\t', '\r', '\n']);
const SPACES = ['', ' ', '\t', '\n', '\r', '\ufeff', '\u00a0', '\u2028', '\u2029', '\u3000', '\u000b', '\u000c'];
const FRAGMENTS = [
  '{"wasm":{"contract":"x","msg":{}}}',
  '{"a":1,"a":2}',
  '{"a":{"b":1,"B":2}}',
  '"\\ud800"',
  '"\\ud83d\\ude00"',
  '[1,2.5]',
  '123456789012345678901',
  '{"forward":{"receiver":"r","channel":"c"}}',
  'note',
  '{"a":-0}',
  '{"a":1e3}',
  '{',
  '{"a":"\u0001"}',
  '[]',
  '"x"',
  'null',
  '01',
];

test(`memo JSON: not JSON for the check exactly when not JSON for Go's grammar; whatever it reads, JSON.parse reads alike (3000 texts, seed ${SEED})`, () => {
  for (let i = 0; i < 3000; i++) {
    const text = pick(SPACES) + pick(FRAGMENTS) + pick(SPACES);
    const ours = goJson(text);
    let js: { ok: true; value: unknown } | { ok: false };
    try {
      js = { ok: true, value: JSON.parse(text) };
    } catch {
      js = { ok: false };
    }
    if (!ours.ok && ours.notJson) {
      assert.equal(
        js.ok,
        false,
        `${JSON.stringify(text)}: refused as not JSON, so JSON.parse (the same grammar) refuses it too`,
      );
      continue;
    }
    assert.equal(js.ok, true, `${JSON.stringify(text)} is JSON by the grammar`);
    const edge = [text[0], text.at(-1)].filter((c): c is string => c !== undefined && /\s/.test(c));
    assert.ok(
      edge.every((c) => GO_SPACE.has(c)),
      `${JSON.stringify(text)}: only Go's whitespace around it`,
    );
    if (ours.ok)
      assert.equal(
        JSON.stringify(ours.value, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)),
        JSON.stringify(js.ok ? js.value : undefined),
      );
    else assert.match(ours.reason, /twice|surrogate|whole number|nested/, 'refused only where readers could differ');
  }
});

test('memo JSON: what the old reader accepted and Go does not (leading U+FEFF, U+00A0, U+2028) is not JSON', () => {
  const memo = '{"move":{"message":{}}}';
  for (const lead of ['\ufeff', '\u00a0', '\u2028', '\u3000']) {
    assert.doesNotThrow(() => JSON.parse((lead + memo).trim()), 'the old reader');
    const r = goJson(lead + memo);
    assert.ok(!r.ok && r.notJson, JSON.stringify(lead));
  }
  const dup = goJson('{"wasm":{"contract":"a"},"wasm":{"contract":"b"}}');
  assert.ok(!dup.ok && !dup.notJson && /twice/.test(dup.reason));
  const big = goJson('{"t":1893456000000000001}');
  assert.ok(big.ok && (big.value as { t: bigint }).t === 1893456000000000001n, 'read exactly');
});
