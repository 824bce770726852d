// Placeholder smoke suite: the harness works and our extension is known to the extension host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const EXTENSION_ID = 'initia-explorer.initia-explorer';

describe('smoke', () => {
  it('runs in a real VS Code extension host with the extension under development', () => {
    console.log(
      `    vscode.version=${vscode.version} node=${process.versions.node} uiKind=${vscode.env.uiKind} remoteName=${vscode.env.remoteName ?? '-'}`,
    );
    const ext = vscode.extensions.all.find((e) => e.id === EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} not in vscode.extensions.all`);
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID)?.id, EXTENSION_ID);
  });
});
