/**
 * The transfer router client: route, OP hook, msgs, track, status (+ the chain and asset lists, balances). Same
 * HTTP layer (timeouts, bounded retry on 429/503 honouring Retry-After, size limit, typed errors) as the indexer
 * client; the router's JSON error bodies (`{code, message, details}`, Initia's `info`) become the error's message,
 * raw text otherwise.
 * Inputs are validated before any request: a bad chain id, denom, amount, address (per chain: 0x on EVM chains,
 * bech32 with the chain's prefix elsewhere) or hash rejects with an InputError and sends nothing. Methods are async
 * so that this happens as a rejection, like every other failure.
 */
import type * as z from 'zod/mini';
import { endpoint, type HttpClient } from '../http';
import { HttpError, InputError, SchemaError } from '../errors';
import { parseWith } from '../zodParse';
import { must, parseTxHash, type Parsed } from '../validate';
import { parseAssetDenom, parseBaseAmount, parseChainAddress, parseChainId, parseSlippage } from '../router/inputs';
import * as S from './schemas';

export interface RouteInput {
  /** Base units, a positive whole number (e.g. "1000000" for 1 INIT). */
  amountIn: string;
  sourceChainId: string;
  sourceDenom: string;
  destChainId: string;
  destDenom: string;
  /** Initia: an OP-bridge withdrawal (L2 → L1). */
  isOpWithdraw?: boolean;
  /** Accept routes the router flags as unsafe (bad price, low information). */
  allowUnsafe?: boolean;
  allowMultiTx?: boolean;
  bridges?: S.BridgeType[];
}

interface MsgsInput {
  route: S.Route;
  /**
   * One address per `route.required_chain_addresses` entry: an array in that order, or a map chain id → address.
   * Each is checked against its chain (see `parseAddressForChain`).
   */
  addresses: readonly string[] | Readonly<Record<string, string>>;
  /** Percent, default "1". */
  slippagePercent?: string;
  /** Required when `route.required_op_hook` is true. */
  signedOpHook?: S.SignedOpHook;
  /** Bech32 prefixes by chain id (the router's own list), over the client's. */
  addressPrefixes?: Readonly<Record<string, string>>;
}

interface StatusOptions {
  /**
   * Let the HTTP layer retry a 429/503 itself (default true). A poller passes false: it has its own schedule and
   * honours Retry-After itself, so each poll is exactly one request.
   */
  retry?: boolean;
}

interface RouterClientOptions {
  /** Bech32 prefixes by chain id, added to (and overriding) the built-in ones, e.g. from `chains()`. */
  addressPrefixes?: Readonly<Record<string, string>>;
}

/** Bech32 prefixes of chains the Initia router commonly routes through. Chains not listed accept any prefix. */
const KNOWN_ADDRESS_PREFIXES: Readonly<Record<string, string>> = {
  'interwoven-1': 'init',
  'initiation-2': 'init',
  'osmosis-1': 'osmo',
  'cosmoshub-4': 'cosmos',
  'noble-1': 'noble',
  'neutron-1': 'neutron',
  'axelar-dojo-1': 'axelar',
  celestia: 'celestia',
  'stride-1': 'stride',
  'injective-1': 'inj',
  'dydx-mainnet-1': 'dydx',
};

/** EVM chains have numeric chain ids (`1`, `8453`, …). */
export const isEvmChainId = (chainId: string): boolean => /^\d+$/.test(chainId);

/**
 * An address as a given chain takes it: 0x + 40 hex on EVM chains (numeric ids); base58 on Solana; bech32 with a
 * valid checksum elsewhere, with the chain's own prefix when it is known (`init1…` on Initia chains, `osmo1…` on
 * Osmosis).
 */
export function parseAddressForChain(
  chainId: string,
  input: string,
  prefixes: Readonly<Record<string, string>> = KNOWN_ADDRESS_PREFIXES,
): Parsed<string> {
  if (/^solana/i.test(chainId)) {
    const s = input.trim();
    return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(s)
      ? { ok: true, value: s }
      : { ok: false, error: `Addresses on ${chainId} are base58 (32–44 characters).` };
  }
  const parsed = parseChainAddress(input);
  if (!parsed.ok) return parsed;
  const value = parsed.value;
  if (isEvmChainId(chainId)) {
    return value.startsWith('0x')
      ? parsed
      : {
          ok: false,
          error: `Chain ${chainId} is an EVM chain: its addresses are 0x followed by 40 hexadecimal digits.`,
        };
  }
  if (value.startsWith('0x'))
    return {
      ok: false,
      error: `Addresses on ${chainId} are bech32 (such as ${prefixes[chainId] ?? 'init'}1…), not 0x….`,
    };
  const expected = prefixes[chainId];
  const prefix = value.slice(0, value.lastIndexOf('1'));
  if (expected && prefix !== expected)
    return { ok: false, error: `An address on ${chainId} starts with "${expected}1", not "${prefix}1".` };
  return parsed;
}

