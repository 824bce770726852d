/**
 * The transfers, loaded on first use: the tracker, the Transfers view and the status documents are a bundle of their
 * own (dist/transfers.js, see esbuild.mjs), required when any of them is first needed (the view shown, a transfer
 * command, a bridge panel, a tool, the resume of tracked transfers after a reload), never for a lookup or a hover.
 */
import vscode = require('vscode');
import { LazyBundle } from '../core/lazyBundle';
import type { Register } from '../platform/commandTable';
import { Command } from '../platform/ids';
import type { Services } from '../platform/services';
import type { Transfers } from './bundle';
import type { TransferTracker } from './tracker';
import type { TransfersTree } from './tree';
import type { TransferDocuments } from './documents';

type TransfersModule = typeof import('./bundle');

/** The commands the transfers' bundle answers (tree.ts and documents.ts register their handlers). */
export const TRANSFER_COMMANDS: readonly Command[] = [
  Command.TrackTransfer,
  Command.TransfersRefresh,
  Command.TransfersRefreshTransfer,
  Command.TransfersStopWatching,
  Command.TransfersRemove,
  Command.TransfersCopyHash,
  Command.TransfersOpenLink,
  Command.TransfersOpenStatus,
];

export class LazyTransfers extends LazyBundle<Transfers> implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  /** A transfer's status document changed (fires once the bundle is loaded; before, there is none open to change). */
  readonly onDidChangeDocument = this.changed.event;

  constructor(
    services: Services,
    context: vscode.ExtensionContext,
    /** esbuild.mjs keeps this require as one of dist/transfers.js. */
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    load: () => TransfersModule = () => require('./bundle') as TransfersModule,
  ) {
    super(() => {
      const made = load().createTransfers(services, context);
      const missing = TRANSFER_COMMANDS.filter((id) => !made.handlers.has(id));
      const unlisted = [...made.handlers.keys()].filter((id) => !TRANSFER_COMMANDS.includes(id as Command));
      if (missing.length || unlisted.length)
        throw new Error(`Initia: the transfers' commands differ from their list (${[...missing, ...unlisted]})`);
      const forward = made.documents.onDidChange((uri) => this.changed.fire(uri));
      return { ...made, dispose: () => vscode.Disposable.from(forward, made).dispose() };
    });
  }

  get tracker(): TransferTracker {
    return this.loaded.tracker;
  }

  get tree(): TransfersTree {
    return this.loaded.tree;
  }

  get documents(): TransferDocuments {
    return this.loaded.documents;
  }

  /** Registers a shell for each transfer command; the first call loads the bundle and runs its handler. */
  register(register: Register): vscode.Disposable[] {
    return TRANSFER_COMMANDS.map((id) => register(id, (...args: unknown[]) => this.loaded.handlers.get(id)!(...args)));
  }

  dispose(): void {
    this.unload()?.dispose();
    this.changed.dispose();
  }
}
