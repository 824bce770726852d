/**
 * What the hosts of both webview panels (the bridge, Explain Transaction) share: the panel's options (scripts on,
 * resources only from media/ and dist/webview/), its icon, its document (webviewHtml.ts: strict CSP, scripts by
 * nonce), the ready queue (every post waits for the document's `ready`, again after the panel was hidden or the
 * webview reloaded), the typed request/reply loop over the panel's op table (webview/rpc.ts: a request that does not
 * parse is answered with the reason, a reply to a document that is gone is dropped), and the handlers every panel has
 * (copy, open a link, open a value as a JSON document). A panel's host composes one `PanelHost` and gives it its
 * handlers and what a new document gets first.
 */
import vscode = require('vscode');
import type * as z from 'zod/mini';
import {
  problemText,
  requestId,
  type COMMON_OPS,
  type HandlersOf,
  type OpTable,
  type ReplyMessage,
  type RequestOfTable,
} from '../webview/rpc';
import { errorMessage } from '../core/errors';
import type { Delivery, Hooks } from './hooks';
import { openExternalUrl } from './links';
import { ReadyQueue, type Message } from './readyQueue';
import { nonce, webviewHtml } from './webviewHtml';

/** A panel's page: its bundle (dist/webview/<name>.js), its style sheet (media/<name>.css, over the shared
 * media/base.css), its heading and lead. */
export interface PanelPage {
  name: string;
  title: string;
  lead: string;
}

/** The options every panel is created (or restored) with. */
export function panelOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    retainContextWhenHidden: false,
    localResourceRoots: [
      vscode.Uri.joinPath(extensionUri, 'media'),
      vscode.Uri.joinPath(extensionUri, 'dist', 'webview'),
    ],
  };
}

export interface PanelHostOptions<T extends OpTable, Push> {
  extensionUri: vscode.Uri;
  log: vscode.LogOutputChannel;
  page: PanelPage;
  /** The schema of what the webview sends (webview/rpc.ts fromWebviewSchema over the panel's requests). */
  fromWebview: z.ZodMiniType<{ type: 'ready' } | { type: 'request'; id: number; request: RequestOfTable<T> }>;
  handlers: HandlersOf<T>;
  /** A new document is coming (html set, panel hidden, webview reloaded): post what it gets first. */
  onDocument: (post: (message: Message<Push>, key?: string) => void) => void;
  /** The panel was shown or hidden. */
  onVisibility?: (visible: boolean) => void;
  hooks?: Hooks;
}

export class PanelHost<T extends OpTable, Push extends { type: string }> implements vscode.Disposable {
  private readonly queue: ReadyQueue<Push | ReplyMessage>;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly options: PanelHostOptions<T, Push>,
  ) {
    this.queue = new ReadyQueue<Push | ReplyMessage>((message) => void panel.webview.postMessage(message));
    panel.webview.options = panelOptions(options.extensionUri);
    panel.iconPath = vscode.Uri.joinPath(options.extensionUri, 'media', 'initia.svg');
    this.subscriptions.push(
      panel.webview.onDidReceiveMessage((m: unknown) => void this.receive(m)),
      // Hidden without retainContextWhenHidden, the webview's document is destroyed; a new one says ready when shown.
      panel.onDidChangeViewState(() => {
        options.onVisibility?.(panel.visible);
        if (!panel.visible) this.expectDocument();
      }),
    );
    this.expectDocument();
    panel.webview.html = this.html();
  }

  /** How the messages to the webview stand. */
  get delivery(): Delivery {
    return { ready: this.queue.isReady, held: this.queue.pending, sent: this.queue.sent };
  }

  /** Posts now when the document is ready, else when it says so (a keyed post replaces a held one with its key). */
  post(message: Message<Push>, key?: string): void {
    this.queue.post(message, key);
    this.report();
  }

  private report(): void {
    this.options.hooks?.delivery?.(this.panel, this.delivery);
  }

  /** A new document is coming: hold posts until it says ready; it gets what `onDocument` posts first. */
  private expectDocument(): void {
    this.queue.reset();
    this.options.onDocument((message, key) => this.queue.post(message, key));
    this.report();
  }

  private html(): string {
    const webview = this.panel.webview;
    const uri = vscode.Uri.joinPath(this.options.extensionUri);
    const { name, title, lead } = this.options.page;
    return webviewHtml({
      cspSource: webview.cspSource,
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(uri, 'dist', 'webview', `${name}.js`)).toString(),
      styleUris: ['base', name].map((sheet) =>
        webview.asWebviewUri(vscode.Uri.joinPath(uri, 'media', `${sheet}.css`)).toString(),
      ),
      scriptNonce: nonce(),
      styleNonce: nonce(),
      title,
      lead,
    });
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = this.options.fromWebview.safeParse(raw);
    if (!parsed.success) {
      const problem = problemText(raw, parsed.error);
      this.options.log.warn(`${this.options.page.title}: ignored a malformed message from the webview (${problem})`);
      // A request the host cannot read still gets an answer, so that the webview does not wait for ever.
      const id = requestId(raw);
      if (id !== undefined)
        this.reply({
          type: 'reply',
          id,
          ok: false,
          error: vscode.l10n.t('The extension could not read this request: {0}.', problem),
        });
      return;
    }
    const msg = parsed.data;
    if (msg.type === 'ready') {
      // Ready again without having been hidden: the webview was reloaded, its document is a new one.
      if (this.queue.isReady) this.expectDocument();
      this.queue.markReady();
      this.report();
      return;
    }
    const generation = this.queue.generation;
    let reply: ReplyMessage;
    try {
      // Each handler takes its own op's request (the table's types say so); TypeScript cannot follow the pairing here.
      const handler = this.options.handlers[msg.request.op] as (request: RequestOfTable<T>) => Promise<unknown>;
      reply = { type: 'reply', id: msg.id, ok: true, result: await handler(msg.request) };
    } catch (err) {
      reply = { type: 'reply', id: msg.id, ok: false, error: errorMessage(err) };
    }
    // The document that asked is gone: a later one numbers its requests from 1 again.
    if (generation === this.queue.generation) this.reply(reply);
  }

  private reply(message: ReplyMessage): void {
    this.queue.post(message);
    this.report();
  }

  dispose(): void {
    vscode.Disposable.from(...this.subscriptions).dispose();
  }
}

/** The handlers every panel has. */
export const commonHandlers: HandlersOf<typeof COMMON_OPS> = {
  copy: async ({ text }) => {
    await vscode.env.clipboard.writeText(text);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied to the clipboard'), 2500);
    return true;
  },
  openLink: async ({ url }) => {
    if (!(await openExternalUrl(url))) throw new Error(vscode.l10n.t('Only http and https links are opened.'));
    return true;
  },
};

/** Opens a value as an untitled JSON document beside the panel. */
export async function openJsonDocument(value: unknown): Promise<true> {
  const doc = await vscode.workspace.openTextDocument({
    language: 'json',
    content: `${JSON.stringify(value ?? null, null, 2)}\n`,
  });
  await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true });
  return true;
}
