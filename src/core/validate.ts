/**
 * Input validation, run before any request is sent. Each parser returns either the normalised value or a
 * sentence that says what is wrong (shown live in input boxes and in error messages).
 */
import { bech32 } from 'bech32';
import { InputError } from './errors';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

export const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });

/** The parsed value, or an InputError (prefixed with the field's name when given): for clients, before any request. */
export function must<T>(parsed: Parsed<T>, field?: string): T {
  if (!parsed.ok) throw new InputError(field ? `${field}: ${parsed.error}` : parsed.error);
  return parsed.value;
}
export const fail = <T>(error: string): Parsed<T> => ({ ok: false, error });

export const ACCOUNT_PREFIX = 'init';
const HEX = /^[0-9a-fA-F]+$/;

export function clean(input: string): string {
  return input.trim().replace(/^["'`]+|["'`,;]+$/g, '');
}

function stripHexPrefix(s: string): { body: string; prefixed: boolean } {
  return /^0x/i.test(s) ? { body: s.slice(2), prefixed: true } : { body: s, prefixed: false };
}

declare const parsedTxHash: unique symbol;

/**
 * A transaction hash as `parseTxHash` made it where the input entered, the one form the indexer client takes: only
 * `parseTxHash` makes one (the brand; an object written by hand is none), so a malformed hash cannot reach it.
 */
export interface TxHash {
  /** Upper-case hex without 0x: the form of cosmos tx hashes. */
  readonly cosmos: string;
  /** 0x + lower-case hex: the form of EVM tx hashes. */
  readonly evm: string;
  /** Whether the user wrote it with 0x (a hint that it is an EVM hash). */
  readonly prefixed: boolean;
  readonly [parsedTxHash]: true;
}

export function parseTxHash(input: string): Parsed<TxHash> {
  const s = clean(input);
  if (!s) return fail('Enter a transaction hash (64 hexadecimal digits, optionally with 0x).');
  const { body, prefixed } = stripHexPrefix(s);
  if (!HEX.test(body)) return fail('A transaction hash has only hexadecimal digits (0-9, a-f).');
  if (body.length !== 64) return fail(`A transaction hash has 64 hexadecimal digits; this has ${body.length}.`);
  return ok({ cosmos: body.toUpperCase(), evm: `0x${body.toLowerCase()}`, prefixed } as TxHash);
}

/** The hash as it was written, normalised: 0x + lower-case when written with 0x, else upper-case (the cosmos form). */
export const txHashText = (hash: TxHash): string => (hash.prefixed ? hash.evm : hash.cosmos);

export function parseHeight(input: string | number): Parsed<number> {
  const s =
    typeof input === 'number'
      ? String(input)
      : clean(input)
          .replace(/^#/, '')
          .replace(/[_,](?=\d{3}(\D|$))/g, '');
  if (!s) return fail('Enter a block height (a whole number from 1).');
  if (!/^\d+$/.test(s)) return fail('A block height is a whole number such as 12345.');
  const n = Number(s);
  if (!Number.isSafeInteger(n)) return fail('That height is too large.');
  if (n < 1) return fail('Block heights start at 1.');
  return ok(n);
}

export interface Address {
  /** What to send in the path: bech32 as given (lower-cased) or 0x + lower-case hex. */
  value: string;
  format: 'bech32' | 'hex';
  /** Raw bytes length: 20 for accounts, 32 for Move objects. */
  bytes: number;
}

/** `parseAccount`'s prefix that accepts any bech32 prefix (the clients: the input was checked against its network). */
export const ANY_PREFIX = '*';

export function parseBech32(
  s: string,
  what: string,
  anyPrefix = false,
  prefix: string = ACCOUNT_PREFIX,
): Parsed<Address> {
  const lower = s.toLowerCase();
  if (s !== lower && s !== s.toUpperCase()) return fail(`A bech32 ${what} is all lower-case (or all upper-case).`);
  let decoded: { prefix: string; words: number[] };
  try {
    decoded = bech32.decode(lower, 120);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (/checksum/i.test(reason)) return fail(`That ${what} has a wrong checksum: check for a typo.`);
    return fail(`That is not a valid bech32 ${what} (${reason}).`);
  }
  if (!anyPrefix && prefix !== ANY_PREFIX && decoded.prefix !== prefix) {
    return fail(
      prefix === ACCOUNT_PREFIX
        ? `An Initia ${what} starts with "${prefix}1", not "${decoded.prefix}1".`
        : `An address of this network starts with "${prefix}1", not "${decoded.prefix}1".`,
    );
  }
  let bytes: number;
  try {
    bytes = bech32.fromWords(decoded.words).length;
  } catch {
    return fail(`That bech32 ${what} does not decode to whole bytes.`);
  }
  if (bytes !== 20 && bytes !== 32) return fail(`An Initia ${what} holds 20 or 32 bytes; this one holds ${bytes}.`);
  return ok({ value: lower, format: 'bech32', bytes });
}

/** Characters after `init1` in a bech32 address of 20 bytes (an account) and of 32 (a Move object). */
const BECH32_LENGTHS = { account: 38, object: 58 } as const;

/** A string that starts like an Initia bech32 address is only ever read as one. */
const looksLikeInitAddress = (s: string) => /^init1/i.test(s);

/** Why a string that starts with init1 is no address, in words (its length first, then what bech32 says). */
function initAddressProblem(s: string, what: string): string | undefined {
  const rest = s.length - 5;
  if (rest !== BECH32_LENGTHS.account && rest !== BECH32_LENGTHS.object) {
    return `An init1… ${what} has ${BECH32_LENGTHS.account} characters after init1 (${BECH32_LENGTHS.object} for a Move object); this has ${rest}.`;
  }
  return undefined;
}

/**
 * An account: bech32 with the network's prefix (`init1…` by default; `ANY_PREFIX` accepts any) and a valid checksum,
 * or hex as the indexer takes it (rollytics util/util.go `AccAddressFromString`: up to 64 digits, leading zeros
 * trimmed, padded to 20 bytes or, past 40 digits, to 32 — a Move object): `0x` + 1–64 digits, or 40 or 64 digits
 * without `0x` (a shorter bare number is a height, not an address).
 */
export function parseAccount(input: string, prefix: string = ACCOUNT_PREFIX): Parsed<Address> {
  const s = clean(input);
  const start = prefix === ANY_PREFIX ? ACCOUNT_PREFIX : prefix;
  if (!s) return fail(`Enter an account address (${start}1… or 0x followed by 40 hexadecimal digits).`);
  if (looksLikeInitAddress(s)) {
    const problem = initAddressProblem(s, 'address');
    return problem ? fail(problem) : parseBech32(s, 'address', false, prefix);
  }
  if (/^[a-z]+1[02-9ac-hj-np-z]{6,}$/i.test(s)) return parseBech32(s, 'address', false, prefix);
  const { body, prefixed } = stripHexPrefix(s);
  if (prefixed || HEX.test(body)) {
    if (!HEX.test(body)) return fail('A 0x address has only hexadecimal digits after 0x.');
    if (body.length > 64)
      return fail(`A 0x address has at most 64 hexadecimal digits (a Move object); this has ${body.length}.`);
    if (!prefixed && body.length !== 40 && body.length !== 64)
      return fail(
        `An account address in hex has 40 hexadecimal digits (64 for a Move object), or starts with 0x; this has ${body.length}.`,
      );
    return ok({
      value: `0x${body.toLowerCase()}`,
      format: 'hex',
      bytes: body.replace(/^0+/, '').length > 40 ? 32 : 20,
    });
  }
  return fail('An account address starts with init1 or 0x.');
}

/** An NFT collection address: 0x + 40 (EVM/Wasm) or 64 (Move object) hex digits, or bech32 init1…. */
export function parseCollectionAddress(input: string): Parsed<Address> {
  const s = clean(input);
  if (!s) return fail('Enter a collection address (0x followed by 40 or 64 hexadecimal digits, or init1…).');
  if (/^init1/i.test(s)) return parseBech32(s, 'collection address');
  const { body } = stripHexPrefix(s);
  if (!HEX.test(body)) return fail('A collection address has only hexadecimal digits after 0x.');
  if (body.length !== 40 && body.length !== 64) {
    return fail(`A collection address has 40 or 64 hexadecimal digits; this has ${body.length}.`);
  }
  return ok({ value: `0x${body.toLowerCase()}`, format: 'hex', bytes: body.length / 2 });
}

/**
 * A token id as the indexer matches it: the server does not decode URL escapes in this path segment, so only
 * characters that need no escaping in a path can be matched.
 */
export function parseTokenId(input: string): Parsed<string> {
  const s = input.trim();
  if (!s) return fail('Enter a token id.');
  if (s.length > 256) return fail('A token id is at most 256 characters.');
  if (s.includes('/'))
    return fail('A token id with "/" cannot be looked up: the indexer reads it as two path segments.');
  if (s === '.' || s === '..') return fail(`A token id "${s}" cannot be looked up: in a URL it means another address.`);
  if (!/^[A-Za-z0-9._~!$&'()*+,;=:@-]+$/.test(s)) {
    return fail(
      'This token id has characters (spaces, %, ?, #, non-ASCII) that the indexer cannot match, as it does not decode URL escapes.',
    );
  }
  return ok(s);
}

/**
 * A denom: `uinit`, `GAS`, `evm/0x…`, an ERC-20 contract `0x…`, `ibc/<HASH>`, `move/<hex>`, `l2/<hex>`,
 * `factory/…`. Cosmos SDK's rule: a letter, then 2–127 of letters, digits and `/ : . _ -`.
 */
export function parseDenom(input: string): Parsed<string> {
  const s = clean(input);
  if (!s) return fail('Enter a denom such as uinit, evm/0x…, ibc/… or move/….');
  // An ERC-20 contract on an EVM rollup, as the indexer also takes it.
  if (/^0x[0-9a-fA-F]{40}$/.test(s)) return ok(s);
  if (/^0x/i.test(s)) return fail('An ERC-20 denom is 0x followed by 40 hexadecimal digits (or evm/0x…).');
  if (!/^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/.test(s)) {
    return fail(
      'A denom starts with a letter and has 3–128 letters, digits or / : . _ - (for example uinit or evm/0x…).',
    );
  }
  if (/\/\/|\/$/.test(s)) return fail('A denom has no empty part between slashes.');
  if (s.split('/').some((part) => part === '.' || part === '..'))
    return fail('A denom has no "." or ".." part between slashes.');
  const evm = /^evm\/(.*)$/i.exec(s);
  if (evm && !/^0x[0-9a-fA-F]{40}$/.test(evm[1] ?? ''))
    return fail('An evm/ denom is evm/ followed by a 0x contract address (40 hex digits).');
  const ibc = /^ibc\/(.*)$/i.exec(s);
  if (ibc && !/^[0-9a-fA-F]{64}$/.test(ibc[1] ?? ''))
    return fail('An ibc/ denom is ibc/ followed by 64 hexadecimal digits.');
  return ok(s);
}

/**
 * A collection name for the by-name search. The indexer keeps only letters, marks and digits (lower-cased) of the
 * names and of the path segment as it arrives, without unescaping it (rollytics api/handler/nft/cache.go,
 * `[^\p{L}\p{M}\p{N}]+`), and matches substrings: a space would arrive as "%20" and match nothing, so the query is
 * normalised the same way here; a letter outside ASCII cannot arrive as itself at all (a URL carries it
 * percent-encoded, "é" as "%C3%A9", which the server reads as "c3a9"), so such a search is refused with the reason.
 */
export function parseCollectionName(input: string): Parsed<string> {
  const normalised = input
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '')
    .toLowerCase();
  if (!normalised) return fail('Enter part of a collection name (letters or digits).');
  if (normalised.length > 128) return fail('A collection name search is at most 128 letters or digits.');
  const foreign = [...new Set(normalised.replace(/[a-z0-9]+/g, ''))].join('');
  if (foreign) {
    const ascii = normalised
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .sort((a, b) => b.length - a.length)[0];
    return fail(
      `The indexer cannot match "${foreign.slice(0, 12)}" in a name search: it does not decode URL escapes, and a URL carries letters outside ASCII escaped.${ascii ? ` Search for an ASCII part of the name, such as "${ascii}".` : ''}`,
    );
  }
  return ok(normalised);
}

/** A fully qualified message type, e.g. cosmos.bank.v1beta1.MsgSend; a leading "/" (the @type form) is accepted. */
export function parseMsgType(input: string): Parsed<string> {
  const s = clean(input).replace(/^\//, '');
  if (!s) return fail('Enter a message type such as cosmos.bank.v1beta1.MsgSend.');
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(s)) {
    return fail(`"${s.slice(0, 80)}" is not a message type: use the dotted name such as cosmos.bank.v1beta1.MsgSend.`);
  }
  return ok(s);
}

/**
 * A list of message types separated by commas or spaces. The indexer silently ignores unknown or comma-joined types
 * (and then returns everything), so each one is checked here and sent as its own `msgs` parameter.
 */
export function parseMsgTypes(input: string): Parsed<string[]> {
  const parts = input.split(/[\s,]+/).filter(Boolean);
  const out: string[] = [];
  for (const part of parts) {
    const parsed = parseMsgType(part);
    if (!parsed.ok) return parsed;
    if (!out.includes(parsed.value)) out.push(parsed.value);
  }
  return ok(out);
}

/** What `initia.lookup` can recognise in a pasted string. */
export type LookupTarget =
  | { kind: 'tx'; hash: TxHash }
  | { kind: 'block'; height: number }
  | { kind: 'account'; address: Address }
  | { kind: 'collection'; address: Address }
  | { kind: 'collectionName'; name: string }
  | { kind: 'denom'; denom: string }
  /** A collection address and a token id, separated by a space: that NFT (its history). */
  | { kind: 'nft'; address: Address; tokenId: string };

/** `0x… 42` (a collection address, whitespace, a token id): one NFT. */
function parseNft(s: string): LookupTarget | undefined {
  const m = /^(\S+)\s+(\S+)$/.exec(s);
  if (!m) return undefined;
  const address = parseCollectionAddress(m[1]!);
  const tokenId = parseTokenId(m[2]!);
  return address.ok && tokenId.ok ? { kind: 'nft', address: address.value, tokenId: tokenId.value } : undefined;
}

/**
 * The readings that make sense on a network: on an EVM rollup accounts and NFT collections (ERC-721 contracts) are 20
 * bytes, so 0x + 64 hex there is a transaction hash, never a Move object (account or collection). `vm` undefined: not
 * known, all readings.
 */
export function forNetwork(targets: readonly LookupTarget[], vm: { evm: boolean } | undefined): LookupTarget[] {
  if (!vm?.evm) return [...targets];
  return targets.filter(
    (t) =>
      !(
        (t.kind === 'collection' || t.kind === 'nft' || t.kind === 'account') &&
        t.address.format === 'hex' &&
        t.address.bytes === 32
      ),
  );
}

/**
 * Every reading of the input, most likely first. More than one means it is ambiguous (a 0x address may be an
 * account or a collection; 0x + 64 hex may be an EVM tx hash or a Move collection object).
 */
export function classify(input: string): LookupTarget[] {
  const s = clean(input);
  if (!s) return [];
  const nft = parseNft(s);
  if (nft) return [nft];
  const out: LookupTarget[] = [];
  const hash = parseTxHash(s);
  const height = parseHeight(s);
  if (height.ok && !/^[0-9a-fA-F]{64}$/.test(s)) out.push({ kind: 'block', height: height.value });
  if (hash.ok) out.push({ kind: 'tx', hash: hash.value });
  const account = parseAccount(s);
  const collection = parseCollectionAddress(s);
  // 64 hex digits without 0x are a Cosmos tx hash first (the indexer would take them as an account too).
  if (account.ok && !/^[0-9a-fA-F]{64}$/.test(s)) out.push({ kind: 'account', address: account.value });
  if (collection.ok) {
    const c = collection.value;
    if (c.format === 'bech32' && c.bytes === 32)
      out.unshift({ kind: 'collection', address: c }); // a Move object
    else if (c.format === 'hex' && c.bytes === 20)
      out.push({ kind: 'collection', address: c }); // account or EVM collection
    else if (c.format === 'hex' && hash.ok && hash.value.prefixed) out.push({ kind: 'collection', address: c }); // EVM tx or Move object
  }
  // Whatever starts like an address is read as nothing else: a mistyped init1… is not a denom or a name.
  if (out.length === 0 && !looksLikeInitAddress(s)) {
    const denom = parseDenom(s);
    if (denom.ok) out.push({ kind: 'denom', denom: denom.value });
    const name = parseCollectionName(s);
    const looksLikeAddress = /^(0x)?[0-9a-f]+$/i.test(s) || /^[a-z]+1[02-9ac-hj-np-z]{6,}$/i.test(s);
    // A name search only for what it would search as typed (letters and digits): "-5" is not "5", and "hello world"
    // would silently become "helloworld".
    if (name.ok && name.value === s.toLowerCase() && !looksLikeAddress)
      out.push({ kind: 'collectionName', name: name.value });
  }
  return out;
}

/** What a reading is, in a few words, for the input box as the user types. */
export function describeTarget(t: LookupTarget): string {
  switch (t.kind) {
    case 'tx':
      return t.hash.prefixed ? 'transaction hash (EVM first)' : 'transaction hash';
    case 'block':
      return `block height ${t.height}`;
    case 'account':
      return t.address.format === 'bech32' ? 'account (checksum ok)' : 'account (0x)';
    case 'collection':
      return t.address.bytes === 32 ? 'NFT collection (Move object)' : 'NFT collection';
    case 'collectionName':
      return `collections whose name contains "${t.name}"`;
    case 'denom':
      return 'denom (its rich list)';
    case 'nft':
      return `NFT ${t.tokenId} of collection ${t.address.value.length > 16 ? `${t.address.value.slice(0, 8)}…${t.address.value.slice(-4)}` : t.address.value} (its history)`;
  }
}

/** Why `classify` found nothing, for the input box. */
export function describeUnrecognised(input: string): string {
  const s = clean(input);
  if (!s)
    return 'Paste a tx hash, block height, init1…/0x… address, collection address (with a token id for one NFT) or denom.';
  const pair = /^(\S+)\s+(\S+)$/.exec(s);
  if (pair && /^(0x|init1)/i.test(pair[1]!)) {
    const address = parseCollectionAddress(pair[1]!);
    if (!address.ok) return `An NFT is a collection address and a token id: ${address.error}`;
    const tokenId = parseTokenId(pair[2]!);
    if (!tokenId.ok) return `An NFT is a collection address and a token id: ${tokenId.error}`;
  }
  if (/^(0x)?[0-9a-fA-F]+$/.test(s)) {
    const n = s.replace(/^0x/i, '').length;
    return `${n} hexadecimal digits: a tx hash has 64, an address 40, a Move object 64.`;
  }
  if (/^init1/i.test(s)) {
    const r = parseAccount(s);
    return r.ok ? '' : r.error;
  }
  if (/^[-+]\d+$/.test(s)) return 'A block height is a positive whole number, with no sign.';
  const name = parseCollectionName(s);
  if (name.ok && name.value !== s.toLowerCase()) {
    return `Not recognised. A collection name search uses letters and digits only: to search names containing "${name.value}", type that.`;
  }
  return 'Not recognised: paste a tx hash, block height, init1…/0x… address, collection address (with a token id for one NFT) or denom.';
}
