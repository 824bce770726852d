/**
 * Why an EVM transaction did what it did, from the network's JSON-RPC node and the workspace: the call trace
 * (evmTrace.ts) with each frame's contract named (contracts.ts), decoded with the workspace's ABIs (src/abi/workspaceAbis.ts, the
 * lazily loaded decoder), and for a failed transaction its revert in words at the frame that raised it and the
 * Solidity line of each failed frame (a second, opcode trace). Where the network has no JSON-RPC URL, or its node
 * does not serve `debug_traceTransaction`, the answer is one sentence for Explain to show above what the indexer has.
 */
import type { EvmTx } from '../core/indexer/schemas';
import type { NetworkProfile } from '../core/networks';
import { flattenTrace, revertOrigin, type TraceFrame } from '../core/evm/callTrace';
import { JsonRpcError, type BlockTag, type JsonRpcClient } from '../core/evm/jsonRpc';
import { CancelledError, errorMessage, isCancelled } from '../core/errors';
import type { Services } from '../platform/services';
import type { WorkspaceAbis } from '../abi/workspaceAbis';
import type { ContractInfo, SourceLocation, WorkspaceContracts } from '../abi/contracts';
import type { EvmTraces } from './evmTrace';
import {
  buildTraceView,
  decodeFrames,
  decodedWords,
  frameRevertText,
  type ContractNaming,
  type FrameSource,
} from './traceView';
import { fillEvmValue } from './txView';
import type { ExplainView, TraceView } from './protocol';

export interface TraceDeps {
  services: Pick<Services, 'jsonRpc'>;
  traces: EvmTraces;
  contracts: WorkspaceContracts;
  abis: () => Pick<WorkspaceAbis, 'snapshot'> | undefined;
  log: { debug(s: string): void; warn(s: string): void };
}

export type TraceOutcome = { trace: TraceView; value?: string } | { note: string };

/** Contracts whose code is read per trace (the others are named by the broadcast only). */
const MAX_CODE_READS = 64;
const CODE_CONCURRENCY = 4;

function blockOf(tx: Pick<EvmTx, 'blockNumber'>): number | undefined {
  try {
    const n = Number(BigInt(tx.blockNumber));
    return Number.isSafeInteger(n) ? n : undefined;
  } catch {
    return undefined;
  }
}

/** Why there is no call trace, in one sentence (what follows it is the indexer's). */
function traceUnavailable(network: NetworkProfile, err: unknown): string {
  const where = network.jsonRpcUrl ?? '';
  if (err instanceof JsonRpcError && err.unavailable) {
    return `No call trace: the JSON-RPC node at ${where} does not serve debug_traceTransaction (${err.nodeMessage || `error ${err.code}`}). Below is what the indexer has.`;
  }
  if (err instanceof JsonRpcError && err.missing)
    return `No call trace: the JSON-RPC node at ${where} does not have this transaction. Below is what the indexer has.`;
  return `No call trace: ${errorMessage(err).replace(/\.$/, '')}. Below is what the indexer has.`;
}

