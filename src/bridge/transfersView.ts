/**
 * The Transfers view (tracked transfers, newest first, a state icon each; hops as children, each hop's txs below),
 * the read-only status documents (`initia-transfer:` scheme, the router's last answer as JSON), and the commands:
 * track a tx hash without the panel, open the status JSON, refresh, stop watching, remove.
 */
import * as vscode from 'vscode';
import type { HopView } from '../core/index';
import { parseChainId, parseTxHash } from '../core/validate';
import { labelText, shorten } from '../core/format';
import { errorMessage } from '../core/errors';
import { obtain, refuse, type Register } from '../commands/input';
import { openExternalUrl } from '../views/treeCommands';
import type { Services } from '../services';
import { transferKey, type TrackedTransfer, type TransferTracker } from './tracker';

export { TRANSFER_SCHEME } from '../ids';
import { TRANSFER_SCHEME } from '../ids';

type Node = { kind: 'transfer'; t: TrackedTransfer } | { kind: 'hop'; t: TrackedTransfer; hop: HopView; index: number } | { kind: 'tx'; t: TrackedTransfer; name: string; hash: string; chainId?: string; link?: string; index: string };

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

const icon = ([id, color]: [string, string?]) => new vscode.ThemeIcon(id, color ? new vscode.ThemeColor(color) : undefined);

export class TransfersTree implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private readonly subscription: vscode.Disposable;
  private readonly nodes = new Map<string, Node>();

  constructor(private readonly tracker: TransferTracker) {
    this.subscription = tracker.onDidChange(() => this.emitter.fire(undefined));
  }

  private node(key: string, make: () => Node): Node {
    let n = this.nodes.get(key);
    if (!n) {
      n = make();
      this.nodes.set(key, n);
    }
    return Object.assign(n, make()); // same object (VS Code keeps expansion), fresh data
  }

  getChildren(node?: Node): Node[] {
    if (!node) return this.tracker.all().map((t) => this.node(transferKey(t), () => ({ kind: 'transfer', t })));
    if (node.kind === 'transfer') return (node.t.last?.hops ?? []).map((hop, index) => this.node(`${transferKey(node.t)}/${index}`, () => ({ kind: 'hop', t: node.t, hop, index })));
    if (node.kind === 'hop') {
      return node.hop.txs.map((tx) =>
        this.node(`${transferKey(node.t)}/${node.index}/${tx.name}`, () => ({ kind: 'tx', t: node.t, name: tx.name, hash: tx.hash, chainId: tx.chainId, link: tx.explorerLink, index: `${node.index}/${tx.name}` })),
      );
    }
    return [];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === 'transfer') {
      const t = node.t;
      const item = new vscode.TreeItem(shorten(t.txHash, 8, 6), (t.last?.hops.length ?? 0) > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
      item.id = transferKey(t);
      const route = t.summary?.sourceChainId && t.summary.destChainId ? `${labelText(t.summary.sourceChainId, 30)} → ${labelText(t.summary.destChainId, 30)}` : labelText(t.chainId, 30);
      const state = t.problem ? vscode.l10n.t('unknown to the router') : t.last ? labelText(t.last.state.replace(/^STATE_/, '').toLowerCase().replace(/_/g, ' '), 40) : vscode.l10n.t('registered');
      item.description = `${state} · ${route}${t.watching || t.last?.terminal ? '' : ` · ${vscode.l10n.t('not watched')}`}`;
      item.iconPath = t.problem ? icon(['question']) : icon(OUTCOME_ICONS[t.last?.outcome ?? 'pending'] ?? ['circle-outline']);
      const md = new vscode.MarkdownString(undefined, false);
      md.isTrusted = false;
      md.appendText(`${t.txHash}\n${vscode.l10n.t('Chain')}: ${t.chainId}\n${vscode.l10n.t('State')}: ${t.last?.state ?? '—'}\n`);
      if (t.last?.error) md.appendText(`${vscode.l10n.t('Error')}: ${t.last.error}\n`);
      if (t.problem) md.appendText(`${t.problem}\n`);
      md.appendText(`${vscode.l10n.t('Tracked')}: ${new Date(t.trackedAt).toLocaleString()}`);
      item.tooltip = md;
      item.contextValue = `initia.transfer${t.watching && !t.last?.terminal ? '.watching' : ''}`;
      item.command = { command: 'initia.transfers.openStatus', title: vscode.l10n.t('Open Status JSON'), arguments: [t.chainId, t.txHash] };
      item.accessibilityInformation = { label: vscode.l10n.t('Transfer {0}, {1}, {2}', shorten(t.txHash, 8, 6), state, route) };
      return item;
    }
    if (node.kind === 'hop') {
      const h = node.hop;
      const item = new vscode.TreeItem(`${node.index + 1}. ${labelText(h.kind.replace(/_/g, ' '), 40)}`, h.txs.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
      item.id = `${transferKey(node.t)}/${node.index}`;
      item.description = `${labelText(h.fromChainId ?? '?', 30)} → ${labelText(h.toChainId ?? '?', 30)} · ${labelText(h.state, 50)}`;
      item.iconPath = icon(HOP_ICONS[h.outcome] ?? ['circle-outline']);
      item.tooltip = h.error ? `${h.state}\n${h.error}` : h.state;
      item.contextValue = 'initia.transferHop';
      return item;
    }
    const item = new vscode.TreeItem(labelText(node.name.replace(/_/g, ' '), 40), vscode.TreeItemCollapsibleState.None);
    item.id = `${transferKey(node.t)}/${node.index}`;
    item.description = `${shorten(node.hash, 8, 6)}${node.chainId ? ` · ${labelText(node.chainId, 30)}` : ''}`;
    item.iconPath = new vscode.ThemeIcon(node.link ? 'link-external' : 'symbol-event');
    item.tooltip = `${node.hash}${node.link ? `\n${node.link}` : ''}`;
    item.contextValue = 'initia.transferTx';
    if (node.link) item.command = { command: 'initia.transfers.openLink', title: vscode.l10n.t('Open in Explorer'), arguments: [node.link] };
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }
}

