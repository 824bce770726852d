/**
 * Messages to a webview, held until its document says it is ready (pure: no VS Code, unit-tested in plain Node).
 *
 * A webview's document starts over whenever its html is set and, without retainContextWhenHidden, whenever the
 * panel is hidden and shown again; what is posted meanwhile would be lost. So: `reset()` when that happens (the
 * document is gone: readiness is lost and what was held for it is dropped), `post()` always, `markReady()` when the
 * document's `ready` arrives (everything held goes out, in order).
 *
 * - A message posted with a `key` replaces a held one with the same key (the latest transfer update is enough).
 * - A message may be a function: it is made when it is sent, so it is up to date then (e.g. the `init` message).
 * - `generation` changes with every new document: a reply to a request of an earlier document is not sent to a
 *   later one (request ids start over in each document).
 */
export type Message<T> = T | (() => T);

export class ReadyQueue<T> {
  private ready = false;
  private held: Array<{ message: Message<T>; key?: string }> = [];
  private gen = 0;
  private sentCount = 0;

  constructor(private readonly send: (message: T) => void) {}

  /** Whether the current document has said ready. */
  get isReady(): boolean {
    return this.ready;
  }

  /** How many messages wait for `ready`. */
  get pending(): number {
    return this.held.length;
  }

  /** How many messages have been sent, in all. */
  get sent(): number {
    return this.sentCount;
  }

  /** Changes whenever a new document replaces the one before. */
  get generation(): number {
    return this.gen;
  }

  /** Sends now when the document is ready, else holds the message until it is. */
  post(message: Message<T>, key?: string): void {
    if (this.ready) {
      this.deliver(message);
      return;
    }
    const same = key === undefined ? -1 : this.held.findIndex((h) => h.key === key);
    if (same >= 0) this.held.splice(same, 1);
    this.held.push({ message, key });
  }

  /** The document said ready: sends everything held, in the order it was posted. */
  markReady(): void {
    this.ready = true;
    const held = this.held;
    this.held = [];
    for (const h of held) this.deliver(h.message);
  }

  /** The document is gone (html set, panel hidden, or reloaded): wait for the next one's `ready`. */
  reset(): void {
    this.ready = false;
    this.held = [];
    this.gen++;
  }

  private deliver(message: Message<T>): void {
    this.sentCount++;
    this.send(typeof message === 'function' ? (message as () => T)() : message);
  }
}
