/**
 * The Transfers view (tracked transfers, newest first, a state icon each; hops as children, each hop's txs below)
 * and its commands: track a tx hash without the panel, refresh, stop watching, remove, copy the hash, open a hop's
 * transaction in the explorer. A row opens the transfer's status document (documents.ts).
 */
import vscode = require('vscode');
import { bridgeLabel, describeHopState, type HopView } from '../core/router/transfer';
import { shortStateWords, stateWords } from '../core/router/transferText';
import { parseTxHash } from '../core/validate';
import { parseChainId } from '../core/router/inputs';
import { absoluteTime, labelText, shorten } from '../core/format';
import { errorMessage } from '../core/errors';
import { obtain, refuse, textArg } from '../platform/input';
import type { Register } from '../platform/commandTable';
import { copyToClipboard, openExternalUrl } from '../platform/links';
import { Command, ContextValue, ViewId } from '../platform/ids';
import { ExplorerNode, ExplorerTree } from '../platform/tree';
import { untrustedMarkdown } from '../platform/markdown';
import type { Services } from '../platform/services';
import { claimText, isUnfinished, transferKey, type TrackedTransfer, type TransferTracker } from './tracker';

const OUTCOME_ICONS: Record<string, [string, string?]> = {
  pending: ['sync~spin'],
  failing: ['warning', 'problemsWarningIcon.foreground'],
  success: ['pass', 'testing.iconPassed'],
  failed: ['error', 'testing.iconFailed'],
  abandoned: ['circle-slash', 'problemsWarningIcon.foreground'],
};
const HOP_ICONS: Record<string, [string, string?]> = {
  pending: ['loading~spin'],
  done: ['pass', 'testing.iconPassed'],
  failed: ['error', 'testing.iconFailed'],
  unknown: ['circle-outline'],
};

const icon = ([id, color]: [string, string?]) =>
  new vscode.ThemeIcon(id, color ? new vscode.ThemeColor(color) : undefined);

/** A tracked transfer: its state and route; its hops below. */
class TransferNode extends ExplorerNode {
  readonly id: string;

  constructor(readonly t: TrackedTransfer) {
    super();
    this.id = transferKey(t);
  }

  override getChildren(): ExplorerNode[] {
    return (this.t.last?.hops ?? []).map((hop, index) =>
      Object.assign(new HopNode(this.t, hop, index), { parent: this }),
    );
  }

  protected createTreeItem(): vscode.TreeItem {
    const t = this.t;
    const item = new vscode.TreeItem(
      shorten(t.txHash, 8, 6),
      (t.last?.hops.length ?? 0) > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    const route =
      t.summary?.sourceChainId && t.summary.destChainId
        ? `${labelText(t.summary.sourceChainId, 30)} → ${labelText(t.summary.destChainId, 30)}`
        : labelText(t.chainId, 30);
    // The same words as the bridge panel's timeline ("failed (assets released)", not "completed error").
    const state = labelText(shortStateWords(t, Date.now()), 60);
    const claimable =
      t.claimableAt === undefined
        ? ''
        : t.claimableAt <= Date.now()
          ? ` · ${vscode.l10n.t('claimable now')}`
          : ` · ${vscode.l10n.t('claimable {0}', absoluteTime(t.claimableAt))}`;
    item.description = `${state} · ${route}${claimable}${t.watching || t.last?.terminal ? '' : ` · ${vscode.l10n.t('not watched')}`}`;
    item.iconPath = t.problem
      ? icon(['question'])
      : icon(OUTCOME_ICONS[t.last?.outcome ?? 'pending'] ?? ['circle-outline']);
    const md = untrustedMarkdown();
    md.appendText(
      `${t.txHash}\n${vscode.l10n.t('Chain')}: ${t.chainId}\n${vscode.l10n.t('State')}: ${stateWords(t, Date.now(), (ms) => absoluteTime(ms))}${t.last ? ` (${t.last.state})` : ''}\n`,
    );
    if (t.last?.error) md.appendText(`${vscode.l10n.t('Error')}: ${t.last.error}\n`);
    if (t.problem) md.appendText(`${t.problem}\n`);
    md.appendText(`${vscode.l10n.t('Tracked')}: ${absoluteTime(t.trackedAt)}`);
    const claim = claimText(t, Date.now(), (ms) => absoluteTime(ms));
    if (claim) md.appendText(`\n${claim}`);
    item.tooltip = md;
    item.contextValue =
      isUnfinished(t) || (t.watching && !t.last?.terminal) ? ContextValue.TransferWatching : ContextValue.Transfer;
    item.command = {
      command: Command.TransfersOpenStatus,
      title: vscode.l10n.t('Open Status JSON'),
      arguments: [t.chainId, t.txHash],
    };
    item.accessibilityInformation = {
      label: vscode.l10n.t('Transfer {0}, {1}, {2}', shorten(t.txHash, 8, 6), state, route),
    };
    return item;
  }
}

/** One hop of a transfer: its bridge, chains and state; its transactions below. */
class HopNode extends ExplorerNode {
  readonly id: string;

