/**
 * Markdown built from chain data (names, URIs, memos, denoms): untrusted, no HTML, and every piece of chain text
 * appended as text. `appendText` escapes markdown syntax (so no link or command link can form) but not `<` or `&`;
 * those are turned into entities here, so markup shows as the characters it is made of instead of being stripped.
 */
import * as vscode from 'vscode';

export function untrustedMarkdown(): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, false);
  md.isTrusted = false;
  md.supportHtml = false;
  return md;
}

export function appendUntrusted(md: vscode.MarkdownString, text: string): vscode.MarkdownString {
  return md.appendText(text.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
}
