/**
 * A CosmWasm chain's REST (the profile's `restUrl`), one request per question: a smart query
 * (`GET /cosmwasm/wasm/v1/contract/{address}/smart/{base64 query}` → `{data}`), a contract's info (its code id) and a
 * code's info (its checksum, to find the workspace's schema). Over the HTTP layer; paths encoded.
 */
import * as z from 'zod/mini';
import { endpoint, type HttpClient } from '../http';
import { parseWith } from '../zodParse';
import { smartQueryPath } from './messages';
import { checksumHex } from './schema';

const SmartAnswer = z.object({ data: z.unknown() });
const ContractInfo = z.object({
  address: z.optional(z.string()),
  contract_info: z.looseObject({
    code_id: z.union([z.string(), z.number()]),
    creator: z.optional(z.string()),
    admin: z.optional(z.string()),
    label: z.optional(z.string()),
  }),
});
const CodeInfo = z.object({
  code_info: z.looseObject({ code_id: z.union([z.string(), z.number()]), data_hash: z.string() }),
});

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

  /** The contract's code id, label and admin. */
  async contract(address: string, signal?: AbortSignal): Promise<z.infer<typeof ContractInfo>['contract_info']> {
    const path = `/cosmwasm/wasm/v1/contract/${encodeURIComponent(address)}`;
    return (await this.get(ContractInfo, path, signal)).contract_info;
  }

  /** A code's checksum (sha256 of its wasm, lower-case hex), or undefined when the node's form is not one. */
  async codeChecksum(codeId: string, signal?: AbortSignal): Promise<string | undefined> {
    const info = await this.get(CodeInfo, `/cosmwasm/wasm/v1/code/${encodeURIComponent(codeId)}`, signal);
    return checksumHex(info.code_info.data_hash);
  }
}
