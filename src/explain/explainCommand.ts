/**
 * `Initia: Explain Transaction…`: from the palette (asks for a hash, checked as it is typed), a hover or tree item
 * (the hash given), or a transaction's JSON document title bar (the document's address names the hash).
 */
import vscode = require('vscode');
import { decodeDocumentAddress } from '../core/queries';
import { parseTxHash, txHashText, type TxHash } from '../core/validate';
import { errorMessage, isNotFound } from '../core/errors';
import type { Register } from '../platform/commandTable';
import { Command, Scheme } from '../platform/ids';
import { obtain, refuse } from '../platform/input';
import type { Explain } from './bundle';

/** The hash a command argument names: itself (text, checked below), or the tx of an `initia:` document (parsed). */
function hashOf(arg: unknown): TxHash | string | undefined {
  if (arg instanceof vscode.Uri) {
    if (arg.scheme !== Scheme.Result) return undefined;
    const address = decodeDocumentAddress(arg.query);
    return address.ok && address.value.query.op === 'tx' ? address.value.query.hash : undefined;
  }
  return typeof arg === 'string' ? arg : undefined;
}

export function registerExplainCommands(panels: Pick<Explain, 'open'>, register: Register): vscode.Disposable[] {
  return [
    register(Command.ExplainTransaction, async (arg?: unknown) => {
      const given = hashOf(arg);
      const hash =
        typeof given === 'object'
          ? given
          : await obtain(
              given,
              parseTxHash,
              vscode.l10n.t('Transaction hash to explain (64 hexadecimal digits, 0x for an EVM transaction)'),
              'A1B2… or 0x…',
            );
      if (!hash) return undefined;
      try {
        return await panels.open(hash);
      } catch (err) {
        if (!isNotFound(err)) return refuse(errorMessage(err));
        // A transaction the indexer does not know (yet): what Look Up offers, Watch it until it is in or another network.
        const watch = vscode.l10n.t('Watch Until It Is In');
        const network = vscode.l10n.t('Select Network');
        void vscode.window
          .showErrorMessage(vscode.l10n.t('Initia: {0}', errorMessage(err)), watch, network)
          .then((choice) => {
            if (choice === watch) void vscode.commands.executeCommand(Command.WatchTransaction, txHashText(hash));
            else if (choice === network) void vscode.commands.executeCommand(Command.SelectNetwork);
          });
        return undefined;
      }
    }),
  ];
}
