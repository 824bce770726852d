// Builds the extension's bundles:
//   dist/extension.js  activation shell: registrations, settings, the status item (no undici, no zod).
//   dist/features.js   required on first use: every adapter and the pure core (HTTP, schemas, API clients).
//   dist/abi.js        required by the features on the first EVM decode (src/explain/abiIndex.ts): the ABI decoder
//                      (src/abi/decoder.ts: viem's decoding and keccak, the built-in token ABIs).
//   dist/direct.js     required by the features only when the direct transport or CA certificates handed to VS Code's
//                      fetch need one of undici's dispatchers (src/core/undici.ts, loaded by src/core/transport.ts):
//                      undici, which the default path (VS Code's fetch) never loads.
//   dist/webview/*.js  browser bundles for webviews (any src/webview/<name>.entry.ts), when present.
// The host bundles must not share code: a module whose code lands in two of them (a value import from the shell into
// the features, from the features into the decoder, or the other way round) fails the build, naming it. The decoder
// imports only viem, src/core/abi/builtins.ts (nothing else imports it) and types, so it shares nothing either. Enums are inlined by esbuild, so the shared
// identifiers of src/platform/ids.ts add nothing to either bundle. The direct transport's bundle holds undici and
// src/core/undici.ts alone: transport.ts's `require('./undici')` is kept as a require of `./direct.js`, the sibling
// bundle (the plugin below), so undici is in no other host bundle.
// Flags: --production minifies and drops source maps; --watch rebuilds on change; --metafile writes dist/meta-*.json.
import * as esbuild from 'esbuild';
import { existsSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

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

const builds = [
  { ...host, entryPoints: { extension: 'src/extension.ts' }, outdir: 'dist' },
  { ...host, entryPoints: { features: 'src/features.ts' }, outdir: 'dist' },
  { ...host, entryPoints: { abi: 'src/abi/decoder.ts' }, outdir: 'dist' },
  { ...host, entryPoints: { direct: 'src/core/undici.ts' }, outdir: 'dist' },
];
const HOST_BUILDS = 4;

/** Modules whose code is in more than one host bundle, with the bundles they are in. */
function sharedModules(metafiles) {
  const seen = new Map();
  for (const meta of metafiles) {
    for (const [out, { inputs }] of Object.entries(meta.outputs)) {
      if (!out.endsWith('.js')) continue;
      for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
        if (bytesInOutput === 0) continue;
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
    '[esbuild] these modules are in more than one host bundle (the shell may only import types from the features, the features only types from src/abi/ and src/core/undici.ts):',
  );
  for (const [input, outs] of shared) console.error(`  ${input}  →  ${outs.join(', ')}`);
  return false;
}

const webviewDir = 'src/webview';
if (existsSync(webviewDir)) {
  const entries = readdirSync(webviewDir).filter((f) => /^[a-z][\w-]*\.entry\.ts$/.test(f));
  if (entries.length > 0) {
    builds.push({
      ...common,
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
      entryPoints: Object.fromEntries(entries.map((f) => [f.replace(/\.entry\.ts$/, ''), `${webviewDir}/${f}`])),
      outdir: 'dist/webview',
    });
  }
}

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.watch()));
  console.log('[esbuild] watching…');
} else {
  const results = await Promise.all(builds.map((b) => esbuild.build(b)));
  if (metafile) {
    mkdirSync('dist', { recursive: true });
    results.forEach((r, i) => writeFileSync(`dist/meta-${i}.json`, JSON.stringify(r.metafile)));
  }
  if (!checkNoSharedModules(results)) process.exit(1);
}
