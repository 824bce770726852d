/**
 * The one EVM JSON-RPC client, over the extension's HTTP layer (core/http.ts: deadlines, size limit, cancellation,
 * the user's transport and proxy): the few read-only methods the call trace and contract reads need, and `call` and
 * `batch` for the chain client's (core/chain/client.ts). Every answer is checked (the envelope, the id, the result's
 * shape); a node's error becomes a JsonRpcError whose sentence names the method, and `unavailable` tells a node that
 * does not serve a method (no `debug` namespace) from other failures. Inputs are checked before any request. Nothing
 * here signs or sends a transaction.
 */
import * as z from 'zod/mini';
import { ApiError, InputError } from '../errors';
import type { HttpClient } from '../http';
import { excerpt } from '../httpBody';
import { parseWith } from '../zodParse';
import { CallFrameSchema, type CallFrame } from './callTrace';
import { lazySchema } from '../lazySchema';

export const JSON_RPC_SERVICE = 'JSON-RPC node';

/** JSON-RPC error codes that mean "this node does not serve that method" (geth: method not found, or disabled). */
const UNAVAILABLE_CODES = new Set([-32601, -32600, -32004]);

/** The node answered the call with an error object. */
export class JsonRpcError extends ApiError {
  readonly kind = 'http';
  readonly retryable = false;
  constructor(
    readonly method: string,
    /** The error's code (0 for an answer that breaks the protocol; undefined when the node gave none). */
    readonly code: number | undefined,
    readonly nodeMessage: string,
    /** The error's `data` (a reverted `eth_call`'s revert data, as 0x hex, on geth-like nodes). */
    readonly data?: unknown,
  ) {
    const coded = code !== undefined ? ` ${code}` : '';
    super(`The JSON-RPC node answered ${method} with error${coded}: ${excerpt(nodeMessage, 200) || 'no message'}.`);
    this.name = 'JsonRpcError';
  }

  /** The node does not have the transaction (geth: "transaction not found"; anvil answers an empty struct log). */
  get missing(): boolean {
    return /transaction not found|does not have this transaction|unknown transaction/i.test(this.nodeMessage);
  }

  /** The node does not serve this method (a `debug` namespace turned off, a gateway that allows only `eth_*`). */
  get unavailable(): boolean {
    return (
      (this.code !== undefined && UNAVAILABLE_CODES.has(this.code)) ||
      /not (exist|available|supported|allowed|enabled)|method not found|unsupported method|disabled/i.test(
        this.nodeMessage,
      )
    );
  }
}

const Envelope = lazySchema(() =>
  z.object({
    jsonrpc: z.optional(z.string()),
    id: z.optional(z.nullable(z.union([z.number(), z.string()]))),
    result: z.optional(z.unknown()),
    error: z.optional(
      z.nullable(
        z.object({ code: z.optional(z.number()), message: z.optional(z.string()), data: z.optional(z.unknown()) }),
      ),
    ),
  }),
);

const HEX = lazySchema(() => z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, 'should be 0x and hexadecimal digits')));

/** The struct logger's answer, as much of it as is read (each step is checked where it is used: there may be 100,000). */
const StructLogResult = lazySchema(() =>
  z.object({
    failed: z.optional(z.boolean()),
    structLogs: z.array(z.unknown()),
  }),
);
type StructLogResult = z.infer<typeof StructLogResult>;

/** A transaction as the node has it: as much as the debugger reads. */
const NodeTx = lazySchema(() =>
  z.object({
    hash: HEX,
    from: HEX,
    to: z.optional(z.nullable(HEX)),
    input: HEX,
    value: z.optional(HEX),
    blockNumber: z.optional(z.nullable(HEX)),
  }),
);
export type EvmNodeTx = z.infer<typeof NodeTx>;

const Receipt = lazySchema(() => z.object({ contractAddress: z.optional(z.nullable(HEX)) }));

