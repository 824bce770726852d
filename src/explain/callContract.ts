/**
 * `Initia: Call Contract…`: a read-only call (`eth_call`) of a view function, from the palette, a hover, the account
 * picker of a document link, or a frame of Explain's call trace. The contract's ABI is the workspace artifact whose
 * runtime code is deployed at the address (else the one chosen), the function one of its view or pure functions,
 * each argument checked as it is typed (core/abi/callArgs.ts; an address's checksum by the decoder); the call runs at
 * the latest block or the transaction's, and its result is decoded. Nothing is signed or sent: no key is involved.
 * The result opens as a read-only JSON document beside the editor, and the command resolves to it (tests, other
 * extensions).
 */
import vscode = require('vscode');
import { argumentHint, parseArgument } from '../core/abi/callArgs';
import { JsonRpcError, type BlockTag, type JsonRpcClient } from '../core/evm/jsonRpc';
import { classifyRevert, revertWords } from '../core/evm/revert';
import { errorMessage } from '../core/errors';
import type { AbiItem, AbiParameter, Artifact } from '../core/abi/artifacts';
import type { CallResults } from './callResults';
import { obtain, refuse } from '../platform/input';
import type { Services } from '../platform/services';
import { Scheme } from '../platform/ids';
import type { WorkspaceAbis } from '../abi/workspaceAbis';
import type { WorkspaceContracts } from '../abi/contracts';
import type { EvmTraces } from './evmTrace';
import { decodedWords } from './traceView';

export interface CallContractDeps {
  services: Pick<Services, 'network' | 'jsonRpc'>;
  traces: EvmTraces;
  contracts: WorkspaceContracts;
  abis: Pick<WorkspaceAbis, 'snapshot'>;
  results: CallResults;
}

export interface CallResult {
  network: string;
  address: string;
  contract: string;
  function: string;
  arguments: Record<string, string>;
  block: BlockTag;
  result: Record<string, string>;
}

const parseAddress = (s: string) => {
  const t = s.trim();
  return /^0x[0-9a-fA-F]{40}$/.test(t)
    ? { ok: true as const, value: t }
    : { ok: false as const, error: 'An EVM contract address is 0x and 40 hexadecimal digits.' };
};

const isRead = (item: AbiItem) =>
  item.type === 'function' && !!item.name && (item.stateMutability === 'view' || item.stateMutability === 'pure');
const typeOf = (p: AbiParameter): string =>
  p.type.startsWith('tuple') ? `(${(p.components ?? []).map(typeOf).join(',')})${p.type.slice(5)}` : p.type;
const signature = (item: AbiItem) => `${item.name}(${(item.inputs ?? []).map(typeOf).join(',')})`;
type Snapshot = NonNullable<Awaited<ReturnType<WorkspaceAbis['snapshot']>>>;

const described = (params: readonly AbiParameter[] | undefined) =>
  (params ?? []).map((p) => `${typeOf(p)}${p.name ? ` ${p.name}` : ''}`).join(', ');

/**
 * Runs the command. `block`: a height (then the latest is offered too), `'latest'` or nothing; `fn` and `args` (a
 * function signature and its arguments as text) skip the pickers, as a test or another extension would call it.
 */
