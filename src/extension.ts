/**
 * Activation: builds the light services and registers everything, as shells. No network I/O here and nothing heavy
 * is loaded: the features (documents, lookups, views, hover) live in dist/features.js and undici, the zod schemas and
 * the API clients in dist/core.js, both required on first use (src/lazy.ts). A shell loads the features when VS Code
 * first needs them: a command runs, a view is shown, a result document opens, or a hover lands on a line that holds
 * a 64-hex run.
 */
import * as vscode from 'vscode';
import { Services } from './services';
import { NetworkStatusBar } from './views/statusBar';
import { registerNetworkCommands } from './commands/network';
import { loadFeaturesModule } from './lazy';
import type { Features } from './features';
import { BRIDGE_VIEW_TYPE, RESULT_SCHEME as SCHEME, TRANSFER_SCHEME, TRANSFERS_KEY, isUnfinished } from './ids';

const VIEWS = { blocks: 'initia.blocks', collections: 'initia.collections', richList: 'initia.richList', transfers: 'initia.transfers' } as const;
/** After a reload, unfinished transfers resume polling this long after activation (never during it). */
const RESUME_DELAY_MS = 2000;
/** Commands activation handles itself; every other contributed command runs in the features bundle. */
const OWN_COMMANDS = new Set(['initia.selectNetwork', 'initia.showLog']);

export interface InitiaExplorerApi {
  readonly services: Services;
  /** The features (loads them if they are not loaded yet). */
  readonly features: Features;
  readonly documents: Features['documents'];
  readonly views: Features['views'];
  readonly hover: Features['hover'];
  readonly tracker: Features['tracker'];
  readonly bridge: Features['bridge'];
  /** Whether dist/features.js has been loaded. */
  featuresLoaded(): boolean;
  /** Milliseconds spent in activate() (wall clock). */
  readonly activationMs: number;
  /** CPU milliseconds the extension host process used meanwhile (excludes time it waited for a CPU). */
  readonly activationCpuMs: number;
}

/** A tree provider that creates the real one on first use and forwards its change events. */
class LazyTree implements vscode.TreeDataProvider<unknown> {
  private readonly emitter = new vscode.EventEmitter<unknown>();
  readonly onDidChangeTreeData = this.emitter.event;
  private target: vscode.TreeDataProvider<unknown> | undefined;

  constructor(private readonly resolve: () => vscode.TreeDataProvider<unknown>) {}

  private get impl(): vscode.TreeDataProvider<unknown> {
    if (!this.target) {
      this.target = this.resolve();
      this.target.onDidChangeTreeData?.((e) => this.emitter.fire(e));
    }
    return this.target;
  }

  getTreeItem(element: unknown) {
    return this.impl.getTreeItem(element);
  }
  getChildren(element?: unknown) {
    return this.impl.getChildren(element);
  }
  getParent(element: unknown) {
    return this.impl.getParent?.(element);
  }
}

