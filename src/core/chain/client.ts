/**
 * The one client of a chain's own node (not the indexer, not the router): its Cosmos REST (`restUrl`), EVM JSON-RPC
 * (`jsonRpcUrl`) and CometBFT RPC (`rpcUrl`, the local probe only), as the user's or the registry's profile names them.
 * What asks it: watching a transaction, the address hover, the status bar's indexer lag, finding a local rollup, and
 * the bridge check's decimals from the chain itself (bank denom metadata, an ERC-20's `decimals()`).
 * One method per question; each is one HTTP request (the JSON-RPC pair for an address is one batch). Errors are the
 * HTTP layer's, plus the JSON-RPC client's JsonRpcError (core/evm/jsonRpc.ts, the one client of the protocol) for an
 * error answer.
 */
import type * as z from 'zod/mini';
import { endpoint, type HttpClient } from '../http';
import { HttpError } from '../errors';
import { parseWith } from '../zodParse';
import { JsonRpcClient, JsonRpcError } from '../evm/jsonRpc';
import * as S from './schemas';

export interface ChainEndpoints {
  restUrl?: string;
  jsonRpcUrl?: string;
  rpcUrl?: string;
}

/** The transaction as the node tells it, or undefined when the node does not have it (yet). */
export interface ChainTx {
  height?: number;
  ok?: boolean;
  code?: number;
  codespace?: string;
  reason?: string;
}

interface AccountCode {
  /** Whether code is deployed at the address (a contract). */
  contract: boolean;
  /** The native balance in base units (wei-like), as a decimal string. */
  balance: string;
}

const hexToNumber = (hex: string | null | undefined): number | undefined => {
  if (!hex) return undefined;
  const n = Number.parseInt(hex, 16);
  return Number.isSafeInteger(n) ? n : undefined;
};

const notFoundText = /not found/i;

export class ChainClient {
  private jsonRpcClient: JsonRpcClient | undefined;

  constructor(
    readonly endpoints: ChainEndpoints,
    private readonly http: HttpClient,
  ) {}

  dispose(): void {
    this.http.dispose();
  }

  /** `maxRetries` 0 by default: a watch or a probe does its own asking again; a one-off read takes the client's policy. */
  private async rest<Sc extends z.ZodMiniType>(
    schema: Sc,
    path: string,
    query: ReadonlyArray<readonly [string, string]>,
    signal?: AbortSignal,
    maxRetries = 0,
  ): Promise<z.infer<Sc>> {
    if (!this.endpoints.restUrl) throw new Error('This network has no REST endpoint.');
    const body = await this.http.json({
      method: 'GET',
      url: endpoint(this.endpoints.restUrl, path, query),
      signal,
      maxRetries,
    });
    return parseWith(schema, body, this.http.options.service);
  }

  /** The node's JSON-RPC, no retries (a watch or a probe does its own asking again). */
  private get jsonRpc(): JsonRpcClient {
    if (!this.endpoints.jsonRpcUrl) throw new Error('This network has no JSON-RPC endpoint.');
    return (this.jsonRpcClient ??= new JsonRpcClient(this.endpoints.jsonRpcUrl, this.http, {
      service: this.http.options.service,
      maxRetries: 0,
    }));
  }

  private rpc<Sc extends z.ZodMiniType>(
    schema: Sc,
    method: string,
    params: unknown[],
    signal?: AbortSignal,
    maxRetries = 0,
  ): Promise<z.infer<Sc>> {
    return this.jsonRpc.call(method, params, schema, signal, maxRetries);
  }

  /** `eth_getTransactionReceipt`: undefined until the transaction is in a block. */
  async evmTx(hash: string, signal?: AbortSignal): Promise<ChainTx | undefined> {
    const receipt = await this.rpc(S.EvmReceipt, 'eth_getTransactionReceipt', [hash], signal);
    if (!receipt) return undefined;
    const status = hexToNumber(receipt.status);
    return {
      height: hexToNumber(receipt.blockNumber),
      ok: status === undefined ? undefined : status === 1,
      reason: status === 0 ? 'reverted' : undefined,
    };
  }

  /** `GET /cosmos/tx/v1beta1/txs/{hash}`: undefined while the node answers "not found". */
  async cosmosTx(hash: string, signal?: AbortSignal): Promise<ChainTx | undefined> {
    let answer: z.infer<typeof S.CosmosTxResponse>;
    try {
      answer = await this.rest(S.CosmosTxResponse, `/cosmos/tx/v1beta1/txs/${encodeURIComponent(hash)}`, [], signal);
    } catch (err) {
      // The gRPC gateway words it `tx not found: <hash>` (code 5), 404 (some versions 400 or 500).
      if (err instanceof HttpError && (err.status === 404 || notFoundText.test(err.serverMessage))) return undefined;
      throw err;
    }
    const r = answer.tx_response;
    const height = Number(r.height);
    const code = r.code ?? 0;
    return {
      height: Number.isSafeInteger(height) && height > 0 ? height : undefined,
      ok: code === 0,
      code,
      codespace: r.codespace ?? undefined,
      reason: code === 0 ? undefined : (r.raw_log ?? undefined),
    };
  }

