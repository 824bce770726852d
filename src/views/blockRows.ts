/**
 * Tree rows of the Blocks view: a block, its transactions (Cosmos and, on EVM networks, EVM) and the node that lists
 * a block's EVM transactions when expanded. Chain strings are data, shown as plain text (see items.ts).
 */
import vscode = require('vscode');
import type { Block, EvmTx, Tx } from '../core/indexer/schemas';
import {
  absoluteTime,
  clockTime,
  groupDigits,
  labelText,
  shorten,
  summariseMsgTypes,
  timeWithAge,
} from '../core/format';
import { explorerLink } from '../core/networks';
import { addressLabel } from '../core/names';
import { ExplorerNode, MessageNode, PagedChildren } from '../platform/tree';
import { Command, ContextValue } from '../platform/ids';
import { RowNode, tooltip, type RowActions, type RowContext } from './items';

export class TxNode extends RowNode {
  override resolveTooltip(): vscode.MarkdownString {
    const tx = this.tx;
    const failed = tx.code !== 0;
    const types = (tx.tx?.body?.messages ?? []).map((m) => labelText(String(m['@type'] ?? '?'), 120));
    return tooltip([
      [vscode.l10n.t('Transaction'), tx.txhash],
      [vscode.l10n.t('Height'), String(tx.height)],
      [vscode.l10n.t('Time'), tx.timestamp ? timeWithAge(tx.timestamp) : undefined],
      [
        vscode.l10n.t('Result'),
        failed
          ? vscode.l10n.t('failed: code {0} {1}', tx.code, labelText(tx.codespace ?? ''))
          : vscode.l10n.t('success'),
      ],
      [vscode.l10n.t('Reason'), failed && tx.raw_log ? labelText(tx.raw_log, 300) : undefined],
      [vscode.l10n.t('Messages'), types.join(', ')],
      [
        vscode.l10n.t('Gas'),
        tx.gas_used !== undefined ? `${groupDigits(tx.gas_used)} / ${groupDigits(tx.gas_wanted ?? '?')}` : undefined,
      ],
      [vscode.l10n.t('Memo'), tx.tx?.body?.memo ? labelText(tx.tx.body.memo, 200) : undefined],
    ]);
  }

  readonly id: string;
  readonly actions: RowActions;

  constructor(
    ctx: RowContext,
    private readonly tx: Tx,
    idPrefix: string,
  ) {
    super();
    this.id = `${idPrefix}/tx/${tx.txhash}`;
    this.actions = {
      copyValue: tx.txhash,
      open: { command: Command.LookupTransaction, title: vscode.l10n.t('Open JSON'), arguments: [tx.txhash] },
      explorerUrl: explorerLink(ctx.network, 'tx', tx.txhash),
    };
  }

  protected createTreeItem(): vscode.TreeItem {
    const tx = this.tx;
    const types = (tx.tx?.body?.messages ?? []).map((m) => labelText(String(m['@type'] ?? '?'), 120));
    const failed = tx.code !== 0;
    const item = new vscode.TreeItem(shorten(tx.txhash, 8, 6), vscode.TreeItemCollapsibleState.None);
    // A clock time, which stays true; the age is in the tooltip, made when it is shown.
    const when = tx.timestamp ? clockTime(Date.parse(tx.timestamp)) : '';
    item.description = [summariseMsgTypes(types), failed ? vscode.l10n.t('failed (code {0})', tx.code) : '', when]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = failed
      ? new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'))
      : new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
    item.command = this.actions.open;
    item.contextValue = ContextValue.Tx;
    item.accessibilityInformation = {
      label: vscode.l10n.t(
        'Transaction {0}, {1}, {2}',
        shorten(tx.txhash, 8, 6),
        summariseMsgTypes(types) || vscode.l10n.t('no messages'),
        failed ? vscode.l10n.t('failed') : vscode.l10n.t('succeeded'),
      ),
    };
    return item;
  }
}

// ---------------------------------------------------------------------------------------------------------------

/** Hex quantity (`0x1a`) as a decimal string, or the text as it came. */
function hexQuantity(v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  return /^0x[0-9a-fA-F]{1,60}$/.test(v) ? BigInt(v).toString() : v;
}

