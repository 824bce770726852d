// The offline demo backend: the fake indexer (real HTTP, generated chain data) on the Local demo profile's port.
//   npm run demo            starts it on 127.0.0.1:7717 and waits (Ctrl+C to stop)
//   INITIA_DEMO_PORT=N      another port (then point a network profile at it)
// startDemo() is also used by `npm start`.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './vscode-server.mjs';
import { build } from './build.mjs';

export const DEMO_INDEXER_PORT = 7717;
export const DEMO_ROUTER_PORT = 7718;
/** The demo chain grows by one block a second, so Follow New Blocks and the status bar have something to show. */
const DEMO_BLOCK_MS = 1000;

export async function startDemo({ indexerPort = Number(process.env.INITIA_DEMO_PORT) || DEMO_INDEXER_PORT, routerPort = DEMO_ROUTER_PORT } = {}) {
  const require = createRequire(import.meta.url);
  const { startFakeIndexer } = require(join(REPO_ROOT, 'out/test/fixtures/fakeIndexer.js'));
  const { startFakeRouter } = require(join(REPO_ROOT, 'out/test/fixtures/fakeRouter.js'));
  let indexer;
  try {
    indexer = await startFakeIndexer({ port: indexerPort, host: '127.0.0.1', tickMs: DEMO_BLOCK_MS, endsAt: Date.now(), hostile: false });
  } catch (err) {
    if (err?.code !== 'EADDRINUSE') throw err;
    console.warn(`[demo] port ${indexerPort} is busy; using a free port instead`);
    indexer = await startFakeIndexer({ host: '127.0.0.1', tickMs: DEMO_BLOCK_MS, endsAt: Date.now(), hostile: false });
  }
  let router;
  try {
    router = await startFakeRouter({ port: routerPort, host: '127.0.0.1', timeScale: 0.5, hostile: false });
  } catch (err) {
    if (err?.code !== 'EADDRINUSE') throw err;
    console.warn(`[demo] port ${routerPort} is busy; using a free port for the router instead`);
    router = await startFakeRouter({ host: '127.0.0.1', timeScale: 0.5, hostile: false });
  }
  return {
    indexer,
    router,
    async close() {
      await indexer.close();
      await router.close();
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  build();
  const demo = await startDemo();
  console.log(`[demo] fake indexer for ${demo.indexer.data.chainId}: ${demo.indexer.url} (latest height ${demo.indexer.data.latestHeight})`);
  console.log(`[demo] fake router: ${demo.router.url} (transfers run at twice the estimated speed)`);
  console.log('[demo] select the "Local demo" network in VS Code (Initia: Select Network…). Ctrl+C stops.');
  const stop = async () => {
    await demo.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
