/**
 * The document of the extension's webviews (pure: no VS Code, unit-tested in plain Node). Its content security policy
 * allows nothing by default: scripts by nonce only, styles from the extension's own files, plus `<style>` elements
 * that carry the style nonce. The one such element is made by the component library: @microsoft/fast-web-utilities'
 * `canUseFocusVisible()` (run when @vscode/webview-ui-toolkit loads) appends an empty `<style>` to the head to test
 * `:focus-visible`, and stamps it with the nonce of `<meta property="csp-nonce">` when the page has one; without it
 * Chromium refuses it ("Applying inline style violates … style-src"). No 'unsafe-inline', no style attributes: the
 * library's own styles are constructable style sheets (adoptedStyleSheets), which the policy does not govern.
 * The style nonce is not the script nonce, so a style nonce read from the page cannot run a script.
 */
export interface WebviewHtmlInput {
  /** The webview's own resource origin (webview.cspSource). */
  cspSource: string;
  scriptUri: string;
  /** The page's style sheets, in order: the shared base (media/base.css), then the page's own. */
  styleUris: readonly string[];
  scriptNonce: string;
  styleNonce: string;
}

/** The content security policy of the extension's webviews. */
export function webviewCsp(i: Pick<WebviewHtmlInput, 'cspSource' | 'scriptNonce' | 'styleNonce'>): string {
  return [
    `default-src 'none'`,
    `style-src ${i.cspSource} 'nonce-${i.styleNonce}'`,
    `font-src ${i.cspSource}`,
    `img-src ${i.cspSource}`,
    `script-src 'nonce-${i.scriptNonce}'`,
  ].join('; ');
}

/** A webview's HTML: its heading and lead (the extension's own words), the page's frame and its two files; the script builds everything else. */
export function webviewHtml(i: WebviewHtmlInput & { title: string; lead: string }): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${webviewCsp(i)}">
<meta property="csp-nonce" content="${i.styleNonce}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${i.styleUris.map((uri) => `<link rel="stylesheet" href="${uri}">`).join('\n')}
<title>${i.title}</title>
</head>
<body>
<h1>${i.title}</h1>
<p class="lead">${i.lead}</p>
<main id="app" aria-label="${i.title}"></main>
<script nonce="${i.scriptNonce}" src="${i.scriptUri}"></script>
</body>
</html>`;
}

/** A nonce for a script or style element: 18 random bytes, base64 without punctuation. */
export function nonce(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/[^A-Za-z0-9]/g, '');
}
