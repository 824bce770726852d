/** Arguments for commands: validated when given, asked for (validating as the user types) when not. */
import * as vscode from 'vscode';
import { parseMsgTypes, type Parsed } from '../core/validate';

/** Shows why an argument was refused. */
export function refuse(error: string): undefined {
  void vscode.window.showErrorMessage(vscode.l10n.t('Initia: {0}', error));
  return undefined;
}

/** Validates a given argument, or asks for one. Returns undefined when refused or dismissed. */
export async function obtain<T>(arg: unknown, parse: (s: string) => Parsed<T>, prompt: string, placeHolder: string, value?: string): Promise<T | undefined> {
  if (arg !== undefined && arg !== null && arg !== '') {
    const parsed = parse(String(arg));
    return parsed.ok ? parsed.value : refuse(parsed.error);
  }
  const input = await vscode.window.showInputBox({
    prompt,
    placeHolder,
    value,
    ignoreFocusOut: true,
    validateInput: (v) => {
      if (!v.trim()) return undefined;
      const parsed = parse(v);
      return parsed.ok ? undefined : parsed.error;
    },
  });
  if (input === undefined || !input.trim()) return undefined;
  const parsed = parse(input);
  return parsed.ok ? parsed.value : refuse(parsed.error);
}

/**
 * An optional message-type filter: an array or a comma/space separated string; empty means none. Asks when
 * `askIfMissing`. Resolves to null when refused or dismissed.
 */
export async function obtainMsgs(arg: unknown, askIfMissing: boolean): Promise<string[] | null> {
  if (Array.isArray(arg)) arg = arg.join(',');
  if (typeof arg === 'string' && arg.trim()) {
    const parsed = parseMsgTypes(arg);
    return parsed.ok ? parsed.value : (refuse(parsed.error) ?? null);
  }
  if (!askIfMissing) return [];
  const input = await vscode.window.showInputBox({
    prompt: vscode.l10n.t('Filter by message types (optional): fully qualified names, separated by commas'),
    placeHolder: 'cosmos.bank.v1beta1.MsgSend, initia.move.v1.MsgExecute',
    ignoreFocusOut: true,
    validateInput: (value) => {
      const parsed = parseMsgTypes(value);
      return parsed.ok ? undefined : parsed.error;
    },
  });
  if (input === undefined) return null;
  const parsed = parseMsgTypes(input);
  return parsed.ok ? parsed.value : (refuse(parsed.error) ?? null);
}
