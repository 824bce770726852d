/**
 * The `initia-evm` debugger in the features bundle: Initia: Debug Transaction… (from the palette, a hover, Explain or a
 * terminal link) and launch.json configurations start a session; the adapter itself (dist/debug.js, with
 * @vscode/debugadapter) is loaded when the first session starts, never for anything else. Launch configurations are
 * checked here before a session starts: a missing hash is asked for, a malformed one refused with why (the
 * adapter checks the rest of the configuration before it asks the node anything).
 */
import vscode = require('vscode');
import { parseTxHash, type TxHash } from '../core/validate';
import type { Parsed } from '../core/validate';
import type { Register } from '../platform/commandTable';
import { Command, DebugType } from '../platform/ids';
import { obtain, refuse } from '../platform/input';
import type { DebugDeps } from './bundle';

type DebugModule = typeof import('./bundle');

/** A transaction hash for the EVM debugger: 64 hexadecimal digits, 0x or not (the debugger sends the 0x form). */
function parseEvmHash(input: string): Parsed<TxHash> {
  return parseTxHash(input);
}

export class LazyDebugger {
  private module: DebugModule | undefined;

  constructor(
    private readonly deps: DebugDeps,
    /** esbuild.mjs keeps this require as one of dist/debug.js. */
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    private readonly load: () => DebugModule = () => require('./bundle') as DebugModule,
  ) {}

  /** Whether the adapter's bundle has been loaded. */
  get isLoaded(): boolean {
    return this.module !== undefined;
  }

  /** The adapter of a session that starts (inline: it runs in the extension host). */
  descriptor(): vscode.DebugAdapterDescriptor {
    this.module ??= this.load();
    return new vscode.DebugAdapterInlineImplementation(this.module.createAdapter(this.deps));
  }

  /** A launch configuration made whole: an empty one (no launch.json) or one without a hash asks for the hash. */
  async resolve(config: vscode.DebugConfiguration): Promise<vscode.DebugConfiguration | undefined> {
    const resolved: vscode.DebugConfiguration = {
      ...config,
      type: DebugType.Evm,
      request: 'launch',
      name: config.name || 'Debug transaction',
    };
    if (typeof resolved.txHash !== 'string' || !resolved.txHash) {
      const hash = await obtain(
        undefined,
        parseEvmHash,
        vscode.l10n.t('Transaction hash to debug (0x and 64 hexadecimal digits)'),
        '0x…',
      );
      if (!hash) return undefined;
      resolved.txHash = hash.evm;
    } else {
      const hash = parseEvmHash(resolved.txHash);
      if (!hash.ok) return refuse(vscode.l10n.t("The launch configuration's txHash is not right: {0}", hash.error));
      resolved.txHash = hash.value.evm;
    }
    return resolved;
  }

  register(register: Register): vscode.Disposable[] {
    return [
      // (hash, run to the revert instead of stopping at the entry, network name): Explain's "Debug from here" gives all.
      register(Command.DebugTransaction, async (arg?: unknown, toRevert?: unknown, network?: unknown) => {
        const hash = await obtain(
          typeof arg === 'string' ? arg : undefined,
          parseEvmHash,
          vscode.l10n.t('Transaction hash to debug (0x and 64 hexadecimal digits)'),
          '0x…',
        );
        if (!hash) return false;
        const folder = vscode.workspace.workspaceFolders?.[0];
        return vscode.debug.startDebugging(folder, {
          type: DebugType.Evm,
          request: 'launch',
          name: vscode.l10n.t('Debug {0}', `${hash.evm.slice(0, 10)}…`),
          txHash: hash.evm,
          ...(toRevert === true ? { stopOnEntry: false } : {}),
          ...(typeof network === 'string' && network ? { network } : {}),
        });
      }),
    ];
  }
}