/** `initia-transfer:/<chain>/<hash>.json`: the last status the router gave for a tracked transfer. */
export class TransferDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly tracker: TransferTracker) {
    this.subscription = tracker.onDidChange((t) => {
      for (const doc of vscode.workspace.textDocuments) {
        if (doc.uri.scheme !== TRANSFER_SCHEME) continue;
        if (!t || doc.uri.toString() === TransferDocuments.uri(t).toString()) this.emitter.fire(doc.uri);
      }
    });
  }

  static uri(t: Pick<TrackedTransfer, 'chainId' | 'txHash'>): vscode.Uri {
    return vscode.Uri.from({ scheme: TRANSFER_SCHEME, path: `/${t.chainId}/${t.txHash}.json` });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const m = /^\/([^/]+)\/([^/]+)\.json$/.exec(uri.path);
    const t = m ? this.tracker.get(m[1]!, m[2]!) : undefined;
    if (!t) return `${JSON.stringify({ error: 'This transfer is not tracked (any more).' }, null, 2)}\n`;
    const doc = {
      tx_hash: t.txHash,
      chain_id: t.chainId,
      router: t.routerUrl,
      tracked_at: new Date(t.trackedAt).toISOString(),
      watching: t.watching,
      ...(t.problem ? { problem: t.problem } : {}),
      summary: t.summary ?? null,
      explorer_link: t.explorerLink ?? null,
      last_update: t.last ? new Date(t.last.updatedAt).toISOString() : null,
      status: t.last?.raw ?? null,
    };
    return `${JSON.stringify(doc, null, 2)}\n`;
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }
}

function transferOf(tracker: TransferTracker, a: unknown, b: unknown): TrackedTransfer | undefined {
  if (a && typeof a === 'object' && 't' in a) return (a as { t: TrackedTransfer }).t;
  if (typeof a === 'string' && typeof b === 'string') return tracker.get(a, b);
  return undefined;
}

export function registerTransferCommands(tracker: TransferTracker, services: Services, register: Register): vscode.Disposable[] {
  return [
    register('initia.trackTransfer', async (hashArg?: unknown, chainArg?: unknown) => {
      const hash = await obtain(hashArg, parseTxHash, vscode.l10n.t('Track a cross-chain transfer: the hash of the broadcast transaction'), vscode.l10n.t('64 hexadecimal digits, 0x optional'));
      if (!hash) return undefined;
      const network = services.network;
      const chainId =
        chainArg !== undefined
          ? await obtain(chainArg, parseChainId, '', '')
          : await vscode.window
              .showInputBox({ prompt: vscode.l10n.t('The chain the transaction was broadcast on'), value: network.chainId ?? '', validateInput: (v) => (parseChainId(v).ok ? undefined : (parseChainId(v) as { error: string }).error) })
              .then((v) => (v === undefined ? undefined : parseChainId(v).ok ? v.trim() : undefined));
      if (!chainId) return undefined;
      if (!network.routerUrl) return refuse(vscode.l10n.t('The network "{0}" has no router URL (routerUrl in initia.networks).', network.name));
      try {
        const t = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Initia: registering the transfer with the router…'), cancellable: true }, (_p, token) => {
          const ac = new AbortController();
          token.onCancellationRequested(() => ac.abort());
          return tracker.track({ txHash: hash.prefixed ? hash.evm : hash.cosmos, chainId, routerUrl: network.routerUrl!, network: network.name }, ac.signal);
        });
        // Asked interactively: show where it will be followed. Called with arguments (links, scripts): stay put.
        if (hashArg === undefined) void vscode.commands.executeCommand('initia.transfers.focus');
        return transferKey(t);
      } catch (err) {
        return refuse(errorMessage(err));
      }
    }),
    register('initia.transfers.openStatus', async (a?: unknown, b?: unknown) => {
      const t = transferOf(tracker, a, b);
      if (!t) return undefined;
      const uri = TransferDocuments.uri(t);
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.languages.setTextDocumentLanguage(doc, 'json');
      await vscode.window.showTextDocument(doc, { preview: true });
      return uri;
    }),
    register('initia.transfers.refresh', (a?: unknown, b?: unknown) => {
      const t = transferOf(tracker, a, b);
      if (t) tracker.refresh(t);
      else for (const x of tracker.active()) tracker.refresh(x);
    }),
    register('initia.transfers.stopWatching', async (a?: unknown, b?: unknown) => {
      const t = transferOf(tracker, a, b);
      if (t) await tracker.stopWatching(t);
    }),
    register('initia.transfers.remove', async (a?: unknown, b?: unknown) => {
      const t = transferOf(tracker, a, b);
      if (t) await tracker.remove(t);
    }),
    register('initia.transfers.copyHash', async (a?: unknown, b?: unknown) => {
      const t = transferOf(tracker, a, b);
      if (!t) return;
      await vscode.env.clipboard.writeText(t.txHash);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', t.txHash), 2500);
    }),
    register('initia.transfers.openLink', (url?: unknown) => (typeof url === 'string' ? openExternalUrl(url) : false)),
  ];
}
