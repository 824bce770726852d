/**
 * Hover on tx hashes, in the real extension host through vscode.executeHoverProvider, against the fake indexer:
 * the summary, 0 requests on a repeated hover, the not-found line, cancellation, shared requests, and chain text
 * (memos with markdown, HTML and command links) rendered inert.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { setUp, type Harness } from './helpers';

async function hoverText(
  doc: vscode.TextDocument,
  pos: vscode.Position,
): Promise<{ text: string; md?: vscode.MarkdownString }> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, pos);
  for (const h of hovers ?? []) {
    for (const c of h.contents) {
      const md = c as vscode.MarkdownString;
      if (typeof md.value === 'string' && /Transaction|transaction|EVM/.test(md.value)) return { text: md.value, md };
    }
  }
  return { text: '' };
}

async function docWith(content: string, language = 'plaintext'): Promise<vscode.TextDocument> {
  return vscode.workspace.openTextDocument({ language, content });
}

describe('hover on tx hashes', function () {
  this.timeout(30_000);
  let h: Harness;

  before(async () => {
    h = await setUp();
  });
  beforeEach(() => h.clear());
  after(() => h.restore());

  it('summarises a cosmos tx with links; a repeated hover sends no request', async () => {
    const tx = h.fake.data.txs.find((t) => t.kind === 'send')!;
    const doc = await docWith(`// see ${tx.hash.toLowerCase()} in the logs\n`);
    const pos = new vscode.Position(0, 12);
    const { text, md } = await hoverText(doc, pos);
    assert.match(text, /\*\*Transaction\*\*/);
    assert.match(text, /success/);
    assert.ok(
      text.includes(`command:initia.lookupBlock?${encodeURIComponent(JSON.stringify([String(tx.height)]))}`),
      text,
    );
    assert.match(text, /Messages \(1\) MsgSend/);
    assert.match(text, /Signer \[init1/);
    assert.match(text, /Open JSON\]\(command:initia\.lookupTransaction/);
    assert.match(text, /Open in explorer\]\(https:\/\/scan\.example\/demo\/txs\//);
    assert.deepEqual(
      h.fake.requests.map((r) => r.path),
      [`/indexer/tx/v1/txs/${tx.hash}`],
    );
    const trusted = md!.isTrusted as { enabledCommands: string[] };
    assert.ok(
      trusted.enabledCommands.every((c) => c.startsWith('initia.')),
      'only our own commands may run',
    );
    await hoverText(doc, pos);
    await hoverText(doc, new vscode.Position(0, 40));
    assert.equal(h.fake.requests.length, 1, 'cached: no second request');
  });

  it('a 0x hash asks the EVM endpoint first and shows the EVM receipt', async () => {
    const tx = h.fake.data.txs.find((t) => t.evmHash)!;
    const doc = await docWith(`{"hash": "${tx.evmHash}"}`, 'json');
    const { text } = await hoverText(doc, new vscode.Position(0, 20));
    assert.match(text, /\*\*EVM transaction\*\*/);
    assert.match(text, / · (1 log|\d+ logs)(\s|$)/, 'the log count agrees with its number');
    assert.doesNotMatch(text, / 1 logs/);
    assert.deepEqual(
      h.fake.requests.map((r) => r.path),
      [`/indexer/tx/v1/evm-txs/${tx.evmHash}`],
    );
  });

  it("a failed tx says why on its first line: code, codespace and the chain's reason (raw_log)", async () => {
    const tx = h.fake.data.txs.find((t) => t.kind === 'failed')!;
    assert.ok(tx, 'the fake has a failed tx');
    const doc = await docWith(`failed: ${tx.hash}`);
    const { text } = await hoverText(doc, new vscode.Position(0, 12));
    const first = text.split('  \n')[0]!.replace(/&nbsp;/g, ' ');
    assert.match(first, /\$\(error\) .*failed: code \d+/);
    assert.match(first, /insufficient funds/, first);
    // The reason's words are separated by plain spaces, so the hover wraps it between words (with &nbsp; it is one
    // long word, which the hover breaks anywhere: "insuff" / "icient").
    const reason = text.split('  \n')[0]!.split(' — ')[1] ?? '';
    assert.match(reason, /insufficient funds/, reason);
    assert.doesNotMatch(reason, /&nbsp;/, reason);
  });

  it('the walkthrough\'s "Try It" opens a saved file, which closes without asking to save it', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('initia.walkthrough.tryHover');
    assert.ok(uri, 'a document opened');
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    assert.ok(doc, 'it is open');
    assert.equal(doc.isUntitled, false, 'not an untitled scratch');
    assert.equal(doc.isDirty, false, 'nothing to save');
    assert.match(doc.getText(), /tx [0-9A-F]{64} included/);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('an unknown hash: one short line on the active network with a way to switch; cached briefly', async () => {
    const doc = await docWith(`${'ab'.repeat(32)}\n`);
    const { text } = await hoverText(doc, new vscode.Position(0, 3));
    assert.match(text, /is not known on Fake(&nbsp;| )indexer/);
    assert.match(text, /\[Switch network…\]\(command:initia\.selectNetwork/);
    assert.equal(h.fake.requests.length, 2, 'cosmos, then EVM');
    await hoverText(doc, new vscode.Position(0, 3));
    assert.equal(h.fake.requests.length, 2);
    assert.equal(h.errors.length, 0, 'no error dialog');
  });

  it('text that is not a standalone 64-hex hash sends nothing', async () => {
    const H = h.fake.data.txs[0]!.hash;
    const doc = await docWith([H + H, H.slice(1), `${H}A`, `xyz${H}`, `${H}_x`].join('\n'));
    for (let line = 0; line < 5; line++) assert.equal((await hoverText(doc, new vscode.Position(line, 8))).text, '');
    assert.equal(h.fake.requests.length, 0);
  });

  it('cancellation abandons the request; concurrent hovers on one hash share one request', async () => {
    const [a, b] = h.fake.data.txs.filter((t) => t.kind === 'call').slice(-2);
    const doc = await docWith(`${a!.hash} ${b!.hash}`);
    h.fake.setFault({ kind: 'latency', ms: 3000, times: 1 });
    const cts = new vscode.CancellationTokenSource();
    const started = Date.now();
    const pending = h.api.hover.provideHover(doc, new vscode.Position(0, 5), cts.token);
    setTimeout(() => cts.cancel(), 100); // cancelled while the (3 s) request is on the wire
    assert.equal(await pending, undefined);
    assert.ok(Date.now() - started < 2000, 'returned on cancel, not after the server answered');
    h.clear();
    h.fake.setFault({ kind: 'latency', ms: 300, times: 1 });
    const none = new vscode.CancellationTokenSource().token;
    const [x, y] = await Promise.all([
      h.api.hover.provideHover(doc, new vscode.Position(0, 70), none),
      h.api.hover.provideHover(doc, new vscode.Position(0, 100), none),
    ]);
    assert.ok(x && y);
    assert.equal(h.fake.requests.length, 1, 'one request for both hovers');
    h.clear();
    await hoverText(doc, new vscode.Position(0, 5));
    assert.equal(h.fake.requests.length, 1, 'the cancelled lookup was not cached: asked again');
  });

  it('memos with markdown, HTML and command links render as inert text', async () => {
    const hostile = h.fake.data.txs.filter((t) => /[<[`$]/.test(t.memo) && t.kind !== 'failed').slice(0, 6);
    assert.ok(hostile.length >= 3, 'the fake carries hostile memos');
    for (const tx of hostile) {
      const doc = await docWith(tx.hash);
      const { text } = await hoverText(doc, new vscode.Position(0, 1));
      assert.match(text, /Memo /, tx.memo);
      const memoPart = text.slice(text.indexOf('Memo '), text.indexOf('---'));
      assert.ok(!/\]\(/.test(memoPart), `no link can form: ${memoPart}`);
      assert.ok(!/<[a-z]/i.test(memoPart), `no tag: ${memoPart}`);
    }
  });

  it('initia.hover.enabled=false turns it off', async () => {
    const config = vscode.workspace.getConfiguration('initia');
    await config.update('hover.enabled', false, vscode.ConfigurationTarget.Global);
    try {
      const doc = await docWith(h.fake.data.txs[3]!.hash);
      assert.equal((await hoverText(doc, new vscode.Position(0, 1))).text, '');
      assert.equal(h.fake.requests.length, 0);
    } finally {
      await config.update('hover.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
