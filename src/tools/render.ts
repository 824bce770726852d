/**
 * Lookup answers as tool results: compact text a model can use, with explorer links the user can click (pure: no VS
 * Code). The bodies are the indexer's answers as the clients parsed them (core/indexer/schemas.ts); every piece of
 * chain text goes through text.ts (`val`, `data`), so it reaches the model quoted, escaped and cut.
 */
import type { Block, Collection, EvmTx, Holder, InternalTx, Nft, Tx } from '../core/indexer/schemas';
import type { ListResult, Query, QueryResult } from '../core/queries';
import { explorerLink, type NetworkProfile } from '../core/networks';
import { quantity } from '../core/msgWords';
import { pageInfo } from '../core/indexer/paging';
import { LIMITS, type Result, data, link, num, val } from './text';

/** The line that names the network a result is about. */
export function networkLine(network: NetworkProfile): string {
  return `Network: ${val(network.name, LIMITS.short)}${network.chainId ? ` (chain ${val(network.chainId, LIMITS.short)})` : ''}`;
}

const time = (t: string | undefined) => (t ? val(t, LIMITS.short) : undefined);

function messageTypes(tx: Tx): string[] {
  return (tx.tx?.body?.messages ?? []).map((m) =>
    typeof m['@type'] === 'string' ? m['@type'].replace(/^\//, '') : '?',
  );
}

function typesText(types: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const t of types) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([t, n]) => `${val(t, LIMITS.short)}${n > 1 ? ` ×${n}` : ''}`).join(', ');
}

function outcomeText(tx: Tx): string {
  if (tx.code === 0) return 'succeeded';
  return `FAILED with code ${tx.code}${tx.codespace ? ` (codespace ${val(tx.codespace, LIMITS.short)})` : ''}`;
}

/** The signer as the tx shows it: the first message's sender. */
function signerOf(tx: Tx): string | undefined {
  const msg = tx.tx?.body?.messages?.[0] as Record<string, unknown> | undefined;
  for (const k of ['sender', 'from_address', 'signer', 'delegator_address', 'creator']) {
    const v = msg?.[k];
    if (typeof v === 'string' && v) return v;
  }
  return undefined;
}

/** A Cosmos transaction: outcome (and the chain's reason), block, gas, fee, message types, signer, memo, links. */
export function txLines(out: Result, network: NetworkProfile, tx: Tx): void {
  const fee = (tx.tx?.auth_info?.fee?.amount ?? [])
    .map((c) => `${num(c.amount)} ${val(c.denom, LIMITS.short)}`)
    .join(', ');
  const types = messageTypes(tx);
  const memo = tx.tx?.body?.memo;
  out.add(
    `Transaction ${val(tx.txhash)}: ${outcomeText(tx)}`,
    tx.code !== 0 && tx.raw_log ? `Reason (the chain's raw log): ${data(tx.raw_log, LIMITS.reason)}` : undefined,
    `Block ${num(tx.height)}${tx.timestamp ? `, ${time(tx.timestamp)}` : ''}`,
    `Gas used / wanted: ${num(tx.gas_used)} / ${num(tx.gas_wanted)}${fee ? `; fee ${fee}` : ''}`,
    types.length ? `Messages (${types.length}): ${typesText(types)}` : 'Messages: none',
    signerOf(tx) ? `Signer: ${val(signerOf(tx))}` : undefined,
    memo ? `Memo: ${data(memo, LIMITS.memo)}` : undefined,
    links(network, [['transaction in the explorer', 'tx', tx.txhash]]),
  );
}

/** An EVM transaction (its receipt): status, block, from → to, gas, logs. */
export function evmTxLines(out: Result, network: NetworkProfile, tx: EvmTx): void {
  const status = (tx.status ?? '').toLowerCase();
  const outcome =
    status === '0x1' || status === '1'
      ? 'succeeded'
      : status === '0x0' || status === '0'
        ? 'REVERTED (status 0x0)'
        : `status ${val(tx.status)}`;
  out.add(
    `EVM transaction ${val(tx.transactionHash)}: ${outcome}`,
    `Block ${num(quantity(tx.blockNumber) ?? tx.blockNumber)}`,
    `From ${val(tx.from)}${tx.to ? ` to ${val(tx.to)}` : ''}${tx.contractAddress ? `; created contract ${val(tx.contractAddress)}` : ''}`,
    `Gas used: ${num(quantity(tx.gasUsed))}; logs: ${tx.logs?.length ?? 0}`,
    links(network, [['transaction in the explorer', 'tx', tx.transactionHash]]),
  );
}

