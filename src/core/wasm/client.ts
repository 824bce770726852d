/**
 * A CosmWasm chain's REST (the profile's `restUrl`), one request per question: a smart query
 * (`GET /cosmwasm/wasm/v1/contract/{address}/smart/{base64 query}` → `{data}`), a contract's code id and a code's
 * checksum (to find the workspace's schema). Over the HTTP layer; paths encoded. Made by platform/services.ts
 * (`wasm`) through `createWasmClient`, handed in by Explain's bundle, which holds this code (the features' budget).
 */
import * as z from 'zod/mini';
import { DEFAULT_HTTP_OPTIONS, HttpClient, endpoint, type HttpOptions } from '../http';
import { parseWith } from '../zodParse';
import { lazySchema } from '../lazySchema';

const Id = lazySchema(() => z.union([z.string(), z.number()]));
const SmartAnswer = lazySchema(() => z.object({ data: z.unknown() }));
const ContractInfo = lazySchema(() => z.object({ contract_info: z.looseObject({ code_id: Id }) }));
const CodeInfo = lazySchema(() => z.object({ code_info: z.looseObject({ data_hash: z.string() }) }));
const ROOT = '/cosmwasm/wasm/v1';

/** A smart query's path: base64 of the query's JSON as its last segment, as `…/contract/{address}/smart/` wants. */
export function smartQueryPath(address: string, query: unknown): string {
  const b64 = Buffer.from(JSON.stringify(query), 'utf8').toString('base64');
  return `${ROOT}/contract/${encodeURIComponent(address)}/smart/${encodeURIComponent(b64)}`;
}

/** A code checksum as the chain sends it (hex, or base64 of the 32 bytes), as lower-case hex. */
export function checksumHex(value: string): string | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return value.toLowerCase();
  if (/^[A-Za-z0-9+/]{43}=$/.test(value)) return Buffer.from(value, 'base64').toString('hex');
  return undefined;
}

export class WasmClient {
  constructor(
    readonly restUrl: string,
    private readonly http: HttpClient,
  ) {}

  dispose(): void {
    this.http.dispose();
  }

  private async get<Sc extends z.ZodMiniType>(schema: Sc, path: string, signal?: AbortSignal): Promise<z.infer<Sc>> {
    const body = await this.http.json({ method: 'GET', url: endpoint(this.restUrl, path), signal });
    return parseWith(schema, body, this.http.options.service);
  }

  /** A smart query's answer (`data`, JSON). */
  async smartQuery(address: string, query: unknown, signal?: AbortSignal): Promise<unknown> {
    return (await this.get(SmartAnswer, smartQueryPath(address, query), signal)).data;
  }

  /** The contract's code id. */
  async codeId(address: string, signal?: AbortSignal): Promise<string> {
    const info = await this.get(ContractInfo, `${ROOT}/contract/${encodeURIComponent(address)}`, signal);
    return String(info.contract_info.code_id);
  }

  /** A code's checksum (sha256 of its wasm, lower-case hex), or undefined when the node's form is not one. */
  async codeChecksum(codeId: string, signal?: AbortSignal): Promise<string | undefined> {
    const info = await this.get(CodeInfo, `${ROOT}/code/${encodeURIComponent(codeId)}`, signal);
    return checksumHex(info.code_info.data_hash);
  }
}

/** The client with the HTTP layer's defaults, as platform/services.ts makes it (`Services.wasm`). */
export function createWasmClient(restUrl: string, options: Partial<Omit<HttpOptions, 'service'>> = {}): WasmClient {
  return new WasmClient(restUrl, new HttpClient({ ...DEFAULT_HTTP_OPTIONS, ...options, service: 'node' }));
}
