/**
 * The explain pipeline, one service for every caller: the panel (panel.ts), the language-model tools and the hover
 * (through explain/loader.ts and features.ts). A transaction is fetched from the indexer (`/evm-txs/{hash}` with its
 * internal calls for a `0x` hash on a network with an EVM index, else `/txs/{hash}`), its logs and calls decoded with
 * the workspace's ABIs, its amounts put in whole units where the router lists the asset, and where the network has a
 * JSON-RPC URL it gets the node's call trace (traceExplain.ts). The result is the view model the panel shows.
 */
import vscode = require('vscode');
import { errorMessage, isNotFound } from '../core/errors';
import type { EvmTx, InternalTx, Tx } from '../core/indexer/schemas';
import { loadCallTree, partialTreeNote, type CallTreeLoad } from '../core/indexer/callTree';
import { isEvmRouteMissing } from '../core/capabilities';
import { shorten } from '../core/format';
import type { NetworkProfile } from '../core/networks';
import { balanceChanges, evmLogsOf, readEvents } from '../core/txExplain';
import type { TxHash } from '../core/validate';
import { nameAccountFields } from '../core/names';
import type { Decoded } from '../core/abi/artifacts';
import type { Services } from '../platform/services';
import type { WorkspaceAbis } from '../abi/workspaceAbis';
import type { ExplainView } from './protocol';
import { explainCosmos, explainEvm } from './txView';
import { revertSummary, traceInto, type TraceDeps } from './traceExplain';
import { MoveTxExplainer } from '../move/moveExplain';
import { moveFailureLine, moveInto } from './moveView';
import { WasmContracts } from '../wasm/wasmExplain';
import { wasmCalls, wasmInto } from './wasmView';

/** What the explainer needs of the workspace's ABIs. */
export type AbiDecoder = Pick<WorkspaceAbis, 'decodeLog' | 'decodeCall'>;

export interface ExplainOptions {
  network: NetworkProfile;
  signal?: AbortSignal;
  /** Gets the indexer's answer (the panel keeps it for Open JSON). */
  raw?: (answer: unknown) => void;
}

export class Explainer {
  /** Move messages decoded and aborts named (made on the first Move transaction). */
  private moveTxs?: MoveTxExplainer;
  /** CosmWasm contracts tied to the workspace's schemas (made on the first CosmWasm transaction or smart query). */
  private wasmTxs?: WasmContracts;

  constructor(
    private readonly services: Services,
    private readonly abis: () => AbiDecoder | undefined,
    /** The node's call trace of EVM transactions (traceExplain.ts); none: the indexer's data only. */
    private readonly traces?: TraceDeps,
  ) {}

  /** What a transaction did, for a hash parsed where it entered (the tool's input): the tools ask this. */
  describe(hash: TxHash, network: NetworkProfile, signal?: AbortSignal): Promise<ExplainView> {
    return this.explain(hash, { network, signal });
  }

  /** As the panel shows it: addresses the workspace's deployments name read "Vault (0x5FbD…0aa3)" (core/names.ts). */
  async named(hash: TxHash, opts: ExplainOptions): Promise<ExplainView> {
    const { network } = opts;
    const [explained] = await Promise.all([this.explain(hash, opts), this.services.names.ready(network)]);
    return nameAccountFields(explained, (address) => this.services.names.nameOf(address, network)?.name);
  }

  /** Why a failed EVM transaction reverted, in a line (the hover), or undefined without a node's trace. */
  revertSummary(network: NetworkProfile, hash: string, signal?: AbortSignal): Promise<string | undefined> {
    return this.traces ? revertSummary(this.traces, network, hash, signal) : Promise.resolve(undefined);
  }

  /** Why a failed Move transaction failed, in a line (the hover), or undefined when it holds no MoveVM failure. */
  async moveFailureSummary(network: NetworkProfile, tx: Tx): Promise<string | undefined> {
    const move = await this.moveExplainer().explain(tx, network);
    const failure = move?.explanation.failure;
    return failure ? moveFailureLine(failure, move.named) : undefined;
  }

  private moveExplainer(): MoveTxExplainer {
    return (this.moveTxs ??= new MoveTxExplainer(this.services));
  }

