/**
 * The input of each language-model tool, as zod schemas: the types are inferred from them, and package.json's
 * `languageModelTools[].inputSchema` is their JSON schema plus a description of every field for the model (a unit
 * test holds the two to the same shape; the descriptions live only in package.json, so the bundle carries none).
 * Only the shape is declared here; what a value means (a hash of 64 hex digits, an address with its checksum, a
 * configured network) is checked by the tools with the UI's own parsers, before any request, with a sentence that
 * says what is wrong. Pure: no VS Code.
 */
import * as z from 'zod/mini';
import { Tool } from '../platform/ids';
import { lazySchema } from '../core/lazySchema';

/** A configured network's name (never a URL); the active network when left out. */
const network = lazySchema(() => z.optional(z.string().check(z.maxLength(200))));
/** How many items a list shows (10 by default, never more than `initia.pageSize`). */
const limit = lazySchema(() => z.optional(z.int().check(z.minimum(1), z.maximum(100))));

export const LookupInput = lazySchema(() =>
  z.object({
    query: z.string().check(z.maxLength(300)),
    kind: z.optional(z.enum(['transaction', 'block', 'account', 'collection', 'collectionName', 'denom', 'nft'])),
    limit,
    network,
  }),
);
export type LookupInput = z.infer<typeof LookupInput>;

export const ExplainInput = lazySchema(() =>
  z.object({
    hash: z.string().check(z.maxLength(100)),
    network,
  }),
);
export type ExplainInput = z.infer<typeof ExplainInput>;

export const AccountTransactionsInput = lazySchema(() =>
  z.object({
    account: z.string().check(z.maxLength(100)),
    view: z.optional(z.enum(['txs', 'signed', 'evmTxs', 'evmSigned'])),
    messageTypes: z.optional(z.array(z.string().check(z.maxLength(200))).check(z.maxLength(10))),
    limit,
    network,
  }),
);
export type AccountTransactionsInput = z.infer<typeof AccountTransactionsInput>;

export const TransferStatusInput = lazySchema(() =>
  z.object({
    txHash: z.string().check(z.maxLength(100)),
    chainId: z.optional(z.string().check(z.maxLength(64))),
    network,
  }),
);
export type TransferStatusInput = z.infer<typeof TransferStatusInput>;

export const NetworkStatusInput = lazySchema(() => z.object({ network }));
export type NetworkStatusInput = z.infer<typeof NetworkStatusInput>;

/** Each tool's input schema, by its name. */
export const TOOL_INPUTS = {
  [Tool.Lookup]: LookupInput,
  [Tool.ExplainTransaction]: ExplainInput,
  [Tool.AccountTransactions]: AccountTransactionsInput,
  [Tool.TransferStatus]: TransferStatusInput,
  [Tool.NetworkStatus]: NetworkStatusInput,
} as const satisfies Record<Tool, z.ZodMiniObject>;