function blockLines(out: Result, network: NetworkProfile, block: Block): void {
  const fee = (block.total_fee ?? []).map((c) => `${num(c.amount)} ${val(c.denom, LIMITS.short)}`).join(', ');
  const proposer = block.proposer?.moniker ?? block.proposer?.operator_address;
  out.add(
    `Block ${num(block.height)}: ${num(block.tx_count)} transactions, ${time(block.timestamp)}`,
    `Hash ${val(block.hash)}`,
    `Gas used / wanted: ${num(block.gas_used)} / ${num(block.gas_wanted)}${fee ? `; fees ${fee}` : ''}`,
    proposer ? `Proposer: ${val(proposer, LIMITS.name)}` : undefined,
    links(network, [['block in the explorer', 'block', String(block.height)]]),
  );
}

/** One line per transaction of a list. */
function txRow(tx: Tx): string {
  const memo = tx.tx?.body?.memo;
  return `${val(tx.txhash)} · block ${num(tx.height)}${tx.timestamp ? ` · ${time(tx.timestamp)}` : ''} · ${tx.code === 0 ? 'ok' : `FAILED (code ${tx.code})`} · ${typesText(messageTypes(tx)) || 'no messages'}${memo ? ` · memo ${data(memo, LIMITS.short)}` : ''}`;
}

function evmTxRow(tx: EvmTx): string {
  const status = (tx.status ?? '').toLowerCase();
  return `${val(tx.transactionHash)} · block ${num(quantity(tx.blockNumber) ?? tx.blockNumber)} · ${status === '0x1' || status === '1' ? 'ok' : 'REVERTED'} · ${val(tx.from)} → ${tx.to ? val(tx.to) : 'contract creation'}`;
}

function internalRow(c: InternalTx): string {
  return `${val(c.hash)} #${c.index} (parent ${c.parent_index}) · ${val(c.type, LIMITS.short)} ${val(c.from)} → ${val(c.to)} · value ${num(quantity(c.value))}`;
}

function collectionRow(c: Collection): string {
  return `${val(c.object_addr)} · name ${data(c.collection.name, LIMITS.name)} · ${num(c.collection.nfts?.length)} NFTs · creator ${val(c.collection.creator)}`;
}

function nftRow(n: Nft): string {
  return `token ${val(n.nft.token_id, LIMITS.short)} of ${val(n.collection_addr)}${n.collection_name ? ` (${data(n.collection_name, LIMITS.short)})` : ''} · owner ${val(n.owner)}`;
}

/**
 * How much of the list this is, and how to get more: only when a full page came back with a key (the indexer sends
 * one even on the last page) and the total, when given, is not already shown.
 */
function countLine(list: ListResult['list'], shown: number, limit: number | undefined): string {
  const total = list.pagination?.total;
  const info = pageInfo(shown, list.pagination, limit);
  const more = info.hasMore && (info.total === undefined || info.total > BigInt(shown));
  return `Showing ${shown}${total !== undefined && total !== null ? ` of ${num(total)}` : ''}, newest first${more ? " (more exist: ask with a larger limit, up to the user's page size)" : ''}.`;
}

function items<T>(body: unknown, key: string): T[] {
  const v = (body as Record<string, unknown>)[key];
  return Array.isArray(v) ? (v as T[]) : [];
}

type Link = [label: string, kind: 'tx' | 'block' | 'account', id: string];

/** "Links: [label](url) · …" for the network's explorer, or nothing when it has none. */
export function links(network: NetworkProfile, targets: readonly Link[]): string | undefined {
  const made = targets
    .map(([label, kind, id]) => link(label, explorerLink(network, kind, id)))
    .filter((l): l is string => !!l);
  return made.length ? `Links: ${made.join(' · ')}` : undefined;
}

