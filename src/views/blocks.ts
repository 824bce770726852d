/**
 * The Blocks view: blocks newest first (or oldest first), paged lazily; a block expands into its transactions.
 * "Follow new blocks" puts new blocks on top while the view is visible and the window focused: one request per
 * tick (the newest few blocks), at about the chain's average block time (one /avg_blocktime read when following
 * starts), backing off on errors; nothing already loaded is fetched again.
 */
import vscode = require('vscode');
import type { Block } from '../core/indexer/schemas';
import { isCancelled } from '../core/errors';
import type { Services } from '../platform/services';
import type { Hooks } from '../platform/hooks';
import type { NetworkProfile } from '../core/networks';
import { ExplorerTree, MessageNode, PagedChildren, describeError, type ExplorerNode } from '../platform/tree';
import { Command, ContextKey, ContextValue, StorageKey } from '../platform/ids';
import { BlockNode } from './blockRows';
import type { RowContext } from './items';
/** How many of the newest blocks a follow tick asks for; more new blocks than this means a gap: reload. */
const FOLLOW_WINDOW = 10;
const MIN_TICK_MS = 1000;
const MAX_TICK_MS = 60_000;

export class BlocksView implements vscode.Disposable {
  readonly tree: ExplorerTree;
  readonly view: vscode.TreeView<ExplorerNode>;
  private root!: PagedChildren<Block>;
  private ctx!: RowContext;
  private readonly subscriptions: vscode.Disposable[] = [];
  private followTimer: ReturnType<typeof setTimeout> | undefined;
  private followAbort: AbortController | undefined;
  private tickMs: number | undefined;
  private failures = 0;

  constructor(
    private readonly services: Services,
    private readonly memento: vscode.Memento,
    /** Created at activation (over a lazy provider that delegates to this.tree). */
    view: vscode.TreeView<unknown>,
    private readonly hooks?: Hooks,
  ) {
    this.tree = new ExplorerTree(() => this.rootChildren());
    this.view = view as vscode.TreeView<ExplorerNode>;
    this.build();
    this.updateContext();
    this.subscriptions.push(
      this.tree,
      this.view.onDidChangeVisibility(() => this.scheduleFollow()),
      vscode.window.onDidChangeWindowState(() => this.scheduleFollow()),
      services.networks.onDidChange(() => {
        this.tickMs = undefined; // another chain, another pace
        this.refresh();
      }),
      services.settings.onChange(['pageSize'], () => this.refresh()),
    );
  }

  get oldestFirst(): boolean {
    return this.memento.get<unknown>(StorageKey.BlocksOldestFirst) === true;
  }

  get following(): boolean {
    return this.memento.get<unknown>(StorageKey.BlocksFollow) === true;
  }

  /** Says whether a follow tick is scheduled or in flight (while none is, following sends nothing). */
  private reportFollow(): void {
    this.hooks?.followPending?.(this.followTimer !== undefined || this.followAbort !== undefined);
  }

  /** The loaded block nodes. */
  get list(): PagedChildren<Block> {
    return this.root;
  }

  private build(): void {
    const network: NetworkProfile = this.services.network;
    const oldestFirst = this.oldestFirst;
    const pageSize = () => this.services.settings.get('pageSize');
    this.ctx = { services: this.services, network, pageSize, changed: this.tree.changed };
    const ctx = this.ctx;
    this.root = new PagedChildren<Block>(undefined, {
      id: `${network.name}/blocks`,
      pageSize: pageSize(),
      fetch: async (page, signal) => {
        const r = await this.services.indexer(network).blocks({ ...page, reverse: !oldestFirst }, signal);
        return { items: r.blocks, pagination: r.pagination };
      },
      toNode: (block) => new BlockNode(ctx, block),
      changed: this.tree.changed,
    });
  }

