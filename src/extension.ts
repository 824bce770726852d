/**
 * Activation: builds the services and registers everything. No network I/O here and nothing heavy is loaded:
 * undici, the zod schemas and the API clients live in dist/core.js, required on first use (src/lazy.ts).
 */
import * as vscode from 'vscode';
import { Services } from './services';
import { ResultDocuments, SCHEME } from './documents/resultDocuments';
import { ResultLinks } from './documents/links';
import { LookupCommands } from './commands/lookups';
import { registerDocumentPaging } from './commands/documentPaging';
import { registerNetworkCommands } from './commands/network';
import { NetworkStatusBar } from './views/statusBar';
import { BlocksView } from './views/blocks';
import { CollectionsView } from './views/nfts';
import { RichListView } from './views/richList';
import { registerTreeCommands, type Views } from './views/treeCommands';
import { COPY_HASH_COMMAND, TxHoverProvider } from './hover/txHover';

export interface InitiaExplorerApi {
  readonly services: Services;
  readonly documents: ResultDocuments;
  /** The sidebar views (their providers fetch nothing until a view is shown and expanded). */
  readonly views: Views;
  readonly hover: TxHoverProvider;
  /** Milliseconds spent in activate(). */
  readonly activationMs: number;
}

export function activate(context: vscode.ExtensionContext): InitiaExplorerApi {
  const started = performance.now();
  const services = new Services();
  const documents = new ResultDocuments(services);
  const statusBar = new NetworkStatusBar(services);
  const selector: vscode.DocumentSelector = { scheme: SCHEME };
  const views: Views = {
    blocks: new BlocksView(services, context.workspaceState),
    collections: new CollectionsView(services),
    richList: new RichListView(services),
  };
  const hover = new TxHoverProvider(services);

  context.subscriptions.push(
    services,
    documents,
    statusBar,
    views.blocks,
    views.collections,
    views.richList,
    ...registerTreeCommands(views, services),
    hover,
    vscode.languages.registerHoverProvider([{ scheme: 'file' }, { scheme: 'untitled' }], hover),
    vscode.commands.registerCommand(COPY_HASH_COMMAND, async (hash: unknown) => {
      if (typeof hash !== 'string' || !/^(0x)?[0-9A-Fa-f]{64}$/.test(hash)) return;
      await vscode.env.clipboard.writeText(hash);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', hash), 2500);
    }),
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, documents),
    vscode.languages.registerCodeLensProvider(selector, documents),
    vscode.languages.registerDocumentLinkProvider(selector, new ResultLinks(documents)),
    ...new LookupCommands(documents).register(),
    ...registerDocumentPaging(documents),
    ...registerNetworkCommands(services.networks),
    vscode.commands.registerCommand('initia.showLog', () => services.log.show()),
  );
  statusBar.start();

  const activationMs = performance.now() - started;
  services.log.debug(`Activated in ${activationMs.toFixed(2)} ms`);
  return { services, documents, views, hover, activationMs };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
