/**
 * A strict ABI codec for the few EVM functions the bridge check understands (ERC-20 transfer/approve/permit,
 * setApprovalForAll, LayerZero's OFT send). Calldata is decoded by the function's ABI and then encoded again: it must
 * give back exactly the same bytes, so extra bytes after the arguments, odd offsets or dirty padding are refused,
 * never "found anywhere". Pure; selectors are written out (a unit test recomputes them with viem's keccak).
 */
import { DecodeError, hexBytes, toHex } from './bytes';

type AbiType =
  | 'address'
  | 'bool'
  | 'uint8'
  | 'uint32'
  | 'uint64'
  | 'uint256'
  | 'bytes32'
  | 'bytes'
  | 'string'
  | { tuple: readonly AbiType[] };
export type AbiValue = string | bigint | boolean | AbiValue[];

interface AbiFunction {
  name: string;
  /** The canonical signature, e.g. `transfer(address,uint256)`. */
  signature: string;
  /** 8 hex digits, lower case. */
  selector: string;
  inputs: readonly AbiType[];
}

const isDynamic = (t: AbiType): boolean =>
  t === 'bytes' || t === 'string' || (typeof t === 'object' && t.tuple.some(isDynamic));
const BITS: Record<string, bigint> = { uint8: 8n, uint32: 32n, uint64: 64n, uint256: 256n };

function word(b: Uint8Array, at: number): Uint8Array {
  if (at + 32 > b.length) throw new DecodeError('calldata ends inside an argument');
  return b.subarray(at, at + 32);
}
const wordInt = (b: Uint8Array, at: number): bigint => BigInt(`0x${toHex(word(b, at))}`);

function decodeOne(t: AbiType, b: Uint8Array, at: number): AbiValue {
  if (typeof t === 'object') return decodeTuple(t.tuple, b, at);
  switch (t) {
    case 'address':
      return `0x${toHex(word(b, at).subarray(12))}`;
    case 'bool': {
      const v = wordInt(b, at);
      if (v > 1n) throw new DecodeError('a bool that is neither 0 nor 1');
      return v === 1n;
    }
    case 'bytes32':
      return `0x${toHex(word(b, at))}`;
    case 'bytes':
    case 'string': {
      const len = wordInt(b, at);
      if (len > BigInt(b.length)) throw new DecodeError('a length past the calldata');
      const start = at + 32;
      if (start + Number(len) > b.length) throw new DecodeError('bytes run past the calldata');
      const data = b.subarray(start, start + Number(len));
      if (t === 'bytes') return `0x${toHex(data)}`;
      return Buffer.from(data).toString('utf8');
    }
    default: {
      const v = wordInt(b, at);
      if (v >= 1n << BITS[t]!) throw new DecodeError(`a ${t} out of range`);
      return v;
    }
  }
}

function decodeTuple(types: readonly AbiType[], b: Uint8Array, base: number): AbiValue[] {
  let head = base;
  return types.map((t) => {
    let v: AbiValue;
    if (isDynamic(t)) {
      const offset = wordInt(b, head);
      if (offset > BigInt(b.length)) throw new DecodeError('an offset past the calldata');
      v = decodeOne(t, b, base + Number(offset));
    } else v = decodeOne(t, b, head);
    head += typeof t === 'object' && !isDynamic(t) ? 32 * t.tuple.length : 32;
    return v;
  });
}

const pad = (hex: string) => hex.padStart(64, '0');
const padRight = (hex: string) => (hex.length % 64 === 0 ? hex : hex + '0'.repeat(64 - (hex.length % 64)));

function encodeOne(t: AbiType, v: AbiValue): string {
  if (typeof t === 'object') return encodeTuple(t.tuple, v as AbiValue[]);
  switch (t) {
    case 'address':
      return pad((v as string).slice(2));
    case 'bool':
      return pad(v ? '1' : '0');
    case 'bytes32':
      return (v as string).slice(2);
    case 'bytes': {
      const hex = (v as string).slice(2);
      return pad((hex.length / 2).toString(16)) + padRight(hex);
    }
    case 'string': {
      const hex = Buffer.from(v as string, 'utf8').toString('hex');
      return pad((hex.length / 2).toString(16)) + padRight(hex);
    }
    default:
      return pad((v as bigint).toString(16));
  }
}

