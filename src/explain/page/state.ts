/**
 * The Explain Transaction page's state and its one reducer (pure): what the host pushed last (loading a hash, why it
 * failed, or the view of what the transaction did) and the failure of the last thing the user asked for. The
 * components show its slices; the actions the user can take are the page's requests (explainActions in entry.ts).
 */
import type { ExplainView, Link } from '../protocol';

export interface ExplainUi {
  /** Nothing yet, a hash being loaded, a failure, or the view. */
  phase: 'waiting' | 'loading' | 'error' | 'view';
  hash: string;
  /** What failed, in words. */
  message?: string;
  view?: ExplainView;
  /** A request of the user's that failed (an ABI file gone, a lookup refused). */
  actionError?: string;
}

export type ExplainAction =
  | { type: 'loading'; hash: string }
  | { type: 'error'; hash: string; message: string }
  | { type: 'explain'; view: ExplainView }
  | { type: 'actionError'; text?: string };

/** What the components may do. */
export interface ExplainActions {
  open(link: Link): void;
  openAbi(file: number): void;
  copy(text: string): void;
  openJson(): void;
  refresh(): void;
  /** The call trace's Solidity line, by its number in the trace. */
  openSource(source: number): void;
  /** Initia: Debug Transaction on the transaction shown. */
  debug(): void;
  /** Initia: Call Contract… on a contract of the call trace, by its number. */
  callContract(contract: number): void;
  /** A place in the workspace's Move sources (an abort's declaration or site), by its number in the view. */
  openMoveSource(source: number): void;
  /** Initia: Call Move View Function… on the module a Move message calls, by the message's number. */
  callMoveView(message: number): void;
}

export const initialState = (): ExplainUi => ({ phase: 'waiting', hash: '' });

export function reduce(s: ExplainUi, a: ExplainAction): ExplainUi {
  switch (a.type) {
    case 'loading':
      return { phase: 'loading', hash: a.hash, view: s.view };
    case 'error':
      return { phase: 'error', hash: a.hash, message: a.message, view: s.view };
    case 'explain':
      return { phase: 'view', hash: a.view.hash, view: a.view };
    case 'actionError':
      return s.actionError === a.text ? s : { ...s, actionError: a.text };
  }
}
