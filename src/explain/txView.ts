/**
 * The Explain Transaction view, made on the host from the indexer's answers (pure: no VS Code, unit-tested in plain
 * Node). Everything from the chain stays text: control and bidi characters are taken out of one-line texts, long
 * values are cut, and only the extension's own link kinds (a tx hash, a height, an init1…/0x… account) lead anywhere.
 * EVM logs and calls arrive already decoded (the adapter asks the workspace's ABIs, which is asynchronous).
 */
import type { EvmTx, InternalTx, Tx } from '../core/indexer/schemas';
import {
  balanceChanges,
  callTree,
  groupEvents,
  msgTypeWords,
  quantity,
  readEvents,
  signersOf,
  type TxEvent,
} from '../core/txExplain';
import { absoluteTime, amountWords, formatUnits, groupDigits, labelText } from '../core/format';
import type { Decoded } from '../core/abi/artifacts';
import type {
  CallView,
  DecodedView,
  EventView,
  ExplainView,
  Field,
  Link,
  LogView,
  MessageView,
  RawCallView,
} from './protocol';

/** An asset's symbol and decimals on this network, when known (the router's asset list). */
export type AssetOf = (denom: string) => { symbol?: string; decimals?: number } | undefined;

const ACCOUNT = /^(init1[02-9ac-hj-np-z]{38}|init1[02-9ac-hj-np-z]{58}|0x[0-9a-fA-F]{40})$/;

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** A field, linked when its value is an account (or, for `kind`, what the caller says it is). */
function field(label: string, value: string, kind?: Link['kind']): Field {
  const text = clip(value, 2000);
  const v = value.trim();
  if (kind) return { label, text, link: { kind, value: v } };
  if (ACCOUNT.test(v)) return { label, text, link: { kind: 'account', value: v } };
  return { label, text };
}

/** Abi files named by the view, by number (the webview opens one by its number, never by a path it sends). */
class Files {
  readonly list: string[] = [];
  index(file: string | undefined): number | undefined {
    if (!file) return undefined;
    const i = this.list.indexOf(file);
    return i >= 0 ? i : this.list.push(file) - 1;
  }
}

/**
 * A decoded call, log or error as the page shows it (the transaction's view and the call trace's): `files` numbers
 * its ABI file, `arg` makes each argument's field (a link where the value is an account).
 */
export function decodedView(
  d: Decoded,
  files: Pick<Files, 'index'>,
  arg: (label: string, value: string) => Field = field,
): DecodedView {
  const base = d.file ? d.file.slice(d.file.lastIndexOf('/') + 1) : undefined;
  const source = d.contract
    ? `${labelText(d.contract, 80)}${base ? ` (${labelText(base, 80)})` : ''}`
    : d.builtin
      ? `the built-in ${d.builtin} ABI`
      : '';
  return {
    title: labelText(d.name, 80),
    signature: labelText(d.signature, 200),
    source,
    file: files.index(d.file),
    args: d.args.map((a) => arg(`${labelText(a.name || '(unnamed)', 60)} (${labelText(a.type, 40)})`, a.value)),
  };
}

/**
 * A call no ABI decoded, as it is: its 4-byte selector, input and output (cut when long), and why ("no ABI in the
 * workspace for 0x… knows 0x…"). Undefined for a call without input (a plain value transfer): nothing to decode.
 */
export function rawCall(to: string | undefined, input: unknown, output?: unknown): RawCallView | undefined {
  if (typeof input !== 'string') return undefined;
  const hex = input.startsWith('0x') || input.startsWith('0X') ? input.slice(2) : input;
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length < 8) return undefined;
  const selector = `0x${hex.slice(0, 8).toLowerCase()}`;
  const contract = to && /^0x[0-9a-fA-F]{40}$/.test(to) ? to : undefined;
  const out =
    typeof output === 'string' && /^(0x)?[0-9a-fA-F]*$/.test(output) && output.replace(/^0x/, '')
      ? clip(output.startsWith('0x') ? output : `0x${output}`, 2000)
      : undefined;
  return {
    selector,
    input: clip(`0x${hex}`, 2000),
    output: out,
    note: contract
      ? `No ABI in the workspace for ${contract} knows the function ${selector}.`
      : `No ABI in the workspace knows the function ${selector}.`,
  };
}

function amountText(asset: AssetOf, denom: string, amount: string): string {
  return amountWords(amount, denom, asset(denom));
}

const isCoin = (v: unknown): v is { denom: string; amount: string } =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as { denom?: unknown }).denom === 'string' &&
  typeof (v as { amount?: unknown }).amount === 'string' &&
  /^\d+$/.test((v as { amount: string }).amount);

