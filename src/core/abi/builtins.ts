/**
 * The token standards' events and common functions, known without any file in the workspace (plain JSON ABI items).
 * Only the lazily loaded decoder (src/abi/decoder.ts, dist/abi.js) imports this module's values.
 *
 * ERC-20 and ERC-721 share the topic of `Transfer` and `Approval`: the decoder tells them apart by the number of
 * topics (3: ERC-20, the amount in the data; 4: ERC-721, the token id indexed). `ApprovalForAll` and
 * `setApprovalForAll` are the same in ERC-721 and ERC-1155 and are named ERC-721. The calldata of `approve` and
 * `transferFrom` cannot tell ERC-20 from ERC-721 apart (same selector, same types): they are decoded as ERC-20's.
 */
import type { AbiItem, AbiParameter, BuiltinStandard } from './artifacts';

const address = (name: string, indexed?: boolean): AbiParameter =>
  indexed === undefined ? { name, type: 'address' } : { name, type: 'address', indexed };
const uint = (name: string, indexed?: boolean): AbiParameter =>
  indexed === undefined ? { name, type: 'uint256' } : { name, type: 'uint256', indexed };
const event = (name: string, ...inputs: AbiParameter[]): AbiItem => ({ type: 'event', name, inputs, anonymous: false });
const fn = (name: string, inputs: AbiParameter[], outputs: AbiParameter[] = []): AbiItem => ({
  type: 'function',
  name,
  inputs,
  outputs,
  stateMutability: 'nonpayable',
});
const bool = (name: string): AbiParameter => ({ name, type: 'bool' });

const ERC20_ABI: readonly AbiItem[] = [
  event('Transfer', address('from', true), address('to', true), uint('value', false)),
  event('Approval', address('owner', true), address('spender', true), uint('value', false)),
  fn('transfer', [address('to'), uint('value')], [bool('')]),
  fn('approve', [address('spender'), uint('value')], [bool('')]),
  fn('transferFrom', [address('from'), address('to'), uint('value')], [bool('')]),
];

const ERC721_ABI: readonly AbiItem[] = [
  event('Transfer', address('from', true), address('to', true), uint('tokenId', true)),
  event('Approval', address('owner', true), address('approved', true), uint('tokenId', true)),
  event('ApprovalForAll', address('owner', true), address('operator', true), {
    name: 'approved',
    type: 'bool',
    indexed: false,
  }),
  fn('safeTransferFrom', [address('from'), address('to'), uint('tokenId')]),
  fn('safeTransferFrom', [address('from'), address('to'), uint('tokenId'), { name: 'data', type: 'bytes' }]),
  fn('setApprovalForAll', [address('operator'), bool('approved')]),
];

const ERC1155_ABI: readonly AbiItem[] = [
  event(
    'TransferSingle',
    address('operator', true),
    address('from', true),
    address('to', true),
    uint('id', false),
    uint('value', false),
  ),
  event(
    'TransferBatch',
    address('operator', true),
    address('from', true),
    address('to', true),
    { name: 'ids', type: 'uint256[]', indexed: false },
    { name: 'values', type: 'uint256[]', indexed: false },
  ),
  event('URI', { name: 'value', type: 'string', indexed: false }, uint('id', true)),
  fn('safeTransferFrom', [address('from'), address('to'), uint('id'), uint('value'), { name: 'data', type: 'bytes' }]),
  fn('safeBatchTransferFrom', [
    address('from'),
    address('to'),
    { name: 'ids', type: 'uint256[]' },
    { name: 'values', type: 'uint256[]' },
    { name: 'data', type: 'bytes' },
  ]),
];

/** In the order the decoder tries them (after the workspace's own ABIs). */
export const BUILTIN_ABIS: ReadonlyArray<{ standard: BuiltinStandard; abi: readonly AbiItem[] }> = [
  { standard: 'ERC-20', abi: ERC20_ABI },
  { standard: 'ERC-721', abi: ERC721_ABI },
  { standard: 'ERC-1155', abi: ERC1155_ABI },
];
