/** Hex text and bytes (pure, no dependencies, so any bundle may take it). */

/** The bytes of hex text, with or without its 0x. */
export const bytesOfHex = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text.replace(/^0x/, ''), 'hex'));

/** Bytes as 0x-prefixed hex. */
export const hexOfBytes = (bytes: Uint8Array): string => `0x${Buffer.from(bytes).toString('hex')}`;
