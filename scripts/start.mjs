// `npm start`: build, start the offline demo backend, and open the extension in a real VS Code with the "Local demo"
// network selected and TRY-ME.md open: desktop VS Code (`code` on PATH) when present, with a throwaway profile,
// otherwise code-server on 127.0.0.1 (installed on first use) whose URL is printed. Ctrl+C stops everything.
//   INITIA_USE_CODE_SERVER=1   use code-server even when `code` is available
//
// The demo's network goes into the throwaway user settings of the editor it starts (a workspace cannot choose
// endpoints). code-server gets the freshly packaged .vsix installed as a user would have it, without the test
// driver (which hides notifications), on the same port as last time when that port is free.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CACHE_DIR, REPO_ROOT, portIsFree, startCodeServer } from './vscode-server.mjs';
import { build } from './build.mjs';
import { startDemo, DEMO_EVM_NETWORK, DEMO_INDEXER_PORT, DEMO_ROUTER_PORT } from './demo.mjs';

const started = Date.now();
const step = (what) => console.log(`[start] ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

step('building: TypeScript, the bundles');
build({ production: true });
step('packaging the extension (.vsix)');
const vsix = join(CACHE_DIR, 'initia-explorer-demo.vsix');
mkdirSync(CACHE_DIR, { recursive: true });
const pack = spawnSync(process.execPath, ['node_modules/@vscode/vsce/vsce', 'package', '--no-dependencies', '--no-rewrite-relative-links', '--out', vsix], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
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
  createRequire(import.meta.url)(join(REPO_ROOT, 'out/test/fixtures/evmProject.js')).copyEvmProject(evm.project, folder);
  cpSync(evm.broadcastDir, join(folder, 'broadcast'), { recursive: true });
}
const settings = {
  'initia.activeNetwork': network,
  // The demo's denoms belong to the demo network: switched to Mainnet, the Rich List does not ask Mainnet for GAS.
  'initia.richList.denoms': { [network]: indexer.data.denoms.slice(0, 2) },
  'workbench.startupEditor': 'none',
};
if (network !== 'Local demo') {
  settings['initia.networks'] = [{ name: network, chainId: indexer.data.chainId, indexerUrl: indexer.url, routerUrl: demo.router.url, vm: 'minievm', ...(evm ? { jsonRpcUrl: evm.url } : {}) }];
}
const sample = indexer.data.sampleValues ? indexer.data.sampleValues() : undefined;
const tryMe = join(workspace, 'TRY-ME.md');
writeFileSync(
  tryMe,
  [
    '# Initia Explorer demo',
    '',
    `The "${network}" network is a fake indexer at ${indexer.url} with generated data (chain ${indexer.data.chainId}).`,
    'Open the command palette and run **Initia: Look Up…**, then paste one of these:',
    '',
    ...(sample ? Object.entries(sample).map(([k, v]) => `- ${k}: \`${v}\``) : []),
    '',
    `The bridge (**Initia: Open Bridge**) talks to a fake router at ${demo.router.url}:`,
    '',
    '- Initia / INIT → Osmosis / OSMO, amount 0.5: IBC and a swap (1 INIT or more meets the router\'s bad-price warning);',
    '- Osmosis / OSMO → Demo rollup / INIT: needs an **OP hook** (get it, "sign" it: any base64 will do here);',
    '- Demo rollup / INIT → Initia / INIT: choose **Fast** or **Lossless (OP bridge)**, which takes days.',
    '',
    'Give any init1… address as yours to see (made-up) balances and **Max**.',
    '',
    'Any 64-hex hash can be tracked (one ending in c or d fails, one ending in e is abandoned).',
    '',
    ...(evm
      ? [
          '## Why did this EVM transaction fail?',
          '',
          `A real EVM node (anvil) runs at ${evm.url} with the contracts of \`evm/\` deployed (built by forge: \`evm/out/\`,`,
          'deployed by `forge script`: `evm/broadcast/`). Run **Initia: Explain Transaction…** and paste:',
          '',
          `- \`${evm.txs.deep}\`: a withdrawal through the Router that reverts two calls deep with a custom error: the call`,
          '  tree named from the workspace, `InsufficientBalance(available: 0, required: 5)` first, **Open src/Vault.sol:N**;',
          `- \`${evm.txs.require}\`: \`require(amount > 0, "amount is zero")\`;`,
          `- \`${evm.txs.panic}\`: a division by zero (Panic 0x12);`,
          `- \`${evm.txs.deposit}\`: a deposit that succeeds.`,
          '',
          `**Call Contract…** on a frame (or **Initia: Call Contract…** with the Vault \`${evm.addresses.vault}\`) reads`,
          '`stats(address)` or `balanceOf(address)`: nothing is sent. Hover one of those hashes for the revert in a line.',
          '',
        ]
      : ['(anvil is not installed, so the demo has no EVM node: run `npm ci` to get the devDependencies.)', '']),
  ].join('\n'),
);

const useDesktop = !process.env.INITIA_USE_CODE_SERVER && spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0;
let stopEditor = async () => {};
if (useDesktop) {
  // A throwaway profile: its user settings hold the demo network; your own VS Code settings are not touched.
  const userData = join(CACHE_DIR, 'demo-user-data');
  mkdirSync(join(userData, 'User'), { recursive: true });
  writeFileSync(join(userData, 'User', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
  spawn('code', ['--new-window', `--user-data-dir=${userData}`, `--extensionDevelopmentPath=${REPO_ROOT}`, workspace, tryMe], { stdio: 'inherit' });
  step('opened desktop VS Code (a throwaway profile) with the extension under development');
} else {
  const portFile = join(CACHE_DIR, 'start-port.json');
  const last = existsSync(portFile) ? Number(JSON.parse(readFileSync(portFile, 'utf8')).port) : undefined;
  const port = last && (await portIsFree(last)) ? last : undefined;
  step('starting code-server');
  const server = await startCodeServer({ settings, vsix: [vsix], smokeTestDriver: false, port });
  writeFileSync(portFile, JSON.stringify({ port: server.port }));
  const payload = [['openFile', server.remoteUri(tryMe)]];
  const url = `${server.url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  step('code-server is running');
  console.log(`\n  Open this URL in a browser:\n\n  ${url}\n`);
  stopEditor = () => server.stop();
}
console.log(`[start] demo indexer ${indexer.url}, router ${demo.router.url}${evm ? `, anvil ${evm.url}` : ''}. Ctrl+C stops.`);
const stop = async () => {
  await stopEditor();
  await demo.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
