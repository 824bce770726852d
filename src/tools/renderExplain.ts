/**
 * Explain Transaction's view model (explain/txView.ts, the same the panel shows) as a tool result: the outcome and
 * the chain's reason first (for an EVM transaction traced by its node, the revert decoded: in words, the contract and
 * function that raised it, its Solidity file:line), the facts, each message in words with its fields, the balance
 * changes, the EVM logs decoded, the node's call trace and the internal calls. Pure: no VS Code. The view's texts are
 * the chain's (or the workspace's: contract, function and error names, source lines): each goes through `shown` (an
 * amount, a gas figure, a time or a plain token as itself, anything else quoted as data), `val` or `data`.
 */
import type { NetworkProfile } from '../core/networks';
import { knownMsgTypeWords } from '../core/msgWords';
import type {
  DecodedView,
  EventView,
  ExplainView,
  Field,
  MoveCallView,
  MoveView,
  TraceView,
  WasmCallView,
  WasmView,
} from '../explain/protocol';
import { links } from './render';
import { LIMITS, type Result, data, shown, val } from './text';

/** At most this many messages, logs and calls are shown one by one (the rest are counted). */
const MAX_ITEMS = 30;
/** At most this many fields per message and arguments per decoded call or log. */
const MAX_FIELDS = 12;

/**
 * A label the chain may have written (a message field's JSON key, an event attribute's key, an ABI argument name):
 * bare when it is a short identifier (`to_address`, `amount`; the view model wrote its underscores as spaces), quoted
 * as data otherwise.
 */
function label(text: string): string {
  const key = text.trim().replace(/ /g, '_');
  return /^[A-Za-z][A-Za-z0-9]*(_[A-Za-z0-9]+){0,3}$/.test(key) ? key : data(text, LIMITS.short);
}

function fieldText(f: Field): string {
  // A linked field holds a hash, a height or an account: a plain token, as `val` shows it.
  return f.link ? val(f.link.value) : shown(f.text);
}

function fieldLine(f: Field, ownLabel = false): string {
  return `${ownLabel ? f.label : label(f.label)}: ${f.label === 'Memo' && ownLabel ? data(f.text, LIMITS.memo) : fieldText(f)}`;
}

function decodedText(d: DecodedView): string {
  // An argument's label is "name (type)" (decodedView): the name, unless it has none.
  const args = d.args
    .slice(0, MAX_FIELDS)
    .map((a) => `${label(/^(.*) \([^()]*\)$/.exec(a.label)?.[1] ?? a.label)}=${fieldText(a)}`);
  const more = d.args.length > MAX_FIELDS ? `, … ${d.args.length - MAX_FIELDS} more` : '';
  return `${val(d.title, LIMITS.short)}(${args.join(', ')}${more})${d.source ? ` [ABI: ${shown(d.source, LIMITS.short)}]` : ''}`;
}

