/**
 * Entry of the debugger's lazy bundle (dist/debug.js, see esbuild.mjs; required by debug/loader.ts when a session of
 * type `initia-evm` starts): the debug adapter (@vscode/debugadapter) over a replay the host loads.
 */
import { EvmDebugSession } from './session';
import { loadReplay, type DebugDeps } from './load';

export type { DebugDeps } from './load';

/** A new adapter for one session (run inline in the extension host). */
export function createAdapter(deps: DebugDeps): EvmDebugSession {
  return new EvmDebugSession((config, progress) => loadReplay(deps, config, progress));
}
