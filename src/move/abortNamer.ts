/**
 * Names a Move abort for Explain, the hover and the agent tools alike (one place): asks the workspace's sources, the
 * module's on-chain bytes (its error map) and the registry's errors file, then lets core/move/naming.ts pick in its
 * order, the registry only when the first two do not name it (no request for a name already known). Each source that
 * fails says why in the answer's notes; none stops the others. The module is the node's
 * (MoveClient keeps it, so Explain's own ABI read and this one are one request); the registry's file is read once per
 * address for the namer's life.
 */
import type * as vscode from 'vscode';
import type { MoveFailure } from '../core/move/abort';
import { lookupError, readErrorMap } from '../core/move/errorMap';
import { nameAbort, type AbortSources, type NamedAbort } from '../core/move/naming';
import { registryError, type RegistryErrorsFile } from '../core/move/registryErrors';
import type { MoveModule } from '../core/move/client';
import { errorMessage } from '../core/errors';
import type { WorkspaceMoveSources } from './workspaceMove';

export interface AbortNamerSources {
  workspace: Pick<WorkspaceMoveSources, 'constantFor'>;
  /** The module as the node sends it (with its bytes). */
  module(address: string, name: string): Promise<MoveModule>;
  /** The registry's errors file for a module address; undefined when the registry has none for it. */
  registryErrors(address: string): Promise<RegistryErrorsFile | undefined>;
  /** A workspace file's path as the user reads it (relative to the workspace). */
  label(uri: vscode.Uri): string;
}

type Aborted = Extract<MoveFailure, { kind: 'aborted' }>;

export interface NamedMoveAbort extends NamedAbort {
  /** The workspace's file for `declaration` and `sites`, as a URI string (the view opens it). */
  uri?: string;
}

export class MoveAbortNamer {
  private readonly registry = new Map<string, Promise<RegistryErrorsFile | undefined>>();
  /** Error maps read from module bytes, kept with the module the client keeps (read once per module). */
  private readonly maps = new WeakMap<MoveModule, ReturnType<typeof readErrorMap>>();

  constructor(private readonly sources: AbortNamerSources) {}

  /** The registry is asked only when neither the workspace nor the module's error map names the abort. */
  async name(abort: Aborted): Promise<NamedMoveAbort> {
    const [workspace, chain] = await Promise.all([this.fromWorkspace(abort), this.fromChain(abort)]);
    const chainNames = !!chain && 'map' in chain && lookupError(chain.map, abort.code) !== undefined;
    const registry = workspace.workspace || chainNames ? undefined : await this.fromRegistry(abort);
    const named = nameAbort(abort, { ...workspace, chain, registry });
    return workspace.uri && named.source === 'workspace' ? { ...named, uri: workspace.uri } : named;
  }

  private async fromWorkspace(abort: Aborted): Promise<Pick<AbortSources, 'workspace'> & { uri?: string }> {
    const found = await this.sources.workspace.constantFor(abort, abort.code);
    if (!found) return {};
    return { workspace: { constant: found.constant, file: this.sources.label(found.uri) }, uri: found.uri.toString() };
  }

  private async fromChain(abort: Aborted): Promise<AbortSources['chain']> {
    try {
      const module = await this.sources.module(abort.address, abort.module);
      if (!module.bytes) return { problem: `The node sent ${abort.address}::${abort.module} without its bytecode.` };
      let map = this.maps.get(module);
      if (!map) this.maps.set(module, (map = readErrorMap(module.bytes)));
      return { map };
    } catch (e) {
      return { problem: `The module's error map could not be read: ${errorMessage(e)}` };
    }
  }

  private async fromRegistry(abort: Aborted): Promise<AbortSources['registry']> {
    let pending = this.registry.get(abort.address);
    if (!pending) {
      pending = this.sources.registryErrors(abort.address);
      this.registry.set(abort.address, pending);
      pending.catch(() => this.registry.delete(abort.address));
    }
    try {
      const file = await pending;
      const description = file && registryError(file, abort.module, abort.code);
      return description
        ? { description }
        : { problem: `The chain registry names no abort ${abort.code} of ${abort.address}::${abort.module}.` };
    } catch (e) {
      return { problem: `The chain registry's errors could not be read: ${errorMessage(e)}` };
    }
  }
}
