// Builds the extension's bundles:
//   dist/extension.js  activation shell: registrations, settings, the status item (no undici, no zod).
//   dist/features.js   required on first use: every adapter and the pure core (HTTP, schemas, API clients).
//   dist/abi.js        required by the features on the first EVM decode (src/abi/workspaceAbis.ts): the ABI decoder
//                      (src/abi/decoder.ts: viem's decoding and keccak, the built-in token ABIs).
//   dist/direct.js     required by the features only when the direct transport or CA certificates handed to VS Code's
//                      fetch need one of undici's dispatchers (src/core/undici.ts, loaded by src/core/transport.ts):
//                      undici, which the default path (VS Code's fetch) never loads.
//   dist/bridge.js     required by the features when a bridge panel opens or is restored (src/features.ts): the bridge
//                      panel and its session, the router's message check (src/core/router/check/, verify.ts) and
//                      what only they use. The modules it shares with the features are not copied: its imports of
//                      them read the features' own instances (see "Lazy bundles" below).
//   dist/tools.js      required by the features on the first call of a language-model tool (src/tools/loader.ts):
//                      the tools' runners and renderers, read the same way from the features.
//   dist/explain.js    required by the features on the first use of Explain Transaction, the node's call trace or Call
//                      Contract… (src/explain/loader.ts): the panel, the trace and the contract reads, read the same way.
//   dist/watch.js      required by the features when a transaction is first watched (src/watch/loader.ts): the watcher.
//   dist/transfers.js  required by the features when the transfers are first needed (src/transfers/loader.ts: the
//                      Transfers view shown, a transfer command, a bridge panel, a tool, the resume after a reload):
//                      the tracker, the view and the status documents, and what only they use of the router's code.
//   dist/webview/*.js  a feature's page, the browser bundle of its webview (src/<feature>/page/entry.ts).
// The host bundles must not share code: a module whose code lands in two of them (a value import from the shell into
// the features, from the features into the decoder, or the other way round) fails the build, naming it. The decoder
// imports only viem, src/core/abi/builtins.ts (nothing else imports it) and types, so it shares nothing either. Enums are inlined by esbuild, so the shared
// identifiers of src/platform/ids.ts add nothing to either bundle. The direct transport's bundle holds undici and
// src/core/undici.ts alone: transport.ts's `require('./undici')` is kept as a require of `./direct.js`, the sibling
// bundle (the plugin below), so undici is in no other host bundle.
// Flags: --production minifies and drops source maps; --watch rebuilds on change; --metafile writes dist/meta-*.json.
import * as esbuild from 'esbuild';
import { existsSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { createHash } from 'node:crypto';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const metafile = process.argv.includes('--metafile');

/** @type {esbuild.BuildOptions} */
const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
  legalComments: 'none',
  metafile: true,
};

/** `require('./undici')` (src/core/transport.ts) stays a run-time require of the direct transport's bundle. */
const directBundle = {
  name: 'direct-bundle',
  setup(build) {
    build.onResolve({ filter: /^\.\/undici$/ }, (args) =>
      args.importer.endsWith(join('src', 'core', 'transport.ts')) ? { path: './direct.js', external: true } : undefined,
    );
  },
};

const host = {
  ...common,
  plugins: [directBundle],
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  // Prefer ES module builds (zod ships both): they tree-shake, CJS builds do not.
  mainFields: ['module', 'main'],
  conditions: ['import', 'module'],
};

