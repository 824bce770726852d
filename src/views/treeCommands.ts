/**
 * Commands of the sidebar views: paging (load more, retry), row actions (copy, open JSON, open in explorer), and
 * the view-title actions (refresh, order, follow, filters, rich-list denoms). Row commands take the row as their
 * argument (VS Code passes it from menus) and fall back to the view's selection.
 */
import vscode = require('vscode');
import { ACCOUNT_PREFIX, parseAccount, parseCollectionName, parseDenom } from '../core/validate';
import { obtain } from '../platform/input';
import type { Register } from '../platform/commandTable';
import { copyToClipboard, openExternalUrl } from '../platform/links';
import { Command, ContextKey } from '../platform/ids';
import type { Services } from '../platform/services';
import type { ExplorerNode } from '../platform/tree';
import { CollectionNode } from './collectionRows';
import { RowNode } from './items';
import type { BlocksView } from './blocks';
import type { CollectionsView } from './collections';
import { DenomNode, listFor, type RichListView } from './richList';

export interface Views {
  blocks: BlocksView;
  collections: CollectionsView;
  richList: RichListView;
}

function selected<T>(views: Views, arg: unknown, is: (n: unknown) => n is T): T | undefined {
  if (is(arg)) return arg;
  for (const v of [views.blocks.view, views.collections.view, views.richList.view] as Array<
    vscode.TreeView<ExplorerNode>
  >) {
    for (const s of v.selection) if (is(s)) return s;
  }
  return undefined;
}

const isRow = (n: unknown): n is RowNode => n instanceof RowNode;
const isCollection = (n: unknown): n is CollectionNode => n instanceof CollectionNode;
const isDenom = (n: unknown): n is DenomNode => n instanceof DenomNode;

export function registerTreeCommands(views: Views, services: Services, register: Register): vscode.Disposable[] {
  const updateExplorerContext = () =>
    void vscode.commands.executeCommand(
      'setContext',
      ContextKey.HasExplorer,
      !!(services.network.explorerUrl || services.network.txPage || services.network.accountPage),
    );
  updateExplorerContext();
  return [
    services.networks.onDidChange(updateExplorerContext),
    ...rowCommands(views, services, register),
    ...blocksCommands(views, register),
    ...collectionsCommands(views, services, register),
    ...richListCommands(views, services, register),
  ];
}

/** A row's actions (its context menu, or the view's selection): copy, open JSON, explain, open in the explorer. */
function rowCommands(views: Views, services: Services, r: Register): vscode.Disposable[] {
  return [
    r(Command.TreeCopy, async (node: unknown) => {
      const row = selected(views, node, isRow);
      if (row) await copyToClipboard(row.actions.copyValue);
    }),
    r(Command.TreeCopyAmount, async (node: unknown) => {
      const row = selected(views, node, isRow);
      if (row?.actions.copyAmount) await copyToClipboard(row.actions.copyAmount);
    }),
    r(Command.TreeOpenJson, (node: unknown) => {
      const row = selected(views, node, isRow);
      if (!row) return undefined;
      return vscode.commands.executeCommand(row.actions.open.command, ...(row.actions.open.arguments ?? []));
    }),
    r(Command.TreeExplain, (node: unknown) => {
      const row = selected(views, node, isRow);
      return row ? vscode.commands.executeCommand(Command.ExplainTransaction, row.actions.copyValue) : undefined;
    }),
    r(Command.TreeOpenInExplorer, async (node: unknown) => {
      const row = selected(views, node, isRow);
      if (!row) return false;
      if (!row.actions.explorerUrl) {
        void vscode.window.showInformationMessage(
          vscode.l10n.t('{0} has no block explorer configured (explorerUrl).', services.network.name),
        );
        return false;
      }
      return openExternalUrl(row.actions.explorerUrl);
    }),
  ];
}

function blocksCommands(views: Views, r: Register): vscode.Disposable[] {
  return [
    r(Command.BlocksRefresh, () => views.blocks.refresh()),
    r(Command.BlocksShowOldestFirst, () => views.blocks.setOldestFirst(true)),
    r(Command.BlocksShowNewestFirst, () => views.blocks.setOldestFirst(false)),
    r(Command.BlocksFollow, () => views.blocks.setFollow(true)),
    r(Command.BlocksStopFollowing, () => views.blocks.setFollow(false)),
  ];
}

function collectionsCommands(views: Views, services: Services, r: Register): vscode.Disposable[] {
  return [
    r(Command.CollectionsRefresh, () => views.collections.refresh()),
    r(Command.CollectionsFindByName, async (arg?: unknown) => {
      // The header shows what was typed; the indexer is asked the normalised name.
      const named = (s: string) => {
        const p = parseCollectionName(s);
        return p.ok ? { ok: true as const, value: { name: p.value, typed: s.trim() } } : p;
      };
      const found = await obtain(
        arg,
        named,
        vscode.l10n.t('Find NFT collections whose name contains…'),
        vscode.l10n.t('e.g. badges'),
      );
      if (found !== undefined) views.collections.setFilter({ kind: 'name', ...found });
    }),
    r(Command.CollectionsFindByAccount, async (arg?: unknown) => {
      const prefix = services.network.bech32Prefix ?? ACCOUNT_PREFIX;
      const account = await obtain(
        arg,
        (s: string) => parseAccount(s, prefix),
        vscode.l10n.t('Show the NFT collections an account holds'),
        vscode.l10n.t('{0}1… or 0x…', prefix),
      );
      if (account !== undefined) views.collections.setFilter({ kind: 'account', account: account.value });
    }),
    r(Command.CollectionsClearFilter, () => views.collections.setFilter({ kind: 'all' })),
    r(Command.CollectionsOrderTokensByHeight, (node: unknown) =>
      selected(views, node, isCollection)?.setOrder('height'),
    ),
    r(Command.CollectionsOrderTokensByTokenId, (node: unknown) =>
      selected(views, node, isCollection)?.setOrder('token_id'),
    ),
  ];
}

/** The Rich List's denoms belong to a network: the active network's list changes, no other. */
function richListCommands(views: Views, services: Services, r: Register): vscode.Disposable[] {
  const settings = services.settings;
  return [
    r(Command.RichListRefresh, () => views.richList.refresh()),
    r(Command.RichListAddDenom, async (arg?: unknown) => {
      const denom = await obtain(
        arg,
        parseDenom,
        vscode.l10n.t('Add a denom to the Rich List view'),
        vscode.l10n.t('e.g. uinit, evm/0x…, ibc/…'),
      );
      if (denom === undefined) return;
      const all = settings.get('richList.denoms');
      const mine = listFor(all, services.network.name);
      if (!mine.includes(denom))
        await settings.update('richList.denoms', { ...all, [services.network.name]: [...mine, denom] });
    }),
    r(Command.RichListRemoveDenom, async (node: unknown) => {
      const denom = selected(views, node, isDenom)?.denom ?? (typeof node === 'string' ? node : undefined);
      if (denom === undefined) return;
      const all = settings.get('richList.denoms');
      const mine = listFor(all, services.network.name);
      await settings.update('richList.denoms', { ...all, [services.network.name]: mine.filter((d) => d !== denom) });
    }),
  ];
}
