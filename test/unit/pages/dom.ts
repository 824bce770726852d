/**
 * A page's document in plain Node for the component tests: happy-dom's window as the globals the page code reads
 * (document, window, the element classes), the VS Code API a page acquires (what it posts is recorded), and the UI
 * kit's package replaced by a stub that registers nothing: its elements stay plain elements here, which is all the
 * components' own logic needs (the kit's rendering is the end-to-end tests' part).
 */
import Module from 'node:module';
import { Window } from 'happy-dom';

const GLOBALS = [
  'window',
  'document',
  'Node',
  'Element',
  'HTMLElement',
  'HTMLInputElement',
  'HTMLTextAreaElement',
  'Event',
  'MessageEvent',
  'KeyboardEvent',
] as const;

/**
 * The UI kit's package as a stub: every `vsCode…()` element factory and the design system's register do nothing.
 * Done when this module loads: import it before any page module.
 */
function stubUiKit(): void {
  const id = require.resolve('@vscode/webview-ui-toolkit');
  const stub = new Proxy({} as Record<string | symbol, unknown>, {
    get: (_, name) => (name === 'provideVSCodeDesignSystem' ? () => ({ register: () => undefined }) : () => undefined),
  });
  const m = new Module(id);
  m.exports = stub;
  m.loaded = true;
  require.cache[id] = m;
}
stubUiKit();

export interface PageDom {
  window: Window;
  /** What the page posted to its host, in order. */
  posted: unknown[];
  /** What the page saved with setState last. */
  saved: () => unknown;
  /** A message from the host, as the webview's window receives it. */
  receive(message: unknown): void;
  close(): Promise<void>;
}

/** Installs a fresh document (with `<main id="app">`) and the VS Code API; `close` removes them. */
export function installDom(state?: unknown): PageDom {
  const window = new Window({ url: 'https://webview.example/' });
  window.document.body.innerHTML = '<main id="app"></main>';
  const g = globalThis as Record<string, unknown>;
  for (const name of GLOBALS) g[name] = (window as unknown as Record<string, unknown>)[name];
  const posted: unknown[] = [];
  let saved = state;
  g.acquireVsCodeApi = () => ({
    postMessage: (m: unknown) => posted.push(m),
    getState: () => saved,
    setState: (s: unknown) => (saved = s),
  });
  return {
    window,
    posted,
    saved: () => saved,
    receive: (message) => window.dispatchEvent(new window.MessageEvent('message', { data: message })),
    async close() {
      for (const name of [...GLOBALS, 'acquireVsCodeApi']) delete g[name];
      await window.happyDOM.close();
    },
  };
}