/** An EVM transaction (its receipt, as the indexer keeps it). */
class EvmTxNode extends RowNode {
  override resolveTooltip(): vscode.MarkdownString {
    const tx = this.tx;
    return tooltip([
      [vscode.l10n.t('EVM transaction'), tx.transactionHash],
      [vscode.l10n.t('Height'), hexQuantity(tx.blockNumber)],
      [vscode.l10n.t('Result'), tx.status === '0x1' ? vscode.l10n.t('success') : vscode.l10n.t('reverted')],
      [vscode.l10n.t('From'), tx.from],
      [
        vscode.l10n.t('To'),
        tx.to || (tx.contractAddress ? vscode.l10n.t('new contract {0}', tx.contractAddress) : undefined),
      ],
      [vscode.l10n.t('Gas used'), tx.gasUsed ? groupDigits(hexQuantity(tx.gasUsed) ?? '?') : undefined],
      [vscode.l10n.t('Logs'), String(tx.logs?.length ?? 0)],
    ]);
  }

  readonly id: string;
  readonly actions: RowActions;

  /** The name the workspace's deployments give the called contract ("to Vault (0x5FbD…0aa3)"). */
  private readonly toName: string | undefined;

  constructor(
    ctx: RowContext,
    private readonly tx: EvmTx,
    idPrefix: string,
  ) {
    super();
    this.id = `${idPrefix}/evm/${tx.transactionHash}`;
    this.toName = tx.to ? ctx.services.names.nameOf(tx.to, ctx.network)?.name : undefined;
    this.actions = {
      copyValue: tx.transactionHash,
      open: { command: Command.LookupTransaction, title: vscode.l10n.t('Open JSON'), arguments: [tx.transactionHash] },
      explorerUrl: explorerLink(ctx.network, 'tx', tx.transactionHash),
    };
  }

  protected createTreeItem(): vscode.TreeItem {
    const tx = this.tx;
    const ok = tx.status === '0x1';
    const logs = tx.logs?.length ?? 0;
    const item = new vscode.TreeItem(
      shorten(labelText(tx.transactionHash, 80), 8, 6),
      vscode.TreeItemCollapsibleState.None,
    );
    const to = tx.to
      ? vscode.l10n.t(
          'to {0}',
          this.toName ? addressLabel(labelText(this.toName, 60), tx.to) : shorten(labelText(tx.to, 80), 6, 4),
        )
      : vscode.l10n.t('contract creation');
    item.description = [
      to,
      logs === 1 ? vscode.l10n.t('1 log') : vscode.l10n.t('{0} logs', logs),
      ok ? '' : vscode.l10n.t('reverted'),
    ]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = ok
      ? new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'))
      : new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
    item.command = this.actions.open;
    item.contextValue = ContextValue.EvmTx;
    item.accessibilityInformation = {
      label: vscode.l10n.t(
        'EVM transaction {0}, {1}',
        shorten(tx.transactionHash, 8, 6),
        ok ? vscode.l10n.t('succeeded') : vscode.l10n.t('reverted'),
      ),
    };
    return item;
  }
}

/** A block's EVM transactions (`evm-txs/by_height`), listed on EVM networks only, loaded when expanded. */
class EvmTxsNode extends ExplorerNode {
  readonly id: string;
  private readonly txs: PagedChildren<EvmTx>;

  constructor(
    ctx: RowContext,
    readonly height: number,
    idPrefix: string,
  ) {
    super();
    this.id = `${idPrefix}/evmTxs`;
    this.txs = new PagedChildren<EvmTx>(this, {
      id: this.id,
      pageSize: ctx.pageSize(),
      fetch: async (page, signal) => {
        const r = await ctx.services.indexer(ctx.network).evmTxsByHeight(height, { ...page, reverse: false }, signal);
        return { items: r.txs, pagination: r.pagination };
      },
      toNode: (tx) => new EvmTxNode(ctx, tx, this.id),
      empty: () => new MessageNode(`${this.id}/empty`, vscode.l10n.t('No EVM transactions in this block')),
      changed: ctx.changed,
    });
  }

  override getChildren(): Promise<ExplorerNode[]> {
    return this.txs.children();
  }

