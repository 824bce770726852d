/**
 * The bridge panel's two file dialogs: saving what the page shows as JSON (the route, the messages to sign), and
 * reading a signed OP hook back from a file (JSON `{signer, hook}` or the bare base64). The file's text is the
 * user's: it is checked by the OP hook check like a pasted one (core/router/check/hook.ts).
 */
import vscode = require('vscode');

export async function saveJson(what: string, value: unknown): Promise<boolean> {
  const target = await vscode.window.showSaveDialog({
    filters: { JSON: ['json'] },
    saveLabel: vscode.l10n.t('Save'),
    title: vscode.l10n.t('Save the {0} as JSON', what),
  });
  if (!target) return false;
  await vscode.workspace.fs.writeFile(target, Buffer.from(`${JSON.stringify(value ?? null, null, 2)}\n`, 'utf8'));
  return true;
}

export async function readSignedHook(): Promise<{ signer?: string; hook?: string } | null> {
  const [file] =
    (await vscode.window.showOpenDialog({
      canSelectMany: false,
      openLabel: vscode.l10n.t('Use this signed hook'),
      filters: { 'Signed hook': ['json', 'txt', 'b64'] },
    })) ?? [];
  if (!file) return null;
  const text = Buffer.from(await vscode.workspace.fs.readFile(file))
    .toString('utf8')
    .trim();
  if (text.length > 1_000_000) throw new Error(vscode.l10n.t('That file is too large to be a signed hook.'));
  try {
    const json = JSON.parse(text) as { signer?: unknown; hook?: unknown };
    return {
      signer: typeof json.signer === 'string' ? json.signer : undefined,
      hook: typeof json.hook === 'string' ? json.hook : undefined,
    };
  } catch {
    return { hook: text.replace(/\s+/g, '') };
  }
}
