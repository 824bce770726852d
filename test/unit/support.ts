/** Small helpers the unit tests share. */
import assert from 'node:assert/strict';
import { ApiError, type ErrorKind } from '../../src/core/errors';

/** The error a promise rejects with (fails the test if it resolves). */
export async function rejection(p: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await p;
  } catch (err) {
    return err as Error & Record<string, unknown>;
  }
  assert.fail('expected a rejection');
}

/** The kind of one of the core's errors (undefined for anything else). */
export function errorKind(err: unknown): ErrorKind | undefined {
  return err instanceof ApiError ? err.kind : undefined;
}
