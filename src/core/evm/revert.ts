/**
 * Revert data in words (pure): Solidity's `Error(string)` (a `require` or `revert` with a message) and `Panic(uint256)`
 * (a failed check the compiler inserted: overflow, division by zero, array index…) are decoded here; any other
 * 4-byte selector is a custom error, which the workspace's ABIs decode (src/abi/, the decoder bundle).
 */

const ERROR_SELECTOR = '0x08c379a0';
const PANIC_SELECTOR = '0x4e487b71';

/** Solidity's panic codes (docs.soliditylang.org, "Panic via assert and Error via require"). */
const PANIC_CODES: Readonly<Record<number, string>> = {
  0x00: 'a generic compiler panic',
  0x01: 'an assert failed',
  0x11: 'an arithmetic overflow or underflow',
  0x12: 'a division or modulo by zero',
  0x21: 'a conversion to an enum out of its range',
  0x22: 'a storage byte array incorrectly encoded',
  0x31: 'pop() on an empty array',
  0x32: 'an array index out of bounds',
  0x41: 'too much memory allocated, or an array too large',
  0x51: 'a call to a zero-initialised function variable',
};

export type Revert =
  /** No data: `revert()`, `require(x)` without a message, or a failure that returns nothing (out of gas, …). */
  | { kind: 'empty' }
  | { kind: 'error'; message: string }
  | { kind: 'panic'; code: bigint; words: string }
  /** A custom error (or data no ABI says): its selector and the whole data. */
  | { kind: 'custom'; selector: string; data: string };

const HEX = /^0x([0-9a-f]{2})*$/;

function wordAt(hex: string, byte: number): bigint | undefined {
  const start = 2 + byte * 2;
  if (hex.length < start + 64) return undefined;
  return BigInt(`0x${hex.slice(start, start + 64)}`);
}

/** The panic code in words: "a division or modulo by zero (0x12)". */
export function panicWords(code: bigint): string {
  const hex = `0x${code.toString(16).padStart(2, '0')}`;
  const known = code <= 0xffn ? PANIC_CODES[Number(code)] : undefined;
  return known ? `${known} (${hex})` : `an unknown panic code ${hex}`;
}

/** Revert data (0x hex, any case) read as far as no ABI is needed. */
export function classifyRevert(data: string): Revert {
  const hex = data.toLowerCase();
  if (!HEX.test(hex) || hex.length < 10) return { kind: 'empty' };
  const selector = hex.slice(0, 10);
  if (selector === PANIC_SELECTOR && hex.length === 10 + 64) {
    const code = wordAt(hex, 4)!;
    return { kind: 'panic', code, words: panicWords(code) };
  }
  if (selector === ERROR_SELECTOR) {
    const message = decodeErrorString(hex);
    if (message !== undefined) return { kind: 'error', message };
  }
  return { kind: 'custom', selector, data: hex };
}

/** `Error(string)`'s message, or undefined when the data is not a well-formed one. */
function decodeErrorString(hex: string): string | undefined {
  const offset = wordAt(hex, 4);
  if (offset === undefined || offset > 1_000_000n) return undefined;
  const at = 4 + Number(offset);
  const length = wordAt(hex, at);
  if (length === undefined || length > 100_000n) return undefined;
  const start = 2 + (at + 32) * 2;
  const end = start + Number(length) * 2;
  if (hex.length < end) return undefined;
  const bytes = new Uint8Array(Number(length));
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(start + i * 2, start + i * 2 + 2), 16);
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/** A revert in words, as far as this module can say (a custom error without its ABI is its selector and bytes). */
export function revertWords(revert: Revert): string {
  switch (revert.kind) {
    case 'empty':
      return 'reverted without a reason';
    case 'error':
      return `Error("${revert.message}")`;
    case 'panic':
      return `Panic: ${revert.words}`;
    case 'custom':
      return `custom error ${revert.selector} (no ABI in the workspace has it)`;
  }
}