// Lazy bundles: parts of the features required on first use, by `require('<spec>')` in <importer> (src/{bridge,tools,explain,watch,debug,transfers}/loader.ts, src/network/pickerLoader.ts) (kept as a
// run-time require of ./<name>.js). A lazy bundle holds the modules only it uses; an import of a module that the
// features bundle holds becomes a read of the features' own module (the features export a table of the modules their
// lazy bundles import, `__lazyShared`), so nothing is bundled twice and there is one instance of every module (one
// zod, one settings cache, the same classes for instanceof). Built in three passes: the features alone (what they
// hold), each lazy bundle against that (what it imports from them), the features again with the table.
const LAZY = [
  { name: 'bridge', entry: 'src/bridge/panel.ts', importer: 'src/bridge/loader.ts', spec: './panel' },
  { name: 'tools', entry: 'src/tools/tools.ts', importer: 'src/tools/loader.ts', spec: './tools' },
  { name: 'explain', entry: 'src/explain/bundle.ts', importer: 'src/explain/loader.ts', spec: './bundle' },
  { name: 'watch', entry: 'src/watch/txWatcher.ts', importer: 'src/watch/loader.ts', spec: './txWatcher' },
  { name: 'transfers', entry: 'src/transfers/bundle.ts', importer: 'src/transfers/loader.ts', spec: './bundle' },
  { name: 'debug', entry: 'src/debug/bundle.ts', importer: 'src/debug/loader.ts', spec: './bundle' },
  {
    name: 'picker',
    entry: 'src/network/pickerBundle.ts',
    importer: 'src/network/pickerLoader.ts',
    spec: './pickerBundle',
  },
];
const FEATURES_ENTRY = 'src/features.ts';
const SHARED_NS = 'features-shared';
const ENTRY_NS = 'features-entry';

