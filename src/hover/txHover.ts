/**
 * Hover on tx hashes in any file: a compact summary of the transaction on the active network, with links to the full
 * record. Only a standalone 64-hex token (optional 0x) triggers a request (core/linkScan.txHashAt). Results are
 * cached per network (bounded LRU; "not found" for a short time only), concurrent hovers on one hash share one
 * request, and a cancelled hover abandons its request once nobody else waits for it.
 *
 * The markdown is untrusted chain data: every chain value goes through appendUntrusted, and the only commands the
 * hover may run are this extension's own (enabledCommands).
 */
import * as vscode from 'vscode';
import { LRUCache } from '../core/lru';
import { SharedRequests } from '../core/sharedRequests';
import type { EvmTx, Tx } from '../core/indexer/schemas';
import { txHashAt } from '../core/linkScan';
import { errorMessage, isCancelled, isNotFound } from '../core/errors';
import { absoluteTime, groupDigits, labelText, relativeTime, shortMsgType, shorten } from '../core/format';
import { runQuery } from '../core/queries';
import { explorerLink, type NetworkProfile } from '../core/networks';
import { appendUntrusted, untrustedMarkdown } from '../platform/markdown';
import { commandLink, copyToClipboard, markdownUrl } from '../platform/links';
import type { Register } from '../platform/commandTable';
import type { Services } from '../platform/services';
import { Command } from '../platform/ids';

const COPY_HASH_COMMAND = Command.HoverCopyHash;
const ENABLED_COMMANDS = [
  Command.ExplainTransaction,
  Command.CallContract,
  Command.LookupTransaction,
  Command.LookupBlock,
  Command.LookupAccount,
  Command.LookupEvmInternalTxs,
  COPY_HASH_COMMAND,
  Command.SelectNetwork,
  Command.WatchTransaction,
];
const FOUND_TTL_MS = 60 * 60_000; // a committed tx does not change
const NOT_FOUND_TTL_MS = 15_000; // it may be indexed in a moment
const CACHE_SIZE = 500;

/** `revert`: a failed EVM transaction's revert in words, from the node's call trace (explain/traceExplain.ts). */
type Outcome = { kind: 'cosmos'; tx: Tx } | { kind: 'evm'; tx: EvmTx; revert?: string } | { kind: 'notFound' };

/** A failed EVM transaction's revert in one line, from the network's JSON-RPC node (undefined: none to say). */
export type RevertOf = (network: NetworkProfile, hash: string, signal?: AbortSignal) => Promise<string | undefined>;

/**
 * The hover's own commands: "Copy hash" (only a well-formed hash is copied), and the walkthrough's "Try it", which
 * opens a scratch file holding the active network's latest transaction (one request) and shows its hover.
 */
export function registerHoverCommands(
  register: Register,
  services: Services,
  scratchDir: vscode.Uri,
): vscode.Disposable[] {
  return [
    register(COPY_HASH_COMMAND, async (hash: unknown) => {
      if (typeof hash === 'string' && /^(0x)?[0-9A-Fa-f]{64}$/.test(hash)) await copyToClipboard(hash);
    }),
    register(Command.WalkthroughTryHover, async (): Promise<vscode.Uri | undefined> => {
      const network = services.network;
      let hash: string | undefined;
      try {
        hash = (await services.indexer(network).txs({ page: { limit: 1 } })).txs[0]?.txhash;
      } catch (err) {
        void vscode.window.showErrorMessage(errorMessage(err));
        return undefined;
      }
      if (!hash || !/^[0-9A-Fa-f]{64}$/.test(hash)) {
        void vscode.window.showInformationMessage(
          vscode.l10n.t('There is no transaction on {0} to show yet.', network.name),
        );
        return undefined;
      }
      const prefix = 'tx ';
      // A saved file of the extension's own storage, not an untitled one: closing it asks nothing.
      const file = vscode.Uri.joinPath(scratchDir, 'try-the-hover.log');
      await vscode.workspace.fs.createDirectory(scratchDir);
      await vscode.workspace.fs.writeFile(
        file,
        Buffer.from(
          `${vscode.l10n.t('Point at the hash below to see the transaction.')}\n\n${prefix}${hash} included\n`,
          'utf8',
        ),
      );
      const doc = await vscode.workspace.openTextDocument(file);
      const editor = await vscode.window.showTextDocument(doc);
      const at = new vscode.Position(2, prefix.length + 4);
      editor.selection = new vscode.Selection(at, at);
      await vscode.commands.executeCommand('editor.action.showHover');
      return doc.uri;
    }),
  ];
}

