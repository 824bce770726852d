/**
 * CosmWasm messages and failures in words (pure). `MsgExecuteContract.msg` arrives as a JSON object or as base64 of
 * JSON (tx-decoder: src/schema/cosmos/wasm.ts "Can be base64 string or JSON object"): both are read, and the entry
 * point called is the object's one top-level key. A failed execution's log ends in `execute wasm contract failed`
 * after the contract's own error text (wasmd: x/wasm/types/errors.go, codespace `wasm`, code 5); that text is free
 * form, so it is quoted as the contract's words, never interpreted.
 */
import { strictBase64 } from '../base64';

export type WasmMsg =
  | { ok: true; json: unknown; entryPoint?: string; encoding: 'json' | 'base64' }
  | { ok: false; raw: unknown; problem: string };

const WASM_TYPES = /^\/cosmwasm\.wasm\.v1\.(MsgExecuteContract|MsgInstantiateContract2?|MsgMigrateContract)$/;

/** Whether a message's type URL is a CosmWasm message whose `msg` carries JSON. */
export function isWasmMsg(typeUrl: unknown): boolean {
  return typeof typeUrl === 'string' && WASM_TYPES.test(typeUrl);
}

/** `msg` as sent (a JSON object, or base64 of JSON), read. */
export function decodeWasmMsg(msg: unknown): WasmMsg {
  if (msg !== null && typeof msg === 'object') return withEntryPoint(msg, 'json');
  if (typeof msg !== 'string') return { ok: false, raw: msg, problem: 'msg is neither JSON nor base64 of JSON' };
  const bytes = strictBase64(msg);
  if (!bytes) return { ok: false, raw: msg, problem: 'msg is a string but not base64' };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, raw: msg, problem: 'msg is base64 but not of JSON' };
  }
  return withEntryPoint(json, 'base64');
}

function withEntryPoint(json: unknown, encoding: 'json' | 'base64'): WasmMsg {
  const keys = json !== null && typeof json === 'object' && !Array.isArray(json) ? Object.keys(json) : [];
  return keys.length === 1 ? { ok: true, json, entryPoint: keys[0]!, encoding } : { ok: true, json, encoding };
}

const WASM_FAILED = /:? ?execute wasm contract failed/;
const MSG_INDEX = /message index: (\d+): /;

/** A failed Wasm execution's log: the message it failed in and the contract's own words, or undefined. */
export function parseWasmFailure(log: string): { msgIndex?: number; contractError: string } | undefined {
  const end = WASM_FAILED.exec(log);
  if (!end) return undefined;
  let text = log.slice(0, end.index);
  const index = MSG_INDEX.exec(text);
  if (index) text = text.slice(index.index + index[0].length);
  const contractError = text.replace(/^failed to execute message; /, '').trim();
  return { ...(index ? { msgIndex: Number(index[1]) } : {}), contractError: contractError || 'no reason given' };
}

/** The failure in words: the contract refused, in its own words (quoted, never interpreted). */
export function wasmFailureWords(failure: { contractError: string }): string {
  return `The contract refused the call and said: "${failure.contractError}"`;
}

/** A smart query's path segment: base64 of the query's JSON, as `…/contract/{address}/smart/{query}` wants it. */
export function smartQueryPath(address: string, query: unknown): string {
  const b64 = Buffer.from(JSON.stringify(query), 'utf8').toString('base64');
  return `/cosmwasm/wasm/v1/contract/${encodeURIComponent(address)}/smart/${encodeURIComponent(b64)}`;
}
