/**
 * Explain Transaction: one panel that shows what a transaction did (explain/txView.ts), for a hash from the
 * palette, a hover, a tree item or a JSON document's title bar. The hash is checked before any request. A Cosmos tx
 * comes from `/txs/{hash}`; a `0x` hash on a network with an EVM index from `/evm-txs/{hash}` with its internal calls
 * (`/evm-internal-txs/{hash}`); EVM logs and calls are decoded with the ABIs in the user's own workspace (loaded on
 * first decode). Amounts are in whole units where the router lists the asset's decimals (its asset list for the
 * chain, cached). Where the network has a JSON-RPC URL, an EVM transaction also gets the node's call trace, its
 * revert in words and each failed frame's Solidity line (traceExplain.ts). The page (platform/webviewPanel.ts: strict
 * CSP, ready queue, request/reply) gets a view model; it asks back, by the protocol's op table, only for lookups the
 * host checks, ABI files and source lines by number, the JSON, a refresh, a read of a traced contract by number.
 */
import * as vscode from 'vscode';
import { errorMessage, isNotFound } from '../core/errors';
import type { EvmTx, InternalTx, Tx } from '../core/indexer/schemas';
import { loadCallTree, partialTreeNote } from '../core/indexer/callTree';
import { isEvmRouteMissing } from '../core/capabilities';
import { shorten } from '../core/format';
import type { NetworkProfile } from '../core/networks';
import { balanceChanges, evmLogsOf, readEvents } from '../core/txExplain';
import { must, parseTxHash } from '../core/validate';
import { Command, WebviewType } from '../platform/ids';
import type { Hooks } from '../platform/hooks';
import type { Services } from '../platform/services';
import { PanelHost, commonHandlers, openJsonDocument, panelOptions } from '../platform/webviewPanel';
import {
  ExplainState,
  FromExplainWebview,
  type EXPLAIN_OPS,
  type ExplainHandlers,
  type ExplainPush,
  type ExplainView,
} from './protocol';
import type { Decoded } from '../core/abi/artifacts';
import { explainCosmos, explainEvm } from './txView';
import { nameAccountFields } from '../core/names';
import type { WorkspaceAbis } from '../abi/workspaceAbis';
import { traceInto, type TraceDeps } from './traceExplain';
import { showSourceLine } from './sourceLine';

/** What the panel needs of the workspace's ABIs. */
export type AbiDecoder = Pick<WorkspaceAbis, 'decodeLog' | 'decodeCall'>;

interface ExplainOptions {
  network: NetworkProfile;
  signal?: AbortSignal;
  /** Gets the indexer's answer (the panel keeps it for Open JSON). */
  raw?: (answer: unknown) => void;
}

const LOOKUP: Record<'tx' | 'block' | 'account', Command> = {
  tx: Command.LookupTransaction,
  block: Command.LookupBlock,
  account: Command.LookupAccount,
};

/** The Explain Transaction page: its bundle and style sheet, heading and lead. */
const EXPLAIN_PAGE = {
  name: 'explain',
  title: 'Explain Transaction',
  lead: 'What the transaction did, in words: its outcome, messages, events, balance changes and EVM logs, decoded with the ABIs in your workspace.',
};