export function activate(context: vscode.ExtensionContext): InitiaExplorerApi {
  const started = performance.now();
  const startedCpu = process.cpuUsage();
  const services = new Services();
  const statusBar = new NetworkStatusBar(services);
  const contentChanged = new vscode.EventEmitter<vscode.Uri>();
  const lensesChanged = new vscode.EventEmitter<void>();
  const transferChanged = new vscode.EventEmitter<vscode.Uri>();

  let features: Features | undefined;
  const load = (): Features => {
    if (!features) {
      features = loadFeaturesModule().createFeatures({ context, services, treeViews });
      context.subscriptions.push(
        features,
        features.documents.onDidChange((uri) => contentChanged.fire(uri)),
        features.documents.onDidChangeCodeLenses(() => lensesChanged.fire()),
        features.transferDocuments.onDidChange((uri) => transferChanged.fire(uri)),
      );
    }
    return features;
  };

  const tree = (id: string, pick: (f: Features) => vscode.TreeDataProvider<unknown>) =>
    vscode.window.createTreeView(id, { treeDataProvider: new LazyTree(() => pick(load())), showCollapseAll: true });
  const treeViews = {
    blocks: tree(VIEWS.blocks, (f) => f.views.blocks.tree),
    collections: tree(VIEWS.collections, (f) => f.views.collections.tree),
    richList: tree(VIEWS.richList, (f) => f.views.richList.tree),
    transfers: tree(VIEWS.transfers, (f) => f.transfers as vscode.TreeDataProvider<unknown>),
  };

  const selector: vscode.DocumentSelector = { scheme: SCHEME };
  const contributed = (context.extension.packageJSON as { contributes?: { commands?: Array<{ command: string }> } }).contributes?.commands ?? [];
  context.subscriptions.push(
    services,
    statusBar,
    contentChanged,
    lensesChanged,
    transferChanged,
    treeViews.transfers,
    vscode.workspace.registerTextDocumentContentProvider(TRANSFER_SCHEME, {
      onDidChange: transferChanged.event,
      provideTextDocumentContent: (uri) => load().transferDocuments.provideTextDocumentContent(uri),
    }),
    vscode.window.registerWebviewPanelSerializer(BRIDGE_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state: unknown) => load().restoreBridge(panel, state as never),
    }),
    treeViews.blocks,
    treeViews.collections,
    treeViews.richList,
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
      onDidChange: contentChanged.event,
      provideTextDocumentContent: (uri, token) => load().documents.provideTextDocumentContent(uri, token),
    }),
    vscode.languages.registerCodeLensProvider(selector, {
      onDidChangeCodeLenses: lensesChanged.event,
      provideCodeLenses: (doc) => load().documents.provideCodeLenses(doc),
    }),
    vscode.languages.registerDocumentLinkProvider(selector, {
      provideDocumentLinks: (doc) => load().links.provideDocumentLinks(doc),
    }),
    vscode.languages.registerHoverProvider([{ scheme: 'file' }, { scheme: 'untitled' }], {
      provideHover(doc, position, token) {
        // Only a line that holds a 64-hex run can hold a tx hash: anything else loads nothing.
        if (!/[0-9a-fA-F]{64}/.test(doc.lineAt(position.line).text)) return undefined;
        return load().hover.provideHover(doc, position, token);
      },
    }),
    ...registerNetworkCommands(services.networks),
    vscode.commands.registerCommand('initia.showLog', () => services.log.show()),
    ...contributed
      .filter(({ command }) => !OWN_COMMANDS.has(command))
      .map(({ command }) =>
        vscode.commands.registerCommand(command, (...args: unknown[]) => {
          const handler = load().handlers.get(command);
          if (!handler) throw new Error(`Initia: no handler for ${command}`);
          return handler(...args);
        }),
      ),
  );
  statusBar.start();
  // Transfers tracked before a reload keep being watched: resume them shortly after activation, not during it.
  const persisted = context.globalState.get<Array<Parameters<typeof isUnfinished>[0]>>(TRANSFERS_KEY, []);
  if (persisted.some(isUnfinished)) {
    const timer = setTimeout(() => load().tracker.resume(), RESUME_DELAY_MS);
    context.subscriptions.push({ dispose: () => clearTimeout(timer) });
  }

  const activationMs = performance.now() - started;
  const cpu = process.cpuUsage(startedCpu);
  const activationCpuMs = (cpu.user + cpu.system) / 1000;
  services.log.debug(`Activated in ${activationMs.toFixed(2)} ms (${activationCpuMs.toFixed(2)} ms CPU)`);
  return {
    services,
    get features() {
      return load();
    },
    get documents() {
      return load().documents;
    },
    get views() {
      return load().views;
    },
    get hover() {
      return load().hover;
    },
    get tracker() {
      return load().tracker;
    },
    get bridge() {
      return load().bridge;
    },
    featuresLoaded: () => features !== undefined,
    activationMs,
    activationCpuMs,
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
