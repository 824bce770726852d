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

export interface InitiaExplorerApi {
  readonly services: Services;
  readonly documents: ResultDocuments;
  /** Milliseconds spent in activate(). */
  readonly activationMs: number;
}

export function activate(context: vscode.ExtensionContext): InitiaExplorerApi {
  const started = performance.now();
  const services = new Services();
  const documents = new ResultDocuments(services);
  const statusBar = new NetworkStatusBar(services);
  const selector: vscode.DocumentSelector = { scheme: SCHEME };

  context.subscriptions.push(
    services,
    documents,
    statusBar,
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
  return { services, documents, activationMs };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
