/**
 * The OP hook: the messages `/op-hook` answers run on the rollup after an OPinit deposit, signed by the user. They are
 * decoded like the route's own messages (the same allowlist) before the user is told to sign them: on the chain the
 * deposit lands on, from the user's address only, everything they move going to the destination address, no more than
 * the route delivers, nothing else. The signed hook the user pastes back is decoded too (a cosmos `Tx`): its body must
 * carry exactly the checked messages, from the signer the user named, with a signature; otherwise it is refused
 * before `/v2/fungible/msgs` is asked. The signature itself is verified by the chain, not here.
 */
import { sameDenom } from '../denoms';
import type { OpHook, Route } from '../schemas';
import { DecodeError, base64Bytes, protoBytes, protoFields, protoText, sameAddress, type ProtoField } from './bytes';
import { decodeCosmosMsg } from './cosmos';
import { amountText, clip, hookSignersOf, mismatch, type Intent, type Landing, type Problem, type Run } from './model';
import { checkRoute, hopsOf, isHop, routeNeedsOpHook } from './route';
import { verdictOf, type Verdict } from './verdict';

interface HookCheck extends Verdict {
  /** Where the hook sends the funds, when it matches. */
  landing?: Landing;
  /** The chain it runs on. */
  chainId: string;
}

type RunOptions = Pick<Run, 'anchors' | 'asset' | 'now'>;

/** The OPinit deposit an OP hook follows: the route's deposit that another hop leads into. */
function hookDepositOf(route: Route): { from: string; to: string } | undefined {
  const hops = hopsOf(route).filter(isHop);
  return hops.find((h, i) => i > 0 && h.kind === 'op_init_transfer');
}

