/**
 * The tx-hash hover's markdown (txHover.ts asks the indexer, this says what it answered): a line per fact of a Cosmos
 * or an EVM transaction, then the actions. Every chain value goes through appendUntrusted; the only commands it links
 * are this extension's own, which the hover enables (HOVER_COMMANDS).
 */
import vscode = require('vscode');
import type { EvmTx, Tx } from '../core/indexer/schemas';
import { absoluteTime, groupDigits, labelText, relativeTime, shortMsgType, shorten } from '../core/format';
import { explorerLink, type NetworkProfile } from '../core/networks';
import { appendUntrusted, untrustedMarkdown } from '../platform/markdown';
import { commandLink, markdownUrl } from '../platform/links';
import { Command } from '../platform/ids';

/** The commands the hover's markdown may run. */
export const HOVER_COMMANDS = [
  Command.ExplainTransaction,
  Command.DebugTransaction,
  Command.CallContract,
  Command.LookupTransaction,
  Command.LookupBlock,
  Command.LookupAccount,
  Command.LookupEvmInternalTxs,
  Command.HoverCopyHash,
  Command.SelectNetwork,
  Command.WatchTransaction,
];

/** `revert`: a failed EVM transaction's revert in words, from the node's call trace (explain/traceExplain.ts). */
export type Outcome =
  { kind: 'cosmos'; tx: Tx; why?: string } | { kind: 'evm'; tx: EvmTx; revert?: string } | { kind: 'notFound' };

type Md = vscode.MarkdownString;
const cmd = (id: string, ...args: unknown[]) => commandLink(id, args);

/** The hover of a transaction as the indexer answered for it. */
export function renderTxHover(network: NetworkProfile, hash: string, outcome: Outcome): Md {
  const md = untrustedMarkdown();
  md.supportThemeIcons = true;
  md.isTrusted = { enabledCommands: HOVER_COMMANDS };
  if (outcome.kind === 'notFound') return notFound(md, network, hash);
  // The server's hash goes into markdown only once it is a hash; otherwise the hovered one (already checked) does.
  const served = outcome.kind === 'evm' ? outcome.tx.transactionHash : outcome.tx.txhash;
  const shownHash = typeof served === 'string' && /^(0x)?[0-9A-Fa-f]{64}$/.test(served) ? served : hash;
  const { lines, height } =
    outcome.kind === 'cosmos' ? cosmosLines(md, outcome.tx, shownHash, outcome.why) : evmLines(md, outcome, shownHash);
  lines.forEach((write, i) => {
    if (i > 0) md.appendMarkdown('  \n');
    write();
  });
  md.appendMarkdown('\n\n---\n\n');
  md.appendMarkdown(actions(network, hash, shownHash, height, outcome).join(' · '));
  appendUntrusted(md.appendMarkdown(' · '), network.name);
  return md;
}

function notFound(md: Md, network: NetworkProfile, hash: string): Md {
  md.appendMarkdown(
    vscode.l10n.t('$(search) Transaction `{0}` is not known on ', shorten(hash.replace(/^0x/, ''), 6, 4)),
  );
  appendUntrusted(md, network.name);
  // Just broadcast? The indexer may not have it yet: watch it until it is in.
  md.appendMarkdown(` · [${vscode.l10n.t('Watch until it is in')}](${cmd(Command.WatchTransaction, hash)})`);
  md.appendMarkdown(` · [${vscode.l10n.t('Switch network…')}](${cmd(Command.SelectNetwork)})`);
  return md;
}

/**
 * The lines of a Cosmos transaction: outcome (with why it failed: a Move abort named, else the chain's reason), block,
 * gas and fee, messages, signer, memo.
 */