async function inBatches<T>(items: readonly T[], n: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

/** The call trace of an EVM transaction explained, or why there is none. */
export async function explainTrace(
  deps: TraceDeps,
  network: NetworkProfile,
  hash: string,
  tx: Pick<EvmTx, 'blockNumber'>,
  abiFile?: (file: string | undefined) => number | undefined,
  signal?: AbortSignal,
): Promise<TraceOutcome> {
  const rpc = deps.services.jsonRpc(network);
  if (!rpc)
    return {
      note: `No call trace: the network ${network.name} has no JSON-RPC URL (jsonRpcUrl in its profile). Below is what the indexer has.`,
    };
  let call;
  try {
    call = await deps.traces.callTrace(rpc, hash, signal);
  } catch (err) {
    if (isCancelled(err)) throw err;
    return { note: traceUnavailable(network, err) };
  }
  const flat = flattenTrace(call);
  const block = blockOf(tx);
  const snapshot = await deps.abis()?.snapshot();
  const contracts = await nameContracts(deps, rpc, flat.frames, block, snapshot?.artifacts ?? [], signal);
  const decoded = snapshot
    ? decodeFrames(flat.frames, {
        decodeCall: (input) => snapshot.decoder.decodeCallWith(snapshot.index, input),
        decodeOutput: (input, output) => snapshot.decoder.decodeOutputWith(snapshot.index, input, output),
        decodeError: (data) => snapshot.decoder.decodeErrorWith(snapshot.index, data),
      })
    : { calls: new Map(), returns: new Map(), errors: new Map() };
  const sources = snapshot
    ? await failedFrameSources(deps, rpc, hash, flat.frames, contracts, snapshot, signal)
    : new Map<number, SourceLocation | string>();
  const naming = new Map<string, ContractNaming>();
  for (const [address, info] of contracts)
    naming.set(address, { name: info.name, mismatch: info.mismatch, code: info.code });
  const view = buildTraceView({
    node: network.jsonRpcUrl ?? '',
    flat,
    block,
    contracts: naming,
    ...decoded,
    sources: new Map<number, FrameSource>(
      [...sources].map(([i, s]) => [
        i,
        typeof s === 'string'
          ? s
          : {
              uri: s.uri.toString(),
              path: s.path,
              line: s.line,
              column: s.column,
              endLine: s.endLine,
              endColumn: s.endColumn,
              snippet: s.snippet,
            },
      ]),
    ),
    abiFile,
  });
  return { trace: view, value: flat.frames[0]?.value };
}

/**
 * The Solidity line of each failed frame, from the opcode trace and the artifact's source map, or why there is none
 * (a constructor, no artifact with the contract's code, an opcode trace that does not fit or could not be read).
 */
async function failedFrameSources(
  deps: TraceDeps,
  rpc: JsonRpcClient,
  hash: string,
  frames: readonly TraceFrame[],
  contracts: Awaited<ReturnType<typeof nameContracts>>,
  snapshot: NonNullable<Awaited<ReturnType<NonNullable<ReturnType<TraceDeps['abis']>>['snapshot']>>>,
  signal?: AbortSignal,
): Promise<Map<number, SourceLocation | string>> {
  const sources = new Map<number, SourceLocation | string>();
  const failed = frames.filter((f) => f.error);
  const withArtifact = failed.filter((f) => contracts.get(f.to)?.artifact && !f.type.startsWith('CREATE'));
  for (const f of failed) {
    const info = contracts.get(f.to);
    if (f.type.startsWith('CREATE')) sources.set(f.index, 'a constructor: its line is not shown');
    else if (!info?.artifact && !info?.mismatch)
      sources.set(f.index, "No artifact in the workspace has this contract's code: no source line.");
  }
  if (withArtifact.length) {
    try {
      const steps = await deps.traces.framePcs(rpc, hash, signal);
      for (const f of withArtifact) {
        const pcs = steps.pcs.get(f.index);
        if (!steps.consistent || !pcs?.length)
          sources.set(
            f.index,
            `The opcode trace does not fit the call trace (${steps.problem ?? 'this frame ran no instruction'}): no source line.`,
          );
        else sources.set(f.index, await deps.contracts.sourceOf(contracts.get(f.to)!.artifact!, pcs, snapshot.decoder));
      }
    } catch (err) {
      if (isCancelled(err)) throw err;
      for (const f of withArtifact)
        sources.set(
          f.index,
          `The opcode trace could not be read (${errorMessage(err).replace(/\.$/, '')}): no source line.`,
        );
    }
  }
  return sources;
}

/** Names each contract the frames call: code read (at the transaction's block, else the latest), broadcast names. */
async function nameContracts(
  deps: TraceDeps,
  rpc: JsonRpcClient,
  frames: readonly TraceFrame[],
  block: number | undefined,
  artifacts: Parameters<WorkspaceContracts['identify']>[3],
  signal?: AbortSignal,
): Promise<Map<string, ContractInfo & { code: boolean }>> {
  const out = new Map<string, ContractInfo & { code: boolean }>();
  const created = new Map<string, string>();
  for (const f of frames) if (f.type.startsWith('CREATE') && !f.error && f.to) created.set(f.to, f.output);
  const addresses = [...new Set(frames.map((f) => f.to).filter((a) => /^0x[0-9a-f]{40}$/.test(a)))];
  const chainId = await deps.traces.chainId(rpc, signal).catch(() => undefined);
  const names = await deps.contracts.broadcastNames(chainId).catch(() => new Map<string, string>());
  const at: BlockTag = block ?? 'latest';
  await inBatches(addresses.slice(0, MAX_CODE_READS), CODE_CONCURRENCY, async (address) => {
    let code = created.get(address);
    if (code === undefined) {
      code = await deps.traces
        .code(rpc, address, at, signal)
        .catch(() =>
          at === 'latest' || signal?.aborted
            ? undefined
            : deps.traces.code(rpc, address, 'latest', signal).catch(() => undefined),
        );
    }
    const info = await deps.contracts.identify(address, code ?? '0x', names.get(address), artifacts);
    out.set(address, { ...info, code: (code ?? '0x').length > 2 });
  });
  if (signal?.aborted) throw new CancelledError();
  for (const address of addresses.slice(MAX_CODE_READS))
    out.set(address, { address, name: names.get(address), code: false });
  return out;
}

/** A failed transaction's revert in one line (for a hover): "InsufficientBalance(…) in withdraw, 2 calls deep";
 *  undefined when the network has no JSON-RPC or the node does not trace. One request, kept like Explain's. */
export async function revertSummary(
  deps: TraceDeps,
  network: NetworkProfile,
  hash: string,
  signal?: AbortSignal,
): Promise<string | undefined> {
  const rpc = deps.services.jsonRpc(network);
  if (!rpc) return undefined;
  const flat = flattenTrace(await deps.traces.callTrace(rpc, hash, signal));
  const root = flat.frames[0];
  if (!root?.error) return undefined;
  const origin = revertOrigin(flat.frames, 0) ?? 0;
  const frame = flat.frames[origin]!;
  const snapshot = await deps.abis()?.snapshot();
  const custom = snapshot ? snapshot.decoder.decodeErrorWith(snapshot.index, frame.output) : undefined;
  const fn =
    snapshot && frame.input.length >= 10
      ? snapshot.decoder.decodeCallWith(snapshot.index, { to: frame.to, data: frame.input })?.name
      : undefined;
  const text = custom ? decodedWords(custom) : frameRevertText(frame, undefined);
  const where = fn ? ` in ${fn}` : frame.input.length >= 10 ? ` in ${frame.input.slice(0, 10)}` : '';
  return `${text}${where}${origin === 0 ? '' : `, ${frame.depth} call${frame.depth === 1 ? '' : 's'} deep`}`;
}

/**
 * Adds the call trace to an EVM transaction's view: the trace, its revert first as the outcome's reason, or the one
 * sentence saying why there is none (first among the notes). Decoded items' ABI files join the view's list.
 */
export async function traceInto(
  deps: TraceDeps,
  view: ExplainView,
  network: NetworkProfile,
  hash: string,
  tx: Pick<EvmTx, 'blockNumber'>,
  signal?: AbortSignal,
): Promise<void> {
  const abiFile = (file: string | undefined) => {
    if (!file) return undefined;
    const i = view.abiFiles.indexOf(file);
    return i >= 0 ? i : view.abiFiles.push(file) - 1;
  };
  let outcome: TraceOutcome;
  try {
    outcome = await explainTrace(deps, network, hash, tx, abiFile, signal);
  } catch (err) {
    if (isCancelled(err)) throw err;
    deps.log.warn(`Call trace of ${hash}: ${errorMessage(err)}`);
    outcome = { note: `No call trace: ${errorMessage(err).replace(/\.$/, '')}. Below is what the indexer has.` };
  }
  if ('note' in outcome) {
    view.notes.unshift(outcome.note);
    return;
  }
  view.trace = outcome.trace;
  // The value the transaction sent, from its top call, where the indexer had none.
  fillEvmValue(view, outcome.value);
  const revert = outcome.trace.revert;
  if (revert && !view.outcome.ok)
    view.outcome.reason = `${revert.text} — raised in ${revert.where}${revert.source ? ` (${revert.source.label})` : ''}`;
}