  private async rootChildren(): Promise<ExplorerNode[]> {
    const children = await this.root.children();
    const failedFirst = this.root.list.pages === 0 && this.root.list.error !== undefined;
    if (!failedFirst) {
      const newest = this.oldestFirst ? undefined : Number(this.root.list.items[0]?.height);
      if (newest) this.services.reportHeight(this.ctx.network, newest);
      this.scheduleFollow();
      return children;
    }
    // The indexer does not answer: the reason once (it names the indexer already), then what the user can do.
    const network = this.services.network.name;
    const reason = describeError(this.root.list.error);
    const id = `${this.root.id}/unreachable`;
    const row = (key: string, text: string, icon: string, command: vscode.Command, tooltip?: string) =>
      new MessageNode(`${id}/${key}`, text, { icon, command, tooltip, contextValue: ContextValue.Message });
    return [
      new MessageNode(`${id}/reason`, vscode.l10n.t('{0} does not answer', network), {
        icon: 'error',
        description: reason,
        tooltip: vscode.l10n.t('{0} does not answer: {1}', network, reason),
      }),
      row('retry', vscode.l10n.t('Retry'), 'refresh', {
        command: Command.BlocksRefresh,
        title: vscode.l10n.t('Retry'),
      }),
      row('network', vscode.l10n.t('Select Network…'), 'globe', {
        command: Command.SelectNetwork,
        title: vscode.l10n.t('Select Network'),
      }),
      row(
        'log',
        vscode.l10n.t('Show Log'),
        'output',
        { command: Command.ShowLog, title: vscode.l10n.t('Show Log') },
        vscode.l10n.t('Every request, with its status and time'),
      ),
    ];
  }

  /** Reloads from the newest (or oldest) block. */
  refresh(): void {
    this.stopFollowTick();
    this.root.dispose();
    this.build();
    this.tree.changed(undefined);
  }

  async setOldestFirst(oldestFirst: boolean): Promise<void> {
    await this.memento.update(StorageKey.BlocksOldestFirst, oldestFirst);
    this.updateContext();
    this.refresh();
  }

  async setFollow(follow: boolean): Promise<void> {
    await this.memento.update(StorageKey.BlocksFollow, follow);
    this.updateContext();
    if (follow && this.oldestFirst) await this.setOldestFirst(false);
    this.scheduleFollow();
  }

  private updateContext(): void {
    void vscode.commands.executeCommand('setContext', ContextKey.BlocksOldestFirst, this.oldestFirst);
    void vscode.commands.executeCommand('setContext', ContextKey.BlocksFollowing, this.following);
  }

  private canFollow(): boolean {
    return (
      this.following &&
      !this.oldestFirst &&
      this.view.visible &&
      vscode.window.state.focused &&
      this.root.list.pages > 0
    );
  }

  private scheduleFollow(delayMs?: number): void {
    if (!this.canFollow()) {
      this.stopFollowTick();
      return;
    }
    if (this.followTimer || this.followAbort) return; // one tick pending or in flight at most
    const wait = delayMs ?? this.tickMs ?? MIN_TICK_MS;
    this.followTimer = setTimeout(() => {
      this.followTimer = undefined;
      void this.followTick();
      this.reportFollow();
    }, wait);
    this.reportFollow();
  }

  private stopFollowTick(): void {
    if (this.followTimer) clearTimeout(this.followTimer);
    this.followTimer = undefined;
    this.followAbort?.abort();
    this.followAbort = undefined;
    this.reportFollow();
  }

  private async followTick(): Promise<void> {
    if (!this.canFollow()) return;
    const root = this.root;
    const network = this.ctx.network;
    const abort = new AbortController();
    this.followAbort = abort;
    try {
      const client = this.services.indexer(network);
      if (this.tickMs === undefined) {
        // Once per follow session: the chain's pace sets the tick (this read is the tick's one request).
        const avg = await client.avgBlockTime(abort.signal);
        this.tickMs = Math.min(MAX_TICK_MS, Math.max(MIN_TICK_MS, Math.round(avg.avg_block_time * 1000)));
      } else {
        const page = await client.blocks({ limit: FOLLOW_WINDOW }, abort.signal);
        if (root !== this.root) return;
        const newest = Number(root.list.items[0]?.height ?? 0);
        const fresh = page.blocks.filter((b) => Number(b.height) > newest);
        if (fresh.length >= FOLLOW_WINDOW)
          this.refresh(); // too far behind to fill the gap with one request
        else root.prepend(fresh);
        if (fresh[0]) this.services.reportHeight(network, Number(fresh[0].height));
      }
      this.failures = 0;
    } catch (err) {
      if (isCancelled(err)) return;
      this.failures++;
      this.services.log.warn(`Follow new blocks: ${describeError(err)}`);
    } finally {
      if (this.followAbort === abort) this.followAbort = undefined;
      this.reportFollow();
    }
    const base = this.tickMs ?? MIN_TICK_MS;
    this.scheduleFollow(Math.min(MAX_TICK_MS, base * 2 ** Math.min(this.failures, 6)));
  }

  dispose(): void {
    this.stopFollowTick();
    this.root.dispose();
    vscode.Disposable.from(...this.subscriptions).dispose();
  }
}
