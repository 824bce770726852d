/**
 * Entry of the lazily loaded features bundle (dist/features.js): everything but activation. It holds the VS Code
 * adapters (result documents and lookups, sidebar views, hover, network status and picker, bridge) and the pure core
 * they use (HTTP, schemas, API clients), bundled once. Activation (extension.ts) registers a shell for each of them
 * and requires this bundle on first use: a command, a view being shown, a result document being opened, a hover
 * over a line with a 64-hex run, the status bar's first read, or resuming tracked transfers.
 */
import vscode = require('vscode');
import type { Handler, Register } from './platform/commandTable';
import { Services } from './platform/services';
import type { Settings } from './platform/settings';
import { registerPagingCommands } from './platform/tree';
import { ResultDocuments } from './documents/resultDocuments';
import { ResultLinks } from './documents/links';
import { LookupCommands } from './documents/lookups';
import { registerDocumentPaging } from './documents/paging';
import { BlocksView } from './views/blocks';
import { CollectionsView } from './views/collections';
import { RichListView } from './views/richList';
import { registerTreeCommands, type Views } from './views/treeCommands';
import { TxHoverProvider, registerHoverCommands } from './hover/txHover';
import { NetworkStatusBar } from './network/statusBar';
import type { NetworkPicker } from './network/networkPicker';
import { LazyNetworkPicker } from './network/pickerLoader';
import type { Registry } from './platform/registry';
import type { TransferTracker } from './transfers/tracker';
import type { TransfersTree } from './transfers/tree';
import type { TransferDocuments } from './transfers/documents';
import { LazyTransfers } from './transfers/loader';
import { LazyBridgePanels } from './bridge/loader';
import { systemClock } from './core/clock';
import { requireUndiciWith } from './core/transport';
import type { Hooks } from './platform/hooks';
import { LazyExplain } from './explain/loader';
import { LazyDebugger } from './debug/loader';
import { registerExplainCommands } from './explain/explainCommand';
import { Command } from './platform/ids';
import { WorkspaceAbis } from './abi/workspaceAbis';
import { LazyLanguageModelTools } from './tools/loader';
import { CallResults } from './explain/callResults';
import { LazyWatcher } from './watch/loader';
import type { TxWatcher } from './watch/txWatcher';
import { TerminalLinkActions } from './terminal/actions';
import { WorkspaceNames } from './names/workspaceNames';
import { NameLabels } from './names/labels';
import { AddressHoverProvider, registerAddressHoverCommands } from './hover/addressHover';
import type { LocalRollupFinder } from './network/localRollup';

export interface FeatureDeps {
  context: vscode.ExtensionContext;
  settings: Settings;
  log: vscode.LogOutputChannel;
  /** Created at activation over lazy providers that delegate to the features' trees. */
  treeViews: {
    blocks: vscode.TreeView<unknown>;
    collections: vscode.TreeView<unknown>;
    richList: vscode.TreeView<unknown>;
    transfers: vscode.TreeView<unknown>;
  };
  /** The network item activation shows; the features keep it up to date. */
  statusItem: vscode.StatusBarItem;
  /** A test run's observers (platform/hooks.ts); none in use. */
  hooks?: Hooks;
  /** Requires a sibling bundle of dist/ by its file name, through V8's code cache (the shell's); plain `require` if
   *  absent. */
  requireBundle?: (file: string) => unknown;
}

