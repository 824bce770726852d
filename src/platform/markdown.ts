/**
 * Markdown built from chain data (names, URIs, memos, denoms): untrusted, no HTML, and every piece of chain text
 * appended as text (core/format.ts `markdownText`: every markdown mark escaped, `<` and `&` as entities, so markup
 * shows as the characters it is made of; words keep their spaces, so long text wraps between words).
 */
import vscode = require('vscode');
import { markdownText } from '../core/format';

export function untrustedMarkdown(): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, false);
  md.isTrusted = false;
  md.supportHtml = false;
  return md;
}

export function appendUntrusted(md: vscode.MarkdownString, text: string): vscode.MarkdownString {
  return md.appendMarkdown(markdownText(text));
}
