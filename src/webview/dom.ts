/**
 * Building the webviews' pages from text: every attribute is set as a value and every child string becomes a text
 * node, so nothing from the chain, a router or the user is ever parsed as HTML; `on…` attributes are refused (no
 * inline handlers, ever: the pages' CSP allows scripts by nonce only).
 */
export type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Record<string, string>, ...children: Child[]): HTMLElementTagNameMap[K];
export function h(tag: string, attrs?: Record<string, string>, ...children: Child[]): HTMLElement;
export function h(tag: string, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (/^on/i.test(k)) continue;
    el.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return el;
}
