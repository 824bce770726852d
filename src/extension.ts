/**
 * Activation: the shell. It builds the settings, the log and the network status item, and registers everything
 * else as shells over the lazily loaded features bundle (dist/features.js, which holds the adapters and the core):
 * the commands, the tree views (over a lazy provider), the document providers, the hover and the bridge panel's
 * serializer. No network I/O here and nothing heavy is loaded. The one seam into the features is `load()` below:
 * this file imports only types from them, and the build fails if a module ends up in both bundles (esbuild.mjs).
 */
import vscode = require('vscode');
import { join } from 'node:path';
import type { FeatureDeps, Features } from './features';
import { Settings } from './platform/settings';
import { Command, DebugType, Scheme, StorageKey, ViewId, WebviewType } from './platform/ids';
import { testHooks, type Hooks } from './platform/hooks';
import { scanTerminalLine, type TerminalFound } from './core/terminalScan';
import { LazyTree } from './platform/lazyTree';
import { flushCodeCaches, requireCached } from './platform/codeCache';

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

const FEATURES_BUNDLE = 'features.js';
const featuresPath = () => join(__dirname, FEATURES_BUNDLE);

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

/** The emitters through which the features, once loaded, tell the shell's providers that something changed. */
function shellEvents() {
  return {
    content: new vscode.EventEmitter<vscode.FileChangeEvent[]>(),
    lenses: new vscode.EventEmitter<void>(),
    transfer: new vscode.EventEmitter<vscode.Uri>(),
    names: new vscode.EventEmitter<void>(),
  };
}
type ShellEvents = ReturnType<typeof shellEvents>;

/** What the shell knows of the features: loaded or not, and a test run's observers (set at the end of activation). */
interface ShellState {
  features?: Features;
  hooks?: Hooks;
}

/** Requires dist/features.js on first use and creates the features, wiring their changes to the shell's events. */
function featureLoader(
  context: vscode.ExtensionContext,
  deps: Omit<FeatureDeps, 'context' | 'hooks' | 'treeViews'> & { treeViews: () => FeatureDeps['treeViews'] },
  events: ShellEvents,
  state: ShellState,
): () => Features {
  return () => {
    state.hooks?.featureRequest?.();
    if (state.features) return state.features;
    // Marks of the first lookup's parts, for the bench (set once: this runs once).
    performance.mark('initia:features:load');
    // A sibling bundle of dist/ through V8's code cache: the features now, undici's bundle when they first need it.
    const requireBundle = (file: string) => requireCached(join(__dirname, file), context.globalStorageUri.fsPath);
    const module = requireBundle(FEATURES_BUNDLE) as typeof import('./features');
    performance.mark('initia:features:required');
    const features = module.createFeatures({
      ...deps,
      context,
      treeViews: deps.treeViews(),
      hooks: state.hooks,
      requireBundle,
    });
    state.features = features;
    performance.mark('initia:features:created');
    context.subscriptions.push(
      features,
      features.documents.onDidChange((uri) => events.content.fire([{ type: vscode.FileChangeType.Changed, uri }])),
      features.documents.onDidChangeCodeLenses(() => events.lenses.fire()),
      features.onDidChangeTransferDocument((uri) => events.transfer.fire(uri)),
      features.nameLabels.onDidChangeInlayHints(() => events.names.fire()),
    );
    // Files shown before the features were loaded get their names' hints now.
    events.names.fire();
    return features;
  };
}

/** The four tree views, over lazy providers that load the features when a view is first shown. */
function createTreeViews(load: () => Features): FeatureDeps['treeViews'] {
  const tree = (id: ViewId, pick: (f: Features) => vscode.TreeDataProvider<unknown>) =>
    vscode.window.createTreeView(id, { treeDataProvider: new LazyTree(() => pick(load())), showCollapseAll: true });
  return {
    blocks: tree(ViewId.Blocks, (f) => f.views.blocks.tree as vscode.TreeDataProvider<unknown>),
    collections: tree(ViewId.Collections, (f) => f.views.collections.tree as vscode.TreeDataProvider<unknown>),
    richList: tree(ViewId.RichList, (f) => f.views.richList.tree as vscode.TreeDataProvider<unknown>),
    transfers: tree(ViewId.Transfers, (f) => f.transfers.tree as vscode.TreeDataProvider<unknown>),
  };
}

/** The network item: its name now; the features read the chain's height 1.5 s after a focused start. */
function statusFirstRead(
  settings: Settings,
  statusItem: vscode.StatusBarItem,
  load: () => Features,
  state: ShellState,
): { schedule: () => void; disposables: vscode.Disposable[] } {
  let firstRead: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (state.features) return; // the features' status bar owns the item from then on
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
  const disposables = [
    settings.onChange(['statusBar.enabled', 'activeNetwork'], schedule),
    vscode.window.onDidChangeWindowState((s) => {
      if (s.focused) schedule();
    }),
    { dispose: () => firstRead && clearTimeout(firstRead) },
  ];
  return { schedule, disposables };
}

