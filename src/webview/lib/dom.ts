/**
 * Building and updating the webviews' pages from text: every attribute is set as a value and every child string
 * becomes a text node, so nothing from the chain, a router or the user is ever parsed as HTML; `on…` attributes are
 * refused (no inline handlers, ever: the pages' CSP allows scripts by nonce only). The small setters change the DOM
 * only where it differs, so that an update never moves the focus, the caret or a selection.
 */
export type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Record<string, string>,
  ...children: Child[]
): HTMLElementTagNameMap[K];
export function h(tag: string, attrs?: Record<string, string>, ...children: Child[]): HTMLElement;
export function h(tag: string, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (/^on/i.test(k)) continue;
    el.setAttribute(k, v);
  }
  for (const c of children)
    if (c !== null && c !== undefined && c !== false) el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return el;
}

/** Sets an element's text, when it differs. */
export function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

/** Shows or hides an element (the `hidden` attribute). */
export function show(el: HTMLElement, visible: boolean): void {
  if (el.hidden === visible) el.hidden = !visible;
}

/** Sets an attribute (undefined removes it), when it differs. */
export function setAttr(el: Element, name: string, value: string | undefined): void {
  if (/^on/i.test(name)) return;
  if (value === undefined) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** A field with a value (a native input, a toolkit text field or text area). */
export type ValueField = HTMLElement & { value: string };

/**
 * Puts a value in a field, unless it holds it already: a field that is being typed in keeps its caret and selection
 * (the store got its value from it; one that only differs by the spaces the form trims is left alone too).
 */
export function setValue(el: ValueField, value: string): void {
  if (el.value === value) return;
  if (isFocused(el) && el.value.trim() === value.trim()) return;
  el.value = value;
}

/** Whether the keyboard focus is on this element or inside it (a toolkit field focuses its inner input). */
export function isFocused(el: Element): boolean {
  const active = el.ownerDocument.activeElement;
  return !!active && (active === el || el.contains(active));
}

/** Replaces an element's children (null, undefined and false are left out). */
export function replaceChildren(el: HTMLElement, ...children: Child[]): void {
  el.replaceChildren(...children.filter((c): c is Node | string => c !== null && c !== undefined && c !== false));
}

/** The message of a failure, for an error line. */
export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * An element that is in the page only while it applies (absent, not hidden: a reader and a test find nothing): a
 * placeholder keeps its place meanwhile. Put `node()` in the tree where it belongs, then `set()` it.
 */
export class Presence {
  private readonly anchor: Comment;
  private present = false;

  constructor(readonly element: HTMLElement) {
    this.anchor = document.createComment(element.id || element.tagName);
  }

  /** What to put in the tree (the element while present, else its placeholder). */
  node(): Node {
    return this.present ? this.element : this.anchor;
  }

  set(present: boolean): void {
    if (present === this.present) return;
    this.present = present;
    if (present) this.anchor.parentNode?.replaceChild(this.element, this.anchor);
    else this.element.parentNode?.replaceChild(this.anchor, this.element);
  }
}

/** The elements a parent shows for its keyed list, in order (the parent holds nothing else). */
const keyedChildren = new WeakMap<Element, { key: string; el: HTMLElement }[]>();

/**
 * A list kept by key: an item whose key was shown already keeps its element (and the focus in it), passed to
 * `update`; a new key gets `create`'s element, a gone one is removed, and the elements follow the items' order
 * (moved only when it changed). A refresh of the list rebuilds nothing that is still there.
 */
export function keyed<T>(
  parent: HTMLElement,
  items: readonly T[],
  key: (item: T, index: number) => string,
  create: (item: T, index: number) => HTMLElement,
  update?: (el: HTMLElement, item: T, index: number) => void,
): void {
  const before = new Map((keyedChildren.get(parent) ?? []).map((c) => [c.key, c.el]));
  const after = items.map((item, i) => {
    const k = key(item, i);
    const kept = before.get(k);
    before.delete(k); // a key given twice gets a second element
    if (kept) update?.(kept, item, i);
    return { key: k, el: kept ?? create(item, i) };
  });
  for (const el of before.values()) el.remove();
  after.forEach(({ el }, i) => {
    const at = parent.children[i];
    if (at !== el) parent.insertBefore(el, at ?? null);
  });
  keyedChildren.set(parent, after);
}