export function checkOpHook(hook: OpHook, intent: Intent, route: Route, options: RunOptions): HookCheck {
  const deposit = hookDepositOf(route);
  const signers = hookSignersOf(intent, deposit?.from);
  const signer = signers.join(' or ');
  const run: Run = {
    intent,
    route,
    problems: [],
    payments: [],
    grants: [],
    summaries: [],
    caveats: [],
    hookSigners: signers,
    ...options,
  };
  const hops = checkRoute(run);
  const chain = deposit?.to;
  if (!routeNeedsOpHook(route))
    mismatch(
      run,
      'This route has no OPinit deposit that another hop leads into: it needs no OP hook, and none should be signed.',
    );
  else if (hook.chain_id !== chain)
    mismatch(
      run,
      `The hook is for ${clip(hook.chain_id)}, but the route's deposit lands on ${clip(chain ?? '?')}: that is where a hook runs.`,
    );
  if (!hook.hook.length) mismatch(run, 'The router returned an empty hook.');
  hook.hook.forEach((m) => decodeCosmosMsg(run, hops, 0, hook.chain_id, m.msg_type_url, m.msg));
  const receiver = intent.addresses[intent.destChainId] ?? '';
  let landing: Landing | undefined;
  let total = 0n;
  for (const p of run.payments) {
    const at = { tx: 0, msg: p.msg };
    if (p.role !== 'transfer') continue;
    if (!p.landing) continue;
    if (p.landing.chain !== intent.destChainId || !sameAddress(p.landing.address, receiver)) {
      mismatch(
        run,
        `The hook sends ${amountText(run, p.chain, p.denom, p.amount)} to ${clip(p.landing.address)} on ${clip(p.landing.chain)}, not to your destination address ${clip(receiver)} on ${clip(intent.destChainId)}.`,
        at,
      );
      continue;
    }
    if (!sameDenom(p.denom, intent.destDenom)) {
      mismatch(run, `The hook sends ${clip(p.denom)}, not the ${clip(intent.destDenom)} the transfer delivers.`, at);
      continue;
    }
    total += p.amount;
    landing = {
      chain: p.landing.chain,
      address: p.landing.address,
      denom: p.denom,
      via: [`the OP hook sends it on to ${p.landing.address}`],
    };
  }
  const delivered = BigInt(route.estimated_amount_out ?? route.amount_out);
  if (total > delivered)
    mismatch(
      run,
      `The hook sends ${amountText(run, intent.destChainId, intent.destDenom, total)}, more than the ${amountText(run, intent.destChainId, intent.destDenom, delivered)} this route delivers: it would spend your own balance there.`,
    );
  const verdict = verdictOf(run, [
    ...(landing
      ? [
          `On ${hook.chain_id}, signed by you (${signer}): sends at most ${amountText(run, intent.destChainId, intent.destDenom, total)} to ${receiver}, after the deposit arrives.`,
        ]
      : []),
  ]);
  return {
    ...verdict,
    landing: verdict.kind === 'matches' && landing ? { ...landing, amount: total } : undefined,
    chainId: hook.chain_id,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The signed hook

const one = (fields: ProtoField[], no: number) => fields.filter((f) => f.no === no);

/** Proto MsgSend → its amino fields, to compare with the hook that was checked. */
function protoMsgSend(value: Uint8Array): Record<string, unknown> {
  const f = protoFields(value);
  for (const x of f) if (x.no > 3) throw new DecodeError(`MsgSend has an unknown field ${x.no}`);
  return {
    from_address: protoText(one(f, 1)[0] ?? { no: 1, wire: 2, value: new Uint8Array() }),
    to_address: protoText(one(f, 2)[0] ?? { no: 2, wire: 2, value: new Uint8Array() }),
    amount: one(f, 3).map((c) => {
      const cf = protoFields(protoBytes(c));
      for (const x of cf) if (x.no > 2) throw new DecodeError('Coin has an unknown field');
      return { denom: protoText(one(cf, 1)[0]!), amount: protoText(one(cf, 2)[0]!) };
    }),
  };
}

const PROTO_READERS: Record<string, (value: Uint8Array) => Record<string, unknown>> = {
  '/cosmos.bank.v1beta1.MsgSend': protoMsgSend,
};

/** Canonical JSON (keys sorted) for comparing a proto message with its amino form. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

interface SignedHookCheck {
  ok: boolean;
  problems: string[];
  /** The signed transaction's bytes, when it carries exactly the checked hook. */
  bytes?: Uint8Array;
}

/** Message `i` of the signed hook against the checked hook's: the same type, the same fields, from the signer named. */
function compareSignedMsg(
  problems: string[],
  m: { typeUrl: string; value: Uint8Array },
  i: number,
  hook: OpHook,
  signer: string,
): void {
  const expected = hook.hook[i];
  if (!expected) return;
  if (m.typeUrl !== expected.msg_type_url) {
    problems.push(
      `Message ${i + 1} of the signed hook is ${clip(m.typeUrl, 80)}, not the checked ${clip(expected.msg_type_url, 80)}.`,
    );
    return;
  }
  const read = PROTO_READERS[m.typeUrl];
  if (!read) {
    problems.push(
      `Message ${i + 1} of the signed hook (${clip(m.typeUrl, 80)}) cannot be compared with the checked hook.`,
    );
    return;
  }
  const got = read(m.value);
  let want: unknown;
  try {
    want = JSON.parse(expected.msg);
  } catch {
    want = undefined;
  }
  if (canonical(got) !== canonical(want))
    problems.push(`Message ${i + 1} of the signed hook differs from the hook that was checked.`);
  const from = typeof got.from_address === 'string' ? got.from_address : '';
  if (!sameAddress(from, signer, true))
    problems.push(`Message ${i + 1} of the signed hook is sent from ${clip(from)}, not by the signer you named.`);
}

/** Whether `signed` (base64 of a cosmos Tx) carries exactly the messages of `hook`, from `signer`, who is the user. */
function checkSignedHook(
  signed: { signer: string; hook: string },
  hook: OpHook,
  intent: Intent,
  route: Route,
): SignedHookCheck {
  const problems: string[] = [];
  const users = hookSignersOf(intent, hookDepositOf(route)?.from);
  if (!users.some((u) => sameAddress(signed.signer, u, true)))
    problems.push(
      `The hook signer you named (${clip(signed.signer)}) is not your address (${clip(users.join(' or ') || 'none entered')}).`,
    );
  let bytes: Uint8Array;
  try {
    bytes = base64Bytes(signed.hook.replace(/\s+/g, ''));
  } catch {
    return { ok: false, problems: [...problems, 'The signed hook is not base64.'] };
  }
  try {
    const tx = protoFields(bytes);
    if (tx.some((f) => f.no > 3))
      throw new DecodeError("a message with fields other than a Tx's body, auth info and signatures");
    const [body] = one(tx, 1);
    if (!body || one(tx, 1).length !== 1 || one(tx, 2).length !== 1)
      throw new DecodeError('it is not a signed transaction (no body or no auth info)');
    const sigs = one(tx, 3);
    if (!sigs.length || sigs.some((s) => !protoBytes(s).length)) problems.push('The signed hook carries no signature.');
    const b = protoFields(protoBytes(body));
    if (b.some((f) => f.no === 1023 || f.no === 2047))
      problems.push('The signed hook carries extension options, which this check does not read.');
    const msgs = one(b, 1).map((m) => {
      const any = protoFields(protoBytes(m));
      return {
        typeUrl: protoText(one(any, 1)[0]!),
        value: protoBytes(one(any, 2)[0] ?? { no: 2, wire: 2, value: new Uint8Array() }),
      };
    });
    if (msgs.length !== hook.hook.length)
      problems.push(`The signed hook carries ${msgs.length} message(s), but the checked hook has ${hook.hook.length}.`);
    msgs.forEach((m, i) => compareSignedMsg(problems, m, i, hook, signed.signer));
  } catch (err) {
    const what = /^protobuf /.test(err instanceof Error ? err.message : '')
      ? `${bytes.length} bytes that do not read as one (not protobuf)`
      : clip(err instanceof Error ? err.message.replace(/^it is /, '') : String(err), 120);
    return {
      ok: false,
      problems: [
        ...problems,
        `Expected a signed transaction (base64 of a cosmos Tx, as your wallet or CLI signs it), but this is ${what}.`,
      ],
    };
  }
  return problems.length ? { ok: false, problems } : { ok: true, problems, bytes };
}

export type { Problem };

/**
 * Before `/v2/fungible/msgs` is asked: a route that needs an OP hook needs the hook the user was shown as matching and
 * a signed hook that carries exactly it; anything else is refused here, with the reasons, and no request is made.
 */
export function hookForMsgs(
  intent: Intent,
  route: Route,
  hook: OpHook | undefined,
  signed: { signer: string; hook: string } | undefined,
  options: RunOptions,
): { ok: true; value?: { bytes: Uint8Array; landing: Landing } } | { ok: false; problems: string[] } {
  if (!routeNeedsOpHook(route)) return { ok: true };
  if (!hook) return { ok: false, problems: ['Get the OP hook first: it is checked before you sign it.'] };
  const check = checkOpHook(hook, intent, route, options);
  if (check.kind !== 'matches' || !check.landing)
    return {
      ok: false,
      problems: [
        'The OP hook does not match your transfer: do not sign it.',
        ...[...check.mismatches, ...check.unverified].map((p) => p.text),
      ],
    };
  if (!signed || !signed.hook.trim()) return { ok: false, problems: ['Paste the signed OP hook first.'] };
  const s = checkSignedHook(signed, hook, intent, route);
  if (!s.ok || !s.bytes) return { ok: false, problems: s.problems };
  return { ok: true, value: { bytes: s.bytes, landing: check.landing } };
}