export class ExplainPanels implements vscode.Disposable {
  private host: PanelHost<typeof EXPLAIN_OPS, ExplainPush> | undefined;
  private shown: { hash: string; network: string; raw?: unknown } | undefined;
  /** What the page shows now: a new document gets it when it says ready. */
  private latest: ExplainPush | undefined;
  /** The view shown last (the ABI files it names, by number). */
  private view: ExplainView | undefined;
  private generation = 0;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly services: Services,
    private readonly abis: () => AbiDecoder | undefined,
    private readonly hooks?: Hooks,
    /** The node's call trace of EVM transactions (traceExplain.ts); none: the indexer's data only. */
    private readonly traces?: TraceDeps,
  ) {}

  /** Explains a transaction: the hash is checked first (nothing is asked for a malformed one). */
  async open(hash: string): Promise<ExplainView | undefined> {
    const parsed = must(parseTxHash(hash), 'Transaction hash');
    const column = this.host ? undefined : await closeStaleTabs();
    const panel =
      this.host?.panel ??
      this.attach(
        vscode.window.createWebviewPanel(
          WebviewType.Explain,
          vscode.l10n.t(EXPLAIN_PAGE.title),
          column ?? vscode.ViewColumn.Active,
          panelOptions(this.context.extensionUri),
        ),
      );
    panel.reveal(undefined, false);
    return this.load(parsed.prefixed ? parsed.evm : parsed.cosmos);
  }

  /**
   * What a transaction did, as the panel shows it, without showing it or touching the panel (the language-model tools
   * ask this): the same requests and view model, on `network`, cancelled by `signal`. The hash is checked first.
   */
  async describe(hash: string, network: NetworkProfile, signal?: AbortSignal): Promise<ExplainView> {
    const parsed = must(parseTxHash(hash), 'Transaction hash');
    return this.explain(parsed.prefixed ? parsed.evm : parsed.cosmos, { network, signal });
  }

  /** Re-attaches a panel VS Code restored after a reload, and explains its transaction again. */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    this.attach(panel);
    const parsed = ExplainState.safeParse(state);
    const hash = parsed.success ? parseTxHash(parsed.data.hash) : undefined;
    if (hash?.ok) void this.load(hash.value.prefixed ? hash.value.evm : hash.value.cosmos).catch(() => undefined);
    else
      this.post({
        type: 'error',
        hash: '',
        message: vscode.l10n.t('Run Initia: Explain Transaction… to explain a transaction.'),
      });
  }

  private attach(panel: vscode.WebviewPanel): vscode.WebviewPanel {
    this.host?.panel.dispose();
    const host = new PanelHost<typeof EXPLAIN_OPS, ExplainPush>(panel, {
      extensionUri: this.context.extensionUri,
      log: this.services.log,
      page: EXPLAIN_PAGE,
      fromWebview: FromExplainWebview,
      handlers: this.handlers,
      hooks: this.hooks,
      // A new document (html set, panel hidden, webview reloaded) gets the latest view when it says ready.
      onDocument: (post) => {
        if (this.latest) post(() => this.latest!, 'view');
      },
    });
    this.host = host;
    panel.onDidDispose(() => {
      host.dispose();
      if (this.host === host) this.host = undefined;
    });
    return panel;
  }

  /** Shows a message: now when the document is ready, else when it says so (only the latest one counts). */
  private post(message: ExplainPush): void {
    this.latest = message;
    this.host?.post(message, 'view');
  }

  /** One handler per op of the protocol's table. */
  private readonly handlers: ExplainHandlers = {
    ...commonHandlers,
    // Only the extension's own lookups, each of which checks its value again before any request.
    open: async ({ link }) => {
      await vscode.commands.executeCommand(LOOKUP[link.kind], link.value);
      return true;
    },
    openAbi: async ({ file }) => {
      const name = this.view?.abiFiles[file];
      if (!name) return false;
      const uri = vscode.Uri.parse(name, true);
      // Only files of the open folders (the ABI index reads nothing else).
      if (!vscode.workspace.getWorkspaceFolder(uri)) return false;
      await vscode.window.showTextDocument(uri, { preview: true, viewColumn: vscode.ViewColumn.Beside });
      return true;
    },
    openJson: async () => (this.shown ? openJsonDocument(this.shown.raw) : false),
    // A failure is the page's error message (pushed), not the reply's.
    refresh: async () => {
      if (!this.shown) return false;
      await this.load(this.shown.hash).catch(() => undefined);
      return true;
    },
    // The call trace's Solidity line, by its number in the view shown.
    openSource: async ({ source }) => {
      const line = this.view?.trace?.sources[source];
      return line ? !!(await showSourceLine(line)) : false;
    },
    // Initia: Call Contract… on a contract of the call trace, at the transaction's block (the command checks both).
    callContract: async ({ contract }) => {
      const address = this.view?.trace?.contracts[contract];
      if (!address) return false;
      await vscode.commands.executeCommand(Command.CallContract, address, this.view?.trace?.block);
      return true;
    },
  };

  private async load(hash: string): Promise<ExplainView | undefined> {
    const generation = ++this.generation;
    const network = this.services.network;
    this.shown = { hash, network: network.name };
    // Its tab says which transaction it explains (a tab restored after a reload keeps it).
    if (this.host) this.host.panel.title = vscode.l10n.t('Explain {0}', shorten(hash, 6, 4));
    this.post({ type: 'loading', hash });
    try {
      // Addresses the workspace's deployments name read "Vault (0x5FbD…0aa3)" (core/names.ts).
      const [explained] = await Promise.all([
        this.explain(hash, { network, raw: (raw) => (this.shown = { hash, network: network.name, raw }) }),
        this.services.names.ready(network),
      ]);
      const view = nameAccountFields(explained, (address) => this.services.names.nameOf(address, network)?.name);
      if (generation !== this.generation) return undefined;
      this.view = view;
      this.post({ type: 'explain', view });
      return view;
    } catch (err) {
      if (generation === this.generation) this.post({ type: 'error', hash, message: errorMessage(err) });
      throw err;
    }
  }

  private async explain(hash: string, opts: ExplainOptions): Promise<ExplainView> {
    const { network, signal } = opts;
    const client = this.services.indexer(network);
    const abis = this.abis();
    const notes: string[] = [];
    const evmFirst =
      hash.startsWith('0x') &&
      (await this.services.capabilities(network, 'evm').then(
        (c) => c.evm,
        () => true,
      ));
    if (evmFirst) {
      let evm: EvmTx | undefined;
      try {
        const answer = await client.evmTx(hash, signal);
        evm = answer.tx;
        opts.raw?.(answer);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
      if (evm) {
        const internal = await this.internalCalls(network, hash, notes, signal);
        const logs = await Promise.all((evm.logs ?? []).map((l) => abis?.decodeLog(l).catch(() => undefined)));
        const calls = new Map<number, Decoded>();
        await Promise.all(
          internal.map(async (c) => {
            const input = (c as { input?: unknown }).input;
            if (typeof input !== 'string' || input.length < 10) return;
            const d = await abis?.decodeCall({ to: c.to, data: input }).catch(() => undefined);
            if (d) calls.set(c.index, d);
          }),
        );
        if (abis && (evm.logs ?? []).length && logs.every((l) => !l))
          notes.push(
            vscode.l10n.t(
              'No ABI in the open folders decodes these logs (Foundry out/, Hardhat artifacts/, *.abi.json).',
            ),
          );
        const view = explainEvm(evm, { network: network.name, internal, logs, calls, notes });
        if (this.traces) await traceInto(this.traces, view, network, hash, evm, signal);
        return view;
      }
    }
    const answer = await client.tx(hash.replace(/^0x/i, '').toUpperCase(), signal);
    opts.raw?.(answer);
    return this.explainCosmosTx(answer.tx, notes, network);
  }

  /**
   * The whole call tree (every page, oldest first: core/indexer/callTree.ts); past the first page with a cancellable
   * progress notification, and a note when only its beginning could be shown. A network whose indexer answers that
   * it has no internal-call routes is remembered as such.
   */
  private async internalCalls(
    network: NetworkProfile,
    hash: string,
    notes: string[],
    signal?: AbortSignal,
  ): Promise<InternalTx[]> {
    const client = this.services.indexer(network);
    const caps = await this.services.capabilities(network, 'evmInternalTxs').catch(() => undefined);
    if (caps?.evmInternalTxs === false) {
      notes.push(vscode.l10n.t('This network does not index internal calls.'));
      return [];
    }
    try {
      const first = await loadCallTree(client, hash, { maxCalls: 1, signal });
      const load =
        first.stopped !== 'limit'
          ? first
          : await vscode.window.withProgress(
              {
                location: vscode.ProgressLocation.Notification,
                title: vscode.l10n.t('Initia: loading the internal calls of {0}', shorten(hash, 8, 6)),
                cancellable: true,
              },
              (progress, token) => {
                const ac = new AbortController();
                token.onCancellationRequested(() => ac.abort());
                signal?.addEventListener('abort', () => ac.abort(), { once: true });
                return loadCallTree(client, hash, {
                  signal: ac.signal,
                  onProgress: (loaded, total) =>
                    progress.report({
                      message: total === undefined ? `${loaded}` : vscode.l10n.t('{0} of {1}', loaded, total),
                    }),
                });
              },
            );
      const note = partialTreeNote(load, errorMessage);
      if (note) notes.push(note);
      return load.calls;
    } catch (err) {
      if (signal?.aborted) throw err;
      if (isEvmRouteMissing(err)) {
        this.services.noteRoute(network, 'evmInternalTxs', false);
        notes.push(vscode.l10n.t('This network does not index internal calls.'));
      } else notes.push(vscode.l10n.t('The internal calls could not be loaded: {0}', errorMessage(err)));
      return [];
    }
  }

  private async explainCosmosTx(tx: Tx, notes: string[], network: NetworkProfile): Promise<ExplainView> {
    const abis = this.abis();
    // Whole units where the router lists the denoms of this chain (asked once per denom, its list cached).
    const denoms = new Set<string>();
    for (const c of tx.tx?.auth_info?.fee?.amount ?? []) denoms.add(c.denom);
    const collect = (v: unknown, depth: number): void => {
      if (!v || typeof v !== 'object' || depth > 4) return;
      if (Array.isArray(v)) v.forEach((x) => collect(x, depth + 1));
      else if (typeof (v as { denom?: unknown }).denom === 'string') denoms.add((v as { denom: string }).denom);
      else Object.values(v).forEach((x) => collect(x, depth + 1));
    };
    collect(tx.tx?.body?.messages, 0);
    for (const b of balanceChanges(readEvents(tx.events))) for (const c of b.changes) denoms.add(c.denom);
    const known = new Map<string, { symbol?: string; decimals?: number }>();
    await Promise.all(
      [...denoms].slice(0, 50).map(async (d) => {
        const info = await this.services.assetOf(network, d).catch((err: unknown) => {
          this.services.log.debug(`Explain: no decimals for ${d} (${errorMessage(err)})`);
          return undefined;
        });
        if (info) known.set(d, info);
      }),
    );
    const asset = (denom: string) => known.get(denom);
    const messages = (tx.tx?.body?.messages ?? []) as Array<Record<string, unknown>>;
    const calls = new Map<number, Decoded>();
    await Promise.all(
      messages.map(async (m, i) => {
        const input = m.input;
        if (!abis || typeof input !== 'string' || !/^(0x)?[0-9a-fA-F]{8,}$/.test(input)) return;
        const d = await abis
          .decodeCall({
            to: typeof m.contract_addr === 'string' ? m.contract_addr : undefined,
            data: input.startsWith('0x') ? input : `0x${input}`,
          })
          .catch(() => undefined);
        if (d) calls.set(i, d);
      }),
    );
    const evmLogs = evmLogsOf(readEvents(tx.events));
    const logs = await Promise.all(
      evmLogs.map(async (log) => ({ log, decoded: await abis?.decodeLog(log).catch(() => undefined) })),
    );
    return explainCosmos(tx, { network: network.name, asset, calls, logs, notes });
  }

  dispose(): void {
    this.host?.panel.dispose();
  }
}

/**
 * Explain tabs VS Code restored after a reload but has not revived yet (it revives a webview only when its tab is
 * shown): closed before a new panel opens, in their place, so that there is one Explain tab, not two of the same name.
 */
async function closeStaleTabs(): Promise<vscode.ViewColumn | undefined> {
  const stale = vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(WebviewType.Explain));
  if (!stale.length) return undefined;
  const column = stale[0]!.group.viewColumn;
  await vscode.window.tabGroups.close(stale).then(undefined, () => undefined);
  return column;
}