  constructor(
    t: TrackedTransfer,
    private readonly hop: HopView,
    private readonly index: number,
  ) {
    super();
    this.id = `${transferKey(t)}/${index}`;
  }

  override getChildren(): ExplorerNode[] {
    return this.hop.txs.map((tx) => Object.assign(new HopTxNode(`${this.id}/${tx.name}`, tx), { parent: this }));
  }

  protected createTreeItem(): vscode.TreeItem {
    const h = this.hop;
    const item = new vscode.TreeItem(
      `${this.index + 1}. ${labelText(bridgeLabel(h.kind), 40)}`,
      h.txs.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    const words = describeHopState(h.kind, h.state);
    item.description = `${labelText(h.fromChainId ?? '?', 30)} → ${labelText(h.toChainId ?? '?', 30)} · ${labelText(words, 60)}`;
    item.iconPath = icon(HOP_ICONS[h.outcome] ?? ['circle-outline']);
    item.tooltip = h.error ? `${words} (${h.state})\n${h.error}` : `${words} (${h.state})`;
    item.contextValue = ContextValue.TransferHop;
    return item;
  }
}

/** A transaction of a hop, opening the explorer when the router gave a link. */
class HopTxNode extends ExplorerNode {
  constructor(
    readonly id: string,
    private readonly tx: HopView['txs'][number],
  ) {
    super();
  }

  protected createTreeItem(): vscode.TreeItem {
    const tx = this.tx;
    const item = new vscode.TreeItem(labelText(tx.name.replace(/_/g, ' '), 40), vscode.TreeItemCollapsibleState.None);
    item.description = `${shorten(tx.hash, 8, 6)}${tx.chainId ? ` · ${labelText(tx.chainId, 30)}` : ''}`;
    item.iconPath = new vscode.ThemeIcon(tx.explorerLink ? 'link-external' : 'symbol-event');
    item.tooltip = `${tx.hash}${tx.explorerLink ? `\n${tx.explorerLink}` : ''}`;
    item.contextValue = ContextValue.TransferTx;
    if (tx.explorerLink)
      item.command = {
        command: Command.TransfersOpenLink,
        title: vscode.l10n.t('Open in Explorer'),
        arguments: [tx.explorerLink],
      };
    return item;
  }
}

/**
 * The Transfers view: tracked transfers, newest first. Nodes are made afresh when the tracker changes (their ids stay,
 * so VS Code keeps what the user expanded).
 */
export class TransfersTree implements vscode.Disposable {
  readonly tree = new ExplorerTree(() => this.roots());
  private readonly subscription: vscode.Disposable;

  constructor(private readonly tracker: TransferTracker) {
    this.subscription = tracker.onDidChange(() => this.tree.changed(undefined));
  }

  private roots(): ExplorerNode[] {
    return this.tracker.all().map((t) => new TransferNode(t));
  }

