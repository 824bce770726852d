/** Drill-down links in result documents: each hash, height and address runs the matching lookup. */
import vscode = require('vscode');
import { scanLinks, type LinkKind } from '../core/linkScan';
import { commandUri } from '../platform/links';
import type { ResultDocuments } from './resultDocuments';
import { Command } from '../platform/ids';

const COMMANDS: Record<LinkKind, { command: string; tooltip: string }> = {
  tx: { command: Command.LookupTransaction, tooltip: 'Look up this transaction' },
  block: { command: Command.LookupBlock, tooltip: 'Look up this block' },
  account: { command: Command.LookupAccount, tooltip: 'Look up this account' },
  collection: { command: Command.LookupCollection, tooltip: 'Look up this NFT collection' },
};

export class ResultLinks implements vscode.DocumentLinkProvider {
  constructor(private readonly documents: ResultDocuments) {}

  provideDocumentLinks(document: vscode.TextDocument): vscode.DocumentLink[] {
    const query = this.documents.state(document.uri)?.query;
    const objectAddrIsCollection =
      query?.op === 'collection' ||
      query?.op === 'collections' ||
      query?.op === 'collectionsByName' ||
      (query?.op === 'account' && query.view === 'collections');
    return scanLinks(document.getText(), { objectAddrIsCollection }).map((found) => {
      const { command, tooltip } = COMMANDS[found.kind];
      const range = new vscode.Range(document.positionAt(found.start), document.positionAt(found.end));
      const link = new vscode.DocumentLink(range, commandUri(command, [found.value]));
      link.tooltip = vscode.l10n.t(tooltip);
      return link;
    });
  }
}
