/**
 * EVM calls by their ABI: the calldata of a route's EVM transaction (or a minievm MsgCall) decoded with the ABI of
 * the function its selector names (core/router/check/abi.ts, canonical encoding only), into payments and grants.
 * Understood: a plain value transfer, ERC-20 transfer, LayerZero OFT send (receiver, amount, minimum, fee, refund,
 * options); approve / permit / setApprovalForAll / transferFrom in the call itself are grants or pulls a bridge never
 * needs. Any other selector is unverified: its bytes are never searched for an address.
 */
import { sameDenom } from '../catalog';
import { OFT_SEND, KNOWN_EVM_FUNCTIONS, decodeCall, type AbiValue } from './abi';
import { DecodeError, hexBytes, sameAddress, wordAccount } from './bytes';
import { amountText, clip, mismatch, unverified, type MsgField, type Run } from './model';
import type { Hop } from './route';
import { oftToken, quotedMinimum } from './confirm';

interface EvmCall {
  tx: number;
  msg: number;
  chain: string;
  from: string;
  to: string;
  value: bigint;
  data: string;
  fields: MsgField[];
}

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

/** LayerZero v2 options: type 3, executor lzReceive options with no value only. */
function optionsProblem(hex: string): string | undefined {
  const b = hexBytes(hex);
  if (!b.length) return undefined;
  if (b.length < 2 || b[0] !== 0 || b[1] !== 3) return 'options of a type other than 3';
  let at = 2;
  while (at < b.length) {
    if (at + 4 > b.length) return 'truncated options';
    const worker = b[at]!;
    const size = (b[at + 1]! << 8) | b[at + 2]!;
    const type = b[at + 3]!;
    if (size < 1 || at + 3 + size > b.length) return 'an option of a wrong size';
    const data = b.subarray(at + 4, at + 3 + size);
    if (worker !== 1 || type !== 1)
      return `an option of worker ${worker}, type ${type} (only the executor's gas option is understood)`;
    if (data.length === 32 && /[^0]/.test(Buffer.from(data.subarray(16)).toString('hex')))
      return 'an option that sends native value along';
    if (data.length !== 16 && data.length !== 32) return 'an executor option of a wrong size';
    at += 3 + size;
  }
  return undefined;
}

