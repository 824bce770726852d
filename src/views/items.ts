/**
 * Tree rows for chain records: what every row shares (its actions, the tooltip, the context) and the rich list's
 * holders; blocks and their transactions are in blockRows.ts, NFT collections and tokens in collectionRows.ts. Every string from
 * the chain is data: labels and descriptions are plain text (control and bidi characters removed), tooltips are
 * MarkdownStrings built with appendText (escaped), untrusted, without HTML. Each row knows what "copy", "open JSON"
 * and "open in explorer" mean for it (see treeCommands.ts).
 */
import vscode = require('vscode');
import type { Holder } from '../core/indexer/schemas';
import { groupDigits, holderRow } from '../core/format';
import { explorerLink, type NetworkProfile } from '../core/networks';
import { ExplorerNode, MessageNode, type Changed } from '../platform/tree';
import type { Services } from '../platform/services';
import { appendUntrusted, untrustedMarkdown } from '../platform/markdown';
import { Command, ContextValue } from '../platform/ids';

/** What the context-menu actions of a row do. */
export interface RowActions {
  /** The text "Copy" puts on the clipboard. */
  copyValue: string;
  /** An exact amount "Copy Amount" puts on the clipboard (rich-list holders, whose row shows it compact). */
  copyAmount?: string;
  /** The lookup command (and arguments) "Open JSON" runs. */
  open: vscode.Command;
  /** The block-explorer page, when the network has an explorer. */
  explorerUrl?: string;
}

export abstract class RowNode extends ExplorerNode {
  abstract readonly actions: RowActions;
}

export function tooltip(lines: Array<[string, string | undefined]>): vscode.MarkdownString {
  const md = untrustedMarkdown();
  let first = true;
  for (const [label, value] of lines) {
    if (value === undefined || value === '') continue;
    if (!first) md.appendMarkdown('  \n');
    first = false;
    if (label) md.appendMarkdown(`**${label}** `);
    appendUntrusted(md, value);
  }
  return md;
}

export interface RowContext {
  services: Services;
  network: NetworkProfile;
  pageSize: () => number;
  changed: Changed;
}

// ---------------------------------------------------------------------------------------------------------------

export class HolderNode extends RowNode {
  readonly id: string;
  readonly actions: RowActions;
  /** Where the network's node serves the Move REST, the holder's Move resources are a row under it. */
  private readonly move: boolean;

  constructor(
    ctx: RowContext,
    private readonly holder: Holder,
    private readonly rank: number,
    idPrefix: string,
    /** The denom's symbol and decimals, when the router lists it: amounts in whole units. */
    private readonly asset?: { symbol?: string; decimals?: number },
  ) {
    super();
    this.id = `${idPrefix}/holder/${rank}`;
    this.actions = {
      copyValue: holder.account,
      copyAmount: holder.amount,
      open: { command: Command.LookupAccount, title: vscode.l10n.t('Open JSON'), arguments: [holder.account, 'txs'] },
      explorerUrl: explorerLink(ctx.network, 'account', holder.account),
    };
    this.move = ctx.services.move(ctx.network) !== undefined;
  }

  override getChildren(): ExplorerNode[] {
    if (!this.move) return [];
    const open = {
      command: Command.LookupAccount,
      title: vscode.l10n.t('Move resources'),
      arguments: [this.holder.account, 'resources'],
    };
    return [
      new MessageNode(`${this.id}/resources`, vscode.l10n.t('Move resources'), {
        icon: 'symbol-structure',
        command: open,
        tooltip: vscode.l10n.t("What the account holds in Move's global storage, from the node's REST"),
      }),
    ];
  }

  protected createTreeItem(): vscode.TreeItem {
    const h = this.holder;
    // The amount first, in the label (a 300 px sidebar cut it off in the description); exact in the tooltip.
    const { label, description, whole, symbol } = holderRow(this.rank, h.account, h.amount, this.asset);
    const state = this.move ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
    const item = new vscode.TreeItem(label, state);
    // A negative amount is the indexer's own inconsistency (rollytics richlist/utils/db.go): shown, and marked as such.
    const negative = h.amount.startsWith('-');
    item.description = negative ? `${description} · ${vscode.l10n.t("the indexer's inconsistency")}` : description;
    item.iconPath = negative
      ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'))
      : new vscode.ThemeIcon('account');
    item.tooltip = tooltip([
      [vscode.l10n.t('Rank'), String(this.rank)],
      [vscode.l10n.t('Account'), h.account],
      [
        vscode.l10n.t('Amount'),
        whole !== undefined
          ? `${whole}${symbol} (${groupDigits(h.amount)} ${vscode.l10n.t('base units')})`
          : `${groupDigits(h.amount)} ${vscode.l10n.t('(base units)')}`,
      ],
      ...(negative
        ? ([
            [
              vscode.l10n.t('Note'),
              vscode.l10n.t(
                'Below zero: the indexer keeps a running sum, which a missed or out-of-order event took negative (on Move rollups it is left so). The balance on chain is not this.',
              ),
            ],
          ] as Array<[string, string]>)
        : []),
    ]);
    item.command = this.actions.open;
    item.contextValue = ContextValue.Holder;
    item.accessibilityInformation = {
      label: vscode.l10n.t('Rank {0}, account {1}, amount {2}', String(this.rank), h.account, groupDigits(h.amount)),
    };
    return item;
  }
}
