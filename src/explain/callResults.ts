/**
 * The results of this session's contract reads (Initia: Call Contract…, explain/callContract.ts) as read-only JSON
 * documents: kept with the features, so that a restored tab of one is answered without loading Explain's bundle.
 */
import vscode = require('vscode');
import { Scheme } from '../platform/ids';

/** The results of this session's contract reads, as read-only JSON documents (`initia-call:` scheme). */
export class CallResults {
  private readonly texts = new Map<string, string>();
  private next = 1;

  /** Keeps a result's text and answers its document's address. */
  add(name: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({
      scheme: Scheme.CallResult,
      path: `/${name.replace(/[^\w.()-]+/g, '_').slice(0, 80)} ${this.next++}.json`,
    });
    this.texts.set(uri.toString(), text);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return (
      this.texts.get(uri.toString()) ??
      `${JSON.stringify({ note: vscode.l10n.t('This contract read is from an earlier session: run Initia: Call Contract… again.') }, null, 2)}\n`
    );
  }
}