  /** The CosmWasm contracts' schemas (Explain and Smart Query Wasm Contract… share what they have asked). */
  wasmContracts(): WasmContracts {
    return (this.wasmTxs ??= new WasmContracts(this.services));
  }

  /** The view of a transaction whose hash is already checked: the EVM index first for a `0x` hash, else Cosmos. */
  async explain(hash: TxHash, opts: ExplainOptions): Promise<ExplainView> {
    const { network, signal } = opts;
    const evmFirst =
      hash.prefixed &&
      (await this.services.capabilities(network, 'evm').then(
        (c) => c.evm,
        () => true,
      ));
    const evm = evmFirst ? await this.evmTx(hash, opts) : undefined;
    if (evm) return this.explainEvmTx(evm, hash, opts);
    const answer = await this.services.indexer(network).tx(hash, signal);
    opts.raw?.(answer);
    return this.explainCosmosTx(answer.tx, network);
  }

  /** The EVM index's transaction, or undefined when it does not know the hash. */
  private async evmTx(hash: TxHash, opts: ExplainOptions): Promise<EvmTx | undefined> {
    try {
      const answer = await this.services.indexer(opts.network).evmTx(hash, opts.signal);
      opts.raw?.(answer);
      return answer.tx;
    } catch (err) {
      if (!isNotFound(err)) throw err;
      return undefined;
    }
  }

  private async explainEvmTx(evm: EvmTx, hash: TxHash, { network, signal }: ExplainOptions): Promise<ExplainView> {
    const abis = this.abis();
    const notes: string[] = [];
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
        vscode.l10n.t('No ABI in the open folders decodes these logs (Foundry out/, Hardhat artifacts/, *.abi.json).'),
      );
    const view = explainEvm(evm, { network: network.name, internal, logs, calls, notes });
    if (this.traces) await traceInto(this.traces, view, network, hash.evm, evm, signal);
    return view;
  }

  /**
   * The whole call tree (every page, oldest first: core/indexer/callTree.ts); past the first page with a cancellable
   * progress notification, and a note when only its beginning could be shown. A network whose indexer answers that
   * it has no internal-call routes is remembered as such.
   */
  private async internalCalls(
    network: NetworkProfile,
    hash: TxHash,
    notes: string[],
    signal?: AbortSignal,
  ): Promise<InternalTx[]> {
    const caps = await this.services.capabilities(network, 'evmInternalTxs').catch(() => undefined);
    if (caps?.evmInternalTxs === false) {
      notes.push(vscode.l10n.t('This network does not index internal calls.'));
      return [];
    }
    try {
      const client = this.services.indexer(network);
      const first = await loadCallTree(client, hash, { maxCalls: 1, signal });
      const load = first.stopped !== 'limit' ? first : await this.wholeCallTree(network, hash, signal);
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

  /** Every page of the call tree, with a cancellable progress notification. */
  private wholeCallTree(network: NetworkProfile, hash: TxHash, signal?: AbortSignal): Thenable<CallTreeLoad> {
    const client = this.services.indexer(network);
    return vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Initia: loading the internal calls of {0}', shorten(hash.evm, 8, 6)),
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
  }

  private async explainCosmosTx(tx: Tx, network: NetworkProfile): Promise<ExplainView> {
    const abis = this.abis();
    const movePart = this.moveExplainer().explain(tx, network);
    const wasmPart = this.wasmContracts().explain(tx, network);
    const known = await this.assetsOf(tx, network);
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
    const asset = (denom: string) => known.get(denom);
    const view = explainCosmos(tx, { network: network.name, asset, calls, logs, notes: [] });
    const move = await movePart;
    if (move) moveInto(view, move.explanation, move.named);
    const wasm = await wasmPart;
    if (wasm) wasmInto(view, wasmCalls(messages), tx.raw_log, wasm.schemas, wasm.notes);
    return view;
  }

  /** Whole units where the router lists the denoms of this chain (asked once per denom, its list cached). */
  private async assetsOf(
    tx: Tx,
    network: NetworkProfile,
  ): Promise<Map<string, { symbol?: string; decimals?: number }>> {
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
    return known;
  }
}
