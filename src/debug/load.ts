/**
 * Loads a debug session's replay: the transaction and its struct-log trace from the network's JSON-RPC node (one
 * trace per session, streamed into typed arrays, refused over the user's size limit), the code at every address that
 * ran, each named and given its Solidity lines by the workspace's artifacts as Explain names them (src/abi/contracts.ts),
 * and the workspace's ABIs to decode calls and reverts. Every failure is one sentence saying what to do.
 */
import type * as vscode from 'vscode';
import { ResponseTooLargeError } from '../core/errors';
import { JsonRpcError, type JsonRpcClient } from '../core/evm/jsonRpc';
import { callSpans } from '../core/evm/debug/frames';
import { StructLogReader } from '../core/evm/debug/structLog';
import type { CallSpans, StepTrace } from '../core/evm/debug/trace';
import type { NetworkProfile } from '../core/networks';
import type { Services } from '../platform/services';
import type { Settings } from '../platform/settings';
import type { WorkspaceAbis } from '../abi/workspaceAbis';
import type { WorkspaceContracts } from '../abi/contracts';
import type { LaunchConfig } from './launchConfig';
import { Replay, type CodeInfo, type Decoding } from './replay';
import { bytesOfHex } from '../core/hexBytes';

export interface DebugDeps {
  services: Pick<Services, 'network' | 'networks' | 'jsonRpc'>;
  settings: Pick<Settings, 'get'>;
  abis: Pick<WorkspaceAbis, 'snapshot'>;
  /** The workspace's contracts (Explain's, made by its bundle). */
  contracts: () => WorkspaceContracts;
  log: Pick<vscode.LogOutputChannel, 'debug' | 'warn' | 'info'>;
}

const MB = 1024 * 1024;
const TRACE_TIMEOUT_MS = 120_000;
const MAX_CODES = 64;

function networkOf(deps: DebugDeps, config: LaunchConfig): NetworkProfile {
  if (!config.network) return deps.services.network;
  const found = deps.services.networks.byName(config.network);
  if (!found) throw new Error(`There is no network named ${config.network} (initia.networks): pick one of yours.`);
  return found;
}

export async function loadReplay(
  deps: DebugDeps,
  config: LaunchConfig,
  progress: (message: string) => void,
): Promise<Replay> {
  const network = networkOf(deps, config);
  const rpc = deps.services.jsonRpc(network);
  if (!rpc || !network.jsonRpcUrl)
    throw new Error(
      `The network ${network.name} has no JSON-RPC URL (jsonRpcUrl in its profile): the debugger replays a transaction from its node.`,
    );
  const node = network.jsonRpcUrl;
  const hash = config.txHash.toLowerCase();
  const tx = await rpc.transaction(hash);
  if (!tx) throw new Error(`The JSON-RPC node at ${node} does not have the transaction ${hash}.`);
  progress(`Reading the trace of ${hash} from ${node}…`);
  const started = performance.now();
  const trace = await readTrace(deps, rpc, hash, node);
  deps.log.info(`Debug: ${trace.length} steps of ${hash} in ${Math.round(performance.now() - started)} ms`);
  const created = tx.to ? undefined : await rpc.createdAddress(hash);
  const spans = callSpans(trace, { to: tx.to ?? null, created });
  const block = tx.blockNumber ? Number(BigInt(tx.blockNumber)) : 'latest';
  const snapshot = await deps.abis.snapshot();
  const codes = await codeInfos(deps, rpc, spans, block, snapshot);
  const decoding: Decoding | undefined = snapshot && {
    call: (input) => snapshot.decoder.decodeCallWith(snapshot.index, { data: input }),
    output: (input, output) => snapshot.decoder.decodeOutputWith(snapshot.index, input, output),
    error: (data) => snapshot.decoder.decodeErrorWith(snapshot.index, data),
  };
  return new Replay({
    hash,
    network: network.name,
    node,
    tx: { from: tx.from.toLowerCase(), to: tx.to?.toLowerCase() ?? null, input: tx.input, value: tx.value ?? '0x0' },
    trace,
    spans,
    codes,
    decoding,
    withoutSource: config.withoutSource ?? 'stepOver',
  });
}

