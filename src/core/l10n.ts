/**
 * Words shown to the user, as host code that must also run in plain Node takes them: `vscode.l10n` in the extension
 * (which looks each message up in l10n/), the message with its `{0}`… filled in for the unit tests.
 * Callers name it `l10n` and pass its `t` literal messages, so that `npm run l10n:export` finds them.
 */
export interface L10n {
  t(message: string, ...args: Array<string | number | boolean>): string;
}
