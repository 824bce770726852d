/**
 * The transfer router client: route, OP hook, msgs, track, status. Same HTTP layer (timeouts, bounded retry on
 * 429/503 honouring Retry-After, size limit, typed errors) as the indexer client; the router's JSON error bodies
 * (`{code, message, details}`, Initia's `info`) become the error's message. Inputs are validated before any request:
 * a bad chain id, denom, amount, address or hash rejects with an InputError and sends nothing.
 */
import type * as z from 'zod/mini';
import { type HttpClient } from '../http';
import { InputError } from '../errors';
import { parseWith } from '../schema';
import { parseAssetDenom, parseBaseAmount, parseChainAddress, parseChainId, parseSlippage, parseTxHash, type Parsed } from '../validate';
import * as S from './schemas';

function must<T>(parsed: Parsed<T>, field?: string): T {
  if (!parsed.ok) throw new InputError(field ? `${field}: ${parsed.error}` : parsed.error);
  return parsed.value;
}

export interface RouteInput {
  amountIn: string;
  sourceChainId: string;
  sourceDenom: string;
  destChainId: string;
  destDenom: string;
  /** Initia: an OP-bridge withdrawal (L2 → L1). */
  isOpWithdraw?: boolean;
}

export interface MsgsInput {
  route: S.Route;
  /** One address per `route.required_chain_addresses` entry, in order. */
  addresses: readonly string[];
  /** Percent, default "1". */
  slippagePercent?: string;
  signedOpHook?: S.SignedOpHook;
}

/** The form each chain uses for tx hashes: EVM chains (numeric ids) 0x lower-case, cosmos chains upper-case hex. */
export function normaliseTxHash(hash: string, chainId: string): string {
  const h = must(parseTxHash(hash), 'tx hash');
  return /^\d+$/.test(chainId) || h.prefixed ? h.evm : h.cosmos;
}

export class RouterClient {
  constructor(
    readonly baseUrl: string,
    private readonly http: HttpClient,
  ) {}

  dispose(): void {
    this.http.dispose();
  }

  private url(path: string, query: Array<[string, string]> = []): URL {
    const url = new URL(this.baseUrl.replace(/\/+$/, '') + path);
    for (const [k, v] of query) url.searchParams.append(k, v);
    return url;
  }

  private async post<T extends z.ZodMiniType>(schema: T, path: string, body: unknown, signal?: AbortSignal): Promise<z.infer<T>> {
    return parseWith(schema, await this.http.post(this.url(path), body, signal), this.http.options.service);
  }

  /** POST /v2/fungible/route */
  async route(input: RouteInput, signal?: AbortSignal): Promise<S.Route> {
    const body: S.RouteRequest = {
      amount_in: must(parseBaseAmount(input.amountIn), 'amount'),
      source_asset_chain_id: must(parseChainId(input.sourceChainId), 'source chain'),
      source_asset_denom: must(parseAssetDenom(input.sourceDenom), 'source denom'),
      dest_asset_chain_id: must(parseChainId(input.destChainId), 'destination chain'),
      dest_asset_denom: must(parseAssetDenom(input.destDenom), 'destination denom'),
    };
    if (input.isOpWithdraw !== undefined) body.is_op_withdraw = input.isOpWithdraw;
    return this.post(S.Route, '/v2/fungible/route', body, signal);
  }

  /** POST /op-hook (Initia only): the hook to sign, for routes with `required_op_hook`. */
  async opHook(route: S.Route, sourceAddress: string, destAddress: string, signal?: AbortSignal): Promise<S.OpHook> {
    const body: S.OpHookRequest = {
      source_address: must(parseChainAddress(sourceAddress), 'source address'),
      source_asset_chain_id: route.source_asset_chain_id,
      source_asset_denom: route.source_asset_denom,
      dest_address: must(parseChainAddress(destAddress), 'destination address'),
      dest_asset_chain_id: route.dest_asset_chain_id,
      dest_asset_denom: route.dest_asset_denom,
    };
    return this.post(S.OpHook, '/op-hook', body, signal);
  }

  /** POST /v2/fungible/msgs: the transactions to sign and broadcast on the source chain. */
  async msgs(input: MsgsInput, signal?: AbortSignal): Promise<S.MsgsResponse> {
    const { route } = input;
    const required = route.required_chain_addresses ?? route.chain_ids ?? [];
    if (input.addresses.length !== required.length) {
      throw new InputError(`This route needs ${required.length} address(es), one for each of ${required.join(', ') || 'its chains'}; ${input.addresses.length} given.`);
    }
    const address_list = input.addresses.map((a, i) => must(parseChainAddress(a), `address on ${required[i]}`));
    if (route.required_op_hook && !input.signedOpHook) throw new InputError('This route needs a signed OP hook before its messages can be generated.');
    const body: S.MsgsRequest = {
      amount_in: String(route.amount_in),
      amount_out: String(route.amount_out),
      source_asset_chain_id: route.source_asset_chain_id,
      source_asset_denom: route.source_asset_denom,
      dest_asset_chain_id: route.dest_asset_chain_id,
      dest_asset_denom: route.dest_asset_denom,
      address_list,
      operations: route.operations,
      slippage_tolerance_percent: must(parseSlippage(input.slippagePercent ?? '1'), 'slippage'),
    };
    if (input.signedOpHook) {
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(input.signedOpHook.hook)) throw new InputError('The signed OP hook is the base64 of the signed transaction bytes.');
      body.signed_op_hook = { signer: must(parseChainAddress(input.signedOpHook.signer), 'hook signer'), hook: input.signedOpHook.hook };
    }
    return this.post(S.MsgsResponse, '/v2/fungible/msgs', body, signal);
  }

  /** POST /v2/tx/track: registers a broadcast tx (once) so its cross-chain progress is followed. */
  async track(txHash: string, chainId: string, signal?: AbortSignal): Promise<S.TrackResponse> {
    const chain = must(parseChainId(chainId), 'chain');
    return this.post(S.TrackResponse, '/v2/tx/track', { tx_hash: normaliseTxHash(txHash, chain), chain_id: chain }, signal);
  }

  /** GET /v2/tx/status: 404 ("tx not found") until the tx is tracked and seen. */
  async status(txHash: string, chainId: string, signal?: AbortSignal): Promise<S.StatusResponse> {
    const chain = must(parseChainId(chainId), 'chain');
    const url = this.url('/v2/tx/status', [
      ['tx_hash', normaliseTxHash(txHash, chain)],
      ['chain_id', chain],
    ]);
    return parseWith(S.StatusResponse, await this.http.get(url, signal), this.http.options.service);
  }
}