/** The fields of a message: its values as text, coins in whole units where known, accounts linked. */
function messageFields(msg: Record<string, unknown>, asset: AssetOf): Field[] {
  const out: Field[] = [];
  for (const [key, value] of Object.entries(msg)) {
    if (key === '@type') continue;
    const label = key.replace(/_/g, ' ');
    if (typeof value === 'string') {
      if (/^(0x)?[0-9a-fA-F]{200,}$/.test(value))
        out.push({ label, text: `${value.slice(0, 74)}… (${Math.floor(value.replace(/^0x/, '').length / 2)} bytes)` });
      else out.push(field(label, value));
    } else if (isCoin(value)) out.push({ label, text: amountText(asset, value.denom, value.amount) });
    else if (Array.isArray(value) && value.length > 0 && value.every(isCoin))
      out.push({ label, text: value.map((c) => amountText(asset, c.denom, c.amount)).join(', ') });
    else if (Array.isArray(value) && value.length === 0) out.push({ label, text: 'none' });
    else if (value === null || value === undefined) continue;
    else if (typeof value === 'object') out.push({ label, text: clip(JSON.stringify(value), 600) });
    else out.push({ label, text: String(value) });
  }
  return out;
}

function eventView(e: TxEvent): EventView {
  return { type: labelText(e.type, 80), attributes: e.attributes.map((a) => field(labelText(a.key, 60), a.value)) };
}

export interface CosmosContext {
  network: string;
  asset?: AssetOf;
  /** The decoded input of each message that calls an EVM contract, by message index. */
  calls?: ReadonlyMap<number, Decoded>;
  /** EVM logs the tx's events carry, with their decoding when an ABI knows them. */
  logs?: ReadonlyArray<{ log: { address: string; topics: readonly string[]; data: string }; decoded?: Decoded }>;
  notes?: readonly string[];
}

/** A Cosmos transaction explained. */
export function explainCosmos(tx: Tx, ctx: CosmosContext): ExplainView {
  const asset: AssetOf = ctx.asset ?? (() => undefined);
  const files = new Files();
  const messages = (tx.tx?.body?.messages ?? []) as Array<Record<string, unknown>>;
  const events = readEvents(tx.events);
  const { byMessage, other } = groupEvents(events, messages.length);
  const failed = tx.code !== 0;
  const fee = tx.tx?.auth_info?.fee?.amount ?? [];
  const facts: Field[] = [
    field('Height', String(tx.height), 'block'),
    ...(tx.timestamp ? [{ label: 'Time', text: absoluteTime(tx.timestamp) }] : []),
    { label: 'Fee', text: fee.length ? fee.map((c) => amountText(asset, c.denom, c.amount)).join(', ') : 'none' },
    {
      label: 'Gas used / wanted',
      text: `${groupDigits(String(tx.gas_used ?? '?'))} / ${groupDigits(String(tx.gas_wanted ?? '?'))}`,
    },
    ...signersOf(messages).map((s, i, all) => field(all.length > 1 ? `Signer ${i + 1}` : 'Signer', s)),
  ];
  const memo = tx.tx?.body?.memo;
  if (memo) facts.push({ label: 'Memo', text: clip(memo, 2000) });
  const messageViews: MessageView[] = messages.map((m, i) => {
    const typeUrl = typeof m['@type'] === 'string' ? m['@type'] : '';
    const call = ctx.calls?.get(i);
    const contract = typeof m.contract_addr === 'string' ? m.contract_addr : undefined;
    return {
      title: `${i + 1}. ${msgTypeWords(typeUrl)}`,
      typeUrl: labelText(typeUrl, 120),
      fields: messageFields(m, asset),
      call: call ? decodedView(call, files) : undefined,
      rawCall: call || !contract ? undefined : rawCall(contract, m.input),
      events: (byMessage[i] ?? []).map(eventView),
    };
  });
  const logs: LogView[] = (ctx.logs ?? []).map(({ log, decoded }, index) => ({
    index,
    address: field('Contract', log.address),
    decoded: decoded ? decodedView(decoded, files) : undefined,
    topics: log.topics.map((t) => clip(t, 70)),
    data: clip(log.data, 2000),
  }));
  return {
    kind: 'cosmos',
    hash: tx.txhash,
    network: ctx.network,
    outcome: failed
      ? {
          ok: false,
          text: `Failed with code ${tx.code}${tx.codespace ? ` (${labelText(tx.codespace, 40)})` : ''}`,
          reason: tx.raw_log ? clip(tx.raw_log, 2000) : undefined,
        }
      : { ok: true, text: 'Succeeded' },
    facts,
    messages: messageViews,
    otherEvents: other.map(eventView),
    balances: balanceChanges(events).map((b) => ({
      address: field('Address', b.address),
      changes: b.changes.map((c) => amountTextSigned(asset, c.denom, c.amount)),
    })),
    logs,
    calls: [],
    notes: [...(ctx.notes ?? [])],
    abiFiles: files.list,
  };
}