  /** `eth_chainId`, as a decimal string. */
  async evmChainId(signal?: AbortSignal): Promise<string> {
    const hex = await this.rpc(S.HexQuantity, 'eth_chainId', [], signal);
    return BigInt(hex).toString();
  }

  /** `eth_getCode` and `eth_getBalance` of an address, in one batch (one request). */
  async accountCode(address: string, signal?: AbortSignal): Promise<AccountCode> {
    const [code, balance] = await this.jsonRpc.batch(
      [
        { method: 'eth_getCode', params: [address, 'latest'], schema: S.HexData },
        { method: 'eth_getBalance', params: [address, 'latest'], schema: S.HexQuantity },
      ],
      signal,
    );
    return { contract: code.length > 2, balance: BigInt(balance).toString() };
  }

  /** `GET /cosmos/bank/v1beta1/balances/{address}` (the first 100 denoms). */
  async bankBalances(address: string, signal?: AbortSignal): Promise<S.BankBalancesResponse> {
    return this.rest(
      S.BankBalances,
      `/cosmos/bank/v1beta1/balances/${encodeURIComponent(address)}`,
      [['pagination.limit', '100']],
      signal,
    );
  }

  /** `GET /cosmos/base/tendermint/v1beta1/node_info`. */
  async nodeInfo(signal?: AbortSignal): Promise<S.NodeInfoResponse> {
    return this.rest(S.NodeInfo, '/cosmos/base/tendermint/v1beta1/node_info', [], signal);
  }

  /** The height of the node's latest block (`GET /cosmos/base/tendermint/v1beta1/blocks/latest`). */
  async latestHeight(signal?: AbortSignal): Promise<number> {
    const answer = await this.rest(S.LatestBlock, '/cosmos/base/tendermint/v1beta1/blocks/latest', [], signal);
    return Number(answer.block.header.height);
  }

  /** CometBFT RPC `GET /status`: the node's chain id and latest height. */
  async rpcStatus(signal?: AbortSignal): Promise<{ chainId: string; height: number }> {
    if (!this.endpoints.rpcUrl) throw new Error('This network has no RPC endpoint.');
    const body = await this.http.json({
      method: 'GET',
      url: endpoint(this.endpoints.rpcUrl, '/status'),
      signal,
      maxRetries: 0,
    });
    const status = parseWith(S.RpcStatus, body, this.http.options.service);
    return { chainId: status.result.node_info.network, height: Number(status.result.sync_info.latest_block_height) };
  }

  /**
   * `GET /cosmos/bank/v1beta1/denoms_metadata/{denom}`: the bank module's metadata of a denom, unchecked (its reader
   * checks it: core/router/check/decimals.ts), or undefined when the chain has none (404, or 400 for a denom it cannot
   * read).
   */
  async denomMetadata(denom: string, signal?: AbortSignal): Promise<unknown> {
    try {
      return await this.rest(
        S.Anything,
        `/cosmos/bank/v1beta1/denoms_metadata/${encodeURIComponent(denom)}`,
        [],
        signal,
        this.http.options.maxRetries,
      );
    } catch (err) {
      if (err instanceof HttpError && (err.status === 404 || err.status === 400)) return undefined;
      throw err;
    }
  }

  /**
   * The chain at the other end of an IBC channel, as this chain's light client of it names it
   * (`/ibc/core/channel/v1/channels/{channel}/ports/{port}/client_state`: a Tendermint client's `chain_id`), or
   * undefined when the chain has no such channel (404) or its client is of a kind that names no chain id.
   */
  async channelCounterparty(port: string, channel: string, signal?: AbortSignal): Promise<string | undefined> {
    let answer: z.infer<typeof S.ChannelClientState>;
    try {
      answer = await this.rest(
        S.ChannelClientState,
        `/ibc/core/channel/v1/channels/${encodeURIComponent(channel)}/ports/${encodeURIComponent(port)}/client_state`,
        [],
        signal,
        this.http.options.maxRetries,
      );
    } catch (err) {
      if (err instanceof HttpError && (err.status === 404 || err.status === 400)) return undefined;
      throw err;
    }
    const state = answer.identified_client_state.client_state;
    return state['@type'] === '/ibc.lightclients.tendermint.v1.ClientState' && state.chain_id
      ? state.chain_id
      : undefined;
  }

  /** `eth_call` at the latest block: what the call returned (0x data), or undefined when the node answers it with an error. */
  async ethCall(to: string, data: string, signal?: AbortSignal): Promise<string | undefined> {
    try {
      return await this.rpc(S.HexData, 'eth_call', [{ to, data }, 'latest'], signal, this.http.options.maxRetries);
    } catch (err) {
      if (err instanceof JsonRpcError) return undefined;
      throw err;
    }
  }
}
