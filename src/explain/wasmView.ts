/**
 * A CosmWasm transaction's part of the Explain view (pure: no VS Code). Each CosmWasm message (execute, instantiate,
 * migrate) gets the entry point it called, its msg as JSON (read from base64 when it was sent so) and its funds; an
 * execute message whose contract the workspace has a `cosmwasm-schema` JSON of (matched by code checksum on the host:
 * src/wasm/wasmExplain.ts) is checked against the schema's execute entry points, and the result said. A failed
 * execution is said in words, the contract's own text quoted as its words, never interpreted.
 */
import { decodeWasmMsg, isWasmMsg, parseWasmFailure, wasmFailureWords, type WasmMsg } from '../core/wasm/messages';
import { checkMessage, entryPoints, type ContractSchema } from '../core/wasm/schema';
import { labelText } from '../core/format';
import type { ExplainView, WasmCallView, WasmSchemaCheckView } from './protocol';

/** A workspace schema that matches a contract: its file (relative to the workspace) and what it says. */
export interface WasmSchemaMatch {
  file: string;
  schema: ContractSchema;
}

/** A CosmWasm message of a transaction, read. */
export interface WasmCall {
  msgIndex: number;
  kind: 'execute' | 'instantiate' | 'migrate';
  contract?: string;
  msg: WasmMsg;
  funds: string[];
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function kindOf(typeUrl: string): WasmCall['kind'] {
  if (typeUrl.endsWith('MsgExecuteContract')) return 'execute';
  return typeUrl.endsWith('MsgMigrateContract') ? 'migrate' : 'instantiate';
}

function fundsOf(funds: unknown): string[] {
  if (!Array.isArray(funds)) return [];
  return funds
    .filter((c): c is { amount: unknown; denom: unknown } => c !== null && typeof c === 'object')
    .map((c) => labelText(`${String(c.amount)} ${String(c.denom)}`, 120));
}

/** The transaction's CosmWasm messages (those whose `msg` carries JSON), in order. */
export function wasmCalls(messages: ReadonlyArray<Record<string, unknown>>): WasmCall[] {
  const out: WasmCall[] = [];
  messages.forEach((m, msgIndex) => {
    const typeUrl = m['@type'];
    if (!isWasmMsg(typeUrl)) return;
    const contract = text(m.contract);
    out.push({
      msgIndex,
      kind: kindOf(typeUrl as string),
      ...(contract ? { contract } : {}),
      msg: decodeWasmMsg(m.msg),
      funds: fundsOf(m.funds),
    });
  });
  return out;
}

/** The entry point a message called: an execute message's one key (or a unit variant's name), else its kind. */
export function wasmEntryPoint(call: Pick<WasmCall, 'kind' | 'msg'>): string | undefined {
  if (call.kind !== 'execute') return call.kind;
  if (!call.msg.ok) return undefined;
  return call.msg.entryPoint ?? (typeof call.msg.json === 'string' ? call.msg.json : undefined);
}

/** The JSON's first top-level key, or its string: what the schema's entry points are matched by. */
function namedPoint(json: unknown): string | undefined {
  if (typeof json === 'string') return json;
  return json !== null && typeof json === 'object' ? Object.keys(json)[0] : undefined;
}

/**
 * A message (`execute`) or a query (`query`) against a schema's entry points, in words: "matches the execute message
 * `increment` of schema counter.json", or "does not match schema counter.json: …".
 */
export function schemaCheck(json: unknown, match: WasmSchemaMatch, kind: 'execute' | 'query'): WasmSchemaCheckView {
  const file = labelText(match.file, 200);
  const points = entryPoints(kind === 'execute' ? match.schema.execute : match.schema.query);
  if (points.length === 0)
    return { file, ok: false, text: `schema ${file} lists no ${kind} messages: nothing to check against` };
  const problems = checkMessage(json, points);
  if (problems.length === 0) {
    const name = labelText(namedPoint(json) ?? '', 80);
    return { file, ok: true, text: `matches the ${kind} message \`${name}\` of schema ${file}` };
  }
  return {
    file,
    ok: false,
    text: `does not match schema ${file}: ${problems.map((p) => labelText(p, 200)).join('; ')}`,
  };
}

function callView(call: WasmCall, match: WasmSchemaMatch | undefined): WasmCallView {
  const entryPoint = wasmEntryPoint(call);
  const json = call.msg.ok
    ? JSON.stringify(call.msg.json, null, 2)
    : (JSON.stringify(call.msg.raw) ?? String(call.msg.raw));
  return {
    ...(call.contract ? { contract: labelText(call.contract, 120) } : {}),
    ...(entryPoint !== undefined ? { entryPoint: labelText(entryPoint, 80) } : {}),
    json: clip(json, 4000),
    base64: call.msg.ok && call.msg.encoding === 'base64',
    funds: call.funds,
    ...(!call.msg.ok ? { problem: call.msg.problem } : {}),
    ...(match && call.kind === 'execute' && call.msg.ok
      ? { schema: schemaCheck(call.msg.json, match, 'execute') }
      : {}),
  };
}

/** A failed execution in words, as the tools say it: the contract's own text quoted, the message it failed in. */
export function wasmFailureLine(failure: { msgIndex?: number; contractError: string }, call?: WasmCall): string {
  const words = wasmFailureWords({ contractError: labelText(failure.contractError, 1000) });
  if (!call) return `${words}.`;
  const point = wasmEntryPoint(call);
  const what = point ? ` calling \`${labelText(point, 80)}\`` : '';
  const contract = call.contract ? ` on ${labelText(call.contract, 120)}` : '';
  return `${words} (message ${call.msgIndex + 1}${what}${contract}).`;
}

/**
 * Puts a CosmWasm transaction's part into the view: each CosmWasm message's call (checked against the schema its
 * contract matched, by message index), and the failure in words. Nothing for a transaction that has none.
 */
export function wasmInto(
  view: ExplainView,
  calls: readonly WasmCall[],
  rawLog: string | undefined,
  schemas: ReadonlyMap<number, WasmSchemaMatch> = new Map(),
  notes: readonly string[] = [],
): void {
  view.notes.push(...notes);
  for (const call of calls) {
    const message = view.messages[call.msgIndex];
    if (message) message.wasm = callView(call, schemas.get(call.msgIndex));
  }
  const failure = rawLog ? parseWasmFailure(rawLog) : undefined;
  if (!failure) return;
  const call = calls.find((c) => c.msgIndex === failure.msgIndex) ?? (calls.length === 1 ? calls[0] : undefined);
  view.wasm = {
    failure: {
      text: wasmFailureLine(failure, call),
      contractError: clip(failure.contractError, 2000),
      ...(failure.msgIndex !== undefined ? { msgIndex: failure.msgIndex } : {}),
    },
  };
}
