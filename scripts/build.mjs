// Compiles TypeScript to out/ (tests, fixtures) and bundles the extension to dist/. Used by start/demo/bench.
import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './vscode-server.mjs';

export function build({ production = false } = {}) {
  const steps = [
    ['tsc', ['node_modules/typescript/bin/tsc', '-p', '.']],
    ['esbuild', ['esbuild.mjs', ...(production ? ['--production'] : [])]],
  ];
  for (const [name, args] of steps) {
    const r = spawnSync(process.execPath, args, { cwd: REPO_ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`${name} failed (exit ${r.status})`);
  }
}
