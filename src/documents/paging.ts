/**
 * Next / previous page and refresh for result documents (from CodeLenses, the editor title, or the palette). The
 * editor title shows Previous / Next Page only on a document that lists, each enabled when there is such a page:
 * context keys follow the active editor and the page it shows.
 */
import vscode = require('vscode');
import { decodeDocumentAddress, isListQuery } from '../core/queries';
import { Command, ContextKey, Scheme } from '../platform/ids';
import type { Register } from '../platform/commandTable';
import type { PageMove, ResultDocuments } from './resultDocuments';

function targetUri(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'string' && arg.startsWith(`${Scheme.Result}:`)) return vscode.Uri.parse(arg);
  const active = vscode.window.activeTextEditor?.document.uri;
  return active?.scheme === Scheme.Result ? active : undefined;
}

/** Whether the active editor's document lists, and has a page before / after the one shown. */
function pagingContext(documents: ResultDocuments): vscode.Disposable {
  const shown = new Map<ContextKey, boolean>();
  const set = (key: ContextKey, value: boolean) => {
    if (shown.get(key) === value) return;
    shown.set(key, value);
    void vscode.commands.executeCommand('setContext', key, value);
  };
  const update = () => {
    const uri = vscode.window.activeTextEditor?.document.uri;
    let list = false;
    let previous = false;
    let next = false;
    if (uri?.scheme === Scheme.Result) {
      const address = decodeDocumentAddress(uri.query);
      list = address.ok && isListQuery(address.value.query);
      const state = list ? documents.state(uri) : undefined;
      previous = (state?.page ?? 1) > 1;
      next = !!state?.info?.hasMore;
    }
    set(ContextKey.ResultIsList, list);
    set(ContextKey.ResultHasPrevious, previous);
    set(ContextKey.ResultHasNext, next);
  };
  update();
  return vscode.Disposable.from(
    vscode.window.onDidChangeActiveTextEditor(update),
    documents.onDidChange(update),
    documents.onDidChangeCodeLenses(update),
  );
}

export function registerDocumentPaging(documents: ResultDocuments, register: Register): vscode.Disposable[] {
  const pager =
    (move: PageMove) =>
    async (arg?: unknown): Promise<boolean> => {
      const uri = targetUri(arg);
      if (!uri) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Open an Initia result document first.'));
        return false;
      }
      return documents.move(uri, move);
    };
  return [
    pagingContext(documents),
    register(Command.NextPage, pager('next')),
    register(Command.PreviousPage, pager('previous')),
    register(Command.FirstPage, pager('first')),
    register(Command.RefreshDocument, pager('refresh')),
  ];
}