export interface Features extends vscode.Disposable {
  services: Services<WorkspaceNames>;
  documents: ResultDocuments;
  links: ResultLinks;
  views: Views;
  hover: TxHoverProvider;
  statusBar: NetworkStatusBar;
  /** The transfers' tracker, view and status documents; their code (dist/transfers.js) loads when one is first read. */
  readonly tracker: TransferTracker;
  readonly transfers: TransfersTree;
  readonly transferDocuments: TransferDocuments;
  /** A transfer's status document changed (nothing is loaded to listen). */
  onDidChangeTransferDocument: vscode.Event<vscode.Uri>;
  /** The bridge panels; their code (dist/bridge.js) loads when one opens or is restored. */
  bridge: LazyBridgePanels;
  /** Explain Transaction, the call trace and Call Contract…; their code (dist/explain.js) loads on first use. */
  explain: LazyExplain;
  /** The workspace's contract ABIs for decoding EVM logs and calls: indexed on the first decode, which also loads
   *  dist/abi.js (viem); creating it does nothing. */
  abis: WorkspaceAbis;
  /** The chain registry (read when the network picker opens) and the picker (dist/picker.js, loaded on first use:
   *  reading this loads it). */
  registry: Registry;
  networkPicker: NetworkPicker;
  /** The language-model tools (activation registers a shell per tool that calls in here). */
  tools: LazyLanguageModelTools;
  /** The results of Initia: Call Contract… (read-only JSON documents). */
  callResults: CallResults;
  /** Re-attaches a bridge panel VS Code restored after a reload. */
  restoreBridge(panel: vscode.WebviewPanel, state: unknown): void;
  /** The EVM debugger (Initia: Debug Transaction…, launch configurations of type initia-evm). */
  debugger: LazyDebugger;
  /** Re-attaches an Explain Transaction panel VS Code restored after a reload. */
  restoreExplain(panel: vscode.WebviewPanel, state: unknown): void;
  /** Transactions watched until they are in (terminal links, the hover, Look Up, the palette); reading it loads the
   *  watcher's bundle (dist/watch.js). */
  readonly watcher: TxWatcher;
  /** What a click on a terminal link does (the shell finds the links). */
  terminalLinks: TerminalLinkActions;
  /** Names for addresses from the workspace's deployments (read on the first question, then watched). */
  names: WorkspaceNames;
  /** Those names beside addresses in documents (inlay hints). */
  nameLabels: NameLabels;
  /** The hover on init1…/0x… addresses. */
  addressHover: AddressHoverProvider;
  /** The rollup on this machine, probed when the network picker opens (loaded with the picker). */
  localRollup: LocalRollupFinder;
  /** Command handlers by id; activation's command shells call into this table. */
  handlers: ReadonlyMap<string, Handler>;
}

/** The command handler table activation's shells call into, and how a feature registers in it. */
function handlerTable(): { handlers: Map<string, Handler>; register: Register } {
  const handlers = new Map<string, Handler>();
  const register: Register = (id, handler) => {
    if (handlers.has(id)) throw new Error(`Initia: two handlers for ${id}`);
    handlers.set(id, handler);
    return new vscode.Disposable(() => handlers.delete(id));
  };
  return { handlers, register };
}

/** The services, built in order: the clients, the registry, and the workspace's names over them. */
function createServices({ context, settings, log, requireBundle }: FeatureDeps): Services<WorkspaceNames> {
  // The direct transport's bundle (undici, 312 KB), when it is first needed: compiled once, then from the cache.
  if (requireBundle) requireUndiciWith(() => requireBundle('direct.js'));
  return new Services(settings, log, {
    version: String((context.extension.packageJSON as { version?: unknown }).version ?? 'dev'),
    registry: {
      storageDir: context.globalStorageUri.fsPath,
      snapshotPath: context.asAbsolutePath('media/registry-snapshot.json'),
    },
    names: (s) =>
      new WorkspaceNames(settings, log, (jsonRpcUrl) => s.chain({ name: 'names', jsonRpcUrl })!.evmChainId()),
  });
}

/** Every command's handler, feature by feature, over the features that answer them. */
function registerCommands(
  register: Register,
  { context, log }: FeatureDeps,
  services: Services,
  f: Pick<Features, 'documents' | 'views' | 'explain' | 'bridge'> & {
    picker: LazyNetworkPicker;
    watch: LazyWatcher;
    transfers: LazyTransfers;
  },
): vscode.Disposable[] {
  const { documents, explain } = f;
  return [
    ...f.watch.register(register),
    ...registerAddressHoverCommands(register),
    ...f.picker.register(register),
    ...f.transfers.register(register),
    register(Command.OpenBridge, () => {
      f.bridge.open();
    }),
    register(Command.ShowLog, () => log.show()),
    ...new LookupCommands(documents, context.globalState, () => services.capabilities()).register(register),
    ...registerDocumentPaging(documents, register),
    ...registerPagingCommands(register),
    ...registerTreeCommands(f.views, services, register),
    ...registerHoverCommands(register, services, context.globalStorageUri),
    ...registerExplainCommands(explain, register),
    register(Command.CallContract, (address?: unknown, block?: unknown, fn?: unknown, args?: unknown) =>
      explain.callContract(address, block, fn, args),
    ),
    register(Command.CallMoveView, (module?: unknown, fn?: unknown, typeArgs?: unknown, args?: unknown) =>
      explain.callMoveView({
        module,
        ...(typeof fn === 'string' ? { fn } : {}),
        ...(isStrings(typeArgs) ? { typeArgs } : {}),
        ...(isStrings(args) ? { args } : {}),
      }),
    ),
    register(Command.WasmSmartQuery, (contract?: unknown, query?: unknown) => explain.wasmSmartQuery(contract, query)),
  ];
}

