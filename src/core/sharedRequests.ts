/**
 * Requests that several callers wait for at once (the hovers: one request per key, however many hovers ask while it
 * runs). Each caller's own cancellation ends only its wait; the last caller to give up aborts the request. Pure: the
 * cancellation is any token with VS Code's shape, and the caller says which error a cancelled wait rejects with.
 */
interface Cancellation {
  onCancellationRequested(listener: () => void): { dispose(): void };
}

interface Entry<T> {
  promise: Promise<T>;
  controller: AbortController;
  waiters: number;
}

export class SharedRequests<K, T> {
  private readonly pending = new Map<K, Entry<T>>();

  /** How many requests are in flight. */
  get size(): number {
    return this.pending.size;
  }

  /**
   * The request in flight for `key`, or one `start`ed now. Resolves or rejects as it does, unless `token` is cancelled
   * first: then this wait rejects with `cancelled()`, and the request is aborted if no one else waits for it.
   */
  wait(key: K, start: (signal: AbortSignal) => Promise<T>, token: Cancellation, cancelled: () => Error): Promise<T> {
    let entry = this.pending.get(key);
    if (!entry) {
      const controller = new AbortController();
      const created: Entry<T> = { promise: start(controller.signal), controller, waiters: 0 };
      entry = created;
      this.pending.set(key, created);
      const drop = () => this.pending.delete(key);
      created.promise.then(drop, drop);
    }
    const shared = entry;
    shared.waiters++;
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const sub = token.onCancellationRequested(() => {
        if (settled) return;
        settled = true;
        sub.dispose();
        // The last one waiting for this key cancels the request.
        if (--shared.waiters === 0) shared.controller.abort();
        reject(cancelled());
      });
      const settle = (done: () => void) => {
        if (settled) return;
        settled = true;
        sub.dispose();
        shared.waiters--;
        done();
      };
      shared.promise.then(
        (v) => settle(() => resolve(v)),
        (e: unknown) => settle(() => reject(e)),
      );
    });
  }

  /** Aborts every request in flight. */
  abortAll(): void {
    for (const entry of this.pending.values()) entry.controller.abort();
    this.pending.clear();
  }
}