function cosmosLines(md: Md, tx: Tx, shownHash: string, why?: string): { lines: Array<() => void>; height: string } {
  const height = String(tx.height);
  const ok = tx.code === 0;
  const lines: Array<() => void> = [];
  lines.push(() => {
    md.appendMarkdown(ok ? '$(pass) ' : '$(error) ');
    md.appendMarkdown(`**${vscode.l10n.t('Transaction')}** \`${shorten(shownHash, 8, 6)}\` · `);
    if (ok) md.appendMarkdown(vscode.l10n.t('success'));
    else {
      md.appendMarkdown(vscode.l10n.t('failed: code {0}', tx.code));
      if (tx.codespace) appendUntrusted(md.appendMarkdown(' '), `(${tx.codespace})`);
      // The chain's own reason, on the first line: what a developer hovers a failed hash for.
      const reason = why ? labelText(why, 300) : tx.raw_log ? labelText(tx.raw_log, 200) : '';
      if (reason) appendUntrusted(md.appendMarkdown(' — '), reason);
    }
  });
  lines.push(() => heightLine(md, height, tx.timestamp));
  const fee = (tx.tx?.auth_info?.fee?.amount ?? []).map((c) => `${groupDigits(c.amount)} ${c.denom}`).join(', ');
  lines.push(() => {
    md.appendMarkdown(`${vscode.l10n.t('Gas')} `);
    appendUntrusted(md, `${groupDigits(tx.gas_used ?? '?')} / ${groupDigits(tx.gas_wanted ?? '?')}`);
    if (fee) appendUntrusted(md.appendMarkdown(` · ${vscode.l10n.t('Fee')} `), fee);
  });
  lines.push(...cosmosDetails(md, tx));
  return { lines, height };
}

/** A Cosmos transaction's messages, signer and memo, where it has them. */
function cosmosDetails(md: Md, tx: Tx): Array<() => void> {
  const lines: Array<() => void> = [];
  const types = (tx.tx?.body?.messages ?? []).map((m) => shortMsgType(String(m['@type'] ?? '?')));
  if (types.length) {
    lines.push(() => {
      md.appendMarkdown(`${vscode.l10n.t('Messages ({0})', types.length)} `);
      appendUntrusted(md, [...new Set(types)].slice(0, 4).join(', ') + (new Set(types).size > 4 ? ' …' : ''));
    });
  }
  const signer = signerOf(tx);
  if (signer) {
    lines.push(() => {
      md.appendMarkdown(`${vscode.l10n.t('Signer')} `);
      if (/^(init1[02-9ac-hj-np-z]{38,58}|0x[0-9a-fA-F]{40})$/.test(signer))
        md.appendMarkdown(`[${signer}](${cmd(Command.LookupAccount, signer, 'txs')})`);
      else appendUntrusted(md, signer);
    });
  }
  const memo = tx.tx?.body?.memo;
  if (memo) {
    lines.push(() => {
      md.appendMarkdown(`${vscode.l10n.t('Memo')} `);
      appendUntrusted(md, memo.length > 140 ? `${memo.slice(0, 139)}…` : memo);
    });
  }
  return lines;
}

/** The lines of an EVM transaction: outcome (with its revert), block, from → to, gas used and logs. */
function evmLines(
  md: Md,
  outcome: Extract<Outcome, { kind: 'evm' }>,
  shownHash: string,
): { lines: Array<() => void>; height: string } {
  const tx = outcome.tx;
  const height = String(Number.parseInt(tx.blockNumber, 16));
  const ok = tx.status === '0x1';
  const lines: Array<() => void> = [];
  lines.push(() => {
    md.appendMarkdown(ok ? '$(pass) ' : '$(error) ');
    md.appendMarkdown(`**${vscode.l10n.t('EVM transaction')}** \`${shorten(shownHash, 8, 6)}\` · `);
    md.appendMarkdown(ok ? vscode.l10n.t('success') : vscode.l10n.t('reverted'));
    if (!ok && outcome.revert) appendUntrusted(md.appendMarkdown(': '), labelText(outcome.revert, 240));
  });
  lines.push(() => heightLine(md, height, undefined));
  lines.push(() => {
    md.appendMarkdown(`${vscode.l10n.t('From')} `);
    appendUntrusted(md, tx.from);
    if (tx.to) appendUntrusted(md.appendMarkdown(` → `), tx.to);
  });
  lines.push(() => {
    md.appendMarkdown(`${vscode.l10n.t('Gas used')} `);
    appendUntrusted(md, tx.gasUsed ? groupDigits(String(Number.parseInt(tx.gasUsed, 16))) : '?');
    const logs = tx.logs?.length ?? 0;
    md.appendMarkdown(` · ${logs === 1 ? vscode.l10n.t('1 log') : vscode.l10n.t('{0} logs', logs)}`);
  });
  return { lines, height };
}

