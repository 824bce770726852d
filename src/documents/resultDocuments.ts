/**
 * Read-only JSON result documents on the `initia` scheme. The URI carries the network and the query, so a document
 * restored after a window reload loads itself again. Lists page in place: CodeLenses (and editor title actions) at
 * the top go to the next / previous page with the server's keys.
 */
import vscode = require('vscode');
import { PageTrail, pageInfo, type PageInfo } from '../core/indexer/paging';
import { errorMessage, isCancelled, isNotFound } from '../core/errors';
import { isUnavailable } from '../core/capabilities';
import {
  decodeDocumentAddress,
  encodeDocumentAddress,
  queryTitle,
  runQuery,
  type DocumentAddress,
  type Query,
} from '../core/queries';
import { Command, Scheme } from '../platform/ids';
import type { Services } from '../platform/services';
import type { NetworkProfile } from '../core/networks';
import { markOnce } from '../core/marks';
import { txHashText } from '../core/validate';
import { resultLenses } from './lenses';

interface DocState {
  network: string;
  query: Query;
  limit: number;
  trail: PageTrail;
  content?: string;
  info?: PageInfo;
  error?: string;
  evm?: boolean;
  /** What the reader must know about the page shown (a filter the indexer did not apply). */
  warning?: string;
  /** When the content last changed (ms): a file's mtime, so VS Code reads it again after a change. */
  mtime: number;
}

export function resultUri(network: string, query: Query): vscode.Uri {
  return vscode.Uri.from({
    scheme: Scheme.Result,
    path: `/${queryTitle(query)}.json`,
    query: encodeDocumentAddress({ network, query }),
  });
}

/** The text of a document whose address cannot be read (stale, from another version, or edited by hand). */
function unreadable(reason: string): string {
  return `${JSON.stringify({ error: `This Initia document cannot be opened: ${reason} Run the lookup again.` }, null, 2)}\n`;
}

export type PageMove = 'next' | 'previous' | 'refresh' | 'first';