export async function callContract(
  deps: CallContractDeps,
  addressArg?: unknown,
  blockArg?: unknown,
  fnArg?: unknown,
  argsArg?: unknown,
): Promise<CallResult | undefined> {
  const network = deps.services.network;
  const rpc = deps.services.jsonRpc(network);
  if (!rpc)
    return refuse(
      vscode.l10n.t(
        'The network {0} has no JSON-RPC URL (jsonRpcUrl in its profile): a contract read needs one.',
        network.name,
      ),
    );
  const address = await obtain(
    addressArg,
    parseAddress,
    vscode.l10n.t('Contract address to read (eth_call, nothing is sent)'),
    '0x…',
  );
  if (!address) return undefined;
  const snapshot = await deps.abis.snapshot();
  if (!snapshot) return undefined;
  const artifact = await contractAt(deps, rpc, snapshot, address, network.name, fnArg);
  const item = artifact && (await chooseFunction(artifact, address, fnArg));
  if (!artifact || !item) return undefined;
  const given = Array.isArray(argsArg) ? argsArg.map(String) : undefined;
  const args = await readArguments(item, snapshot, given);
  const block = args && (await chooseBlock(blockArg, given !== undefined));
  if (!args || block === undefined) return undefined;
  const output = await call(rpc, snapshot, artifact, item, address, args.values, block);
  if (output === undefined) return undefined;
  const decoded = snapshot.decoder.decodeReturnWith(item, output);
  const result: Record<string, string> = {};
  if (decoded) for (const a of decoded) result[a.name] = a.value;
  else result.raw = output.length > 2000 ? `${output.slice(0, 1999)}…` : output;
  const answer: CallResult = {
    network: network.name,
    address,
    contract: artifact.contract,
    function: signature(item),
    arguments: args.shown,
    block,
    result,
  };
  const uri = deps.results.add(`${artifact.contract}.${item.name ?? 'call'}`, `${JSON.stringify(answer, null, 2)}\n`);
  await vscode.window.showTextDocument(uri, { viewColumn: resultColumn(), preview: true });
  return answer;
}

/**
 * The artifact whose runtime code is deployed at the address, else one the user picks among those with a view
 * function (or the one that has `fn`); undefined (said in words) when there is no code or no such ABI.
 */
async function contractAt(
  deps: CallContractDeps,
  rpc: JsonRpcClient,
  snapshot: Snapshot,
  address: string,
  networkName: string,
  fnArg: unknown,
): Promise<Artifact | undefined> {
  let code: string;
  try {
    code = await deps.traces.code(rpc, address, 'latest');
  } catch (err) {
    return refuse(errorMessage(err));
  }
  if (code.length <= 2)
    return refuse(vscode.l10n.t('There is no contract at {0} on {1} (no code).', address, networkName));
  const info = await deps.contracts.identify(address.toLowerCase(), code, undefined, snapshot.artifacts);
  const found = info.artifact ? snapshot.artifacts.find((a) => a.file === info.artifact!.uri.toString()) : undefined;
  if (found) return found;
  const readable = snapshot.artifacts.filter((a) => a.abi.some(isRead));
  if (!readable.length)
    return refuse(
      vscode.l10n.t('No ABI in the open folders has a view function (Foundry out/, Hardhat artifacts/, *.abi.json).'),
    );
  if (typeof fnArg === 'string') return readable.find((a) => a.abi.some((i) => isRead(i) && signature(i) === fnArg));
  const picked = await vscode.window.showQuickPick(
    readable.map((a) => ({
      label: a.contract,
      description: a.file ? vscode.workspace.asRelativePath(vscode.Uri.parse(a.file), false) : '',
      artifact: a,
    })),
    {
      placeHolder: vscode.l10n.t('No artifact in the workspace is the code at {0}: which ABI should read it?', address),
      ignoreFocusOut: true,
      matchOnDescription: true,
    },
  );
  return picked?.artifact;
}

/** The view function to call: `fn` by signature or name, else the one the user picks. */
async function chooseFunction(artifact: Artifact, address: string, fnArg: unknown): Promise<AbiItem | undefined> {
  const reads = artifact.abi.filter(isRead);
  if (typeof fnArg === 'string') {
    const item = reads.find((i) => signature(i) === fnArg || i.name === fnArg);
    return item ?? refuse(vscode.l10n.t('{0} has no view function {1}.', artifact.contract, fnArg));
  }
  if (!reads.length) return refuse(vscode.l10n.t('{0} has no view function.', artifact.contract));
  const picked = await vscode.window.showQuickPick(
    reads.map((i) => ({
      label: `${i.name}(${described(i.inputs)})`,
      description: `→ ${described(i.outputs) || 'nothing'}`,
      item: i,
    })),
    {
      placeHolder: vscode.l10n.t('{0} at {1}: which function to call (read-only)?', artifact.contract, address),
      ignoreFocusOut: true,
    },
  );
  return picked?.item;
}