/**
 * An address for a chain, or an InputError that says what is wrong once: `parseAddressForChain`'s own refusals name
 * the address and its chain already ("An address on osmosis-1 starts with…"), so only a refusal of the address's
 * form (which names no chain) gets `who` and the chain before it.
 */
export function mustAddressOn(
  chainId: string,
  input: string,
  prefixes: Readonly<Record<string, string>>,
  who = 'Address',
): string {
  const parsed = parseAddressForChain(chainId, input, prefixes);
  if (parsed.ok) return parsed.value;
  const formRefused = !/^solana/i.test(chainId) && !parseChainAddress(input).ok;
  throw new InputError(formRefused ? `${who} on ${chainId}: ${parsed.error}` : parsed.error);
}

/** The form each chain uses for tx hashes: EVM chains (numeric ids) and 0x-written hashes 0x lower-case, cosmos chains upper-case hex. */
export function normaliseTxHash(hash: string, chainId: string): string {
  const h = must(parseTxHash(hash), 'tx hash');
  return isEvmChainId(chainId) || h.prefixed ? h.evm : h.cosmos;
}

/** The msgs request for a route (checked: addresses per chain, slippage, the signed hook when the route needs it). */
export function msgsRequest(
  input: MsgsInput,
  prefixes: Readonly<Record<string, string>> = KNOWN_ADDRESS_PREFIXES,
): S.MsgsRequest {
  const { route } = input;
  const required = route.required_chain_addresses;
  let given: readonly string[];
  if (Array.isArray(input.addresses)) {
    given = input.addresses as readonly string[];
    if (given.length !== required.length) {
      throw new InputError(
        `This route needs ${required.length} address(es), one for each of ${required.join(', ') || 'its chains'}; ${given.length} given.`,
      );
    }
  } else {
    const map = input.addresses as Readonly<Record<string, string>>;
    const missing = required.filter((c) => !map[c]);
    if (missing.length) throw new InputError(`This route needs an address on ${missing.join(', ')}.`);
    given = required.map((c) => map[c]!);
  }
  const address_list = given.map((a, i) => mustAddressOn(required[i]!, a, prefixes));
  if (route.required_op_hook && !input.signedOpHook)
    throw new InputError('This route needs a signed OP hook before its messages can be generated.');
  const body: S.MsgsRequest = {
    amount_in: route.amount_in,
    amount_out: route.amount_out,
    source_asset_chain_id: route.source_asset_chain_id,
    source_asset_denom: route.source_asset_denom,
    dest_asset_chain_id: route.dest_asset_chain_id,
    dest_asset_denom: route.dest_asset_denom,
    address_list,
    operations: route.operations,
    slippage_tolerance_percent: must(parseSlippage(input.slippagePercent ?? '1'), 'Slippage'),
  };
  if (input.signedOpHook) {
    const { signer, hook } = input.signedOpHook;
    if (!hook || hook.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(hook))
      throw new InputError('The signed OP hook is the base64 of the signed transaction bytes.');
    const s = must(parseChainAddress(signer), 'OP hook signer');
    if (s.startsWith('0x'))
      throw new InputError('OP hook signer: the signer of the hook is a bech32 address (init1…).');
    body.signed_op_hook = { signer: s, hook };
  }
  return body;
}

/** What the router said when it refused, for the UI to react to. */
interface RouterErrorInfo {
  status: number;
  /** gRPC code of the Skip form (3 invalid argument, 5 not found, 12 unimplemented, …). */
  code?: number;
  /** The first `details[].reason` (BAD_PRICE_ERROR, LOW_INFO_ERROR, HIGH_LOSS_ERROR, …). */
  reason?: string;
  /** Initia's `info`. */
  info?: string;
  /** The router found no route for these assets (codes 5 and 12, or the "no … routes found" message). */
  noRoute: boolean;
  /** The route was refused on price safety; asking again with `allowUnsafe` may give one. */
  unsafe: boolean;
  /** Server text, for display (escape it). */
  message: string;
}