/** A block to read state at: the latest, or a height. */
export type BlockTag = 'latest' | number;

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function blockParam(block: BlockTag): string {
  if (block === 'latest') return 'latest';
  if (!Number.isSafeInteger(block) || block < 0)
    throw new InputError(`A block height is a whole number; ${String(block)} is not.`);
  return `0x${block.toString(16)}`;
}

interface JsonRpcOptions {
  /** The service named by a parse error (default JSON_RPC_SERVICE). */
  service?: string;
  /** Overrides the HTTP client's retries (0: the caller does its own asking again). */
  maxRetries?: number;
}

/** One call of a batch: its method, parameters and the schema of its result. */
interface JsonRpcCall<S extends z.ZodMiniType = z.ZodMiniType> {
  method: string;
  params: unknown[];
  schema: S;
}

export class JsonRpcClient {
  private nextId = 1;
  private readonly service: string;

  constructor(
    readonly url: string,
    private readonly http: HttpClient,
    private readonly options: JsonRpcOptions = {},
  ) {
    this.service = options.service ?? JSON_RPC_SERVICE;
  }

  /** One call: the result checked with `schema` (`maxRetries` overrides the client's for this call). */
  async call<S extends z.ZodMiniType>(
    method: string,
    params: unknown[],
    schema: S,
    signal?: AbortSignal,
    maxRetries = this.options.maxRetries,
  ): Promise<z.infer<S>> {
    const id = this.nextId++;
    const body = await this.post({ jsonrpc: '2.0', id, method, params }, signal, maxRetries);
    return this.result(method, id, schema, body);
  }

  /** Several calls in one request (one batch); their results in the calls' order, each checked with its schema. */
  async batch<const C extends readonly JsonRpcCall[]>(
    calls: C,
    signal?: AbortSignal,
  ): Promise<{ -readonly [K in keyof C]: z.infer<C[K]['schema']> }> {
    const ids = calls.map(() => this.nextId++);
    const body = await this.post(
      calls.map((c, i) => ({ jsonrpc: '2.0', id: ids[i], method: c.method, params: c.params })),
      signal,
      this.options.maxRetries,
    );
    const answers: unknown[] = Array.isArray(body) ? body : [body];
    const byId = (id: number) =>
      answers.find((a: unknown) => !!a && typeof a === 'object' && (a as { id?: unknown }).id === id);
    return calls.map((c, i) => this.result(c.method, ids[i]!, c.schema, byId(ids[i]!))) as {
      -readonly [K in keyof C]: z.infer<C[K]['schema']>;
    };
  }

  private post(body: unknown, signal: AbortSignal | undefined, maxRetries: number | undefined): Promise<unknown> {
    return this.http.json({ method: 'POST', url: new URL(this.url), body, signal, maxRetries });
  }

  private result<S extends z.ZodMiniType>(method: string, id: number, schema: S, body: unknown): z.infer<S> {
    const envelope = parseWith(Envelope, body, this.service);
    if (envelope.error)
      throw new JsonRpcError(method, envelope.error.code, envelope.error.message ?? '', envelope.error.data);
    if (envelope.id !== id)
      throw new JsonRpcError(method, 0, `the answer is for request ${JSON.stringify(envelope.id)}, not ${id}`);
    if (!('result' in envelope)) throw new JsonRpcError(method, 0, 'the answer has neither a result nor an error');
    return parseWith(schema, envelope.result, this.service);
  }

  /** `debug_traceTransaction` with geth's call tracer: the tree of calls with their inputs, outputs and errors. */
  async traceCalls(hash: string, signal?: AbortSignal): Promise<CallFrame> {
    checkHash(hash);
    const result = await this.call(
      'debug_traceTransaction',
      [hash.toLowerCase(), { tracer: 'callTracer', tracerConfig: { onlyTopCall: false, withLog: false } }],
      z.unknown(),
      signal,
    );
    // Anvil answers a transaction it does not have with the struct logger's empty answer, not a call frame.
    const steps = StructLogResult.safeParse(result);
    if (steps.success && steps.data.structLogs.length === 0 && !(result as { type?: unknown }).type) {
      throw new JsonRpcError(
        'debug_traceTransaction',
        0,
        'the node does not have this transaction (it answered an empty trace)',
      );
    }
    return parseWith(CallFrameSchema, result, JSON_RPC_SERVICE);
  }

