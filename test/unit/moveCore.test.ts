/**
 * The Move core (src/core/move/), pure: the three MoveVM failure strings parsed, an abort's category split and named
 * from each source in order, the error map read from real compiled module bytes, a workspace's Move source read as
 * the compiler reads it, BCS decoding of every type the ABI rules name (round-trips against @mysten/bcs's encoder,
 * and strict refusals), and the `view/json` / `MsgExecuteJSON` argument rules (each rule, each refusal).
 * The module bytes and the Move source are Initia's own (test/fixtures/move/PROVENANCE.md: movevm @a15fe49d).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { categoryWords, failureWords, parseMoveFailure } from '../../src/core/move/abort';
import { hasMoveFailure } from '../../src/core/move/vmLog';
import { lookupError, readErrorMap } from '../../src/core/move/errorMap';
import { moveTomlAddresses, parseMoveSource } from '../../src/core/move/sources';
import { matchingConstant, nameAbort } from '../../src/core/move/naming';
import { decodeBcs, encodeBcs } from '../../src/core/move/bcs';
import { shortAddress, splitType } from '../../src/core/move/types';
import { jsonArg } from '../../src/core/move/jsonArgs';
import { bech32 } from 'bech32';

const FIXTURES = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'move');
const faBytes = (): Uint8Array => new Uint8Array(readFileSync(join(FIXTURES, 'fungible_asset.mv')));
const faSource = (): string => readFileSync(join(FIXTURES, 'initia_stdlib', 'sources', 'fungible_asset.move'), 'utf8');
const faToml = (): string => readFileSync(join(FIXTURES, 'initia_stdlib', 'Move.toml'), 'utf8');

/** Initia's documented log of a failed transfer (docs: initia-js/transactions/handling-errors.mdx). */
const ABORT_LOG =
  'failed to execute message; message index: 0: VM aborted: location=0000000000000000000000000000000000000000000000000000000000000001::fungible_asset, code=65540';

function aborted(log: string) {
  const f = parseMoveFailure(log);
  assert.ok(f && f.kind === 'aborted', `an abort in ${log}`);
  return f;
}

test('the three MoveVM failure strings are parsed; anything else is not a Move failure', () => {
  const a = aborted(ABORT_LOG);
  assert.deepEqual(
    { address: a.address, module: a.module, code: a.code, category: a.category, reason: a.reason },
    { address: '0x1', module: 'fungible_asset', code: 65540n, category: 1, reason: 4 },
  );
  assert.equal(categoryWords(a), 'INVALID_ARGUMENT (an argument was invalid), reason 4');
  const failure = parseMoveFailure(
    'failed to execute message; message index: 0: VM failure: ARITHMETIC_ERROR, location=00000000000000000000000000000000000000000000000000000000000000ca::vault, function=3, code_offset=17',
  );
  assert.deepEqual(failure, {
    kind: 'failure',
    status: 'ARITHMETIC_ERROR',
    address: '0xca',
    module: 'vault',
    functionIndex: 3,
    codeOffset: 17,
  });
  assert.match(
    failureWords(failure as never),
    /overflow, an underflow or a division by zero, in 0xca::vault \(function #3, at code offset 17\)/,
  );
  const error = parseMoveFailure(
    'VM error: status LINKER_ERROR of type Verification with message Cannot find ModuleId { address: 0x1, name: "nope" }',
  );
  assert.equal(error?.kind, 'error');
  assert.equal(error && error.kind === 'error' ? error.status : undefined, 'LINKER_ERROR');
  assert.match(failureWords(error as never), /^the VM refused the call: status LINKER_ERROR/);
  assert.equal(parseMoveFailure('out of gas in location: WriteFlat; gasWanted: 1, gasUsed: 2'), undefined);
  assert.equal(parseMoveFailure('VM aborted: location=01::m, code=18446744073709551616'), undefined, 'above u64');
  assert.equal(shortAddress('0x000CAFE'), '0xcafe');
  assert.equal(categoryWords({ code: 7n, category: 0, reason: 7 }), 'code 7 (0x7)', 'no category: the bare code');
});

test("the error map is read from a real published module's bytes (0x1::fungible_asset, movevm's stdlib binary)", () => {
  const map = readErrorMap(faBytes());
  assert.ok(map.size >= 20, `${map.size} entries`);
  assert.deepEqual(lookupError(map, 65540n), {
    name: 'EINSUFFICIENT_BALANCE',
    description: 'Insufficient balance to withdraw or transfer.',
  });
  assert.equal(lookupError(map, 4n)?.name, 'EINSUFFICIENT_BALANCE', 'by reason alone too');
  assert.equal(lookupError(map, 0x10000n + 9999n), undefined);
  assert.throws(() => readErrorMap(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9])), /not a Move module/);
  assert.throws(() => readErrorMap(faBytes().subarray(0, 5000)), /cut short|past/);
});

