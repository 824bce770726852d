/**
 * The tree building blocks shared by every sidebar view (Blocks, NFT Collections, Rich List, Transfers):
 *  - ExplorerNode: a node that builds its TreeItem once (so a tree of 10,000 rows re-renders cheaply);
 *  - PagedChildren: the children of a node (or of a view's root) loaded page by page through a PagedList: the first
 *    page when the parent is expanded, the next on "Load more…", an error node with Retry instead of a throw, and a
 *    message node for an empty list;
 *  - ExplorerTree: the TreeDataProvider over such nodes.
 * Item ids are stable (network + kind + key), so a refresh of a parent keeps what the user had expanded.
 */
import vscode = require('vscode');
import { PagedList, type PageFetcher } from '../core/pagedList';
import { errorMessage } from '../core/errors';
import { groupDigits } from '../core/format';
import { Command, ContextValue } from './ids';
import type { Register } from './commandTable';

const LOAD_MORE_COMMAND = Command.TreeLoadMore;
const RETRY_COMMAND = Command.TreeRetry;

/** "Load more…" and "Retry" rows run these, with the row as argument. */
export function registerPagingCommands(register: Register): vscode.Disposable[] {
  return [
    register(LOAD_MORE_COMMAND, (node: unknown) => (node instanceof LoadMoreNode ? node.owner.loadMore() : undefined)),
    register(RETRY_COMMAND, (node: unknown) => (node instanceof ErrorNode ? node.owner.loadMore() : undefined)),
  ];
}

export abstract class ExplorerNode {
  private item: vscode.TreeItem | undefined;
  parent: ExplorerNode | undefined;

  /** Unique in its tree. */
  abstract readonly id: string;
  protected abstract createTreeItem(): vscode.TreeItem;

  getTreeItem(): vscode.TreeItem {
    if (!this.item) {
      this.item = this.createTreeItem();
      this.item.id = this.id;
    }
    return this.item;
  }

  /**
   * A tooltip made when the user points at the row (VS Code asks through resolveTreeItem, for a row whose TreeItem
   * has none): for what changes with time, such as "5 min ago".
   */
  resolveTooltip?(): vscode.MarkdownString | string | undefined;

  /** Builds the TreeItem again on the next getTreeItem (after its data changed). */
  invalidate(): void {
    this.item = undefined;
  }

  getChildren(): ExplorerNode[] | Promise<ExplorerNode[]> {
    return [];
  }
}

/** A row of text: an empty list, an unsupported feature, a filter header. */
export class MessageNode extends ExplorerNode {
  constructor(
    readonly id: string,
    private readonly text: string,
    private readonly options: {
      icon?: string;
      tooltip?: string;
      command?: vscode.Command;
      contextValue?: ContextValue;
      description?: string;
    } = {},
  ) {
    super();
  }

  protected createTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.text, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon(this.options.icon ?? 'info');
    item.tooltip = this.options.tooltip ?? this.text;
    item.description = this.options.description;
    item.command = this.options.command;
    item.contextValue = this.options.contextValue ?? ContextValue.Message;
    return item;
  }
}

/** "Load more…" at the end of a list that has more. */
export class LoadMoreNode extends ExplorerNode {
  constructor(readonly owner: PagedChildren<unknown>) {
    super();
  }

  get id(): string {
    return `${this.owner.id}/more/${this.owner.list.pages}`;
  }

  protected createTreeItem(): vscode.TreeItem {
    const list = this.owner.list;
    const item = new vscode.TreeItem(vscode.l10n.t('Load more…'), vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('ellipsis');
    const shown = groupDigits(list.items.length);
    item.description =
      list.total !== undefined
        ? vscode.l10n.t('{0} of {1} shown', shown, groupDigits(list.total))
        : vscode.l10n.t('{0} shown', shown);
    item.tooltip = vscode.l10n.t('Load the next {0}', String(this.owner.pageSize));
    item.command = { command: LOAD_MORE_COMMAND, title: vscode.l10n.t('Load more'), arguments: [this] };
    item.contextValue = ContextValue.LoadMore;
    item.accessibilityInformation = {
      label: vscode.l10n.t('Load more. {0}', String(item.description)),
      role: 'button',
    };
    return item;
  }
}

/** A page failed: says why, and retries the same page when clicked. */
export class ErrorNode extends ExplorerNode {
  constructor(
    readonly owner: PagedChildren<unknown>,
    private readonly error: unknown,
  ) {
    super();
  }

  get id(): string {
    return `${this.owner.id}/error/${this.owner.list.pages}`;
  }

