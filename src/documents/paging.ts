/** Next / previous page and refresh for result documents (from CodeLenses, the editor title, or the palette). */
import * as vscode from 'vscode';
import { Command, Scheme } from '../platform/ids';
import type { Register } from '../platform/commandTable';
import type { PageMove, ResultDocuments } from './resultDocuments';

function targetUri(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'string' && arg.startsWith(`${Scheme.Result}:`)) return vscode.Uri.parse(arg);
  const active = vscode.window.activeTextEditor?.document.uri;
  return active?.scheme === Scheme.Result ? active : undefined;
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
    register(Command.NextPage, pager('next')),
    register(Command.PreviousPage, pager('previous')),
    register(Command.FirstPage, pager('first')),
    register(Command.RefreshDocument, pager('refresh')),
  ];
}