/** A command argument that is a list of texts (a view call's type arguments or arguments, as a test passes them). */
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/**
 * The sidebar's trees, over the tree views activation created, each made when it is first read (its view shown, one
 * of its commands): a lookup or a hover makes none of them.
 */
function createViews({ context, treeViews, hooks }: FeatureDeps, services: Services): Views & vscode.Disposable {
  let blocks: BlocksView | undefined;
  let collections: CollectionsView | undefined;
  let richList: RichListView | undefined;
  return {
    get blocks() {
      return (blocks ??= new BlocksView(services, context.workspaceState, treeViews.blocks, hooks));
    },
    get collections() {
      return (collections ??= new CollectionsView(services, treeViews.collections));
    },
    get richList() {
      return (richList ??= new RichListView(services, treeViews.richList));
    },
    dispose: () => [blocks, collections, richList].forEach((view) => view?.dispose()),
  };
}

export function createFeatures(deps: FeatureDeps): Features {
  const { context, settings, log, statusItem, hooks } = deps;
  const { handlers, register } = handlerTable();
  const services = createServices(deps);
  const { chainRegistry: registry, names } = services;
  const documents = new ResultDocuments(services);
  const views = createViews(deps, services);
  const abis = new WorkspaceAbis(log);
  const callResults = new CallResults();
  const explain = new LazyExplain({ context, services, abis, log, results: callResults, hooks });
  const debug = new LazyDebugger({ services, settings, abis, contracts: () => explain.workspaceContracts(), log });
  const hover = new TxHoverProvider(services, {
    revert: (network, hash, signal) => explain.revertSummary(network, hash, signal),
    moveFailure: (network, tx) => explain.moveFailureSummary(network, tx),
  });
  const statusBar = new NetworkStatusBar(services, statusItem);
  const transfers = new LazyTransfers(services, context);
  const bridge = new LazyBridgePanels(
    ({ BridgePanels }) => new BridgePanels(context, services, transfers.tracker, systemClock, hooks),
  );
  const nameLabels = new NameLabels(services, names);
  const addressHover = new AddressHoverProvider(services);
  const watch = new LazyWatcher(services);
  const picker = new LazyNetworkPicker(services, registry, settings, hooks);
  const tools = new LazyLanguageModelTools({
    services,
    explain: (hash, network, signal) => explain.describe(hash, network, signal),
    transfers: () => transfers.tracker.all(),
    polledHere: (t) => transfers.tracker.isPolling(t),
  });
  const disposables: vscode.Disposable[] = [
    ...[services, statusBar, transfers, bridge, explain, abis, documents],
    ...[views, hover, names, addressHover, watch],
    ...registerCommands(register, deps, services, { documents, views, explain, bridge, picker, watch, transfers }),
    ...debug.register(register),
  ];
  statusBar.start();
  return {
    services,
    documents,
    links: new ResultLinks(documents),
    views,
    hover,
    statusBar,
    get tracker() {
      return transfers.tracker;
    },
    get transfers() {
      return transfers.tree;
    },
    get transferDocuments() {
      return transfers.documents;
    },
    onDidChangeTransferDocument: transfers.onDidChangeDocument,
    bridge,
    explain,
    debugger: debug,
    abis,
    registry,
    get networkPicker() {
      return picker.picker;
    },
    tools,
    callResults,
    get watcher() {
      return watch.watcher;
    },
    terminalLinks: new TerminalLinkActions(),
    names,
    nameLabels,
    addressHover,
    get localRollup() {
      return picker.localRollup;
    },
    restoreBridge: (panel, state) => bridge.restore(panel, state),
    restoreExplain: (panel, state) => explain.restore(panel, state),
    handlers,
    dispose: () => vscode.Disposable.from(...disposables).dispose(),
  };
}
