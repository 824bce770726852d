/**
 * Explain Transaction: one panel that shows what a transaction did, for a hash from the palette, a hover, a tree item
 * or a JSON document's title bar (checked before any request). The explainer (explainer.ts) makes the view model; the
 * page (platform/webviewPanel.ts: strict CSP, ready queue, request/reply) shows it and asks back, by the protocol's op
 * table, only for lookups the host checks, ABI files and source lines by number, the JSON, a refresh, a read of a
 * traced contract by number: one handler per op, each a line over a method of this host.
 */
import vscode = require('vscode');
import { errorMessage } from '../core/errors';
import { shorten } from '../core/format';
import { parseTxHash, txHashText, type TxHash } from '../core/validate';
import { Command, WebviewType } from '../platform/ids';
import type { Hooks } from '../platform/hooks';
import type { Services } from '../platform/services';
import { PanelHost, commonHandlers, openJsonDocument, panelOptions } from '../platform/webviewPanel';
import {
  ExplainState,
  FromExplainWebview,
  type EXPLAIN_OPS,
  type ExplainHandlers,
  type Link,
  type ExplainPush,
  type ExplainView,
} from './protocol';
import type { Explainer } from './explainer';
import { showMovePlace, showSourceLine } from './sourceLine';

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
  private shown: { hash: TxHash; network: string; raw?: unknown } | undefined;
  /** What the page shows now: a new document gets it when it says ready. */
  private latest: ExplainPush | undefined;
  /** The view shown last (the ABI files it names, by number). */
  private view: ExplainView | undefined;
  private generation = 0;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly services: Services,
    private readonly explainer: Explainer,
    private readonly hooks?: Hooks,
  ) {}

  /** Explains a transaction: its hash was parsed where it entered (the command), so a malformed one asks nothing. */
  async open(hash: TxHash): Promise<ExplainView | undefined> {
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
    return this.load(hash);
  }

  /** Re-attaches a panel VS Code restored after a reload, and explains its transaction again. */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    this.attach(panel);
    const parsed = ExplainState.safeParse(state);
    const hash = parsed.success ? parseTxHash(parsed.data.hash) : undefined;
    if (hash?.ok) void this.load(hash.value).catch(() => undefined);
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
    open: ({ link }) => this.openLink(link),
    openAbi: ({ file }) => this.openAbi(file),
    openJson: async () => (this.shown ? openJsonDocument(this.shown.raw) : false),
    refresh: () => this.refresh(),
    openSource: async ({ source }) => this.openSource(source),
    callContract: ({ contract }) => this.callContract(contract),
    debug: () => this.debug(),
    openMoveSource: async ({ source }) => this.openMoveSource(source),
    callMoveView: ({ message }) => this.callMoveView(message),
  };

  /** Only the extension's own lookups, each of which checks its value again before any request. */
  private async openLink(link: Link): Promise<boolean> {
    await vscode.commands.executeCommand(LOOKUP[link.kind], link.value);
    return true;
  }

  /** An ABI file the view names, by number: only files of the open folders (the ABI index reads nothing else). */
  private async openAbi(file: number): Promise<boolean> {
    const name = this.view?.abiFiles[file];
    if (!name) return false;
    const uri = vscode.Uri.parse(name, true);
    if (!vscode.workspace.getWorkspaceFolder(uri)) return false;
    await vscode.window.showTextDocument(uri, { preview: true, viewColumn: vscode.ViewColumn.Beside });
    return true;
  }

  /** Explains the transaction shown again; a failure is the page's error message (pushed), not the reply's. */
  private async refresh(): Promise<boolean> {
    if (!this.shown) return false;
    await this.load(this.shown.hash).catch(() => undefined);
    return true;
  }

  /** The transaction shown, in the debugger: at its revert when it failed, else at the entry of its first call. */
  private async debug(): Promise<boolean> {
    const hash = this.view?.trace ? this.view.hash : undefined;
    if (!hash) return false;
    return !!(await vscode.commands.executeCommand(
      Command.DebugTransaction,
      hash,
      !this.view?.outcome.ok,
      this.view?.network,
    ));
  }

  /** The call trace's Solidity line, by its number in the view shown. */
  private async openSource(source: number): Promise<boolean> {
    const line = this.view?.trace?.sources[source];
    return line ? !!(await showSourceLine(line)) : false;
  }

  /** A place in the workspace's Move sources (an abort's declaration or site), by its number in the view shown. */
  private async openMoveSource(source: number): Promise<boolean> {
    const place = this.view?.move?.sources[source];
    return place ? !!(await showMovePlace(place)) : false;
  }

  /** Initia: Call Move View Function… on the module a Move message of the view calls (the command checks it). */
  private async callMoveView(message: number): Promise<boolean> {
    const target = this.view?.messages[message]?.move?.target;
    if (!target) return false;
    await vscode.commands.executeCommand(Command.CallMoveView, target.split('::').slice(0, 2).join('::'));
    return true;
  }

  /** Initia: Call Contract… on a contract of the call trace, at the transaction's block (the command checks both). */
  private async callContract(contract: number): Promise<boolean> {
    const address = this.view?.trace?.contracts[contract];
    if (!address) return false;
    await vscode.commands.executeCommand(Command.CallContract, address, this.view?.trace?.block);
    return true;
  }

  private async load(parsed: TxHash): Promise<ExplainView | undefined> {
    const generation = ++this.generation;
    const network = this.services.network;
    const hash = txHashText(parsed);
    this.shown = { hash: parsed, network: network.name };
    // Its tab says which transaction it explains (a tab restored after a reload keeps it).
    if (this.host) this.host.panel.title = vscode.l10n.t('Explain {0}', shorten(hash, 6, 4));
    this.post({ type: 'loading', hash });
    try {
      const view = await this.explainer.named(parsed, {
        network,
        raw: (raw) => (this.shown = { hash: parsed, network: network.name, raw }),
      });
      if (generation !== this.generation) return undefined;
      this.view = view;
      this.post({ type: 'explain', view });
      return view;
    } catch (err) {
      if (generation === this.generation) this.post({ type: 'error', hash, message: errorMessage(err) });
      throw err;
    }
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