export function routerErrorInfo(err: unknown): RouterErrorInfo | undefined {
  if (!(err instanceof HttpError)) return undefined;
  const e = err;
  const code = typeof e.details?.code === 'number' ? e.details.code : undefined;
  const message = e.serverMessage ?? '';
  const reason = e.details?.reason;
  return {
    status: e.status,
    code,
    reason,
    info: e.details?.info,
    noRoute:
      /no (single-tx )?routes? (were )?found/i.test(message) ||
      ((code === 5 || code === 12) && !/tx not found|chain id not supported/i.test(message)),
    unsafe: reason !== undefined && /^(BAD_PRICE|LOW_INFO|HIGH_LOSS)_ERROR$/.test(reason),
    message,
  };
}

export class RouterClient {
  private readonly prefixes: Readonly<Record<string, string>>;

  constructor(
    readonly baseUrl: string,
    private readonly http: HttpClient,
    options: RouterClientOptions = {},
  ) {
    this.prefixes = { ...KNOWN_ADDRESS_PREFIXES, ...options.addressPrefixes };
  }

  dispose(): void {
    this.http.dispose();
  }

  private url(path: string, query: Array<[string, string]> = []): URL {
    return endpoint(this.baseUrl, path, query);
  }

  private async post<T extends z.ZodMiniType>(
    schema: T,
    path: string,
    body: unknown,
    signal?: AbortSignal,
  ): Promise<z.infer<T>> {
    return parseWith(schema, await this.http.post(this.url(path), body, signal), this.http.options.service);
  }

  /** POST /v2/fungible/route: the best route for an amount of one asset to another. */
  async route(input: RouteInput, signal?: AbortSignal): Promise<S.Route> {
    const body: S.RouteRequest = {
      amount_in: must(parseBaseAmount(input.amountIn), 'Amount'),
      source_asset_chain_id: must(parseChainId(input.sourceChainId), 'Source chain'),
      source_asset_denom: must(parseAssetDenom(input.sourceDenom), 'Source asset'),
      dest_asset_chain_id: must(parseChainId(input.destChainId), 'Destination chain'),
      dest_asset_denom: must(parseAssetDenom(input.destDenom), 'Destination asset'),
    };
    if (body.source_asset_chain_id === body.dest_asset_chain_id && body.source_asset_denom === body.dest_asset_denom) {
      throw new InputError('The source and the destination are the same asset on the same chain.');
    }
    if (input.isOpWithdraw !== undefined) body.is_op_withdraw = input.isOpWithdraw;
    if (input.allowUnsafe !== undefined) body.allow_unsafe = input.allowUnsafe;
    if (input.allowMultiTx !== undefined) body.allow_multi_tx = input.allowMultiTx;
    if (input.bridges !== undefined) {
      for (const b of input.bridges)
        if (!(S.BRIDGE_TYPES as readonly string[]).includes(b))
          throw new InputError(`Unknown bridge "${String(b).slice(0, 40)}": one of ${S.BRIDGE_TYPES.join(', ')}.`);
      body.bridges = [...input.bridges];
    }
    return this.post(S.Route, '/v2/fungible/route', body, signal);
  }

  /** POST /op-hook (Initia only): the hook to sign, for routes with `required_op_hook`. Both addresses are bech32. */
  async opHook(route: S.Route, sourceAddress: string, destAddress: string, signal?: AbortSignal): Promise<S.OpHook> {
    const bech32Only = (chainId: string, address: string, what: string) => {
      const a = mustAddressOn(chainId, address, this.prefixes, what);
      if (a.startsWith('0x')) throw new InputError(`${what}: the OP hook takes bech32 addresses (init1…), not 0x….`);
      return a;
    };
    // From an EVM chain the hook is signed by the user's bech32 key on a cosmos chain of the route (as InterwovenKit's initia address).
    const sourceChain = parseAddressForChain(route.source_asset_chain_id, sourceAddress, this.prefixes).ok
      ? route.source_asset_chain_id
      : (route.required_chain_addresses.find((c) => {
          const p = parseAddressForChain(c, sourceAddress, this.prefixes);
          return p.ok && !p.value.startsWith('0x');
        }) ?? route.source_asset_chain_id);
    const body: S.OpHookRequest = {
      source_address: bech32Only(sourceChain, sourceAddress, 'Source address'),
      source_asset_chain_id: must(parseChainId(route.source_asset_chain_id), 'Source chain'),
      source_asset_denom: must(parseAssetDenom(route.source_asset_denom), 'Source asset'),
      dest_address: bech32Only(route.dest_asset_chain_id, destAddress, 'Destination address'),
      dest_asset_chain_id: must(parseChainId(route.dest_asset_chain_id), 'Destination chain'),
      dest_asset_denom: must(parseAssetDenom(route.dest_asset_denom), 'Destination asset'),
    };
    return this.post(S.OpHook, '/op-hook', body, signal);
  }

