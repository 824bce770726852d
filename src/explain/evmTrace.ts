/**
 * What a network's JSON-RPC node says of a transaction, asked once: the call trace (`debug_traceTransaction` with the
 * call tracer), the opcode steps of a failed one laid onto its frames (a second `debug_traceTransaction` with the
 * struct logger, only the program counters, only when a source line is wanted), the chain id and the code at an
 * address. A mined transaction's trace does not change: it is kept per node and hash in memory and in a small file of
 * the extension's global storage, so explaining it again, a panel restored after a reload or a hover asks nothing.
 * Requests in flight are shared.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { LRUCache } from '../core/lru';
import { CallFrameSchema, flattenTrace, type CallFrame } from '../core/evm/callTrace';
import { framePcs, type FramePcs } from '../core/evm/steps';
import type { BlockTag, JsonRpcClient } from '../core/evm/jsonRpc';
import { CancelledError } from '../core/errors';

/** A stored trace: the call tree, and the frames' program counters once asked for. */
interface Stored {
  call: CallFrame;
  pcs?: { consistent: boolean; problem?: string; frames: Array<[number, number[]]> };
}

/** Stored traces larger than this stay in memory only. */
const MAX_STORED_BYTES = 4 * 1024 * 1024;
/** At most this many trace files are kept (the oldest go first). */
const MAX_STORED_FILES = 100;

export class EvmTraces {
  private readonly memory = new LRUCache<string, Stored>({ max: 50 });
  private readonly inFlight = new Map<
    string,
    { promise: Promise<unknown>; controller: AbortController; waiters: number }
  >();
  private readonly codes = new LRUCache<string, string>({ max: 2000 });
  private readonly chainIds = new Map<string, number>();

  constructor(
    /** Where trace files go (the extension's global storage); undefined keeps them in memory only. */
    private readonly dir: string | undefined,
    private readonly log: { debug(s: string): void; warn(s: string): void },
  ) {}

  private key(rpc: JsonRpcClient, hash: string): string {
    return `${rpc.url}\n${hash.toLowerCase()}`;
  }

  private file(key: string): string | undefined {
    return this.dir
      ? path.join(this.dir, 'evm-traces', `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.json`)
      : undefined;
  }

  /**
   * One request per key at a time: a second caller waits for the first's answer. A caller whose `signal` aborts stops
   * waiting; the request itself is abandoned when no caller waits for it any more (a hover moved away while Explain
   * still wants the trace keeps it going).
   */
  private once<T>(key: string, make: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    let entry = this.inFlight.get(key);
    if (!entry) {
      const controller = new AbortController();
      const promise = make(controller.signal).finally(() => this.inFlight.delete(key));
      promise.catch(() => undefined);
      entry = { promise, controller, waiters: 0 };
      this.inFlight.set(key, entry);
    }
    const shared = entry;
    shared.waiters++;
    if (!signal) return shared.promise as Promise<T>;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        signal.removeEventListener('abort', onAbort);
        shared.waiters--;
      };
      const onAbort = () => {
        leave();
        if (shared.waiters === 0) shared.controller.abort();
        reject(new CancelledError());
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      (shared.promise as Promise<T>).then(
        (v) => {
          leave();
          resolve(v);
        },
        (e: unknown) => {
          leave();
          reject(e);
        },
      );
    });
  }

  private async stored(key: string): Promise<Stored | undefined> {
    const kept = this.memory.get(key);
    if (kept) return kept;
    const file = this.file(key);
    if (!file) return undefined;
    try {
      const json = JSON.parse(await fs.readFile(file, 'utf8')) as {
        key?: unknown;
        call?: unknown;
        pcs?: Stored['pcs'];
      };
      const call = CallFrameSchema.safeParse(json.call);
      if (json.key !== key || !call.success) return undefined;
      const stored: Stored = { call: call.data, pcs: json.pcs };
      this.memory.set(key, stored);
      return stored;
    } catch {
      return undefined;
    }
  }

  private async store(key: string, stored: Stored): Promise<void> {
    this.memory.set(key, stored);
    const file = this.file(key);
    if (!file) return;
    try {
      const text = JSON.stringify({ key, ...stored });
      if (text.length > MAX_STORED_BYTES) return;
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, text);
      await fs.rename(tmp, file);
      await this.prune(path.dirname(file));
    } catch (err) {
      this.log.debug(`Call trace: not kept on disk (${err instanceof Error ? err.message : String(err)})`);
    }
  }

  private async prune(dir: string): Promise<void> {
    const names = (await fs.readdir(dir)).filter((n) => n.endsWith('.json'));
    if (names.length <= MAX_STORED_FILES) return;
    const dated = await Promise.all(
      names.map(async (n) => ({ n, t: (await fs.stat(path.join(dir, n)).catch(() => undefined))?.mtimeMs ?? 0 })),
    );
    dated.sort((a, b) => a.t - b.t);
    await Promise.all(
      dated.slice(0, dated.length - MAX_STORED_FILES).map(({ n }) => fs.rm(path.join(dir, n), { force: true })),
    );
  }

  /** The transaction's call tree (one `debug_traceTransaction` per node and hash, ever). */
  async callTrace(rpc: JsonRpcClient, hash: string, signal?: AbortSignal): Promise<CallFrame> {
    const key = this.key(rpc, hash);
    const kept = await this.stored(key);
    if (kept) return kept.call;
    return this.once(
      `call\n${key}`,
      async (shared) => {
        const call = await rpc.traceCalls(hash, shared);
        await this.store(key, { call });
        return call;
      },
      signal,
    );
  }

  /** The frames' last program counters (one struct-logger trace per node and hash, ever); the call trace first. */
  async framePcs(rpc: JsonRpcClient, hash: string, signal?: AbortSignal): Promise<FramePcs> {
    const key = this.key(rpc, hash);
    const call = await this.callTrace(rpc, hash, signal);
    const kept = await this.stored(key);
    if (kept?.pcs)
      return { consistent: kept.pcs.consistent, problem: kept.pcs.problem, pcs: new Map(kept.pcs.frames), steps: 0 };
    return this.once(
      `steps\n${key}`,
      async (shared) => {
        const steps = await rpc.traceSteps(hash, shared);
        const result = framePcs(steps.structLogs, flattenTrace(call).frames);
        if (!result.consistent)
          this.log.warn(
            `Call trace: the opcode steps of ${hash} do not fit its call trace (${result.problem}); no source lines.`,
          );
        await this.store(key, {
          call,
          pcs: { consistent: result.consistent, problem: result.problem, frames: [...result.pcs] },
        });
        return result;
      },
      signal,
    );
  }

  /** The code at an address at a block (kept: a block's code does not change). */
  async code(rpc: JsonRpcClient, address: string, block: BlockTag, signal?: AbortSignal): Promise<string> {
    const key = `${rpc.url}\n${address.toLowerCase()}\n${block}`;
    const kept = this.codes.get(key);
    if (kept !== undefined) return kept;
    return this.once(
      `code\n${key}`,
      async (shared) => {
        const code = (await rpc.getCode(address, block, shared)).toLowerCase();
        if (block !== 'latest') this.codes.set(key, code);
        return code;
      },
      signal,
    );
  }

  /** The node's chain id (kept per node). */
  async chainId(rpc: JsonRpcClient, signal?: AbortSignal): Promise<number> {
    const kept = this.chainIds.get(rpc.url);
    if (kept !== undefined) return kept;
    return this.once(
      `chain\n${rpc.url}`,
      async (shared) => {
        const id = await rpc.chainId(shared);
        this.chainIds.set(rpc.url, id);
        return id;
      },
      signal,
    );
  }
}
