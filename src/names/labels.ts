/**
 * Names beside addresses in documents: an inlay hint after each `0x…` (40 hex digits) or `init1…` address that a
 * deployment of the workspace names on the document's network (a result document's own network, the active one for
 * files). Only the visible range is scanned; the first request reads the deployments (WorkspaceNames.ready), and
 * the hints are asked again when the names change. The name is chain data of the user's own files, shown as a
 * label only (never markdown, never a link).
 */
import vscode = require('vscode');
import { decodeDocumentAddress } from '../core/queries';
import { shortAddress } from '../core/names';
import type { NetworkProfile } from '../core/networks';
import { Scheme } from '../platform/ids';
import type { Services } from '../platform/services';
import type { WorkspaceNames } from './workspaceNames';

const ADDRESS = /(?<![0-9A-Za-z_])(0x[0-9a-fA-F]{40}|init1[02-9ac-hj-np-z]{38})(?![0-9A-Za-z_])/g;
/** Ranges longer than this are not scanned (a minified file in view). */
const MAX_RANGE_CHARS = 500_000;

export class NameLabels implements vscode.InlayHintsProvider {
  readonly onDidChangeInlayHints: vscode.Event<void>;

  constructor(
    private readonly services: Services,
    private readonly names: WorkspaceNames,
  ) {
    this.onDidChangeInlayHints = names.onDidChange;
  }

  private networkOf(doc: vscode.TextDocument): NetworkProfile | undefined {
    if (doc.uri.scheme !== Scheme.Result) return this.services.network;
    const address = decodeDocumentAddress(doc.uri.query);
    return address.ok ? this.services.networks.byName(address.value.network) : undefined;
  }

  async provideInlayHints(
    doc: vscode.TextDocument,
    range: vscode.Range,
    token: vscode.CancellationToken,
  ): Promise<vscode.InlayHint[]> {
    if (!this.services.settings.get('names.enabled')) return [];
    const text = doc.getText(range);
    if (text.length > MAX_RANGE_CHARS || !/0x[0-9a-fA-F]{40}|init1/.test(text)) return [];
    const network = this.networkOf(doc);
    await this.names.ready(network);
    if (!network || token.isCancellationRequested) return [];
    const base = doc.offsetAt(range.start);
    const hints: vscode.InlayHint[] = [];
    ADDRESS.lastIndex = 0;
    for (let m = ADDRESS.exec(text); m; m = ADDRESS.exec(text)) {
      const named = this.names.nameOf(m[1]!, network);
      if (!named) continue;
      const hint = new vscode.InlayHint(doc.positionAt(base + m.index + m[1]!.length), named.name);
      hint.paddingLeft = true;
      const file = named.source.slice(named.source.lastIndexOf('/') + 1);
      hint.tooltip = vscode.l10n.t(
        '{0} ({1}), deployed on chain {2} ({3})',
        named.name,
        shortAddress(m[1]!),
        named.chainId ?? '?',
        file,
      );
      hints.push(hint);
    }
    return hints;
  }
}