  /** POST /v2/fungible/msgs: the transactions to sign and broadcast on the source chain (use `txs`, not the deprecated `msgs`). */
  async msgs(input: MsgsInput, signal?: AbortSignal): Promise<S.MsgsResponse> {
    return this.post(
      S.MsgsResponse,
      '/v2/fungible/msgs',
      msgsRequest(input, { ...this.prefixes, ...input.addressPrefixes }),
      signal,
    );
  }

  /** POST /v2/tx/track: registers a broadcast tx (once) so its cross-chain progress is followed. */
  async track(txHash: string, chainId: string, signal?: AbortSignal): Promise<S.TrackResponse> {
    const chain = must(parseChainId(chainId), 'Chain');
    return this.post(
      S.TrackResponse,
      '/v2/tx/track',
      { tx_hash: normaliseTxHash(txHash, chain), chain_id: chain },
      signal,
    );
  }

  /** GET /v2/tx/status: 404 ("tx not found") until the tx is tracked and seen. */
  async status(
    txHash: string,
    chainId: string,
    signal?: AbortSignal,
    options: StatusOptions = {},
  ): Promise<S.StatusResponse> {
    const chain = must(parseChainId(chainId), 'Chain');
    const url = this.url('/v2/tx/status', [
      ['tx_hash', normaliseTxHash(txHash, chain)],
      ['chain_id', chain],
    ]);
    const body = await this.http.json({
      method: 'GET',
      url,
      signal,
      maxRetries: options.retry === false ? 0 : undefined,
    });
    const status = parseWith(S.StatusResponse, body, this.http.options.service);
    if (!status.transfers?.length && !status.state && !status.status) {
      throw new SchemaError(this.http.options.service, 'transfers', 'is missing (expected the transfers or a state)');
    }
    return status;
  }

  /**
   * GET /v2/fungible/assets?chain_ids=…&include_evm_assets=true: symbols and decimals of the assets on those chains.
   * Skip lists EVM tokens only when asked (`include_evm_assets`); Initia's router lists them anyway.
   */
  async assets(chainIds: readonly string[], signal?: AbortSignal): Promise<S.AssetsResponse> {
    const ids = chainIds.map((c) => must(parseChainId(c), 'chain'));
    const url = this.url('/v2/fungible/assets', [
      ...ids.map((c) => ['chain_ids', c] as [string, string]),
      ['include_evm_assets', 'true'],
    ]);
    return parseWith(S.AssetsResponse, await this.http.get(url, signal), this.http.options.service);
  }

  /**
   * POST /v2/info/balances with `denoms: []` (every asset of the chain); a denom missing from the answer has a zero
   * balance. The chain id and the address (for that chain, see `parseAddressForChain`) are checked first: a bad one
   * rejects with an InputError and sends nothing.
   */
  async balances(chainId: string, address: string, signal?: AbortSignal): Promise<S.BalancesResponse> {
    const chain = must(parseChainId(chainId), 'Chain');
    const checked = mustAddressOn(chain, address, this.prefixes);
    const body: S.BalancesRequest = { chains: { [chain]: { address: checked, denoms: [] } } };
    return this.post(S.BalancesResponse, '/v2/info/balances', body, signal);
  }

  /**
   * GET /v2/info/chains?include_evm=true: chain names and bech32 prefixes (server text: escape before showing). Skip
   * lists EVM chains only when asked (`include_evm`); Initia's router lists them anyway.
   */
  async chains(signal?: AbortSignal): Promise<S.ChainsResponse> {
    return parseWith(
      S.ChainsResponse,
      await this.http.get(this.url('/v2/info/chains', [['include_evm', 'true']]), signal),
      this.http.options.service,
    );
  }
}
