/** Terminal links: what a line of `cast`, `forge`, `minitiad` or `weave` output links to, and what it never does. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bech32 } from 'bech32';
import { MAX_LINKS_PER_LINE, bech32Valid, scanTerminalLine, type TerminalFound } from '../../src/core/terminalScan';
import { txHashAt } from '../../src/core/linkScan';

const COSMOS = '47BF9B7CB61960FA212A8B5F26C30B959E4C77FE71303F2282C0CB35DEDEFCB8';
const EVM = '0xedae1838f9887073ad402ab58227fbff9fc3ac3496da14470f4a305535cd3ac4';
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const EOA = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const INIT = bech32.encode('init', bech32.toWords(Buffer.from('f39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'hex')));
const INIT_OBJECT = bech32.encode('init', bech32.toWords(Buffer.alloc(32, 7)), 120);

const kinds = (line: string) => scanTerminalLine(line).map((f) => [f.kind, f.value] as const);
const text = (line: string, f: TerminalFound) => line.slice(f.start, f.start + f.length);

test('forge script and forge create output: the hash, the contract, the block', () => {
  assert.deepEqual(kinds(`✅  [Success] Hash: ${EVM}`), [['tx', EVM]]);
  assert.deepEqual(kinds(`Contract Address: ${CONTRACT}`), [['contract', CONTRACT]]);
  assert.deepEqual(kinds('Block: 1234'), [['block', '1234']]);
  assert.deepEqual(kinds(`Deployer: ${EOA}`), [['account', EOA]]);
  assert.deepEqual(kinds(`Deployed to: ${CONTRACT}`), [['contract', CONTRACT]]);
  assert.deepEqual(kinds(`Transaction hash: ${EVM}`), [['tx', EVM]]);
  assert.deepEqual(kinds('Paid: 0.000341922 ETH (341922 gas * 1 gwei)'), []);
});

test('cast send receipt: transaction hash, block number, addresses; the block hash and the bloom are not transactions', () => {
  assert.deepEqual(
    kinds(`blockHash            0x2472ac00b89c5894fcbd92ccce0dd96530df256061f2c33118b6b23bda660cd8`),
    [],
  );
  assert.deepEqual(kinds('blockNumber          3'), [['block', '3']]);
  assert.deepEqual(kinds(`contractAddress      ${CONTRACT}`), [['contract', CONTRACT]]);
  assert.deepEqual(kinds(`from                 ${EOA}`), [['account', EOA]]);
  assert.deepEqual(kinds(`logsBloom            0x${'0'.repeat(512)}`), []);
  assert.deepEqual(kinds('status               1 (success)'), []);
  assert.deepEqual(kinds(`transactionHash      ${EVM}`), [['tx', EVM]]);
  assert.deepEqual(kinds(`root                 0x${'a'.repeat(64)}`), []);
  assert.deepEqual(kinds(`topics: [0x${'b'.repeat(64)}]`), []);
});

test('minitiad tx output (YAML and JSON): txhash and height; height 0 (not yet in a block) is no link', () => {
  assert.deepEqual(kinds(`txhash: ${COSMOS}`), [['tx', COSMOS]]);
  assert.deepEqual(kinds('height: "0"'), []);
  assert.deepEqual(kinds('height: "5068220"'), [['block', '5068220']]);
  const json = `{"height":"42","txhash":"${COSMOS}","codespace":"","code":0}`;
  const found = scanTerminalLine(json);
  assert.deepEqual(
    found.map((f) => [f.kind, f.value]),
    [
      ['block', '42'],
      ['tx', COSMOS],
    ],
  );
  for (const f of found) assert.equal(text(json, f), f.value);
});

test('init1 addresses with a valid checksum (20 and 32 bytes); a typo is no link', () => {
  assert.deepEqual(kinds(`gas station: ${INIT}`), [['account', INIT]]);
  assert.deepEqual(kinds(`object ${INIT_OBJECT}`), [['account', INIT_OBJECT]]);
  const typo = `${INIT.slice(0, -1)}${INIT.endsWith('q') ? 'p' : 'q'}`;
  assert.deepEqual(kinds(`gas station: ${typo}`), []);
  assert.equal(bech32Valid(INIT), true);
  assert.equal(bech32Valid(typo), false);
});

test('the same hashes as the hover: 64 hex standing alone, 0x optional; longer runs and words are not hashes', () => {
  const lines = [
    `tx ${COSMOS} included`,
    `hash=${EVM};`,
    `[${COSMOS.toLowerCase()}]`,
    `x${COSMOS}`,
    `${COSMOS}0`,
    `${COSMOS}${COSMOS}`,
    `0x${COSMOS.slice(1)}`,
    `_${COSMOS}`,
  ];
  for (const line of lines) {
    const hover = txHashAt(line, line.search(/[0-9A-F]{20}/i) + 5);
    const terminal = scanTerminalLine(line).filter((f) => f.kind === 'tx');
    assert.equal(terminal.length, hover ? 1 : 0, line);
    if (hover) assert.equal(terminal[0]!.start, hover.start, line);
  }
});

test('several links in a line, in order, with exact ranges', () => {
  const line = `sent ${EVM} from ${EOA} to ${CONTRACT} at height 77 (${INIT})`;
  const found = scanTerminalLine(line);
  assert.deepEqual(
    found.map((f) => f.kind),
    ['tx', 'account', 'account', 'block', 'account'],
  );
  for (const f of found) assert.equal(text(line, f), f.value);
});

test('heights only after height / block words, whole numbers only', () => {
  assert.deepEqual(kinds('compiled 12 files in 3.21s'), []);
  assert.deepEqual(kinds('Block Number: 19'), [['block', '19']]);
  assert.deepEqual(kinds('block_height=88'), [['block', '88']]);
  assert.deepEqual(kinds('height 3.5'), []);
  assert.deepEqual(kinds('blockheight 12'), [['block', '12']]);
  assert.deepEqual(kinds('subheight 12'), []);
  assert.deepEqual(kinds('weight 12'), []);
  assert.deepEqual(kinds(`height ${'9'.repeat(20)}`), []);
});

test('a line of a thousand hashes gives the first ones only', () => {
  const line = Array.from({ length: 1000 }, () => COSMOS).join(' ');
  assert.equal(scanTerminalLine(line).length, MAX_LINKS_PER_LINE);
});

test('hostile or odd lines: nothing thrown, nothing found', () => {
  for (const line of [
    '',
    ' ',
    '\u0000\u001b[31m',
    'height',
    'init1',
    `0x${'g'.repeat(64)}`,
    '٣٤٥',
    'height: "-5"',
    'a'.repeat(10_000),
  ]) {
    assert.deepEqual(scanTerminalLine(line), [], JSON.stringify(line.slice(0, 20)));
  }
});
