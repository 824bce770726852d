/**
 * The bridge webview's document: the extension's webview frame (platform/webviewHtml.ts: strict CSP, scripts by
 * nonce, styles from the extension's files and the component library's one nonce-stamped element) with the bridge's
 * heading and lead.
 */
import { webviewCsp, webviewHtml, type WebviewHtmlInput } from '../platform/webviewHtml';

export type BridgeHtmlInput = WebviewHtmlInput;

/** The content security policy of the bridge webview. */
export const bridgeCsp = webviewCsp;

/** The bridge webview's HTML. */
export function bridgeHtml(i: BridgeHtmlInput): string {
  return webviewHtml({
    ...i,
    title: 'Initia Bridge',
    lead: 'Route a cross-chain transfer, get the messages to sign, and follow it hop by hop. Keys never reach this extension and nothing is broadcast from here.',
  });
}