/** Hashes, heights and addresses printed in the terminal are links; nothing is loaded or fetched until one is clicked. */
function terminalShell(settings: Settings, load: () => Features) {
  let on = settings.get('terminal.links');
  const provider: vscode.TerminalLinkProvider<InitiaTerminalLink> = {
    provideTerminalLinks: (context) => (on ? terminalLinks(context.line) : []),
    handleTerminalLink: (link) => void load().terminalLinks.open(link.target),
  };
  const disposables = [
    settings.onChange(['terminal.links'], () => (on = settings.get('terminal.links'))),
    vscode.window.registerTerminalLinkProvider(provider),
  ];
  return { provider, disposables };
}

/**
 * The documents' providers: transfers' and contract reads' content, and result documents as read-only files of their
 * own scheme (not a text content provider): VS Code restores the tabs of a file system after a window reload
 * (activating the extension by onFileSystem:initia), and the document then loads itself again from its address.
 */
function documentShells(load: () => Features, events: ShellEvents): vscode.Disposable[] {
  const selector: vscode.DocumentSelector = { scheme: Scheme.Result };
  return [
    vscode.workspace.registerTextDocumentContentProvider(Scheme.Transfer, {
      onDidChange: events.transfer.event,
      provideTextDocumentContent: (uri) => load().transferDocuments.provideTextDocumentContent(uri),
    }),
    vscode.workspace.registerTextDocumentContentProvider(Scheme.CallResult, {
      provideTextDocumentContent: (uri) => load().callResults.provideTextDocumentContent(uri),
    }),
    vscode.workspace.registerFileSystemProvider(
      Scheme.Result,
      {
        onDidChangeFile: events.content.event,
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
      onDidChangeCodeLenses: events.lenses.event,
      provideCodeLenses: (doc) => load().documents.provideCodeLenses(doc),
    }),
    vscode.languages.registerDocumentLinkProvider(selector, {
      provideDocumentLinks: (doc) => load().links.provideDocumentLinks(doc),
    }),
  ];
}

/** The panels VS Code restores after a reload, re-attached by the features. */
function panelShells(load: () => Features): vscode.Disposable[] {
  return [
    vscode.window.registerWebviewPanelSerializer(WebviewType.Bridge, {
      deserializeWebviewPanel: async (panel, state: unknown) => load().restoreBridge(panel, state),
    }),
    vscode.window.registerWebviewPanelSerializer(WebviewType.Explain, {
      deserializeWebviewPanel: async (panel, state: unknown) => load().restoreExplain(panel, state),
    }),
  ];
}

/** The hovers in files (only a line that could hold what they are about loads anything) and the names' hints. */
function editorShells(load: () => Features, events: ShellEvents, state: ShellState): vscode.Disposable[] {
  const files = [{ scheme: 'file' }, { scheme: 'untitled' }];
  return [
    vscode.languages.registerHoverProvider(files, {
      provideHover(doc, position, token) {
        // Only a line that holds a 64-hex run can hold a tx hash: anything else loads nothing.
        if (!/[0-9a-fA-F]{64}/.test(doc.lineAt(position.line).text)) return undefined;
        return load().hover.provideHover(doc, position, token);
      },
    }),
    vscode.languages.registerHoverProvider(files, {
      provideHover(doc, position, token) {
        // Only a line that holds an init1… or 0x + 40 hex address: anything else loads nothing.
        if (!/init1[02-9ac-hj-np-z]{38}|0x[0-9a-fA-F]{40}/.test(doc.lineAt(position.line).text)) return undefined;
        return load().addressHover.provideHover(doc, position, token);
      },
    }),
    // Names of the workspace's deployments beside addresses: in result documents, and in files once the features are
    // loaded for another reason (this never loads them).
    vscode.languages.registerInlayHintsProvider([{ scheme: Scheme.Result }, ...files], {
      onDidChangeInlayHints: events.names.event,
      provideInlayHints: (doc, range, token) =>
        state.features || doc.uri.scheme === Scheme.Result
          ? load().nameLabels.provideInlayHints(doc, range, token)
          : undefined,
    }),
  ];
}

/** The `initia-evm` debugger: configurations resolved and the inline adapter made by the features (loaded then). */
function debugShells(load: () => Features): vscode.Disposable[] {
  return [
    vscode.debug.registerDebugConfigurationProvider(DebugType.Evm, {
      resolveDebugConfiguration: (_folder, config) => load().debugger.resolve(config),
    }),
    vscode.debug.registerDebugAdapterDescriptorFactory(DebugType.Evm, {
      createDebugAdapterDescriptor: () => load().debugger.descriptor(),
    }),
  ];
}

