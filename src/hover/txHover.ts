/**
 * Hover on tx hashes in any file: a compact summary of the transaction on the active network, with links to the full
 * record. Only a standalone 64-hex token (optional 0x) triggers a request (core/linkScan.txHashAt). Results are
 * cached per network (bounded LRU; "not found" for a short time only), concurrent hovers on one hash share one
 * request, and a cancelled hover abandons its request once nobody else waits for it.
 *
 * The markdown (txHoverView.ts) is untrusted chain data: every chain value goes through appendUntrusted, and the only
 * commands the hover may run are this extension's own (enabledCommands).
 */
import vscode = require('vscode');
import { LRUCache } from '../core/lru';
import { SharedRequests } from '../core/sharedRequests';
import type { EvmTx, Tx } from '../core/indexer/schemas';
import { txHashAt } from '../core/linkScan';
import { errorMessage, isCancelled, isNotFound } from '../core/errors';
import { runQuery } from '../core/queries';
import { hasMoveFailure } from '../core/move/vmLog';
import { parseTxHash, txHashText, type TxHash } from '../core/validate';
import type { NetworkProfile } from '../core/networks';
import { appendUntrusted, untrustedMarkdown } from '../platform/markdown';
import { copyToClipboard } from '../platform/links';
import type { Register } from '../platform/commandTable';
import type { Services } from '../platform/services';
import { Command } from '../platform/ids';
import { renderTxHover, type Outcome } from './txHoverView';

const COPY_HASH_COMMAND = Command.HoverCopyHash;
const FOUND_TTL_MS = 60 * 60_000; // a committed tx does not change
const NOT_FOUND_TTL_MS = 15_000; // it may be indexed in a moment
const CACHE_SIZE = 500;

/** Why a failed transaction failed, in one line, from Explain's bundle (undefined: nothing to say). */
export interface FailureWords {
  /** A failed EVM transaction's revert, from the network's JSON-RPC node. */
  revert(network: NetworkProfile, hash: string, signal?: AbortSignal): Promise<string | undefined>;
  /** A failed Move transaction's abort named (the workspace, the module's error map, the registry), or its VM failure. */
  moveFailure(network: NetworkProfile, tx: Tx): Promise<string | undefined>;
}

/**
 * The hover's own commands: "Copy hash" (only a well-formed hash is copied), and the walkthrough's "Try it", which
 * opens a scratch file holding the active network's latest transaction (one request) and shows its hover.
 */
export function registerHoverCommands(
  register: Register,
  services: Services,
  scratchDir: vscode.Uri,
): vscode.Disposable[] {
  return [
    register(COPY_HASH_COMMAND, async (hash: unknown) => {
      if (typeof hash === 'string' && /^(0x)?[0-9A-Fa-f]{64}$/.test(hash)) await copyToClipboard(hash);
    }),
    register(Command.WalkthroughTryHover, async (): Promise<vscode.Uri | undefined> => {
      const network = services.network;
      let hash: string | undefined;
      try {
        hash = (await services.indexer(network).txs({ page: { limit: 1 } })).txs[0]?.txhash;
      } catch (err) {
        void vscode.window.showErrorMessage(errorMessage(err));
        return undefined;
      }
      if (!hash || !/^[0-9A-Fa-f]{64}$/.test(hash)) {
        void vscode.window.showInformationMessage(
          vscode.l10n.t('There is no transaction on {0} to show yet.', network.name),
        );
        return undefined;
      }
      const prefix = 'tx ';
      // A saved file of the extension's own storage, not an untitled one: closing it asks nothing.
      const file = vscode.Uri.joinPath(scratchDir, 'try-the-hover.log');
      await vscode.workspace.fs.createDirectory(scratchDir);
      await vscode.workspace.fs.writeFile(
        file,
        Buffer.from(
          `${vscode.l10n.t('Point at the hash below to see the transaction.')}\n\n${prefix}${hash} included\n`,
          'utf8',
        ),
      );
      const doc = await vscode.workspace.openTextDocument(file);
      const editor = await vscode.window.showTextDocument(doc);
      const at = new vscode.Position(2, prefix.length + 4);
      editor.selection = new vscode.Selection(at, at);
      await vscode.commands.executeCommand('editor.action.showHover');
      return doc.uri;
    }),
  ];
}