test('a Move source is read as the compiler reads it: constants, their docs, named addresses, abort sites', () => {
  const addresses = moveTomlAddresses(faToml());
  assert.equal(addresses.initia_std, '0x1');
  const [module] = parseMoveSource(faSource(), addresses);
  assert.equal(module?.address, '0x1');
  assert.equal(module?.module, 'fungible_asset');
  const constant = module?.errors.find((e) => e.name === 'EINSUFFICIENT_BALANCE');
  assert.ok(constant);
  assert.equal(constant.value, 4n);
  assert.equal(constant.doc, 'Insufficient balance to withdraw or transfer.');
  assert.equal(constant.line, 27, '0-based: line 28 of the file');
  assert.deepEqual(constant.sites, [1052, 1114], 'lines 1053 and 1115 raise it');
  assert.equal(matchingConstant(module.errors, aborted(ABORT_LOG).code), constant, 'the reason names it');
  assert.equal(
    matchingConstant([{ value: 0x10004n }, { value: 4n }], 0x10004n)?.value,
    4n,
    'the reason first, then the whole code',
  );
  assert.equal(matchingConstant([{ value: 7n }], 7n)?.value, 7n, 'a bare code is its own value');
  const small = parseMoveSource(
    [
      'module 0xCAFE::vault {',
      '    /// Not enough',
      '    /// in the vault.',
      '    const ETOO_LITTLE: u64 = 0x2;',
      '    const NOT_AN_ERROR: u64 = 3;',
      '    // const EIN_A_COMMENT: u64 = 4;',
      '    /* const EIN_A_BLOCK: u64 = 5; */',
      '    fun f() { assert!(false, ETOO_LITTLE); let s = b"ETOO_LITTLE"; }',
      '}',
      'module other::m { const EX: u8 = 1; fun g() { abort EX } }',
    ].join('\n'),
  );
  assert.deepEqual(
    small.map((m) => [m.address, m.module, m.errors.map((e) => [e.name, e.value, e.doc, e.sites])]),
    [
      ['0xcafe', 'vault', [['ETOO_LITTLE', 2n, 'Not enough in the vault.', [7]]]],
      ['other', 'm', [['EX', 1n, '', []]]],
    ],
  );
});

