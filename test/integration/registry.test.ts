/**
 * Initia: Select Network… over the chain registry, in the real extension host: the picker's rows (profiles first,
 * then Mainnet and Testnet from the fake registry; a chain without an indexer disabled with its reason), the registry
 * read in the background when the picker opens (never before, once a day), choosing a chain (a modal listing its
 * endpoints, asked once; the profile written to the user's settings and made active), and the gating that follows
 * its VM.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startFakeRegistry, type FakeRegistry } from '../fixtures/fakeRegistry';
import { setUp, waitFor, type Harness } from './helpers';
import { probe } from '../support/hooks';
import type { PickItem } from '../../src/network/networkPicker';

type Show = (message: string, ...rest: unknown[]) => Thenable<unknown>;

describe('the chain registry in Select Network', function () {
  this.timeout(60_000);
  let h: Harness;
  let registry: FakeRegistry;
  const initia = () => vscode.workspace.getConfiguration('initia');
  const win = vscode.window as unknown as { showInformationMessage: Show };

  before(async () => {
    h = await setUp({ evm: false });
    registry = await startFakeRegistry({ indexerUrl: h.fake.url });
    await initia().update(
      'registry.urls',
      [registry.mainnetUrl, registry.testnetUrl],
      vscode.ConfigurationTarget.Global,
    );
  });
  after(async () => {
    await initia().update('registry.urls', undefined, vscode.ConfigurationTarget.Global);
    await registry.close();
    await h.restore();
  });

  it('opening the picker reads the registry in the background once; rows: profiles, Mainnet, Testnet, disabled without an indexer', async () => {
    assert.equal(registry.requests.length, 0, 'nothing read before the picker opens');
    // The picker on screen, as the extension reports it to the test hooks.
    const picker = {
      get current() {
        return probe.quickPick<PickItem>();
      },
    };
    const shown = vscode.commands.executeCommand<string | undefined>('initia.selectNetwork');
    await waitFor(
      'the registry rows',
      () =>
        picker.current !== undefined &&
        picker.current.items.some((i) => 'registry' in i && i.registry.chain.chain_id === 'fakevm-1'),
    );
    const qp = picker.current!;
    assert.equal(qp.matchOnDescription && qp.matchOnDetail, true, 'search covers chain id, VM and APIs');
    await waitFor('the read to end', () => !qp.busy);
    assert.equal(registry.requests.length, 2, 'mainnet and testnet, once');
    const items = qp.items as readonly PickItem[];
    const labels = items.map((i) => (i.kind === vscode.QuickPickItemKind.Separator ? `-- ${i.label}` : i.label));
    const mainnetAt = labels.indexOf('-- Mainnet');
    const testnetAt = labels.indexOf('-- Testnet');
    assert.ok(mainnetAt > 0 && testnetAt > mainnetAt, labels.join(' | '));
    assert.ok(
      labels.slice(0, mainnetAt).includes('Initia Mainnet') &&
        labels.slice(0, mainnetAt).some((l) => /Fake indexer/.test(l)),
      'profiles first',
    );
    assert.deepEqual(
      labels.slice(mainnetAt + 1, testnetAt),
      ['Fake EVM'],
      'interwoven-1 is listed once, as the built-in; the malformed entry is skipped',
    );
    assert.deepEqual(labels.slice(testnetAt + 1, testnetAt + 3), ['Fake Move', '$(circle-slash) Fake Wasm']);
    const wasm = items.find((i) => 'registry' in i && i.registry.chain.chain_id === 'fakewasm-1')!;
    assert.match(String(wasm.detail), /no indexer in the registry/);
    const evm = items.find((i) => 'registry' in i && i.registry.chain.chain_id === 'fakevm-1')!;
    assert.equal(evm.description, 'fakevm-1 · minievm');
    assert.equal(evm.detail, 'APIs: indexer, rest, json-rpc, rpc');
    qp.hide();
    assert.equal(await shown, undefined);
    // Opened again within the day: no request.
    const again = vscode.commands.executeCommand('initia.selectNetwork');
    await waitFor(
      'the picker',
      () => picker.current !== undefined && !picker.current.busy && picker.current.items.length > 0,
    );
    picker.current!.hide();
    await again;
    assert.equal(registry.requests.length, 2, 'once a day');
  });

  it('a chain without an indexer cannot be chosen: one sentence, nothing written', async () => {
    h.clear();
    const before = JSON.stringify(initia().inspect('networks')?.globalValue);
    const chosen = await vscode.commands.executeCommand('initia.selectNetwork', 'fakewasm-1');
    assert.equal(chosen, undefined);
    assert.deepEqual(h.infos, ['Fake Wasm (fakewasm-1) cannot be browsed: no indexer in the registry.']);
    assert.equal(JSON.stringify(initia().inspect('networks')?.globalValue), before);
  });

  it('choosing a Move rollup asks once (its endpoints listed), writes the profile to user settings, makes it active; its VM gates the EVM items', async () => {
    const asked: Array<{ message: string; detail?: string }> = [];
    const original = win.showInformationMessage;
    win.showInformationMessage = (message: string, ...rest: unknown[]) => {
      const options = rest[0] as { modal?: boolean; detail?: string } | undefined;
      if (options?.modal) {
        asked.push({ message, detail: options.detail });
        return Promise.resolve(rest[1]);
      }
      return original.call(vscode.window, message, ...rest);
    };
    try {
      const picker = h.api.features.networkPicker;
      const rows = await picker.items();
      const move = rows.find((i) => 'registry' in i && i.registry.chain.chain_id === 'fakemove-1')!;
      assert.equal(await picker.choose(move), 'Fake Move');
      assert.equal(asked.length, 1);
      assert.match(asked[0]!.message, /Add Fake Move \(fakemove-1\) from the Initia registry/);
      assert.match(asked[0]!.detail ?? '', new RegExp(`Indexer: ${h.fake.url.replace(/[.]/g, '\\.')}`));
      assert.match(asked[0]!.detail ?? '', /REST: https:\/\/rest-fakemove-1\.example/);
      assert.match(
        asked[0]!.detail ?? '',
        /OPinit executor: https:\/\/opinit-api-fakemove-1\.example/,
        'every endpoint it will call is listed',
      );
      const saved = (initia().inspect<Array<Record<string, string>>>('networks')?.globalValue ?? []).find(
        (p) => p.chainId === 'fakemove-1',
      );
      assert.deepEqual(saved, {
        name: 'Fake Move',
        chainId: 'fakemove-1',
        indexerUrl: h.fake.url,
        restUrl: 'https://rest-fakemove-1.example',
        routerUrl: 'https://router-api.initiation-2.initia.xyz',
        explorerUrl: 'https://scan.testnet.initia.xyz/fakemove-1',
        txPage: 'https://scan.testnet.initia.xyz/fakemove-1/txs/${txHash}',
        accountPage: 'https://scan.testnet.initia.xyz/fakemove-1/accounts/${accountAddress}',
        bech32Prefix: 'init',
        vm: 'minimove',
        opBridgeId: '1458',
        executorUrl: 'https://opinit-api-fakemove-1.example',
      });
      assert.equal(initia().inspect('activeNetwork')?.globalValue, 'Fake Move');
      assert.equal(initia().inspect('networks')?.workspaceValue, undefined, 'never the workspace');
      await waitFor('Fake Move active', () => h.api.services.network.name === 'Fake Move');
      // Chosen again: no question.
      await vscode.commands.executeCommand('initia.selectNetwork', 'Fake indexer');
      assert.equal(await vscode.commands.executeCommand('initia.selectNetwork', 'fakemove-1'), 'Fake Move');
      assert.equal(asked.length, 1, 'asked once');
      // Its VM gates the EVM items: no /status needed, no EVM route asked.
      h.fake.resetRequests();
      const caps = await h.api.services.capabilities();
      assert.equal(caps.evm, false);
      assert.equal(h.fake.requests.length, 0, 'the profile’s VM answers without a request');
      // The status bar names the VM.
      await waitFor('the VM in the status bar', () => /Fake Move · minimove/.test(statusText()));
    } finally {
      win.showInformationMessage = original;
      await initia().update('activeNetwork', 'Fake indexer', vscode.ConfigurationTarget.Global);
    }
  });

  /** The status item's text, read through the features' item. */
  function statusText(): string {
    return (h.api.features.statusBar as unknown as { item: vscode.StatusBarItem }).item.text;
  }
});
