/**
 * Fields of the lookup table (queries.ts) that its rows read into another type than the address carries: a
 * transaction hash parsed once, where a document's address is read, and written back as text.
 */
import * as z from 'zod/mini';
import { parseTxHash, type TxHash } from './validate';

/** How a field that its row reads into another type (a hash) is written back into an address. */
export const WRITERS = new WeakMap<object, (value: never) => string>();

/**
 * A transaction hash: parsed once, where the address is read, into the TxHash the client takes (the parser's sentence
 * when it is none), and written back into an address as `text` gives it (`encodeDocumentAddress`). A transform rather
 * than a codec: zod's pipes and codecs would add 1.4–2 KB to the features bundle for this one field.
 */
export function txHash(text: (hash: TxHash) => string) {
  const field = z.transform((value: unknown, payload) => {
    if (typeof value !== 'string') payload.issues.push({ code: 'invalid_type', expected: 'string', input: value });
    else {
      const parsed = parseTxHash(value);
      if (parsed.ok) return parsed.value;
      payload.issues.push({ code: 'custom', message: parsed.error, input: value });
    }
    return z.NEVER;
  });
  WRITERS.set(field, text);
  return field;
}
