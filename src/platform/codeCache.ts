/**
 * Requires one of the extension's own bundles (dist/features.js) with V8's code cache: the bundle's compiled code is
 * kept in the extension's global storage after its first use, and read back on the next start, so a cold first lookup
 * does not compile the bundle again (measured by `npm run bench -- cold`). The module is the one `require` would make
 * (same filename, in `require.cache`, so the lazy bundles' `require('./features.js')` finds it). A cache V8 refuses (a
 * new version, another V8, a damaged file) is compiled as usual and written again; any failure of the cache falls
 * back to a plain `require`. Only the extension's own file is read; nothing of another extension's is touched.
 */
import * as fs from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';

/** The cache is written this long after the bundle's first use (so it holds the functions that use compiled), or when
 *  the extension is deactivated, whichever comes first. */
const WRITE_AFTER_MS = 5_000;

/** Caches made and not written yet. */
const pending = new Map<string, () => void>();

/** Writes the caches not written yet (at deactivation: the next start reads them). */
export function flushCodeCaches(): void {
  for (const writeNow of [...pending.values()]) writeNow();
}

type ModuleInternals = typeof Module & {
  wrap(source: string): string;
  _nodeModulePaths(dir: string): string[];
};

/** The bundle's exports, through the code cache in `cacheDir` (created when missing). */
export function requireCached(file: string, cacheDir: string | undefined, writeAfterMs = WRITE_AFTER_MS): unknown {
  const cached = require.cache[file];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (cached || !cacheDir) return cached?.exports ?? require(file);
  try {
    return run(file, cacheDir, writeAfterMs);
  } catch {
    delete require.cache[file];
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(file);
  }
}

function run(file: string, cacheDir: string, writeAfterMs: number): unknown {
  const source = fs.readFileSync(file, 'utf8');
  const stat = fs.statSync(file);
  const key = `${path.basename(file)}-${stat.size}-${Math.round(stat.mtimeMs)}-${process.versions.v8}.bin`;
  const cacheFile = path.join(cacheDir, 'code-cache', key);
  let cachedData: Buffer | undefined;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const internals = Module as ModuleInternals;
  const script = new vm.Script(internals.wrap(source), { filename: file, cachedData });
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = internals._nodeModulePaths(path.dirname(file));
  require.cache[file] = mod;
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(mod.exports, mod.exports, Module.createRequire(file), mod, file, path.dirname(file));
  mod.loaded = true;
  if (!cachedData || script.cachedDataRejected) {
    const writeNow = () => {
      clearTimeout(timer);
      if (pending.delete(cacheFile)) write(script, cacheFile);
    };
    const timer = setTimeout(writeNow, writeAfterMs);
    timer.unref?.();
    pending.set(cacheFile, writeNow);
  }
  return mod.exports;
}

/** Writes the cache (atomically: another window may read it meanwhile); a failure only costs the next start. */
function write(script: vm.Script, cacheFile: string): void {
  try {
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    // The same bundle's caches of other versions go.
    const prefix = path.basename(cacheFile).split('-')[0]!;
    for (const old of fs.readdirSync(path.dirname(cacheFile)))
      if (old.startsWith(`${prefix}-`) && old !== path.basename(cacheFile))
        fs.rmSync(path.join(path.dirname(cacheFile), old), { force: true });
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, script.createCachedData());
    fs.renameSync(tmp, cacheFile);
  } catch {
    // no cache next time: the bundle compiles as it did
  }
}
