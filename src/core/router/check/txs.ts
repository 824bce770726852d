/**
 * Each transaction of `/v2/fungible/msgs`' answer checked (verify.ts runs them in order): every key read, one kind,
 * signed by the user; a Cosmos one's messages decoded (check/cosmos.ts), an EVM one's call decoded (check/evm.ts) with
 * its ERC-20 approvals; each rebuilt from the checked objects to be signed. Split from verify.ts.
 */
import { sameDenom } from '../denoms';
import { evmTxData, type TxToSign } from '../schemas';
import { jsonText } from '../../goJson';
import { sameAddress } from './bytes';
import { canonicalNumber, numeralWords } from './numeral';
import { decodeCosmosMsg } from './cosmos';
import { decodeEvmCall } from './evm';
import { amountText, clip, mismatch, unverified, type Hop, type Run } from './model';

/** The run the transactions are checked in, the route's hops, and how many messages could not be decoded. */
export interface TxRun {
  run: Run;
  hops: Hop[];
  /** Messages that could not be decoded (already unverified): what they move is unknown, not missing. */
  undecoded: number;
}

type EvmTx = NonNullable<TxToSign['evm_tx']>;
type Approval = NonNullable<EvmTx['required_erc20_approvals']>[number];

const TX_KEYS = new Set(['cosmos_tx', 'evm_tx', 'svm_tx', 'operations_indices']);
const COSMOS_KEYS = new Set(['chain_id', 'path', 'signer_address', 'msgs']);
const EVM_KEYS = new Set(['chain_id', 'to', 'value', 'data', 'required_erc20_approvals', 'signer_address']);
const present = (v: unknown) => v !== undefined && v !== null;

/** Keys of a transaction (or of its body) that this check does not read, and that carry something: unverified. */
function unreadKeys(run: Run, t: number, record: Record<string, unknown>, known: ReadonlySet<string>): void {
  const extra = Object.keys(record).filter((k) => !known.has(k) && present(record[k]));
  if (extra.length)
    unverified(
      run,
      `Transaction ${t + 1} carries ${extra.map((k) => `"${clip(k, 40)}"`).join(', ')}, which this check does not read.`,
      { tx: t },
    );
}

/** Whether transaction `t` is of exactly one kind (Cosmos, EVM or Solana); a mismatch and an unknown summary if not. */
export function oneKind(run: Run, t: number, raw: TxToSign): boolean {
  const record = raw as Record<string, unknown>;
  unreadKeys(run, t, record, TX_KEYS);
  const kinds = ['cosmos_tx', 'evm_tx', 'svm_tx'].filter((k) => present(record[k]));
  if (kinds.length !== 1) {
    mismatch(
      run,
      kinds.length
        ? `Transaction ${t + 1} carries ${kinds.join(' and ')} at once: a wallet could sign either.`
        : `Transaction ${t + 1} is neither a Cosmos, an EVM nor a Solana transaction.`,
      { tx: t },
    );
    run.summaries.push({ tx: t, chainId: '', kind: 'unknown', type: 'Unknown transaction', fields: [] });
    return false;
  }
  return true;
}

/** A Solana transaction: shown, not decoded (unverified); handed back as it came. */
export function svmTx(run: Run, t: number, raw: TxToSign): unknown {
  run.summaries.push({
    tx: t,
    chainId: raw.svm_tx!.chain_id,
    kind: 'svm',
    type: 'Solana transaction',
    fields: [{ label: 'Transaction', value: `${raw.svm_tx!.tx.length} characters of base64` }],
  });
  unverified(run, `Transaction ${t + 1} is a Solana transaction, which this check cannot decode.`, { tx: t });
  return raw;
}

/** The transaction is for a chain the user entered an address on, and signed by that address. */
function signerCheck(run: Run, t: number, chain: string, signer: string | null | undefined): void {
  const mine = run.intent.addresses[chain];
  if (mine === undefined)
    mismatch(
      run,
      `Transaction ${t + 1} is for ${clip(chain)}, a chain on which you entered no address: the route does not go through it.`,
      { tx: t },
    );
  else if (signer && !sameAddress(signer, mine))
    mismatch(
      run,
      `Transaction ${t + 1} is to be signed by ${clip(signer)}, but your address on ${clip(chain)} is ${clip(mine)}.`,
      { tx: t },
    );
}

/** A Cosmos transaction: its messages decoded; undefined when one could not be (counted in `undecoded`). */
export function cosmosTx(s: TxRun, t: number, tx: NonNullable<TxToSign['cosmos_tx']>, raw: TxToSign): unknown {
  const { run, hops } = s;
  unreadKeys(run, t, tx as Record<string, unknown>, COSMOS_KEYS);
  signerCheck(run, t, tx.chain_id, tx.signer_address);
  if (!tx.msgs.length) mismatch(run, `Transaction ${t + 1} has no message.`, { tx: t });
  const out: Array<{ msg_type_url: string; msg: string }> = [];
  let ok = true;
  for (const m of tx.msgs) {
    const r = decodeCosmosMsg(run, hops, t, tx.chain_id, m.msg_type_url, m.msg);
    if (r.signable) out.push({ msg_type_url: m.msg_type_url, msg: jsonText(r.signable) });
    else {
      ok = false;
      s.undecoded++;
    }
  }
  if (!ok) return undefined;
  return {
    cosmos_tx: {
      chain_id: tx.chain_id,
      ...(tx.path ? { path: tx.path } : {}),
      ...(tx.signer_address ? { signer_address: tx.signer_address } : {}),
      msgs: out,
    },
    ...(raw.operations_indices ? { operations_indices: raw.operations_indices } : {}),
  };
}