  protected createTreeItem(): vscode.TreeItem {
    const reason = describeError(this.error);
    const item = new vscode.TreeItem(vscode.l10n.t("Couldn't load: {0}", reason), vscode.TreeItemCollapsibleState.None);
    item.description = vscode.l10n.t('Retry');
    item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    item.tooltip = vscode.l10n.t("Couldn't load: {0}\nClick to retry.", reason);
    item.command = { command: RETRY_COMMAND, title: vscode.l10n.t('Retry'), arguments: [this] };
    item.contextValue = ContextValue.Error;
    item.accessibilityInformation = {
      label: vscode.l10n.t("Couldn't load: {0}. Activate to retry.", reason),
      role: 'button',
    };
    return item;
  }
}

export function describeError(err: unknown): string {
  return errorMessage(err).replace(/\s+/g, ' ').trim() || 'unknown error';
}

/** Notifies the tree that a node's children (or the root's, for undefined) changed. */
export type Changed = (node: ExplorerNode | undefined) => void;

export interface PagedChildrenOptions<T> {
  /** Stable id prefix for the nodes this list makes. */
  id: string;
  pageSize: number;
  fetch: PageFetcher<T>;
  toNode: (item: T, index: number) => ExplorerNode;
  /** What to show when the list is empty (a node), or nothing. */
  empty?: () => ExplorerNode | undefined;
  /** A node to show instead of the generic error node when the first page fails (e.g. an unsupported endpoint). */
  firstPageError?: (err: unknown) => ExplorerNode | undefined;
  changed: Changed;
}

export class PagedChildren<T> {
  readonly list: PagedList<T>;
  private nodes: ExplorerNode[] = [];
  private readonly more: LoadMoreNode;

  constructor(
    readonly owner: ExplorerNode | undefined,
    private readonly options: PagedChildrenOptions<T>,
  ) {
    this.list = new PagedList(options.fetch, options.pageSize);
    this.more = new LoadMoreNode(this as PagedChildren<unknown>);
    this.more.parent = owner;
  }

  get id(): string {
    return this.options.id;
  }

  get pageSize(): number {
    return this.options.pageSize;
  }

  /** The child nodes: loads the first page if it has not been asked for yet (a failed first page is not retried here). */
  async children(): Promise<ExplorerNode[]> {
    if (this.list.state === 'loading' || (!this.list.loaded && this.list.state === 'idle')) await this.list.loadMore();
    this.sync();
    const out = [...this.nodes];
    const error = this.list.error;
    if (error !== undefined) {
      const special = this.list.pages === 0 ? this.options.firstPageError?.(error) : undefined;
      out.push(this.adopt(special ?? new ErrorNode(this as PagedChildren<unknown>, error)));
    } else if (this.list.hasMore && this.list.loaded) {
      this.more.invalidate();
      out.push(this.more);
    } else if (out.length === 0) {
      const empty = this.options.empty?.();
      if (empty) out.push(this.adopt(empty));
    }
    return out;
  }

  /** Loads the next page (or retries the failed one) and refreshes the owner. */
  async loadMore(): Promise<void> {
    await this.list.loadMore();
    this.options.changed(this.owner);
  }

  /** Newer items in front, without reloading the rest. */
  prepend(items: readonly T[]): void {
    if (items.length === 0) return;
    this.sync();
    this.list.prepend(items);
    const fresh = items.map((item, i) => this.adopt(this.options.toNode(item, i)));
    this.nodes.unshift(...fresh);
    this.options.changed(this.owner);
  }

  reset(): void {
    this.list.reset();
    this.nodes = [];
  }

  dispose(): void {
    this.list.dispose();
  }

  private adopt(node: ExplorerNode): ExplorerNode {
    node.parent = this.owner;
    return node;
  }

  /** Makes nodes for the items appended since the last call. */
  private sync(): void {
    const items = this.list.items;
    for (let i = this.nodes.length; i < items.length; i++)
      this.nodes.push(this.adopt(this.options.toNode(items[i]!, i)));
  }
}

export class ExplorerTree implements vscode.TreeDataProvider<ExplorerNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<ExplorerNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;

  constructor(private readonly roots: () => ExplorerNode[] | Promise<ExplorerNode[]>) {}

  readonly changed: Changed = (node) => this.emitter.fire(node);

  getTreeItem(node: ExplorerNode): vscode.TreeItem {
    return node.getTreeItem();
  }

  resolveTreeItem(item: vscode.TreeItem, node: ExplorerNode): vscode.TreeItem {
    if (node.resolveTooltip) item.tooltip = node.resolveTooltip();
    return item;
  }

  getChildren(node?: ExplorerNode): ExplorerNode[] | Promise<ExplorerNode[]> {
    return node ? node.getChildren() : this.roots();
  }

  getParent(node: ExplorerNode): ExplorerNode | undefined {
    return node.parent;
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
