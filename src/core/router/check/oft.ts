/**
 * A LayerZero OFT send (the EVM call check/evm.ts hands over): the contract and endpoint against their anchors, the
 * options, compose message and command it carries, the fees and refund, the minimum, and the value it pays, into
 * payments. Split from check/evm.ts by what it checks.
 */
import { sameDenom } from '../denoms';
import type { AbiValue } from './abi';
import { hexBytes, sameAddress, wordAccount } from './bytes';
import { clip, mismatch, unverified, type EvmCall, type Run } from './model';
import type { Hop } from './route';
import { oftToken, quotedMinimum } from './confirm';

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

/** An OFT send's arguments checked and paid; returns what it spends of an ERC-20 through an approval, if anything. */
export function oftSend(run: Run, hops: readonly Hop[], c: EvmCall, a: AbiValue[], native: string): bigint | undefined {
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
  oftContract(run, c, hop);
  oftEndpoint(run, c, hop, dstEid);
  oftExtras(run, c, hop, options, compose, cmd);
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
  return oftValue(run, c, hop, native, { to, amountLD, nativeFee });
}

/** The contract called, against the OFT an anchor names (confirmRoute said why when none does) and the route's. */
function oftContract(run: Run, c: EvmCall, hop: Hop): void {
  const at = { tx: c.tx, msg: c.msg };
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
}

/** The destination endpoint id, against the one an anchor gives the route's destination. */
function oftEndpoint(run: Run, c: EvmCall, hop: Hop, dstEid: bigint): void {
  const at = { tx: c.tx, msg: c.msg };
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
}

/** What else the send asks of LayerZero: options, a compose message, an OFT command; any of them is unverified. */
function oftExtras(run: Run, c: EvmCall, hop: Hop, options: string, compose: string, cmd: string): void {
  const at = { tx: c.tx, msg: c.msg };
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
}

/** The value paid against the call's own arguments, and its payments; returns what it spends of an ERC-20. */
function oftValue(
  run: Run,
  c: EvmCall,
  hop: Hop,
  native: string,
  { to, amountLD, nativeFee }: { to: string; amountLD: bigint; nativeFee: bigint },
): bigint | undefined {
  const at = { tx: c.tx, msg: c.msg };
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
