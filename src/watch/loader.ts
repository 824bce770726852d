/**
 * Watch Transaction, loaded on first use: the watcher (its scheduler, checks, status item and notifications) is a
 * bundle of its own (dist/watch.js, see esbuild.mjs), required when a transaction is first watched (the command, a
 * terminal link, Look Up's "not found", a hover), never for a lookup, a tree or a hover.
 */
import type * as vscode from 'vscode';
import { LazyBundle } from '../core/lazyBundle';
import type { Register } from '../platform/commandTable';
import { Command } from '../platform/ids';
import type { Services } from '../platform/services';
import type { TxWatcher } from './txWatcher';

type WatchModule = typeof import('./txWatcher');

export class LazyWatcher extends LazyBundle<TxWatcher> implements vscode.Disposable {
  constructor(
    private readonly services: Services,
    /** esbuild.mjs keeps this require as one of dist/watch.js. */
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    private readonly load: () => WatchModule = () => require('./txWatcher') as WatchModule,
  ) {
    super(() => new (load().TxWatcher)(services));
  }

  /** The watcher (loaded and made on first use). */
  get watcher(): TxWatcher {
    return this.loaded;
  }

  /** Registers Watch Transaction and the status item's command; their handlers load the watcher. */
  register(register: Register): vscode.Disposable[] {
    return [
      register(Command.WatchTransaction, (hash?: unknown, networkName?: unknown) =>
        this.load().watchCommand(this.watcher, this.services, hash, networkName),
      ),
      register(Command.WatchShow, () => this.watcher.show()),
    ];
  }

  dispose(): void {
    this.unload()?.dispose();
  }
}
