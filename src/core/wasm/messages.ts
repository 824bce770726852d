/**
 * CosmWasm messages and failures in words (pure). `MsgExecuteContract.msg` arrives as a JSON object or as base64 of
 * JSON (tx-decoder: src/schema/cosmos/wasm.ts "Can be base64 string or JSON object"): both are read, and the entry
 * point called is the object's one top-level key. A failed execution's log ends in `execute wasm contract failed`
 * after the contract's own error text (wasmd: x/wasm/types/errors.go, codespace `wasm`, code 5); that text is free
 * form, so it is quoted as the contract's words, never interpreted.
 */
import { strictBase64 } from '../base64';
import { clean, fail, ok, parseBech32, type Parsed } from '../validate';

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

/** A CosmWasm contract's address: bech32 `init1…` (32 bytes as wasmd derives them; 20 accepted), checksum checked. */
export function parseContractAddress(input: string): Parsed<string> {
  const s = clean(input);
  if (!s) return fail('Enter a contract address (init1…).');
  if (!/^init1/i.test(s)) return fail('A CosmWasm contract address is bech32, starting with init1.');
  const parsed = parseBech32(s, 'contract address');
  return parsed.ok ? ok(parsed.value.value) : parsed;
}

/**
 * A smart query as typed (JSON text) or given (an object): a JSON object with exactly one top-level key, its entry
 * point (`{"get_count":{}}`). Checked before any request.
 */
export function readWasmQuery(input: unknown): Parsed<Record<string, unknown>> {
  let json: unknown = input;
  if (typeof input === 'string') {
    try {
      json = JSON.parse(input);
    } catch (e) {
      return fail(`The query is not JSON (${(e as Error).message}).`);
    }
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    return fail('A smart query is a JSON object with one key, its entry point, such as {"get_count":{}}.');
  const keys = Object.keys(json);
  if (keys.length !== 1)
    return fail(`A smart query has exactly one top-level key, its entry point; this has ${keys.length}.`);
  return ok(json as Record<string, unknown>);
}
