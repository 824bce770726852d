// Demo only (`npm start`, code-server): opens the demo workspace's TRY-ME.md once per demo, on the first start of the
// window, and never again on a window load (Reload Window keeps the tab the user was on). A URL that opens the file
// (`payload=openFile`) opens it again, and makes it the active tab, at every load: the browser reloads that same URL.
// "Once per demo": the file's modification time, which `npm start` changes when it writes the page, is remembered in
// the workspace's state.
// An extension's entry is CommonJS, and `vscode` exists only as the host's module.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const vscode = require('vscode');

const OPENED = 'tryMeOpenedAt';

exports.activate = async (context) => {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) return;
  const file = vscode.Uri.joinPath(folder.uri, 'TRY-ME.md');
  const stat = await vscode.workspace.fs.stat(file).then(
    (s) => s,
    () => undefined,
  );
  if (!stat || context.workspaceState.get(OPENED) === stat.mtime) return;
  await context.workspaceState.update(OPENED, stat.mtime);
  await vscode.window.showTextDocument(file, { preview: false });
};

exports.deactivate = () => {};