/** Each argument, given (checked) or asked for as it is typed, with its text as the result document shows it. */
async function readArguments(
  item: AbiItem,
  snapshot: Snapshot,
  given: string[] | undefined,
): Promise<{ values: unknown[]; shown: Record<string, string> } | undefined> {
  const inputs = item.inputs ?? [];
  const values: unknown[] = [];
  const shown: Record<string, string> = {};
  for (let i = 0; i < inputs.length; i++) {
    const param = inputs[i]!;
    const check = (text: string) => {
      const parsed = parseArgument(param, text);
      if (parsed.ok && param.type === 'address' && !snapshot.decoder.isChecksumValid(text.trim()))
        return { ok: false as const, error: 'that address has a wrong checksum: check for a typo' };
      return parsed;
    };
    const label = `${param.name || `argument ${i + 1}`} (${typeOf(param)})`;
    const value = given
      ? (() => {
          const p = check(given[i] ?? '');
          return p.ok ? p.value : refuse(`${label}: ${p.error}`);
        })()
      : await obtain(
          undefined,
          check,
          vscode.l10n.t('{0}({1}): {2}', item.name ?? '', described(inputs), label),
          argumentHint(param),
        );
    if (value === undefined) return undefined;
    values.push(value);
    shown[param.name || `arg${i}`] = given
      ? given[i]!
      : String(
          Array.isArray(value)
            ? JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))
            : value,
        );
  }
  return { values, shown };
}

/** The block to read at: the transaction's (given, or chosen against the latest) or the latest; undefined: cancelled. */
async function chooseBlock(blockArg: unknown, given: boolean): Promise<BlockTag | undefined> {
  if (typeof blockArg !== 'number' || !Number.isSafeInteger(blockArg) || blockArg < 0) return 'latest';
  if (given) return blockArg;
  const picked = await vscode.window.showQuickPick(
    [
      {
        label: vscode.l10n.t('At block {0}', blockArg),
        description: vscode.l10n.t("the transaction's block"),
        block: blockArg as BlockTag,
      },
      { label: vscode.l10n.t('At the latest block'), block: 'latest' as BlockTag },
    ],
    { placeHolder: vscode.l10n.t('Read the state at which block?'), ignoreFocusOut: true },
  );
  return picked?.block;
}

/** The `eth_call`, cancellable from its progress notification; a revert said in words (a custom error decoded). */
async function call(
  rpc: JsonRpcClient,
  snapshot: Snapshot,
  artifact: Artifact,
  item: AbiItem,
  address: string,
  values: unknown[],
  block: BlockTag,
): Promise<string | undefined> {
  let data: string;
  try {
    data = snapshot.decoder.encodeCallWith(item, values);
  } catch (err) {
    return refuse(errorMessage(err));
  }
  try {
    return await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Calling {0}.{1}…', artifact.contract, item.name ?? ''),
        cancellable: true,
      },
      (_p, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return rpc.ethCall({ to: address, data }, block, controller.signal);
      },
    );
  } catch (err) {
    if (err instanceof JsonRpcError && typeof err.data === 'string' && err.data.length >= 10) {
      const custom = snapshot.decoder.decodeErrorWith(snapshot.index, err.data);
      return refuse(
        vscode.l10n.t('The call reverted: {0}', custom ? decodedWords(custom) : revertWords(classifyRevert(err.data))),
      );
    }
    return refuse(errorMessage(err));
  }
}

/** Where a read's result opens: the group that shows an earlier result (its preview tab), else beside the editor. */
function resultColumn(): vscode.ViewColumn {
  const shown = vscode.window.tabGroups.all.find((g) =>
    g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.scheme === Scheme.CallResult),
  );
  return shown?.viewColumn ?? vscode.ViewColumn.Beside;
}
