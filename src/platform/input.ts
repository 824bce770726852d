/** Arguments for commands: validated when given, asked for (validating as the user types) when not. */
import vscode = require('vscode');
import { parseMsgTypes, type Parsed } from '../core/validate';

/** Shows why an argument was refused. */
export function refuse(error: string): undefined {
  void vscode.window.showErrorMessage(vscode.l10n.t('Initia: {0}', error));
  return undefined;
}

/**
 * The text a command was given as an argument: a string, or a number (a height). Anything else is nothing given:
 * VS Code hands a view-title button the view's focused row (or null), an editor-title button the document's URI,
 * and a menu may add the selected rows as an array; none of them is an argument typed by anyone, so the command
 * asks as from the palette instead of reading "[object Object]". Empty text is nothing too.
 */
export function textArg(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg.trim() ? arg : undefined;
  if ((typeof arg === 'number' && Number.isFinite(arg)) || typeof arg === 'bigint') return String(arg);
  return undefined;
}

/** Validates a given argument (text: see `textArg`), or asks for one. Returns undefined when refused or dismissed. */
export async function obtain<T>(
  arg: unknown,
  parse: (s: string) => Parsed<T>,
  prompt: string,
  placeHolder: string,
  value?: string,
): Promise<T | undefined> {
  const given = textArg(arg);
  if (given !== undefined) {
    const parsed = parse(given);
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

/** Whether a command was given a message-type filter: text ('' is "no filter"), or an array of texts; a tree row is none. */
export function msgsGiven(arg: unknown): boolean {
  return typeof arg === 'string' || (Array.isArray(arg) && arg.every((m) => typeof m === 'string'));
}

/**
 * An optional message-type filter: an array of strings or a comma/space separated string; empty means none, and so
 * does anything else (a tree row, a URI). Asks when `askIfMissing`. Resolves to null when refused or dismissed.
 */
export async function obtainMsgs(arg: unknown, askIfMissing: boolean): Promise<string[] | null> {
  if (Array.isArray(arg)) arg = arg.every((m) => typeof m === 'string') ? arg.join(',') : undefined;
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
