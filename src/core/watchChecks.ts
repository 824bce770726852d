/**
 * The one request a watch makes each time (core/watch.ts schedules them): the indexer's transaction by hash, or the
 * node's (EVM JSON-RPC receipt for a 0x hash on an EVM network, the Cosmos REST transaction otherwise), turned into
 * the scheduler's answer. "Not found" is not an error here: it is what a watch expects until the transaction is in.
 */
import { isNotFound } from './errors';
import type { IndexerClient } from './indexer/client';
import type { ChainClient } from './chain/client';
import { parseTxHash, type TxHash } from './validate';
import type { CheckAnswer } from './watch';

/** How a watch asks about a hash: on an EVM network a 0x hash is an EVM transaction's, anything else a cosmos one's. */
export interface WatchedHash {
  /** The hash as the node's endpoints take it (and the watch's key): 0x + lower-case for EVM, else upper-case. */
  hash: string;
  evm: boolean;
  /** The hash parsed, once, where the watch was asked for: what the indexer client takes. */
  parsed: TxHash;
}

/** The hash a watch follows, or the sentence that says why it cannot be one. */
export function watchedHash(input: string, networkIsEvm: boolean): WatchedHash | { error: string } {
  const parsed = parseTxHash(input);
  if (!parsed.ok) return { error: parsed.error };
  const evm = parsed.value.prefixed && networkIsEvm;
  return { hash: evm ? parsed.value.evm : parsed.value.cosmos, evm, parsed: parsed.value };
}

/** One question to the indexer: `found` with the outcome, or `pending` while it answers 404. */
export async function askIndexer(
  client: IndexerClient,
  target: WatchedHash,
  signal: AbortSignal,
): Promise<CheckAnswer> {
  try {
    if (target.evm) {
      const { tx } = await client.evmTx(target.parsed, signal);
      const ok = tx.status === '0x1';
      const height = Number.parseInt(tx.blockNumber, 16);
      return {
        kind: 'found',
        outcome: {
          ok,
          evm: true,
          height: Number.isSafeInteger(height) ? height : undefined,
          reason: ok ? undefined : 'reverted',
        },
      };
    }
    const { tx } = await client.tx(target.parsed, signal);
    const code = tx.code ?? 0;
    const height = Number(tx.height);
    return {
      kind: 'found',
      outcome: {
        ok: code === 0,
        evm: false,
        height: Number.isSafeInteger(height) ? height : undefined,
        code,
        codespace: tx.codespace || undefined,
        reason: code === 0 ? undefined : tx.raw_log || undefined,
      },
    };
  } catch (err) {
    if (isNotFound(err)) return { kind: 'pending' };
    throw err;
  }
}

/** One question to the node: `seen` once it has the transaction in a block, `pending` before. */
export async function askNode(
  node: ChainClient,
  target: Pick<WatchedHash, 'hash' | 'evm'>,
  signal: AbortSignal,
): Promise<CheckAnswer> {
  const tx = target.evm ? await node.evmTx(target.hash, signal) : await node.cosmosTx(target.hash, signal);
  if (!tx) return { kind: 'pending' };
  return { kind: 'seen', outcome: { ...tx, evm: target.evm } };
}
