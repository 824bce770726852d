// The offline demo backend: the fake indexer (real HTTP, generated chain data) on the Local demo profile's port, the
// fake router, the demo's chain registry (the bridge's trust anchors), a Move rollup (its own fake indexer with
// failing Move transactions, and a fake node's Move REST: module ABIs, views, resources), and, when Foundry's anvil is
// installed (the devDependencies), a real EVM node on the profile's JSON-RPC port with the test project
// (test/fixtures/evm/) deployed and a few failing transactions to explain.
//   npm run demo            starts them on 127.0.0.1:7717 (indexer) / :7718 (router) / :7719 (anvil) / :7720
//                           (registry) / :7721 (Move indexer) / :7722 (Move REST) and waits (Ctrl+C to stop)
//   INITIA_DEMO_PORT=N      another port (then point a network profile at it)
// startDemo() is also used by `npm start`.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './vscode-server.mjs';
import { build } from './build.mjs';

export const DEMO_INDEXER_PORT = 7717;
export const DEMO_ROUTER_PORT = 7718;
export const DEMO_RPC_PORT = 7719;
/** The demo's chain registry: the bridge's trust anchors (the rollup's OP bridge id, IBC channels, asset lists). */
export const DEMO_REGISTRY_PORT = 7720;
/** The demo's Move rollup ("Local Move demo", chain demo-move-1): its indexer and its node's REST (the Move routes). */
export const DEMO_MOVE_INDEXER_PORT = 7721;
export const DEMO_MOVE_REST_PORT = 7722;
/** The network `npm start` makes active when anvil runs: the Local demo (by its chain id) with anvil's JSON-RPC. */
export const DEMO_EVM_NETWORK = 'Local demo + anvil';
/** The demo chain grows by one block a second, so Follow New Blocks and the status bar have something to show. */
const DEMO_BLOCK_MS = 1000;

export async function startDemo({
  indexerPort = Number(process.env.INITIA_DEMO_PORT) || DEMO_INDEXER_PORT,
  routerPort = DEMO_ROUTER_PORT,
} = {}) {
  const require = createRequire(import.meta.url);
  const fixture = (name) => require(join(REPO_ROOT, `out/test/fixtures/${name}.js`));
  const { startFakeIndexer } = fixture('fakeIndexer');
  const { startFakeRouter } = fixture('fakeRouter');
  const { startFakeRegistry } = fixture('fakeRegistry');
  const live = { tickMs: DEMO_BLOCK_MS, endsAt: Date.now(), hostile: false };
  const indexer = await onPortOrFree('indexer', indexerPort, (port) =>
    startFakeIndexer({ port, host: '127.0.0.1', ...live }),
  );
  const router = await onPortOrFree('router', routerPort, (port) =>
    startFakeRouter({ port, host: '127.0.0.1', timeScale: 0.5, hostile: false }),
  );
  const registry = await onPortOrFree('registry', DEMO_REGISTRY_PORT, (port) =>
    startFakeRegistry({ port, bridge: true }),
  );
  const move = await startMoveRollup(fixture, live);
  const evm = await startDemoChain(require, indexer);
  return {
    indexer,
    router,
    registry,
    move,
    evm,
    async close() {
      await indexer.close();
      await router.close();
      await registry.close();
      await move.indexer.close();
      await move.node.close();
      await evm?.stop();
    },
  };
}

/** Starts a server on its fixed port, or on a free one when that port is busy (and says so). */
async function onPortOrFree(what, port, start) {
  try {
    return await start(port);
  } catch (err) {
    if (err?.code !== 'EADDRINUSE') throw err;
    console.warn(`[demo] port ${port} is busy; using a free port for the ${what} instead`);
    return start(undefined);
  }
}

/** The Move rollup (test/fixtures/moveRollup.ts): its indexer serving the Move transactions, its node's Move REST. */
async function startMoveRollup(fixture, live) {
  const { startMoveIndexer, startMoveNode, moveProfile } = fixture('moveRollup');
  const indexer = await onPortOrFree('Move indexer', DEMO_MOVE_INDEXER_PORT, (port) =>
    startMoveIndexer({ port, host: '127.0.0.1', ...live }),
  );
  const node = await onPortOrFree('Move REST', DEMO_MOVE_REST_PORT, (port) => startMoveNode(indexer, port));
  return { indexer, node, profile: moveProfile(indexer.url, node.url), txs: fixture('moveData').MOVE_TXS };
}

/** anvil with the test project deployed, its transactions served by the fake indexer; undefined when anvil (or forge)
 *  is not installed or does not start. */
async function startDemoChain(require, indexer) {
  const { evmToolsAvailable } = require(join(REPO_ROOT, 'out/test/fixtures/evmProject.js'));
  if (!evmToolsAvailable()) {
    console.warn('[demo] anvil is not installed (npm ci installs it): no EVM node, Explain shows what the indexer has');
    return undefined;
  }
  const { startEvmChain } = require(join(REPO_ROOT, 'out/test/fixtures/evmChain.js'));
  let chain;
  try {
    chain = await startEvmChain({ port: DEMO_RPC_PORT });
  } catch (err) {
    console.warn(
      `[demo] anvil did not start on port ${DEMO_RPC_PORT} (${String(err).split('\n')[0]}); trying a free port`,
    );
    try {
      chain = await startEvmChain();
    } catch (again) {
      console.warn(`[demo] no EVM node: ${String(again).split('\n')[0]}`);
      return undefined;
    }
  }
  await chain.serveTo(indexer);
  return chain;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  build();
  const demo = await startDemo();
  console.log(
    `[demo] fake indexer for ${demo.indexer.data.chainId}: ${demo.indexer.url} (latest height ${demo.indexer.data.latestHeight})`,
  );
  console.log(`[demo] fake router: ${demo.router.url} (transfers run at twice the estimated speed)`);
  console.log(
    `[demo] registry: ${demo.registry.mainnetUrl} (for the bridge's checks, add it to your user setting initia.registry.urls)`,
  );
  if (demo.evm) {
    console.log(
      `[demo] anvil: ${demo.evm.url}; the Foundry project (sources, out/, broadcast/): ${demo.evm.project.dir} and ${demo.evm.broadcastDir}`,
    );
    console.log(
      `[demo] for its call traces, add to your user initia.networks: ${JSON.stringify({ name: DEMO_EVM_NETWORK, chainId: demo.indexer.data.chainId, jsonRpcUrl: demo.evm.url })}`,
    );
    console.log(`[demo] a transaction that reverts two calls deep with a custom error: ${demo.evm.txs.deep}`);
  }
  const { move } = demo;
  console.log(
    `[demo] Move rollup ${move.indexer.data.chainId}: indexer ${move.indexer.url}, REST ${move.node.url} (module 0xcafe::vault)`,
  );
  console.log(`[demo] for it, add to your user initia.networks: ${JSON.stringify(move.profile)}`);
  console.log(`[demo] a Move transaction that aborts (EINSUFFICIENT_FUNDS): ${move.txs.vaultAbort}`);
  console.log('[demo] select the "Local demo" network in VS Code (Initia: Select Network…). Ctrl+C stops.');
  const stop = async () => {
    await demo.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