/** Explain, the JSON, the block, copy; an EVM transaction's call tree and contract read; the explorer. */
function actions(network: NetworkProfile, hash: string, shownHash: string, height: string, outcome: Outcome): string[] {
  const actions = [
    `[${vscode.l10n.t('Explain')}](${cmd(Command.ExplainTransaction, hash)})`,
    `[${vscode.l10n.t('Open JSON')}](${cmd(Command.LookupTransaction, hash)})`,
    `[${vscode.l10n.t('Open block')}](${cmd(Command.LookupBlock, height)})`,
    `[${vscode.l10n.t('Copy hash')}](${cmd(Command.HoverCopyHash, shownHash)})`,
  ];
  // An EVM transaction's call tree (its internal transactions).
  if (outcome.kind === 'evm' && /^0x[0-9a-fA-F]{64}$/.test(shownHash))
    actions.push(`[${vscode.l10n.t('Internal transactions')}](${cmd(Command.LookupEvmInternalTxs, shownHash)})`);
  // A replay in the debugger, where the network has a JSON-RPC URL (its node traces it).
  if (outcome.kind === 'evm' && network.jsonRpcUrl && /^0x[0-9a-fA-F]{64}$/.test(shownHash))
    actions.splice(1, 0, `[${vscode.l10n.t('Debug')}](${cmd(Command.DebugTransaction, shownHash)})`);
  // A read of the contract the EVM transaction called, where the network has a JSON-RPC URL.
  if (outcome.kind === 'evm' && network.jsonRpcUrl && outcome.tx.to && /^0x[0-9a-fA-F]{40}$/.test(outcome.tx.to))
    actions.push(`[${vscode.l10n.t('Call contract')}](${cmd(Command.CallContract, outcome.tx.to)})`);
  const explorer = explorerLink(network, 'tx', shownHash);
  const explorerTarget = explorer && markdownUrl(explorer);
  if (explorerTarget) actions.push(`[${vscode.l10n.t('Open in explorer')}](${explorerTarget})`);
  return actions;
}

function heightLine(md: Md, height: string, timestamp: string | undefined): void {
  md.appendMarkdown(`${vscode.l10n.t('Block')} `);
  if (/^\d+$/.test(height)) md.appendMarkdown(`[${groupDigits(height)}](${cmd(Command.LookupBlock, height)})`);
  else appendUntrusted(md, height);
  if (timestamp) {
    const ms = Date.parse(timestamp);
    md.appendMarkdown(' · ');
    appendUntrusted(md, Number.isNaN(ms) ? timestamp : `${relativeTime(ms)} (${absoluteTime(timestamp)})`);
  }
}

/** The signer as the tx shows it: the first message's sender, or the fee payer from the events. */
function signerOf(tx: Tx): string | undefined {
  const msg = tx.tx?.body?.messages?.[0] as Record<string, unknown> | undefined;
  for (const k of ['sender', 'from_address', 'signer', 'delegator_address', 'creator']) {
    const v = msg?.[k];
    if (typeof v === 'string' && v) return v;
  }
  for (const e of (tx.events ?? []) as Array<{
    type?: unknown;
    attributes?: Array<{ key?: unknown; value?: unknown }>;
  }>) {
    if (e?.type !== 'tx' || !Array.isArray(e.attributes)) continue;
    const payer = e.attributes.find((a) => a?.key === 'fee_payer')?.value;
    if (typeof payer === 'string' && payer) return payer;
  }
  return undefined;
}
