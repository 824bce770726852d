// `npm start`: build, start the offline demo backend, and open the extension in a real VS Code with the "Local demo"
// network selected and TRY-ME.md open (on the first start only: Reload Window keeps the tab the user was on): desktop
// VS Code (`code` on PATH) when present, with a throwaway profile, otherwise code-server on 127.0.0.1 (installed on
// first use) whose URL is printed. Ctrl+C stops everything.
//   INITIA_USE_CODE_SERVER=1   use code-server even when `code` is available
//
// The demo's network goes into the throwaway user settings of the editor it starts (a workspace cannot choose
// endpoints), with the demo's Move rollup beside it, "Local Move demo" (its Move package copied as move/).
// code-server gets the freshly packaged .vsix installed as a user would have it, without the test driver (which hides
// notifications), on the same port as last time when that port is free.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CACHE_DIR, REPO_ROOT, portIsFree, startCodeServer } from './vscode-server.mjs';
import { build } from './build.mjs';
import { startDemo, DEMO_EVM_NETWORK, DEMO_INDEXER_PORT, DEMO_ROUTER_PORT } from './demo.mjs';
import { demoUrl, demoUserSettings, packDemoOpener } from './demoEditor.mjs';

const started = Date.now();
const step = (what) => console.log(`[start] ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

step('building: TypeScript, the bundles');
build({ production: true });
step('packaging the extension (.vsix)');
const vsix = join(CACHE_DIR, 'initia-explorer-demo.vsix');
mkdirSync(CACHE_DIR, { recursive: true });
const pack = spawnSync(
  process.execPath,
  ['node_modules/@vscode/vsce/vsce', 'package', '--no-dependencies', '--no-rewrite-relative-links', '--out', vsix],
  { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
);
if (pack.status !== 0) throw new Error(`packaging failed (exit ${pack.status})`);
step('starting the demo backend');
const demo = await startDemo();
const { indexer } = demo;

const workspace = join(CACHE_DIR, 'demo-workspace');
mkdirSync(workspace, { recursive: true });
const evm = demo.evm;
const ownPorts = indexer.port === DEMO_INDEXER_PORT && demo.router.port === DEMO_ROUTER_PORT;
// With anvil: "Local demo + anvil", the Local demo (its chain id names it) with anvil's JSON-RPC.
const network = evm ? DEMO_EVM_NETWORK : ownPorts ? 'Local demo' : 'Demo (other ports)';
// The EVM project the node runs, as a developer's checkout holds it: sources, forge's out/ and its broadcast.
if (evm) {
  const folder = join(workspace, 'evm');
  rmSync(folder, { recursive: true, force: true });
  createRequire(import.meta.url)(join(REPO_ROOT, 'out/test/fixtures/evmProject.js')).copyEvmProject(
    evm.project,
    folder,
  );
  cpSync(evm.broadcastDir, join(folder, 'broadcast'), { recursive: true });
}
// The Move package whose abort the Move rollup's failing transaction raises (Move.toml: vault = 0xcafe).
const moveFolder = join(workspace, 'move');
rmSync(moveFolder, { recursive: true, force: true });
cpSync(join(REPO_ROOT, 'test', 'fixtures', 'move', 'workspace'), moveFolder, { recursive: true });
const { move } = demo;
const settings = demoUserSettings(demo, network);
const tryMe = join(workspace, 'TRY-ME.md');
// The page's text is test/fixtures/tryMe.ts's, whose every Look Up value an integration test pastes.
const { tryMeMarkdown } = createRequire(import.meta.url)(join(REPO_ROOT, 'out/test/fixtures/tryMe.js'));
writeFileSync(
  tryMe,
  tryMeMarkdown({
    data: indexer.data,
    indexerUrl: indexer.url,
    routerUrl: demo.router.url,
    network,
    evm: evm ?? null,
    move: move.profile,
  }),
);

const useDesktop =
  !process.env.INITIA_USE_CODE_SERVER && spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0;
let stopEditor = async () => {};
if (useDesktop) {
  // A throwaway profile: its user settings hold the demo network; your own VS Code settings are not touched.
  const userData = join(CACHE_DIR, 'demo-user-data');
  mkdirSync(join(userData, 'User'), { recursive: true });
  writeFileSync(join(userData, 'User', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
  spawn(
    'code',
    ['--new-window', `--user-data-dir=${userData}`, `--extensionDevelopmentPath=${REPO_ROOT}`, workspace, tryMe],
    { stdio: 'inherit' },
  );
  step('opened desktop VS Code (a throwaway profile) with the extension under development');
} else {
  const portFile = join(CACHE_DIR, 'start-port.json');
  const last = existsSync(portFile) ? Number(JSON.parse(readFileSync(portFile, 'utf8')).port) : undefined;
  const port = last && (await portIsFree(last)) ? last : undefined;
  step('starting code-server');
  // TRY-ME.md is opened by a demo-only extension on the demo's first start, not by the URL (which every Reload Window
  // loads again, making TRY-ME.md the active tab each time).
  const opener = packDemoOpener(REPO_ROOT, join(CACHE_DIR, 'initia-demo-opener.vsix'));
  const server = await startCodeServer({ settings, vsix: [vsix, opener], smokeTestDriver: false, port });
  writeFileSync(portFile, JSON.stringify({ port: server.port }));
  const url = demoUrl(server.url, workspace);
  step('code-server is running');
  console.log(`\n  Open this URL in a browser:\n\n  ${url}\n`);
  stopEditor = () => server.stop();
}
console.log(`[start] demo indexer ${indexer.url}, router ${demo.router.url}${evm ? `, anvil ${evm.url}` : ''}.`);
console.log(`[start] "${move.profile.name}": indexer ${move.indexer.url}, Move REST ${move.node.url}. Ctrl+C stops.`);
const stop = async () => {
  await stopEditor();
  await demo.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
