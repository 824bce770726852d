/**
 * Verify before signing: the messages `/v2/fungible/msgs` answered, decoded, summarised in words, and checked against
 * the route and the addresses the user entered. The extension never signs: this is what lets the user see that
 * what they are about to sign elsewhere is what they asked for.
 *
 * Cosmos msgs come with a proto `msg_type_url` and an amino-JSON `msg` string; the known types are read with the
 * narrow schemas below (written here, not in schemas.ts: only the fields checked or shown). EVM txs are a call (to,
 * value, calldata) plus ERC-20 approvals. Checks, each a `Mismatch` saying exactly what differs:
 *  - chain: every tx is for the route's source chain;
 *  - sender: the tx signer and each msg's sender field are the first address entered (bech32 and 0x compared
 *    case-insensitively; an Initia 0x address and its bech32 form are the same account);
 *  - amount / denom: what leaves the source chain (an IBC transfer's token, an OPinit deposit or withdrawal, a bank
 *    send, an execute-contract's funds; an EVM tx's value from a native source, its ERC-20 approval from an ERC-20
 *    source) is exactly `route.amount_in` of `route.source_asset_denom`;
 *  - receiver: on a one-operation route the direct receiver (IBC receiver, deposit/withdrawal `to`, bank send
 *    `to_address`) is the last address entered; on a multi-hop route (or a message without a direct receiver) the
 *    last address must appear in the tx: as the direct receiver, anywhere in the message JSON (memo, hook, contract
 *    msg), or in hex data (EVM calldata, a MsgCall input, Move BCS arguments) as its bytes or its UTF-8 text. An
 *    entered intermediate address as direct receiver is not enough: the destination must still appear.
 *  - unreadable: a msg string that is not JSON, a known type without a field it must have, a tx of no known kind.
 *
 * Everything here is server text turned into plain strings (control and bidi characters removed, long text cut):
 * the UI escapes it; nothing here builds HTML.
 */
import * as z from 'zod/mini';
import { bech32 } from 'bech32';
import { amountWords, groupDigits, labelText, shortMsgType } from '../format';
import { sameDenom } from './catalog';
import { evmTxData, txView, type CosmosTx, type EvmTx, type MsgsResponse, type Route, type SvmTx } from './schemas';

export interface AssetInfo {
  symbol?: string;
  decimals?: number;
}

export interface VerifyInput {
  route: Route;
  /** The addresses sent as address_list, in route.required_chain_addresses order (the first is the sender on the source chain, the last the receiver on the destination chain). */
  addresses: readonly string[];
  /** The signed OP hook, when one was sent. */
  signedHook?: { signer: string; hook: string };
  /** Symbol and decimals of an asset, when known (for whole units). */
  asset?: (chainId: string, denom: string) => AssetInfo | undefined;
}

export interface MsgField {
  label: string;
  value: string;
}

export interface MsgSummary {
  /** 0-based tx index. */
  tx: number;
  chainId: string;
  kind: 'cosmos' | 'evm' | 'svm' | 'unknown';
  /** In words: "IBC transfer", "Bank send", "OPinit deposit", "EVM call", "ERC-20 approval", … */
  type: string;
  typeUrl?: string;
  fields: MsgField[];
}

export interface Mismatch {
  what: 'sender' | 'receiver' | 'amount' | 'denom' | 'chain' | 'unreadable';
  /** 0-based tx index. */
  tx: number;
  /** The 0-based index in `summaries` of the message it is about, when it is about one message. */
  msg?: number;
  /** Exactly what differs, in a sentence. */
  message: string;
}