test('an abort is named from the first source that knows it, each said; a workspace that disagrees with the chain is not used', () => {
  const abort = aborted(ABORT_LOG);
  const [module] = parseMoveSource(faSource(), moveTomlAddresses(faToml()));
  const constant = matchingConstant(module!.errors, abort.code)!;
  const chain = { map: readErrorMap(faBytes()) };
  const fromWorkspace = nameAbort(abort, { workspace: { constant, file: 'sources/fungible_asset.move' }, chain });
  assert.equal(fromWorkspace.source, 'workspace');
  assert.equal(fromWorkspace.name, 'EINSUFFICIENT_BALANCE');
  assert.deepEqual(
    fromWorkspace.sites?.map((s) => s.line),
    [1052, 1114],
  );
  assert.equal(nameAbort(abort, { chain }).source, 'chain');
  assert.equal(nameAbort(abort, { chain }).description, 'Insufficient balance to withdraw or transfer.');
  const stale = { constant: { ...constant, name: 'EOLD_NAME' }, file: 'sources/fungible_asset.move' };
  const disagreeing = nameAbort(abort, { workspace: stale, chain });
  assert.equal(disagreeing.source, 'chain');
  assert.match(
    disagreeing.notes.join(' '),
    /EOLD_NAME has this value, but the published module names it EINSUFFICIENT_BALANCE/,
  );
  const registry = nameAbort(abort, {
    chain: { problem: 'the module could not be read' },
    registry: { description: 'Insufficient balance' },
  });
  assert.deepEqual(
    [registry.source, registry.description, registry.notes],
    ['registry', 'Insufficient balance', ['the module could not be read']],
  );
  const none = nameAbort(abort, { registry: { problem: 'the registry has no errors file for 0x1' } });
  assert.equal(none.source, 'category');
  assert.equal(none.category, 'INVALID_ARGUMENT (an argument was invalid), reason 4');
  assert.equal(none.code, '65540 (0x10004)');
});

test('BCS: every type the ABI rules name decodes what @mysten/bcs encodes, and nothing else', () => {
  const cases: [string, unknown, unknown][] = [
    ['bool', true, true],
    ['u8', 255, 255],
    ['u16', 65535, 65535],
    ['u32', 4294967295, 4294967295],
    ['u64', '18446744073709551615', '18446744073709551615'],
    ['u128', '340282366920938463463374607431768211455', '340282366920938463463374607431768211455'],
    ['u256', (1n << 255n).toString(), (1n << 255n).toString()],
    ['address', '0x2', `0x${'0'.repeat(63)}2`],
    ['0x1::string::String', 'héllo', 'héllo'],
    ['vector<u8>', [0, 1, 255], '0x0001ff'],
    ['vector<u64>', ['1', '2'], ['1', '2']],
    ['vector<vector<u8>>', [[1], []], ['0x01', '0x']],
    ['0x1::option::Option<u64>', '7', '7'],
    ['0x1::option::Option<u64>', null, null],
    ['0x1::option::Option<0x1::string::String>', 'a', 'a'],
    ['0x1::object::Object<0x1::fungible_asset::Metadata>', '0xab', `0x${'0'.repeat(62)}ab`],
    ['0x1::fixed_point32::FixedPoint32', String(2 ** 31), { raw: String(2 ** 31), value: '0.5' }],
    ['0x1::decimal128::Decimal128', '1500000000000000000', { raw: '1500000000000000000', value: '1.5' }],
  ];
  for (const [type, input, shown] of cases) {
    const bytes = encodeBcs(type, input);
    assert.deepEqual(decodeBcs(type, bytes), { ok: true, value: shown }, type);
  }
  const u64 = encodeBcs('u64', '5');
  const extra = decodeBcs('u64', Uint8Array.from([...u64, 0]));
  assert.deepEqual(extra, { ok: false, reason: '1 byte left over after one u64' });
  assert.equal(decodeBcs('u64', u64.subarray(0, 4)).ok, false, 'cut short');
  assert.equal(decodeBcs('bool', Uint8Array.of(2)).ok, false, 'a bool is 0 or 1');
  const struct = decodeBcs('0xcafe::vault::Config', Uint8Array.of(1));
  assert.deepEqual(struct, {
    ok: false,
    reason: '0xcafe::vault::Config is a struct whose layout the ABI does not give, so its bytes cannot be read',
  });
  assert.deepEqual(splitType('0x1::m::T<vector<u8>, 0x1::m::U<u64>>'), {
    name: '0x1::m::T',
    args: ['vector<u8>', '0x1::m::U<u64>'],
  });
});

