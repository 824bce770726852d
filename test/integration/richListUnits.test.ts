/**
 * The Rich List in whole units where the network's router lists the denom (its asset list for the chain, asked once
 * and kept): the row and the tooltip say "INIT", the exact base amount stays in the tooltip and on Copy Amount.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeRouter } from '../fixtures/fakeRouter';
import { setUp, startRouterFor, type Harness } from './helpers';

describe('Rich List: whole units from the router', function () {
  this.timeout(60_000);
  let h: Harness;
  let router: FakeRouter;

  before(async () => {
    // A Move/Wasm-style rollup: its rich list takes native denoms such as uinit.
    h = await setUp({ evm: false });
    router = await startRouterFor(h);
  });
  after(async () => {
    await vscode.workspace
      .getConfiguration('initia')
      .update('richList.denoms', undefined, vscode.ConfigurationTarget.Global);
    await router.close();
    await h.restore();
  });

  it('uinit holders in INIT, the base amount exact in the tooltip; the asset list asked once', async () => {
    await vscode.workspace
      .getConfiguration('initia')
      .update('richList.denoms', ['uinit'], vscode.ConfigurationTarget.Global);
    const tree = h.api.views.richList.tree;
    const [denom] = await tree.getChildren();
    router.resetRequests();
    const holders = await tree.getChildren(denom);
    assert.ok(holders.length > 0);
    const item = tree.getTreeItem(holders[0]!);
    assert.match(String(item.label), /^1\. [\d,.]+( × 10[⁰¹²³⁴⁵⁶⁷⁸⁹]+)? INIT$/, 'the amount in the label, first');
    assert.match(String(item.description), /^init1[0-9a-z]{3}…[0-9a-z]{4}$/);
    const tooltip = (item.tooltip as vscode.MarkdownString).value.replace(/&nbsp;/g, ' ');
    assert.match(tooltip, /[\d,.]+ INIT \\?\([\d,]+ base units\\?\)/);
    await vscode.commands.executeCommand('initia.tree.copyAmount', holders[0]);
    assert.match(await vscode.env.clipboard.readText(), /^\d+$/, 'Copy Amount stays exact, in base units');
    assert.equal(router.count('/v2/fungible/assets'), 1);
    // A later page or another expansion asks the router nothing more.
    await vscode.commands.executeCommand('initia.richList.refresh');
    await tree.getChildren(denom);
    assert.equal(router.count('/v2/fungible/assets'), 1, 'the asset list is kept');
  });
});
