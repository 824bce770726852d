/**
 * A Move chain's REST (the profile's `restUrl`: the user's or the registry's), one method per question and one
 * request each: a module (its ABI and bytecode, kept per module: an ABI never changes under one upgrade, and a
 * module asked again within the client's life is answered from memory), a view call over `view/json`, an account's
 * resources (paged), a table's entries (paged). The address in a path is the user's, checked and encoded by the
 * caller; every path segment is URL-encoded here too.
 */
import { endpoint, type HttpClient } from '../http';
import { HttpError } from '../errors';
import { parseWith } from '../zodParse';
import type * as z from 'zod/mini';
import * as S from './schemas';

export interface MoveModule {
  address: string;
  name: string;
  abi: S.MoveAbi;
  /** The compiled module, for its error map; undefined when the node did not send it. */
  bytes?: Uint8Array;
}

export interface ViewCall {
  address: string;
  module: string;
  function: string;
  typeArgs: string[];
  /** Each argument's JSON text (core/move/jsonArgs.ts). */
  args: string[];
}

const PAGE = '100';

export class MoveClient {
  private readonly modules = new Map<string, Promise<MoveModule>>();

  constructor(
    readonly restUrl: string,
    private readonly http: HttpClient,
  ) {}

  dispose(): void {
    this.http.dispose();
  }

  private async get<Sc extends z.ZodMiniType>(
    schema: Sc,
    path: string,
    query: ReadonlyArray<readonly [string, string]> = [],
    signal?: AbortSignal,
  ): Promise<z.infer<Sc>> {
    const body = await this.http.json({ method: 'GET', url: endpoint(this.restUrl, path, query), signal });
    return parseWith(schema, body, this.http.options.service);
  }

  /** `GET /initia/move/v1/accounts/{address}/modules/{module}`, once per module (a failure is not kept). */
  module(address: string, name: string, signal?: AbortSignal): Promise<MoveModule> {
    const key = `${address.toLowerCase()}::${name}`;
    let pending = this.modules.get(key);
    if (!pending) {
      pending = this.fetchModule(address, name, signal);
      this.modules.set(key, pending);
      pending.catch(() => this.modules.delete(key));
    }
    return pending;
  }

  private async fetchModule(address: string, name: string, signal?: AbortSignal): Promise<MoveModule> {
    const path = `/initia/move/v1/accounts/${encodeURIComponent(address)}/modules/${encodeURIComponent(name)}`;
    const { module } = await this.get(S.ModuleResponse, path, [], signal);
    let abi: unknown;
    try {
      abi = JSON.parse(module.abi);
    } catch {
      throw new Error(`The node sent ${address}::${name} with an ABI that is not JSON.`);
    }
    const parsed = parseWith(S.MoveAbi, abi, this.http.options.service);
    const bytes = module.raw_bytes ? Uint8Array.from(Buffer.from(module.raw_bytes, 'base64')) : undefined;
    return { address: module.address, name: module.module_name, abi: parsed, ...(bytes ? { bytes } : {}) };
  }

  /** `POST /initia/move/v1/view/json`: a `#[view]` function's answer, its events and gas. */
  async view(call: ViewCall, signal?: AbortSignal): Promise<S.ViewResponse> {
    const body = await this.http.json({
      method: 'POST',
      url: endpoint(this.restUrl, '/initia/move/v1/view/json'),
      body: {
        address: call.address,
        module_name: call.module,
        function_name: call.function,
        type_args: call.typeArgs,
        args: call.args,
      },
      signal,
    });
    return parseWith(S.ViewResponse, body, this.http.options.service);
  }

  /** `GET /initia/move/v1/accounts/{address}/resources`, one page (`key` from the previous page's next_key). */
  async resources(address: string, key?: string, signal?: AbortSignal): Promise<S.ResourcesResponse> {
    const query: Array<[string, string]> = [['pagination.limit', PAGE]];
    if (key) query.push(['pagination.key', key]);
    return this.get(
      S.ResourcesResponse,
      `/initia/move/v1/accounts/${encodeURIComponent(address)}/resources`,
      query,
      signal,
    );
  }

  /** `GET /initia/move/v1/tables/{handle}/entries`, one page. */
  async tableEntries(handle: string, key?: string, signal?: AbortSignal): Promise<S.TableEntriesResponse> {
    const query: Array<[string, string]> = [['pagination.limit', PAGE]];
    if (key) query.push(['pagination.key', key]);
    return this.get(
      S.TableEntriesResponse,
      `/initia/move/v1/tables/${encodeURIComponent(handle)}/entries`,
      query,
      signal,
    );
  }
}

/** Whether an error is the node saying it has no such module (404, or the gateway's "not found"). */
export function isMissingModule(err: unknown): boolean {
  return err instanceof HttpError && (err.status === 404 || /not found/i.test(err.serverMessage));
}