test('view/json arguments follow the VM rules: each rule, each refusal before any request', () => {
  const ok = (type: string, typed: string) => {
    const r = jsonArg(type, typed);
    assert.ok(r.ok, `${type} ${typed}: ${r.ok ? '' : r.error}`);
    return r.json;
  };
  const refused = (type: string, typed: string, why: RegExp) => {
    const r = jsonArg(type, typed);
    assert.ok(!r.ok, `${type} ${typed} should be refused`);
    assert.match(r.error, why);
  };
  assert.equal(ok('u8', '255'), '255');
  assert.equal(ok('u32', '4294967295'), '4294967295');
  assert.equal(ok('u64', '18446744073709551615'), '"18446744073709551615"', 'u64 is a JSON string');
  assert.equal(ok('u256', '1'), '"1"');
  refused('u8', '256', /256 does not fit in u8/);
  refused('u64', '-1', /not a whole number/);
  refused('u64', '1.5', /not a whole number/);
  assert.equal(ok('bool', 'true'), 'true');
  refused('bool', 'yes', /not true or false/);
  assert.equal(ok('address', '0x1'), '"0x1"');
  const account = '77d96ae5e7885b19b5bf4e680e129acce8fac7b1';
  const init1 = bech32.encode('init', bech32.toWords(Buffer.from(account, 'hex')));
  assert.equal(ok('address', init1), `"0x${account}"`, 'a typed init1… is sent as its bytes in hex');
  refused('address', `${init1.slice(0, -1)}${init1.endsWith('q') ? 'p' : 'q'}`, /is not an address/);
  refused('address', init1.toUpperCase().replace('INIT', 'init'), /is not an address/);
  refused('address', 'cafe', /is not an address/);
  assert.equal(ok('0x1::object::Object<0x1::fungible_asset::Metadata>', '0xAB'), '"0xab"');
  assert.equal(ok('0x1::string::String', ' two words '), '" two words "', 'a string is taken as typed');
  assert.equal(ok('vector<u8>', '0x00ff'), '"00ff"', 'bytes as hex without 0x');
  refused('vector<u8>', '0x0', /even number of hex digits/);
  assert.equal(ok('vector<u64>', '["1", 2]'), '["1","2"]');
  refused('vector<u64>', '[1,', /is not JSON/);
  refused('vector<address>', '{"a":1}', /is not an array/);
  assert.equal(ok('0x1::option::Option<u64>', 'null'), 'null');
  assert.equal(ok('0x1::option::Option<u64>', '5'), '"5"');
  assert.equal(ok('0x1::bigdecimal::BigDecimal', '1.25'), '"1.25"');
  refused('0x1::bigdecimal::BigDecimal', '-1', /not negative/);
  refused('0xcafe::vault::Config', '{}', /cannot be passed as JSON/);
  refused(`${'vector<'.repeat(12)}u64${'>'.repeat(12)}`, `${'['.repeat(12)}${']'.repeat(12)}`, /nested deeper than 10/);
});

test("the hover's cheap check agrees with the parser on the three MoveVM strings and on other logs", () => {
  const logs = [
    `failed to execute message; message index: 0: VM aborted: location=${'1'.padStart(64, '0')}::coin, code=65540`,
    `VM failure: ARITHMETIC_ERROR, location=${'cafe'.padStart(64, '0')}::vault, function=2, code_offset=17`,
    'VM error: status NUMBER_OF_ARGUMENTS_MISMATCH of type Verification',
    'out of gas in location: WriteFlat; gasWanted: 200000, gasUsed: 200131',
    'insufficient funds: 5uinit is smaller than 6uinit',
    '',
  ];
  for (const log of logs) assert.equal(hasMoveFailure(log), parseMoveFailure(log) !== undefined, log);
  assert.equal(hasMoveFailure(undefined), false);
});
