/**
 * A Move transaction's part of the Explain view (pure: no VS Code). Each Move message gets its call (target, type
 * arguments, arguments decoded by the function's ABI or shown as sent with why) and its `move` events as JSON; the
 * failure is said in words: an abort named by the first source that knows it (and which source that was), a VM
 * failure or error explained. The same one line serves the hover and the agent tools (`moveFailureLine`).
 */
import { failureWords, type MoveFailure } from '../core/move/abort';
import type { MoveCallView as CoreCall, MoveExplanation } from '../core/move/explain';
import { SOURCE_WORDS, type NamedAbort } from '../core/move/naming';
import { labelText } from '../core/format';
import type { ExplainView, MoveAbortView, MoveCallView, MoveEventView, MoveView } from './protocol';

/** A named abort with the workspace file its declaration and sites are in (a URI string), when it has one. */
export type NamedWithUri = NamedAbort & { uri?: string };

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

function jsonText(value: unknown): string {
  return clip(JSON.stringify(value) ?? 'null', 2000);
}

function callView(call: CoreCall): MoveCallView {
  return {
    target: labelText(call.target, 200),
    typeArgs: call.typeArgs.map((t) => labelText(t, 200)),
    args: call.args.map((a) => ({
      type: labelText(a.type, 120),
      text: a.value !== undefined ? jsonText(a.value) : clip(a.raw, 2000),
      ...(a.problem ? { problem: labelText(a.problem, 200) } : {}),
    })),
    ...(call.problem ? { problem: labelText(call.problem, 300) } : {}),
  };
}

/** "EINSUFFICIENT_FUNDS", or the code when no source names it. */
function abortName(named: NamedAbort): string {
  return named.name ? labelText(named.name, 80) : `code ${named.code}`;
}

/**
 * The failure in one line, as the hover and the tools say it: "Aborted with EINSUFFICIENT_FUNDS in 0xcafe::vault:
 * <doc> (INVALID_ARGUMENT (…), reason 1; named from the workspace's Move source)".
 */
export function moveFailureLine(failure: MoveFailure, named?: NamedAbort): string {
  if (failure.kind !== 'aborted') return `The MoveVM stopped: ${failureWords(failure)}.`;
  const module = `${failure.address}::${failure.module}`;
  if (!named) return `Aborted in ${module} with code ${failure.code}.`;
  const doc = named.description ? `: ${labelText(named.description, 300)}` : '';
  return `Aborted with ${abortName(named)} in ${module}${doc} (${named.category}; ${SOURCE_WORDS[named.source]}).`;
}

/** Workspace places by number (the webview opens one by its number, never by a path it sends). */
class Places {
  readonly list: MoveView['sources'] = [];
  index(uri: string, line: number): number {
    const at = this.list.findIndex((p) => p.uri === uri && p.line === line);
    return at >= 0 ? at : this.list.push({ uri, line }) - 1;
  }
}

function abortView(named: NamedWithUri, places: Places): MoveAbortView {
  const site = (p: { file: string; line: number }) => ({
    source: places.index(named.uri!, p.line),
    label: `${labelText(p.file, 200)}:${p.line + 1}`,
  });
  return {
    name: abortName(named),
    module: labelText(named.module, 200),
    code: named.code,
    category: named.category,
    source: SOURCE_WORDS[named.source],
    ...(named.description ? { description: clip(named.description, 2000) } : {}),
    ...(named.uri && named.declaration ? { declaration: site(named.declaration) } : {}),
    sites: named.uri ? (named.sites ?? []).map(site) : [],
    notes: named.notes.map((n) => labelText(n, 400)),
  };
}

/** Events by the message that emitted them; one without an index goes with the only Move call, else the first. */
function eventsByMessage(explanation: MoveExplanation): Map<number, MoveEventView[]> {
  const fallback = explanation.calls.length === 1 ? explanation.calls[0]!.msgIndex : 0;
  const out = new Map<number, MoveEventView[]>();
  for (const e of explanation.events) {
    const at = e.msgIndex ?? fallback;
    const list = out.get(at) ?? [];
    list.push({ typeTag: labelText(e.typeTag, 300), json: jsonText(e.data) });
    out.set(at, list);
  }
  return out;
}

/** Puts a Move explanation into the view: each Move message's call and events, and the failure in words. */
export function moveInto(view: ExplainView, explanation: MoveExplanation, named?: NamedWithUri): void {
  for (const call of explanation.calls) {
    const message = view.messages[call.msgIndex];
    if (message) message.move = callView(call);
  }
  for (const [index, events] of eventsByMessage(explanation)) {
    const message = view.messages[index];
    if (message) message.moveEvents = events;
  }
  const failure = explanation.failure;
  if (!failure) return;
  const places = new Places();
  view.move = {
    failure: {
      text: moveFailureLine(failure, named),
      ...(named && failure.kind === 'aborted' ? { abort: abortView(named, places) } : {}),
    },
    sources: places.list,
  };
}