/** An EVM transaction: its call decoded, its ERC-20 approvals checked against what the call spends. */
export function evmTx(s: TxRun, t: number, tx: EvmTx, raw: TxToSign): unknown {
  const { run, hops } = s;
  const { intent } = run;
  unreadKeys(run, t, tx as Record<string, unknown>, EVM_KEYS);
  signerCheck(run, t, tx.chain_id, tx.signer_address);
  const msg = run.summaries.length;
  const fields = [
    ...(tx.signer_address ? [{ label: 'From', value: clip(tx.signer_address) }] : []),
    { label: 'To', value: clip(tx.to) },
    { label: 'Value', value: `${clip(tx.value || '0')} wei` },
  ];
  run.summaries.push({ tx: t, chainId: tx.chain_id, kind: 'evm', type: 'EVM call', fields });
  const value = canonicalNumber(tx.value || '0', 256);
  if (value === undefined)
    mismatch(run, `Transaction ${t + 1}'s value, in wei: ${numeralWords('it', tx.value, 256)}`, { tx: t, msg });
  const from = tx.signer_address ?? intent.addresses[tx.chain_id] ?? '';
  const spends = decodeEvmCall(run, hops, {
    tx: t,
    msg,
    chain: tx.chain_id,
    from,
    to: tx.to,
    value: value ?? 0n,
    data: evmTxData(tx),
    fields,
  });
  const approvals = tx.required_erc20_approvals ?? [];
  approvals.forEach((a, i) => approval(run, t, tx, { a, i, spends, from }));
  if (spends !== undefined && !run.grants.some((g) => g.tx === t))
    mismatch(
      run,
      `Transaction ${t + 1} spends ${amountText(run, tx.chain_id, intent.sourceDenom, spends)} through an approval that it does not ask for.`,
      { tx: t, msg },
    );
  return {
    evm_tx: {
      chain_id: tx.chain_id,
      to: tx.to,
      value: tx.value ?? '',
      data: tx.data ?? '',
      required_erc20_approvals: approvals.map((a) => ({
        token_contract: a.token_contract,
        spender: a.spender,
        amount: a.amount,
      })),
      ...(tx.signer_address ? { signer_address: tx.signer_address } : {}),
    },
    ...(raw.operations_indices ? { operations_indices: raw.operations_indices } : {}),
  };
}

/** Approval `i` of an EVM transaction: to the contract it calls, of the token sent, for no more than the call spends. */
function approval(
  run: Run,
  t: number,
  tx: EvmTx,
  { a, i, spends, from }: { a: Approval; i: number; spends: bigint | undefined; from: string },
): void {
  const { intent } = run;
  const n =
    run.summaries.push({
      tx: t,
      chainId: tx.chain_id,
      kind: 'evm',
      type: 'ERC-20 approval',
      fields: [
        { label: 'Token', value: clip(a.token_contract) },
        { label: 'Spender', value: clip(a.spender) },
        {
          label: 'Amount',
          value:
            canonicalNumber(a.amount, 256) !== undefined
              ? amountText(run, tx.chain_id, a.token_contract, a.amount)
              : clip(a.amount),
        },
      ],
    }) - 1;
  const at = { tx: t, msg: n };
  const amount = canonicalNumber(a.amount, 256);
  if (amount === undefined)
    return mismatch(run, `Approval ${i + 1}'s amount: ${numeralWords('it', a.amount, 256)}`, at);
  if (!sameAddress(a.spender, tx.to))
    return mismatch(
      run,
      `Approval ${i + 1} lets ${clip(a.spender)} spend your ${clip(a.token_contract)}, but this transaction calls ${clip(tx.to)}.`,
      at,
    );
  if (!sameDenom(a.token_contract, intent.sourceDenom))
    return mismatch(
      run,
      `Approval ${i + 1} is for token ${clip(a.token_contract)}, but you are sending ${clip(intent.sourceDenom)}.`,
      at,
    );
  if (spends === undefined)
    return mismatch(
      run,
      `Approval ${i + 1} lets ${clip(a.spender)} spend ${amountText(run, tx.chain_id, a.token_contract, amount)}, but the call spends none of it.`,
      at,
    );
  if (amount > spends)
    return mismatch(
      run,
      `Approval ${i + 1} lets ${clip(a.spender)} spend ${amount >= 1n << 255n ? 'an unlimited amount' : amountText(run, tx.chain_id, a.token_contract, amount)}, more than the ${amountText(run, tx.chain_id, a.token_contract, spends)} this transfer needs.`,
      at,
    );
  run.grants.push({ ...at, chain: tx.chain_id, owner: from, token: a.token_contract, spender: a.spender, amount });
}