interface Contributes {
  commands?: Array<{ command: string }>;
  languageModelTools?: Array<{ name: string }>;
}

/**
 * Every contributed command is a shell over the features' handler table, and every contributed language-model tool
 * a shell over the features' tools where this VS Code has the API (tests hold both to package.json). Registering
 * loads nothing; the first call does.
 */
function commandAndToolShells(contributes: Contributes | undefined, load: () => Features): vscode.Disposable[] {
  const shells = (contributes?.commands ?? []).map(({ command }) =>
    vscode.commands.registerCommand(command, (...args: unknown[]) => {
      const handler = load().handlers.get(command);
      if (!handler) throw new Error(`Initia: no handler for ${command}`);
      return handler(...args);
    }),
  );
  const lm = (vscode as { lm?: Partial<typeof vscode.lm> }).lm;
  if (typeof lm?.registerTool !== 'function') return shells;
  for (const { name } of contributes?.languageModelTools ?? [])
    shells.push(
      lm.registerTool(name, {
        invoke: (options, token) => load().tools.invoke(name, options, token),
        prepareInvocation: (options) => load().tools.prepare(name, options),
      }),
    );
  return shells;
}

/**
 * Transfers tracked before a reload keep being watched: the tracker resumes the unfinished ones shortly after
 * activation, not during it. Activation reads only the tracker's hint (how many are unfinished; anything but true or
 * a positive number is nothing) and whether an older version left its list to move.
 */
function resumeTransfers(context: vscode.ExtensionContext, load: () => Features): vscode.Disposable[] {
  const pending = context.globalState.get<unknown>(StorageKey.TransfersPending);
  const legacy = context.globalState.get<unknown>(StorageKey.Transfers);
  const some =
    pending === true || (typeof pending === 'number' && pending > 0) || (Array.isArray(legacy) && legacy.length > 0);
  if (!some) return [];
  const timer = setTimeout(() => load().tracker.resume(), RESUME_DELAY_MS);
  return [{ dispose: () => clearTimeout(timer) }];
}

/** What activation returns: the settings, the log, and the features (reading one loads them). */
function shellApi(settings: Settings, log: vscode.LogOutputChannel, load: () => Features, state: ShellState) {
  const api: InitiaExplorerApi = {
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
    featuresLoaded: () => state.features !== undefined,
  };
  return api;
}

export function activate(context: vscode.ExtensionContext): InitiaExplorerApi {
  const started = performance.now();
  const startedCpu = process.cpuUsage();
  const settings = new Settings();
  const log = vscode.window.createOutputChannel('Initia Explorer', { log: true });
  const events = shellEvents();
  const statusItem = vscode.window.createStatusBarItem('initia.network', vscode.StatusBarAlignment.Left, 50);
  statusItem.name = vscode.l10n.t('Initia Network');
  statusItem.command = Command.SelectNetwork;
  statusItem.text = `$(globe) ${settings.get('activeNetwork')}`;
  const state: ShellState = {};
  const load = featureLoader(context, { settings, log, statusItem, treeViews: () => treeViews }, events, state);
  const treeViews = createTreeViews(load);
  const firstRead = statusFirstRead(settings, statusItem, load, state);
  const terminal = terminalShell(settings, load);
  const contributes = (context.extension.packageJSON as { contributes?: Contributes }).contributes;
  context.subscriptions.push(
    { dispose: flushCodeCaches },
    settings,
    log,
    statusItem,
    ...Object.values(events),
    ...Object.values(treeViews),
    ...firstRead.disposables,
    ...terminal.disposables,
    ...documentShells(load, events),
    ...panelShells(load),
    ...editorShells(load, events, state),
    ...debugShells(load),
    ...commandAndToolShells(contributes, load),
  );
  firstRead.schedule();
  context.subscriptions.push(...resumeTransfers(context, load));

  const activationMs = performance.now() - started;
  const cpu = process.cpuUsage(startedCpu);
  const activationCpuMs = (cpu.user + cpu.system) / 1000;
  const featuresLoadedAtActivation = state.features !== undefined || require.cache[featuresPath()] !== undefined;
  log.debug(`Activated in ${activationMs.toFixed(2)} ms (${activationCpuMs.toFixed(2)} ms CPU)`);
  state.hooks = testHooks(context);
  state.hooks?.activated?.({
    ms: activationMs,
    cpuMs: activationCpuMs,
    featuresLoaded: featuresLoadedAtActivation,
    storagePath: context.globalStorageUri.fsPath,
  });
  state.hooks?.terminalLinkProvider?.(terminal.provider);
  return shellApi(settings, log, load, state);
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
