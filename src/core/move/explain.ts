/**
 * A Move transaction explained (pure over an injected module reader): each `MsgExecute` / `MsgExecuteJSON` as
 * `0x1::dex::swap_script` with its type arguments and its arguments decoded by the function's on-chain ABI (leading
 * signers dropped, as InitiaScan does; BCS by @mysten/bcs, JSON as sent; a value that cannot be decoded is shown raw
 * with the reason), scripts named as such, the `move` events as JSON with their type tags, and the failure parsed.
 * Each module is asked for once per explanation (the client keeps it across explanations).
 */
import { parseMoveFailure, type MoveFailure } from './abort';
import { moveAddress } from './types';
import { strictBase64 } from '../base64';
import { decodeBcs, type MoveValue } from './bcs';
import type { MoveModule } from './client';
import type { TxEvent } from '../txExplain';

export interface MoveArgView {
  type: string;
  /** As sent: base64 BCS, or the JSON text. */
  raw: string;
  value?: MoveValue;
  problem?: string;
}

export interface MoveCallView {
  msgIndex: number;
  kind: 'execute' | 'executeJson' | 'script' | 'scriptJson';
  /** `0x1::dex::swap_script`, or "a script" */
  target: string;
  typeArgs: string[];
  args: MoveArgView[];
  /** Why the arguments are not decoded (the module could not be read, the function is not in its ABI). */
  problem?: string;
}

export interface MoveEventView {
  msgIndex?: number;
  typeTag: string;
  data: unknown;
}

export interface MoveExplanation {
  calls: MoveCallView[];
  events: MoveEventView[];
  failure?: MoveFailure;
}

export type ModuleReader = (address: string, module: string) => Promise<MoveModule>;

const KINDS: Readonly<Record<string, MoveCallView['kind']>> = {
  MsgExecute: 'execute',
  MsgExecuteJSON: 'executeJson',
  MsgScript: 'script',
  MsgScriptJSON: 'scriptJson',
};

/** The Move kind of a message's type URL (`/initia.move.v1.MsgExecute`), or undefined for any other message. */
export function moveKind(typeUrl: unknown): MoveCallView['kind'] | undefined {
  const m = typeof typeUrl === 'string' ? /^\/initia\.move\.v\d+\w*\.(\w+)$/.exec(typeUrl) : null;
  return m ? KINDS[m[1]!] : undefined;
}

const SIGNER = /^&?signer$/;
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map((x) => String(x)) : []);

/** Explains the Move messages of a transaction; messages of other kinds are left to the general explanation. */
export async function explainMove(
  messages: ReadonlyArray<Record<string, unknown>>,
  events: readonly TxEvent[],
  log: string | undefined,
  readModule: ModuleReader,
): Promise<MoveExplanation> {
  const pending: Array<Promise<MoveCallView>> = [];
  for (const [msgIndex, msg] of messages.entries()) {
    const kind = moveKind(msg['@type']);
    if (kind) pending.push(explainCall(msgIndex, kind, msg, readModule));
  }
  const calls = await Promise.all(pending);
  const failure = log ? parseMoveFailure(log) : undefined;
  return { calls, events: moveEvents(events), ...(failure ? { failure } : {}) };
}

async function explainCall(
  msgIndex: number,
  kind: MoveCallView['kind'],
  msg: Record<string, unknown>,
  readModule: ModuleReader,
): Promise<MoveCallView> {
  const typeArgs = strings(msg.type_args);
  const raw = strings(msg.args);
  if (kind === 'script' || kind === 'scriptJson') {
    const args = raw.map((r) => ({ type: '?', raw: r }));
    return { msgIndex, kind, target: 'a script', typeArgs, args, problem: "a script's ABI is not on chain" };
  }
  const address = moveAddress(String(msg.module_address ?? ''));
  const target = `${address}::${String(msg.module_name ?? '')}::${String(msg.function_name ?? '')}`;
  let params: string[];
  try {
    const module = await readModule(address, String(msg.module_name ?? ''));
    const fn = module.abi.exposed_functions.find((f) => f.name === msg.function_name);
    if (!fn)
      return { msgIndex, kind, target, typeArgs, args: rawArgs(raw), problem: `${target} is not in its module's ABI` };
    const signers = fn.params.findIndex((p) => !SIGNER.test(p));
    params = fn.params.slice(signers < 0 ? fn.params.length : signers);
  } catch (e) {
    return {
      msgIndex,
      kind,
      target,
      typeArgs,
      args: rawArgs(raw),
      problem: `its module's ABI could not be read: ${(e as Error).message}`,
    };
  }
  const args = raw.map((r, i) => decodeArg(kind, params[i], r));
  const problem =
    params.length !== raw.length ? `the ABI has ${params.length} arguments, the message ${raw.length}` : undefined;
  return { msgIndex, kind, target, typeArgs, args, ...(problem ? { problem } : {}) };
}

const rawArgs = (raw: readonly string[]): MoveArgView[] => raw.map((r) => ({ type: '?', raw: r }));

function decodeArg(kind: MoveCallView['kind'], type: string | undefined, raw: string): MoveArgView {
  if (!type) return { type: '?', raw, problem: 'the ABI has no parameter here' };
  if (kind === 'executeJson') {
    try {
      return { type, raw, value: JSON.parse(raw) as MoveValue };
    } catch {
      return { type, raw, problem: 'not JSON' };
    }
  }
  const bytes = strictBase64(raw);
  if (!bytes) return { type, raw, problem: 'not base64' };
  const decoded = decodeBcs(type, bytes);
  return decoded.ok ? { type, raw, value: decoded.value } : { type, raw, problem: decoded.reason };
}

/** The VM's events (cosmos event `move`, attributes `type_tag` and `data`), their data parsed as JSON where it is. */
export function moveEvents(events: readonly TxEvent[]): MoveEventView[] {
  const out: MoveEventView[] = [];
  for (const event of events) {
    if (event.type !== 'move') continue;
    const attr = (key: string) => event.attributes.find((a) => a.key === key)?.value;
    const typeTag = attr('type_tag');
    if (!typeTag) continue;
    const text = attr('data') ?? 'null';
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // kept as the text the chain sent
    }
    const index = Number(attr('msg_index'));
    out.push({ typeTag, data, ...(Number.isSafeInteger(index) ? { msgIndex: index } : {}) });
  }
  return out;
}