  protected createTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('EVM transactions'), vscode.TreeItemCollapsibleState.Collapsed);
    item.iconPath = new vscode.ThemeIcon('symbol-event');
    item.tooltip = vscode.l10n.t(
      'The EVM transactions of block {0} (their receipts and logs)',
      groupDigits(this.height),
    );
    item.contextValue = ContextValue.EvmTxs;
    return item;
  }

  reset(): void {
    this.txs.reset();
  }

  dispose(): void {
    this.txs.dispose();
  }
}

// ---------------------------------------------------------------------------------------------------------------

export class BlockNode extends RowNode {
  override resolveTooltip(): vscode.MarkdownString {
    const b = this.block;
    return tooltip([
      [vscode.l10n.t('Block'), groupDigits(this.height)],
      [vscode.l10n.t('Time'), timeWithAge(b.timestamp)],
      [vscode.l10n.t('Hash'), b.hash],
      [vscode.l10n.t('Transactions'), String(this.txCount)],
      [
        vscode.l10n.t('Gas'),
        b.gas_used !== undefined ? `${groupDigits(b.gas_used)} / ${groupDigits(b.gas_wanted ?? '?')}` : undefined,
      ],
      [vscode.l10n.t('Proposer'), b.proposer?.moniker ? labelText(b.proposer.moniker, 40) : undefined],
    ]);
  }

  readonly id: string;
  readonly actions: RowActions;
  readonly height: number;
  private readonly txs: PagedChildren<Tx>;
  private evmTxs: EvmTxsNode | undefined;

  constructor(
    private readonly ctx: RowContext,
    private readonly block: Block,
  ) {
    super();
    this.height = Number(block.height);
    this.id = `${ctx.network.name}/block/${this.height}`;
    this.actions = {
      copyValue: String(this.height),
      open: { command: Command.LookupBlock, title: vscode.l10n.t('Open JSON'), arguments: [this.height] },
      explorerUrl: explorerLink(ctx.network, 'block', String(this.height)),
    };
    this.txs = new PagedChildren<Tx>(this, {
      id: this.id,
      pageSize: ctx.pageSize(),
      fetch: async (page, signal) => {
        const r = await ctx.services.indexer(ctx.network).txsByHeight(this.height, { page }, signal);
        return { items: r.txs, pagination: r.pagination };
      },
      toNode: (tx) => new TxNode(ctx, tx, this.id),
      changed: ctx.changed,
    });
  }

  get txCount(): number {
    return Number(this.block.tx_count);
  }

  /**
   * Its transactions and, on a network with an EVM index, an "EVM transactions" row first (loaded when expanded, so a
   * block still costs one request). Whether the network has one comes from its profile or the /status already read;
   * at most one /status per network otherwise, asked alongside the first page.
   */
  override async getChildren(): Promise<ExplorerNode[]> {
    const [caps, txs] = await Promise.all([
      this.ctx.services.capabilities(this.ctx.network, 'evm'),
      this.txs.children(),
    ]);
    if (!caps.evm) return txs;
    this.evmTxs ??= Object.assign(new EvmTxsNode(this.ctx, this.height, this.id), { parent: this });
    return [this.evmTxs, ...txs];
  }

  protected createTreeItem(): vscode.TreeItem {
    const b = this.block;
    const count = this.txCount;
    const item = new vscode.TreeItem(
      groupDigits(this.height),
      count > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    const moniker = b.proposer?.moniker ? labelText(b.proposer.moniker, 40) : '';
    const txs = count === 1 ? vscode.l10n.t('1 tx') : vscode.l10n.t('{0} txs', groupDigits(count));
    // A clock time, which stays true; the age is in the tooltip, made when it is shown.
    item.description = [txs, clockTime(Date.parse(b.timestamp)), moniker].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(count > 0 ? 'package' : 'circle-outline');
    item.contextValue = ContextValue.Block;
    item.accessibilityInformation = {
      label: vscode.l10n.t('Block {0}, {1}, {2}', String(this.height), txs, absoluteTime(b.timestamp)),
    };
    return item;
  }

  refresh(): void {
    this.txs.reset();
    this.evmTxs?.reset();
    this.ctx.changed(this);
  }

  dispose(): void {
    this.txs.dispose();
    this.evmTxs?.dispose();
  }
}