function eventTypes(events: readonly EventView[]): string {
  const counts = new Map<string, number>();
  for (const e of events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  return [...counts].map(([t, n]) => `${val(t, LIMITS.short)}${n > 1 ? ` ×${n}` : ''}`).join(', ');
}

function outcomeText(view: ExplainView): string {
  const { ok, text } = view.outcome;
  if (ok) return 'SUCCEEDED';
  const cosmos = /^Failed with code (\d+)(?: \((.*)\))?$/.exec(text);
  if (cosmos) return `FAILED with code ${cosmos[1]}${cosmos[2] ? ` (codespace ${val(cosmos[2], LIMITS.short)})` : ''}`;
  if (text === 'Reverted (status 0x0)') return 'REVERTED (status 0x0)';
  return `FAILED: ${data(text, LIMITS.short)}`;
}

function more(total: number, what: string): string | undefined {
  return total > MAX_ITEMS ? `… ${total - MAX_ITEMS} more ${what} not shown.` : undefined;
}

/** A failed EVM transaction's revert, decoded from the node's call trace: in words, where it was raised, its line. */
function renderRevert(out: Result, trace: TraceView): void {
  const revert = trace.revert;
  if (!revert) return;
  const frame = trace.frames[revert.frame];
  out.add(
    `Revert (decoded from the JSON-RPC node's call trace with the workspace's ABIs): ${data(revert.text, LIMITS.reason)}`,
  );
  if (frame) {
    const deep = frame.depth ? `, ${frame.depth} call${frame.depth === 1 ? '' : 's'} deep` : '';
    out.add(
      `Raised in: contract ${val(frame.contract, LIMITS.short)}, function ${val(frame.call, LIMITS.short)}${deep} (frame #${revert.frame} of the call trace)`,
    );
  }
  if (revert.source)
    out.add(
      `Solidity source: ${val(revert.source.label, LIMITS.value)}, at ${data(revert.source.snippet, LIMITS.value)}`,
    );
  else if (frame?.note) out.add(`Solidity source: none (${shown(frame.note, LIMITS.reason)})`);
}

/** A Move transaction's failure: the abort named (by which source), its doc, where the workspace declares it. */
function renderMoveFailure(out: Result, move: MoveView): void {
  const failure = move.failure;
  if (!failure) return;
  const abort = failure.abort;
  if (!abort) {
    out.add(`MoveVM failure, in words: ${data(failure.text, LIMITS.reason)}`);
    return;
  }
  out.add(
    `Move abort ${val(abort.name, LIMITS.name)} in module ${val(abort.module, LIMITS.short)}, code ${abort.code}: ${data(abort.category, LIMITS.short)} (${abort.source})`,
  );
  if (abort.description) out.add(`Its description: ${data(abort.description, LIMITS.reason)}`);
  const places = [
    ...(abort.declaration ? [`declared at ${val(abort.declaration.label)}`] : []),
    ...abort.sites.map((s) => `raised at ${val(s.label)}`),
  ];
  if (places.length) out.add(`In the workspace's Move sources: ${places.join('; ')}`);
  for (const note of abort.notes) out.add(`Naming note: ${data(note, LIMITS.reason)}`);
}

/** A Move call: its target, type arguments and arguments decoded by the ABI (or as sent, with why). */
function moveCallText(call: MoveCallView): string {
  const typeArgs = call.typeArgs.length ? `<${call.typeArgs.map((t) => val(t, LIMITS.short)).join(', ')}>` : '';
  const args = call.args
    .slice(0, MAX_FIELDS)
    .map(
      (a) => `${val(a.type, LIMITS.short)} ${data(a.text, LIMITS.short)}${a.problem ? ` (${data(a.problem)})` : ''}`,
    );
  const more = call.args.length > MAX_FIELDS ? `, … ${call.args.length - MAX_FIELDS} more` : '';
  const problem = call.problem ? ` [not decoded: ${data(call.problem, LIMITS.short)}]` : '';
  return `${val(call.target, LIMITS.value)}${typeArgs}(${args.join(', ')}${more})${problem}`;
}

/** A contract's refusal: in words, and the contract's own text quoted as data (it is free form, never interpreted). */
function renderWasmFailure(out: Result, wasm: WasmView): void {
  const at = wasm.failure.msgIndex !== undefined ? ` in message ${wasm.failure.msgIndex + 1}` : '';
  out.add(
    `CosmWasm contract refused the call${at}; the contract's own words: ${data(wasm.failure.contractError, LIMITS.reason)}`,
  );
}

/** JSON text on one line (as it was, when it is not JSON: cut or as sent). */
function compact(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json));
  } catch {
    return json;
  }
}

/** A CosmWasm message: the entry point called, on which contract, its msg as JSON, funds, how it fits the schema. */
function wasmCallText(call: WasmCallView): string {
  const point = call.entryPoint !== undefined ? `entry point ${val(call.entryPoint, LIMITS.short)}` : 'no entry point';
  const contract = call.contract ? ` on ${val(call.contract)}` : '';
  const sent = call.base64 ? ' (sent as base64 of JSON)' : '';
  const funds = call.funds.length ? `, funds ${call.funds.map((f) => shown(f, LIMITS.short)).join(', ')}` : '';
  const problem = call.problem ? ` [not read: ${data(call.problem, LIMITS.short)}]` : '';
  const schema = call.schema
    ? `; workspace schema ${val(call.schema.file, LIMITS.short)}: ${call.schema.ok ? 'matches' : `does not match (${data(call.schema.text, LIMITS.reason)})`}`
    : '';
  return `${point}${contract}, msg ${data(compact(call.json), LIMITS.value)}${sent}${funds}${problem}${schema}`;
}

/** The node's call trace as a tree: each frame's contract and call, and how a failed one failed. */
function renderTrace(out: Result, trace: TraceView): void {
  const total = trace.frames.length + trace.omitted;
  out.add(`Call trace from the JSON-RPC node (${total} frame${total === 1 ? '' : 's'}), as a tree:`);
  trace.frames.slice(0, MAX_ITEMS).forEach((f, i) => {
    const indent = '  '.repeat(Math.min(f.depth, 10) + 1);
    const call = f.decoded ? decodedText(f.decoded) : val(f.call, LIMITS.short);
    const failed = !f.revert
      ? f.failed
        ? ': failed'
        : ''
      : f.revert.raised
        ? `: REVERTED ${data(f.revert.text, LIMITS.value)}`
        : `: reverted, passed on from #${f.revert.from ?? '?'}`;
    out.add(
      `${indent}#${i} ${val(f.type, LIMITS.short)} ${val(f.contract, LIMITS.short)}.${call}, value ${shown(f.value)}, gas used ${shown(f.gasUsed)}${failed}${f.source ? ` at ${val(f.source.label)}` : ''}`,
    );
  });
  const left = total - Math.min(trace.frames.length, MAX_ITEMS);
  if (left > 0) out.add(`… ${left} more frames not shown.`);
}