/** The struct-log trace, streamed; its failures in words. */
/** A trace over the limit is still counted (not kept) up to this many times the limit, to say how big it is. */
const MEASURE_UP_TO = 4;

async function readTrace(deps: DebugDeps, rpc: JsonRpcClient, hash: string, node: string): Promise<StepTrace> {
  let reader: StructLogReader | undefined = new StructLogReader();
  const limit = deps.settings.get('debug.maxTraceMegabytes');
  const tooBig = (size: string) =>
    new Error(
      `The trace of ${hash} is ${size}; the debugger reads at most ${limit} MB (initia.debug.maxTraceMegabytes): raise the setting to debug it.`,
    );
  let total = 0;
  try {
    await rpc.streamSteps(
      hash,
      (piece) => {
        total += piece.length;
        // Over the limit, the rest is only counted: the steps read so far are let go.
        if (total > limit * MB) reader = undefined;
        else reader?.push(piece);
      },
      { maxBytes: MEASURE_UP_TO * limit * MB, setting: 'initia.debug.maxTraceMegabytes', timeoutMs: TRACE_TIMEOUT_MS },
    );
  } catch (err) {
    if (!(err instanceof ResponseTooLargeError)) throw err;
    throw tooBig(
      err.declaredBytes !== undefined
        ? `${(err.declaredBytes / MB).toFixed(1)} MB`
        : `more than ${(MEASURE_UP_TO * limit).toFixed(1)} MB`,
    );
  }
  if (!reader) throw tooBig(`${(total / MB).toFixed(1)} MB`);
  const result = reader.end();
  if ('error' in result) {
    const error = new JsonRpcError('debug_traceTransaction', result.error.code, result.error.message ?? '');
    if (error.unavailable)
      throw new Error(
        `The JSON-RPC node at ${node} does not serve debug_traceTransaction (${error.nodeMessage || `error ${error.code}`}): the debugger replays its struct log. Use a node with the debug namespace on.`,
      );
    throw error;
  }
  if (result.length === 0)
    throw new Error(`The JSON-RPC node at ${node} has no steps for ${hash}: the transaction ran no contract code.`);
  return result;
}

type Snapshot = Awaited<ReturnType<WorkspaceAbis['snapshot']>>;

/** The code at each address that ran, named and with its lines where the workspace has its artifact. */
async function codeInfos(
  deps: DebugDeps,
  rpc: JsonRpcClient,
  spans: CallSpans,
  block: number | 'latest',
  snapshot: Snapshot,
): Promise<Map<string, CodeInfo>> {
  const contracts = deps.contracts();
  const addresses = [...new Set(spans.frames.map((f) => f.codeAddress).filter(Boolean))].slice(0, MAX_CODES);
  const chainId = await rpc.chainId().catch(() => undefined);
  const named = await contracts.broadcastNames(chainId);
  const out = new Map<string, CodeInfo>();
  await Promise.all(
    addresses.map(async (address) => {
      const code = await rpc.getCode(address, block);
      const info = await contracts.identify(address, code, named.get(address), snapshot?.artifacts ?? []);
      const entry: CodeInfo = { name: info.name, code: bytesOfHex(code), layout: info.artifact?.code.storageLayout };
      out.set(address, entry);
      if (!info.artifact || !snapshot) {
        entry.why = info.mismatch ?? 'no artifact of the workspace is the code deployed here';
        return;
      }
      const lines = await contracts.pcLines(info.artifact, snapshot.decoder);
      if (typeof lines === 'string') {
        entry.why = lines;
        return;
      }
      entry.lines = lines.lines;
      entry.files = new Map(
        [...lines.files].map(([id, f]) => [id, { path: f.uri.fsPath, name: f.path, bytes: f.bytes }]),
      );
      if (lines.skipped.length) deps.log.debug(`Debug: ${address}: ${lines.skipped.join('; ')}`);
    }),
  );
  return out;
}