export interface Verification {
  summaries: MsgSummary[];
  mismatches: Mismatch[];
  /** No mismatches. */
  ok: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Narrow schemas of the amino JSON of the message types we know (only what is checked or shown).

const str = z.string();
const optStr = z.optional(z.nullable(z.string()));
const Coin = z.looseObject({ denom: str, amount: z.string().check(z.regex(/^\d+$/)) });
type Coin = z.infer<typeof Coin>;

const MsgTransfer = z.looseObject({ sender: str, receiver: str, token: Coin, memo: optStr, source_port: optStr, source_channel: optStr });
const MsgSend = z.looseObject({ from_address: str, to_address: str, amount: z.array(Coin) });
const MsgDeposit = z.looseObject({ sender: str, bridge_id: z.union([z.string(), z.number()]), to: str, amount: Coin, data: optStr });
const MsgWithdrawal = z.looseObject({ sender: str, to: str, amount: Coin });
const MsgExecuteContract = z.looseObject({ sender: str, contract: str, msg: z.optional(z.unknown()), funds: z.optional(z.nullable(z.array(Coin))) });
const MsgMoveExecute = z.looseObject({ sender: str, module_address: str, module_name: str, function_name: str, type_args: z.optional(z.nullable(z.array(str))), args: z.optional(z.nullable(z.array(str))) });
const MsgCall = z.looseObject({ sender: str, contract_addr: str, input: str, value: optStr });

interface KnownType {
  name: string;
  schema: z.ZodMiniType;
}

const KNOWN: Record<string, KnownType> = {
  '/ibc.applications.transfer.v1.MsgTransfer': { name: 'IBC transfer', schema: MsgTransfer },
  '/cosmos.bank.v1beta1.MsgSend': { name: 'Bank send', schema: MsgSend },
  '/opinit.ophost.v1.MsgInitiateTokenDeposit': { name: 'OPinit deposit', schema: MsgDeposit },
  '/opinit.opchild.v1.MsgInitiateTokenWithdrawal': { name: 'OPinit withdrawal', schema: MsgWithdrawal },
  '/cosmwasm.wasm.v1.MsgExecuteContract': { name: 'Execute contract', schema: MsgExecuteContract },
  '/initia.move.v1.MsgExecute': { name: 'Execute Move function', schema: MsgMoveExecute },
  '/initia.move.v1.MsgExecuteJSON': { name: 'Execute Move function', schema: MsgMoveExecute },
  '/minievm.evm.v1.MsgCall': { name: 'EVM call', schema: MsgCall },
};

// ---------------------------------------------------------------------------------------------------------------
// Text helpers

/** Server text for a sentence or a field: control and bidi characters removed, cut at `max`. */
const clip = (s: string, max = 120) => labelText(s, max);
const MEMO_MAX = 200;

const isHexAddress = (s: string) => /^0x[0-9a-f]{40}$/i.test(s);

/** The bytes of an address as lower-case hex (0x…: its 20 bytes; bech32: its data), or undefined. */
function addressBytes(address: string): string | undefined {
  if (/^0x[0-9a-f]+$/i.test(address)) return address.slice(2).toLowerCase();
  try {
    return Buffer.from(bech32.fromWords(bech32.decode(address.toLowerCase(), 1023).words)).toString('hex');
  } catch {
    return undefined;
  }
}

/** Same account: equal ignoring case (bech32 and 0x), or an 0x address and a bech32 one of the same bytes. */
export function sameAddress(a: string, b: string): boolean {
  const x = a.trim();
  const y = b.trim();
  if (x.toLowerCase() === y.toLowerCase()) return true;
  if (/^0x/i.test(x) === /^0x/i.test(y)) return false;
  const bx = addressBytes(x);
  return bx !== undefined && bx.length === 40 && bx === addressBytes(y);
}

/** Same denom: exactly, or case-insensitively for 0x contracts. */

/** Whether an address appears in a text (lower-cased): as itself, as the hex of its bytes, or of its UTF-8 text. */
function appearsIn(address: string, haystack: string): boolean {
  const a = address.trim().toLowerCase();
  if (!a) return false;
  if (haystack.includes(a)) return true;
  const bytes = addressBytes(a);
  if (bytes && bytes.length >= 40 && haystack.includes(bytes)) return true;
  return haystack.includes(Buffer.from(address.trim(), 'utf8').toString('hex')) || haystack.includes(Buffer.from(a, 'utf8').toString('hex'));
}

/** The hex of base64 text (Move BCS arguments), or '' when it is not base64. */
function base64Hex(s: string): string {
  return /^[A-Za-z0-9+/]*={0,2}$/.test(s) && s.length % 4 === 0 ? Buffer.from(s, 'base64').toString('hex') : '';
}

// ---------------------------------------------------------------------------------------------------------------

/** One decoded message: its summary and what the checks need. */
interface Decoded {
  summary: MsgSummary;
  /** Sender fields: [label, address]. */
  senders: Array<[string, string]>;
  /** Coins leaving the source chain (undefined: this message moves none we can read). */
  outflows?: Coin[];
  /** The direct receiver, when the type has one. */
  receiver?: string;
  /** Lower-cased text the destination address is looked for in. */
  haystack: string;
}

export function verifyMsgs(msgs: MsgsResponse, input: VerifyInput): Verification {
  const { route, addresses } = input;
  const summaries: MsgSummary[] = [];
  const mismatches: Mismatch[] = [];
  const source = route.source_asset_chain_id;
  const sender = addresses[0];
  const dest = addresses.length ? addresses[addresses.length - 1] : undefined;
  const senderChain = route.required_chain_addresses[0] ?? source;
  const destChain = route.required_chain_addresses[route.required_chain_addresses.length - 1] ?? route.dest_asset_chain_id;
  const single = route.operations.length === 1;

  const amountText = (chainId: string, denom: string, amount: string): string => {
    const info = input.asset?.(chainId, denom);
    return amountWords(amount, clip(denom), info && { decimals: info.decimals, symbol: info.symbol ? clip(info.symbol) : undefined });
  };
  const coinsText = (chainId: string, coins: readonly Coin[]) => (coins.length ? coins.map((c) => amountText(chainId, c.denom, c.amount)).join(', ') : 'none');
  const add = (m: Mismatch) => mismatches.push(m);

  /** Checks an amount of a denom leaving the source chain. */
  const checkOutflow = (t: number, msg: number, what: string, coins: readonly Coin[]) => {
    const ofSource = coins.filter((c) => sameDenom(c.denom, route.source_asset_denom));
    for (const c of coins) {
      if (!ofSource.includes(c)) {
        add({ what: 'denom', tx: t, msg, message: `${what} sends ${clip(c.denom)}, but the route's source asset is ${clip(route.source_asset_denom)} on ${clip(source)}.` });
      }
    }
    if (!ofSource.length) return;
    const sum = ofSource.reduce((s, c) => s + BigInt(c.amount), 0n).toString();
    if (sum !== route.amount_in) {
      add({ what: 'amount', tx: t, msg, message: `${what} sends ${groupDigits(sum)} ${clip(route.source_asset_denom)}, but the route's amount is ${groupDigits(route.amount_in)} ${clip(route.source_asset_denom)}.` });
    }
  };

  const checkSender = (t: number, msg: number | undefined, sentence: string, address: string) => {
    if (sender !== undefined && !sameAddress(address, sender)) {
      add({ what: 'sender', tx: t, ...(msg !== undefined ? { msg } : {}), message: `${sentence} ${clip(address)}, but you entered ${clip(sender)} as the sender on ${clip(senderChain)}.` });
    }
  };

  /** The receiver check of one tx's messages. */
  const checkReceiver = (t: number, decoded: readonly Decoded[], firstMsg: number) => {
    if (dest === undefined || !decoded.length) return;
    const direct = decoded.filter((d) => d.receiver !== undefined);
    if (single && direct.length) {
      for (const d of direct) {
        if (!sameAddress(d.receiver!, dest)) {
          const n = summaries.indexOf(d.summary);
          add({ what: 'receiver', tx: t, msg: n, message: `Message ${n + 1} sends to ${clip(d.receiver!)}, but you entered ${clip(dest)} as the receiver on ${clip(destChain)}.` });
        }
      }
      return;
    }
    if (direct.some((d) => sameAddress(d.receiver!, dest))) return;
    if (decoded.some((d) => appearsIn(dest, d.haystack))) return;
    add({ what: 'receiver', tx: t, msg: firstMsg, message: `The destination address you entered (${clip(dest)}) appears nowhere in message ${firstMsg + 1}.` });
  };

  if (!msgs.txs.length) add({ what: 'unreadable', tx: 0, message: 'The router returned no transaction to sign.' });

  msgs.txs.forEach((raw, t) => {
    const view = txView(raw);
    if (view.kind === 'unknown') {
      const n = summaries.push({ tx: t, chainId: '', kind: 'unknown', type: 'Unknown transaction', fields: flatFields(raw as Record<string, unknown>) }) - 1;
      add({ what: 'unreadable', tx: t, msg: n, message: `Transaction ${t + 1} is neither a Cosmos, an EVM nor a Solana transaction: it cannot be checked.` });
      return;
    }
    if (view.chainId !== source) {
      add({ what: 'chain', tx: t, message: `Transaction ${t + 1} is for chain ${clip(view.chainId)}, but the route starts on ${clip(source)}.` });
    }
    if (view.kind === 'cosmos') cosmosTx(t, view.tx);
    else if (view.kind === 'evm') evmTx(t, view.tx);
    else svmTx(t, view.tx);
  });

  function cosmosTx(t: number, tx: CosmosTx): void {
    if (tx.signer_address) checkSender(t, undefined, `Transaction ${t + 1} is signed by`, tx.signer_address);
    const decoded: Decoded[] = [];
    const firstMsg = summaries.length;
    if (!tx.msgs.length) add({ what: 'unreadable', tx: t, message: `Transaction ${t + 1} has no message.` });
    for (const m of tx.msgs) {
      const n = summaries.length;
      const d = decodeCosmos(t, tx.chain_id, m.msg_type_url, m.msg, n);
      summaries.push(d.summary);
      if (d.unreadable) {
        add({ what: 'unreadable', tx: t, msg: n, message: d.unreadable });
        continue;
      }
      decoded.push(d);
      for (const [label, address] of d.senders) checkSender(t, n, `Message ${n + 1} (${d.summary.type}) has ${label}`, address);
      if (d.outflows) checkOutflow(t, n, `Message ${n + 1}`, d.outflows);
    }
    checkReceiver(t, decoded, firstMsg);
  }

  function decodeCosmos(t: number, chainId: string, typeUrl: string, msg: string, n: number): Decoded & { unreadable?: string } {
    const known = KNOWN[typeUrl];
    const name = known?.name ?? `Other message (${clip(shortMsgType(typeUrl), 80)})`;
    const summary: MsgSummary = { tx: t, chainId, kind: 'cosmos', type: name, typeUrl, fields: [] };
    const base: Decoded = { summary, senders: [], haystack: msg.toLowerCase() };
    let value: unknown;
    try {
      value = JSON.parse(msg) as unknown;
    } catch {
      summary.fields.push({ label: 'Raw message', value: clip(msg, MEMO_MAX) });
      return { ...base, unreadable: `Message ${n + 1} (${name}) is not valid JSON: it cannot be read or checked.` };
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      summary.fields.push({ label: 'Raw message', value: clip(msg, MEMO_MAX) });
      return { ...base, unreadable: `Message ${n + 1} (${name}) is not a JSON object: it cannot be read or checked.` };
    }
    // Amino JSON may come wrapped as {type, value}.
    const obj = value as Record<string, unknown>;
    const body = typeof obj.type === 'string' && obj.value && typeof obj.value === 'object' && !Array.isArray(obj.value) && Object.keys(obj).length === 2 ? (obj.value as Record<string, unknown>) : obj;
    if (!known) {
      summary.fields.push(...flatFields(body));
      for (const k of ['sender', 'from_address']) if (typeof body[k] === 'string') base.senders.push([k, body[k] as string]);
      return base;
    }
    const parsed = known.schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? issue.path.join('.') : 'its fields';
      summary.fields.push(...flatFields(body));
      return { ...base, unreadable: `Message ${n + 1} (${name}) cannot be read: ${clip(where, 80)} is missing or not of the expected type.` };
    }
    const f = summary.fields;
    const amount = (c: Coin) => amountText(chainId, c.denom, c.amount);
    switch (typeUrl) {
      case '/ibc.applications.transfer.v1.MsgTransfer': {
        const m = parsed.data as z.infer<typeof MsgTransfer>;
        f.push({ label: 'Sender', value: clip(m.sender) }, { label: 'Receiver', value: clip(m.receiver) }, { label: 'Amount', value: amount(m.token) });
        if (m.source_channel) f.push({ label: 'Channel', value: clip(`${m.source_port ?? 'transfer'}/${m.source_channel}`) });
        if (m.memo) f.push({ label: 'Memo', value: clip(m.memo, MEMO_MAX) });
        return { ...base, senders: [['sender', m.sender]], outflows: [m.token], receiver: m.receiver };
      }
      case '/cosmos.bank.v1beta1.MsgSend': {
        const m = parsed.data as z.infer<typeof MsgSend>;
        f.push({ label: 'From', value: clip(m.from_address) }, { label: 'To', value: clip(m.to_address) }, { label: 'Amount', value: coinsText(chainId, m.amount) });
        return { ...base, senders: [['from_address', m.from_address]], outflows: m.amount, receiver: m.to_address };
      }
      case '/opinit.ophost.v1.MsgInitiateTokenDeposit': {
        const m = parsed.data as z.infer<typeof MsgDeposit>;
        f.push({ label: 'Sender', value: clip(m.sender) }, { label: 'Bridge', value: clip(String(m.bridge_id)) }, { label: 'To', value: clip(m.to) }, { label: 'Amount', value: amount(m.amount) });
        if (m.data) f.push({ label: 'Data', value: clip(m.data, MEMO_MAX) });
        return { ...base, senders: [['sender', m.sender]], outflows: [m.amount], receiver: m.to };
      }
      case '/opinit.opchild.v1.MsgInitiateTokenWithdrawal': {
        const m = parsed.data as z.infer<typeof MsgWithdrawal>;
        f.push({ label: 'Sender', value: clip(m.sender) }, { label: 'To', value: clip(m.to) }, { label: 'Amount', value: amount(m.amount) });
        return { ...base, senders: [['sender', m.sender]], outflows: [m.amount], receiver: m.to };
      }
      case '/cosmwasm.wasm.v1.MsgExecuteContract': {
        const m = parsed.data as z.infer<typeof MsgExecuteContract>;
        const funds = m.funds ?? [];
        f.push({ label: 'Sender', value: clip(m.sender) }, { label: 'Contract', value: clip(m.contract) });
        if (m.msg !== undefined) f.push({ label: 'Message', value: clip(typeof m.msg === 'string' ? m.msg : JSON.stringify(m.msg), MEMO_MAX) });
        f.push({ label: 'Funds', value: coinsText(chainId, funds) });
        return { ...base, senders: [['sender', m.sender]], outflows: funds };
      }
      case '/initia.move.v1.MsgExecute':
      case '/initia.move.v1.MsgExecuteJSON': {
        const m = parsed.data as z.infer<typeof MsgMoveExecute>;
        const args = m.args ?? [];
        f.push({ label: 'Sender', value: clip(m.sender) }, { label: 'Function', value: clip(`${m.module_address}::${m.module_name}::${m.function_name}`) });
        if (m.type_args?.length) f.push({ label: 'Type arguments', value: clip(m.type_args.join(', '), MEMO_MAX) });
        f.push({ label: 'Arguments', value: args.length ? clip(JSON.stringify(args), MEMO_MAX) : 'none' });
        // BCS arguments (MsgExecute) are base64: their bytes may hold the receiver's.
        const hex = typeUrl === '/initia.move.v1.MsgExecute' ? args.map(base64Hex).join(' ') : '';
        return { ...base, senders: [['sender', m.sender]], haystack: `${base.haystack} ${hex}` };
      }
      default: {
        // '/minievm.evm.v1.MsgCall'
        const m = parsed.data as z.infer<typeof MsgCall>;
        const input = m.input.replace(/^0x/i, '').toLowerCase();
        f.push({ label: 'Sender', value: clip(m.sender) }, { label: 'Contract', value: clip(m.contract_addr) }, { label: 'Value', value: `${groupDigits(m.value || '0')} (base units of the chain's EVM fee asset)` });
        f.push({ label: 'Function', value: input.length >= 8 ? `0x${input.slice(0, 8)}` : 'none' }, { label: 'Input', value: `${Math.floor(input.length / 2)} bytes` });
        return { ...base, senders: [['sender', m.sender]] };
      }
    }
  }

