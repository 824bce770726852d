// The bench's bare baseline (test/bench/host.ts, scripts/bench.mjs): a second extension, loaded beside Initia Explorer
// in the same extension host, that does what a lookup must do with nothing of ours. Never shipped (.vscodeignore
// keeps everything but dist/, media/, l10n/ and the manifest out); plain JS, no build step, no dependencies.
//
//   initiaBare.prepare({ direct })        loads undici for the direct transport, from the absolute path in
//                                         $INITIA_BARE_UNDICI (the repository's node_modules); not timed: the bench
//                                         calls it before the workbench settles
//   initiaBare.lookupBlock(url, { direct })  one GET of `url` on the transport (VS Code's patched global fetch, or
//                                         undici's request), JSON.stringify(answer, null, 2), a read-only JSON
//                                         document of this extension's own scheme opened and shown; resolves when
//                                         shown, with its parts in ms
//   initiaBare.hover(url, { direct })     one GET of `url` + JSON.parse, as an uncached hover must do
// INITIA_BARE_FSP=1 shows the document as a read-only file of a file system provider (see fileSystem below).
// activate() also returns { lookupBlock, hover }, so that the bench can call the hover as directly as it calls ours.
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, loaded as it is */
const vscode = require('vscode');

const SCHEME = 'initia-bare';

/** @type {{ request: Function, agent: object } | undefined} */
let undici;

function prepare(opts) {
  if (opts && opts.direct && !undici) {
    const file = process.env.INITIA_BARE_UNDICI;
    if (!file) throw new Error('initiaBare: INITIA_BARE_UNDICI (the path of undici) is not set');
    const u = require(file);
    // Its own dispatcher: the global one is shared (by symbol) with Node's own fetch.
    undici = { request: u.request, agent: new u.Agent() };
  }
  return true;
}

/** The answer's text: one request on the transport asked for. */
async function get(url, opts) {
  if (opts && opts.direct) {
    prepare(opts);
    const res = await undici.request(url, { dispatcher: undici.agent });
    if (res.statusCode !== 200) throw new Error(`initiaBare: HTTP ${res.statusCode} for ${url}`);
    return res.body.text();
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`initiaBare: HTTP ${res.status} for ${url}`);
  return res.text();
}

/**
 * INITIA_BARE_FSP=1 (a diagnosis, not the baseline): the documents are read-only files of a file system provider, as
 * Initia Explorer's result documents are (so that VS Code restores their tabs), instead of a content provider's.
 */
function fileSystem(texts) {
  const readOnly = () => {
    throw vscode.FileSystemError.NoPermissions();
  };
  const text = (uri) => texts.get(uri.toString()) ?? '';
  return {
    onDidChangeFile: new vscode.EventEmitter().event,
    watch: () => new vscode.Disposable(() => undefined),
    stat: (uri) => ({
      type: vscode.FileType.File,
      ctime: 1,
      mtime: 1,
      size: Buffer.byteLength(text(uri)),
      permissions: vscode.FilePermission.Readonly,
    }),
    readFile: async (uri) => Buffer.from(text(uri), 'utf8'),
    readDirectory: () => [],
    createDirectory: readOnly,
    writeFile: readOnly,
    delete: readOnly,
    rename: readOnly,
  };
}

function activate(context) {
  const texts = new Map();
  let seq = 0;
  context.subscriptions.push(
    process.env.INITIA_BARE_FSP === '1'
      ? vscode.workspace.registerFileSystemProvider(SCHEME, fileSystem(texts), {
          isCaseSensitive: true,
          isReadonly: true,
        })
      : vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
          provideTextDocumentContent: (uri) => texts.get(uri.toString()) ?? '',
        }),
    vscode.workspace.onDidCloseTextDocument((doc) => {
      if (doc.uri.scheme === SCHEME) texts.delete(doc.uri.toString());
    }),
  );

  async function lookupBlock(url, opts) {
    const t0 = performance.now();
    const answer = JSON.parse(await get(url, opts));
    const t1 = performance.now();
    const uri = vscode.Uri.from({ scheme: SCHEME, path: `/Block ${++seq}.json` });
    texts.set(uri.toString(), `${JSON.stringify(answer, null, 2)}\n`);
    const t2 = performance.now();
    const doc = await vscode.workspace.openTextDocument(uri);
    const t3 = performance.now();
    await vscode.window.showTextDocument(doc, { preview: true });
    const t4 = performance.now();
    return { requestMs: t1 - t0, stringifyMs: t2 - t1, openMs: t3 - t2, showMs: t4 - t3 };
  }

  async function hover(url, opts) {
    return JSON.parse(await get(url, opts));
  }

  context.subscriptions.push(
    vscode.commands.registerCommand('initiaBare.prepare', prepare),
    vscode.commands.registerCommand('initiaBare.lookupBlock', lookupBlock),
    vscode.commands.registerCommand('initiaBare.hover', hover),
  );
  return { prepare, lookupBlock, hover };
}

function deactivate() {}

module.exports = { activate, deactivate };
