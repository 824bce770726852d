/**
 * Reading one Cosmos message before its type's decoder (check/cosmosMsgs.ts) checks it: its amino JSON unwrapped (the
 * declared type must be the type URL's), parsed strictly against the type's schema (a field the check does not know is
 * unverified, a numeral the chain could read otherwise a mismatch), and its sender held to the user's address.
 */
import * as z from 'zod/mini';
import { goJson } from '../../goJson';
import { sameAddress } from './bytes';
import { clip, mismatch, unverified, type Hop, type Landing, type MsgField, type MsgSummary, type Run } from './model';
import { numeral, numeralIssue, numeralOrNumber, numeralWords, type Bits } from './numeral';
import { lazySchema } from '../../lazySchema';

/** An sdk Int (math.Int, 256 bits): canonical decimal only (check/numeral.ts). */
export const amount = lazySchema(() => numeral(256));
export const Coin = lazySchema(() => z.strictObject({ denom: z.string().check(z.minLength(1)), amount }));
export type Coin = z.infer<typeof Coin>;
export const u64 = lazySchema(() => numeralOrNumber(64));
export const Height = lazySchema(() =>
  z.strictObject({ revision_number: z.optional(u64), revision_height: z.optional(u64) }),
);

/** Amino names of the understood types (a wrapped `{type, value}` must use this one). */
export const AMINO: Record<string, string> = {
  '/ibc.applications.transfer.v1.MsgTransfer': 'cosmos-sdk/MsgTransfer',
  '/cosmos.bank.v1beta1.MsgSend': 'cosmos-sdk/MsgSend',
  '/opinit.ophost.v1.MsgInitiateTokenDeposit': 'ophost/MsgInitiateTokenDeposit',
  '/opinit.opchild.v1.MsgInitiateTokenWithdrawal': 'opchild/MsgInitiateTokenWithdrawal',
  '/minievm.evm.v1.MsgCall': 'evm/MsgCall',
  '/circle.cctp.v1.MsgDepositForBurn': 'cctp/DepositForBurn',
  '/circle.cctp.v1.MsgDepositForBurnWithCaller': 'cctp/DepositForBurnWithCaller',
};

export interface CosmosResult {
  summary: MsgSummary;
  /** The message as checked, to be signed (amino JSON, no wrapper). */
  signable?: Record<string, unknown>;
}

/** One message being decoded: where it is, what it is, its summary (filled in by its decoder) and its amino JSON. */
export interface CosmosMsg {
  run: Run;
  hops: readonly Hop[];
  tx: number;
  msg: number;
  at: { tx: number; msg: number };
  chain: string;
  typeUrl: string;
  /** The type's name, for the summary and the problems' words. */
  name: string;
  fields: MsgField[];
  summary: MsgSummary;
  /** The amino JSON, unwrapped. */
  obj: Record<string, unknown>;
  /** A coin in words, on this message's chain. */
  amt: (c: Coin) => string;
  /** Records a transfer from the user's `from` address, landing where it was followed to (undefined: not followed). */
  pay: (from: string, c: Coin, landing: Landing | undefined) => void;
}

/** Amino JSON of one message: the object, unwrapped, with its declared type checked against the type URL. */
export function unwrap(
  run: Run,
  at: { tx: number; msg: number },
  typeUrl: string,
  raw: string,
): Record<string, unknown> | undefined {
  // Read by Go's rules (core/goJson.ts): a text another reader could take otherwise is not read.
  const parsed = goJson(raw);
  if (!parsed.ok) {
    unverified(
      run,
      parsed.notJson
        ? `Message ${at.msg + 1} is not valid JSON: it cannot be read or checked.`
        : `Message ${at.msg + 1} cannot be read as the chain reads it (${clip(parsed.reason, 120)}): it is not checked.`,
      at,
    );
    return undefined;
  }
  const value = parsed.value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    unverified(run, `Message ${at.msg + 1} is not a JSON object: it cannot be read or checked.`, at);
    return undefined;
  }
  let obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  if (
    keys.length === 2 &&
    'type' in obj &&
    'value' in obj &&
    obj.value &&
    typeof obj.value === 'object' &&
    !Array.isArray(obj.value)
  ) {
    if (!Object.hasOwn(AMINO, typeUrl) || obj.type !== AMINO[typeUrl]) {
      mismatch(
        run,
        `Message ${at.msg + 1} says it is ${clip(String(obj.type), 80)} in its amino JSON but ${clip(typeUrl, 80)} in its type URL: a wallet could sign either.`,
        at,
      );
      return undefined;
    }
    obj = obj.value as Record<string, unknown>;
  }
  if ('@type' in obj) {
    if (obj['@type'] !== typeUrl) {
      mismatch(
        run,
        `Message ${at.msg + 1} says it is ${clip(String(obj['@type']), 80)} in "@type" but ${clip(typeUrl, 80)} in its type URL: a wallet could sign either.`,
        at,
      );
      return undefined;
    }
    const { ['@type']: _, ...rest } = obj;
    obj = rest;
  }
  return obj;
}

export function parse<S extends z.ZodMiniType>(
  run: Run,
  at: { tx: number; msg: number },
  name: string,
  schema: S,
  obj: Record<string, unknown>,
): z.infer<S> | undefined {
  const r = schema.safeParse(obj);
  if (r.success) return r.data;
  const numeralAt = numeralIssue(r.error.issues, obj);
  if (numeralAt) {
    const bits: Bits = /domain/.test(numeralAt.path) ? 32 : /amount|value/.test(numeralAt.path) ? 256 : 64;
    mismatch(
      run,
      `Message ${at.msg + 1} (${name}): ${numeralWords(clip(numeralAt.path, 60), numeralAt.value, bits)}`,
      at,
    );
    return undefined;
  }
  const issue = r.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '';
  const unknownKeys = issue?.code === 'unrecognized_keys' ? ((issue as { keys?: string[] }).keys ?? []) : [];
  if (unknownKeys.length)
    unverified(
      run,
      `Message ${at.msg + 1} (${name}) has field(s) ${unknownKeys.map((k) => `"${clip(k, 40)}"`).join(', ')}${where ? ` in ${clip(where, 40)}` : ''} that this check does not read.`,
      at,
    );
  else
    unverified(
      run,
      `Message ${at.msg + 1} (${name}) cannot be read: ${clip(where || 'its fields', 80)} is missing or not of the expected type.`,
      at,
    );
  return undefined;
}

/** A sender field must be the user's address on the chain the tx is for. */
export function checkFrom(
  run: Run,
  at: { tx: number; msg: number },
  chain: string,
  label: string,
  address: string,
): boolean {
  if (run.hookSigners !== undefined) {
    if (run.hookSigners.some((s) => sameAddress(address, s, true))) return true;
    mismatch(
      run,
      `Message ${at.msg + 1} has ${label} ${clip(address)}, but the hook must be signed by you (${clip(run.hookSigners.join(' or ') || 'no bech32 address entered')}).`,
      at,
    );
    return false;
  }
  const mine = run.intent.addresses[chain];
  if (mine !== undefined && sameAddress(address, mine)) return true;
  mismatch(
    run,
    `Message ${at.msg + 1} has ${label} ${clip(address)}, but your address on ${clip(chain)} is ${clip(mine ?? '(none entered)')}.`,
    at,
  );
  return false;
}
