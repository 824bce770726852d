// The architecture of src/ as rules (docs/architecture.md), checked by `npm run lint`:
//   depcruise src --config .dependency-cruiser.cjs
// Floors, from the bottom: core (pure, no vscode) ← the page kit (src/webview/: the webviews' envelope, DOM helpers)
// ← platform (VS Code concerns every feature shares) ← the feature services (abi/: the ABI index and the decoder
// bundle; transfers/: the tracker, its tree and documents) ← the features (one folder each: host code, page/, protocol,
// lazy bundle and its loader; none imports another) ← features.ts (the lazily loaded bundle's entry) ⇠ extension.ts
// (the activation shell: values only from platform and core/terminalScan.ts, types only from the rest). A page is
// browser code that speaks to its host only through its feature's protocol. Type-only imports count
// (tsPreCompilationDeps), so a cycle through `import type` is a cycle too.
//
// 'vscode' has no JavaScript (only @types/vscode): it resolves to nothing, so rules match the bare name `^vscode$`
// (and, should a resolver ever map it to its types, the @types package).
const VSCODE = ['^vscode$', '^node_modules/@types/vscode/'];
/** The feature folders: each holds its host code, its page (page/), its protocol and its lazy bundle's loader. */
const FEATURES = 'documents|views|hover|network|bridge|explain|tools|terminal|watch|names|debug';
const ADAPTERS = `^src/(${FEATURES}|abi|transfers|move|wasm)/`;
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
        "src/platform (what every feature shares) imports only src/core, src/platform and the webviews' envelope (src/webview/rpc.ts) (and vscode, node, npm).",
      severity: 'error',
      from: { path: '^src/platform/' },
      to: {
        pathNot: ['^src/(core|platform)/', '^src/webview/rpc\\.ts$', '^node_modules/', ...VSCODE],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'feature-only-core-platform-own-services',
      comment:
        "A feature's host code (src/<feature>/, its page/ aside) imports only src/core, src/platform, its own folder and the feature services others build on: the ABI index (src/abi/), the transfers (src/transfers/), Move's sources and abort names (src/move/) and CosmWasm's schemas and smart queries (src/wasm/). No feature imports another.",
      severity: 'error',
      from: { path: `^src/(${FEATURES})/`, pathNot: `^src/(${FEATURES})/page/` },
      to: {
        path: '^src/',
        pathNot: [
          '^src/$1/',
          '^src/core/',
          '^src/platform/',
          '^src/webview/rpc\\.ts$',
          '^src/(abi|transfers|move|wasm)/',
          '^src/explain/protocol\\.ts$',
        ],
      },
    },
    {
      name: 'services-only-core-platform-own',
      comment:
        'The feature services (src/abi/, src/transfers/, src/move/, src/wasm/) import only src/core, src/platform and their own folder: they are a floor below the features.',
      severity: 'error',
      from: { path: '^src/(abi|transfers|move|wasm)/' },
      to: { path: '^src/', pathNot: ['^src/$1/', '^src/core/', '^src/platform/'] },
    },
    {
      name: 'host-not-page',
      comment:
        "A feature's host never imports its page (browser code, its own bundle): they speak only through the feature's protocol.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/[a-z]+/page/' },
      to: { path: '^src/[a-z]+/page/' },
    },
    {
      name: 'tools-explain-types-only',
      comment:
        "The language-model tools take only types from Explain's protocol (src/explain/protocol.ts: its zod schemas are the webview's, not theirs) and nothing else of Explain: features.ts hands them the explain and tracker functions.",
      severity: 'error',
      from: { path: '^src/tools/' },
      to: { path: '^src/explain/', pathNot: '^src/explain/protocol\\.ts$' },
    },
    {
      name: 'tools-explain-protocol-types-only',
      comment: 'The tools take only types from src/explain/protocol.ts.',
      severity: 'error',
      from: { path: '^src/tools/' },
      to: { path: '^src/explain/protocol\\.ts$', dependencyTypesNot: TYPES },
    },
    {
      name: 'core-evm-only-evm-basics',
      comment:
        "src/core/evm (a node's JSON-RPC, call traces, reverts, source maps, artifacts' code) knows nothing of Initia's indexer, router or registry: from the core it imports only itself and the HTTP layer, errors, parsing (and its schemas built on first use) and formats.",
      severity: 'error',
      from: { path: '^src/core/evm/' },
      to: {
        path: '^src/core/',
        pathNot: ['^src/core/evm/', '^src/core/(errors|http|httpBody|zodParse|zodWords|format|lazySchema)\\.ts$'],
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
        'src/abi/decoder.ts is the decoder bundle (dist/abi.js), required at run time on the first decode by the ABI index (src/abi/workspaceAbis.ts): the rest of src takes only its types (a value import would put viem in the features bundle).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/abi/decoder\\.ts$', dependencyTypesNot: [...TYPES, 'require'] },
    },
    {
      name: 'abi-only-viem-core-abi',
      comment:
        'The decoder bundle takes values only from viem (npm), its own folder and src/core/abi/builtins.ts, and types from src/core: no module in two host bundles (esbuild.mjs).',
      severity: 'error',
      from: { path: '^src/abi/decoder\\.ts$' },
      to: {
        pathNot: ['^src/core/abi/builtins\\.ts$', '^node_modules/'],
        dependencyTypesNot: [...TYPES, 'core'],
      },
    },
    {
      name: 'builtins-only-in-decoder',
      comment: "src/core/abi/builtins.ts is the decoder bundle's: the features never import its values.",
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/abi/decoder\\.ts$', '^src/core/abi/'] },
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
        'The bridge (dist/bridge.js, entry src/bridge/panel.ts) loads when a panel opens, the language-model tools (dist/tools.js, entry src/tools/tools.ts) on their first call, Explain (dist/explain.js, entry src/explain/bundle.ts: the panel, the call trace, Call Contract…) on its first use, the watcher (dist/watch.js, entry src/watch/txWatcher.ts) on the first watch, the transfers (dist/transfers.js, entry src/transfers/bundle.ts: the tracker, the Transfers view, the status documents) when first needed; the features keep explain/callResults.ts and explainCommand.ts. From outside their folders only their loaders are imported (which require the entry at its first use): a value import of another of their modules would put them back in the features bundle.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(bridge|tools|explain|watch|transfers)/' },
      to: {
        path: '^src/(bridge|tools|watch|transfers)/|^src/explain/(bundle|panel|callContract|contracts|evmTrace|traceExplain|traceView|txView|sourceLine)\\.ts$',
        pathNot: ['^src/(bridge|tools|explain|watch|transfers)/loader\\.ts$', '^src/[a-z]+/page/'],
        dependencyTypesNot: TYPES,
      },
    },
    {
      name: 'lazy-bundles-required-lazily',
      comment:
        'The loaders (src/{bridge,tools,explain,watch,transfers}/loader.ts) take their bundle by require() at its first use, never by a static import.',
      severity: 'error',
      from: { path: '^src/(bridge|tools|explain|watch|transfers)/loader\\.ts$' },
      to: { path: '^src/(bridge|tools|explain|watch|transfers)/', dependencyTypesNot: [...TYPES, 'require'] },
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
      name: 'page-only-protocol-and-kit',
      comment:
        "A feature's page (src/<feature>/page/, browser code) imports only its own page, its feature's protocol (src/<feature>/protocol*.ts), the page kit (src/webview/), the pure display helpers of the core (core/zodWords.ts, core/format.ts) and the UI kit (@vscode/webview-ui-toolkit): no vscode, no node, no host code, no other npm package (zod comes with the protocol).",
      severity: 'error',
      from: { path: '^src/([a-z]+)/page/' },
      to: {
        pathNot: [
          '^src/$1/page/',
          '^src/$1/protocol[A-Za-z]*\\.ts$',
          '^src/webview/',
          '^src/core/(zodWords|format|lazySchema)\\.ts$',
          '^node_modules/@vscode/webview-ui-toolkit/',
        ],
      },
    },
    {
      name: 'kit-only-kit',
      comment:
        'The page kit (src/webview/: the envelope, the DOM helpers, the store, the request client, shared components) imports only itself, the pure display helpers of the core, zod (and core/lazySchema.ts: schemas built on first use) and the UI kit: never a feature.',
      severity: 'error',
      from: { path: '^src/webview/' },
      to: {
        pathNot: [
          '^src/webview/',
          '^src/core/(zodWords|format|lazySchema)\\.ts$',
          '^node_modules/zod/',
          '^node_modules/@vscode/webview-ui-toolkit/',
        ],
      },
    },
    {
      name: 'ui-kit-only-in-components',
      comment:
        'The UI kit (@vscode/webview-ui-toolkit, deprecated upstream) is used only from component files (src/webview/components/, src/<feature>/page/components/), so that a swap touches only them.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(webview|[a-z]+/page)/components/' },
      to: { path: '^node_modules/@vscode/webview-ui-toolkit/' },
    },
    {
      name: 'webview-lib-is-a-leaf',
      comment:
        'src/webview/lib/ (the DOM helpers, the store, the request client) is what pages build on: it imports nothing of a page.',
      severity: 'error',
      from: { path: '^src/webview/lib/' },
      to: { path: '^src/', pathNot: ['^src/webview/lib/', '^src/webview/rpc\\.ts$', '^src/core/zodWords\\.ts$'] },
    },
    {
      name: 'page-components-call-down',
      comment:
        "A component renders a slice of its page's state and calls the actions it is given: it imports components, the kit, its page's state (types and pure selectors) and the selector table, never the flows or the entry (no upward calls).",
      severity: 'error',
      from: { path: '^src/([a-z]+)/page/components/' },
      to: { path: '^src/$1/page/', pathNot: ['^src/$1/page/components/', '^src/$1/page/state\\.ts$'] },
    },
    {
      name: 'page-state-is-pure',
      comment:
        "A page's state and reducer (src/<feature>/page/state.ts) are pure: they import only the protocol and the kit's store (no DOM, no requests).",
      severity: 'error',
      from: { path: '^src/([a-z]+)/page/state\\.ts$' },
      to: {
        pathNot: [
          '^src/$1/protocol[A-Za-z]*\\.ts$',
          '^src/webview/lib/store\\.ts$',
          '^src/webview/rpc\\.ts$',
          '^src/core/(zodWords|format)\\.ts$',
          '^node_modules/zod/',
        ],
      },
    },
    {
      name: 'protocol-only-zod-and-pure-core',
      comment:
        "A feature's protocol (src/<feature>/protocol*.ts) is shared with its page: it imports only zod, its own protocol files, the envelope (src/webview/rpc.ts) and the pure, import-free helpers of the core (core/zodWords.ts: the words of a failed parse; core/format.ts: display formats; core/lazySchema.ts: a schema built on first use).",
      severity: 'error',
      from: { path: '^src/([a-z]+)/protocol[A-Za-z]*\\.ts$' },
      to: {
        pathNot: [
          '^src/$1/protocol[A-Za-z]*\\.ts$',
          '^src/webview/rpc\\.ts$',
          '^node_modules/zod/',
          '^src/core/(zodWords|format|lazySchema)\\.ts$',
        ],
      },
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
