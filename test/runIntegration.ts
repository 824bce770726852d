// Runs the integration suites (out/test/integration/**/*.test.js) inside a real VS Code extension host.
//
// Default: VS Code 1.139.1 as code-server + headless Chromium, through scripts/vscode-launcher.mjs handed to
// @vscode/test-electron as the "VS Code executable" (works offline; installs code-server on first use into .vscode-test/).
// INITIA_VSCODE=desktop: let @vscode/test-electron download and run desktop VS Code instead (needs internet and, on
// a headless Linux box, a display such as `xvfb-run -a`); INITIA_VSCODE_VERSION picks the version (default: stable).
//
// Usage: npx tsc -p . && node esbuild.mjs && node out/test/runIntegration.js
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';

async function main(): Promise<number> {
  const root = path.resolve(__dirname, '..', '..');
  const extensionDevelopmentPath = root;
  const extensionTestsPath = path.join(root, 'out', 'test', 'integration', 'index.js');
  // A copy of test/workspace, so that tests may write its .vscode/settings.json (as a cloned repository would).
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'initia-workspace-'));
  fs.cpSync(path.join(root, 'test', 'workspace'), workspace, { recursive: true });
  // A Solidity project's build output (Foundry out/, Hardhat artifacts/, a plain .abi.json) for the ABI index's tests.
  fs.cpSync(path.join(root, 'test', 'fixtures', 'workspace-abi'), path.join(workspace, 'solidity'), {
    recursive: true,
  });
  // A Move package (Move.toml's named address, sources/vault.move) whose constants name the Move tests' aborts.
  fs.cpSync(path.join(root, 'test', 'fixtures', 'move', 'workspace'), path.join(workspace, 'move'), {
    recursive: true,
  });
  // A CosmWasm contract's cosmwasm-schema JSON and the optimizer's checksums.txt, tying it to the fake chain's code 7.
  fs.cpSync(path.join(root, 'test', 'fixtures', 'wasm', 'workspace'), path.join(workspace, 'wasm'), {
    recursive: true,
  });
  const desktop = process.env.INITIA_VSCODE === 'desktop';

  const vscode = desktop
    ? { version: process.env.INITIA_VSCODE_VERSION ?? 'stable' }
    : { vscodeExecutablePath: path.join(root, 'scripts', 'vscode-launcher.mjs') };
  try {
    await runTests({
      extensionDevelopmentPath,
      extensionTestsPath,
      launchArgs: [workspace, '--disable-extensions'],
      // The test CA of test/fixtures/tls/ is trusted the way a company's CA often is: through NODE_EXTRA_CA_CERTS.
      // INITIA_TEST_HOOKS: the test-only entry the extension reports to in Test mode (test/support/hooks.ts).
      extensionTestsEnv: {
        NODE_EXTRA_CA_CERTS: path.join(root, 'test', 'fixtures', 'tls', 'ca.pem'),
        INITIA_TEST_HOOKS: path.join(root, 'out', 'test', 'support', 'hooks.js'),
      },
      ...vscode,
    });
    return 0;
  } catch (err) {
    console.error(`Integration tests failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

// test-electron passes Ctrl+C (SIGINT) on to VS Code / the launcher, which then stops code-server and Chromium;
// treat SIGTERM (from `npm test`'s runner, a CI timeout) the same way instead of dying and orphaning them.
process.on('SIGTERM', () => {
  if (process.listenerCount('SIGINT') > 0) process.emit('SIGINT', 'SIGINT');
  else process.exit(143);
});

main().then((code) => process.exit(code));
