/**
 * ABIs from the workspace: the artifact layouts (Foundry, Hardhat, plain .abi.json) and broken files
 * (src/core/abi/artifacts.ts), and decoding with them and the built-in ERC-20 / ERC-721 / ERC-1155 items
 * (src/abi/decoder.ts, the lazily loaded bundle's code, imported straight from the TypeScript here).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  isArtifactPath,
  parseArtifact,
  MAX_ARTIFACT_BYTES,
  type Artifact,
  type DecodedArg,
} from '../../src/core/abi/artifacts';
import { BUILTIN_ABIS } from '../../src/core/abi/builtins';
import { buildIndex, decodeCallWith, decodeLogWith, eventTopic, functionSelector, render } from '../../src/abi/decoder';

const FIXTURE = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'workspace-abi');
const fixture = (rel: string) => readFileSync(join(FIXTURE, rel), 'utf8');

/** Reads a fixture file as the index does: its parse, with the relative path as its "URI". */
function artifact(rel: string): Artifact {
  const parsed = parseArtifact(fixture(rel), rel);
  if ('error' in parsed) assert.fail(`${rel}: ${parsed.error}`);
  return { contract: parsed.contract, file: rel, abi: parsed.abi };
}

const workspace = () => [
  artifact('out/Token.sol/Token.json'),
  artifact('artifacts/contracts/Vault.sol/Vault.json'),
  artifact('abi/Registry.abi.json'),
];

/** A 32-byte word: an address (left-padded) or an integer. */
const word = (v: string | bigint): string =>
  (typeof v === 'bigint' ? v.toString(16) : v.slice(2).toLowerCase()).padStart(64, '0');
const topic = (v: string | bigint) => `0x${word(v)}`;
const args = (list: DecodedArg[]) => Object.fromEntries(list.map((a) => [a.name, a.value]));

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';
const ZERO = '0x0000000000000000000000000000000000000000';

// ---------------------------------------------------------------------------------------------------------------
// Artifacts

test('Foundry artifact: the abi of out/<File>.sol/<Contract>.json, the contract named after the file', () => {
  const parsed = parseArtifact(fixture('out/Token.sol/Token.json'), 'file:///w/out/Token.sol/Token.json');
  assert.ok(!('error' in parsed));
  assert.equal(parsed.contract, 'Token');
  assert.equal(parsed.abi.length, 15);
  const minted = parsed.abi.find((i) => i.name === 'Minted');
  assert.deepEqual(minted, {
    type: 'event',
    name: 'Minted',
    anonymous: false,
    inputs: [
      { name: 'to', type: 'address', indexed: true },
      { name: 'amount', type: 'uint256', indexed: false },
      { name: 'memo', type: 'string', indexed: false },
    ],
  });
  // unknown fields (internalType, bytecode, metadata, …) are allowed and dropped
  assert.ok(!JSON.stringify(parsed.abi).includes('internalType'));
});

test('Hardhat artifact: contractName names it', () => {
  const parsed = parseArtifact(
    fixture('artifacts/contracts/Vault.sol/Vault.json'),
    'artifacts/contracts/Vault.sol/Renamed.json',
  );
  assert.ok(!('error' in parsed));
  assert.equal(parsed.contract, 'Vault');
  assert.deepEqual(
    parsed.abi.map((i) => `${i.type} ${i.name ?? ''}`),
    [
      'constructor ',
      'event Deposited',
      'event Withdrawn',
      'function asset',
      'function deposit',
      'function totalAssets',
      'function withdraw',
    ],
  );
});

test('plain .abi.json: a bare array; an item without type is a function', () => {
  const parsed = parseArtifact(fixture('abi/Registry.abi.json'), '/w/abi/Registry.abi.json');
  assert.ok(!('error' in parsed));
  assert.equal(parsed.contract, 'Registry');
  assert.equal(parsed.abi.find((i) => i.name === 'lookup')?.type, 'function');
});

