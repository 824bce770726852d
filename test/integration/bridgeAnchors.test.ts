/**
 * The bridge check's trust anchors in the real extension host: the registry the user chose (a fake registry on
 * 127.0.0.1, through the extension's registry store and HTTP layer) confirms the demo rollup's OP bridge id and
 * Initia's IBC channel to Osmosis, with the asset lists' decimals, and the chain itself (a fake node's bank denom
 * metadata) the amount's decimals: the honest routes match. A registry that names another bridge and another
 * counterparty contradicts the router: they don't. Requests are counted at the fake registry and node: one per
 * anchor source, none again for the same panel. (The registries also serve the testnet list, whose Move rollup later
 * suites expect to find in the registry's state.)
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { BridgeAnchors } from '../../src/bridge/anchors';
import { ChainDecimals, checkOptions } from '../../src/bridge/intent';
import { verifyMsgs, type Intent } from '../../src/core/router/verify';
import type { Route } from '../../src/core/router/schemas';
import { startFakeRegistry, type FakeRegistry } from '../fixtures/fakeRegistry';
import { startFakeNode, type FakeNode } from '../fixtures/fakeNode';
import { OSMOSIS_ENTRY, USDC_ON_INITIA, type FakeRouter } from '../fixtures/fakeRouter';
import { INIT, INIT_DEST, NOBLE, OSMO_DEST } from '../fixtures/bridgeFlow';
import { FAKE_NETWORK, setUp, startRouterFor, type Harness } from './helpers';

const config = () => vscode.workspace.getConfiguration('initia');
const L2_INIT = 'l2/2588fd87a8e081f6a557f43ff14f05dddf5e34cb27afcefd6eaf81f1daea30d0';

describe('bridge: trust anchors from the registry the user chose and from the chain', function () {
  this.timeout(60_000);
  let h: Harness;
  let router: FakeRouter;
  let registry: FakeRegistry;
  let node: FakeNode;

  before(async () => {
    h = await setUp();
    router = await startRouterFor(h);
    registry = await startFakeRegistry({ bridge: true });
    node = await startFakeNode({ chainId: 'interwoven-1', vm: 'minimove' });
    node.denomMetadata.set('uinit', {
      base: 'uinit',
      display: 'INIT',
      denom_units: [
        { denom: 'uinit', exponent: 0 },
        { denom: 'INIT', exponent: 6 },
      ],
    });
    await config().update(
      'networks',
      [
        {
          name: FAKE_NETWORK,
          chainId: 'interwoven-1',
          indexerUrl: h.fake.url,
          routerUrl: router.url,
          restUrl: node.url,
        },
      ],
      vscode.ConfigurationTarget.Global,
    );
  });
  after(async () => {
    await config().update('registry.urls', undefined, vscode.ConfigurationTarget.Global);
    await Promise.all([router.close(), registry.close(), node.close()]);
    await h.restore();
  });

  /** One panel's checks of a route, as the bridge host makes them: anchors, the chain's decimals, the verdict. */
  async function check(
    anchors: BridgeAnchors,
    decimals: ChainDecimals,
    to: string,
    destDenom: string,
    addresses: Record<string, string>,
  ) {
    const services = h.api.services;
    const client = services.router(router.url, FAKE_NETWORK);
    const route: Route = await client.route({
      amountIn: '1500000',
      sourceChainId: 'interwoven-1',
      sourceDenom: 'uinit',
      destChainId: to,
      destDenom,
    });
    const book = await anchors.book(route);
    const chainDecimals = await decimals.get('interwoven-1', 'uinit');
    assert.equal(chainDecimals, 6, 'the chain itself says 6');
    const intent: Intent = {
      sourceChainId: 'interwoven-1',
      sourceDenom: 'uinit',
      amountIn: '1500000',
      typed: '1.5',
      decimals: 6,
      decimalsFrom: 'chain',
      destChainId: to,
      destDenom,
      addresses,
      slippagePercent: '0.5',
    };
    const msgs = await client.msgs({
      route,
      addresses: route.required_chain_addresses.map((c) => addresses[c] ?? ''),
      slippagePercent: '0.5',
    });
    return verifyMsgs(msgs, {
      intent,
      route,
      ...checkOptions(services.catalog(router.url, FAKE_NETWORK), book, Date.now()),
    });
  }

  const count = (service: { requests: Array<{ path: string }> }, re: RegExp) =>
    service.requests.filter((r) => re.test(r.path)).length;

  it('the registry confirms the OP bridge id and the IBC channel, the chain the decimals: the honest routes match; one request per source, none again', async () => {
    await config().update(
      'registry.urls',
      [registry.mainnetUrl, registry.testnetUrl],
      vscode.ConfigurationTarget.Global,
    );
    const anchors = new BridgeAnchors(h.api.services);
    const decimals = new ChainDecimals(h.api.services);
    const deposit = await check(anchors, decimals, 'demo-evm-1', L2_INIT, {
      'interwoven-1': INIT,
      'demo-evm-1': INIT_DEST,
    });
    assert.equal(deposit.kind, 'matches', [...deposit.mismatches, ...deposit.unverified].map((p) => p.text).join('\n'));
    const swap = await check(anchors, decimals, 'osmosis-1', 'uosmo', { 'interwoven-1': INIT, 'osmosis-1': OSMO_DEST });
    assert.equal(swap.kind, 'matches', [...swap.mismatches, ...swap.unverified].map((p) => p.text).join('\n'));
    assert.ok(
      swap.caveats.some((c) => c.includes("the router's own quote")),
      'the minimum says what it rests on',
    );
    // The registry's chains once; the asset lists of the chains the two routes touch once each; the node once.
    assert.equal(count(registry, /chains\.json$/), 2, 'each chains.json read once');
    assert.deepEqual(
      registry.requests
        .filter((r) => r.path.startsWith('/assetlists/'))
        .map((r) => r.path)
        .sort(),
      ['/assetlists/demo-evm-1.json', '/assetlists/interwoven-1.json', '/assetlists/osmosis-1.json'],
    );
    assert.equal(count(node, /denoms_metadata/), 1, 'the decimals asked of the chain once');
    const again = await check(anchors, decimals, 'demo-evm-1', L2_INIT, {
      'interwoven-1': INIT,
      'demo-evm-1': INIT_DEST,
    });
    assert.equal(again.kind, 'matches');
    assert.equal(registry.requests.length, 5, 'no request again for the same panel');
    assert.equal(count(node, /denoms_metadata/), 1);
  });

  it('a registry that contradicts the router (another bridge, a channel to another chain): the routes do not match, in words', async () => {
    const other = await startFakeRegistry({ bridge: true });
    try {
      for (const c of other.chains.mainnet as Array<{
        chain_id: string;
        metadata: { op_bridge_id?: string; ibc_channels?: Array<{ chain_id: string; channel_id: string }> };
      }>) {
        if (c.chain_id === 'demo-evm-1') c.metadata.op_bridge_id = '5';
        if (c.chain_id === 'interwoven-1')
          for (const ch of c.metadata.ibc_channels ?? []) if (ch.channel_id === 'channel-71') ch.chain_id = 'neutron-1';
      }
      await config().update('registry.urls', [other.mainnetUrl, other.testnetUrl], vscode.ConfigurationTarget.Global);
      const anchors = new BridgeAnchors(h.api.services);
      const decimals = new ChainDecimals(h.api.services);
      const deposit = await check(anchors, decimals, 'demo-evm-1', L2_INIT, {
        'interwoven-1': INIT,
        'demo-evm-1': INIT_DEST,
      });
      assert.equal(deposit.kind, 'mismatch');
      assert.ok(
        deposit.mismatches.some((m) =>
          m.text.includes(
            `the registry you chose (${other.mainnetUrl}, ${other.testnetUrl}) names bridge 5 for demo-evm-1`,
          ),
        ),
        deposit.mismatches.map((m) => m.text).join('\n'),
      );
      const swap = await check(anchors, decimals, 'osmosis-1', 'uosmo', {
        'interwoven-1': INIT,
        'osmosis-1': OSMO_DEST,
      });
      assert.equal(swap.kind, 'mismatch');
      assert.ok(
        swap.mismatches.some((m) => m.text.includes('says that channel channel-71 on interwoven-1 leads to neutron-1')),
        swap.mismatches.map((m) => m.text).join('\n'),
      );
      assert.equal(count(other, /chains\.json$/), 2);
      assert.ok(OSMOSIS_ENTRY.startsWith('osmo1'));
    } finally {
      await other.close();
    }
  });

  it('a channel no registry names is asked of the sending chain itself (its light client names the other end): once per panel', async () => {
    const bare = await startFakeRegistry({ bridge: true });
    const noble = await startFakeNode({ chainId: 'noble-1', vm: 'minimove' });
    try {
      for (const c of bare.chains.mainnet as Array<{ chain_id: string; metadata: { ibc_channels?: unknown[] } }>)
        if (c.chain_id === 'noble-1') c.metadata.ibc_channels = [];
      noble.channels.set('transfer/channel-129', 'interwoven-1');
      await config().update('registry.urls', [bare.mainnetUrl, bare.testnetUrl], vscode.ConfigurationTarget.Global);
      await config().update(
        'networks',
        [
          {
            name: FAKE_NETWORK,
            chainId: 'interwoven-1',
            indexerUrl: h.fake.url,
            routerUrl: router.url,
            restUrl: node.url,
          },
          { name: 'Noble node', chainId: 'noble-1', indexerUrl: h.fake.url, restUrl: noble.url },
        ],
        vscode.ConfigurationTarget.Global,
      );
      const services = h.api.services;
      const client = services.router(router.url, FAKE_NETWORK);
      const anchors = new BridgeAnchors(services);
      const addresses = { 'noble-1': NOBLE, 'interwoven-1': INIT_DEST };
      const verdict = async () => {
        const route: Route = await client.route({
          amountIn: '25000000',
          sourceChainId: 'noble-1',
          sourceDenom: 'uusdc',
          destChainId: 'interwoven-1',
          destDenom: USDC_ON_INITIA,
        });
        const book = await anchors.book(route);
        const intent: Intent = {
          sourceChainId: 'noble-1',
          sourceDenom: 'uusdc',
          amountIn: '25000000',
          typed: '25',
          decimals: 6,
          decimalsFrom: 'registry',
          destChainId: 'interwoven-1',
          destDenom: USDC_ON_INITIA,
          addresses,
          slippagePercent: '0.5',
        };
        const msgs = await client.msgs({
          route,
          addresses: route.required_chain_addresses.map((c) => addresses[c as keyof typeof addresses] ?? ''),
          slippagePercent: '0.5',
        });
        return verifyMsgs(msgs, {
          intent,
          route,
          ...checkOptions(services.catalog(router.url, FAKE_NETWORK), book, Date.now()),
        });
      };
      const first = await verdict();
      assert.equal(first.kind, 'matches', [...first.mismatches, ...first.unverified].map((p) => p.text).join('\n'));
      assert.equal(count(noble, /client_state$/), 1, 'the chain asked once');
      noble.channels.set('transfer/channel-129', 'evil-1');
      const again = await verdict();
      assert.equal(again.kind, 'matches', 'kept for the panel: not asked again');
      assert.equal(count(noble, /client_state$/), 1);
      const fresh = new BridgeAnchors(services);
      const route: Route = await client.route({
        amountIn: '25000000',
        sourceChainId: 'noble-1',
        sourceDenom: 'uusdc',
        destChainId: 'interwoven-1',
        destDenom: USDC_ON_INITIA,
      });
      const lookup = (await fresh.book(route)).channel('noble-1', 'channel-129');
      assert.equal(
        lookup.kind === 'found' && lookup.anchor.value,
        'evil-1',
        'a new panel asks again, and believes the chain, not the router',
      );
    } finally {
      await config().update(
        'networks',
        [
          {
            name: FAKE_NETWORK,
            chainId: 'interwoven-1',
            indexerUrl: h.fake.url,
            routerUrl: router.url,
            restUrl: node.url,
          },
        ],
        vscode.ConfigurationTarget.Global,
      );
      await Promise.all([bare.close(), noble.close()]);
    }
  });
});
