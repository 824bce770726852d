/**
 * The bridge webview's document (pure: no VS Code, unit-tested in plain Node). Its content security policy allows
 * nothing by default: scripts by nonce only, styles from the extension's own files, plus `<style>` elements that
 * carry the style nonce. The one such element is made by the component library: @microsoft/fast-web-utilities'
 * `canUseFocusVisible()` (run when @vscode/webview-ui-toolkit loads) appends an empty `<style>` to the head to test
 * `:focus-visible`, and stamps it with the nonce of `<meta property="csp-nonce">` when the page has one; without it
 * Chromium refuses it ("Applying inline style violates … style-src"). No 'unsafe-inline', no style attributes: the
 * library's own styles are constructable style sheets (adoptedStyleSheets), which the policy does not govern.
 * The style nonce is not the script nonce, so a style nonce read from the page cannot run a script.
 */
export interface BridgeHtmlInput {
  /** The webview's own resource origin (webview.cspSource). */
  cspSource: string;
  scriptUri: string;
  styleUri: string;
  scriptNonce: string;
  styleNonce: string;
}

/** The content security policy of the bridge webview. */
export function bridgeCsp(i: Pick<BridgeHtmlInput, 'cspSource' | 'scriptNonce' | 'styleNonce'>): string {
  return [`default-src 'none'`, `style-src ${i.cspSource} 'nonce-${i.styleNonce}'`, `font-src ${i.cspSource}`, `img-src ${i.cspSource}`, `script-src 'nonce-${i.scriptNonce}'`].join('; ');
}

/** The webview's HTML: the page's frame and its two files; the script builds everything else. */
export function bridgeHtml(i: BridgeHtmlInput): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${bridgeCsp(i)}">
<meta property="csp-nonce" content="${i.styleNonce}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${i.styleUri}">
<title>Initia Bridge</title>
</head>
<body>
<h1>Initia Bridge</h1>
<p class="lead">Route a cross-chain transfer, get the messages to sign, and follow it hop by hop. Keys never reach this extension and nothing is broadcast from here.</p>
<main id="app" aria-label="Bridge"></main>
<script nonce="${i.scriptNonce}" src="${i.scriptUri}"></script>
</body>
</html>`;
}
