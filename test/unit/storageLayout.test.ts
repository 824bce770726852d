/** Storage slots named by a compiler storage layout (core/evm/storageLayout.ts): variables, mapping entries by key. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keccakBytes } from '../../src/abi/decoder';
import { slotLabel, type Preimage } from '../../src/core/evm/storageLayout';
import { readStorageLayout } from '../../src/core/evm/storageLayoutRead';

const layout = readStorageLayout({
  storageLayout: {
    storage: [
      { label: 'total', slot: '0', offset: 0, type: 't_uint256' },
      { label: 'balanceOf', slot: '1', offset: 0, type: 't_mapping(t_address,t_uint256)' },
      { label: 'allowance', slot: '2', offset: 0, type: 't_mapping(t_address,t_mapping(t_address,t_uint256))' },
      { label: 'paused', slot: '3', offset: 0, type: 't_bool' },
      { label: 'owner', slot: '3', offset: 1, type: 't_address' },
    ],
    types: {
      t_address: { encoding: 'inplace', label: 'address', numberOfBytes: '20' },
      t_bool: { encoding: 'inplace', label: 'bool', numberOfBytes: '1' },
      t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' },
      't_mapping(t_address,t_uint256)': {
        encoding: 'mapping',
        key: 't_address',
        value: 't_uint256',
        label: 'mapping(address => uint256)',
        numberOfBytes: '32',
      },
      't_mapping(t_address,t_mapping(t_address,t_uint256))': {
        encoding: 'mapping',
        key: 't_address',
        value: 't_mapping(t_address,t_uint256)',
        label: 'mapping(address => mapping(address => uint256))',
        numberOfBytes: '32',
      },
    },
  },
})!;

const A = 0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266n;
const B = 0x5fbdb2315678afecb367f032d93f642f64180aa3n;
const hex = (v: bigint) => v.toString(16).padStart(64, '0');
const entry = (key: bigint, base: bigint) => BigInt(keccakBytes(Buffer.from(`${hex(key)}${hex(base)}`, 'hex')));

test('a variable by its slot; variables packed in one slot together', () => {
  assert.equal(slotLabel(layout, 0n, new Map()), 'total');
  assert.equal(slotLabel(layout, 3n, new Map()), 'paused, owner');
  assert.equal(slotLabel(layout, 9n, new Map()), undefined);
});

test('a mapping entry by its key, nested mappings too; a hash of something else stays unnamed', () => {
  const one = entry(A, 1n);
  const outer = entry(A, 2n);
  const inner = entry(B, outer);
  const images = new Map<bigint, Preimage>([
    [one, { key: A, base: 1n }],
    [outer, { key: A, base: 2n }],
    [inner, { key: B, base: outer }],
    [entry(A, 0n), { key: A, base: 0n }],
  ]);
  assert.equal(slotLabel(layout, one, images), `balanceOf[0x${A.toString(16)}]`);
  assert.equal(slotLabel(layout, inner, images), `allowance[0x${A.toString(16)}][0x${B.toString(16)}]`);
  assert.equal(slotLabel(layout, entry(A, 0n), images), undefined, 'total is no mapping');
});

test('an artifact without a storage layout, or with one of another shape, has none', () => {
  assert.equal(readStorageLayout({ abi: [] }), undefined);
  assert.equal(readStorageLayout({ storageLayout: { storage: 'x' } }), undefined);
});
