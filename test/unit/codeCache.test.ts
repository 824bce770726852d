/**
 * The features bundle required through V8's code cache (src/platform/codeCache.ts): the same module `require` makes
 * (in require.cache, its own relative requires), the cache written after first use and taken on the next load, and a
 * damaged cache file refused by V8 and written again, never an error.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { requireCached } from '../../src/platform/codeCache';

function bundle(): { file: string; cacheDir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'initia-code-cache-'));
  fs.writeFileSync(path.join(dir, 'sibling.js'), 'module.exports = { answer: 42 };');
  const file = path.join(dir, 'features.js');
  fs.writeFileSync(
    file,
    "const s = require('./sibling.js'); exports.answer = () => s.answer; exports.file = __filename;",
  );
  return { file, cacheDir: path.join(dir, 'storage') };
}

const waitForFile = async (dir: string) => {
  for (let i = 0; i < 100; i++) {
    if (fs.existsSync(dir) && fs.readdirSync(dir).some((f) => f.endsWith('.bin'))) return fs.readdirSync(dir);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no cache written');
};

test('the module require would make, kept in require.cache; its cache written after first use', async () => {
  const { file, cacheDir } = bundle();
  const mod = requireCached(file, cacheDir, 0) as { answer(): number; file: string };
  assert.equal(mod.answer(), 42);
  assert.equal(mod.file, file);
  assert.equal(require.cache[file]?.exports, mod);
  assert.equal(requireCached(file, cacheDir, 0), mod, 'a second use is the same module');
  const written = await waitForFile(path.join(cacheDir, 'code-cache'));
  assert.equal(written.length, 1);
  delete require.cache[file];
  const again = requireCached(file, cacheDir, 0) as { answer(): number };
  assert.equal(again.answer(), 42, 'loaded again from its cache');
});

/** Loads the bundle in a new Node process (V8 keeps a script it compiled in memory: a cache is read only at a start). */
function loadElsewhere(file: string, cacheDir: string): string {
  const code = `const m = require(${JSON.stringify(require.resolve('../../src/platform/codeCache'))}).requireCached(${JSON.stringify(file)}, ${JSON.stringify(cacheDir)}, 0); setTimeout(() => console.log(m.answer()), 100);`;
  return execFileSync(process.execPath, ['-e', code], { encoding: 'utf8' }).trim();
}

test('a damaged cache is refused by V8 at the next start and written again; the module loads', () => {
  const { file, cacheDir } = bundle();
  assert.equal(loadElsewhere(file, cacheDir), '42');
  const dir = path.join(cacheDir, 'code-cache');
  const [name] = fs.readdirSync(dir);
  fs.writeFileSync(path.join(dir, name!), Buffer.from('not a code cache'));
  assert.equal(loadElsewhere(file, cacheDir), '42');
  const again = fs.readFileSync(path.join(dir, name!));
  assert.ok(again.length > 100 && !again.toString().includes('not a code cache'), 'written again, as V8 makes it');
});