/** Explain Transaction's view as result lines. */
export function renderExplain(out: Result, network: NetworkProfile, view: ExplainView): void {
  out.add(`${view.kind === 'evm' ? 'EVM transaction' : 'Transaction'} ${val(view.hash)}: ${outcomeText(view)}`);
  // A traced revert is the outcome's reason in the view: said here in its parts, not as the chain's log.
  if (view.trace?.revert) renderRevert(out, view.trace);
  else {
    // A Move failure named first, then the chain's own words.
    if (view.move) renderMoveFailure(out, view.move);
    if (view.wasm) renderWasmFailure(out, view.wasm);
    if (view.outcome.reason) out.add(`Reason (the chain's raw log): ${data(view.outcome.reason, LIMITS.reason)}`);
  }
  for (const f of view.facts) out.add(fieldLine(f, true));

  if (view.messages.length) {
    out.add(`Messages (${view.messages.length}):`);
    for (const m of view.messages.slice(0, MAX_ITEMS)) {
      const n = /^(\d+)\. /.exec(m.title)?.[1] ?? '?';
      const words = knownMsgTypeWords(m.typeUrl);
      out.add(`  ${n}. ${words ?? 'Message'} (${val(m.typeUrl.replace(/^\//, ''), LIMITS.short)})`);
      for (const f of m.fields.slice(0, MAX_FIELDS)) out.add(`     ${fieldLine(f)}`);
      if (m.fields.length > MAX_FIELDS) out.add(`     … ${m.fields.length - MAX_FIELDS} more fields`);
      if (m.call) out.add(`     call decoded: ${decodedText(m.call)}`);
      if (m.move) out.add(`     Move call: ${moveCallText(m.move)}`);
      if (m.wasm) out.add(`     CosmWasm call: ${wasmCallText(m.wasm)}`);
      if (m.moveEvents?.length)
        out.add(`     Move events: ${m.moveEvents.map((e) => val(e.typeTag, LIMITS.value)).join(', ')}`);
      if (m.events.length) out.add(`     events: ${eventTypes(m.events)}`);
    }
    out.add(more(view.messages.length, 'messages'));
  }
  if (view.otherEvents.length) out.add(`Events of the transaction itself (fee): ${eventTypes(view.otherEvents)}`);

  out.list(
    'Balance changes:',
    view.balances
      .slice(0, MAX_ITEMS)
      .map((b) => `${fieldText(b.address)}: ${b.changes.map((c) => shown(c)).join(', ')}`),
  );
  out.add(more(view.balances.length, 'addresses'));

  if (view.logs.length) {
    out.add(`EVM logs (${view.logs.length}):`);
    for (const l of view.logs.slice(0, MAX_ITEMS)) {
      const where = fieldText(l.address);
      if (l.decoded) out.add(`  #${l.index} ${decodedText(l.decoded)} emitted by ${where}`);
      else
        out.add(
          `  #${l.index} not decoded (no ABI in the workspace knows it), emitted by ${where}; topic0 ${l.topics[0] ? val(l.topics[0]) : 'none'}, ${l.topics.length} topics, data ${val(l.data, LIMITS.short)}`,
        );
    }
    out.add(more(view.logs.length, 'logs'));
  }

  if (view.trace) renderTrace(out, view.trace);

  if (view.calls.length) {
    out.add(`Internal calls (${view.calls.length}), as a tree:`);
    for (const c of view.calls.slice(0, MAX_ITEMS)) {
      const indent = '  '.repeat(Math.min(c.depth, 10) + 1);
      out.add(
        `${indent}${val(c.title.replace(/ /g, ''), LIMITS.short)} ${fieldText(c.from)} → ${fieldText(c.to)}, value ${shown(c.value)}, gas used ${shown(c.gasUsed)}${c.decoded ? `: ${decodedText(c.decoded)}` : ''}`,
      );
    }
    out.add(more(view.calls.length, 'calls'));
  }
  for (const note of view.notes) out.add(`Note from the extension: ${shown(note, LIMITS.reason)}`);
  out.add(links(network, [['transaction in the explorer', 'tx', view.hash]]));
}