  /**
   * `debug_traceTransaction` with the struct logger and nothing but the program counters and depths wanted: no stack,
   * no memory, no storage, no return data (about 70 bytes a step). Bounded by the HTTP layer's size limit.
   */
  async traceSteps(hash: string, signal?: AbortSignal): Promise<StructLogResult> {
    checkHash(hash);
    return this.call(
      'debug_traceTransaction',
      [hash.toLowerCase(), { disableStack: true, disableStorage: true, enableMemory: false, enableReturnData: false }],
      StructLogResult,
      signal,
    );
  }

  /**
   * `debug_traceTransaction` with the struct logger keeping the stack (no memory, storage or return data: the debugger
   * rebuilds memory from the steps), its answer handed to `consume` piece by piece, never held whole; its size.
   */
  async streamSteps(
    hash: string,
    consume: (piece: Uint8Array) => void,
    limits: { maxBytes: number; setting: string; timeoutMs: number },
    signal?: AbortSignal,
  ): Promise<number> {
    checkHash(hash);
    const id = this.nextId++;
    const options = { disableStack: false, disableStorage: true, enableMemory: false, enableReturnData: false };
    return this.http.stream({
      method: 'POST',
      url: new URL(this.url),
      body: { jsonrpc: '2.0', id, method: 'debug_traceTransaction', params: [hash.toLowerCase(), options] },
      signal,
      maxRetries: this.options.maxRetries,
      maxBytes: limits.maxBytes,
      maxBytesSetting: limits.setting,
      timeoutMs: limits.timeoutMs,
      consume,
    });
  }

  /** A mined transaction as the node has it (`eth_getTransactionByHash`), or null when it has none. */
  async transaction(hash: string, signal?: AbortSignal): Promise<EvmNodeTx | null> {
    checkHash(hash);
    return this.call('eth_getTransactionByHash', [hash.toLowerCase()], z.nullable(NodeTx), signal);
  }

  /** The address a contract-creating transaction made (`eth_getTransactionReceipt`), or undefined. */
  async createdAddress(hash: string, signal?: AbortSignal): Promise<string | undefined> {
    checkHash(hash);
    const receipt = await this.call('eth_getTransactionReceipt', [hash.toLowerCase()], z.nullable(Receipt), signal);
    return receipt?.contractAddress?.toLowerCase() ?? undefined;
  }

  /** The code at an address (`0x` for an account without code). */
  async getCode(address: string, block: BlockTag, signal?: AbortSignal): Promise<string> {
    checkAddress(address);
    return this.call('eth_getCode', [address.toLowerCase(), blockParam(block)], HEX, signal);
  }

  /** A read-only call (`eth_call`): what the function returns; nothing is sent to the chain. */
  async ethCall(call: { to: string; data: string }, block: BlockTag, signal?: AbortSignal): Promise<string> {
    checkAddress(call.to);
    if (!/^0x([0-9a-fA-F]{2})*$/.test(call.data)) throw new InputError('The call data is not hexadecimal bytes.');
    return this.call('eth_call', [{ to: call.to.toLowerCase(), data: call.data }, blockParam(block)], HEX, signal);
  }

  /** The chain id, as a number. */
  async chainId(signal?: AbortSignal): Promise<number> {
    const hex = await this.call('eth_chainId', [], HEX, signal);
    const n = Number.parseInt(hex, 16);
    if (!Number.isSafeInteger(n)) throw new JsonRpcError('eth_chainId', 0, `the chain id ${hex} is not a number`);
    return n;
  }
}

function checkHash(hash: string): void {
  if (!TX_HASH.test(hash)) throw new InputError('An EVM transaction hash is 0x and 64 hexadecimal digits.');
}

function checkAddress(address: string): void {
  if (!ADDRESS.test(address)) throw new InputError('An EVM address is 0x and 40 hexadecimal digits.');
}