  dispose(): void {
    this.subscription.dispose();
    this.tree.dispose();
  }
}

/** Asks for the chain a tracked hash was broadcast on (the active network's chain by default). */
async function askChain(chainArg: unknown, services: Services): Promise<string | undefined> {
  if (textArg(chainArg) !== undefined) return obtain(chainArg, parseChainId, '', '');
  return vscode.window
    .showInputBox({
      prompt: vscode.l10n.t('The chain the transaction was broadcast on'),
      value: services.network.chainId ?? '',
      validateInput: (v) => (parseChainId(v).ok ? undefined : (parseChainId(v) as { error: string }).error),
    })
    .then((v) => (v === undefined ? undefined : parseChainId(v).ok ? v.trim() : undefined));
}

/**
 * The router takes a transaction once it has landed: the record is kept (a reload goes on waiting) while the
 * notification says so; cancelling it stops waiting (Refresh in the Transfers view takes it up again).
 */
function untilRegistered(
  tracker: TransferTracker,
  tracked: TrackedTransfer,
  chainId: string,
): Thenable<TrackedTransfer> {
  return vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t(
        'Initia: waiting for the transaction to land on {0}, then registering it with the router…',
        chainId,
      ),
      cancellable: true,
    },
    (progress, token) => {
      const ac = new AbortController();
      token.onCancellationRequested(() => ac.abort());
      // Not the landing but the router: say why (it does not answer, connection refused…), while it goes on trying.
      let said: string | undefined;
      const report = () => {
        const reason = tracker.waitingReason(tracked);
        if (reason === said) return;
        said = reason;
        progress.report({ message: reason ? vscode.l10n.t('the router does not answer: {0}', reason) : '' });
      };
      const say = tracker.onDidChange(report);
      report();
      return tracker.registered(tracked, ac.signal).finally(() => say.dispose());
    },
  );
}

/** Track Transfer: a tx hash followed without the panel; resolves with its key once the router has it. */
async function trackTransfer(
  tracker: TransferTracker,
  services: Services,
  hashArg?: unknown,
  chainArg?: unknown,
): Promise<string | undefined> {
  const hash = await obtain(
    hashArg,
    parseTxHash,
    vscode.l10n.t('Track a cross-chain transfer: the hash of the broadcast transaction'),
    vscode.l10n.t('64 hexadecimal digits, 0x optional'),
  );
  if (!hash) return undefined;
  const network = services.network;
  const chainId = await askChain(chainArg, services);
  if (!chainId) return undefined;
  if (!network.routerUrl)
    return refuse(vscode.l10n.t('The network "{0}" has no router URL (routerUrl in initia.networks).', network.name));
  try {
    const tracked = await tracker.track({
      txHash: hash.prefixed ? hash.evm : hash.cosmos,
      chainId,
      routerUrl: network.routerUrl!,
      network: network.name,
    });
    const t = await untilRegistered(tracker, tracked, chainId);
    // Asked interactively: show where it will be followed. Called with arguments (links, scripts): stay put.
    if (textArg(hashArg) === undefined) void vscode.commands.executeCommand(`${ViewId.Transfers}.focus`);
    return transferKey(t);
  } catch (err) {
    return refuse(errorMessage(err));
  }
}

export function registerTransferCommands(
  tracker: TransferTracker,
  services: Services,
  register: Register,
): vscode.Disposable[] {
  return [
    register(Command.TrackTransfer, (hashArg?: unknown, chainArg?: unknown) =>
      trackTransfer(tracker, services, hashArg, chainArg),
    ),
    // The view's title button (VS Code hands it the focused row, which it is not about): every transfer watched.
    // Given a chain id and a hash (links, scripts): that one.
    register(Command.TransfersRefresh, (a?: unknown, b?: unknown) => {
      const t = typeof a === 'string' ? tracker.fromArgs(a, b) : undefined;
      if (t) tracker.refresh(t);
      else for (const x of tracker.active()) tracker.refresh(x);
    }),
    // A row's own Refresh (its context menu): that transfer.
    register(Command.TransfersRefreshTransfer, (a?: unknown, b?: unknown) => {
      const t = tracker.fromArgs(a, b);
      if (t) tracker.refresh(t);
    }),
    register(Command.TransfersStopWatching, async (a?: unknown, b?: unknown) => {
      const t = tracker.fromArgs(a, b);
      if (t) await tracker.stopWatching(t);
    }),
    register(Command.TransfersRemove, async (a?: unknown, b?: unknown) => {
      const t = tracker.fromArgs(a, b);
      if (t) await tracker.remove(t);
    }),
    register(Command.TransfersCopyHash, async (a?: unknown, b?: unknown) => {
      const t = tracker.fromArgs(a, b);
      if (!t) return;
      await copyToClipboard(t.txHash);
    }),
    register(Command.TransfersOpenLink, (url?: unknown) => (typeof url === 'string' ? openExternalUrl(url) : false)),
  ];
}