/** A balance change in words, with its sign in front: "+1.5 INIT (1,500,000 uinit)", "−2,000 uinit". */
function amountTextSigned(asset: AssetOf, denom: string, amount: string): string {
  const negative = amount.startsWith('-');
  return `${negative ? '−' : '+'}${amountText(asset, denom, negative ? amount.slice(1) : amount)}`;
}

/** What the EVM view shows of the native value: whole units with 18 decimals, and the wei. */
/** The Value of an EVM transaction neither the indexer's receipt nor its internal calls give. */
export const VALUE_UNKNOWN = 'unknown (the indexer keeps no value for this transaction)';

/** The Value fact of an explained EVM transaction, where the indexer did not give it, from another source (the node's call trace). */
export function fillEvmValue(
  view: { facts: Array<{ label: string; text: string }> },
  wei: string | undefined,
  symbol?: string,
): void {
  const fact = view.facts.find((f) => f.label === 'Value');
  if (fact && fact.text === VALUE_UNKNOWN && wei !== undefined) fact.text = weiText(wei, symbol);
}

export function weiText(value: unknown, symbol: string | undefined): string {
  const q = quantity(value);
  if (q === undefined) return '—';
  if (q === '0') return '0';
  return `${formatUnits(q, 18)}${symbol ? ` ${symbol}` : ''} (${groupDigits(q)} wei)`;
}

export interface EvmContext {
  network: string;
  /** The tx's internal calls (rollytics `evm-internal-txs/{hash}`), when the network indexes them. */
  internal?: readonly InternalTx[];
  /** The decoded logs, in the order of `tx.logs` (undefined where no ABI knows one). */
  logs?: ReadonlyArray<Decoded | undefined>;
  /** The decoded inputs of the internal calls, by call index. */
  calls?: ReadonlyMap<number, Decoded>;
  /** The symbol of the chain's native EVM asset, when known. */
  nativeSymbol?: string;
  notes?: readonly string[];
}

/** An EVM transaction explained. */
export function explainEvm(tx: EvmTx, ctx: EvmContext): ExplainView {
  const files = new Files();
  const status = (tx.status ?? '').toLowerCase();
  const ok = status === '0x1' || status === '1';
  const failed = status === '0x0' || status === '0';
  const internal = ctx.internal ?? [];
  const tree = callTree(internal);
  const root = tree[0]?.call as (InternalTx & Record<string, unknown>) | undefined;
  const loose = tx as EvmTx & Record<string, unknown>;
  const facts: Field[] = [
    field('Block', quantity(tx.blockNumber) ?? tx.blockNumber, 'block'),
    field('From', tx.from),
    ...(tx.to ? [field('To', tx.to)] : []),
    ...(tx.contractAddress ? [field('Contract created', tx.contractAddress)] : []),
    // A receipt carries no value, and the indexer keeps no internal calls for a failed tx: unknown, never a made-up 0.
    {
      label: 'Value',
      text:
        loose.value !== undefined || root?.value !== undefined
          ? weiText(loose.value ?? root?.value, ctx.nativeSymbol)
          : VALUE_UNKNOWN,
    },
    { label: 'Gas used', text: groupDigits(quantity(tx.gasUsed) ?? '?') },
  ];
  const logs: LogView[] = (tx.logs ?? []).map((log, i) => {
    const decoded = ctx.logs?.[i];
    return {
      index: i,
      address: field('Contract', log.address),
      decoded: decoded ? decodedView(decoded, files) : undefined,
      topics: log.topics.map((t) => clip(t, 70)),
      data: clip(log.data, 2000),
    };
  });
  const calls: CallView[] = tree.map(({ call, depth }) => {
    const c = call as InternalTx & Record<string, unknown>;
    const decoded = ctx.calls?.get(call.index);
    return {
      depth,
      title: `${labelText(call.type, 20)} #${call.index}`,
      from: field('From', call.from),
      to: field('To', call.to),
      value: weiText(call.value ?? '0x0', ctx.nativeSymbol),
      gasUsed: groupDigits(quantity(c.gasUsed ?? c.gas_used) ?? '?'),
      decoded: decoded ? decodedView(decoded, files) : undefined,
      raw: decoded ? undefined : rawCall(call.to, c.input, c.output),
    };
  });
  return {
    kind: 'evm',
    hash: tx.transactionHash,
    network: ctx.network,
    outcome: ok
      ? { ok: true, text: 'Succeeded' }
      : { ok: false, text: failed ? 'Reverted (status 0x0)' : `Status ${labelText(tx.status ?? 'unknown', 20)}` },
    facts,
    messages: [],
    otherEvents: [],
    balances: [],
    logs,
    calls,
    notes: [...(ctx.notes ?? [])],
    abiFiles: files.list,
  };
}