test('broken artifacts: an error sentence each, naming the file and what is wrong', () => {
  const broken = parseArtifact(fixture('out/Broken.sol/Broken.json'), 'file:///w/out/Broken.sol/Broken.json');
  assert.ok('error' in broken);
  assert.equal(broken.notArtifact, false);
  assert.match(broken.error, /^Broken\.json is not valid JSON \(/);

  const badType = parseArtifact(
    JSON.stringify({ abi: [{ type: 'event', name: 'X', inputs: [{ name: 'a', type: 7 }] }] }),
    'out/X.sol/X.json',
  );
  assert.ok('error' in badType);
  assert.equal(badType.error, 'X.json: abi[0].inputs[0].type should be a string but is number 7');

  const notArray = parseArtifact(JSON.stringify({ abi: { type: 'function' } }), 'out/Y.sol/Y.json');
  assert.ok('error' in notArray);
  assert.match(notArray.error, /^Y\.json: abi should be an array but is an object$/);

  const huge = parseArtifact(' '.repeat(MAX_ARTIFACT_BYTES + 1), 'out/Z.sol/Z.json');
  assert.ok('error' in huge);
  assert.equal(huge.error, 'Z.json is larger than 5 MB: not read as an ABI');
});

test('JSON that is no artifact (no abi) is told apart from a broken one', () => {
  const other = parseArtifact(fixture('out/build-info/8f1c2a3b4d5e6f708192a3b4c5d6e7f8.json'), 'out/build-info/x.json');
  assert.ok('error' in other);
  assert.equal(other.notArtifact, true);
  const tsconfig = parseArtifact('{"compilerOptions":{}}', 'out/tsconfig.json');
  assert.ok('error' in tsconfig && tsconfig.notArtifact);
});

test('unknown item types are dropped, nameless parameters kept, lenient about extra fields', () => {
  const parsed = parseArtifact(
    JSON.stringify([
      { type: 'event', name: 'E', inputs: [{ type: 'uint256', indexed: true, extra: 1 }], anonymous: false, extra: {} },
      { type: 'someday', name: 'Future' },
      { type: 'receive', stateMutability: 'payable' },
    ]),
    'E.abi.json',
  );
  assert.ok(!('error' in parsed));
  assert.deepEqual(parsed.abi, [
    { type: 'event', name: 'E', inputs: [{ type: 'uint256', indexed: true }], anonymous: false },
    { type: 'receive', stateMutability: 'payable' },
  ]);
});

test('which paths the index reads (what the watcher keeps)', () => {
  for (const p of [
    'out/Token.sol/Token.json',
    'contracts/out/A.sol/A.json',
    'artifacts/contracts/Vault.sol/Vault.json',
    'abi/Registry.abi.json',
    'x.abi.json',
  ]) {
    assert.equal(isArtifactPath(p), true, p);
  }
  for (const p of [
    'artifacts/contracts/Vault.sol/Vault.dbg.json',
    'out/build-info/abc.json',
    'artifacts/build-info/abc.json',
    'node_modules/@oz/contracts/out/ERC20.sol/ERC20.json',
    'lib/node_modules/x/artifacts/A.json',
    'out/Token.sol/Token.js',
    'package.json',
    'output/A.json',
  ]) {
    assert.equal(isArtifactPath(p), false, p);
  }
});

// ---------------------------------------------------------------------------------------------------------------
// Built-in token ABIs

test('selectors and topics are keccak256 of the canonical signatures', () => {
  assert.equal(eventTopic('Transfer(address,address,uint256)'), TRANSFER);
  assert.equal(functionSelector('transfer(address,uint256)'), '0xa9059cbb');
  assert.equal(functionSelector('deposit(uint256,address)'), '0x6e553f65');
});

test('ERC-20 Transfer: a real USDC log (mainnet tx 0x2258…def7)', () => {
  const index = buildIndex([]);
  const decoded = decodeLogWith(index, {
    address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    topics: [
      TRANSFER,
      '0x00000000000000000000000028c6c06298d514db089934071355e5743bf21d60',
      '0x000000000000000000000000c1af05a7a4f27cd1b61de823ea31ab5049b38ea8',
    ],
    data: '0x0000000000000000000000000000000000000000000000000000000de5eaacc5',
  });
  assert.deepEqual(decoded, {
    name: 'Transfer',
    signature: 'Transfer(address,address,uint256)',
    builtin: 'ERC-20',
    args: [
      { name: 'from', type: 'address', value: '0x28C6c06298d514Db089934071355E5743bf21d60', indexed: true },
      { name: 'to', type: 'address', value: '0xc1AF05a7A4F27Cd1b61De823EA31aB5049b38eA8', indexed: true },
      { name: 'value', type: 'uint256', value: '59691936965' },
    ],
  });
});

test('ERC-721 Transfer: same topic 0, four topics (the token id indexed), no data', () => {
  const decoded = decodeLogWith(buildIndex([]), {
    address: '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D',
    topics: [TRANSFER, topic(ZERO), topic('0x46EFbAedc92067E6d60E84ED6395099723252496'), topic(8520n)],
    data: '0x',
  });
  assert.equal(decoded?.builtin, 'ERC-721');
  assert.deepEqual(args(decoded?.args ?? []), {
    from: ZERO,
    to: '0x46EFbAedc92067E6d60E84ED6395099723252496',
    tokenId: '8520',
  });
  assert.ok(decoded?.args.every((a) => a.indexed));
});

test('ERC-20 and ERC-721 Approval, ApprovalForAll', () => {
  const index = buildIndex([]);
  const owner = '0x28C6c06298d514Db089934071355E5743bf21d60';
  const spender = '0x1111111111111111111111111111111111111111';
  const erc20 = decodeLogWith(index, {
    address: ZERO,
    topics: [APPROVAL, topic(owner), topic(spender)],
    data: `0x${'f'.repeat(64)}`,
  });
  assert.equal(erc20?.builtin, 'ERC-20');
  assert.equal(args(erc20?.args ?? []).value, (2n ** 256n - 1n).toString());
  const erc721 = decodeLogWith(index, {
    address: ZERO,
    topics: [APPROVAL, topic(owner), topic(spender), topic(1n)],
    data: '0x',
  });
  assert.equal(erc721?.builtin, 'ERC-721');
  assert.deepEqual(args(erc721?.args ?? []), { owner, approved: spender, tokenId: '1' });
  const forAll = decodeLogWith(index, {
    address: ZERO,
    topics: [eventTopic('ApprovalForAll(address,address,bool)'), topic(owner), topic(spender)],
    data: topic(1n),
  });
  assert.equal(forAll?.name, 'ApprovalForAll');
  assert.equal(args(forAll?.args ?? []).approved, 'true');
});

test('ERC-1155 TransferSingle, TransferBatch and URI', () => {
  const index = buildIndex([]);
  const [operator, from, to] = [
    '0x4444444444444444444444444444444444444444',
    '0x5555555555555555555555555555555555555555',
    '0x6666666666666666666666666666666666666666',
  ];
  const single = decodeLogWith(index, {
    address: ZERO,
    topics: [
      '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62',
      topic(operator),
      topic(from),
      topic(to),
    ],
    data: `0x${word(7n)}${word(25n)}`,
  });
  assert.equal(single?.builtin, 'ERC-1155');
  assert.deepEqual(args(single?.args ?? []), { operator, from, to, id: '7', value: '25' });
  const batch = decodeLogWith(index, {
    address: ZERO,
    topics: [
      '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb',
      topic(operator),
      topic(from),
      topic(to),
    ],
    data: `0x${[0x40n, 0xa0n, 2n, 1n, 2n, 2n, 10n, 20n].map(word).join('')}`,
  });
  assert.equal(batch?.signature, 'TransferBatch(address,address,address,uint256[],uint256[])');
  assert.deepEqual(
    batch?.args.slice(3).map((a) => [a.name, a.type, a.value]),
    [
      ['ids', 'uint256[]', '["1","2"]'],
      ['values', 'uint256[]', '["10","20"]'],
    ],
  );
  const uri = decodeLogWith(index, {
    address: ZERO,
    topics: [eventTopic('URI(string,uint256)'), topic(7n)],
    data: '0x0000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000002168747470733a2f2f6578616d706c652e696e76616c69642f7b69647d2e6a736f6e00000000000000000000000000000000000000000000000000000000000000',
  });
  assert.deepEqual(args(uri?.args ?? []), { value: 'https://example.invalid/{id}.json', id: '7' });
});

test('built-in calls: ERC-20 transfer, ERC-1155 safeBatchTransferFrom', () => {
  const index = buildIndex([]);
  const transfer = decodeCallWith(index, {
    to: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    data: '0xa9059cbb000000000000000000000000c1af05a7a4f27cd1b61de823ea31ab5049b38ea80000000000000000000000000000000000000000000000000000000de5eaacc5',
  });
  assert.deepEqual(transfer, {
    name: 'transfer',
    signature: 'transfer(address,uint256)',
    builtin: 'ERC-20',
    args: [
      { name: 'to', type: 'address', value: '0xc1AF05a7A4F27Cd1b61De823EA31aB5049b38eA8' },
      { name: 'value', type: 'uint256', value: '59691936965' },
    ],
  });
  const batch = decodeCallWith(index, {
    data: `0x2eb2c2d6${word('0x4444444444444444444444444444444444444444')}${word('0x5555555555555555555555555555555555555555')}${[0xa0n, 0x100n, 0x160n, 2n, 1n, 2n, 2n, 10n, 20n, 0n].map(word).join('')}`,
  });
  assert.equal(batch?.builtin, 'ERC-1155');
  assert.deepEqual(args(batch?.args ?? []), {
    from: '0x4444444444444444444444444444444444444444',
    to: '0x5555555555555555555555555555555555555555',
    ids: '["1","2"]',
    values: '["10","20"]',
    data: '0x',
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The workspace's ABIs

test('the custom event of the Foundry artifact: Minted(address indexed to, uint256 amount, string memo)', () => {
  const index = buildIndex(workspace());
  assert.deepEqual(index.stats, { artifacts: 3, events: 6, functions: 16 });
  const decoded = decodeLogWith(index, {
    address: '0x7777777777777777777777777777777777777777',
    topics: [
      '0xE7CD4CE7F2A465EDC730269A1305E8A48BAD821E8FB7E152EC413829C01A53C4',
      topic('0x46EFbAedc92067E6d60E84ED6395099723252496'),
    ],
    data: '0x0000000000000000000000000000000000000000000000004563918244f400000000000000000000000000000000000000000000000000000000000000000040000000000000000000000000000000000000000000000000000000000000000b6c61756e636820f09f9a80000000000000000000000000000000000000000000',
  });
  assert.deepEqual(decoded, {
    name: 'Minted',
    signature: 'Minted(address,uint256,string)',
    contract: 'Token',
    file: 'out/Token.sol/Token.json',
    args: [
      { name: 'to', type: 'address', value: '0x46EFbAedc92067E6d60E84ED6395099723252496', indexed: true },
      { name: 'amount', type: 'uint256', value: '5000000000000000000' },
      { name: 'memo', type: 'string', value: 'launch 🚀' },
    ],
  });
});

test('the Hardhat artifact: Deposited and the deposit(uint256,address) call', () => {
  const index = buildIndex(workspace());
  const [caller, receiver] = [
    '0x1111111111111111111111111111111111111111',
    '0x2222222222222222222222222222222222222222',
  ];
  const log = decodeLogWith(index, {
    address: ZERO,
    topics: [eventTopic('Deposited(address,address,uint256,uint256)'), topic(caller), topic(receiver)],
    data: `0x${word(1_000_000n)}${word(999_000n)}`,
  });
  assert.equal(log?.contract, 'Vault');
  assert.equal(log?.file, 'artifacts/contracts/Vault.sol/Vault.json');
  assert.deepEqual(args(log?.args ?? []), { caller, receiver, assets: '1000000', shares: '999000' });
  const call = decodeCallWith(index, {
    to: ZERO,
    data: '0x6e553f6500000000000000000000000000000000000000000000000000000000000f42400000000000000000000000001111111111111111111111111111111111111111',
  });
  assert.deepEqual(call, {
    name: 'deposit',
    signature: 'deposit(uint256,address)',
    contract: 'Vault',
    file: 'artifacts/contracts/Vault.sol/Vault.json',
    args: [
      { name: 'assets', type: 'uint256', value: '1000000' },
      { name: 'receiver', type: 'address', value: caller },
    ],
  });
});

test('workspace ABIs win over the built-ins (their names), but only for logs of their shape', () => {
  const index = buildIndex(workspace());
  const usdc = {
    address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    topics: [
      TRANSFER,
      '0x00000000000000000000000028c6c06298d514db089934071355e5743bf21d60',
      '0x000000000000000000000000c1af05a7a4f27cd1b61de823ea31ab5049b38ea8',
    ],
    data: '0x0000000000000000000000000000000000000000000000000000000de5eaacc5',
  };
  const mine = decodeLogWith(index, usdc);
  assert.equal(mine?.contract, 'Token');
  assert.equal(mine?.builtin, undefined);
  // Token's Transfer has two indexed inputs: a four-topic Transfer is still ERC-721's
  const nft = decodeLogWith(index, {
    address: ZERO,
    topics: [TRANSFER, topic(ZERO), topic(ZERO), topic(1n)],
    data: '0x',
  });
  assert.equal(nft?.builtin, 'ERC-721');
  const call = decodeCallWith(index, {
    data: '0xa9059cbb000000000000000000000000c1af05a7a4f27cd1b61de823ea31ab5049b38ea80000000000000000000000000000000000000000000000000000000de5eaacc5',
  });
  assert.equal(call?.contract, 'Token');
});

test('several workspace ABIs with one topic: the first that decodes', () => {
  const a: Artifact = {
    contract: 'A',
    file: 'a',
    abi: [{ type: 'event', name: 'Paid', inputs: [{ name: 'who', type: 'string' }], anonymous: false }],
  };
  const b: Artifact = {
    contract: 'B',
    file: 'b',
    abi: [{ type: 'event', name: 'Paid', inputs: [{ name: 'who', type: 'string', indexed: true }], anonymous: false }],
  };
  const c: Artifact = {
    contract: 'C',
    file: 'c',
    abi: [{ type: 'event', name: 'Paid', inputs: [{ name: 'payer', type: 'string' }], anonymous: false }],
  };
  const index = buildIndex([a, b, c]);
  const paidTopic = eventTopic('Paid(string)');
  // one topic: A (not indexed) decodes first; a string that does not fit its data → none
  const first = decodeLogWith(index, {
    address: ZERO,
    topics: [paidTopic],
    data: `0x${word(0x20n)}${word(3n)}${'616263'.padEnd(64, '0')}`,
  });
  assert.deepEqual([first?.contract, first?.args[0]?.value], ['A', 'abc']);
  assert.equal(decodeLogWith(index, { address: ZERO, topics: [paidTopic], data: `0x${word(0x20n)}` }), undefined);
  // two topics: B (the string's hash in the topic)
  const hash = eventTopic('abc');
  const second = decodeLogWith(index, { address: ZERO, topics: [paidTopic, hash], data: '0x' });
  assert.deepEqual(
    [second?.contract, second?.args[0]],
    ['B', { name: 'who', type: 'string', value: hash, indexed: true }],
  );
});

test('plain .abi.json: arrays of strings, bytes32, and a function without type', () => {
  const index = buildIndex(workspace());
  const call = decodeCallWith(index, {
    data: '0x81e7d596abababababababababababababababababababababababababababababababab000000000000000000000000222222222222222222222222222222222222222200000000000000000000000000000000000000000000000000000000000000600000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000004000000000000000000000000000000000000000000000000000000000000000800000000000000000000000000000000000000000000000000000000000000001610000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000036222630000000000000000000000000000000000000000000000000000000000',
  });
  assert.equal(call?.contract, 'Registry');
  assert.deepEqual(args(call?.args ?? []), {
    label: `0x${'ab'.repeat(32)}`,
    owner: '0x2222222222222222222222222222222222222222',
    tags: '["a","b\\"c"]',
  });
  const lookup = decodeCallWith(index, { data: `${functionSelector('lookup(bytes32)')}${'00'.repeat(32)}` });
  assert.equal(lookup?.name, 'lookup');
});

test('tuples render as compact JSON of the same renderings; uint → uint256 in the signature', () => {
  const index = buildIndex([
    {
      contract: 'Book',
      abi: [
        {
          type: 'function',
          name: 'fill',
          inputs: [
            {
              name: 'order',
              type: 'tuple',
              components: [
                { name: 'maker', type: 'address' },
                { name: 'amount', type: 'uint' },
                { name: 'ok', type: 'bool' },
              ],
            },
            { name: 'path', type: 'uint8[]' },
            { name: 'blob', type: 'bytes' },
          ],
        },
      ],
    },
  ]);
  const call = decodeCallWith(index, {
    data: '0x1992b4950000000000000000000000003333333333333333333333333333333333333333000000000000000000000000000000000000000000000000ab54a98ceb1f0ad2000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000a000000000000000000000000000000000000000000000000000000000000001000000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000004deadbeef00000000000000000000000000000000000000000000000000000000',
  });
  assert.equal(call?.signature, 'fill((address,uint256,bool),uint8[],bytes)');
  assert.deepEqual(
    call?.args.map((a) => [a.name, a.type, a.value]),
    [
      [
        'order',
        '(address,uint256,bool)',
        '{"maker":"0x3333333333333333333333333333333333333333","amount":"12345678901234567890","ok":true}',
      ],
      ['path', 'uint8[]', '["1","2"]'],
      ['blob', 'bytes', '0xdeadbeef'],
    ],
  );
  assert.equal(render(10n), '10');
  assert.equal(render(false), 'false');
});

test('what no ABI knows, or what does not decode, is undefined (the caller shows it raw)', () => {
  const index = buildIndex(workspace());
  assert.equal(decodeLogWith(index, { address: ZERO, topics: [`0x${'12'.repeat(32)}`], data: '0x' }), undefined);
  assert.equal(decodeLogWith(index, { address: ZERO, topics: [], data: '0x' }), undefined);
  assert.equal(decodeLogWith(index, { address: ZERO, topics: ['0xnot-a-topic'], data: '0x' }), undefined);
  // a Transfer with 3 topics and no amount: neither ERC-20 (data missing) nor ERC-721 (a topic missing)
  assert.equal(
    decodeLogWith(index, { address: ZERO, topics: [TRANSFER, topic(ZERO), topic(ZERO)], data: '0x' }),
    undefined,
  );
  assert.equal(
    decodeLogWith(index, { address: ZERO, topics: [TRANSFER, topic(ZERO), topic(ZERO)], data: '0x12' }),
    undefined,
  );
  assert.equal(
    decodeLogWith(index, { address: ZERO, topics: [TRANSFER, topic(ZERO), topic(ZERO)], data: '0xzz' }),
    undefined,
  );
  assert.equal(decodeCallWith(index, { data: '0x12345678' }), undefined);
  assert.equal(decodeCallWith(index, { data: '0xa9059c' }), undefined);
  assert.equal(decodeCallWith(index, { data: '' }), undefined);
  assert.equal(decodeCallWith(index, { data: '0xa9059cbb' }), undefined, 'transfer without its arguments');
  assert.equal(decodeCallWith(index, { data: `0xa9059cbb${word(ZERO)}` }), undefined, 'transfer with one argument');
});

test('built-ins can be left out; the list covers the three standards', () => {
  assert.deepEqual(
    BUILTIN_ABIS.map((b) => b.standard),
    ['ERC-20', 'ERC-721', 'ERC-1155'],
  );
  const none = buildIndex([], { builtins: false });
  assert.equal(none.events.size + none.functions.size, 0);
});
