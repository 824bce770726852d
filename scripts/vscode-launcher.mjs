#!/usr/bin/env node
// A "VS Code executable" for @vscode/test-electron's runTests({ vscodeExecutablePath }) that runs the
// extension tests in a real VS Code without Electron: code-server (VS Code 1.139.1 server) + headless Debian
// Chromium driven by playwright-core. Recipe: /work/shared/testing/real-vscode.md, "Mode B".
//
// Understands the arguments test-electron passes:
//   [folder] --extensionDevelopmentPath=<dir> [--extensionDevelopmentPath=<dir> …] --extensionTestsPath=<module>
//   [Electron/VS Code flags, ignored]   (several development paths: all of them are loaded, as in desktop VS Code;
//   see developmentFolder)
// The tests' output (mocha in the extension host) is printed on stdout; the exit code is the one the
// workbench reports through window.codeAutomationExit (0 = all passed).
//
// Env: INITIA_TEST_TIMEOUT_MS  overall timeout (default 600000 = 10 min), then exit 1
//      INITIA_KEEP_TEMP=1      keep the temp dirs (code-server user data, logs, Chromium profile)
//      INITIA_VERBOSE=1        also print the browser console
//      CHROMIUM_PATH           Chromium binary (default /usr/bin/chromium)
//      INITIA_BENCH_RENDERER_PROFILE  a folder: CPU profiles of the workbench's page between the extension host's log
//                              lines `[bench-renderer-profile] start|stop <name>` (scripts/bench.mjs; a diagnosis)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { format } from 'node:util';
import { chromium } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  REPO_ROOT,
  chromiumPath,
  ensureCodeServer,
  findFiles,
  startCodeServer,
  tail,
} from './vscode-server.mjs';

const say = (msg) => process.stderr.write(`[vscode-launcher] ${msg}\n`);

/** Flags that take their value as the next argument when not written `--flag=value`. */
const VALUE_FLAGS = new Set([
  'extensionDevelopmentPath',
  'extensionTestsPath',
  'user-data-dir',
  'extensions-dir',
  'locale',
  'log',
  'folder-uri',
  'file-uri',
  'profile',
  'inspect-extensions',
  'inspect-brk-extensions',
  'logsPath',
]);

/** Workbench (renderer) log lines that arrive through codeAutomationLog mixed with the extension host's output;
 *  hidden unless INITIA_VERBOSE=1. Anchored, known messages only, so test output is never swallowed. */
const WORKBENCH_NOISE = new RegExp(
  [
    '^Resolving connection token \\(',
    '^Resolved connection token \\(',
    '^Creating a socket \\(renderer-',
    '^\\[reconnection-grace-time\\] ',
    '^Updating additional builtin extensions cache$',
    '^\\[Service Worker\\] ',
    '^\\[AgentHost:remote\\] ',
    '^\\[AccountPolicyGate\\] ',
    '^Creation of workbench contribution ',
    '^getaddrinfo ENOTFOUND open-vsx\\.org',
    '^Canceled: Canceled',
    '^Timed out waiting for authentication provider ',
    '^Failed to fetch .*open-vsx\\.org',
  ].join('|'),
);

/** The current parent pid (process.ppid is fixed at start-up; /proc tells when the parent died and we were
 *  re-parented). Falls back to probing the original parent. */
function parentGone(originalPpid) {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== originalPpid;
  } catch {
    try {
      process.kill(originalPpid, 0);
      return false;
    } catch (e) {
      return e.code !== 'EPERM';
    }
  }
}

/** mocha's closing lines ("  3 passing (2s)", "  1 failing"), relayed from the extension host. */
const MOCHA_SUMMARY = /^\s*\d+ (passing|failing)\b/;

export function parseArgs(argv) {
  const out = { devPaths: [], testsPath: undefined, folder: undefined, ignored: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('-')) {
      if (out.folder === undefined) out.folder = resolve(a);
      else out.ignored.push(a);
      continue;
    }
    const m = /^--?([^=]+)(?:=(.*))?$/s.exec(a);
    const name = m?.[1] ?? a;
    let value = m?.[2];
    if (value === undefined && VALUE_FLAGS.has(name) && i + 1 < argv.length) value = argv[++i];
    if (name === 'extensionDevelopmentPath') out.devPaths.push(resolve(value));
    else if (name === 'extensionTestsPath') out.testsPath = resolve(value);
    else if (name === 'folder-uri' && value?.startsWith('file://')) out.folder = new URL(value).pathname;
    else out.ignored.push(a);
  }
  return out;
}

