/**
 * The one way a panel's page starts (both panels): it acquires the VS Code API, makes the typed client, puts what
 * the page's `mount` builds in `#app`, hands every host message that parses to the client (replies) or to the page
 * (pushes), and says `ready`. `ask` is the page's request whose failure is only said, never awaited.
 */
import type * as z from 'zod/mini';
import type { ArgsOf, OpName, OpTable, ReplyCheck, ReplyMessage } from '../rpc';
import { Client, vscodeApi, type VsCodeApi } from './client';
import { errorText } from './dom';

export interface Page<T extends OpTable, S> {
  readonly api: VsCodeApi<S>;
  readonly client: Client<T>;
  /** Asks the host; `said` gets undefined when the request goes out and the failure's words if it fails. */
  ask<K extends OpName<T>>(op: K, args: ArgsOf<T, K>, said: (text: string | undefined) => void): void;
}

export interface PageSpec<T extends OpTable, S, M extends { type: string }> {
  /** The op table's reply check (the protocol's `parseReply`). */
  check: ReplyCheck<T>;
  /** What the host may post: the replies and the page's own pushes. */
  messages: z.ZodMiniType<M | ReplyMessage>;
  /** Builds the page (its store, flows and components); returns what goes in `#app` and what to do with a push. */
  mount(page: Page<T, S>): { nodes: Node[]; push(message: Exclude<M, { type: 'reply' }>): void };
}

export function startPage<T extends OpTable, S, M extends { type: string }>(spec: PageSpec<T, S, M>): Page<T, S> {
  const api = vscodeApi<S>();
  const client = new Client<T>(spec.check, (message) => api.postMessage(message));
  const page: Page<T, S> = {
    api,
    client,
    ask(op, args, said) {
      said(undefined);
      client.request(op, args).catch((err: unknown) => said(errorText(err)));
    },
  };
  const { nodes, push } = spec.mount(page);
  document.getElementById('app')?.append(...nodes);
  window.addEventListener('message', (event: MessageEvent) => {
    const parsed = spec.messages.safeParse(event.data);
    if (!parsed.success) return;
    const msg = parsed.data;
    if (msg.type === 'reply') client.settle(msg as ReplyMessage);
    else push(msg as Exclude<M, { type: 'reply' }>);
  });
  api.postMessage({ type: 'ready' });
  return page;
}
