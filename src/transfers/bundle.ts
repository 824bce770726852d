/**
 * Entry of the transfers' lazy bundle (dist/transfers.js, see esbuild.mjs; required by transfers/loader.ts): the
 * tracker (its records on disk, the leases that keep one poller per transfer across windows, the pollers, notices and
 * status item), the Transfers view and the transfers' status documents, made together on the first use of any of
 * them (the view shown, a transfer command, the bridge, a tool, the resume after a reload), never for a lookup.
 */
import vscode = require('vscode');
import type { Handler, Register } from '../platform/commandTable';
import type { Services } from '../platform/services';
import { TransferTracker } from './tracker';
import { TransfersTree, registerTransferCommands } from './tree';
import { TransferDocuments, registerTransferDocumentCommands } from './documents';

export interface Transfers extends vscode.Disposable {
  tracker: TransferTracker;
  tree: TransfersTree;
  documents: TransferDocuments;
  /** The transfer commands' handlers by id (the loader registers a shell for each before this bundle loads). */
  handlers: ReadonlyMap<string, Handler>;
}

export function createTransfers(services: Services, context: vscode.ExtensionContext): Transfers {
  const tracker = new TransferTracker(services, context.globalState, context.globalStorageUri.fsPath);
  const tree = new TransfersTree(tracker);
  const documents = new TransferDocuments(tracker);
  const handlers = new Map<string, Handler>();
  const register: Register = (id, handler) => {
    handlers.set(id, handler);
    return new vscode.Disposable(() => handlers.delete(id));
  };
  const commands = [
    ...registerTransferCommands(tracker, services, register),
    ...registerTransferDocumentCommands(tracker, register),
  ];
  return {
    tracker,
    tree,
    documents,
    handlers,
    dispose: () => vscode.Disposable.from(tracker, tree, documents, ...commands).dispose(),
  };
}
