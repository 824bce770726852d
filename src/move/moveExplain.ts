/**
 * A Move transaction explained on the host, one place for Explain, the hover and the agent tools: its Move messages
 * decoded by their modules' on-chain ABIs (core/move/explain.ts; each module asked for once, the network's MoveClient
 * keeps it) and its abort named (abortNamer.ts) from the workspace's sources, the module's error map and the chain
 * registry's errors file. The registry's file is looked for beside the `chains.json` of each registry the user chose
 * (`initia.registry.urls`), in their order; none is asked when the snapshot is all there is.
 */
import vscode = require('vscode');
import { parseMoveFailure } from '../core/move/abort';
import { explainMove, moveKind, type ModuleReader, type MoveExplanation } from '../core/move/explain';
import { RegistryErrorsFile, registryErrorsUrl } from '../core/move/registryErrors';
import { errorMessage, isNotFound } from '../core/errors';
import { parseWith } from '../core/zodParse';
import type { Tx } from '../core/indexer/schemas';
import { readEvents } from '../core/txExplain';
import type { NetworkProfile } from '../core/networks';
import type { Services } from '../platform/services';
import { MoveAbortNamer, type NamedMoveAbort } from './abortNamer';
import { WorkspaceMoveSources } from './workspaceMove';

export interface MoveTxExplanation {
  explanation: MoveExplanation;
  named?: NamedMoveAbort;
}

/** Whether a transaction is the Move explainer's: it has a Move message, or its log holds a MoveVM failure. */
export function isMoveTx(tx: Pick<Tx, 'tx' | 'raw_log'>): boolean {
  const messages = tx.tx?.body?.messages ?? [];
  return messages.some((m) => moveKind(m['@type']) !== undefined) || !!(tx.raw_log && parseMoveFailure(tx.raw_log));
}

export class MoveTxExplainer {
  private readonly workspace: WorkspaceMoveSources;
  private readonly namers = new Map<string, MoveAbortNamer>();

  constructor(private readonly services: Services) {
    this.workspace = new WorkspaceMoveSources(services.log);
  }

  /** The Move part of a transaction, or undefined when it has none. */
  async explain(tx: Tx, network: NetworkProfile): Promise<MoveTxExplanation | undefined> {
    if (!isMoveTx(tx)) return undefined;
    const messages = (tx.tx?.body?.messages ?? []) as Array<Record<string, unknown>>;
    const explanation = await explainMove(messages, readEvents(tx.events), tx.raw_log, this.reader(network));
    const failure = explanation.failure;
    if (failure?.kind !== 'aborted') return { explanation };
    return { explanation, named: await this.namer(network).name(failure) };
  }

  private reader(network: NetworkProfile): ModuleReader {
    const client = this.services.move(network);
    if (client) return (address, module) => client.module(address, module);
    const why = new Error(
      vscode.l10n.t('{0} has no Move REST endpoint (restUrl) in its profile to read modules from.', network.name),
    );
    return () => Promise.reject(why);
  }

  /** One namer per network: the registry's files it has read are that chain's. */
  private namer(network: NetworkProfile): MoveAbortNamer {
    let namer = this.namers.get(network.name);
    if (!namer) {
      const read = this.reader(network);
      namer = new MoveAbortNamer({
        workspace: this.workspace,
        module: read,
        registryErrors: (address) => this.registryErrors(network, address),
        label: (uri) => vscode.workspace.asRelativePath(uri, false),
      });
      this.namers.set(network.name, namer);
    }
    return namer;
  }

  /** The registry's errors file for a module address of this network, from the first registry that has it. */
  private async registryErrors(network: NetworkProfile, address: string): Promise<RegistryErrorsFile | undefined> {
    const chains = await this.services.registryChains().catch(() => []);
    const chainName = chains.find((c) => c.chain_id === network.chainId)?.chain_name;
    const problems: string[] = [];
    for (const chainsJson of this.services.settings.get('registry.urls')) {
      const url = registryErrorsUrl(chainsJson, address, chainName);
      if (!url) continue;
      try {
        const body = await this.services.registry(chainsJson).get(url);
        return parseWith(RegistryErrorsFile, body, 'registry');
      } catch (e) {
        if (!isNotFound(e)) problems.push(errorMessage(e));
      }
    }
    if (problems.length) throw new Error(problems.join('; '));
    return undefined;
  }
}