/** Decodes one call into the run's payments; returns what it spends of an ERC-20 through an approval, if anything. */
export function decodeEvmCall(run: Run, hops: readonly Hop[], c: EvmCall): bigint | undefined {
  const at = { tx: c.tx, msg: c.msg };
  const native = nativeDenom(run, c.chain);
  const fn = (() => {
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
  })();
  if (fn === 'bad') return undefined;
  if (fn === null) {
    c.fields.push({ label: 'Function', value: 'none (a plain transfer)' });
    if (c.value > 0n)
      run.payments.push({
        ...at,
        chain: c.chain,
        from: c.from,
        denom: native,
        amount: c.value,
        role: 'transfer',
        landing: { chain: c.chain, address: c.to, via: [`sent on ${c.chain}`] },
      });
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
    if (c.value > 0n)
      run.payments.push({
        ...at,
        chain: c.chain,
        from: c.from,
        denom: native,
        amount: c.value,
        role: 'transfer',
        landing: undefined,
      });
    return undefined;
  }
  const a = fn.args;
  c.fields.push({ label: 'Function', value: fn.fn.signature });
  switch (fn.fn.name) {
    case 'transfer': {
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
      return undefined;
    }
    case 'approve':
    case 'increaseAllowance':
    case 'permit':
    case 'setApprovalForAll': {
      const spender = String(fn.fn.name === 'permit' ? a[1] : a[0]);
      mismatch(
        run,
        `Message ${c.msg + 1} (${fn.fn.name}) lets ${clip(spender)} spend your ${clip(c.to)} ${fn.fn.name === 'setApprovalForAll' ? 'tokens, all of them' : 'tokens'}: this transaction does not need it.`,
        at,
      );
      return undefined;
    }
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

function oftSend(run: Run, hops: readonly Hop[], c: EvmCall, a: AbiValue[], native: string): bigint | undefined {
  const at = { tx: c.tx, msg: c.msg };
  const [param, fee, refund] = a as [AbiValue[], AbiValue[], string];
  const [dstEid, to, amountLD, minAmountLD, options, compose, cmd] = param as [
    bigint,
    string,
    bigint,
    bigint,
    string,
    string,
    string,
  ];
  const [nativeFee, lzFee] = fee as [bigint, bigint];
  c.fields.push(
    { label: 'Receiver', value: to },
    { label: 'Amount', value: amountLD.toString() },
    { label: 'Minimum', value: minAmountLD.toString() },
    { label: 'Messaging fee', value: `${nativeFee} wei` },
    { label: 'Refund to', value: refund },
  );
  const hop = hops.find((h) => h.from === c.chain && (h.kind === 'layer_zero_transfer' || h.kind === 'lz_transfer'));
  if (!hop) {
    mismatch(run, `Message ${c.msg + 1} sends over LayerZero from ${clip(c.chain)}, which the route does not.`, at);
    return undefined;
  }
  // The contract called and the endpoint, against their anchors (confirmRoute said why when there is none).
  const ofts = run.anchors.contracts('oft', c.chain, oftToken(run, hop));
  if (ofts.length && !ofts.some((o) => sameAddress(o.value, c.to)))
    mismatch(
      run,
      `Message ${c.msg + 1} calls ${clip(c.to)}, but ${ofts[0]!.source} names ${clip(ofts.map((o) => o.value).join(' or '), 200)} as the LayerZero bridge for it.`,
      at,
    );
  const lz = (hop.op.layer_zero_transfer ?? hop.op.lz_transfer) as
    { source_oft_contract_address?: unknown } | null | undefined;
  const oft = typeof lz?.source_oft_contract_address === 'string' ? lz.source_oft_contract_address : undefined;
  if (oft !== undefined && !sameAddress(oft, c.to))
    mismatch(run, `Message ${c.msg + 1} calls ${clip(c.to)}, but the route's OFT contract is ${clip(oft)}.`, at);
  const eid = run.anchors.lzEndpoint(hop.to);
  if (eid.kind === 'found' && BigInt(eid.anchor.value) !== dstEid)
    mismatch(
      run,
      `Message ${c.msg + 1} sends to LayerZero endpoint ${dstEid}, but ${eid.anchor.source} gives ${clip(hop.to)} the endpoint ${eid.anchor.value}.`,
      at,
    );
  else if (eid.kind !== 'found')
    unverified(
      run,
      `Message ${c.msg + 1} sends to LayerZero endpoint ${dstEid}, which no source but the router ties to ${clip(hop.to)}.`,
      at,
    );
  const opt = (() => {
    try {
      return optionsProblem(options);
    } catch {
      return 'options that are not bytes';
    }
  })();
  if (opt)
    unverified(run, `Message ${c.msg + 1}'s LayerZero options carry ${opt}, which this check does not understand.`, at);
  if (compose !== '0x')
    unverified(
      run,
      `Message ${c.msg + 1} asks LayerZero to run a compose message on ${clip(hop.to)} after delivery, which this check cannot read.`,
      at,
    );
  if (cmd !== '0x') unverified(run, `Message ${c.msg + 1} carries an OFT command this check does not understand.`, at);
  if (lzFee !== 0n)
    mismatch(
      run,
      `Message ${c.msg + 1} also pays ${lzFee} in LayerZero's own token, which the route does not disclose.`,
      at,
    );
  if (!sameAddress(refund, c.from))
    mismatch(run, `Message ${c.msg + 1} sends any refund to ${clip(refund)}, not to you (${clip(c.from)}).`, at);
  if (minAmountLD > amountLD)
    mismatch(
      run,
      `Message ${c.msg + 1} asks for at least ${minAmountLD}, more than the ${amountLD} it sends: it would fail.`,
      at,
    );
  else oftMinimum(run, c, hop, amountLD, minAmountLD);
  // What leaves: the amount (native: in the value, else pulled from an ERC-20 through an approval) and the fee.
  const nativeSource = sameDenom(run.intent.sourceDenom, native) || !/^0x[0-9a-f]{40}$/i.test(run.intent.sourceDenom);
  const expectedValue = nativeSource ? amountLD + nativeFee : nativeFee;
  if (c.value !== expectedValue) {
    mismatch(
      run,
      `Message ${c.msg + 1} pays a value of ${c.value} wei, but its own arguments account for ${expectedValue} (${nativeSource ? `the amount ${amountLD} + ` : ''}the messaging fee ${nativeFee}).`,
      at,
    );
  }
  // The bytes32 receiver: the destination reads it as a 20-byte account (OFTMsgCodec.bytes32ToAddress on an EVM chain,
  // a Move address on Initia) only when its upper 12 bytes are zero; any other word names no account of yours.
  const landing = { chain: hop.to, address: wordAccount(to), via: [`LayerZero to ${hop.to}`] };
  run.payments.push({
    ...at,
    chain: c.chain,
    from: c.from,
    denom: nativeSource ? native : run.intent.sourceDenom,
    amount: amountLD,
    role: 'transfer',
    landing,
  });
  if (nativeFee > 0n)
    run.payments.push({ ...at, chain: c.chain, from: c.from, denom: native, amount: nativeFee, role: 'fee' });
  if (nativeSource && c.value > expectedValue)
    run.payments.push({
      ...at,
      chain: c.chain,
      from: c.from,
      denom: native,
      amount: c.value - expectedValue,
      role: 'transfer',
      landing: { chain: c.chain, address: c.to, via: ['paid to the contract'] },
    });
  // The contract spends the ERC-20 through its approval: the approval is checked against this.
  return nativeSource ? undefined : amountLD;
}

/**
 * An OFT send's minimum: at least the route's quote at the user's slippage, and (the quote being the router's own) at
 * least a tenth of the amount sent: an OFT delivers the same token, so a lower minimum lets the bridge keep the rest.
 */
function oftMinimum(run: Run, c: EvmCall, hop: Hop, amountLD: bigint, minAmountLD: bigint): void {
  const at = { tx: c.tx, msg: c.msg };
  const least = quotedMinimum(run);
  if (least === undefined)
    unverified(
      run,
      `Message ${c.msg + 1} accepts as little as ${minAmountLD} base units on ${clip(hop.to)}, but the least you accept could not be worked out from the route's amount out and your slippage (${clip(run.intent.slippagePercent, 20)}): the minimum is not checked.`,
      at,
    );
  else if (minAmountLD < least)
    mismatch(
      run,
      `Message ${c.msg + 1} accepts as little as ${minAmountLD} base units on ${clip(hop.to)}, but at your slippage of ${clip(run.intent.slippagePercent)} % the minimum is ${least}.`,
      at,
    );
  if (minAmountLD * 10n < amountLD)
    unverified(
      run,
      `Message ${c.msg + 1} accepts as little as ${minAmountLD} base units on ${clip(hop.to)} for the ${amountLD} it sends: less than a tenth, and the router's quote is the only basis this check has.`,
      at,
    );
}

export { OFT_SEND };
