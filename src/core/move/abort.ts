/**
 * A failed Move transaction's log in words (pure). MoveVM reports three strings (movevm: libmovevm/src/error/rust.rs),
 * which the chain passes on unchanged inside "failed to execute message; message index: N: …":
 *   VM aborted: location=<64 hex>::<module>, code=<u64>          an `abort` / `assert!` in a module
 *   VM failure: <STATUS>, location=<…>, function=<u16>, code_offset=<u16>   an execution failure (arithmetic, …)
 *   VM error: <message>                                           verification, linking, argument errors
 * An abort code is `(category << 16) + reason` (move_stdlib's error.move); naming the reason is naming.ts's work.
 */
import { shortAddress } from './types';

/** move_stdlib's error categories (precompile/modules/move_stdlib/sources/error.move). */
export const ABORT_CATEGORIES: Readonly<Record<number, { name: string; words: string }>> = {
  0x1: { name: 'INVALID_ARGUMENT', words: 'an argument was invalid' },
  0x2: { name: 'OUT_OF_RANGE', words: 'an input or result was out of range' },
  0x3: { name: 'INVALID_STATE', words: 'the state did not allow the operation' },
  0x4: { name: 'UNAUTHENTICATED', words: 'a signature or authentication check failed' },
  0x5: { name: 'PERMISSION_DENIED', words: 'the signer may not do this' },
  0x6: { name: 'NOT_FOUND', words: 'a resource or record was not found' },
  0x7: { name: 'ABORTED', words: 'the operation was aborted' },
  0x8: { name: 'ALREADY_EXISTS', words: 'a resource or record already exists' },
  0x9: { name: 'RESOURCE_EXHAUSTED', words: 'a limit was reached' },
  0xa: { name: 'CANCELLED', words: 'the operation was cancelled' },
  0xb: { name: 'INTERNAL', words: 'an internal error' },
  0xc: { name: 'NOT_IMPLEMENTED', words: 'the operation is not implemented' },
  0xd: { name: 'UNAVAILABLE', words: 'the service is unavailable' },
};

/** What a VM failure status means, for the ones a developer meets most (move-core-types' StatusCode). */
const FAILURE_WORDS: Readonly<Record<string, string>> = {
  ARITHMETIC_ERROR: 'an arithmetic error: an overflow, an underflow or a division by zero',
  OUT_OF_GAS: 'the transaction ran out of gas',
  EXECUTION_STACK_OVERFLOW: 'the call stack overflowed',
  CALL_STACK_OVERFLOW: 'the call stack overflowed',
  VECTOR_OPERATION_ERROR: 'a vector operation failed: an index out of bounds or a pop from an empty vector',
  MISSING_DATA: 'a resource the code reads does not exist',
  RESOURCE_DOES_NOT_EXIST: 'a resource the code reads does not exist',
  RESOURCE_ALREADY_EXISTS: 'a resource the code moves to an account already exists there',
  STORAGE_ERROR: 'a storage read or write failed',
  MEMORY_LIMIT_EXCEEDED: 'the transaction used more memory than allowed',
};

export interface ModuleRef {
  /** Short hex, as Move writes it: `0x1`, `0xcafe…`. */
  address: string;
  module: string;
}

export type MoveFailure =
  | (ModuleRef & { kind: 'aborted'; code: bigint; category: number; reason: number })
  | (ModuleRef & { kind: 'failure'; status: string; functionIndex: number; codeOffset: number })
  | { kind: 'error'; message: string; status?: string };

const LOCATION = String.raw`(?:0x)?([0-9a-fA-F]{1,64})::([A-Za-z_][A-Za-z0-9_]*)`;
const ABORTED = new RegExp(String.raw`VM aborted: location=${LOCATION}, code=(\d{1,20})`);
const FAILURE = new RegExp(
  String.raw`VM failure: ([A-Z_]+), location=${LOCATION}, function=(\d{1,5}), code_offset=(\d{1,5})`,
);
const VM_ERROR = /VM error: (.*)$/s;
const STATUS = /status ([A-Z_]+)/;
const U64_MAX = (1n << 64n) - 1n;

/** The Move failure a tx log (or an error message) reports, or undefined when it holds none. */
export function parseMoveFailure(log: string): MoveFailure | undefined {
  const aborted = ABORTED.exec(log);
  if (aborted) {
    const code = BigInt(aborted[3]!);
    if (code > U64_MAX) return undefined;
    return {
      kind: 'aborted',
      address: shortAddress(aborted[1]!),
      module: aborted[2]!,
      code,
      category: Number((code >> 16n) & 0xffn),
      reason: Number(code & 0xffffn),
    };
  }
  const failure = FAILURE.exec(log);
  if (failure) {
    return {
      kind: 'failure',
      status: failure[1]!,
      address: shortAddress(failure[2]!),
      module: failure[3]!,
      functionIndex: Number(failure[4]),
      codeOffset: Number(failure[5]),
    };
  }
  const error = VM_ERROR.exec(log);
  if (error) {
    const message = error[1]!.trim();
    const status = STATUS.exec(message)?.[1];
    return status ? { kind: 'error', message, status } : { kind: 'error', message };
  }
  return undefined;
}

/** `0x10004` for 65540. */
export function hexCode(code: bigint): string {
  return `0x${code.toString(16)}`;
}

/** "INVALID_ARGUMENT (an argument was invalid), reason 4", or the bare code when it follows no category. */
export function categoryWords(failure: { code: bigint; category: number; reason: number }): string {
  const category = ABORT_CATEGORIES[failure.category];
  if (!category || failure.code >> 24n !== 0n) return `code ${failure.code} (${hexCode(failure.code)})`;
  return `${category.name} (${category.words}), reason ${failure.reason}`;
}

/** A VM failure or error in words: what the status means where it is known. */
export function failureWords(failure: Exclude<MoveFailure, { kind: 'aborted' }>): string {
  if (failure.kind === 'failure') {
    const words = FAILURE_WORDS[failure.status] ?? `the VM stopped with ${failure.status}`;
    return `${words}, in ${failure.address}::${failure.module} (function #${failure.functionIndex}, at code offset ${failure.codeOffset})`;
  }
  const words = failure.status ? FAILURE_WORDS[failure.status] : undefined;
  return words ? `${words}: ${failure.message}` : `the VM refused the call: ${failure.message}`;
}
