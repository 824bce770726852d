// The architecture of src/ as rules (README, "Architecture"), checked by `npm run lint`:
//   depcruise src --config .dependency-cruiser.cjs
// Layers: core (pure, no vscode) ← platform (VS Code concerns every adapter shares) ← adapters (documents, views,
// hover, network, bridge, explain; each its own folder) ← features.ts (the lazily loaded bundle's entry) ⇠
// extension.ts (the activation shell: values only from platform, types only from the rest). src/abi/ is the ABI
// decoder bundle's entry (dist/abi.js, required on the first decode): it takes only viem and core/abi, and the
// features take only its types. The webview is browser code that speaks
// to the host only through bridge/protocol.ts. Type-only imports count (tsPreCompilationDeps), so a cycle through
// `import type` is a cycle too.
//
// 'vscode' has no JavaScript (only @types/vscode): it resolves to nothing, so rules match the bare name `^vscode$`
// (and, should a resolver ever map it to its types, the @types package).
const VSCODE = ['^vscode$', '^node_modules/@types/vscode/'];
const ADAPTERS = '^src/(documents|views|hover|network|bridge|explain|terminal|watch|names)/';
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
      comment: 'src/platform (what every adapter shares) imports only src/core and src/platform (and vscode, node, npm).',
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { pathNot: ['^src/(core|platform)/', '^node_modules/', ...VSCODE], dependencyTypesNot: ['core'] },
    },
    {
      name: 'adapter-only-core-platform-own',
      comment:
        'An adapter (documents, views, hover, network, bridge, explain, terminal, watch, names) imports only src/core, src/platform and its own folder (and the types of src/abi/: see abi-types-only).',
      severity: 'error',
      from: { path: '^src/(documents|views|hover|network|bridge|explain|terminal|watch|names)/' },
      to: { path: '^src/', pathNot: ['^src/$1/', '^src/core/', '^src/platform/', '^src/abi/'] },
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
      to: { pathNot: ['^src/abi/', '^src/core/abi/builtins\\.ts$', '^node_modules/'], dependencyTypesNot: [...TYPES, 'core'] },
    },
    {
      name: 'builtins-only-in-decoder',
      comment: "src/core/abi/builtins.ts is the decoder bundle's: the features never import its values.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(abi|core/abi)/' },
      to: { path: '^src/core/abi/builtins\\.ts$', dependencyTypesNot: TYPES },
    },
    {
      name: 'src-not-outside-src',
      comment: 'Nothing in src imports the tests, the scripts or other files of the repository.',
      severity: 'error',
      from: { path: '^src/' },
      to: { pathNot: ['^src/', '^node_modules/', ...VSCODE], dependencyTypesNot: ['core'] },
    },
    {
      name: 'webview-only-protocol',
      comment:
        'The webviews (browser code) import only their protocols (src/bridge/protocol.ts, src/explain/protocol.ts), their own folder and npm packages: no vscode, no node, no host code.',
      severity: 'error',
      from: { path: '^src/webview/' },
      to: { pathNot: ['^src/(bridge|explain)/protocol\\.ts$', '^src/webview/', '^node_modules/'] },
    },
    {
      name: 'protocol-only-npm',
      comment: 'The protocols (src/bridge/protocol.ts, src/explain/protocol.ts) are shared with the webviews: they import only npm packages (zod).',
      severity: 'error',
      from: { path: '^src/(bridge|explain)/protocol\\.ts$' },
      to: { pathNot: '^node_modules/' },
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
      to: { pathNot: ['^src/platform/', '^src/core/terminalScan\\.ts$', ...VSCODE], dependencyTypesNot: [...TYPES, 'core'] },
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
      comment: "Only the shell takes values from src/core/terminalScan.ts (a module may be in one host bundle only): the features take its types.",
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
