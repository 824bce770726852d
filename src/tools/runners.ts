/**
 * What each language-model tool does, once its input has the declared shape: the values checked with the UI's own
 * parsers (before any request), the lookup, explain, tracker or status read made (one request for a lookup, as the
 * Look Up command makes it), and the answer written as result text. Every tool is read-only: nothing here sends,
 * signs, tracks or changes a setting.
 */
import {
  classify,
  describeTarget,
  describeUnrecognised,
  parseAccount,
  parseMsgType,
  parseTxHash,
  type TxHash,
  ACCOUNT_PREFIX,
  type LookupTarget,
} from '../core/validate';
import { parseChainId } from '../core/router/inputs';
import { runQuery, type AccountView, type Query } from '../core/queries';
import { isNotFound, errorMessage, HttpError, InputError } from '../core/errors';
import { isUnavailable } from '../core/capabilities';
import { normaliseTxHash } from '../core/router/client';
import { transferView } from '../core/router/transfer';
import { claimText, type TrackedTransfer } from '../core/router/records';
import type { NetworkProfile } from '../core/networks';
import type { Block } from '../core/indexer/schemas';
import type { Services } from '../platform/services';
import type { ExplainView } from '../explain/protocol';
import type {
  AccountTransactionsInput,
  ExplainInput,
  LookupInput,
  NetworkStatusInput,
  TransferStatusInput,
} from './inputs';
import { networkLine, renderQuery, toolLimit } from './render';
import { renderExplain } from './renderExplain';
import { renderNetworkStatus, renderTrackedTransfer, renderTransferView } from './renderStatus';
import { LIMITS, type Result, data, val } from './text';

export interface ToolContext {
  services: Services;
  /** Explain Transaction's view of a hash (explain/panel.ts `describe`: the panel is not touched). */
  explain: (hash: TxHash, network: NetworkProfile, signal: AbortSignal) => Promise<ExplainView>;
  /** The transfers the user tracks (src/transfers/tracker.ts), and whether this window polls one. */
  transfers: () => readonly TrackedTransfer[];
  polledHere: (t: TrackedTransfer) => boolean;
  /** The network the tool runs on (the active one unless the input named another). */
  network: NetworkProfile;
  signal: AbortSignal;
  now: () => number;
}

/** Bad input, said before any request. */
function refuse(message: string): never {
  throw new InputError(message);
}

/** What `kind` calls each reading of a query. */
const KINDS: Record<LookupTarget['kind'], NonNullable<LookupInput['kind']>> = {
  tx: 'transaction',
  block: 'block',
  account: 'account',
  collection: 'collection',
  collectionName: 'collectionName',
  denom: 'denom',
  nft: 'nft',
};

const KIND_WORDS: Record<NonNullable<LookupInput['kind']>, string> = {
  transaction: 'a transaction hash',
  block: 'a block height',
  account: 'an account address',
  collection: 'a collection address',
  collectionName: 'a collection name',
  denom: 'a denom',
  nft: 'an NFT (collection address and token id)',
};

function queryOf(target: LookupTarget): Query {
  switch (target.kind) {
    case 'tx':
      return { op: 'tx', hash: target.hash, evmFirst: target.hash.prefixed };
    case 'block':
      return { op: 'block', height: target.height };
    case 'account':
      return { op: 'account', account: target.address.value, view: 'txs' };
    case 'collection':
      return { op: 'collection', address: target.address.value };
    case 'collectionName':
      return { op: 'collectionsByName', name: target.name };
    case 'denom':
      return { op: 'richList', denom: target.denom };
    case 'nft':
      return { op: 'nftHistory', address: target.address.value, tokenId: target.tokenId };
  }
}

/** One lookup of the table (one request, as Look Up makes it) written as a result; "not found" is an answer. */
async function runLookup(ctx: ToolContext, out: Result, query: Query, limit: number): Promise<void> {
  const { services, network, signal } = ctx;
  try {
    const result = await runQuery(services.indexer(network), query, { limit }, signal, {
      capabilities: services.capabilitySource(network),
    });
    renderQuery(out, network, query, result, limit);
  } catch (err) {
    if (isUnavailable(err)) {
      out.add(`Not available on this network: ${err.reason}.`);
      return;
    }
    if (!isNotFound(err)) throw err;
    out.add(
      `Not found on this network: ${serverSays(err)}`,
      query.op === 'tx'
        ? 'A transaction broadcast a few seconds ago may not be indexed yet (initia_networkStatus says how far the indexer lags), or it may be on another network.'
        : undefined,
    );
  }
}

/** An HTTP failure in words, the server's own text quoted as data. */
export function serverSays(err: unknown): string {
  if (err instanceof HttpError) {
    return `the ${err.service} answered ${err.status}${err.serverMessage ? ` ${data(err.serverMessage, LIMITS.reason)}` : ''}.`;
  }
  return data(errorMessage(err), LIMITS.reason);
}

/** `initia_lookup`: a hash, height, address, collection or denom, recognised as Look Up recognises it. */
export async function lookup(ctx: ToolContext, input: LookupInput, out: Result): Promise<void> {
  const targets = classify(input.query);
  if (targets.length === 0) refuse(describeUnrecognised(input.query));
  let readings = targets;
  if (input.kind) {
    readings = targets.filter((t) => KINDS[t.kind] === input.kind);
    if (readings.length === 0)
      refuse(
        `${data(input.query, LIMITS.short)} is not ${KIND_WORDS[input.kind]}: it reads as ${targets.map(describeTarget).join(' or ')}.`,
      );
  }
  const target = readings[0]!;
  const limit = toolLimit(input.limit, ctx.services.settings.get('pageSize'));
  out.add(networkLine(ctx.network), `Read as: ${describeTarget(target)}.`);
  const others = targets.filter((t) => t !== target);
  if (!input.kind && others.length) {
    out.add(
      `It could also be: ${others.map((t) => `${describeTarget(t)} (kind '${KINDS[t.kind]}')`).join('; ')}. To look it up as that, call again with kind set.`,
    );
  }
  await runLookup(ctx, out, queryOf(target), limit);
}