  function evmTx(t: number, tx: EvmTx): void {
    const data = evmTxData(tx).slice(2).toLowerCase();
    const value = tx.value || '0';
    const n = summaries.length;
    const nativeSource = !isHexAddress(route.source_asset_denom);
    const valueText = nativeSource && /^\d+$/.test(value) && input.asset?.(tx.chain_id, route.source_asset_denom)?.decimals !== undefined ? amountText(tx.chain_id, route.source_asset_denom, value) : `${groupDigits(value)} wei`;
    const fields: MsgField[] = [];
    if (tx.signer_address) fields.push({ label: 'From', value: clip(tx.signer_address) });
    fields.push({ label: 'To', value: clip(tx.to) }, { label: 'Value', value: valueText }, { label: 'Function', value: data.length >= 8 ? `0x${data.slice(0, 8)}` : 'none' }, { label: 'Calldata', value: `${Math.floor(data.length / 2)} bytes` });
    summaries.push({ tx: t, chainId: tx.chain_id, kind: 'evm', type: 'EVM call', fields });
    const approvals = tx.required_erc20_approvals ?? [];
    for (const a of approvals) {
      const amount = /^\d+$/.test(a.amount) ? amountText(tx.chain_id, a.token_contract, a.amount) : clip(a.amount);
      summaries.push({ tx: t, chainId: tx.chain_id, kind: 'evm', type: 'ERC-20 approval', fields: [{ label: 'Token', value: clip(a.token_contract) }, { label: 'Spender', value: clip(a.spender) }, { label: 'Amount', value: amount }] });
    }
    if (tx.signer_address) checkSender(t, n, `Transaction ${t + 1} is signed by`, tx.signer_address);
    // The amount leaving: the value from a native source, the approval of the source token from an ERC-20 one.
    if (nativeSource) {
      if (value !== route.amount_in) add({ what: 'amount', tx: t, msg: n, message: `Message ${n + 1} (EVM call) sends a value of ${groupDigits(value)} wei, but the route's amount is ${groupDigits(route.amount_in)} ${clip(route.source_asset_denom)}.` });
    } else {
      approvals.forEach((a, i) => {
        const what = `Message ${n + 2 + i} (ERC-20 approval)`;
        if (!sameDenom(a.token_contract, route.source_asset_denom)) {
          add({ what: 'denom', tx: t, msg: n + 1 + i, message: `${what} approves token ${clip(a.token_contract)}, but the route's source asset is ${clip(route.source_asset_denom)} on ${clip(source)}.` });
        } else if (a.amount !== route.amount_in) {
          add({ what: 'amount', tx: t, msg: n + 1 + i, message: `${what} approves ${groupDigits(a.amount)} of ${clip(a.token_contract)}, but the route's amount is ${groupDigits(route.amount_in)}.` });
        }
      });
    }
    const haystack = `${JSON.stringify({ to: tx.to, value: tx.value }).toLowerCase()} ${data}`;
    checkReceiver(t, [{ summary: summaries[n]!, senders: [], haystack }], n);
  }