export class ResultDocuments implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly states = new Map<string, DocState>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(readonly services: Services) {
    this.subscriptions.push(
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc.uri.scheme === Scheme.Result) this.states.delete(doc.uri.toString());
      }),
    );
  }

  /** Loads the first page of `query` (with a progress notification that can cancel it) and opens the document. */
  async open(query: Query, network: NetworkProfile = this.services.network): Promise<vscode.Uri | undefined> {
    const uri = resultUri(network.name, query);
    // Its address is the one just written: not read back (that would build and run the row's checks for nothing).
    const state = this.stateFor(uri, { network: network.name, query });
    if (!state) return undefined;
    state.trail.reset();
    state.limit = this.services.settings.get('pageSize'); // a new lookup: today's page size
    const title = vscode.l10n.t('Initia: loading {0} from {1}…', queryTitle(query), network.name);
    const ok = await this.loadWithProgress(uri, state, title, () => this.open(query, network));
    if (!ok) return undefined;
    markOnce('doc:loaded');
    const doc = await vscode.workspace.openTextDocument(uri);
    markOnce('doc:opened');
    // The preview tab, as VS Code opens files: the next lookup takes its place unless the user kept this one.
    await vscode.window.showTextDocument(doc, { preview: true });
    return uri;
  }

  /** Moves a list document to another page, or reloads it. Returns false when nothing changed. */
  async move(uri: vscode.Uri, move: PageMove): Promise<boolean> {
    const state = this.stateFor(uri);
    if (!state) return false;
    const before = state.trail.page;
    if (move === 'next') {
      if (!state.info?.nextKey) return false;
      state.trail.forward(state.info.nextKey);
    } else if (move === 'previous') {
      if (!state.trail.canGoBack) return false;
      state.trail.back();
    } else if (move === 'first') {
      state.trail.reset();
    }
    const title = vscode.l10n.t('Initia: loading page {0}…', state.trail.page);
    const ok = await this.loadWithProgress(uri, state, title, () => this.move(uri, move));
    if (!ok) state.trail.restore(before);
    return ok;
  }

  state(
    uri: vscode.Uri,
  ):
    | (Readonly<Pick<DocState, 'info' | 'query' | 'network' | 'error' | 'evm' | 'warning'>> & { page: number })
    | undefined {
    const s = this.states.get(uri.toString());
    return (
      s && {
        info: s.info,
        query: s.query,
        network: s.network,
        error: s.error,
        evm: s.evm,
        warning: s.warning,
        page: s.trail.page,
      }
    );
  }

  /** The document as a read-only file (its size once loaded; its time changes with every page shown). */
  stat(uri: vscode.Uri): vscode.FileStat {
    const state = this.stateFor(uri);
    const size = state?.content !== undefined ? Buffer.byteLength(state.content) : 0;
    return {
      type: vscode.FileType.File,
      ctime: state?.mtime ?? 0,
      mtime: state?.mtime ?? 0,
      size,
      permissions: vscode.FilePermission.Readonly,
    };
  }

  /** The document's text: loaded on first read (a tab restored after a reload, a document opened by its address). */
  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return Buffer.from(await this.text(uri), 'utf8');
  }

  private async text(uri: vscode.Uri): Promise<string> {
    const state = this.stateFor(uri);
    if (!state) {
      const address = decodeDocumentAddress(uri.query);
      return unreadable(address.ok ? '' : address.error);
    }
    if (state.content === undefined) {
      // Restored after a reload, or opened by address: load it now (the editor shows its own progress; a file
      // system read cannot be cancelled, the request's own deadline bounds it).
      try {
        await this.load(state);
      } catch (err) {
        state.error = errorMessage(err);
      }
    }
    return state.content ?? JSON.stringify({ error: state.error ?? 'Not loaded.' }, null, 2);
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const state = this.states.get(document.uri.toString());
    if (!state) return [];
    return resultLenses(document.uri, state, this.services.knownCapabilities(state.network));
  }

  /** The document's state, made on first use from `known` (a lookup's own address) or else from its URI's address. */
  private stateFor(uri: vscode.Uri, known?: DocumentAddress): DocState | undefined {
    const key = uri.toString();
    let state = this.states.get(key);
    if (!state) {
      const address = known ? { ok: true as const, value: known } : decodeDocumentAddress(uri.query);
      if (!address.ok) return undefined;
      state = {
        network: address.value.network,
        query: address.value.query,
        limit: this.services.settings.get('pageSize'),
        trail: new PageTrail(),
        mtime: Date.now(),
      };
      this.states.set(key, state);
    }
    return state;
  }

  /** Tells VS Code the content changed and, when the document is open, resolves once VS Code has re-read it. */
  private fireChanged(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    const open = vscode.workspace.textDocuments.some((d) => d.uri.toString() === key);
    if (!open) {
      this.changed.fire(uri);
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sub.dispose();
        resolve();
      };
      const sub = vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.toString() === key) done();
      });
      // Same text (a refresh that changed nothing) fires no change event.
      const timer = setTimeout(done, 1000);
      this.changed.fire(uri);
    });
  }

  private async loadWithProgress(
    uri: vscode.Uri,
    state: DocState,
    title: string,
    retry: () => Promise<unknown>,
  ): Promise<boolean> {
    try {
      // The request goes out first; the progress notification (its round trip to the workbench) is set up while it
      // travels, and cancelling it aborts the request.
      const ac = new AbortController();
      const loading = this.load(state, ac.signal);
      loading.catch(() => undefined); // handled by the await below (through withProgress)
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title, cancellable: true },
        async (_p, token) => {
          const sub = token.onCancellationRequested(() => ac.abort());
          try {
            await loading;
          } finally {
            sub.dispose();
          }
        },
      );
      await this.fireChanged(uri);
      this.lensesChanged.fire();
      return true;
    } catch (err) {
      // What the network cannot answer ("this network has no EVM index") is said as information, not as an error.
      if (isUnavailable(err))
        void vscode.window.showInformationMessage(vscode.l10n.t('{0}: {1}.', state.network, err.reason));
      // The page already shown stays as it was; the error offers a retry.
      else if (!isCancelled(err))
        this.showError(
          err,
          retry,
          state.query.op === 'tx' && isNotFound(err) ? txHashText(state.query.hash) : undefined,
        );
      return false;
    }
  }

  private async load(state: DocState, signal?: AbortSignal): Promise<void> {
    const network = this.services.networks.byName(state.network);
    if (!network) throw new Error(vscode.l10n.t('The network "{0}" is no longer configured.', state.network));
    const client = this.services.indexer(network);
    const result = await runQuery(client, state.query, { key: state.trail.currentKey, limit: state.limit }, signal, {
      capabilities: this.services.capabilitySource(network),
      move: this.services.move(network),
    });
    state.content = `${JSON.stringify(result.body, null, 2)}\n`;
    state.mtime = Math.max(Date.now(), state.mtime + 1);
    state.info = result.list ? pageInfo(result.list.count, result.list.pagination, state.limit) : undefined;
    state.warning = result.list ? result.warning : undefined;
    if (state.warning) this.services.log.warn(state.warning);
    state.error = undefined;
    state.evm = result.evm;
  }

  /** Shows the error without waiting for the user, so the command that failed returns at once. */
  /** `watchHash`: a transaction the indexer does not know (yet), offered to be watched until it is in. */
  private showError(err: unknown, retry: () => Promise<unknown>, watchHash?: string): void {
    const message = errorMessage(err);
    this.services.log.error(message);
    const retryLabel = vscode.l10n.t('Retry');
    const networkLabel = vscode.l10n.t('Select Network');
    const watchLabel = vscode.l10n.t('Watch Until It Is In');
    const choices = watchHash ? [watchLabel, retryLabel, networkLabel] : [retryLabel, networkLabel];
    void vscode.window.showErrorMessage(message, ...choices).then((choice) => {
      if (choice === watchLabel) void vscode.commands.executeCommand(Command.WatchTransaction, watchHash);
      else if (choice === retryLabel) void retry();
      else if (choice === networkLabel) void vscode.commands.executeCommand(Command.SelectNetwork);
    });
  }

  dispose(): void {
    vscode.Disposable.from(...this.subscriptions, this.changed, this.lensesChanged).dispose();
    this.states.clear();
  }
}
