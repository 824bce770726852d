/** Arguments for commands: validated when given, asked for (validating as the user types) when not. */
import * as vscode from 'vscode';
import type { Parsed } from '../core/validate';

/** Registers a command handler: vscode.commands.registerCommand, or the lazy features' handler table. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Register = (id: string, handler: (...args: any[]) => unknown) => vscode.Disposable;

/** Shows why an argument was refused. */
export function refuse(error: string): undefined {
  void vscode.window.showErrorMessage(vscode.l10n.t('Initia: {0}', error));
  return undefined;
}

/** Validates a given argument, or asks for one. Returns undefined when refused or dismissed. */
export async function obtain<T>(arg: unknown, parse: (s: string) => Parsed<T>, prompt: string, placeHolder: string): Promise<T | undefined> {
  if (arg !== undefined && arg !== null && arg !== '') {
    const parsed = parse(String(arg));
    return parsed.ok ? parsed.value : refuse(parsed.error);
  }
  const input = await vscode.window.showInputBox({
    prompt,
    placeHolder,
    ignoreFocusOut: true,
    validateInput: (value) => {
      if (!value.trim()) return undefined;
      const parsed = parse(value);
      return parsed.ok ? undefined : parsed.error;
    },
  });
  if (input === undefined || !input.trim()) return undefined;
  const parsed = parse(input);
  return parsed.ok ? parsed.value : refuse(parsed.error);
}
