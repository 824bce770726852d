/**
 * The language-model tools, loaded on their first call: their runners and renderers are a bundle of their own
 * (dist/tools.js, see esbuild.mjs), required when the agent first calls a tool or VS Code first asks how to show
 * one, never for a lookup, a tree or a hover.
 */
import type * as vscode from 'vscode';
import { LazyBundle } from '../core/lazyBundle';
import type { LanguageModelTools, ToolDeps } from './tools';

type ToolsModule = typeof import('./tools');

export class LazyLanguageModelTools extends LazyBundle<LanguageModelTools> {
  constructor(
    deps: ToolDeps,
    /** esbuild.mjs keeps this require as one of dist/tools.js. */
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    load: () => ToolsModule = () => require('./tools') as ToolsModule,
  ) {
    super(() => new (load().LanguageModelTools)(deps));
  }

  private get tools(): LanguageModelTools {
    return this.loaded;
  }

  /** How many calls ran (for tests and the bench). */
  get calls(): number {
    return this.ifLoaded?.calls ?? 0;
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
