/**
 * Explain Transaction, the node's call trace, Call Contract…, Move's view calls and CosmWasm smart queries, loaded on
 * first use: they are a bundle of their own (dist/explain.js, see esbuild.mjs), required when a transaction is
 * explained (the command, a restored panel, the explain tool), a failed EVM transaction is hovered, or a contract is
 * read; never for a lookup, a tree or another hover.
 */
import type * as vscode from 'vscode';
import { LazyBundle } from '../core/lazyBundle';
import type { NetworkProfile } from '../core/networks';
import type { TxHash } from '../core/validate';
import type { ExplainView } from './protocol';
import type { Tx } from '../core/indexer/schemas';
import type { Explain, ExplainDeps } from './bundle';
import type { CallResult } from './callContract';
import type { ViewCallOptions } from '../move/viewCall';
import type { WorkspaceContracts } from '../abi/contracts';

type ExplainModule = typeof import('./bundle');

export class LazyExplain extends LazyBundle<Explain> implements Explain {
  constructor(
    deps: ExplainDeps,
    /** esbuild.mjs keeps this require as one of dist/explain.js. */
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    load: () => ExplainModule = () => require('./bundle') as ExplainModule,
  ) {
    super(() => load().createExplain(deps));
  }

  private get explain(): Explain {
    return this.loaded;
  }

  open(hash: TxHash): Promise<ExplainView | undefined> {
    return this.explain.open(hash);
  }

  describe(hash: TxHash, network: NetworkProfile, signal?: AbortSignal): Promise<ExplainView> {
    return this.explain.describe(hash, network, signal);
  }

  restore(panel: vscode.WebviewPanel, state: unknown): void {
    this.explain.restore(panel, state);
  }

  revertSummary(network: NetworkProfile, hash: string, signal?: AbortSignal): Promise<string | undefined> {
    return this.explain.revertSummary(network, hash, signal);
  }

  moveFailureSummary(network: NetworkProfile, tx: Tx): Promise<string | undefined> {
    return this.explain.moveFailureSummary(network, tx);
  }

  callContract(address?: unknown, block?: unknown, fn?: unknown, args?: unknown): Promise<CallResult | undefined> {
    return this.explain.callContract(address, block, fn, args);
  }

  callMoveView(options: ViewCallOptions): Promise<vscode.Uri | undefined> {
    return this.explain.callMoveView(options);
  }

  wasmSmartQuery(contract?: unknown, query?: unknown): Promise<vscode.Uri | undefined> {
    return this.explain.wasmSmartQuery(contract, query);
  }

  workspaceContracts(): WorkspaceContracts {
    return this.explain.workspaceContracts();
  }

  /** Closes the panel and lets go of what was made; a later use makes it again (the call traces stay on disk). */
  dispose(): void {
    this.unload()?.dispose();
  }
}
