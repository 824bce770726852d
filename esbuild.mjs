// Builds the extension's bundles:
//   dist/extension.js  activation bundle: registrations only (no undici, no zod).
//   dist/features.js   lazily required on first use: result documents, lookups, sidebar views, hover.
//   dist/core.js       lazily required on first use: HTTP layer (undici), zod schemas, API clients.
//   dist/webview/*.js  browser bundles for webviews (any src/webview/<name>.ts entry), when present.
// Flags: --production minifies and drops source maps; --watch rebuilds on change; --metafile writes dist/meta-*.json.
import * as esbuild from 'esbuild';
import { existsSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';

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
  metafile,
};

const host = {
  ...common,
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
  { ...host, entryPoints: { core: 'src/core/index.ts' }, outdir: 'dist' },
];

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
}
