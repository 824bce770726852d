/** Next / previous page and refresh for result documents (from CodeLenses, the editor title, or the palette). */
import * as vscode from 'vscode';
import { SCHEME, type PageMove, type ResultDocuments } from '../documents/resultDocuments';
import type { Register } from './input';

function targetUri(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'string' && arg.startsWith(`${SCHEME}:`)) return vscode.Uri.parse(arg);
  const active = vscode.window.activeTextEditor?.document.uri;
  return active?.scheme === SCHEME ? active : undefined;
}

export function registerDocumentPaging(documents: ResultDocuments, register: Register): vscode.Disposable[] {
  const pager = (move: PageMove) => async (arg?: unknown): Promise<boolean> => {
    const uri = targetUri(arg);
    if (!uri) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open an Initia result document first.'));
      return false;
    }
    return documents.move(uri, move);
  };
  return [
    register('initia.nextPage', pager('next')),
    register('initia.previousPage', pager('previous')),
    register('initia.firstPage', pager('first')),
    register('initia.refreshDocument', pager('refresh')),
  ];
}
