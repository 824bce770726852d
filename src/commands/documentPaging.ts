/** Next / previous page and refresh for result documents (from CodeLenses, the editor title, or the palette). */
import * as vscode from 'vscode';
import { SCHEME, type PageMove, type ResultDocuments } from '../documents/resultDocuments';

function targetUri(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'string' && arg.startsWith(`${SCHEME}:`)) return vscode.Uri.parse(arg);
  const active = vscode.window.activeTextEditor?.document.uri;
  return active?.scheme === SCHEME ? active : undefined;
}

export function registerDocumentPaging(documents: ResultDocuments): vscode.Disposable[] {
  const pager = (move: PageMove) => async (arg?: unknown): Promise<boolean> => {
    const uri = targetUri(arg);
    if (!uri) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open an Initia result document first.'));
      return false;
    }
    return documents.move(uri, move);
  };
  return [
    vscode.commands.registerCommand('initia.nextPage', pager('next')),
    vscode.commands.registerCommand('initia.previousPage', pager('previous')),
    vscode.commands.registerCommand('initia.firstPage', pager('first')),
    vscode.commands.registerCommand('initia.refreshDocument', pager('refresh')),
  ];
}