/** Turns the lazy bundles' requires in the features into requires of their sibling bundles. */
const lazyRequires = {
  name: 'lazy-requires',
  setup(build) {
    for (const lazy of LAZY) {
      const filter = new RegExp(`^${lazy.spec.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
      build.onResolve({ filter }, (args) =>
        args.importer.endsWith(join(...lazy.importer.split('/')))
          ? { path: `./${lazy.name}.js`, external: true }
          : undefined,
      );
    }
  },
};

/**
 * A shared module's key in the features' table: short (the table is in the bundle every first use requires; the
 * module paths were 0.9 KB of it), the same in every build, so that a lazy bundle built apart finds its modules.
 */
const sharedKey = (id) => createHash('sha256').update(id).digest('base64url').slice(0, 6);

/** The features' entry: src/features.ts plus the table of what their lazy bundles read (`shared()`: module path →
 *  the names read), each name a getter so that the lazy bundle sees the features' live binding. */
function featuresEntry(shared) {
  return {
    name: 'features-entry',
    setup(build) {
      build.onResolve({ filter: /^features-entry$/ }, () => ({ path: 'features', namespace: ENTRY_NS }));
      build.onLoad({ filter: /.*/, namespace: ENTRY_NS }, () => {
        const table = [...shared()].sort(([a], [b]) => a.localeCompare(b));
        const keys = new Map(table.map(([id]) => [sharedKey(id), id]));
        if (keys.size !== table.length) throw new Error('[esbuild] two shared modules have the same key: lengthen it');
        const lines = [`export * from ${JSON.stringify(resolve(FEATURES_ENTRY))};`];
        const entries = table.map(([id, names], i) => {
          const sorted = [...names].sort();
          lines.push(
            `import { ${sorted.map((n, j) => `${n} as m${i}_${j}`).join(', ')} } from ${JSON.stringify(resolve(id))};`,
          );
          return `${JSON.stringify(sharedKey(id))}: { ${sorted.map((n, j) => `get ${n}() { return m${i}_${j}; }`).join(', ')} }`;
        });
        lines.push(`export const __lazyShared = { ${entries.join(', ')} };`);
        return { contents: lines.join('\n'), resolveDir: resolve('.'), loader: 'ts' };
      });
    },
  };
}

/**
 * In a lazy bundle: an import of a module the features hold (`held()`) reads it from the features. With `names`, the
 * build only lists what it reads: such imports stay external (`features-shared:<path>`) in an ES module output whose
 * import statements name them.
 */
function readFromFeatures(held, names) {
  return {
    name: 'read-from-features',
    setup(build) {
      build.onResolve({ filter: /^\.\/features\.js$/ }, (args) =>
        args.namespace === SHARED_NS ? { path: './features.js', external: true } : undefined,
      );
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === SHARED_NS || args.kind === 'entry-point' || args.path === 'vscode') return undefined;
        const found = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: SHARED_NS,
        });
        if (found.errors.length > 0 || found.external) return undefined;
        const id = relative(process.cwd(), found.path).split(sep).join('/');
        if (!held().has(id)) return undefined;
        return names ? { path: `${SHARED_NS}:${id}`, external: true } : { path: id, namespace: SHARED_NS };
      });
      build.onLoad({ filter: /.*/, namespace: SHARED_NS }, (args) => ({
        contents: `module.exports = require('./features.js').__lazyShared[${JSON.stringify(sharedKey(args.path))}];`,
        loader: 'js',
      }));
    },
  };
}

/** What an ES module output imports from `features-shared:` modules: path → names (a namespace import's members). */
function sharedImports(code, into) {
  const add = (id, name) => into.set(id, (into.get(id) ?? new Set()).add(name));
  const from = `from\\s*"${SHARED_NS}:([^"]+)"`;
  const escape = (id) => id.replace(/\$/g, '\\$');
  for (const m of code.matchAll(new RegExp(`import\\s*(?:([\\w$]+)\\s*,?\\s*)?(?:\\{([^}]*)\\})?\\s*${from}`, 'g'))) {
    const [, def, named, id] = m;
    if (def) add(id, 'default');
    for (const part of (named ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean))
      add(id, part.split(/\s+as\s+/)[0].trim());
  }
  for (const m of code.matchAll(new RegExp(`import\\s*\\*\\s*as\\s+([\\w$]+)\\s*${from}`, 'g'))) {
    const [statement, ns, id] = m;
    const rest = code.replace(statement, '');
    const uses = [...rest.matchAll(new RegExp(`(?<![\\w$.\\-])${escape(ns)}(?![\\w$])(\\.[\\w$]+)?`, 'g'))];
    if (uses.some((u) => !u[1]))
      throw new Error(`[esbuild] a lazy bundle uses the namespace of ${id} as a value; import its members by name`);
    for (const u of uses) add(id, u[1].slice(1));
  }
  for (const m of code.matchAll(new RegExp(`(?:export\\s*\\*[^;]*?|import\\s*)${from}`, 'g'))) {
    throw new Error(`[esbuild] a lazy bundle re-exports or only runs ${m[1]}; import what it needs by name`);
  }
  return into;
}

/** The source modules in a build's module graph (also those whose code tree-shaking left out: a lazy bundle that
 *  reads one from the features makes the features keep it). */
function heldBy(result) {
  return new Set(Object.keys(result.metafile.inputs).filter((input) => !input.includes(':')));
}

let shared = new Map();
let featuresHeld = new Set();
const featuresBuild = {
  ...host,
  plugins: [directBundle, lazyRequires, featuresEntry(() => shared)],
  entryPoints: { features: 'features-entry' },
  outdir: 'dist',
};
const lazyBuilds = LAZY.map((l) => ({
  ...host,
  plugins: [directBundle, readFromFeatures(() => featuresHeld)],
  entryPoints: { [l.name]: l.entry },
  outdir: 'dist',
}));
const lazyNameBuilds = lazyBuilds.map((b) => ({
  ...b,
  format: 'esm',
  minify: false,
  sourcemap: false,
  write: false,
  metafile: true,
  plugins: [directBundle, readFromFeatures(() => featuresHeld, true)],
}));

/**
 * The passes; returns the features' and the lazy bundles' results. A module that two lazy bundles use and the features
 * do not is given to the features too (both read it from there), and so is what it imports: rounds until that settles.
 */
async function buildFeatures() {
  shared = new Map();
  featuresHeld = heldBy(await esbuild.build({ ...featuresBuild, write: false }));
  for (let round = 1; ; round++) {
    const names = await Promise.all(lazyNameBuilds.map((b) => esbuild.build(b)));
    shared = new Map();
    for (const r of names) sharedImports(r.outputFiles.map((f) => f.text).join('\n'), shared);
    const withTable = heldBy(await esbuild.build({ ...featuresBuild, write: false }));
    const uses = new Map();
    for (const r of names)
      for (const input of Object.keys(r.metafile.inputs))
        if (!input.includes(':')) uses.set(input, (uses.get(input) ?? 0) + 1);
    const twice = [...uses].filter(([input, n]) => n > 1 && !withTable.has(input)).map(([input]) => input);
    const grew = [...withTable].some((input) => !featuresHeld.has(input));
    featuresHeld = new Set([...withTable, ...twice]);
    if (twice.length === 0 && !grew) break;
    if (round === 8) throw new Error('[esbuild] the lazy bundles did not settle on what the features hold');
  }
  const [features, ...lazy] = await Promise.all([
    esbuild.build(featuresBuild),
    ...lazyBuilds.map((b) => esbuild.build(b)),
  ]);
  return [features, ...lazy];
}

const builds = [
  { ...host, entryPoints: { extension: 'src/extension.ts' }, outdir: 'dist' },
  { ...host, entryPoints: { abi: 'src/abi/decoder.ts' }, outdir: 'dist' },
  { ...host, entryPoints: { direct: 'src/core/undici.ts' }, outdir: 'dist' },
];
const HOST_BUILDS = 3 + 1 + LAZY.length;

/** Modules whose code is in more than one host bundle, with the bundles they are in. */
function sharedModules(metafiles) {
  const seen = new Map();
  for (const meta of metafiles) {
    for (const [out, { inputs }] of Object.entries(meta.outputs)) {
      if (!out.endsWith('.js')) continue;
      for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
        // A lazy bundle's read of a module the features hold is a one-line stub, not the module's code.
        if (bytesInOutput === 0 || input.startsWith(`${SHARED_NS}:`)) continue;
        seen.set(input, [...(seen.get(input) ?? []), out]);
      }
    }
  }
  return [...seen].filter(([, outs]) => outs.length > 1);
}

