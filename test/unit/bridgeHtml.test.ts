/**
 * The bridge webview's document and policy (src/platform/webviewHtml.ts, as the panel host makes it for the bridge's
 * page): nothing inline is allowed but by nonce, and the
 * component library finds the style nonce where it looks for one (`<meta property="csp-nonce">`, read by
 * @microsoft/fast-web-utilities when it tests :focus-visible with a `<style>` element of its own).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { webviewCsp as bridgeCsp, webviewHtml } from '../../src/platform/webviewHtml';

/** The bridge's document as platform/webviewPanel.ts makes it (its title and lead: bridge/session.ts BRIDGE_PAGE). */
const bridgeHtml = (i: typeof input) =>
  webviewHtml({ ...i, title: 'Initia Bridge', lead: 'Route a cross-chain transfer.' });

const input = {
  cspSource: 'https://res.example',
  scriptUri: 'https://res.example/bridge.js',
  styleUris: ['https://res.example/base.css', 'https://res.example/bridge.css'],
  scriptNonce: 'SCRIPTNONCE1',
  styleNonce: 'STYLENONCE2',
};

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

test('bridge CSP: default none; scripts by their nonce only; styles from the resources and by the style nonce, never inline', () => {
  const d = directives(bridgeCsp(input));
  assert.deepEqual(d.get('default-src'), ["'none'"]);
  assert.deepEqual(d.get('script-src'), ["'nonce-SCRIPTNONCE1'"]);
  assert.deepEqual(d.get('style-src'), ['https://res.example', "'nonce-STYLENONCE2'"]);
  assert.ok(!bridgeCsp(input).includes('unsafe'), 'no unsafe-inline, unsafe-eval or unsafe-hashes');
  assert.equal(d.has('connect-src'), false, 'the webview connects nowhere');
});

test('bridge HTML: the style nonce is where the component library reads it, the script carries its own nonce', () => {
  const html = bridgeHtml(input);
  assert.match(html, /<meta http-equiv="Content-Security-Policy" content="[^"]*'nonce-STYLENONCE2'[^"]*">/);
  assert.ok(html.includes('<meta property="csp-nonce" content="STYLENONCE2">'), html);
  assert.ok(html.indexOf('csp-nonce') < html.indexOf('<script'), 'the meta is in the document before the script runs');
  assert.ok(html.includes('<script nonce="SCRIPTNONCE1" src="https://res.example/bridge.js"></script>'));
  assert.equal(/\sstyle=|<style/i.test(html), false, 'no inline style of our own');
  const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);
  assert.deepEqual(sheets, input.styleUris, 'the shared base sheet first, then the page sheet');
  assert.equal(/\son[a-z]+=/i.test(html), false, 'no inline handler');
});

test('the component library still reads the nonce from <meta property="csp-nonce"> (fast-web-utilities)', () => {
  // If an upgrade moves it, the webview breaks its policy again: this says so before the e2e check does.
  const file = path.join(path.dirname(require.resolve('@microsoft/fast-web-utilities/package.json')), 'dist', 'dom.js');
  const source = fs.readFileSync(file, 'utf8');
  assert.ok(source.includes(`document.querySelector('meta[property="csp-nonce"]')`), 'getNonce reads the meta');
  assert.match(source, /styleElement\.setAttribute\("nonce", styleNonce\)/, 'and stamps its style element with it');
});
