/**
 * The Rich List view: one row per denom the active network has in `initia.richList.denoms` (denoms belong to a
 * network), each listing holders by amount (descending),
 * paged lazily. Where a network does not index a rich list, rollytics answers an empty list (or, on EVM rollups, a
 * 400 for a denom it cannot resolve): the view says so in one row, in words.
 */
import vscode = require('vscode');
import type { Holder } from '../core/indexer/schemas';
import { HttpError, errorMessage } from '../core/errors';
import { labelText } from '../core/format';
import type { Services } from '../platform/services';
import { ExplorerNode, ExplorerTree, MessageNode, PagedChildren } from '../platform/tree';
import { Command, ContextValue } from '../platform/ids';
import { HolderNode, RowNode, type RowActions, type RowContext } from './items';

/** A network's rich-list denoms: its own list, or the one for every network (`*`, an older plain list). */
export function listFor(lists: Readonly<Record<string, readonly string[]>>, network: string): readonly string[] {
  return lists[network] ?? lists['*'] ?? [];
}

export class DenomNode extends RowNode {
  readonly id: string;
  readonly actions: RowActions;
  readonly holders: PagedChildren<Holder>;
  /** The denom's symbol and decimals, when the router lists it. */
  private asset: { symbol?: string; decimals?: number } | undefined;

  constructor(
    private readonly ctx: RowContext,
    readonly denom: string,
  ) {
    super();
    this.id = `${ctx.network.name}/richlist/${denom}`;
    this.actions = {
      copyValue: denom,
      open: { command: Command.ShowRichList, title: vscode.l10n.t('Open JSON'), arguments: [denom] },
    };
    const network = ctx.network;
    this.holders = new PagedChildren<Holder>(this, {
      id: this.id,
      pageSize: ctx.pageSize(),
      fetch: async (page, signal) => {
        // Whole units where the router lists this denom of the chain (its asset list, cached; never in the way).
        const [r, asset] = await Promise.all([
          ctx.services.indexer(network).richList(denom, page, signal),
          ctx.services.assetOf(network, denom).catch(() => undefined),
        ]);
        this.asset = asset;
        return { items: r.holders, pagination: r.pagination };
      },
      toNode: (h, i) => new HolderNode(ctx, h, i + 1, this.id, this.asset),
      empty: () =>
        new MessageNode(
          `${this.id}/empty`,
          vscode.l10n.t('No holders listed: {0} may not index a rich list for this denom', network.name),
          {
            icon: 'circle-slash',
            tooltip: vscode.l10n.t(
              'The indexer of {0} answered with an empty list for {1}. Rollytics does this where it does not index rich lists (or the denom has no holders).',
              network.name,
              denom,
            ),
          },
        ),
      firstPageError: (err) => {
        if (!(err instanceof HttpError) || (err.status !== 400 && err.status !== 404)) return undefined;
        return new RefusalNode(
          `${this.id}/unsupported`,
          network.name,
          denom,
          err,
          ctx.services.knownCapabilities(network.name)?.evm,
        );
      },
      changed: ctx.changed,
    });
  }

  override getChildren(): Promise<ExplorerNode[]> {
    return this.holders.children();
  }

  protected createTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(labelText(this.denom, 60), vscode.TreeItemCollapsibleState.Collapsed);
    item.iconPath = new vscode.ThemeIcon('symbol-constant');
    item.tooltip = vscode.l10n.t('Holders of {0} on {1}, largest first', this.denom, this.ctx.network.name);
    item.contextValue = ContextValue.Denom;
    return item;
  }

  dispose(): void {
    this.holders.dispose();
  }
}

/**
 * The indexer refused a denom's rich list (400/404): says so, then, one row each, the indexer's own words, why (on an
 * EVM rollup the rich list is an ERC-20's holders, and rollytics finds no contract for a denom it cannot map), and
 * what to try, which opens Add Denom….
 */
class RefusalNode extends ExplorerNode {
  private readonly rows: ExplorerNode[];

  constructor(
    readonly id: string,
    private readonly network: string,
    private readonly denom: string,
    err: HttpError,
    evm: boolean | undefined,
  ) {
    super();
    const words = labelText(err.serverMessage || errorMessage(err), 300);
    const noContract = /contract address not found|contract not found|not an erc-?20/i.test(err.serverMessage);
    const evmRollup = noContract || evm === true;
    const why = evmRollup
      ? vscode.l10n.t(
          'Why: on an EVM rollup the rich list is the holders of an ERC-20 token, and {0} has no ERC-20 contract for "{1}".',
          network,
          labelText(denom, 60),
        )
      : vscode.l10n.t('Why: the indexer of {0} does not know the denom "{1}".', network, labelText(denom, 60));
    const tryText = evmRollup
      ? vscode.l10n.t(
          "Try the token's contract as evm/0x… (or its 0x… address), or a denom this rollup maps to an ERC-20, such as its fee denom.",
        )
      : vscode.l10n.t(
          'Try the denom as the chain writes it (case matters: ibc/ hashes are upper case), then add it again.',
        );
    const add = { command: Command.RichListAddDenom, title: vscode.l10n.t('Add Denom…') };
    this.rows = [
      new MessageNode(`${id}/said`, vscode.l10n.t('The indexer said: {0}', words), {
        icon: 'quote',
        tooltip: errorMessage(err),
      }),
      new MessageNode(`${id}/why`, why, { icon: 'info', tooltip: why }),
      new MessageNode(`${id}/try`, tryText, {
        icon: 'lightbulb',
        tooltip: tryText,
        command: add,
        description: vscode.l10n.t('Add Denom…'),
      }),
    ];
    for (const r of this.rows) r.parent = this;
  }

  override getChildren(): ExplorerNode[] {
    return this.rows;
  }

  protected createTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(
      vscode.l10n.t('{0} cannot list holders of {1}', this.network, labelText(this.denom, 60)),
      vscode.TreeItemCollapsibleState.Expanded,
    );
    item.iconPath = new vscode.ThemeIcon('circle-slash');
    item.contextValue = ContextValue.Message;
    item.tooltip = this.rows.map((r) => String(r.getTreeItem().label)).join('\n');
    return item;
  }
}

export class RichListView implements vscode.Disposable {
  readonly tree: ExplorerTree;
  readonly view: vscode.TreeView<ExplorerNode>;
  private roots: DenomNode[] = [];
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly services: Services,
    view: vscode.TreeView<unknown>,
  ) {
    this.tree = new ExplorerTree(() => this.roots);
    this.view = view as vscode.TreeView<ExplorerNode>;
    this.build();
    this.subscriptions.push(
      this.tree,
      services.networks.onDidChange(() => this.refresh()),
      services.settings.onChange(['pageSize', 'richList.denoms'], () => this.refresh()),
    );
  }

  get denoms(): readonly DenomNode[] {
    return this.roots;
  }

  private build(): void {
    const settings = this.services.settings;
    const ctx: RowContext = {
      services: this.services,
      network: this.services.network,
      pageSize: () => settings.get('pageSize'),
      changed: this.tree.changed,
    };
    this.roots = listFor(settings.get('richList.denoms'), ctx.network.name).map((d) => new DenomNode(ctx, d));
  }

  refresh(): void {
    for (const r of this.roots) r.dispose();
    this.build();
    this.tree.changed(undefined);
  }

  dispose(): void {
    for (const r of this.roots) r.dispose();
    vscode.Disposable.from(...this.subscriptions).dispose();
  }
}
