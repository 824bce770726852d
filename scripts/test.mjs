// `npm test`: every check, in order, stopping at the first failure (non-zero exit).
//
//   compile      rm -rf out && tsc -p .               (typecheck + compile the tests to out/)
//   compile-pages tsc -p test/unit/pages              (the pages' component tests, with DOM types, to out/)
//   typecheck-webview  tsc -p src/webview              (the browser code, with DOM types)
//   bundle       node esbuild.mjs                      (dist/)
//   lint         npm run lint                          (skipped with a warning when there is no eslint config)
//   unit         node --test out/test/unit/**/*.test.js (node:test, plain Node)
//   code-server  installs code-server into .vscode-test/ on first use (~2 min once)
//   integration  node out/test/runIntegration.js       (mocha inside a real VS Code extension host)
//   package      npm run package                       (production bundle + vsce → initia-explorer.vsix)
//   e2e          node out/test/e2e/run.js --vsix initia-explorer.vsix (playwright drives the workbench)
//
// `node scripts/test.mjs unit lint` runs only the named steps (in the order above).
// The last line is the plain "N passed, M failed" summed over the steps' test runners (a failed step that ran no
// failing test, such as compile, counts as one failure); the exit code is the first failing step's.
// Env: INITIA_SKIP_INTEGRATION=1, INITIA_SKIP_E2E=1 skip those (quick local runs; CI never sets them).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const node = process.execPath;
const bin = (pkg, file) => join(root, 'node_modules', pkg, file);
const npmCli =
  process.env.npm_execpath && /npm-cli\.js$/.test(process.env.npm_execpath) ? process.env.npm_execpath : undefined;
const npm = (...args) => (npmCli ? [node, npmCli, ...args] : ['npm', ...args]);

/** Files under `dir` (recursive) whose names end with `suffix`, relative to the repository, sorted. */
const findTests = (dir, suffix) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith(suffix))
        .map((f) => relative(root, join(dir, f)))
        .sort()
    : [];

/** @type {{ name: string, run: () => (string[] | string | null), skip?: () => string | false }[]} */
const steps = [
  {
    name: 'compile',
    run: () => {
      rmSync(join(root, 'out'), { recursive: true, force: true }); // no stale compiled tests
      return [node, bin('typescript', 'bin/tsc'), '-p', '.'];
    },
  },
  // The pages' component tests (test/unit/pages/): the browser code compiled for Node with DOM types, into out/.
  { name: 'compile-pages', run: () => [node, bin('typescript', 'bin/tsc'), '-p', 'test/unit/pages'] },
  // The webview's browser code (DOM types, no emit: esbuild bundles it).
  { name: 'typecheck-webview', run: () => [node, bin('typescript', 'bin/tsc'), '-p', 'src/webview'] },
  { name: 'bundle', run: () => [node, 'esbuild.mjs'] },
  {
    name: 'lint',
    skip: () =>
      ['eslint.config.mjs', 'eslint.config.js', 'eslint.config.cjs'].some((f) => existsSync(f))
        ? false
        : 'no eslint.config.* yet',
    run: () => npm('run', '--silent', 'lint'),
  },
  {
    name: 'unit',
    run: () => {
      const files = findTests(join(root, 'out', 'test', 'unit'), '.test.js');
      if (files.length === 0) return 'no out/test/unit/**/*.test.js files';
      return [node, '--test', '--test-reporter=spec', ...files];
    },
  },
  {
    name: 'code-server',
    skip: () =>
      process.env.INITIA_SKIP_INTEGRATION === '1' && process.env.INITIA_SKIP_E2E === '1'
        ? 'integration and e2e skipped'
        : false,
    run: () => [node, 'scripts/vscode-server.mjs', '--install'],
  },
  {
    name: 'integration',
    skip: () => (process.env.INITIA_SKIP_INTEGRATION === '1' ? 'INITIA_SKIP_INTEGRATION=1' : false),
    run: () => [node, 'out/test/runIntegration.js'],
  },
  {
    name: 'package',
    skip: () => (process.env.INITIA_SKIP_E2E === '1' ? 'INITIA_SKIP_E2E=1' : false),
    run: () => npm('run', '--silent', 'package'),
  },
  {
    name: 'e2e',
    skip: () => (process.env.INITIA_SKIP_E2E === '1' ? 'INITIA_SKIP_E2E=1' : false),
    run: () => [node, 'out/test/e2e/run.js', '--vsix', 'initia-explorer.vsix'],
  },
];

/** Test counts read from a step's output: the plain "N passed, M failed" lines, summed (e2e, the integration runner),
 *  else node:test's "ℹ pass N" / "ℹ fail N", else mocha's "N passing" / "M failing". */
