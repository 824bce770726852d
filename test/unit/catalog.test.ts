/**
 * The router's chain and asset lists as the bridge form offers them (order, twins, balances; their search is the
 * picker's, test/unit/pages/picker.test.ts), addresses derived across chains, the balances schema, and `balances()`
 * refusing a bad address before any request.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { bech32 } from 'bech32';
import {
  addressPrefixes,
  assetOptions,
  chainOptions,
  deriveAddress,
  type AssetOption,
} from '../../src/core/router/catalog';
import { balancesOf, normaliseDenom } from '../../src/core/router/denoms';
import {
  BalancesResponse,
  ChainsResponse,
  type Asset,
  type BalanceEntry,
  type ChainInfo,
} from '../../src/core/router/schemas';
import { RouterClient } from '../../src/core/router/client';
import { createRouterClient } from '../../src/core/clients';
import { DEFAULT_HTTP_OPTIONS, HttpClient } from '../../src/core/http';
import { parseWith } from '../../src/core/zodParse';
import { startFakeRouter } from '../fixtures/fakeRouter';
import { errorKind, rejection } from './support';

const INIT = 'init1veaum7vy45fzw5x4mflskgx5lnmwmxx5wm3x8p';
const OSMO = 'osmo1veaum7vy45fzw5x4mflskgx5lnmwmxx5gkz963';
const HEX = '0x667bcdf984ad122750d5da7f0b20d4fcf6ed98d4';

const chain = (chain_id: string, extra: Partial<ChainInfo> = {}): ChainInfo => ({ chain_id, ...extra });

const CHAINS: ChainInfo[] = [
  chain('osmosis-1', {
    chain_name: 'osmosis',
    pretty_name: 'Osmosis',
    bech32_prefix: 'osmo',
    chain_type: 'cosmos',
    fee_assets: [{ denom: 'uosmo', gas_price: { low: '0.0025', average: '0.025', high: '0.04' } }],
  }),
  chain('1', { chain_name: 'ethereum', pretty_name: 'Ethereum', bech32_prefix: '', chain_type: 'evm' }),
  chain('zeta-rollup-1', { chain_name: 'zeta', pretty_name: 'zeta rollup', bech32_prefix: 'init', is_testnet: false }),
  chain('interwoven-1', {
    chain_name: 'initia',
    pretty_name: 'Initia',
    bech32_prefix: 'init',
    fee_assets: [{ denom: 'uinit' }, { denom: '' }],
  }),
  chain('hidden-1', { chain_name: 'hidden', pretty_name: 'A hidden chain', bech32_prefix: 'hid', hidden: true }),
  chain('alpha-rollup-1', { chain_name: 'alpha', pretty_name: 'Alpha', bech32_prefix: 'init', hidden: null }),
  chain('cosmoshub-4', { chain_name: 'cosmoshub', pretty_name: null, bech32_prefix: 'cosmos', is_testnet: true }),
  chain('osmosis-1', { chain_name: 'osmosis-duplicate', pretty_name: 'Second osmosis', bech32_prefix: 'wrong' }),
  chain('8453', { pretty_name: 'base' }),
  chain('noname-1'),
];

test('chainOptions: hidden and repeated chains dropped; the L1, then rollups by name, then the rest by name', () => {
  const options = chainOptions(CHAINS);
  assert.deepEqual(
    options.map((o) => o.chainId),
    ['interwoven-1', 'alpha-rollup-1', 'zeta-rollup-1', '8453', 'cosmoshub-4', '1', 'noname-1', 'osmosis-1'],
  );
  const [l1, alpha] = options;
  assert.deepEqual(l1, {
    chainId: 'interwoven-1',
    name: 'Initia',
    prefix: 'init',
    evm: false,
    initia: true,
    testnet: false,
    feeDenoms: ['uinit'],
  });
  assert.equal(alpha!.initia, true);
  const byId = new Map(options.map((o) => [o.chainId, o]));
  assert.equal(byId.get('osmosis-1')!.name, 'Osmosis', 'the first of two entries wins');
  assert.deepEqual(byId.get('osmosis-1')!.feeDenoms, ['uosmo']);
  assert.equal(byId.get('osmosis-1')!.prefix, 'osmo');
  assert.equal(byId.get('cosmoshub-4')!.name, 'cosmoshub', 'chain_name when there is no pretty name');
  assert.equal(byId.get('cosmoshub-4')!.testnet, true);
  assert.equal(byId.get('noname-1')!.name, 'noname-1', 'the chain id when there is no name');
  assert.equal(byId.get('1')!.evm, true);
  assert.equal(byId.get('1')!.prefix, undefined, 'an empty prefix is none');
  assert.equal(byId.get('8453')!.evm, true, 'a numeric chain id is EVM');
  assert.equal(byId.get('8453')!.initia, false);
  assert.equal(byId.has('hidden-1'), false);
});

test('chainOptions: parsed from a real-shaped answer, with the Initia extras', () => {
  const answer = parseWith(
    ChainsResponse,
    {
      chains: [
        {
          chain_id: 'minievm-1',
          chain_name: 'minievm',
          pretty_name: 'MiniEVM',
          bech32_prefix: 'init',
          chain_type: 'cosmos',
          rpc: 'https://rpc',
          rest: 'https://rest',
          evm_fee_asset: { name: 'Gas', symbol: 'GAS', decimals: 18 },
          is_testnet: false,
          fee_assets: [{ denom: 'GAS', gas_price: null }],
          extra: 1,
        },
        { chain_id: 'interwoven-1', chain_name: 'initia', pretty_name: 'Initia', bech32_prefix: 'init', hidden: false },
      ],
    },
    'router',
  );
  assert.deepEqual(
    chainOptions(answer.chains).map((o) => o.chainId),
    ['interwoven-1', 'minievm-1'],
  );
  assert.equal(answer.chains[0]!.evm_fee_asset?.decimals, 18);
  assert.throws(() => parseWith(ChainsResponse, { chains: [{ chain_id: 'x', hidden: 'yes' }] }, 'router'), /hidden/);
});

const USDC_EVM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const ASSETS: Asset[] = [
  { denom: 'uinit', symbol: 'INIT', name: 'Initia', decimals: 6, origin_chain_id: 'interwoven-1' },
  { denom: 'ibc/USDC-NOBLE', symbol: 'USDC', recommended_symbol: 'USDC', decimals: 6, origin_chain_id: 'noble-1' },
  {
    denom: 'ibc/USDC-AXELAR',
    symbol: 'USDC',
    recommended_symbol: 'USDC.axl',
    decimals: 6,
    origin_chain_id: 'axelar-dojo-1',
  },
  { denom: 'ibc/ETH-AXELAR', symbol: 'ETH', decimals: 18 },
  { denom: 'ibc/ETH-OTHER', symbol: 'ETH', decimals: 18, name: '' },
  { denom: 'uhidden', symbol: 'HID', decimals: 6, hidden: true },
  { symbol: 'NODENOM', decimals: 6 },
  { denom: '', symbol: 'EMPTY', decimals: 6 },
  { denom: 'uinit', symbol: 'INIT again', decimals: 6 },
  { denom: USDC_EVM, symbol: 'eUSDC', decimals: 6 },
  { denom: 'umystery', decimals: null },
  { denom: 'ulow', symbol: 'low', decimals: 0 },
];

const labels = (options: AssetOption[]) => options.map((o) => o.label);

test('assetOptions: hidden, denom-less and repeated assets dropped; twins labelled; no balances → by label', () => {
  const options = assetOptions('interwoven-1', ASSETS);
  assert.deepEqual(labels(options), [
    'ETH (ibc/ET…ELAR)',
    'ETH (ibc/ET…THER)',
    'eUSDC',
    'INIT',
    'low',
    'umystery',
    'USDC',
    'USDC.axl',
  ]);
  const init = options.find((o) => o.denom === 'uinit')!;
  assert.deepEqual(init, {
    chainId: 'interwoven-1',
    denom: 'uinit',
    symbol: 'INIT',
    label: 'INIT',
    name: 'Initia',
    decimals: 6,
    originChainId: 'interwoven-1',
  });
  const mystery = options.find((o) => o.denom === 'umystery')!;
  assert.deepEqual([mystery.symbol, mystery.decimals, mystery.balance], ['umystery', undefined, undefined]);
  assert.equal(options.find((o) => o.denom === 'ibc/ETH-OTHER')!.name, undefined, 'an empty name is none');
  assert.ok(
    options.every((o) => o.balance === undefined),
    'no balances given, none attached',
  );
});

test('assetOptions: twins with one recommended symbol (or none) still get distinct labels', () => {
  const options = assetOptions('c', [
    { denom: 'ibc/AAAAAAAAAAAA1', symbol: 'USDT', recommended_symbol: 'USDT' },
    { denom: 'ibc/BBBBBBBBBBBB2', symbol: 'USDT', recommended_symbol: 'USDT' },
    { denom: 'uusdt', symbol: 'usdt' },
  ]);
  assert.equal(new Set(labels(options).map((l) => l.toLowerCase())).size, 3, labels(options).join(' | '));
});

test('assetOptions: balances attached; a denom absent from them is zero; sorted by USD, then exact balance across decimals', () => {
  const balances = new Map<string, BalanceEntry>([
    ['uinit', { amount: '2500000', value_usd: '1.5', decimals: 6 }], // 2.5 INIT, $1.50
    ['ibc/USDC-NOBLE', { amount: '1000000', value_usd: '1.50', decimals: 6 }], // 1 USDC, $1.50 (same value: then balance)
    ['ibc/ETH-AXELAR', { amount: '3000000000000000000', decimals: 18 }], // 3 ETH, no USD value
    ['ibc/ETH-OTHER', { amount: '2999999999999999999', decimals: 18 }], // just under 3 ETH
    [USDC_EVM.toLowerCase(), { amount: '4000000', value_usd: null }], // 4 eUSDC: more units than 3 ETH
    ['umystery', { amount: '5', value_usd: 'not a number' }], // unknown decimals: after known balances
    ['ulow', { amount: '3' }], // 3 low (0 decimals): equal to 3 ETH, then label
  ]);
  const options = assetOptions('interwoven-1', ASSETS, balances);
  assert.deepEqual(labels(options), [
    'INIT',
    'USDC',
    'eUSDC',
    'ETH (ibc/ET…ELAR)',
    'low',
    'ETH (ibc/ET…THER)',
    'umystery',
    'USDC.axl',
  ]);
  const get = (denom: string) => options.find((o) => o.denom === denom)!;
  assert.deepEqual(get('uinit').balance, { base: '2500000', whole: '2.5', usd: '1.5' });
  assert.deepEqual(
    get(USDC_EVM).balance,
    { base: '4000000', whole: '4' },
    'a checksummed 0x denom finds its lower-cased balance',
  );
  assert.deepEqual(get('ibc/USDC-AXELAR').balance, { base: '0', whole: '0' }, 'absent from the balances: zero');
  assert.deepEqual(
    get('umystery').balance,
    { base: '5' },
    'no whole units without decimals; a USD value that is no number is dropped',
  );
  assert.equal(get('ibc/ETH-OTHER').balance!.whole, '2.999999999999999999');
  const hostile = assetOptions(
    'c',
    [
      { denom: 'uhuge', symbol: 'HUGE', decimals: 1_000_000_000 },
      { denom: 'uone', symbol: 'ONE', decimals: 6 },
    ],
    new Map([
      ['uhuge', { amount: '1' }],
      ['uone', { amount: '1' }],
    ]),
  );
  assert.deepEqual(
    hostile.map((o) => [o.symbol, o.decimals]),
    [
      ['ONE', 6],
      ['HUGE', undefined],
    ],
    'absurd decimals are unknown (and cheap to sort)',
  );
  const big = assetOptions(
    'c',
    [{ denom: 'ubig', symbol: 'BIG', decimals: 6 }],
    new Map([['ubig', { amount: '1234567000000' }]]),
  );
  assert.equal(big[0]!.balance!.whole, '1,234,567', 'whole units are grouped');
});

test('assetOptions: balances from a parsed answer (balancesOf), 0x denoms matched case-insensitively', () => {
  const answer = parseWith(
    BalancesResponse,
    {
      chains: {
        '1': {
          address: HEX,
          denoms: {
            [USDC_EVM]: {
              amount: '1500000',
              formatted_amount: '1.5',
              decimals: 6,
              price: '1',
              value_usd: '1.5',
              error: null,
            },
          },
        },
        'interwoven-1': { address: INIT },
      },
    },
    'router',
  );
  const evm = balancesOf(answer, '1');
  assert.deepEqual([...evm.keys()], [USDC_EVM.toLowerCase()]);
  const options = assetOptions(
    '1',
    [
      { denom: USDC_EVM.toLowerCase(), symbol: 'USDC', decimals: 6 },
      { denom: '0xdAC17F958D2ee523a2206206994597C13D831ec7', symbol: 'USDT', decimals: 6 },
    ],
    evm,
  );
  assert.deepEqual(
    options.map((o) => [o.symbol, o.balance]),
    [
      ['USDC', { base: '1500000', whole: '1.5', usd: '1.5' }],
      ['USDT', { base: '0', whole: '0' }],
    ],
  );
  assert.equal(balancesOf(answer, 'interwoven-1').size, 0, 'a chain without denoms reads as no balance');
  assert.equal(balancesOf(answer, 'osmosis-1').size, 0);
  assert.equal(balancesOf(answer, 'constructor').size, 0);
  assert.equal(normaliseDenom(USDC_EVM), USDC_EVM.toLowerCase());
  assert.equal(normaliseDenom('ibc/ABCDEF'), 'ibc/ABCDEF');
  assert.equal(normaliseDenom('evm/0xABC'), 'evm/0xABC');
});

test('BalancesResponse: strict on amounts, lenient on the rest', () => {
  const parse = (amount: unknown) =>
    parseWith(BalancesResponse, { chains: { c: { denoms: { u: { amount } } } } }, 'router');
  assert.equal(parse('123').chains.c!.denoms.u!.amount, '123');
  for (const bad of ['1.5', '-1', '', 12, null]) assert.throws(() => parse(bad), /amount/, String(bad));
  const lenient = parseWith(
    BalancesResponse,
    {
      chains: {
        c: {
          address: null,
          denoms: {
            u: {
              amount: '0',
              formatted_amount: null,
              decimals: null,
              price: null,
              value_usd: null,
              error: { code: 5, message: 'x', extra: true },
            },
          },
        },
      },
    },
    'router',
  );
  assert.equal(lenient.chains.c!.denoms.u!.error?.message, 'x');
});

test('addressPrefixes: non-empty prefixes by chain id, the first entry winning, hidden chains included', () => {
  const prefixes = addressPrefixes(CHAINS);
  assert.deepEqual(prefixes, {
    'osmosis-1': 'osmo',
    'zeta-rollup-1': 'init',
    'interwoven-1': 'init',
    'hidden-1': 'hid',
    'alpha-rollup-1': 'init',
    'cosmoshub-4': 'cosmos',
  });
});

test('deriveAddress: init ↔ osmo ↔ 0x, and what cannot be derived', () => {
  const osmo = { prefix: 'osmo', evm: false };
  const init = { prefix: 'init', evm: false };
  const evm = { evm: true };
  assert.equal(deriveAddress(INIT, osmo), OSMO);
  assert.equal(deriveAddress(OSMO, init), INIT);
  assert.equal(deriveAddress(INIT, evm), HEX);
  assert.equal(deriveAddress(OSMO, evm), HEX);
  assert.equal(deriveAddress(HEX, init), INIT);
  assert.equal(deriveAddress(HEX.toUpperCase().replace('0X', '0x'), osmo), OSMO, 'checksummed or upper-case hex');
  assert.equal(deriveAddress(HEX, evm), HEX);
  assert.equal(deriveAddress(` ${INIT.toUpperCase()} `, osmo), OSMO, 'an all upper-case bech32 address');
  assert.equal(deriveAddress(INIT, init), INIT);
  // A 32-byte object address: bech32 on cosmos chains, no EVM form.
  const object32 = bech32.encode('init', bech32.toWords(new Uint8Array(32).fill(7)), 120);
  assert.equal(deriveAddress(object32, evm), undefined);
  assert.equal(deriveAddress(deriveAddress(object32, osmo)!, init), object32);
  assert.equal(deriveAddress(`0x${'07'.repeat(32)}`, init), object32);
  // Cannot be derived.
  assert.equal(deriveAddress(INIT, { evm: false }), undefined, 'no prefix known');
  assert.equal(deriveAddress(INIT, { prefix: '', evm: false }), undefined);
  assert.equal(deriveAddress(INIT, { prefix: 'OSMO', evm: false }), undefined);
  assert.equal(deriveAddress(INIT.slice(0, -1) + 'q', osmo), undefined, 'bad checksum');
  assert.equal(
    deriveAddress('init1' + INIT.slice(5, 10).toUpperCase() + INIT.slice(10), osmo),
    undefined,
    'mixed case',
  );
  assert.equal(deriveAddress('0x1234', init), undefined);
  assert.equal(deriveAddress(`0x${'ab'.repeat(21)}`, init), undefined, 'neither 20 nor 32 bytes');
  assert.equal(deriveAddress(bech32.encode('init', bech32.toWords(new Uint8Array(21))), osmo), undefined);
  assert.equal(deriveAddress('', osmo), undefined);
  assert.equal(deriveAddress('hello', evm), undefined);
});

test('property: a 20-byte account derived from prefix A to B (and through 0x) comes back to itself', () => {
  const prefix = fc.constantFrom('init', 'osmo', 'cosmos', 'noble', 'celestia', 'neutron', 'a');
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), prefix, prefix, (bytes, a, b) => {
      const address = bech32.encode(a, bech32.toWords(bytes));
      const there = deriveAddress(address, { prefix: b, evm: false });
      assert.ok(there?.startsWith(`${b}1`));
      assert.equal(deriveAddress(there!, { prefix: a, evm: false }), address);
      const hex = deriveAddress(address, { evm: true });
      assert.equal(hex, `0x${Buffer.from(bytes).toString('hex')}`);
      assert.equal(deriveAddress(hex!, { prefix: a, evm: false }), address);
    }),
    { numRuns: 500 },
  );
});

test('balances(): a bad chain id or an address of another chain is refused before any request', async () => {
  const fake = await startFakeRouter({ timeScale: 0.01 });
  const client = createRouterClient(fake.url, { retryBaseMs: 10, timeoutMs: 3000 });
  const custom = new RouterClient(
    fake.url,
    new HttpClient({ ...DEFAULT_HTTP_OPTIONS, retryBaseMs: 10, timeoutMs: 3000, service: 'router' }),
    { addressPrefixes: addressPrefixes(CHAINS) },
  );
  try {
    fake.resetRequests();
    const refused: Array<[RouterClient, string, string]> = [
      [client, 'osmosis-1', INIT],
      [client, 'interwoven-1', OSMO],
      [client, 'interwoven-1', HEX],
      [client, '1', INIT],
      [client, '<b>', INIT],
      [client, 'interwoven-1', ''],
      [client, 'interwoven-1', INIT.slice(0, -1) + 'q'],
      [custom, 'zeta-rollup-1', OSMO],
      [custom, 'hidden-1', INIT],
    ];
    for (const [c, chainId, address] of refused) {
      const err = await rejection(c.balances(chainId, address));
      assert.equal(errorKind(err), 'input', `${chainId} ${address}: ${err.message}`);
    }
    assert.equal(fake.requests.length, 0, 'nothing was sent');
    // A valid address is sent once, with every denom of the chain asked for (whatever the fake answers).
    await client.balances('osmosis-1', OSMO).catch(() => undefined);
    await custom.balances('zeta-rollup-1', INIT.toUpperCase()).catch(() => undefined);
    assert.deepEqual(
      fake.requests.map((r) => `${r.method} ${r.path}`),
      ['POST /v2/info/balances', 'POST /v2/info/balances'],
    );
    assert.deepEqual(JSON.parse(fake.requests[0]!.body), { chains: { 'osmosis-1': { address: OSMO, denoms: [] } } });
    assert.deepEqual(JSON.parse(fake.requests[1]!.body), {
      chains: { 'zeta-rollup-1': { address: INIT, denoms: [] } },
    });
  } finally {
    client.dispose();
    custom.dispose();
    await fake.close();
  }
});