export class TxHoverProvider implements vscode.HoverProvider, vscode.Disposable {
  private readonly cache = new LRUCache<string, Outcome>({ max: CACHE_SIZE, ttlAutopurge: false });
  private readonly pending = new SharedRequests<string, Outcome>();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly services: Services,
    private readonly why?: FailureWords,
  ) {
    this.subscription = services.settings.onChange(['networks'], () => this.cache.clear());
  }

  private get enabled(): boolean {
    return this.services.settings.get('hover.enabled');
  }

  async provideHover(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    if (!this.enabled) return undefined;
    const line = document.lineAt(position.line).text;
    const found = txHashAt(line, position.character);
    if (!found) return undefined;
    // The hash under the cursor, parsed once here, where it enters: what the lookup and the indexer client take.
    const parsed = parseTxHash(`${found.prefixed ? '0x' : ''}${found.hex}`);
    if (!parsed.ok) return undefined;
    const range = new vscode.Range(position.line, found.start, position.line, found.end);
    const network = this.services.network;
    const hash = txHashText(parsed.value);
    try {
      const outcome = await this.lookup(network, parsed.value, token);
      if (token.isCancellationRequested) return undefined;
      return new vscode.Hover(renderTxHover(network, hash, outcome), range);
    } catch (err) {
      if (isCancelled(err) || token.isCancellationRequested) return undefined;
      const md = untrustedMarkdown();
      md.supportThemeIcons = true;
      md.appendMarkdown(vscode.l10n.t("$(warning) Couldn't look up this transaction on "));
      appendUntrusted(md, network.name).appendMarkdown(': ');
      appendUntrusted(md, errorMessage(err));
      return new vscode.Hover(md, range);
    }
  }

  /** The cached outcome, the request already in flight for it, or a new request. */
  private lookup(network: NetworkProfile, hash: TxHash, token: vscode.CancellationToken): Promise<Outcome> {
    const key = `${network.name}\u0000${network.indexerUrl}\u0000${hash.cosmos}`;
    const cached = this.cache.get(key);
    if (cached) return Promise.resolve(cached);
    const start = (signal: AbortSignal) =>
      this.fetch(network, hash, signal).then((outcome) => {
        this.cache.set(key, outcome, { ttl: outcome.kind === 'notFound' ? NOT_FOUND_TTL_MS : FOUND_TTL_MS });
        return outcome;
      });
    // One request per hash however many hovers ask; the last one waiting for it that is cancelled cancels it.
    return this.pending.wait(key, start, token, () => new vscode.CancellationError());
  }

  private async fetch(network: NetworkProfile, hash: TxHash, signal: AbortSignal): Promise<Outcome> {
    try {
      // A network without an EVM index is asked the cosmos endpoint only, even for a 0x hash.
      const query = { op: 'tx', hash, evmFirst: hash.prefixed } as const;
      const result = await runQuery(this.services.indexer(network), query, {}, signal, {
        capabilities: this.services.capabilitySource(network),
      });
      if (!result.evm) {
        const tx = (result.body as { tx: Tx }).tx;
        // A MoveVM failure: the abort named, which is what the raw log's code leaves out.
        const moveFailed = tx.code !== 0 && hasMoveFailure(tx.raw_log);
        const why = moveFailed ? await this.why?.moveFailure(network, tx).catch(() => undefined) : undefined;
        return why ? { kind: 'cosmos', tx, why } : { kind: 'cosmos', tx };
      }
      const tx = (result.body as { tx: EvmTx }).tx;
      // A reverted EVM transaction: why, from the node's call trace where the network has a JSON-RPC URL.
      const evmHash = /^0x[0-9a-fA-F]{64}$/.test(tx.transactionHash) ? tx.transactionHash : txHashText(hash);
      const revert =
        tx.status === '0x0' && network.jsonRpcUrl && /^0x/.test(evmHash)
          ? await this.why?.revert(network, evmHash, signal).catch(() => undefined)
          : undefined;
      return revert ? { kind: 'evm', tx, revert } : { kind: 'evm', tx };
    } catch (err) {
      if (isNotFound(err)) return { kind: 'notFound' };
      throw err;
    }
  }

  dispose(): void {
    this.pending.abortAll();
    this.cache.clear();
    this.subscription.dispose();
  }
}
