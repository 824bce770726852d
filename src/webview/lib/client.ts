/**
 * The webviews' side of the protocol (both panels): the VS Code API the page is given, and one typed request/reply
 * client. `request(op, args)` posts a numbered request and resolves with the host's reply once it matches the op's
 * reply schema; a reply that does not (or the host's error) rejects, saying what is off in words.
 */
import type { ArgsOf, OpName, OpTable, ReplyCheck, ReplyMessage, ReplyOf, RequestOfTable } from '../rpc';

export interface VsCodeApi<S> {
  postMessage(message: unknown): void;
  /** Whatever was saved last (by this version or an earlier one): parse it before use. */
  getState(): unknown;
  setState(state: S): void;
}
declare function acquireVsCodeApi(): VsCodeApi<unknown>;

/** The page's VS Code API (it can be acquired once per document). */
export function vscodeApi<S>(): VsCodeApi<S> {
  return acquireVsCodeApi() as VsCodeApi<S>;
}

export class Client<T extends OpTable> {
  private seq = 0;
  private readonly pending = new Map<
    number,
    { op: OpName<T>; resolve: (value: unknown) => void; reject: (err: Error) => void }
  >();

  constructor(
    private readonly check: ReplyCheck<T>,
    private readonly post: (message: { type: 'request'; id: number; request: RequestOfTable<T> }) => void,
  ) {}

  /** Asks the host; resolves with the reply once it matches the op's reply schema, else rejects saying what is off. */
  request<K extends OpName<T>>(op: K, args: ArgsOf<T, K>): Promise<ReplyOf<T, K>> {
    const id = ++this.seq;
    return new Promise<ReplyOf<T, K>>((resolve, reject) => {
      this.pending.set(id, { op, resolve: resolve as (value: unknown) => void, reject });
      this.post({ type: 'request', id, request: { op, ...args } as RequestOfTable<T> });
    });
  }

  /** The host's reply to one of this page's requests (another document's replies never come here). */
  settle(msg: ReplyMessage): void {
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (!msg.ok) {
      p.reject(new Error(msg.error));
      return;
    }
    const reply = this.check(p.op, msg.result);
    if (reply.ok) p.resolve(reply.value);
    else p.reject(new Error(reply.error));
  }
}
