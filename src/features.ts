/**
 * Entry of the lazily loaded features bundle (dist/features.js): result documents, lookup commands, sidebar views,
 * hover. Activation (extension.ts) registers thin shells for all of them and requires this bundle on first use: the
 * first command, a view being shown, a result document being opened, or a hover over a line with a 64-hex run.
 */
import * as vscode from 'vscode';
import type { Services } from './services';
import { ResultDocuments } from './documents/resultDocuments';
import { ResultLinks } from './documents/links';
import { LookupCommands } from './commands/lookups';
import { registerDocumentPaging } from './commands/documentPaging';
import type { Register } from './commands/input';
import { BlocksView } from './views/blocks';
import { CollectionsView } from './views/nfts';
import { RichListView } from './views/richList';
import { registerTreeCommands, type Views } from './views/treeCommands';
import { COPY_HASH_COMMAND, TxHoverProvider } from './hover/txHover';
import { TransferTracker } from './bridge/tracker';
import { TransferDocuments, TransfersTree, registerTransferCommands } from './bridge/transfersView';
import { BridgePanels } from './bridge/panel';
import type { BridgeState } from './bridge/protocol';

export interface FeatureDeps {
  context: vscode.ExtensionContext;
  services: Services;
  treeViews: { blocks: vscode.TreeView<unknown>; collections: vscode.TreeView<unknown>; richList: vscode.TreeView<unknown>; transfers: vscode.TreeView<unknown> };
}

export interface Features extends vscode.Disposable {
  documents: ResultDocuments;
  links: ResultLinks;
  views: Views;
  hover: TxHoverProvider;
  tracker: TransferTracker;
  transfers: TransfersTree;
  transferDocuments: TransferDocuments;
  bridge: BridgePanels;
  /** Re-attaches a bridge panel VS Code restored after a reload. */
  restoreBridge(panel: vscode.WebviewPanel, state: BridgeState | undefined): void;
  /** Command handlers by id; activation's command shells call into this table. */
  handlers: ReadonlyMap<string, (...args: unknown[]) => unknown>;
}

export function createFeatures({ context, services, treeViews }: FeatureDeps): Features {
  const handlers = new Map<string, (...args: unknown[]) => unknown>();
  const register: Register = (id, handler) => {
    handlers.set(id, handler);
    return new vscode.Disposable(() => handlers.delete(id));
  };
  const documents = new ResultDocuments(services);
  const views: Views = {
    blocks: new BlocksView(services, context.workspaceState, treeViews.blocks),
    collections: new CollectionsView(services, treeViews.collections),
    richList: new RichListView(services, treeViews.richList),
  };
  const hover = new TxHoverProvider(services);
  const tracker = new TransferTracker(services, context.globalState);
  const transfers = new TransfersTree(tracker);
  const transferDocuments = new TransferDocuments(tracker);
  const bridge = new BridgePanels(context, services, tracker);
  const disposables: vscode.Disposable[] = [
    tracker,
    transfers,
    transferDocuments,
    bridge,
    ...registerTransferCommands(tracker, services, register),
    register('initia.openBridge', () => {
      bridge.open();
    }),
    documents,
    views.blocks,
    views.collections,
    views.richList,
    hover,
    ...new LookupCommands(documents).register(register),
    ...registerDocumentPaging(documents, register),
    ...registerTreeCommands(views, services, register),
    register(COPY_HASH_COMMAND, async (hash: unknown) => {
      if (typeof hash !== 'string' || !/^(0x)?[0-9A-Fa-f]{64}$/.test(hash)) return;
      await vscode.env.clipboard.writeText(hash);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', hash), 2500);
    }),
  ];
  return {
    documents,
    links: new ResultLinks(documents),
    views,
    hover,
    tracker,
    transfers,
    transferDocuments,
    bridge,
    restoreBridge: (panel, state) => bridge.restore(panel, state),
    handlers,
    dispose: () => vscode.Disposable.from(...disposables).dispose(),
  };
}