/** The answer of a lookup (one row of the lookup table) as result lines. */
export function renderQuery(
  out: Result,
  network: NetworkProfile,
  query: Query,
  result: QueryResult,
  limit?: number,
): void {
  const body = result.body as Record<string, unknown>;
  if (result.warning) out.add(`Warning: ${result.warning}`);
  switch (query.op) {
    case 'tx':
      if (result.evm) evmTxLines(out, network, (body as { tx: EvmTx }).tx);
      else txLines(out, network, (body as { tx: Tx }).tx);
      out.add('For the messages in words, their events and the balance changes, use initia_explainTransaction.');
      return;
    case 'block':
      blockLines(out, network, (body as { block: Block }).block);
      return;
    case 'collection': {
      const c = (body as { collection: Collection }).collection;
      out.add(
        `NFT collection ${val(c.object_addr)}`,
        `Name: ${data(c.collection.name, LIMITS.name)}`,
        `Creator: ${val(c.collection.creator)}`,
        `NFTs: ${num(c.collection.nfts?.length)}`,
      );
      if (c.height !== undefined)
        out.add(`Created at block ${num(c.height)}${c.timestamp ? `, ${time(c.timestamp)}` : ''}`);
      return;
    }
    default:
      break;
  }
  if (result.list) listLines(out, network, query, body, result.list, limit);
}

/** The answer of a lookup that lists (an account's transactions, NFTs or collections, a rich list, a history). */
function listLines(
  out: Result,
  network: NetworkProfile,
  query: Query,
  body: Record<string, unknown>,
  list: NonNullable<QueryResult['list']>,
  limit?: number,
): void {
  switch (query.op) {
    case 'account': {
      const what = {
        txs: 'Transactions involving',
        signed: 'Transactions signed by',
        evmTxs: 'EVM transactions involving',
        evmSigned: 'EVM transactions sent by',
        internal: 'Internal EVM calls involving',
        nfts: 'NFTs owned by',
        collections: 'NFT collections held by',
      }[query.view];
      out.add(
        `${what} ${val(query.account)}${query.msgs?.length ? ` with message type ${query.msgs.map((m) => val(m)).join(' or ')}` : ''}`,
      );
      const rows =
        query.view === 'txs' || query.view === 'signed'
          ? items<Tx>(body, 'txs').map(txRow)
          : query.view === 'evmTxs' || query.view === 'evmSigned'
            ? items<EvmTx>(body, 'txs').map(evmTxRow)
            : query.view === 'internal'
              ? items<InternalTx>(body, 'internal_txs').map(internalRow)
              : query.view === 'nfts'
                ? items<Nft>(body, 'tokens').map(nftRow)
                : items<Collection>(body, 'collections').map(collectionRow);
      out.list(countLine(list, rows.length, limit), rows, '');
      out.add(links(network, [['account in the explorer', 'account', query.account]]));
      return;
    }
    case 'collectionsByName': {
      const rows = items<Collection>(body, 'collections').map(collectionRow);
      out.add(`NFT collections whose name contains ${val(query.name)}`);
      out.list(countLine(list, rows.length, limit), rows);
      if (rows.length === 0) out.add('None found.');
      return;
    }
    case 'richList': {
      const holders = items<Holder>(body, 'holders');
      out.add(`Largest holders of ${val(query.denom)} (amounts in base units)`);
      out.list(
        countLine(list, holders.length, limit),
        holders.map((h, i) => `${i + 1}. ${val(h.account)} · ${num(h.amount)}`),
      );
      if (holders.length === 0)
        out.add('The indexer lists no holders: this network may not index rich lists, or nobody holds this denom.');
      return;
    }
    default: {
      if (query.op === 'nftHistory')
        out.add(`History of NFT ${val(query.tokenId)} of collection ${val(query.address)}`);
      const rows = items<Tx>(body, 'txs').map(txRow);
      out.list(countLine(list, rows.length, limit), rows);
    }
  }
}

/** The page size a tool asks for: its `limit` (10 by default), never more than the user's `initia.pageSize`. */
export function toolLimit(limit: number | undefined, pageSize: number): number {
  return Math.max(1, Math.min(limit ?? 10, pageSize));
}
