/**
 * Strict standard base64 (pure, no dependencies, so any bundle may take it without pulling another's code): padding
 * required, nothing but the alphabet. The bridge check, Move arguments and Wasm messages read base64 through it.
 */

/** The bytes of strict standard base64, or undefined when the text is not that. */
export function strictBase64(s: string): Uint8Array | undefined {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s)) return undefined;
  return new Uint8Array(Buffer.from(s, 'base64'));
}
