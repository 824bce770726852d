/**
 * The NFT Collections view: collections paged lazily (all, or filtered by name or by account, with a header row
 * that says so); a collection expands into its tokens (ordered by token id or height), a token into its history.
 */
import vscode = require('vscode');
import type { Collection } from '../core/indexer/schemas';
import { labelText, shorten } from '../core/format';
import type { Services } from '../platform/services';
import { ExplorerTree, MessageNode, PagedChildren, type ExplorerNode } from '../platform/tree';
import { Command, ContextKey, ContextValue } from '../platform/ids';
import { CollectionNode } from './collectionRows';
import type { RowContext } from './items';

/** A name filter: what the indexer is asked (`name`, normalised) and what the user typed (`typed`, shown). */
type CollectionFilter =
  { kind: 'all' } | { kind: 'name'; name: string; typed?: string } | { kind: 'account'; account: string };

export class CollectionsView implements vscode.Disposable {
  readonly tree: ExplorerTree;
  readonly view: vscode.TreeView<ExplorerNode>;
  private root!: PagedChildren<Collection>;
  private filterValue: CollectionFilter = { kind: 'all' };
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly services: Services,
    view: vscode.TreeView<unknown>,
  ) {
    this.tree = new ExplorerTree(() => this.rootChildren());
    this.view = view as vscode.TreeView<ExplorerNode>;
    this.build();
    this.subscriptions.push(
      this.tree,
      services.networks.onDidChange(() => this.setFilter({ kind: 'all' })),
      services.settings.onChange(['pageSize'], () => this.refresh()),
    );
  }

  get filter(): CollectionFilter {
    return this.filterValue;
  }

  get list(): PagedChildren<Collection> {
    return this.root;
  }

  private build(): void {
    const network = this.services.network;
    const filter = this.filterValue;
    const pageSize = () => this.services.settings.get('pageSize');
    const ctx: RowContext = { services: this.services, network, pageSize, changed: this.tree.changed };
    const id = `${network.name}/collections/${filter.kind === 'all' ? '' : filter.kind === 'name' ? `name:${filter.name}` : `account:${filter.account}`}`;
    this.root = new PagedChildren<Collection>(undefined, {
      id,
      pageSize: pageSize(),
      fetch: async (page, signal) => {
        const client = this.services.indexer(network);
        const r =
          filter.kind === 'name'
            ? await client.collectionsByName(filter.name, page, signal)
            : filter.kind === 'account'
              ? await client.collectionsByAccount(filter.account, page, signal)
              : await client.collections(page, signal);
        return { items: r.collections, pagination: r.pagination };
      },
      toNode: (c) => new CollectionNode(ctx, c, id),
      empty: () =>
        new MessageNode(
          `${id}/empty`,
          filter.kind === 'all'
            ? vscode.l10n.t('No NFT collections on {0}', network.name)
            : vscode.l10n.t('No collections match this filter'),
        ),
      changed: this.tree.changed,
    });
    void vscode.commands.executeCommand('setContext', ContextKey.CollectionsFiltered, filter.kind !== 'all');
  }

  private async rootChildren(): Promise<ExplorerNode[]> {
    const children = await this.root.children();
    const f = this.filterValue;
    if (f.kind === 'all') return children;
    const text =
      f.kind === 'name'
        ? vscode.l10n.t('Filtered by name: “{0}”', labelText(f.typed ?? f.name, 60))
        : vscode.l10n.t('Filtered by account: {0}', shorten(f.account, 10, 6));
    const header = new MessageNode(`${this.root.id}/filter`, text, {
      icon: 'filter',
      contextValue: ContextValue.Filter,
      description: vscode.l10n.t('click to clear'),
      tooltip: vscode.l10n.t('{0}. Click to show all collections.', text),
      command: { command: Command.CollectionsClearFilter, title: vscode.l10n.t('Clear Filter') },
    });
    return [header, ...children];
  }

  setFilter(filter: CollectionFilter): void {
    this.filterValue = filter;
    this.refresh();
  }

  refresh(): void {
    this.root.dispose();
    this.build();
    this.tree.changed(undefined);
  }

  dispose(): void {
    this.root.dispose();
    vscode.Disposable.from(...this.subscriptions).dispose();
  }
}
