// What `npm start` opens its editor with (its settings, the demo opener, its URL), shared with the e2e test of that
// editor (test/e2e/demo.e2e.ts). Node built-ins only.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The demo editor's own user settings, beside the demo network. `window.restoreWindows: preserve`: desktop VS Code is
 * opened with TRY-ME.md to open, and a workbench opened with a file to open restores no other editor unless told to
 * preserve them: without it, Reload Window would drop every result tab.
 */
export const DEMO_EDITOR_SETTINGS = {
  'workbench.startupEditor': 'none',
  'window.restoreWindows': 'preserve',
};

/**
 * The user settings `npm start` gives its editor (a workspace cannot choose endpoints): `network` active (the built-in
 * Local demo, or a profile of the demo's indexer on other ports or with anvil's JSON-RPC), the demo's denoms and its
 * registry, and always the demo's Move rollup, "Local Move demo", beside it (its indexer and its node's Move REST).
 * `demo` is what scripts/demo.mjs's startDemo() answers.
 */
export function demoUserSettings({ indexer, router, registry, move, evm }, network) {
  const networks = [move.profile];
  if (network !== 'Local demo') {
    networks.unshift({
      name: network,
      chainId: indexer.data.chainId,
      indexerUrl: indexer.url,
      routerUrl: router.url,
      vm: 'minievm',
      ...(evm ? { jsonRpcUrl: evm.url } : {}),
    });
  }
  return {
    'initia.activeNetwork': network,
    'initia.networks': networks,
    // The demo's denoms belong to the demo network: switched to Mainnet, the Rich List does not ask Mainnet for GAS.
    'initia.richList.denoms': {
      [network]: indexer.data.denoms.slice(0, 2),
      [move.profile.name]: move.indexer.data.denoms.slice(0, 2),
    },
    // The registry the demo's user chose: it confirms the bridge's anchors (OP bridge id, IBC channels, decimals).
    'initia.registry.urls': [registry.mainnetUrl],
    ...DEMO_EDITOR_SETTINGS,
  };
}

/**
 * Packs the demo-only extension that opens TRY-ME.md on the demo's first start (scripts/demo-opener) into `out`, for
 * code-server: a URL that opened the file (`payload=openFile`) opened it again, and made it the active tab, at every
 * Reload Window (the browser reloads that same URL).
 */
export function packDemoOpener(repoRoot, out) {
  const r = spawnSync(
    process.execPath,
    [
      join(repoRoot, 'node_modules/@vscode/vsce/vsce'),
      'package',
      '--no-dependencies',
      '--allow-missing-repository',
      '--skip-license',
      '--out',
      out,
    ],
    { cwd: join(repoRoot, 'scripts', 'demo-opener'), encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`packaging the demo opener failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  return out;
}

/** The URL `npm start` prints for code-server: the demo folder (TRY-ME.md is opened by the demo opener, once). */
export function demoUrl(serverUrl, workspace) {
  return `${serverUrl}/?folder=${encodeURIComponent(workspace)}`;
}
