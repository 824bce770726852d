// `npm start`: build, start the offline demo backend, and open the extension in a real VS Code with the
// "Local demo" network selected: desktop VS Code (`code` on PATH) when present, otherwise code-server on 127.0.0.1
// (installed on first use) whose URL is printed. Ctrl+C stops everything.
//   INITIA_USE_CODE_SERVER=1   use code-server even when `code` is available
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_DIR, REPO_ROOT, startCodeServer } from './vscode-server.mjs';
import { build } from './build.mjs';
import { startDemo, DEMO_INDEXER_PORT, DEMO_ROUTER_PORT } from './demo.mjs';

build();
const demo = await startDemo();
const { indexer } = demo;

const workspace = join(CACHE_DIR, 'demo-workspace');
mkdirSync(join(workspace, '.vscode'), { recursive: true });
const settings = { 'initia.activeNetwork': 'Local demo', 'initia.richList.denoms': indexer.data.denoms.slice(0, 2) };
if (indexer.port !== DEMO_INDEXER_PORT || demo.router.port !== DEMO_ROUTER_PORT) {
  settings['initia.networks'] = [{ name: 'Local demo', chainId: indexer.data.chainId, indexerUrl: indexer.url, routerUrl: demo.router.url }];
}
writeFileSync(join(workspace, '.vscode', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
const sample = indexer.data.sampleValues ? indexer.data.sampleValues() : undefined;
writeFileSync(
  join(workspace, 'TRY-ME.md'),
  [
    '# Initia Explorer demo',
    '',
    `The "Local demo" network is a fake indexer at ${indexer.url} with generated data (chain ${indexer.data.chainId}).`,
    'Open the command palette and run **Initia: Look Up…**, then paste one of these:',
    '',
    ...(sample ? Object.entries(sample).map(([k, v]) => `- ${k}: \`${v}\``) : []),
    '',
    `The bridge (**Initia: Open Bridge**) talks to a fake router at ${demo.router.url}: try interwoven-1 / uinit → osmosis-1 / uosmo,`,
    'amount 1000000; any 64-hex hash can be tracked (one ending in c or d fails, one ending in e is abandoned).',
    '',
  ].join('\n'),
);

const useDesktop = !process.env.INITIA_USE_CODE_SERVER && spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0;
let stopEditor = async () => {};
if (useDesktop) {
  spawn('code', ['--new-window', `--extensionDevelopmentPath=${REPO_ROOT}`, workspace], { stdio: 'inherit' });
  console.log('[start] opened desktop VS Code with the extension under development.');
} else {
  const server = await startCodeServer({});
  const payload = [
    ['extensionDevelopmentPath', server.remoteUri(REPO_ROOT)],
    ['skipWelcome', 'true'],
  ];
  const url = `${server.url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  console.log(`[start] code-server is running. Open this URL in a browser:\n\n  ${url}\n`);
  stopEditor = () => server.stop();
}
console.log(`[start] demo indexer: ${indexer.url}. Ctrl+C stops.`);
const stop = async () => {
  await stopEditor();
  await demo.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
