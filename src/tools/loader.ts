/**
 * The language-model tools, loaded on their first call: their runners and renderers are a bundle of their own
 * (dist/tools.js, see esbuild.mjs), required when the agent first calls a tool or VS Code first asks how to show
 * one, never for a lookup, a tree or a hover.
 */
import type * as vscode from 'vscode';
import type { LanguageModelTools, ToolDeps } from './tools';

type ToolsModule = typeof import('./tools');

export class LazyLanguageModelTools {
  private loaded: LanguageModelTools | undefined;

  constructor(
    private readonly deps: ToolDeps,
    /** esbuild.mjs keeps this require as one of dist/tools.js. */
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    private readonly load: () => ToolsModule = () => require('./tools') as ToolsModule,
  ) {}

  /** Whether the tools' code has been loaded (only a call loads it). */
  get isLoaded(): boolean {
    return this.loaded !== undefined;
  }

  private get tools(): LanguageModelTools {
    return (this.loaded ??= new (this.load().LanguageModelTools)(this.deps));
  }

  /** How many calls ran (for tests and the bench). */
  get calls(): number {
    return this.loaded?.calls ?? 0;
  }

  prepare(
    name: string,
    options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>,
  ): vscode.PreparedToolInvocation {
    return this.tools.prepare(name, options);
  }

  invoke(
    name: string,
    options: vscode.LanguageModelToolInvocationOptions<unknown>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    return this.tools.invoke(name, options, token);
  }
}
