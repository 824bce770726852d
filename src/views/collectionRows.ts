/**
 * Tree rows of the NFT Collections view: a collection (its tokens paged, in the order chosen) and a token. Chain
 * strings are data, shown as plain text (see items.ts).
 */
import vscode = require('vscode');
import type { Collection, Nft, Tx } from '../core/indexer/schemas';
import { groupDigits, labelText, numericTokenOrder, shorten } from '../core/format';
import { explorerLink } from '../core/networks';
import { type ExplorerNode, MessageNode, PagedChildren } from '../platform/tree';
import { Command, ContextValue } from '../platform/ids';
import { RowNode, tooltip, type RowActions, type RowContext } from './items';
import { TxNode } from './blockRows';

type TokenOrder = 'token_id' | 'height';

export class CollectionNode extends RowNode {
  readonly id: string;
  readonly actions: RowActions;
  readonly address: string;
  private order: TokenOrder = 'token_id';
  private readonly tokens: PagedChildren<Nft>;

  constructor(
    private readonly ctx: RowContext,
    private readonly collection: Collection,
    idPrefix: string,
  ) {
    super();
    this.address = collection.object_addr;
    this.id = `${idPrefix}/collection/${this.address}`;
    this.actions = {
      copyValue: this.address,
      open: { command: Command.LookupCollection, title: vscode.l10n.t('Open JSON'), arguments: [this.address] },
    };
    this.tokens = new PagedChildren<Nft>(this, {
      id: this.id,
      pageSize: ctx.pageSize(),
      fetch: async (page, signal) => {
        const r = await ctx.services
          .indexer(ctx.network)
          .tokensByCollection(this.address, { page, orderBy: this.order }, signal);
        // Within a page, numeric token ids in number order (the indexer sorts them as text).
        const items = this.order === 'token_id' ? numericTokenOrder(r.tokens, (t) => t.nft.token_id) : r.tokens;
        return { items, pagination: r.pagination };
      },
      toNode: (nft) => new TokenNode(ctx, nft, this.id),
      empty: () => new MessageNode(`${this.id}/empty`, vscode.l10n.t('No NFTs in this collection')),
      changed: ctx.changed,
    });
  }

  get tokenOrder(): TokenOrder {
    return this.order;
  }

  /** Switches the token order and reloads the tokens. */
  setOrder(order: TokenOrder): void {
    if (order === this.order) return;
    this.order = order;
    this.tokens.reset();
    this.invalidate();
    this.ctx.changed(this);
  }

  override getChildren(): Promise<ExplorerNode[]> {
    return this.tokens.children();
  }

  protected createTreeItem(): vscode.TreeItem {
    const c = this.collection.collection;
    const name = labelText(c.name) || vscode.l10n.t('(unnamed)');
    const count = c.nfts?.length;
    const item = new vscode.TreeItem(
      name,
      count === 0 ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed,
    );
    const nfts =
      count === undefined
        ? ''
        : Number(count) === 1
          ? vscode.l10n.t('1 NFT')
          : vscode.l10n.t('{0} NFTs', groupDigits(count));
    const order = this.order === 'height' ? vscode.l10n.t('by height') : '';
    item.description = [nfts, shorten(c.creator, 10, 4), order].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon('library');
    item.tooltip = tooltip([
      [vscode.l10n.t('Collection'), labelText(c.name, 200)],
      [
        vscode.l10n.t('Original name'),
        c.origin_name && c.origin_name !== c.name ? labelText(c.origin_name, 200) : undefined,
      ],
      [vscode.l10n.t('Address'), this.address],
      [vscode.l10n.t('Creator'), c.creator],
      [vscode.l10n.t('NFTs'), count !== undefined ? groupDigits(count) : undefined],
      [
        vscode.l10n.t('Created at height'),
        this.collection.height !== undefined ? String(this.collection.height) : undefined,
      ],
    ]);
    item.contextValue = this.order === 'height' ? ContextValue.CollectionByHeight : ContextValue.Collection;
    item.accessibilityInformation = { label: vscode.l10n.t('NFT collection {0}, {1}', name, nfts) };
    return item;
  }

  dispose(): void {
    this.tokens.dispose();
  }
}

class TokenNode extends RowNode {
  readonly id: string;
  readonly actions: RowActions;
  private readonly history: PagedChildren<Tx>;

  constructor(
    ctx: RowContext,
    private readonly nft: Nft,
    idPrefix: string,
  ) {
    super();
    this.id = `${idPrefix}/token/${nft.nft.token_id}`;
    this.actions = {
      copyValue: nft.nft.token_id,
      open: {
        command: Command.LookupNftHistory,
        title: vscode.l10n.t('Open JSON'),
        arguments: [nft.collection_addr, nft.nft.token_id],
      },
      explorerUrl: explorerLink(ctx.network, 'account', nft.owner),
    };
    this.history = new PagedChildren<Tx>(this, {
      id: this.id,
      pageSize: ctx.pageSize(),
      fetch: async (page, signal) => {
        const r = await ctx.services.indexer(ctx.network).nftTxs(nft.collection_addr, nft.nft.token_id, page, signal);
        return { items: r.txs, pagination: r.pagination };
      },
      toNode: (tx) => new TxNode(ctx, tx, this.id),
      empty: () => new MessageNode(`${this.id}/empty`, vscode.l10n.t('No transactions indexed for this NFT')),
      changed: ctx.changed,
    });
  }

  override getChildren(): Promise<ExplorerNode[]> {
    return this.history.children();
  }

  protected createTreeItem(): vscode.TreeItem {
    const n = this.nft;
    const id = labelText(n.nft.token_id, 60);
    const item = new vscode.TreeItem(`#${id}`, vscode.TreeItemCollapsibleState.Collapsed);
    item.description = shorten(n.owner, 10, 4);
    item.iconPath = new vscode.ThemeIcon('symbol-misc');
    // The URI is shown as text: never fetched, never rendered as a link or an image.
    item.tooltip = tooltip([
      [vscode.l10n.t('Token'), labelText(n.nft.token_id, 200)],
      [vscode.l10n.t('Collection'), n.collection_name ? labelText(n.collection_name, 200) : n.collection_addr],
      [vscode.l10n.t('Owner'), n.owner],
      [vscode.l10n.t('URI'), n.nft.uri ? labelText(n.nft.uri, 300) : undefined],
      [vscode.l10n.t('Height'), n.height !== undefined ? String(n.height) : undefined],
    ]);
    item.contextValue = ContextValue.Token;
    item.accessibilityInformation = { label: vscode.l10n.t('Token {0}, owner {1}', id, n.owner) };
    return item;
  }

  dispose(): void {
    this.history.dispose();
  }
}
