/**
 * A result document's CodeLenses, at its top: the page it shows and the way to the others (previous, next, refresh),
 * and where the document leads on (a block to its transactions, an account to its EVM lists, an EVM transaction to
 * its call tree) on a network known to have them.
 */
import vscode = require('vscode');
import type { PageInfo } from '../core/indexer/paging';
import type { NetworkCapabilities } from '../core/capabilities';
import { isListQuery, type Query } from '../core/queries';
import { Command } from '../platform/ids';

/** What the lenses read of a document's state. */
export interface LensState {
  network: string;
  query: Query;
  trail: { canGoBack: boolean; page: number };
  content?: string;
  info?: PageInfo;
  evm?: boolean;
  warning?: string;
}

/** A lens at the top of the document; without a command, words only. */
const lens = (title: string, command = '', args?: unknown[]) =>
  new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), { title, command, ...(args ? { arguments: args } : {}) });

/** The document's lenses: its warning and paging, where it leads on, then Refresh and its network. */
export function resultLenses(
  uri: vscode.Uri,
  state: LensState,
  known: NetworkCapabilities | undefined,
): vscode.CodeLens[] {
  const arg = [uri.toString()];
  return [
    ...pagingLenses(state, arg),
    ...blockLenses(state, known),
    ...evmLenses(state, known),
    lens(vscode.l10n.t('$(refresh) Refresh'), Command.RefreshDocument, arg),
    lens(vscode.l10n.t('$(globe) {0}', state.network)),
  ];
}

function pagingLenses(state: LensState, arg: unknown[]): vscode.CodeLens[] {
  const lenses: vscode.CodeLens[] = [];
  const list = isListQuery(state.query);
  if (state.warning) lenses.push(lens(`$(warning) ${state.warning}`));
  if (list && state.trail.canGoBack)
    lenses.push(lens(vscode.l10n.t('$(arrow-left) Previous page'), Command.PreviousPage, arg));
  if (list && state.info) {
    const total =
      state.info.total !== undefined ? vscode.l10n.t(' of {0}', state.info.total.toLocaleString('en-US')) : '';
    lenses.push(lens(vscode.l10n.t('Page {0} · {1} items{2}', state.trail.page, state.info.count, total)));
  }
  if (list && state.info?.hasMore) lenses.push(lens(vscode.l10n.t('Next page $(arrow-right)'), Command.NextPage, arg));
  return lenses;
}

/** A block's document leads on to its transactions (the block record itself does not list them). */
function blockLenses(state: LensState, known: NetworkCapabilities | undefined): vscode.CodeLens[] {
  if (state.query.op !== 'block' || !state.content) return [];
  const lenses: vscode.CodeLens[] = [];
  const height = state.query.height;
  const count = Number((JSON.parse(state.content) as { block?: { tx_count?: unknown } }).block?.tx_count ?? 0);
  if (count > 0) {
    const title =
      count === 1
        ? vscode.l10n.t('$(list-flat) Its transaction')
        : vscode.l10n.t('$(list-flat) Its {0} transactions', count.toLocaleString('en-US'));
    lenses.push(lens(title, Command.LookupTxsByHeight, [height]));
  }
  // On a network with an EVM index (known without asking: its profile, or the /status already read), a block also
  // leads on to its EVM transactions and internal calls.
  if (known?.evm) {
    lenses.push(lens(vscode.l10n.t('$(symbol-event) Its EVM transactions'), Command.LookupEvmTxsByHeight, [height]));
    if (known.evmInternalTxs)
      lenses.push(
        lens(vscode.l10n.t('$(debug-step-into) Its internal EVM transactions'), Command.LookupEvmInternalTxsByHeight, [
          height,
        ]),
      );
  }
  return lenses;
}

/** An account's document leads to its EVM lists on a network that has them, an EVM transaction to its call tree. */
function evmLenses(state: LensState, known: NetworkCapabilities | undefined): vscode.CodeLens[] {
  const lenses: vscode.CodeLens[] = [];
  if (state.query.op === 'account' && known?.evm) {
    const { account, view } = state.query;
    if (view !== 'evmTxs')
      lenses.push(lens(vscode.l10n.t('$(symbol-event) EVM transactions'), Command.LookupAccount, [account, 'evmTxs']));
    if (view !== 'evmSigned')
      lenses.push(
        lens(vscode.l10n.t('$(edit) EVM transactions signed'), Command.LookupAccount, [account, 'evmSigned']),
      );
  }
  if (state.query.op === 'tx' && state.evm && state.content) {
    const hash = (JSON.parse(state.content) as { tx?: { transactionHash?: unknown } }).tx?.transactionHash;
    if (typeof hash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(hash))
      lenses.push(
        lens(vscode.l10n.t('$(debug-step-into) Internal transactions'), Command.LookupEvmInternalTxs, [hash]),
      );
  }
  return lenses;
}