  function svmTx(t: number, tx: SvmTx): void {
    const n = summaries.length;
    const fields: MsgField[] = [];
    if (tx.signer_address) fields.push({ label: 'Signer', value: clip(tx.signer_address) });
    fields.push({ label: 'Transaction', value: `${tx.tx.length} characters of base64` });
    summaries.push({ tx: t, chainId: tx.chain_id, kind: 'svm', type: 'Solana transaction', fields });
    if (tx.signer_address && sender !== undefined && tx.signer_address.trim() !== sender.trim()) {
      add({ what: 'sender', tx: t, msg: n, message: `Transaction ${t + 1} is signed by ${clip(tx.signer_address)}, but you entered ${clip(sender)} as the sender on ${clip(senderChain)}.` });
    }
  }

  // The OP hook the route needed, on the first message.
  if (input.signedHook && summaries.length) {
    summaries[0]!.fields.push({ label: 'OP hook signer', value: clip(input.signedHook.signer) }, { label: 'OP hook', value: clip(input.signedHook.hook, MEMO_MAX) });
  }

  return { summaries, mismatches, ok: mismatches.length === 0 };
}

/** The top-level string, number and boolean fields of an object, as label/value (for a type we do not know). */
function flatFields(obj: Record<string, unknown>): MsgField[] {
  const out: MsgField[] = [];
  for (const [k, v] of Object.entries(obj)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out.push({ label: clip(k, 60), value: clip(String(v), MEMO_MAX) });
    if (out.length >= 20) break;
  }
  return out;
}
