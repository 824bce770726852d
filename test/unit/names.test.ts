/**
 * Names for addresses from the workspace's deployments (core/names.ts): Foundry's run-latest.json (the fixture has
 * the shape foundry's ScriptSequence serialises), Hardhat Ignition's deployed_addresses.json, per chain id; and the
 * EVM chain id minievm gives a Cosmos chain id (its own test vector).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bech32 } from 'bech32';
import {
  NameBook,
  addressLabel,
  nameAccountFields,
  nameSummaryFields,
  namesChainFor,
  namesFileKind,
  parseNamesFile,
  shortAddress,
  type DeployedName,
} from '../../src/core/names';
import { evmChainIdOf, keccak256 } from '../../src/core/evmChainId';
import { msgsView, summaryViews } from '../../src/bridge/routeViews';
import type { Verification } from '../../src/core/router/verify';
import { OPS } from '../../src/bridge/protocol';
import { replyCheck } from '../../src/webview/rpc';

const FIXTURES = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'workspace-names');
const DEMO = '2665154421996606';
const VAULT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const TOKEN = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const BROKEN = '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0';

const read = (rel: string): DeployedName[] => {
  const parsed = parseNamesFile(readFileSync(join(FIXTURES, rel), 'utf8'), rel);
  assert.ok('names' in parsed, JSON.stringify(parsed));
  return parsed.names;
};

test('the EVM chain id of a Cosmos chain id, as minievm computes it (its test vector), and keccak-256', () => {
  assert.equal(evmChainIdOf('minievm'), '3212557983074529');
  assert.equal(evmChainIdOf('demo-evm-1'), DEMO);
  assert.equal(
    Buffer.from(keccak256(new Uint8Array())).toString('hex'),
    'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
  );
  assert.equal(
    Buffer.from(keccak256(new TextEncoder().encode('abc'))).toString('hex'),
    '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
  );
});

test('which files are deployments: broadcast *-latest.json (not dry runs), Ignition deployed_addresses.json', () => {
  assert.equal(namesFileKind('broadcast/Deploy.s.sol/31337/run-latest.json'), 'foundry');
  assert.equal(namesFileKind('contracts/broadcast/Deploy.s.sol/1/deployVault-latest.json'), 'foundry');
  assert.equal(namesFileKind('broadcast/Deploy.s.sol/31337/dry-run/run-latest.json'), undefined);
  assert.equal(namesFileKind('broadcast/Deploy.s.sol/31337/run-1764000000.json'), undefined);
  assert.equal(namesFileKind('ignition/deployments/chain-31337/deployed_addresses.json'), 'ignition');
  assert.equal(namesFileKind('node_modules/x/broadcast/A.s.sol/1/run-latest.json'), undefined);
  assert.equal(namesFileKind('out/Vault.sol/Vault.json'), undefined);
});

test('a Foundry broadcast: CREATE and additional contracts named, a failed deployment and calls not', () => {
  const names = read(`broadcast/Deploy.s.sol/${DEMO}/run-latest.json`);
  assert.deepEqual(
    names.map((n) => [n.name, n.address, n.chainId]),
    [
      ['Vault', VAULT.toLowerCase(), DEMO],
      ['Token', TOKEN.toLowerCase(), DEMO],
      ['TokenVesting', '0xcafac3dd18ac6c6e92c921884f9e4176737c052c', DEMO],
    ],
  );
  assert.ok(names.every((n) => n.tool === 'foundry' && n.at === 1_764_000_000_000));
  assert.match(names[0]!.txHash ?? '', /^0x[0-9a-f]{64}$/);
  assert.ok(!names.some((n) => n.address === BROKEN));
});

test('Ignition: the contract after "#", the chain from the folder', () => {
  const names = read(`ignition/deployments/chain-${DEMO}/deployed_addresses.json`);
  assert.deepEqual(
    names.map((n) => [n.name, n.address, n.chainId, n.tool]),
    [['Registry', '0x8a791620dd6260079bf849dc5567adc3f2fdc318', DEMO, 'ignition']],
  );
  const custom = parseNamesFile(
    '{"M#Thing":"0x8A791620dd6260079BF849Dc5567aDC3F2FdC318","bad":"0x12"}',
    'ignition/deployments/my-deploy/deployed_addresses.json',
  );
  assert.deepEqual('names' in custom && custom.names.map((n) => [n.name, n.chainId]), [['Thing', undefined]]);
});

test('broken or foreign files are a sentence, never a throw', () => {
  for (const [text, path] of [
    ['{', 'broadcast/A.s.sol/1/run-latest.json'],
    ['{"transactions": 5}', 'broadcast/A.s.sol/1/run-latest.json'],
    ['[1,2]', 'ignition/deployments/chain-1/deployed_addresses.json'],
    ['{}', 'package.json'],
  ] as const) {
    const parsed = parseNamesFile(text, path);
    assert.ok('error' in parsed, path);
  }
  // Hostile names are cut, addresses checked.
  const hostile = parseNamesFile(
    JSON.stringify({
      transactions: [
        { transactionType: 'CREATE', contractName: 'x'.repeat(500), contractAddress: VAULT },
        { transactionType: 'CREATE', contractName: 'Y', contractAddress: 'javascript:alert(1)' },
      ],
    }),
    'broadcast/A.s.sol/7/run-latest.json',
  );
  assert.ok('names' in hostile);
  assert.equal(hostile.names.length, 1);
  assert.equal(hostile.names[0]!.name.length, 100);
  assert.equal(hostile.names[0]!.chainId, '7', 'the chain from the folder when the file has none');
});

test('the book: names per chain id; the newest deployment first; files replaced and dropped', () => {
  const book = new NameBook();
  book.setFile(
    'file:///w/broadcast/Deploy.s.sol/2665154421996606/run-latest.json',
    read(`broadcast/Deploy.s.sol/${DEMO}/run-latest.json`),
  );
  book.setFile(
    'file:///w/broadcast/Deploy.s.sol/31337/run-latest.json',
    read('broadcast/Deploy.s.sol/31337/run-latest.json'),
  );
  assert.equal(book.lookup(VAULT, DEMO)?.name, 'Vault');
  assert.equal(book.lookup(VAULT.toLowerCase(), '31337')?.name, 'Counter');
  assert.equal(book.lookup(VAULT, '1'), undefined, 'another chain: no name');
  assert.equal(book.lookup(VAULT), undefined, 'chain unknown and two names: none');
  assert.equal(book.lookup(TOKEN)?.name, 'Token', 'chain unknown, one name everywhere');
  assert.deepEqual(
    book.all(VAULT).map((n) => n.name),
    ['Vault', 'Counter'],
  );
  const init = bech32.encode('init', bech32.toWords(Buffer.from(VAULT.slice(2), 'hex')));
  assert.equal(book.lookup(init, DEMO)?.name, 'Vault', 'an init1 address of the same bytes');
  assert.equal(book.removeUnder('file:///w/broadcast/Deploy.s.sol/31337'), 1);
  assert.equal(book.lookup(VAULT)?.name, 'Vault');
  book.setFile('file:///w/broadcast/Deploy.s.sol/2665154421996606/run-latest.json', []);
  assert.equal(book.size, 0);
});

test('labels read "Vault (0x5FbD…0aa3)", and view models get them on their account fields only', () => {
  assert.equal(addressLabel('Vault', VAULT), 'Vault (0x5FbD…0aa3)');
  assert.equal(shortAddress('init1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du'), 'init1qyqs…p7du');
  const view = {
    facts: [
      { label: 'From', text: VAULT, link: { kind: 'account', value: VAULT } },
      { label: 'Tx', text: 'abc', link: { kind: 'tx', value: 'abc' } },
      { label: 'Edited', text: 'something else', link: { kind: 'account', value: VAULT } },
    ],
    nested: { deep: [{ text: TOKEN, link: { kind: 'account', value: TOKEN } }] },
  };
  const named = nameAccountFields(view, (a) => (a === VAULT ? 'Vault' : undefined));
  assert.equal(named.facts[0]!.text, 'Vault (0x5FbD…0aa3)');
  assert.equal(named.facts[0]!.link.value, VAULT, 'the link still leads to the address');
  assert.equal(named.facts[1]!.text, 'abc');
  assert.equal(named.facts[2]!.text, 'something else');
  assert.equal(named.nested.deep[0]!.text, TOKEN);
  assert.equal(view.facts[0]!.text, VAULT, 'the input is left as it is');
});

test("the bridge's decoded messages keep the full address and get its name beside it", () => {
  const summaries = [
    {
      chainId: 'demo-evm-1',
      type: 'EVM call',
      fields: [
        { label: 'Contract', value: VAULT },
        { label: 'Amount', value: '1 INIT' },
        { label: 'Spender', value: TOKEN },
      ],
    },
  ];
  const named = nameSummaryFields(summaries, (a, chain) =>
    a === VAULT && chain === 'demo-evm-1' ? 'Vault' : undefined,
  );
  assert.deepEqual(named[0]!.fields[0], { label: 'Contract', value: VAULT, name: 'Vault' });
  assert.deepEqual(named[0]!.fields[1], { label: 'Amount', value: '1 INIT' });
  assert.deepEqual(named[0]!.fields[2], { label: 'Spender', value: TOKEN }, 'an address without a name');
  assert.equal(named[0]!.type, 'EVM call');
  assert.equal('name' in summaries[0]!.fields[0]!, false, 'the input is left as it is');
});

test("the bridge's protocol carries the name beside the address: the messages to sign and the OP hook, as the webview reads the reply", () => {
  const verification = {
    kind: 'matches' as const,
    effects: ['Calls Vault'],
    caveats: [],
    mismatches: [],
    unverified: [],
    summaries: [
      {
        tx: 0,
        chainId: 'demo-evm-1',
        kind: 'evm' as const,
        type: 'EVM call',
        fields: [
          { label: 'Contract', value: VAULT },
          { label: 'Amount', value: '1 INIT' },
        ],
      },
    ],
    signable: { txs: [] },
    ok: true,
  } as unknown as Verification;
  const nameOf = (a: string, chain: string | undefined) =>
    a === VAULT && chain === 'demo-evm-1' ? 'Vault' : undefined;
  const check = replyCheck(OPS);
  const msgs = check('msgs', { kind: 'msgs', msgs: msgsView(verification, nameOf) });
  assert.ok(msgs.ok, msgs.ok ? '' : msgs.error);
  assert.deepEqual(msgs.ok && msgs.value.kind === 'msgs' ? msgs.value.msgs.summaries[0]!.fields : undefined, [
    { label: 'Contract', value: VAULT, name: 'Vault' },
    { label: 'Amount', value: '1 INIT' },
  ]);
  const unnamed = check('msgs', { kind: 'msgs', msgs: msgsView(verification) });
  assert.deepEqual(
    unnamed.ok && unnamed.value.kind === 'msgs' ? unnamed.value.msgs.summaries[0]!.fields[0] : undefined,
    { label: 'Contract', value: VAULT },
    'no names: the field as it was',
  );
  assert.deepEqual(
    summaryViews(verification.summaries, nameOf)[0]!.fields[0],
    { label: 'Contract', value: VAULT, name: 'Vault' },
    'the OP hook the same way',
  );
});

test("names are matched by the chain id the network's node reports, else by minievm's for the profile (issue 34)", () => {
  const demo = { chainId: 'demo-evm-1', vm: 'minievm', jsonRpcUrl: 'http://127.0.0.1:7719' };
  assert.equal(namesChainFor(demo, '31337'), '31337', 'anvil answers its own');
  assert.equal(namesChainFor(demo, undefined), evmChainIdOf('demo-evm-1'), 'the node not asked or silent');
  assert.equal(namesChainFor({ ...demo, vm: 'minimove' }, '31337'), null, 'not an EVM network');
});
