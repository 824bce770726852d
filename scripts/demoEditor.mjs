// What `npm start` opens its editor with, shared with the e2e test that reloads that editor (test/e2e/demo.e2e.ts).
// Node built-ins only.

/**
 * The demo editor's own user settings, beside the demo network. `window.restoreWindows: preserve`: the URL opens
 * TRY-ME.md (`payload=openFile`), and a workbench opened with a file to open restores no other editor unless told to
 * preserve them: without it, Reload Window would drop every result tab.
 */
export const DEMO_EDITOR_SETTINGS = {
  'workbench.startupEditor': 'none',
  'window.restoreWindows': 'preserve',
};

/** The workbench URL's payload: open TRY-ME.md (its address on the server). */
export function demoPayload(tryMeRemoteUri) {
  return [['openFile', tryMeRemoteUri]];
}

/** The URL `npm start` prints for code-server: the demo folder, with TRY-ME.md open. */
export function demoUrl(serverUrl, workspace, tryMeRemoteUri) {
  return `${serverUrl}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(demoPayload(tryMeRemoteUri)))}`;
}
