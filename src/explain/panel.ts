/**
 * Explain Transaction: one panel that shows what a transaction did (explain/viewModel.ts), for a hash from the
 * palette, a hover, a tree item or a JSON document's title bar. The hash is checked before any request. A Cosmos tx
 * comes from `/txs/{hash}`; a `0x` hash on a network with an EVM index from `/evm-txs/{hash}` with its internal calls
 * (`/evm-internal-txs/{hash}`); EVM logs and calls are decoded with the ABIs in the user's own workspace (loaded on
 * first decode). Amounts are in whole units where the router lists the asset's decimals (its asset list for the
 * chain, cached). The webview has a strict CSP and gets a view model; it asks back only for lookups the host checks.
 */
import * as vscode from 'vscode';
import { errorMessage, isNotFound } from '../core/errors';
import type { EvmTx, Tx } from '../core/indexer/schemas';
import { balanceChanges, evmLogsOf, readEvents } from '../core/txExplain';
import { must, parseTxHash } from '../core/validate';
import { Command, WebviewType } from '../platform/ids';
import { copyToClipboard } from '../platform/links';
import { nonce, webviewHtml } from '../platform/webviewHtml';
import { ReadyQueue } from '../platform/readyQueue';
import type { Services } from '../platform/services';
import { ExplainState, FromExplainWebview, type ExplainView, type ToExplainWebview } from './protocol';
import type { Decoded } from '../core/abi/artifacts';
import { explainCosmos, explainEvm } from './viewModel';
import { nameAccountFields } from '../core/names';
import type { WorkspaceAbis } from './abiIndex';

/** What the panel needs of the workspace's ABIs. */
export type AbiDecoder = Pick<WorkspaceAbis, 'decodeLog' | 'decodeCall'>;

const LOOKUP: Record<'tx' | 'block' | 'account', Command> = {
  tx: Command.LookupTransaction,
  block: Command.LookupBlock,
  account: Command.LookupAccount,
};