/** `initia_accountTransactions`: an account's latest transactions, with the message-type filter. */
export async function accountTransactions(
  ctx: ToolContext,
  input: AccountTransactionsInput,
  out: Result,
): Promise<void> {
  const prefix = ctx.network.bech32Prefix ?? ACCOUNT_PREFIX;
  const account = parseAccount(input.account, prefix);
  if (!account.ok) refuse(`account: ${account.error}`);
  const view: AccountView = input.view ?? 'txs';
  const msgs: string[] = [];
  for (const m of input.messageTypes ?? []) {
    const parsed = parseMsgType(m);
    if (!parsed.ok) refuse(`messageTypes: ${parsed.error}`);
    if (!msgs.includes(parsed.value)) msgs.push(parsed.value);
  }
  if (msgs.length && view !== 'txs' && view !== 'signed')
    refuse(`messageTypes filter only the views 'txs' and 'signed', not '${view}'.`);
  const limit = toolLimit(input.limit, ctx.services.settings.get('pageSize'));
  out.add(networkLine(ctx.network));
  await runLookup(
    ctx,
    out,
    { op: 'account', account: account.value.value, view, msgs: msgs.length ? msgs : undefined },
    limit,
  );
}

/** `initia_explainTransaction`: Explain Transaction's view, as text. */
export async function explainTransaction(ctx: ToolContext, input: ExplainInput, out: Result): Promise<void> {
  const hash = parseTxHash(input.hash);
  if (!hash.ok) refuse(`hash: ${hash.error}`);
  out.add(networkLine(ctx.network));
  try {
    const view = await ctx.explain(hash.value, ctx.network, ctx.signal);
    renderExplain(out, ctx.network, view);
  } catch (err) {
    if (!isNotFound(err)) throw err;
    out.add(
      `Not found on this network: ${serverSays(err)}`,
      'A transaction broadcast a few seconds ago may not be indexed yet, or it may be on another network.',
    );
  }
}

/** `initia_transferStatus`: a tracked transfer from the tracker (no request), else one status request to the router. */
export async function transferStatus(ctx: ToolContext, input: TransferStatusInput, out: Result): Promise<void> {
  const parsedHash = parseTxHash(input.txHash);
  if (!parsedHash.ok) refuse(`txHash: ${parsedHash.error}`);
  let chainId: string | undefined;
  if (input.chainId !== undefined) {
    const parsed = parseChainId(input.chainId);
    if (!parsed.ok) refuse(`chainId: ${parsed.error}`);
    chainId = parsed.value;
  }
  const bare = parsedHash.value.cosmos;
  const tracked = ctx
    .transfers()
    .filter((t) => (!chainId || t.chainId === chainId) && t.txHash.replace(/^0x/i, '').toUpperCase() === bare);
  if (tracked.length > 0) {
    tracked.forEach((t, i) => {
      if (i > 0) out.add('');
      const claim = claimText(t, ctx.now(), (ms) => new Date(ms).toISOString());
      renderTrackedTransfer(out, t, { polledHere: ctx.polledHere(t), now: ctx.now(), claim });
    });
    return;
  }
  if (!chainId) {
    const known = ctx.transfers().map((t) => `${val(t.txHash)} on ${val(t.chainId, LIMITS.short)}`);
    return refuse(
      `This transaction is not tracked in the editor: give chainId (its source chain) to ask the router.${known.length ? ` Tracked transfers: ${known.slice(0, 10).join('; ')}.` : ''}`,
    );
  }
  const network = ctx.network;
  const routerUrl =
    network.routerUrl ??
    refuse(
      `The network ${val(network.name, LIMITS.short)} has no router configured: its transfers cannot be asked about.`,
    );
  const hash = normaliseTxHash(input.txHash, chainId);
  try {
    const status = await ctx.services.router(routerUrl, network.name).status(hash, chainId, ctx.signal);
    renderTransferView(out, network, hash, chainId, transferView(status));
  } catch (err) {
    if (!isNotFound(err)) throw err;
    out.add(
      `The router does not know a transfer started by ${val(hash)} on ${val(chainId, LIMITS.short)}: ${serverSays(err)}`,
      'A transfer is known to the router only once it has been tracked (the user can run "Initia: Track a Transfer…"; these tools never register one), or the hash or chain may be wrong.',
    );
  }
}

/** `initia_networkStatus`: /status and the newest block (two requests, at once), and the configured networks. */
export async function networkStatus(ctx: ToolContext, _input: NetworkStatusInput, out: Result): Promise<void> {
  const { services, network, signal } = ctx;
  const client = services.indexer(network);
  const [status, latest] = await Promise.all([
    client.status(signal),
    client.blocks({ limit: 1 }, signal).then(
      (r): { block: Block } | { error: string } =>
        r.blocks[0] ? { block: r.blocks[0] } : { error: 'the indexer lists no block yet' },
      (err: unknown) => {
        if (signal.aborted) throw err;
        return { error: errorMessage(err) };
      },
    ),
  ]);
  services.noteStatus(network, status); // what capabilities() read: no /status of their own
  const capabilities = await services.capabilities(network, 'evmInternalTxs');
  renderNetworkStatus(out, {
    network,
    active: network.name === services.network.name,
    status,
    latest,
    capabilities,
    names: services.networks.all().map((n) => n.name),
    now: ctx.now(),
  });
}