/**
 * The one folder to hand the workbench as extensionDevelopmentPath. The web workbench reads its URL payload into a
 * Map, so a second `extensionDevelopmentPath` entry would replace the first; but a development path without a
 * package.json of its own is scanned for several extensions, one per subfolder (as an extensions folder is). So
 * several paths (the bench loads its bare baseline beside ours) become symbolic links in a folder of their own; VS Code
 * resolves them to find which extension a `require('vscode')` comes from, so the extensions see their usual API (but
 * `extensionPath` is the link: compare it with module paths through fs.realpathSync).
 */
export function developmentFolder(devPaths, tmp) {
  if (devPaths.length === 1) return devPaths[0];
  const dir = join(tmp, 'extensions-under-development');
  mkdirSync(dir, { recursive: true });
  devPaths.forEach((p, i) => symlinkSync(p, join(dir, `${i}-${basename(p)}`), 'dir'));
  say(`${devPaths.length} extensionDevelopmentPaths, through ${dir}: ${devPaths.join(', ')}`);
  return dir;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.devPaths.length === 0 || !args.testsPath) {
    say('usage: vscode-launcher.mjs [folder] --extensionDevelopmentPath=<dir> --extensionTestsPath=<module>');
    return 2;
  }
  const timeoutMs = Number(process.env.INITIA_TEST_TIMEOUT_MS) || 10 * 60_000;
  const verbose = process.env.INITIA_VERBOSE === '1';
  const keepTemp = process.env.INITIA_KEEP_TEMP === '1';
  const t0 = Date.now();
  const secs = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

  await ensureCodeServer(); // a first-time install (~2 min) does not count against the timeout
  const deadline = Date.now() + timeoutMs;
  let server;
  let context;
  const browserTmp = mkdtempSync(join(tmpdir(), 'initia-chromium-'));
  const consoleTail = [];
  let sawMochaSummary = false;
  let cleaned = false;
  const cleanupSync = () => {
    if (cleaned) return;
    cleaned = true;
    server?.stopSync();
    if (!keepTemp) rmSync(browserTmp, { recursive: true, force: true, maxRetries: 3 });
  };
  const onSignal = (sig) => {
    say(`${sig}: stopping`);
    cleanupSync();
    process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', cleanupSync);
  // The test runner that started us (test-electron in runIntegration) was killed without passing it on: stop too.
  const originalPpid = process.ppid;
  setInterval(() => {
    if (!parentGone(originalPpid)) return;
    say('the parent process is gone: stopping');
    cleanupSync();
    process.exit(1);
  }, 1000).unref();

  let code = 1;
  try {
    server = await startCodeServer({ env: process.env, keepTemp, cleanupDirs: [browserTmp] });
    say(`code-server up at ${server.url} (${secs()})`);

    const profileDir = join(browserTmp, 'profile');
    const xdg = {
      XDG_CONFIG_HOME: join(browserTmp, 'xdg-config'),
      XDG_CACHE_HOME: join(browserTmp, 'xdg-cache'),
      TMPDIR: join(browserTmp, 'tmp'),
    };
    for (const d of [profileDir, ...Object.values(xdg)]) mkdirSync(d, { recursive: true });
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: chromiumPath(),
      headless: true,
      viewport: { width: 1400, height: 900 },
      args: CHROMIUM_ARGS,
      env: { ...process.env, ...xdg },
    });
    const page = context.pages()[0] ?? (await context.newPage());

    let settle;
    const result = new Promise((r) => (settle = r));
    const rendererProfile = await rendererProfiler(context, page);
    await page.exposeFunction('codeAutomationLog', (type, logArgs) => {
      const line = format(...(Array.isArray(logArgs) ? logArgs : [logArgs]));
      rendererProfile?.(line);
      if (!verbose && WORKBENCH_NOISE.test(line)) return;
      if (MOCHA_SUMMARY.test(line)) sawMochaSummary = true;
      (type === 'error' || type === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
    });
    await page.exposeFunction('codeAutomationExit', async (exitCode, logs) => {
      if (exitCode !== 0 && Array.isArray(logs) && logs.length > 0) {
        const dir = join(REPO_ROOT, 'test-results', 'vscode-logs', 'workbench');
        rmSync(dir, { recursive: true, force: true });
        for (const { relativePath, contents } of logs) {
          if (typeof relativePath !== 'string' || relativePath.includes('..')) continue;
          const file = join(dir, relativePath);
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, contents ?? '');
        }
        say(`workbench logs written to ${dir}`);
      }
      settle({ code: Number(exitCode) || 0 });
    });
    page.on('console', (msg) => {
      const text = msg.text();
      if (text.startsWith('[Extension Host]')) return; // already printed via codeAutomationLog
      const line = `[browser ${msg.type()}] ${text}`;
      if (verbose) process.stderr.write(`${line}\n`);
      if (msg.type() === 'error' || msg.type() === 'warning') {
        consoleTail.push(line.slice(0, 500));
        if (consoleTail.length > 30) consoleTail.shift();
      }
    });
    page.on('pageerror', (err) => consoleTail.push(`[pageerror] ${err.message}`));
    page.on('crash', () => settle({ code: 1, reason: 'the browser page crashed' }));
    context.on('close', () => settle({ code: 1, reason: 'the browser closed unexpectedly' }));

    const payload = [
      ['extensionDevelopmentPath', server.remoteUri(developmentFolder(args.devPaths, browserTmp))],
      ['extensionTestsPath', server.remoteUri(args.testsPath)],
      ['skipWelcome', 'true'],
    ];
    const query = new URLSearchParams();
    if (args.folder) query.set('folder', args.folder);
    query.set('payload', JSON.stringify(payload));
    await page.goto(`${server.url}/?${query}`);
    say(`workbench opened (${secs()}); running ${args.testsPath}`);

    const timer = setTimeout(
      () => settle({ code: 1, reason: `timed out after ${timeoutMs / 1000} s (INITIA_TEST_TIMEOUT_MS)` }),
      Math.max(0, deadline - Date.now()),
    );
    const outcome = await result;
    clearTimeout(timer);
    code = outcome.code;
    if (outcome.reason) say(`FAILED: ${outcome.reason}`);
    say(`tests finished with exit code ${code} (${secs()})`);
  } catch (e) {
    say(`FAILED: ${e?.stack ?? e}`);
    code = 1;
  }

  try {
    await Promise.race([context?.close(), new Promise((r) => setTimeout(r, 5000))]);
  } catch {
    /* browser already gone */
  }
  if (code !== 0 && server) {
    // Stop first so the logs are flushed, keep a copy in test-results/, then print the interesting tails, unless
    // mocha already said which tests failed and why (then the logs are only a path away).
    const saved = join(REPO_ROOT, 'test-results', 'vscode-logs', 'server');
    await server.stop({ saveLogsTo: saved });
    if (sawMochaSummary && !verbose) {
      say(`VS Code logs: ${saved}`);
      cleanupSync();
      return code;
    }
    const ext = findFiles(saved, /exthost\d*[/\\]remoteexthost\.log$/)
      .map((f) => `--- ${f}\n${tail(f, 60)}`)
      .join('\n');
    say(`--- extension host log (tail) ---\n${ext || '(no remoteexthost.log found)'}`);
    say(`--- code-server log (tail) ---\n${tail(join(saved, 'code-server.log'), 20)}`);
    if (consoleTail.length) say(`--- browser console errors/warnings (tail) ---\n${consoleTail.join('\n')}`);
    say(`full logs: ${saved}`);
  }
  await server?.stop();
  cleanupSync();
  return code;
}

/**
 * INITIA_BENCH_RENDERER_PROFILE=<folder> (a diagnosis): CPU profiles of the workbench's page between the extension
 * host's log lines `[bench-renderer-profile] start <name>` and `… stop <name>` (the host waits a moment after start).
 */
async function rendererProfiler(context, page) {
  const dir = process.env.INITIA_BENCH_RENDERER_PROFILE;
  if (!dir) return undefined;
  mkdirSync(dir, { recursive: true });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  return (line) => {
    const m = /\[bench-renderer-profile\] (start|stop) ([\w.-]+)/.exec(line);
    if (!m) return;
    if (m[1] === 'start') void cdp.send('Profiler.start');
    else
      void cdp
        .send('Profiler.stop')
        .then(({ profile }) => writeFileSync(join(dir, `${m[2]}.cpuprofile`), JSON.stringify(profile)));
  };
}

main().then(
  (code) => process.exit(code),
  (e) => {
    say(`FAILED: ${e?.stack ?? e}`);
    process.exit(1);
  },
);
