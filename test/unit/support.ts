/** Small helpers the unit tests share. */
import assert from 'node:assert/strict';

/** The error a promise rejects with (fails the test if it resolves). */
export async function rejection(p: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await p;
  } catch (err) {
    return err as Error & Record<string, unknown>;
  }
  assert.fail('expected a rejection');
}
