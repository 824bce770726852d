/**
 * What the bridge check works with: the user's intent (held by the host, from what the user typed and confirmed,
 * never from the router's answer), the effects decoded from each message (who pays what, of which denom, to whom, on
 * which chain; which permissions it grants) and the problems found, each either a mismatch (it does something else
 * than asked) or unverified (the check did not understand it). Both withhold the signing instructions.
 */
import * as z from 'zod/mini';
import { amountWords, labelText } from '../../format';
import type { Operation, Route } from '../schemas';
import type { AnchorBook } from './anchors';
import { lazySchema } from '../../lazySchema';

export const Intent = lazySchema(() =>
  z.object({
    sourceChainId: z.string(),
    sourceDenom: z.string(),
    /** Base units, from the whole units the user typed and `decimals`. */
    amountIn: z.string().check(z.regex(/^\d+$/)),
    /** The whole units the user typed ("1.5"). */
    typed: z.string(),
    decimals: z.number().check(z.int(), z.nonnegative()),
    /**
     * Where the decimals came from: the chain itself (bank denom metadata, an ERC-20's decimals()), the registry the user
     * chose (its asset list's `denom_units`), the user (a custom denom), or only the router (then the verdict is
     * "Couldn't verify").
     */
    decimalsFrom: z.enum(['chain', 'registry', 'user', 'router']),
    symbol: z.optional(z.string()),
    /** The decimals the router's asset list gives, when it gives any (compared with the chain's). */
    routerDecimals: z.optional(z.number()),
    destChainId: z.string(),
    destDenom: z.string(),
    /** The address the user confirmed on each chain of the route (chain id → address). */
    addresses: z.record(z.string(), z.string()),
    /** The slippage the user chose, in percent ("0.5"). */
    slippagePercent: z.string(),
  }),
);
export type Intent = z.infer<typeof Intent>;

/** One operation of the route as the checks read it: the chains it joins, what it takes and gives. */
export interface Hop {
  index: number;
  kind: string;
  from: string;
  to: string;
  denomIn?: string;
  denomOut?: string;
  /** IBC: the channel on `from`. */
  channel?: string;
  /** OPinit: the bridge id. */
  bridgeId?: string;
  /** The contract the funds enter on `to` (IBC hooks), when the route names it. */
  entryContract?: string;
  op: Operation;
}

type ProblemLevel = 'mismatch' | 'unverified';
export interface Problem {
  level: ProblemLevel;
  /** 0-based tx index, when it is about one transaction. */
  tx?: number;
  /** 0-based index in the summaries, when it is about one message. */
  msg?: number;
  /** What differs, or what was not understood, in a sentence. */
  text: string;
}

/** Where funds land: an address on a chain, reached through the steps named in `via`. */
export interface Landing {
  chain: string;
  address: string;
  /** The denom that arrives there, where it is known independently of the router (a swap's output, an OPinit denom). */
  denom?: string;
  /** How much arrives, when it differs from what was paid (the OP hook: what it sends on). */
  amount?: bigint;
  via: string[];
}

/** One payment a message makes from one of the user's addresses. */
interface Payment {
  tx: number;
  msg: number;
  chain: string;
  from: string;
  denom: string;
  amount: bigint;
  /** transfer: what the route moves; fee: paid on top (must be disclosed by the route). */
  role: 'transfer' | 'fee';
  /** Where it ends up (followed through memos and hooks); undefined for a fee. */
  landing?: Landing;
}

/** A permission a message grants (an ERC-20 approval): allowed only to the contract the same tx calls, for what it spends. */
export interface Grant {
  tx: number;
  msg: number;
  chain: string;
  owner: string;
  token: string;
  spender: string;
  amount: bigint;
}

export interface MsgField {
  label: string;
  value: string;
}

export interface MsgSummary {
  tx: number;
  chainId: string;
  kind: 'cosmos' | 'evm' | 'svm' | 'unknown';
  /** In words: "IBC transfer", "OPinit deposit", "EVM call: send (LayerZero OFT)", … */
  type: string;
  typeUrl?: string;
  fields: MsgField[];
}

/** One EVM call to decode (a transaction of the answer, or a minievm MsgCall); its decoder adds to `fields`. */
export interface EvmCall {
  tx: number;
  msg: number;
  chain: string;
  from: string;
  to: string;
  value: bigint;
  data: string;
  fields: MsgField[];
}

/** The state of one check run, shared by the decoders. */
export interface Run {
  intent: Intent;
  route: Route;
  problems: Problem[];
  payments: Payment[];
  grants: Grant[];
  summaries: MsgSummary[];
  /** What the check relies on besides the intent, each from a source other than the router (check/anchors.ts). */
  anchors: AnchorBook;
  /** Milliseconds since the epoch, for timeouts (the injectable clock's). */
  now: number;
  /** What the user should know about a matching answer that is not an effect (a caveat), in words. */
  caveats: string[];
  /** Symbol and decimals of an asset, for words only. */
  asset: (chainId: string, denom: string) => { symbol?: string; decimals?: number } | undefined;
  /** The signed OP hook's transaction bytes, once they were decoded and checked. */
  signedHookBytes?: Uint8Array;
  /** Where the checked OP hook sends the funds, followed from a deposit that carries it. */
  hookLanding?: Landing;
  /** Checking the OP hook itself: every payment must be from one of these (the user's own keys, any prefix). */
  hookSigners?: string[];
}

export const clip = (s: string, max = 120): string => labelText(s, max);

export function amountText(run: Pick<Run, 'asset'>, chainId: string, denom: string, amount: bigint | string): string {
  const info = run.asset(chainId, denom);
  return amountWords(
    String(amount),
    clip(denom),
    info && { decimals: info.decimals, symbol: info.symbol ? clip(info.symbol) : undefined },
  );
}

export function mismatch(run: Run, text: string, at: { tx?: number; msg?: number } = {}): void {
  run.problems.push({ level: 'mismatch', text, ...at });
}

export function unverified(run: Run, text: string, at: { tx?: number; msg?: number } = {}): void {
  run.problems.push({ level: 'unverified', text, ...at });
}

/** Who may sign an OP hook: the user's address on the source chain or on the chain the deposit is made from (any prefix: the same key). */
export function hookSignersOf(intent: Intent, depositChain: string | undefined): string[] {
  return [intent.addresses[intent.sourceChainId], depositChain ? intent.addresses[depositChain] : undefined].filter(
    (a): a is string => !!a && !/^0x/i.test(a),
  );
}
