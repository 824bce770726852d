/**
 * EVM calls by their ABI: the calldata of a route's EVM transaction (or a minievm MsgCall) decoded with the ABI of
 * the function its selector names (core/router/check/abi.ts, canonical encoding only), into payments and grants.
 * Understood: a plain value transfer, ERC-20 transfer, LayerZero OFT send (check/oft.ts: receiver, amount, minimum,
 * fee, refund, options); approve / permit / setApprovalForAll / transferFrom in the call itself are grants or pulls a
 * bridge never needs. Any other selector is unverified: its bytes are never searched for an address.
 */
import { OFT_SEND, KNOWN_EVM_FUNCTIONS, decodeCall, type AbiValue } from './abi';
import { DecodeError } from './bytes';
import { amountText, clip, mismatch, unverified, type EvmCall, type Landing, type Run } from './model';
import { oftSend } from './oft';
import type { Hop } from './route';

/** The native asset's denom on a chain, as the route's fees or the intent name it. */
export function nativeDenom(run: Run, chain: string): string {
  const fee = (run.route.estimated_fees ?? []).find(
    (f) => f.chain_id === chain && f.origin_asset?.denom && !/^0x[0-9a-f]{40}$/i.test(f.origin_asset.denom),
  );
  if (fee?.origin_asset?.denom) return fee.origin_asset.denom;
  if (chain === run.intent.sourceChainId && !/^0x[0-9a-f]{40}$/i.test(run.intent.sourceDenom))
    return run.intent.sourceDenom;
  return 'native';
}

/**
 * The call its calldata names: null for none (a plain transfer), undefined for a function not understood, 'bad' for
 * calldata that is not canonical (a mismatch recorded).
 */
function readCall(run: Run, c: EvmCall): ReturnType<typeof decodeCall> | null | 'bad' {
  const at = { tx: c.tx, msg: c.msg };
  try {
    return c.data.replace(/^0x/i, '') === '' ? null : decodeCall(c.data, KNOWN_EVM_FUNCTIONS);
  } catch (err) {
    if (err instanceof DecodeError) {
      mismatch(
        run,
        `Message ${c.msg + 1}'s calldata is not a canonical call (${clip(err.message, 100)}): what it does cannot be read from it.`,
        at,
      );
      return 'bad' as const;
    }
    throw err;
  }
}

/** The native value a call pays, as a transfer landing where it was followed to (undefined: nowhere known). */
function payValue(run: Run, c: EvmCall, native: string, landing: Landing | undefined): void {
  run.payments.push({
    tx: c.tx,
    msg: c.msg,
    chain: c.chain,
    from: c.from,
    denom: native,
    amount: c.value,
    role: 'transfer',
    landing,
  });
}

/** Decodes one call into the run's payments; returns what it spends of an ERC-20 through an approval, if anything. */
export function decodeEvmCall(run: Run, hops: readonly Hop[], c: EvmCall): bigint | undefined {
  const at = { tx: c.tx, msg: c.msg };
  const native = nativeDenom(run, c.chain);
  const fn = readCall(run, c);
  if (fn === 'bad') return undefined;
  if (fn === null) {
    c.fields.push({ label: 'Function', value: 'none (a plain transfer)' });
    if (c.value > 0n) payValue(run, c, native, { chain: c.chain, address: c.to, via: [`sent on ${c.chain}`] });
    return;
  }
  if (fn === undefined) {
    const selector = c.data.replace(/^0x/i, '').slice(0, 8);
    c.fields.push({ label: 'Function', value: `0x${clip(selector, 8)} (not understood)` });
    unverified(
      run,
      `Message ${c.msg + 1} calls function 0x${clip(selector, 8)} of ${clip(c.to)}, which this check does not understand.`,
      at,
    );
    if (c.value > 0n) payValue(run, c, native, undefined);
    return undefined;
  }
  const a = fn.args;
  c.fields.push({ label: 'Function', value: fn.fn.signature });
  switch (fn.fn.name) {
    case 'transfer':
      erc20Transfer(run, c, a);
      return undefined;
    case 'approve':
    case 'increaseAllowance':
    case 'permit':
    case 'setApprovalForAll':
      approval(run, c, fn.fn.name, a);
      return undefined;
    case 'transferFrom': {
      mismatch(
        run,
        `Message ${c.msg + 1} (transferFrom) moves ${clip(String(a[2]))} of ${clip(c.to)} from ${clip(String(a[0]))} to ${clip(String(a[1]))}: a bridge transfer does not call it.`,
        at,
      );
      return undefined;
    }
    default:
      return oftSend(run, hops, c, a, native);
  }
}

/** An ERC-20 transfer: the token paid to its recipient, on this chain; value sent along to the token is a mismatch. */
function erc20Transfer(run: Run, c: EvmCall, a: AbiValue[]): void {
  const at = { tx: c.tx, msg: c.msg };
  const [to, amount] = a as [string, bigint];
  c.fields.push({ label: 'Token transfer', value: `${amountText(run, c.chain, c.to, amount)} to ${to}` });
  run.payments.push({
    ...at,
    chain: c.chain,
    from: c.from,
    denom: c.to,
    amount,
    role: 'transfer',
    landing: { chain: c.chain, address: to, via: [`ERC-20 transfer on ${c.chain}`] },
  });
  if (c.value > 0n)
    mismatch(run, `Message ${c.msg + 1} also pays ${c.value} wei to the token contract ${clip(c.to)}.`, at);
}

/** An approval or permit in the call itself: it lets another account spend the user's tokens, which no bridge needs. */
function approval(run: Run, c: EvmCall, name: string, a: AbiValue[]): void {
  const at = { tx: c.tx, msg: c.msg };
  const spender = String(name === 'permit' ? a[1] : a[0]);
  mismatch(
    run,
    `Message ${c.msg + 1} (${name}) lets ${clip(spender)} spend your ${clip(c.to)} ${name === 'setApprovalForAll' ? 'tokens, all of them' : 'tokens'}: this transaction does not need it.`,
    at,
  );
}

export { OFT_SEND };