function countsReader() {
  const found = { plain: undefined, node: {}, mocha: {} };
  const ansi = /\x1b\[[0-9;]*m/g;
  const scan = (raw) => {
    const line = raw.replace(ansi, '').trimEnd();
    let m;
    // Summed: a step may run several sessions (the integration step runs the main suite, then Restricted Mode).
    if ((m = /^(?:\w+:\s*)?(\d+) passed, (\d+) failed(?:, \d+ skipped)?$/.exec(line)))
      found.plain = { passed: (found.plain?.passed ?? 0) + +m[1], failed: (found.plain?.failed ?? 0) + +m[2] };
    else if ((m = /^ℹ (pass|fail|cancelled) (\d+)$/.exec(line))) found.node[m[1]] = +m[2];
    else if ((m = /^\s*(\d+) (passing|failing)\b/.exec(line)))
      found.mocha[m[2] === 'passing' ? 'passed' : 'failed'] = +m[1];
  };
  const has = (c) => c.passed !== undefined || c.failed !== undefined;
  const pick = () => {
    const { pass, fail, cancelled } = found.node;
    const node =
      pass !== undefined || fail !== undefined ? { passed: pass, failed: (fail ?? 0) + (cancelled ?? 0) } : {};
    const c = found.plain ?? (has(node) ? node : has(found.mocha) ? found.mocha : undefined);
    return c ? { passed: c.passed ?? 0, failed: c.failed ?? 0 } : undefined;
  };
  return { scan, pick };
}

/** Copies a child's stream to ours and hands each complete line to `onLine`. */
function relay(stream, out, onLine) {
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    out.write(chunk);
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    for (const l of lines) onLine(l);
  });
  stream.on('end', () => partial && onLine(partial));
}

let current;
let interrupted = false;
function exec(cmd, onLine) {
  return new Promise((resolveExec) => {
    // Keep colours when a person watches (the children see a pipe, not the terminal).
    const color = process.stdout.isTTY && !process.env.NO_COLOR && !process.env.FORCE_COLOR ? { FORCE_COLOR: '1' } : {};
    current = spawn(cmd[0], cmd.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...color } });
    relay(current.stdout, process.stdout, onLine);
    relay(current.stderr, process.stderr, onLine);
    current.on('error', (e) => {
      console.error(`cannot run ${cmd[0]}: ${e.message}`);
      resolveExec(1);
    });
    current.on('close', (code, signal) => resolveExec(code ?? (signal ? 128 : 1)));
  });
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    interrupted = true;
    // The runners stop their own code-server / Chromium on SIGINT (test-electron passes SIGINT on to the launcher).
    current?.kill('SIGINT');
    setTimeout(() => process.exit(130), 15_000).unref();
  });
}

const only = process.argv.slice(2);
const unknown = only.filter((n) => !steps.some((s) => s.name === n));
if (unknown.length) {
  console.error(`unknown step(s): ${unknown.join(', ')}; steps: ${steps.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

const fmt = (ms) =>
  ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${((ms % 60_000) / 1000).toFixed(0)} s`;
const summary = [];
const t0 = Date.now();
let exitCode = 0;
const total = { passed: 0, failed: 0 };
/** Failing tests as the runners name them ("✖ name…" lines), and e2e tests that passed only on their second attempt
 *  ("⚠ flaky: …"), repeated under the summary: CI logs keep the tail. */
const failedTests = [];
const noteFailure = (raw) => {
  const line = raw.replace(/\x1b\[[0-9;]*m/g, '').trim();
  if (
    !(line.startsWith('✖ ') || line.startsWith('⚠ flaky: ')) ||
    /^✖ failing tests:?$/.test(line) ||
    failedTests.includes(line)
  )
    return;
  if (failedTests.length < 30) failedTests.push(line.length > 400 ? `${line.slice(0, 400)}…` : line);
};
for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  const skipped = step.skip?.();
  if (skipped) {
    console.log(`\n⚠ ${step.name}: skipped (${skipped})`);
    summary.push([step.name, 'skipped', '']);
    continue;
  }
  const started = Date.now();
  const cmd = step.run();
  if (typeof cmd === 'string') {
    console.log(`\n⚠ ${step.name}: skipped (${cmd})`);
    summary.push([step.name, 'skipped', '']);
    continue;
  }
  console.log(
    `\n▶ ${step.name}: ${cmd
      .map((a) => (a === node ? 'node' : a.startsWith(`${root}/`) ? relative(root, a) : a))
      .join(' ')
      .slice(0, 200)}`,
  );
  const counts = countsReader();
  const code = await exec(cmd, (line) => {
    counts.scan(line);
    noteFailure(line);
  });
  const took = Date.now() - started;
  const c = counts.pick();
  if (c) {
    total.passed += c.passed;
    total.failed += c.failed;
  }
  const tests = c ? `${c.passed} passed, ${c.failed} failed` : '';
  if (code !== 0 || interrupted) {
    if (!c?.failed) total.failed += 1; // a failed step with no failing test (compile, lint, a crashed runner) counts as one
    console.log(`✖ ${step.name} failed (${interrupted ? 'interrupted' : `exit ${code}`}) after ${fmt(took)}`);
    summary.push([step.name, interrupted ? 'INTERRUPTED' : `FAILED (exit ${code})`, fmt(took), tests]);
    exitCode = code || 130;
    break;
  }
  console.log(`✔ ${step.name} (${fmt(took)})`);
  summary.push([step.name, 'ok', fmt(took), tests]);
}

console.log('\nSummary');
for (const [name, status, took, tests = ''] of summary)
  console.log(`  ${name.padEnd(18)} ${status.padEnd(18)} ${took.padEnd(9)} ${tests}`.trimEnd());
console.log(`  ${'total'.padEnd(18)} ${(exitCode === 0 ? 'ok' : 'FAILED').padEnd(18)} ${fmt(Date.now() - t0)}`);
if (failedTests.length) console.log(`\nFailed or flaky\n${failedTests.map((f) => `  ${f}`).join('\n')}`);
// The plain closing line, alone on the last line: every test counted above.
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(exitCode);
