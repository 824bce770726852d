/**
 * Identifiers and the one persisted-data test that activation (extension.ts) shares with the lazily loaded features:
 * defined once here, with no imports, so the activation bundle stays small and the two sides cannot drift apart.
 */

/** Document scheme of the indexer result documents. */
export const RESULT_SCHEME = 'initia';
/** Document scheme of the transfer status documents. */
export const TRANSFER_SCHEME = 'initia-transfer';
/** View type of the bridge webview panel (its serializer is registered at activation). */
export const BRIDGE_VIEW_TYPE = 'initia.bridge';
/** globalState key of the tracked transfers. */
export const TRANSFERS_KEY = 'initia.transfers.v1';

/** A tracked transfer that is still being followed: watched, not terminal, known to the router. */
export function isUnfinished(t: { watching?: boolean; last?: { terminal?: boolean }; problem?: string }): boolean {
  return !!t.watching && !t.last?.terminal && !t.problem;
}
