/**
 * The input of each language-model tool, as zod schemas: the types are inferred from them, and package.json's
 * `languageModelTools[].inputSchema` is their JSON schema (a unit test holds the two equal). Only the shape is
 * declared here; what a value means (a hash of 64 hex digits, an address with its checksum, a configured network) is
 * checked by the tools with the same parsers as the UI, before any request, with a sentence that says what is wrong.
 * Pure: no VS Code.
 */
import * as z from 'zod/mini';
import { Tool } from '../platform/ids';

const network = z.optional(
  z.string().check(
    z.maxLength(200),
    z.describe(
      "The name of a network configured in the editor (a built-in one such as 'Initia Testnet', or one of the user's initia.networks profiles; initia_networkStatus lists them). Leave it out to use the network the user has chosen. Never a URL.",
    ),
  ),
);

const limit = z.optional(
  z.int().check(z.minimum(1), z.maximum(100), z.describe('How many items to list (default 10; never more than the user\'s initia.pageSize).')),
);

export const LookupInput = z.object({
  query: z.string().check(
    z.maxLength(300),
    z.describe(
      'What to look up, as the user wrote it: a transaction hash (64 hex digits, 0x for an EVM transaction), a block height, an account address (init1… or 0x + 40 hex), an NFT collection address or part of a collection name, or a denom (uinit, evm/0x…, ibc/…, move/…) for its largest holders.',
    ),
  ),
  kind: z.optional(
    z.enum(['transaction', 'block', 'account', 'collection', 'collectionName', 'denom']).check(
      z.describe('What the query is, when it could be several things (a 0x address can be an account or a collection). Leave it out otherwise.'),
    ),
  ),
  limit,
  network,
});
export type LookupInput = z.infer<typeof LookupInput>;

export const ExplainInput = z.object({
  hash: z.string().check(z.maxLength(100), z.describe('The transaction hash: 64 hex digits; with 0x for an EVM transaction hash.')),
  network,
});
export type ExplainInput = z.infer<typeof ExplainInput>;

export const ACCOUNT_TX_VIEWS = ['txs', 'signed', 'evmTxs', 'evmSigned'] as const;

export const AccountTransactionsInput = z.object({
  account: z.string().check(z.maxLength(100), z.describe('The account address: init1… (or the network\'s own prefix) or 0x + 40 hex digits.')),
  view: z.optional(
    z.enum(ACCOUNT_TX_VIEWS).check(
      z.describe("'txs' (default): every transaction that involves the account; 'signed': only those it signed; 'evmTxs' / 'evmSigned': EVM transactions (EVM networks only)."),
    ),
  ),
  messageTypes: z.optional(
    z.array(z.string().check(z.maxLength(200))).check(
      z.maxLength(10),
      z.describe("Only transactions with one of these message types, fully qualified (e.g. 'cosmos.bank.v1beta1.MsgSend'); views 'txs' and 'signed' only."),
    ),
  ),
  limit,
  network,
});
export type AccountTransactionsInput = z.infer<typeof AccountTransactionsInput>;

export const TransferStatusInput = z.object({
  txHash: z.string().check(z.maxLength(100), z.describe('The hash of the transaction that started the transfer, on its source chain.')),
  chainId: z.optional(
    z.string().check(
      z.maxLength(64),
      z.describe("The source chain's id (e.g. 'interwoven-1', or '1' for Ethereum). Needed only for a transfer the user has not tracked in the editor."),
    ),
  ),
  network,
});
export type TransferStatusInput = z.infer<typeof TransferStatusInput>;

export const NetworkStatusInput = z.object({ network });
export type NetworkStatusInput = z.infer<typeof NetworkStatusInput>;

/** Each tool's input schema, by its name. */
export const TOOL_INPUTS = {
  [Tool.Lookup]: LookupInput,
  [Tool.ExplainTransaction]: ExplainInput,
  [Tool.AccountTransactions]: AccountTransactionsInput,
  [Tool.TransferStatus]: TransferStatusInput,
  [Tool.NetworkStatus]: NetworkStatusInput,
} as const satisfies Record<Tool, z.ZodMiniObject>;