function checkNoSharedModules(results) {
  const shared = sharedModules(results.slice(0, HOST_BUILDS).map((r) => r.metafile));
  if (shared.length === 0) return true;
  console.error(
    '[esbuild] these modules are in more than one host bundle (the shell may only import types from the features, the features only types from src/abi/ and src/core/undici.ts; a lazy bundle reads what the features hold from them):',
  );
  for (const [input, outs] of shared) console.error(`  ${input}  →  ${outs.join(', ')}`);
  return false;
}

// A feature's page is `src/<feature>/page/entry.ts`, built to dist/webview/<feature>.js.
const pages = readdirSync('src', { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join('src', d.name, 'page', 'entry.ts')))
  .map((d) => d.name);
if (pages.length > 0) {
  builds.push({
    ...common,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    entryPoints: Object.fromEntries(pages.map((name) => [name, `src/${name}/page/entry.ts`])),
    outdir: 'dist/webview',
  });
}

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.watch()));
  // The features and their lazy bundles are rebuilt together (three passes) whenever a source file changes.
  let running = false;
  const rebuild = async () => {
    if (running) return;
    running = true;
    try {
      await buildFeatures();
    } catch {
      // esbuild has printed the errors.
    } finally {
      running = false;
    }
  };
  const trigger = await esbuild.context({
    ...host,
    entryPoints: [FEATURES_ENTRY, ...LAZY.map((l) => l.entry)],
    write: false,
    plugins: [{ name: 'rebuild-features', setup: (b) => b.onEnd(() => void rebuild()) }],
  });
  await trigger.watch();
  console.log('[esbuild] watching…');
} else {
  const [hostResults, featureResults] = await Promise.all([
    Promise.all(builds.map((b) => esbuild.build(b))),
    buildFeatures(),
  ]);
  // In the order extension, abi, direct, features, the lazy bundles (the host bundles), then the webviews.
  const results = [...hostResults.slice(0, 3), ...featureResults, ...hostResults.slice(3)];
  if (metafile) {
    mkdirSync('dist', { recursive: true });
    results.forEach((r, i) => writeFileSync(`dist/meta-${i}.json`, JSON.stringify(r.metafile)));
  }
  if (!checkNoSharedModules(results)) process.exit(1);
}