function encodeTuple(types: readonly AbiType[], values: readonly AbiValue[]): string {
  const heads: string[] = [];
  const tails: string[] = [];
  const headSize = types.reduce((n, t) => n + (typeof t === 'object' && !isDynamic(t) ? 32 * t.tuple.length : 32), 0);
  let tailAt = headSize;
  types.forEach((t, i) => {
    const enc = encodeOne(t, values[i]!);
    if (isDynamic(t)) {
      heads.push(pad(tailAt.toString(16)));
      tails.push(enc);
      tailAt += enc.length / 2;
    } else heads.push(enc);
  });
  return heads.join('') + tails.join('');
}

/** Calldata for a function (selector + arguments), lower-case hex with 0x. */
export function encodeCall(fn: AbiFunction, args: readonly AbiValue[]): string {
  return `0x${fn.selector}${encodeTuple(fn.inputs, args)}`;
}

/**
 * The function a calldata calls, among `known`, and its arguments; undefined when the selector is none of them.
 * Throws a DecodeError when the selector is known but the arguments are not exactly its canonical encoding.
 */
export function decodeCall(
  calldata: string,
  known: readonly AbiFunction[],
): { fn: AbiFunction; args: AbiValue[] } | undefined {
  const hex = calldata.replace(/^0x/i, '').toLowerCase();
  hexBytes(hex);
  const fn = known.find((f) => f.selector === hex.slice(0, 8));
  if (!fn) return undefined;
  const body = hexBytes(hex.slice(8));
  const args = decodeTuple(fn.inputs, body, 0);
  if (encodeCall(fn, args).slice(10) !== hex.slice(8))
    throw new DecodeError(`the arguments of ${fn.name} are not encoded as its ABI says (extra or reordered bytes)`);
  return { fn, args };
}

// ---------------------------------------------------------------------------------------------------------------
// The functions a bridge route's EVM transaction may call

const OFT_SEND_PARAM: AbiType = { tuple: ['uint32', 'bytes32', 'uint256', 'uint256', 'bytes', 'bytes', 'bytes'] };
const MESSAGING_FEE: AbiType = { tuple: ['uint256', 'uint256'] };

const ERC20_TRANSFER: AbiFunction = {
  name: 'transfer',
  signature: 'transfer(address,uint256)',
  selector: 'a9059cbb',
  inputs: ['address', 'uint256'],
};
export const ERC20_APPROVE: AbiFunction = {
  name: 'approve',
  signature: 'approve(address,uint256)',
  selector: '095ea7b3',
  inputs: ['address', 'uint256'],
};
const ERC20_TRANSFER_FROM: AbiFunction = {
  name: 'transferFrom',
  signature: 'transferFrom(address,address,uint256)',
  selector: '23b872dd',
  inputs: ['address', 'address', 'uint256'],
};
const ERC20_INCREASE_ALLOWANCE: AbiFunction = {
  name: 'increaseAllowance',
  signature: 'increaseAllowance(address,uint256)',
  selector: '39509351',
  inputs: ['address', 'uint256'],
};
const ERC20_PERMIT: AbiFunction = {
  name: 'permit',
  signature: 'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
  selector: 'd505accf',
  inputs: ['address', 'address', 'uint256', 'uint256', 'uint8', 'bytes32', 'bytes32'],
};
export const SET_APPROVAL_FOR_ALL: AbiFunction = {
  name: 'setApprovalForAll',
  signature: 'setApprovalForAll(address,bool)',
  selector: 'a22cb465',
  inputs: ['address', 'bool'],
};
/** LayerZero OFT v2 `send(SendParam, MessagingFee, address refundAddress)`. */
export const OFT_SEND: AbiFunction = {
  name: 'send',
  signature: 'send((uint32,bytes32,uint256,uint256,bytes,bytes,bytes),(uint256,uint256),address)',
  selector: 'c7c7f5b3',
  inputs: [OFT_SEND_PARAM, MESSAGING_FEE, 'address'],
};

export const KNOWN_EVM_FUNCTIONS: readonly AbiFunction[] = [
  ERC20_TRANSFER,
  ERC20_APPROVE,
  ERC20_TRANSFER_FROM,
  ERC20_INCREASE_ALLOWANCE,
  ERC20_PERMIT,
  SET_APPROVAL_FOR_ALL,
  OFT_SEND,
];