export class ExplainPanels implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private subscriptions: vscode.Disposable[] = [];
  private shown: { hash: string; network: string; raw?: unknown } | undefined;
  /** Posts wait for the document's `ready` (again after it is recreated); the latest view is what a new one gets. */
  private readonly queue = new ReadyQueue<ToExplainWebview>((message) => void this.panel?.webview.postMessage(message));
  private latest: ToExplainWebview | undefined;
  private generation = 0;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly services: Services,
    private readonly abis: () => AbiDecoder | undefined,
  ) {}

  /** The open panel, if any (for tests). */
  get current(): vscode.WebviewPanel | undefined {
    return this.panel;
  }

  /** The view last shown (for tests). */
  lastView: ExplainView | undefined;

  /** Explains a transaction: the hash is checked first (nothing is asked for a malformed one). */
  async open(hash: string): Promise<ExplainView | undefined> {
    const parsed = must(parseTxHash(hash), 'Transaction hash');
    const panel = this.ensurePanel();
    panel.reveal(undefined, false);
    return this.load(parsed.prefixed ? parsed.evm : parsed.cosmos);
  }

  /** Re-attaches a panel VS Code restored after a reload, and explains its transaction again. */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    this.attach(panel);
    const parsed = ExplainState.safeParse(state);
    const hash = parsed.success ? parseTxHash(parsed.data.hash) : undefined;
    if (hash?.ok) void this.load(hash.value.prefixed ? hash.value.evm : hash.value.cosmos).catch(() => undefined);
    else this.post({ type: 'error', hash: '', message: vscode.l10n.t('Run Initia: Explain Transaction… to explain a transaction.') });
  }

  private options(): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    return { enableScripts: true, retainContextWhenHidden: false, localResourceRoots: [vscode.Uri.joinPath(this.context.extensionUri, 'media'), vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'webview')] };
  }

  private ensurePanel(): vscode.WebviewPanel {
    if (this.panel) return this.panel;
    const panel = vscode.window.createWebviewPanel(WebviewType.Explain, vscode.l10n.t('Explain Transaction'), vscode.ViewColumn.Active, this.options());
    this.attach(panel);
    return panel;
  }

  private attach(panel: vscode.WebviewPanel): void {
    this.panel?.dispose();
    this.panel = panel;
    this.expectDocument();
    panel.webview.options = this.options();
    panel.iconPath = vscode.Uri.joinPath(this.context.extensionUri, 'media', 'initia.svg');
    const webview = panel.webview;
    webview.html = webviewHtml({
      cspSource: webview.cspSource,
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'webview', 'explain.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'media', 'explain.css')).toString(),
      scriptNonce: nonce(),
      styleNonce: nonce(),
      title: 'Explain Transaction',
      lead: 'What the transaction did, in words: its outcome, messages, events, balance changes and EVM logs, decoded with the ABIs in your workspace.',
    });
    this.subscriptions.push(
      webview.onDidReceiveMessage((m: unknown) => void this.receive(m)),
      panel.onDidChangeViewState(() => {
        // Hidden, the webview's document is destroyed; the new one says ready and gets the view again.
        if (!panel.visible) this.expectDocument();
      }),
      panel.onDidDispose(() => {
        if (this.panel === panel) this.panel = undefined;
        vscode.Disposable.from(...this.subscriptions).dispose();
        this.subscriptions = [];
      }),
    );
  }

  /** Shows a message: now when the document is ready, else when it says so (only the latest one counts). */
  private post(message: ToExplainWebview): void {
    this.latest = message;
    this.queue.post(message, 'view');
  }

  /** A new document is coming (html set, panel hidden, webview reloaded): it gets the latest view when ready. */
  private expectDocument(): void {
    this.queue.reset();
    if (this.latest) this.queue.post(() => this.latest!, 'view');
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = FromExplainWebview.safeParse(raw);
    if (!parsed.success) {
      this.services.log.warn('Explain: ignored a malformed message from the webview');
      return;
    }
    const msg = parsed.data;
    switch (msg.type) {
      case 'ready':
        // Ready again without having been hidden: the webview was reloaded, its document is a new one.
        if (this.queue.isReady) this.expectDocument();
        this.queue.markReady();
        return;
      case 'open':
        // Only the extension's own lookups, each of which checks its value again before any request.
        await vscode.commands.executeCommand(LOOKUP[msg.link.kind], msg.link.value);
        return;
      case 'openAbi': {
        const file = this.lastView?.abiFiles[msg.file];
        if (!file) return;
        const uri = vscode.Uri.parse(file, true);
        // Only files of the open folders (the ABI index reads nothing else).
        if (!vscode.workspace.getWorkspaceFolder(uri)) return;
        await vscode.window.showTextDocument(uri, { preview: true, viewColumn: vscode.ViewColumn.Beside });
        return;
      }
      case 'copy':
        await copyToClipboard(msg.text);
        return;
      case 'openJson': {
        if (!this.shown) return;
        const doc = await vscode.workspace.openTextDocument({ language: 'json', content: `${JSON.stringify(this.shown.raw ?? null, null, 2)}\n` });
        await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true });
        return;
      }
      case 'refresh':
        if (this.shown) await this.load(this.shown.hash).catch(() => undefined);
        return;
    }
  }

  private async load(hash: string): Promise<ExplainView | undefined> {
    const generation = ++this.generation;
    const network = this.services.network;
    this.shown = { hash, network: network.name };
    this.post({ type: 'loading', hash });
    try {
      // Addresses the workspace's deployments name read "Vault (0x5FbD…0aa3)" (core/names.ts).
      const [explained] = await Promise.all([this.explain(hash), this.services.names.ready()]);
      const view = nameAccountFields(explained, (address) => this.services.names.nameOf(address, network)?.name);
      if (generation !== this.generation) return undefined;
      this.lastView = view;
      this.post({ type: 'explain', view });
      return view;
    } catch (err) {
      if (generation === this.generation) this.post({ type: 'error', hash, message: errorMessage(err) });
      throw err;
    }
  }

  private async explain(hash: string): Promise<ExplainView> {
    const network = this.services.network;
    const client = this.services.indexer(network);
    const abis = this.abis();
    const notes: string[] = [];
    const evmFirst = hash.startsWith('0x') && (await this.services.capabilities(network, 'evm').then((c) => c.evm, () => true));
    if (evmFirst) {
      let evm: EvmTx | undefined;
      try {
        const answer = await client.evmTx(hash);
        evm = answer.tx;
        this.shown = { hash, network: network.name, raw: answer };
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
      if (evm) {
        const caps = await this.services.capabilities(network, 'evmInternalTxs').catch(() => undefined);
        let internal: Awaited<ReturnType<typeof client.evmInternalTxsByHash>>['internal_txs'] = [];
        if (caps?.evmInternalTxs === false) notes.push(vscode.l10n.t('This network does not index internal calls.'));
        else {
          try {
            internal = (await client.evmInternalTxsByHash(hash)).internal_txs;
          } catch (err) {
            notes.push(vscode.l10n.t('The internal calls could not be loaded: {0}', errorMessage(err)));
          }
        }
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
        if (abis && (evm.logs ?? []).length && logs.every((l) => !l)) notes.push(vscode.l10n.t('No ABI in the open folders decodes these logs (Foundry out/, Hardhat artifacts/, *.abi.json).'));
        return explainEvm(evm, { network: network.name, internal, logs, calls, notes });
      }
    }
    const answer = await client.tx(hash.replace(/^0x/i, '').toUpperCase());
    this.shown = { hash, network: network.name, raw: answer };
    return this.explainCosmosTx(answer.tx, notes);
  }

  private async explainCosmosTx(tx: Tx, notes: string[]): Promise<ExplainView> {
    const network = this.services.network;
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
        const d = await abis.decodeCall({ to: typeof m.contract_addr === 'string' ? m.contract_addr : undefined, data: input.startsWith('0x') ? input : `0x${input}` }).catch(() => undefined);
        if (d) calls.set(i, d);
      }),
    );
    const evmLogs = evmLogsOf(readEvents(tx.events));
    const logs = await Promise.all(evmLogs.map(async (log) => ({ log, decoded: await abis?.decodeLog(log).catch(() => undefined) })));
    return explainCosmos(tx, { network: network.name, asset, calls, logs, notes });
  }

  dispose(): void {
    this.panel?.dispose();
    vscode.Disposable.from(...this.subscriptions).dispose();
  }
}
