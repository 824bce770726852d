/**
 * A Move table handle as a person types it (pure, alone: the features' lookup table reads it, and no bundle pulls the
 * rest of the Move code for it).
 */
import type { Parsed } from '../validate';

/** A Move table handle: an address (0x and up to 64 hex digits), as a resource's Table field shows it. */
export function parseTableHandle(input: string): Parsed<string> {
  const t = input.trim();
  return /^0x[0-9a-fA-F]{1,64}$/.test(t)
    ? { ok: true, value: t.toLowerCase() }
    : { ok: false, error: 'A table handle is 0x and up to 64 hex digits (a Table field of a resource shows it).' };
}
