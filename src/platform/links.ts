/** Links out of the editor: web pages (http and https only) and `command:` URIs for this extension's own commands. */
import vscode = require('vscode');

/** Opens an http(s) URL in the browser; anything else is refused (returns false). */
export async function openExternalUrl(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  let parsed: vscode.Uri;
  try {
    parsed = vscode.Uri.parse(url, true);
  } catch {
    return false;
  }
  if (parsed.scheme !== 'https' && parsed.scheme !== 'http') return false;
  return vscode.env.openExternal(parsed);
}

/** A `command:` link with JSON arguments, as markdown and document links take it. */
export function commandLink(command: string, args: readonly unknown[] = []): string {
  return `command:${command}?${encodeURIComponent(JSON.stringify(args))}`;
}

export function commandUri(command: string, args: readonly unknown[] = []): vscode.Uri {
  return vscode.Uri.parse(commandLink(command, args));
}

/** An http(s) URL made safe to put inside a markdown link target (no spaces or parentheses to end it early). */
export function markdownUrl(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  return encodeURI(url).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
}

/** Copies a value and says so in the status bar for a moment. */
export async function copyToClipboard(text: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', text), 2500);
}
