// The architecture of src/ as rules (docs/architecture.md), checked by `npm run lint`:
//   depcruise src --config .dependency-cruiser.cjs
// Layers: core (pure, no vscode) ← platform (VS Code concerns every adapter shares) ← adapters (documents, views,
// hover, network, bridge, explain, tools, terminal, watch, names; each its own folder) ← features.ts (the lazily loaded
// bundle's entry) ⇠ extension.ts (the activation shell: values only from platform and core/terminalScan.ts, types only
// from the rest). src/abi/ is the ABI
// decoder bundle's entry (dist/abi.js, required on the first decode): it takes only viem and core/abi, and the
// features take only its types. The webviews are browser code that speak to the host only through src/protocol/
// (zod and pure core helpers only), and use the UI kit only from their component files. Type-only imports count (tsPreCompilationDeps), so a cycle through
// `import type` is a cycle too.
//
// 'vscode' has no JavaScript (only @types/vscode): it resolves to nothing, so rules match the bare name `^vscode$`
// (and, should a resolver ever map it to its types, the @types package).
const VSCODE = ['^vscode$', '^node_modules/@types/vscode/'];
const ADAPTERS = '^src/(documents|views|hover|network|bridge|explain|tools|terminal|watch|names)/';
/** Imports that are types only: `import type …` (or every name `type`) and `typeof import('…')`. */
const TYPES = ['type-only', 'type-import'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-no-vscode',
      comment: 'src/core is pure TypeScript, unit-tested in plain Node: it never imports vscode.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: VSCODE },
    },
    {
      name: 'core-only-core',
      comment: 'src/core imports only src/core, node built-ins and npm packages.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { pathNot: ['^src/core/', '^node_modules/', ...VSCODE], dependencyTypesNot: ['core'] },
    },
    {
      name: 'platform-only-core-platform',
      comment:
        "src/platform (what every adapter shares) imports only src/core, src/protocol (the webviews' envelope) and src/platform (and vscode, node, npm).",
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { pathNot: ['^src/(core|protocol|platform)/', '^node_modules/', ...VSCODE], dependencyTypesNot: ['core'] },
    },
    {
      name: 'adapter-only-core-platform-own',
      comment:
        'An adapter (documents, views, hover, network, bridge, explain, terminal, watch, names) imports only src/core, src/platform, src/protocol and its own folder (and the types of src/abi/: see abi-types-only).',
      severity: 'error',
      from: { path: '^src/(documents|views|hover|network|bridge|explain|terminal|watch|names)/' },
      to: { path: '^src/', pathNot: ['^src/$1/', '^src/core/', '^src/platform/', '^src/protocol/', '^src/abi/'] },
    },
    {
      name: 'tools-only-core-platform-own',
      comment:
        "The language-model tools (src/tools/) import only src/core, src/platform, their own folder and the view model types of Explain Transaction's protocol (src/protocol/explain.ts): features.ts hands them the explain and tracker functions.",
      severity: 'error',
      from: { path: '^src/tools/' },
      to: { path: '^src/', pathNot: ['^src/tools/', '^src/core/', '^src/platform/', '^src/protocol/explain\\.ts$'] },
    },
    {
      name: 'tools-explain-types-only',
      comment:
        'The tools take only types from src/protocol/explain.ts (its zod schemas are the webview protocol, not theirs).',
      severity: 'error',
      from: { path: '^src/tools/' },
      to: { path: '^src/protocol/explain\\.ts$', dependencyTypesNot: TYPES },
    },
    {
      name: 'core-evm-only-evm-basics',
      comment:
        "src/core/evm (a node's JSON-RPC, call traces, reverts, source maps, artifacts' code) knows nothing of Initia's indexer, router or registry: from the core it imports only itself, the ABI types (core/abi/artifacts.ts) and the HTTP layer, errors, parsing and formats.",
      severity: 'error',
      from: { path: '^src/core/evm/' },
      to: {
        path: '^src/core/',
        pathNot: [
          '^src/core/evm/',
          '^src/core/abi/artifacts\\.ts$',
          '^src/core/(errors|http|zodParse|zodWords|format)\\.ts$',
        ],
      },
    },
    {
      name: 'clients-made-by-services',
      comment:
        "Every client of an endpoint (indexer, router, registry, chain API, executor, EVM JSON-RPC) is made by src/platform/services.ts through src/core/clients.ts, with the settings' transport, limits and log, for URLs from the user's settings or the registry: nothing else imports core/clients.ts.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/platform/services\\.ts$' },
      to: { path: '^src/core/clients\\.ts$' },
    },
    {
      name: 'abi-types-only',
      comment:
        'src/abi/ is the decoder bundle (dist/abi.js), required at run time on the first decode: the rest of src takes only its types (a value import would put viem in the features bundle).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/abi/' },
      to: { path: '^src/abi/', dependencyTypesNot: TYPES },
    },
    {
      name: 'abi-only-viem-core-abi',
      comment:
        'The decoder bundle takes values only from viem (npm), its own folder and src/core/abi/builtins.ts, and types from src/core: no module in two host bundles (esbuild.mjs).',
      severity: 'error',
      from: { path: '^src/abi/' },
      to: {
        pathNot: ['^src/abi/', '^src/core/abi/builtins\\.ts$', '^node_modules/'],
        dependencyTypesNot: [...TYPES, 'core'],
      },
    },
    {
      name: 'builtins-only-in-decoder',
      comment: "src/core/abi/builtins.ts is the decoder bundle's: the features never import its values.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(abi|core/abi)/' },
      to: { path: '^src/core/abi/builtins\\.ts$', dependencyTypesNot: TYPES },
    },
    {
      name: 'undici-only-in-direct-bundle',
      comment:
        "undici's code is the direct transport's bundle (dist/direct.js, entry src/core/undici.ts), required only when the direct transport or extra CAs need it: the rest of src takes only its types (a value import would put it back in the features bundle).",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/core/undici\\.ts$' },
      to: { path: '^node_modules/undici/', dependencyTypesNot: TYPES },
    },
    {
      name: 'direct-bundle-required-lazily',
      comment:
        'src/core/undici.ts (dist/direct.js) is required at run time by src/core/transport.ts alone, inside a function (esbuild.mjs keeps that require a require of dist/direct.js); everything else takes only its types.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/core/transport\\.ts$' },
      to: { path: '^src/core/undici\\.ts$', dependencyTypesNot: TYPES },
    },
    {
      name: 'direct-bundle-no-static-import',
      comment:
        'src/core/transport.ts takes src/core/undici.ts by require() at its first need, never by a static import (which would load undici with the features).',
      severity: 'error',
      from: { path: '^src/core/transport\\.ts$' },
      to: { path: '^src/core/undici\\.ts$', dependencyTypesNot: [...TYPES, 'require'] },
    },
    {
      name: 'lazy-bundles-behind-their-loaders',
      comment:
        'The bridge (dist/bridge.js, entry src/bridge/panel.ts) loads when a panel opens, the language-model tools (dist/tools.js, entry src/tools/tools.ts) on their first call, Explain (dist/explain.js, entry src/explain/bundle.ts: the panel, the call trace, Call Contract…) on its first use, the watcher (dist/watch.js, entry src/watch/txWatcher.ts) on the first watch; the features keep explain/abiIndex.ts, callResults.ts and explainCommand.ts: from outside their folders only their loaders are imported (src/bridge/loader.ts, src/tools/loader.ts, which require the entry at its first use); a value import of another of their modules would put them back in the features bundle.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/(bridge|tools|explain|watch)/', '^src/webview/'] },
      to: {
        path: '^src/(bridge|tools|watch)/|^src/explain/(bundle|panel|callContract|contracts|evmTrace|traceExplain|traceView|txView|sourceLine)\\.ts$',
        pathNot: '^src/(bridge|tools|explain|watch)/loader\\.ts$',
        dependencyTypesNot: TYPES,
      },
    },
    {
      name: 'lazy-bundles-required-lazily',
      comment:
        'The loaders (src/{bridge,tools,explain,watch}/loader.ts) take their bundle by require() at its first use, never by a static import.',
      severity: 'error',
      from: { path: '^src/(bridge|tools|explain|watch)/loader\\.ts$' },
      to: { path: '^src/(bridge|tools|explain|watch)/', dependencyTypesNot: [...TYPES, 'require'] },
    },
    {
      name: 'only-declared-packages',
      comment:
        "src imports only the packages package.json declares (a package that is there only as another's dependency can change or go with it; lru-cache came back that way once).",
      severity: 'error',
      from: { path: '^src/' },
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'src-not-outside-src',
      comment: 'Nothing in src imports the tests, the scripts or other files of the repository.',
      severity: 'error',
      from: { path: '^src/' },
      to: { pathNot: ['^src/', '^node_modules/', ...VSCODE], dependencyTypesNot: ['core'] },
    },
    {
      name: 'webview-only-protocol-and-kit',
      comment:
        'The webviews (browser code) import only the protocols (src/protocol/), their own folder and the UI kit (@vscode/webview-ui-toolkit): no vscode, no node, no host code, no other npm package (zod comes with the protocol).',
      severity: 'error',
      from: { path: '^src/webview/' },
      to: { pathNot: ['^src/protocol/', '^src/webview/', '^node_modules/@vscode/webview-ui-toolkit/'] },
    },
    {
      name: 'ui-kit-only-in-components',
      comment:
        'The UI kit (@vscode/webview-ui-toolkit, deprecated upstream) is used only from component files (src/webview/**/components/), so that a swap touches only them.',
      severity: 'error',
      from: { path: '^src/webview/', pathNot: '^src/webview/(components|[a-z]+/components)/' },
      to: { path: '^node_modules/@vscode/webview-ui-toolkit/' },
    },
    {
      name: 'webview-lib-is-a-leaf',
      comment:
        'src/webview/lib/ (the DOM helpers, the store, the request client) is what panels build on: it imports nothing of a panel.',
      severity: 'error',
      from: { path: '^src/webview/lib/' },
      to: { path: '^src/webview/', pathNot: '^src/webview/lib/' },
    },
    {
      name: 'webview-components-call-down',
      comment:
        "A component renders a slice of its panel's state and calls the actions it is given: it imports components, src/webview/lib/, its panel's state (types and pure selectors) and the selector table, never the flows or an entry (no upward calls).",
      severity: 'error',
      from: { path: '^src/webview/(components|[a-z]+/components)/' },
      to: {
        path: '^src/webview/',
        pathNot: [
          '^src/webview/(components|[a-z]+/components)/',
          '^src/webview/lib/',
          '^src/webview/[a-z]+/state\\.ts$',
          '^src/webview/selectors\\.ts$',
        ],
      },
    },
    {
      name: 'webview-state-is-pure',
      comment:
        "A panel's state and reducer (src/webview/<panel>/state.ts) are pure: they import only the protocol and src/webview/lib/ (no DOM, no requests).",
      severity: 'error',
      from: { path: '^src/webview/[a-z]+/state\\.ts$' },
      to: { pathNot: ['^src/protocol/', '^src/webview/lib/store\\.ts$'] },
    },
    {
      name: 'protocol-only-zod-and-pure-core',
      comment:
        'The protocols (src/protocol/) are shared with the webviews: they import only zod, each other and the pure, import-free helpers of the core they share (core/zodWords.ts: the words of a failed parse; core/format.ts: display formats).',
      severity: 'error',
      from: { path: '^src/protocol/' },
      to: { pathNot: ['^src/protocol/', '^node_modules/zod/', '^src/core/(zodWords|format)\\.ts$'] },
    },
    {
      name: 'shell-types-only-from-features',
      comment:
        'The activation shell (src/extension.ts) takes only types from src/features.ts and the adapters (import type): their code is the lazily loaded bundle.',
      severity: 'error',
      from: { path: '^src/extension\\.ts$' },
      to: { path: ['^src/features\\.ts$', ADAPTERS], dependencyTypesNot: TYPES },
    },
    {
      name: 'shell-values-only-from-platform',
      comment:
        'The activation shell imports values only from src/platform and src/core/terminalScan.ts (the terminal links, found without loading the features) (and vscode, node): no other core, no undici, no zod.',
      severity: 'error',
      from: { path: '^src/extension\\.ts$' },
      to: {
        pathNot: ['^src/platform/', '^src/core/terminalScan\\.ts$', ...VSCODE],
        dependencyTypesNot: [...TYPES, 'core'],
      },
    },
    {
      name: 'terminal-scan-standalone',
      comment:
        "src/core/terminalScan.ts is in the activation bundle (the shell's terminal link provider): it imports nothing, so that no other module is pulled into that bundle.",
      severity: 'error',
      from: { path: '^src/core/terminalScan\\.ts$' },
      to: {},
    },
    {
      name: 'terminal-scan-only-types-elsewhere',
      comment:
        'Only the shell takes values from src/core/terminalScan.ts (a module may be in one host bundle only): the features take its types.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/extension\\.ts$' },
      to: { path: '^src/core/terminalScan\\.ts$', dependencyTypesNot: TYPES },
    },
    {
      name: 'nothing-imports-the-shell',
      comment: 'src/extension.ts is the entry point: only tests import it (for its API type).',
      severity: 'error',
      from: { pathNot: '^test/' },
      to: { path: '^src/extension\\.ts$' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles in src, type-only imports included.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment: 'Every module in src is imported or imports something (a module nothing uses is dead code).',
      severity: 'error',
      from: { orphan: true, path: '^src/', pathNot: ['\\.d\\.ts$', '(^|/)tsconfig\\.json$'] },
      to: {},
    },
  ],
  options: {
    // Type-only imports are dependencies too (the shell's rules and the cycle check need them).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: '^node_modules/' },
    exclude: { path: '^(out|dist)/' },
    // Host code is Node (Node16 resolution); the webview is bundled for the browser by esbuild.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