export class TxHoverProvider implements vscode.HoverProvider, vscode.Disposable {
  private readonly cache = new LRUCache<string, Outcome>({ max: CACHE_SIZE, ttlAutopurge: false });
  private readonly pending = new SharedRequests<string, Outcome>();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly services: Services,
    private readonly revertOf?: RevertOf,
  ) {
    this.subscription = services.settings.onChange(['networks'], () => this.cache.clear());
  }

  private get enabled(): boolean {
    return this.services.settings.get('hover.enabled');
  }

  async provideHover(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    if (!this.enabled) return undefined;
    const line = document.lineAt(position.line).text;
    const found = txHashAt(line, position.character);
    if (!found) return undefined;
    const range = new vscode.Range(position.line, found.start, position.line, found.end);
    const network = this.services.network;
    const hash = found.prefixed ? `0x${found.hex.toLowerCase()}` : found.hex.toUpperCase();
    try {
      const outcome = await this.lookup(network, hash, found.prefixed, token);
      if (token.isCancellationRequested) return undefined;
      return new vscode.Hover(this.render(network, hash, outcome), range);
    } catch (err) {
      if (isCancelled(err) || token.isCancellationRequested) return undefined;
      const md = untrustedMarkdown();
      md.supportThemeIcons = true;
      md.appendMarkdown(vscode.l10n.t("$(warning) Couldn't look up this transaction on "));
      appendUntrusted(md, network.name).appendMarkdown(': ');
      appendUntrusted(md, errorMessage(err));
      return new vscode.Hover(md, range);
    }
  }

  /** The cached outcome, the request already in flight for it, or a new request. */
  private lookup(
    network: NetworkProfile,
    hash: string,
    evmFirst: boolean,
    token: vscode.CancellationToken,
  ): Promise<Outcome> {
    const key = `${network.name}\u0000${network.indexerUrl}\u0000${hash.replace(/^0x/, '').toUpperCase()}`;
    const cached = this.cache.get(key);
    if (cached) return Promise.resolve(cached);
    const start = (signal: AbortSignal) =>
      this.fetch(network, hash, evmFirst, signal).then((outcome) => {
        this.cache.set(key, outcome, { ttl: outcome.kind === 'notFound' ? NOT_FOUND_TTL_MS : FOUND_TTL_MS });
        return outcome;
      });
    // One request per hash however many hovers ask; the last one waiting for it that is cancelled cancels it.
    return this.pending.wait(key, start, token, () => new vscode.CancellationError());
  }

  private async fetch(network: NetworkProfile, hash: string, evmFirst: boolean, signal: AbortSignal): Promise<Outcome> {
    try {
      // A network without an EVM index is asked the cosmos endpoint only, even for a 0x hash.
      const result = await runQuery(this.services.indexer(network), { op: 'tx', hash, evmFirst }, {}, signal, {
        capabilities: this.services.capabilitySource(network),
      });
      if (!result.evm) return { kind: 'cosmos', tx: (result.body as { tx: Tx }).tx };
      const tx = (result.body as { tx: EvmTx }).tx;
      // A reverted EVM transaction: why, from the node's call trace where the network has a JSON-RPC URL.
      const evmHash = /^0x[0-9a-fA-F]{64}$/.test(tx.transactionHash) ? tx.transactionHash : hash;
      const revert =
        tx.status === '0x0' && network.jsonRpcUrl && /^0x/.test(evmHash)
          ? await this.revertOf?.(network, evmHash, signal).catch(() => undefined)
          : undefined;
      return revert ? { kind: 'evm', tx, revert } : { kind: 'evm', tx };
    } catch (err) {
      if (isNotFound(err)) return { kind: 'notFound' };
      throw err;
    }
  }

  private render(network: NetworkProfile, hash: string, outcome: Outcome): vscode.MarkdownString {
    const md = untrustedMarkdown();
    md.supportThemeIcons = true;
    md.isTrusted = { enabledCommands: ENABLED_COMMANDS };
    const cmd = (id: string, ...args: unknown[]) => commandLink(id, args);
    const bare = hash.replace(/^0x/, '');

    if (outcome.kind === 'notFound') {
      md.appendMarkdown(vscode.l10n.t('$(search) Transaction `{0}` is not known on ', shorten(bare, 6, 4)));
      appendUntrusted(md, network.name);
      // Just broadcast? The indexer may not have it yet: watch it until it is in.
      md.appendMarkdown(` · [${vscode.l10n.t('Watch until it is in')}](${cmd(Command.WatchTransaction, hash)})`);
      md.appendMarkdown(` · [${vscode.l10n.t('Switch network…')}](${cmd(Command.SelectNetwork)})`);
      return md;
    }

    // The server's hash goes into markdown only once it is a hash; otherwise the hovered one (already checked) does.
    const served = outcome.kind === 'evm' ? outcome.tx.transactionHash : outcome.tx.txhash;
    const shownHash = typeof served === 'string' && /^(0x)?[0-9A-Fa-f]{64}$/.test(served) ? served : hash;
    const lines: Array<() => void> = [];
    let height: string;
    if (outcome.kind === 'cosmos') {
      const tx = outcome.tx;
      height = String(tx.height);
      const ok = tx.code === 0;
      lines.push(() => {
        md.appendMarkdown(ok ? '$(pass) ' : '$(error) ');
        md.appendMarkdown(`**${vscode.l10n.t('Transaction')}** \`${shorten(shownHash, 8, 6)}\` · `);
        if (ok) md.appendMarkdown(vscode.l10n.t('success'));
        else {
          md.appendMarkdown(vscode.l10n.t('failed: code {0}', tx.code));
          if (tx.codespace) appendUntrusted(md.appendMarkdown(' '), `(${tx.codespace})`);
          // The chain's own reason, on the first line: what a developer hovers a failed hash for.
          const reason = tx.raw_log ? labelText(tx.raw_log, 200) : '';
          if (reason) appendUntrusted(md.appendMarkdown(' — '), reason);
        }
      });
      lines.push(() => this.heightLine(md, cmd, height, tx.timestamp));
      const fee = (tx.tx?.auth_info?.fee?.amount ?? []).map((c) => `${groupDigits(c.amount)} ${c.denom}`).join(', ');
      lines.push(() => {
        md.appendMarkdown(`${vscode.l10n.t('Gas')} `);
        appendUntrusted(md, `${groupDigits(tx.gas_used ?? '?')} / ${groupDigits(tx.gas_wanted ?? '?')}`);
        if (fee) appendUntrusted(md.appendMarkdown(` · ${vscode.l10n.t('Fee')} `), fee);
      });
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
    } else {
      const tx = outcome.tx;
      height = String(Number.parseInt(tx.blockNumber, 16));
      const ok = tx.status === '0x1';
      lines.push(() => {
        md.appendMarkdown(ok ? '$(pass) ' : '$(error) ');
        md.appendMarkdown(`**${vscode.l10n.t('EVM transaction')}** \`${shorten(shownHash, 8, 6)}\` · `);
        md.appendMarkdown(ok ? vscode.l10n.t('success') : vscode.l10n.t('reverted'));
        if (!ok && outcome.revert) appendUntrusted(md.appendMarkdown(': '), labelText(outcome.revert, 240));
      });
      lines.push(() => this.heightLine(md, cmd, height, undefined));
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
    }
    lines.forEach((write, i) => {
      if (i > 0) md.appendMarkdown('  \n');
      write();
    });

    const actions = [
      `[${vscode.l10n.t('Explain')}](${cmd(Command.ExplainTransaction, hash)})`,
      `[${vscode.l10n.t('Open JSON')}](${cmd(Command.LookupTransaction, hash)})`,
      `[${vscode.l10n.t('Open block')}](${cmd(Command.LookupBlock, height)})`,
      `[${vscode.l10n.t('Copy hash')}](${cmd(COPY_HASH_COMMAND, shownHash)})`,
    ];
    // An EVM transaction's call tree (its internal transactions).
    if (outcome.kind === 'evm' && /^0x[0-9a-fA-F]{64}$/.test(shownHash))
      actions.push(`[${vscode.l10n.t('Internal transactions')}](${cmd(Command.LookupEvmInternalTxs, shownHash)})`);
    // A read of the contract the EVM transaction called, where the network has a JSON-RPC URL.
    if (outcome.kind === 'evm' && network.jsonRpcUrl && outcome.tx.to && /^0x[0-9a-fA-F]{40}$/.test(outcome.tx.to))
      actions.push(`[${vscode.l10n.t('Call contract')}](${cmd(Command.CallContract, outcome.tx.to)})`);
    const explorer = explorerLink(network, 'tx', shownHash);
    const explorerTarget = explorer && markdownUrl(explorer);
    if (explorerTarget) actions.push(`[${vscode.l10n.t('Open in explorer')}](${explorerTarget})`);
    md.appendMarkdown('\n\n---\n\n');
    md.appendMarkdown(actions.join(' · '));
    appendUntrusted(md.appendMarkdown(' · '), network.name);
    return md;
  }

  private heightLine(
    md: vscode.MarkdownString,
    cmd: (id: string, ...a: unknown[]) => string,
    height: string,
    timestamp: string | undefined,
  ): void {
    md.appendMarkdown(`${vscode.l10n.t('Block')} `);
    if (/^\d+$/.test(height)) md.appendMarkdown(`[${groupDigits(height)}](${cmd(Command.LookupBlock, height)})`);
    else appendUntrusted(md, height);
    if (timestamp) {
      const ms = Date.parse(timestamp);
      md.appendMarkdown(' · ');
      appendUntrusted(md, Number.isNaN(ms) ? timestamp : `${relativeTime(ms)} (${absoluteTime(timestamp)})`);
    }
  }

  dispose(): void {
    this.pending.abortAll();
    this.cache.clear();
    this.subscription.dispose();
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
