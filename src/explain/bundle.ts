/**
 * Entry of Explain's lazy bundle (dist/explain.js, see esbuild.mjs; required by explain/loader.ts): the explainer
 * (explainer.ts: the pipeline the panel, the tools and the hover share), the Explain Transaction panel over it, the
 * node's call trace (contracts named from the workspace, reverts decoded, Solidity lines), Call Contract…, Move's
 * view calls (src/move/viewCall.ts) and CosmWasm smart queries (src/wasm/smartQuery.ts), made together on the first
 * use of any of them.
 */
import vscode = require('vscode');
import type { NetworkProfile } from '../core/networks';
import type { TxHash } from '../core/validate';
import type { Hooks } from '../platform/hooks';
import type { Services } from '../platform/services';
import type { ExplainView } from './protocol';
import type { Tx } from '../core/indexer/schemas';
import type { WorkspaceAbis } from '../abi/workspaceAbis';
import { callContract, type CallResult } from './callContract';
import type { CallResults } from './callResults';
import { WorkspaceContracts } from '../abi/contracts';
import { EvmTraces } from './evmTrace';
import { Explainer } from './explainer';
import { ExplainPanels } from './panel';
import type { TraceDeps } from './traceExplain';
import { callMoveView, type ViewCallOptions } from '../move/viewCall';
import { smartQuery } from '../wasm/smartQuery';

export interface ExplainDeps {
  context: vscode.ExtensionContext;
  services: Services;
  abis: WorkspaceAbis;
  log: vscode.LogOutputChannel;
  results: CallResults;
  hooks?: Hooks;
}

export interface Explain extends vscode.Disposable {
  open(hash: TxHash): Promise<ExplainView | undefined>;
  describe(hash: TxHash, network: NetworkProfile, signal?: AbortSignal): Promise<ExplainView>;
  restore(panel: vscode.WebviewPanel, state: unknown): void;
  /** Why a failed EVM transaction reverted, in a line (the hover), or undefined. */
  revertSummary(network: NetworkProfile, hash: string, signal?: AbortSignal): Promise<string | undefined>;
  /** Why a failed Move transaction failed, in a line (the hover), or undefined when it holds no MoveVM failure. */
  moveFailureSummary(network: NetworkProfile, tx: Tx): Promise<string | undefined>;
  /** Initia: Call Contract… with its command's arguments. */
  callContract(address?: unknown, block?: unknown, fn?: unknown, args?: unknown): Promise<CallResult | undefined>;
  /** Initia: Call Move View Function… (a module's #[view] functions over the node's view/json). */
  callMoveView(options: ViewCallOptions): Promise<vscode.Uri | undefined>;
  /** Initia: Smart Query Wasm Contract… (a contract's smart query, typed by the workspace's schema where one matches). */
  wasmSmartQuery(contract?: unknown, query?: unknown): Promise<vscode.Uri | undefined>;
  /** The workspace's contracts as Explain names them (the debugger names calls and finds lines with them). */
  workspaceContracts(): WorkspaceContracts;
}

export function createExplain({ context, services, abis, log, results, hooks }: ExplainDeps): Explain {
  const contracts = new WorkspaceContracts(abis, log);
  const traces: TraceDeps = {
    services,
    traces: new EvmTraces(context.globalStorageUri.fsPath, log),
    contracts,
    abis: () => abis,
    log,
  };
  const explainer = new Explainer(services, () => abis, traces);
  const panels = new ExplainPanels(context, services, explainer, hooks);
  return {
    open: (hash) => panels.open(hash),
    describe: (hash, network, signal) => explainer.describe(hash, network, signal),
    restore: (panel, state) => panels.restore(panel, state),
    revertSummary: (network, hash, signal) => explainer.revertSummary(network, hash, signal),
    moveFailureSummary: (network, tx) => explainer.moveFailureSummary(network, tx),
    callContract: (address, block, fn, args) =>
      callContract({ services, traces: traces.traces, contracts, abis, results }, address, block, fn, args),
    callMoveView: (options) => {
      const moves = () => {
        const client = services.move();
        return client ? { client, network: services.network.name } : undefined;
      };
      return callMoveView({ moves, results }, options);
    },
    wasmSmartQuery: (contract, query) => {
      const contracts = explainer.wasmContracts();
      const wasm = () => {
        const network = services.network;
        const client = contracts.client(network);
        return client ? { client, network } : { problem: noWasm(network) };
      };
      const schemaFor = (network: NetworkProfile, address: string) => contracts.schemaFor(network, address);
      return smartQuery({ wasm, schemaFor, results }, contract, query);
    },
    workspaceContracts: () => contracts,
    dispose: () => {
      panels.dispose();
      contracts.dispose();
    },
  };
}

/** Why a network has no CosmWasm REST client, in a sentence. */
function noWasm(network: NetworkProfile): string {
  return network.restUrl
    ? vscode.l10n.t('{0} runs {1}, not CosmWasm: pick a Wasm network.', network.name, network.vm ?? '')
    : vscode.l10n.t(
        'This network has no CosmWasm REST endpoint (restUrl): set one in its profile, or pick a Wasm network.',
      );
}
