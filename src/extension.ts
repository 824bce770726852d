/**
 * Activation: the shell. It builds the settings, the log and the network status item, and registers everything
 * else as shells over the lazily loaded features bundle (dist/features.js, which holds the adapters and the core):
 * the commands, the tree views (over a lazy provider), the document providers, the hover and the bridge panel's
 * serializer. No network I/O here and nothing heavy is loaded. The one seam into the features is `load()` below:
 * this file imports only types from them, and the build fails if a module ends up in both bundles (esbuild.mjs).
 */
import * as vscode from 'vscode';
import { join } from 'node:path';
import type { Features } from './features';
import { Settings } from './platform/settings';
import { Command, Scheme, StorageKey, ViewId, WebviewType } from './platform/ids';
import { testHooks, type Hooks } from './platform/hooks';
import { scanTerminalLine, type TerminalFound } from './core/terminalScan';

/** The status bar's first read of the chain's height loads the features this long after activation. */
const FIRST_STATUS_READ_MS = 1500;
/** After a reload, stored transfers resume polling this long after activation (never during it). */
const RESUME_DELAY_MS = 2000;

export interface InitiaExplorerApi {
  readonly settings: Settings;
  readonly log: vscode.LogOutputChannel;
  /** The features (loads them if they are not loaded yet). */
  readonly features: Features;
  readonly services: Features['services'];
  readonly documents: Features['documents'];
  readonly views: Features['views'];
  readonly hover: Features['hover'];
  readonly tracker: Features['tracker'];
  readonly bridge: Features['bridge'];
  /** Whether dist/features.js has been loaded. */
  featuresLoaded(): boolean;
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

const featuresPath = () => join(__dirname, 'features.js');

/** A link in the integrated terminal: what it leads to travels with it to the features when it is clicked. */
export interface InitiaTerminalLink extends vscode.TerminalLink {
  target: Pick<TerminalFound, 'kind' | 'value'>;
}

/** A line of the terminal's links (core/terminalScan.ts, part of this bundle: nothing is loaded, nothing fetched). */
function terminalLinks(line: string): InitiaTerminalLink[] {
  return scanTerminalLine(line).map((f) => ({
    startIndex: f.start,
    length: f.length,
    tooltip:
      f.kind === 'tx'
        ? vscode.l10n.t('Initia: look up, explain or watch this transaction')
        : f.kind === 'block'
          ? vscode.l10n.t('Initia: look up block {0}', f.value)
          : vscode.l10n.t('Initia: look up this address'),
    target: { kind: f.kind, value: f.value },
  }));
}

/** Result documents cannot be written, created, deleted or renamed. */
const readOnly = (): never => {
  throw vscode.FileSystemError.NoPermissions();
};

export function activate(context: vscode.ExtensionContext): InitiaExplorerApi {
  const started = performance.now();
  const startedCpu = process.cpuUsage();
  const settings = new Settings();
  const log = vscode.window.createOutputChannel('Initia Explorer', { log: true });
  const contentChanged = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  const lensesChanged = new vscode.EventEmitter<void>();
  const transferChanged = new vscode.EventEmitter<vscode.Uri>();
  const namesChanged = new vscode.EventEmitter<void>();

  const statusItem = vscode.window.createStatusBarItem('initia.network', vscode.StatusBarAlignment.Left, 50);
  statusItem.name = vscode.l10n.t('Initia Network');
  statusItem.command = Command.SelectNetwork;
  statusItem.text = `$(globe) ${settings.get('activeNetwork')}`;

  let features: Features | undefined;
  /** A test run's observers, set at the end of activation (platform/hooks.ts); none in use. */
  let hooks: Hooks | undefined = undefined;
  const load = (): Features => {
    hooks?.featureRequest?.();
    if (!features) {
      // Marks of the first lookup's parts, for the bench (set once: this runs once).
      performance.mark('initia:features:load');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const module = require(featuresPath()) as typeof import('./features');
      performance.mark('initia:features:required');
      features = module.createFeatures({ context, settings, log, treeViews, statusItem, hooks });
      performance.mark('initia:features:created');
      context.subscriptions.push(
        features,
        features.documents.onDidChange((uri) => contentChanged.fire([{ type: vscode.FileChangeType.Changed, uri }])),
        features.documents.onDidChangeCodeLenses(() => lensesChanged.fire()),
        features.transferDocuments.onDidChange((uri) => transferChanged.fire(uri)),
        features.nameLabels.onDidChangeInlayHints(() => namesChanged.fire()),
      );
      // Files shown before the features were loaded get their names' hints now.
      namesChanged.fire();
    }
    return features;
  };

  const tree = (id: ViewId, pick: (f: Features) => vscode.TreeDataProvider<unknown>) =>
    vscode.window.createTreeView(id, { treeDataProvider: new LazyTree(() => pick(load())), showCollapseAll: true });
  const treeViews = {
    blocks: tree(ViewId.Blocks, (f) => f.views.blocks.tree as vscode.TreeDataProvider<unknown>),
    collections: tree(ViewId.Collections, (f) => f.views.collections.tree as vscode.TreeDataProvider<unknown>),
    richList: tree(ViewId.RichList, (f) => f.views.richList.tree as vscode.TreeDataProvider<unknown>),
    transfers: tree(ViewId.Transfers, (f) => f.transfers.tree as vscode.TreeDataProvider<unknown>),
  };

  // The status bar shows the network's name now; the features read its height, 1.5 s after a focused start.
  let firstRead: ReturnType<typeof setTimeout> | undefined;
  const scheduleFirstRead = () => {
    if (features) return; // the features' status bar owns the item from then on
    if (!settings.get('statusBar.enabled')) {
      if (firstRead) clearTimeout(firstRead);
      firstRead = undefined;
      statusItem.hide();
      return;
    }
    statusItem.text = `$(globe) ${settings.get('activeNetwork')}`;
    statusItem.show();
    if (!firstRead && vscode.window.state.focused) firstRead = setTimeout(load, FIRST_STATUS_READ_MS);
  };

  const selector: vscode.DocumentSelector = { scheme: Scheme.Result };
  let terminalLinksOn = settings.get('terminal.links');
  const terminalLinkProvider: vscode.TerminalLinkProvider<InitiaTerminalLink> = {
    provideTerminalLinks: (context) => (terminalLinksOn ? terminalLinks(context.line) : []),
    handleTerminalLink: (link) => void load().terminalLinks.open(link.target),
  };
  const contributes = (
    context.extension.packageJSON as {
      contributes?: { commands?: Array<{ command: string }>; languageModelTools?: Array<{ name: string }> };
    }
  ).contributes;
  const contributed = contributes?.commands ?? [];
  context.subscriptions.push(
    settings,
    log,
    statusItem,
    contentChanged,
    lensesChanged,
    transferChanged,
    namesChanged,
    ...Object.values(treeViews),
    settings.onChange(['statusBar.enabled', 'activeNetwork'], scheduleFirstRead),
    settings.onChange(['terminal.links'], () => (terminalLinksOn = settings.get('terminal.links'))),
    // Hashes, heights and addresses printed in the terminal are links; nothing is loaded or fetched until one is clicked.
    vscode.window.registerTerminalLinkProvider(terminalLinkProvider),
    vscode.window.onDidChangeWindowState((state) => {
      if (state.focused) scheduleFirstRead();
    }),
    { dispose: () => firstRead && clearTimeout(firstRead) },
    vscode.workspace.registerTextDocumentContentProvider(Scheme.Transfer, {
      onDidChange: transferChanged.event,
      provideTextDocumentContent: (uri) => load().transferDocuments.provideTextDocumentContent(uri),
    }),
    vscode.workspace.registerTextDocumentContentProvider(Scheme.CallResult, {
      provideTextDocumentContent: (uri) => load().callResults.provideTextDocumentContent(uri),
    }),
    vscode.window.registerWebviewPanelSerializer(WebviewType.Bridge, {
      deserializeWebviewPanel: async (panel, state: unknown) => load().restoreBridge(panel, state),
    }),
    vscode.window.registerWebviewPanelSerializer(WebviewType.Explain, {
      deserializeWebviewPanel: async (panel, state: unknown) => load().restoreExplain(panel, state),
    }),
    // Result documents are read-only files of their own scheme (not a text content provider): VS Code restores the
    // tabs of a file system after a window reload (activating the extension by onFileSystem:initia), and the
    // document then loads itself again from its address.
    vscode.workspace.registerFileSystemProvider(
      Scheme.Result,
      {
        onDidChangeFile: contentChanged.event,
        watch: () => new vscode.Disposable(() => undefined),
        stat: (uri) => load().documents.stat(uri),
        readFile: (uri) => load().documents.readFile(uri),
        readDirectory: () => [],
        createDirectory: readOnly,
        writeFile: readOnly,
        delete: readOnly,
        rename: readOnly,
      },
      { isCaseSensitive: true, isReadonly: true },
    ),
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
    vscode.languages.registerHoverProvider([{ scheme: 'file' }, { scheme: 'untitled' }], {
      provideHover(doc, position, token) {
        // Only a line that holds an init1… or 0x + 40 hex address: anything else loads nothing.
        if (!/init1[02-9ac-hj-np-z]{38}|0x[0-9a-fA-F]{40}/.test(doc.lineAt(position.line).text)) return undefined;
        return load().addressHover.provideHover(doc, position, token);
      },
    }),
    // Names of the workspace's deployments beside addresses: in result documents, and in files once the features are
    // loaded for another reason (this never loads them).
    vscode.languages.registerInlayHintsProvider(
      [{ scheme: Scheme.Result }, { scheme: 'file' }, { scheme: 'untitled' }],
      {
        onDidChangeInlayHints: namesChanged.event,
        provideInlayHints: (doc, range, token) =>
          features || doc.uri.scheme === Scheme.Result
            ? load().nameLabels.provideInlayHints(doc, range, token)
            : undefined,
      },
    ),
    // Every contributed command is a shell over the features' handler table (a test holds the two to each other).
    ...contributed.map(({ command }) =>
      vscode.commands.registerCommand(command, (...args: unknown[]) => {
        const handler = load().handlers.get(command);
        if (!handler) throw new Error(`Initia: no handler for ${command}`);
        return handler(...args);
      }),
    ),
  );
  // Every contributed language-model tool is a shell over the features' tools, where this VS Code has the API (a test
  // holds the declarations and the implementations to each other). Registering loads nothing; the first call does.
  const lm = (vscode as { lm?: Partial<typeof vscode.lm> }).lm;
  if (typeof lm?.registerTool === 'function') {
    for (const { name } of contributes?.languageModelTools ?? []) {
      context.subscriptions.push(
        lm.registerTool(name, {
          invoke: (options, token) => load().tools.invoke(name, options, token),
          prepareInvocation: (options) => load().tools.prepare(name, options),
        }),
      );
    }
  }
  scheduleFirstRead();
  // Transfers tracked before a reload keep being watched: the tracker resumes the unfinished ones shortly after
  // activation, not during it. Activation reads only the tracker's hint (how many are unfinished; anything but true or
  // a positive number is nothing) and whether an older version left its list to move.
  const pending = context.globalState.get<unknown>(StorageKey.TransfersPending);
  const legacy = context.globalState.get<unknown>(StorageKey.Transfers);
  if (
    pending === true ||
    (typeof pending === 'number' && pending > 0) ||
    (Array.isArray(legacy) && legacy.length > 0)
  ) {
    const timer = setTimeout(() => load().tracker.resume(), RESUME_DELAY_MS);
    context.subscriptions.push({ dispose: () => clearTimeout(timer) });
  }

  const activationMs = performance.now() - started;
  const cpu = process.cpuUsage(startedCpu);
  const activationCpuMs = (cpu.user + cpu.system) / 1000;
  const featuresLoadedAtActivation = features !== undefined || require.cache[featuresPath()] !== undefined;
  log.debug(`Activated in ${activationMs.toFixed(2)} ms (${activationCpuMs.toFixed(2)} ms CPU)`);
  hooks = testHooks(context);
  hooks?.activated?.({ ms: activationMs, cpuMs: activationCpuMs, featuresLoaded: featuresLoadedAtActivation });
  hooks?.terminalLinkProvider?.(terminalLinkProvider);
  return {
    settings,
    log,
    get features() {
      return load();
    },
    get services() {
      return load().services;
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
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
