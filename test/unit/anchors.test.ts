/**
 * The bridge check's trust anchors (core/router/check/anchors.ts): what the chain computes (OPinit's L2 denoms, ibc-go's
 * voucher denoms) against real values, what the registry snapshot shipped with the extension confirms (read from
 * initia-registry's chain.json files), sources that disagree, malformed entries skipped, and the pinned table's
 * provenance.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  AnchorBook,
  arrivingDenom,
  assetListAnchors,
  l1DenomOf,
  l2Denom,
  profileAnchors,
  registryAnchors,
} from '../../src/core/router/check/anchors';
import { PROVENANCE, pinnedAnchors } from '../../src/core/router/check/pinned';
import { RegistryFile, parseRegistry } from '../../src/core/registry';
import { BUILT_IN_NETWORKS } from '../../src/core/networks';

const snapshot = () => {
  const file = RegistryFile.parse(
    JSON.parse(fs.readFileSync(path.join(__dirname, '../../../media/registry-snapshot.json'), 'utf8')),
  );
  return file.sources.flatMap((s) => parseRegistry(s.chains, s.url).chains);
};

test("OPinit's L2 denom: sha3-256 of the bridge id (8 bytes, big-endian) and the L1 denom, as x/opchild/types L2Denom", () => {
  // A rollup's INIT as the registry lists it (the demo's, bridge 2).
  assert.equal(l2Denom('2', 'uinit'), 'l2/2588fd87a8e081f6a557f43ff14f05dddf5e34cb27afcefd6eaf81f1daea30d0');
  assert.equal(l1DenomOf('2', l2Denom('2', 'uinit'), ['uusdc', 'uinit']), 'uinit');
  assert.equal(l1DenomOf('3', l2Denom('2', 'uinit'), ['uinit']), undefined, 'another bridge mints another denom');
  assert.equal(l1DenomOf('2', 'uinit', ['uinit']), undefined, 'not an L2 denom');
});

test("a voucher's denom over the anchored channel, as ibc-go makes it (USDC from Noble on Initia)", () => {
  const book = new AnchorBook([registryAnchors(snapshot(), 'snapshot')]);
  // Initia's channel to Noble is channel-3: USDC arrives as the denom InterwovenKit lists for it.
  assert.equal(
    arrivingDenom(book, 'noble-1', 'interwoven-1', 'uusdc'),
    'ibc/6490A7EAB61059BFC1CDDEB05917DD70BDF3A611654162A1A47DB930D40D8AF4',
  );
  assert.equal(
    arrivingDenom(book, 'noble-1', 'interwoven-1', 'ibc/ABC'),
    undefined,
    'a voucher going on needs its trace',
  );
  assert.equal(arrivingDenom(book, 'mystery-1', 'interwoven-1', 'umys'), undefined, 'no known channel');
});

test('the registry snapshot confirms real anchors: Initia → Osmosis over channel-71, each rollup its bridge id', () => {
  const chains = snapshot();
  const book = new AnchorBook([registryAnchors(chains, 'the registry snapshot')]);
  const channel = book.channel('interwoven-1', 'channel-71');
  assert.deepEqual(channel.kind === 'found' && channel.anchor.value, 'osmosis-1');
  assert.equal(
    book.channel('interwoven-1', 'channel-71', 'nft-transfer').kind,
    'none',
    'another port is another channel',
  );
  for (const c of chains.filter((x) => x.metadata?.op_bridge_id !== undefined)) {
    const found = book.opBridge(c.chain_id);
    assert.equal(found.kind === 'found' && found.anchor.value, String(c.metadata!.op_bridge_id), c.chain_id);
  }
  assert.ok(
    chains.some((c) => typeof c.metadata?.assetlist === 'string'),
    'asset lists are named',
  );
});

test('sources that disagree are no anchor; malformed channel entries are skipped, not the chain', () => {
  const chains = parseRegistry(
    [
      {
        chain_id: 'a-1',
        chain_name: 'a',
        metadata: {
          op_bridge_id: '7',
          ibc_channels: [
            { chain_id: 'b-1', port_id: 'transfer', channel_id: 'channel-1' },
            { chain_id: 5 },
            'x',
            { chain_id: 'c-1', port_id: 'transfer', channel_id: 'chan-2' },
          ],
        },
      },
    ],
    'r',
  ).chains;
  assert.equal(chains.length, 1);
  const data = registryAnchors(chains, 'r');
  assert.equal(data.channels?.length, 1);
  const book = new AnchorBook([
    data,
    profileAnchors([
      { name: 'Mine', chainId: 'a-1', indexerUrl: 'https://x.example', opBridgeId: '8', builtIn: false },
    ]),
  ]);
  const bridge = book.opBridge('a-1');
  assert.equal(bridge.kind, 'conflict');
  assert.deepEqual(bridge.kind === 'conflict' && bridge.values.map((v) => v.source), [
    'the registry you chose (r)',
    'your network profile "Mine"',
  ]);
});

test("an asset list's decimals: the display unit's exponent; an asset that does not hold together is skipped", () => {
  const data = assetListAnchors(
    {
      assets: [
        {
          base: 'uinit',
          display: 'INIT',
          denom_units: [
            { denom: 'uinit', exponent: 0 },
            { denom: 'INIT', exponent: 6 },
          ],
        },
        { base: 'x', display: 'X', denom_units: [{ denom: 'X', exponent: -1 }] },
        { base: 'y', display: 'Y', denom_units: [] },
      ],
    },
    'interwoven-1',
    'list',
  );
  assert.deepEqual(
    data.decimals?.map((d) => [d.denom, d.value]),
    [['uinit', 6]],
  );
  assert.deepEqual(assetListAnchors('nonsense', 'c', 'list'), {});
});

test('the built-in profiles are a source of their own; the pinned table names where each group was read', () => {
  const book = new AnchorBook([profileAnchors(BUILT_IN_NETWORKS)]);
  for (const p of BUILT_IN_NETWORKS.filter((x) => x.opBridgeId && x.chainId)) {
    const found = book.opBridge(p.chainId!);
    assert.ok(found.kind === 'found' && found.anchor.source.startsWith("the extension's built-in profile"), p.name);
  }
  const pinned = pinnedAnchors();
  for (const e of [...(pinned.lzEndpoints ?? []), ...(pinned.cctpDomains ?? []), ...(pinned.contracts ?? [])])
    assert.ok(
      Object.values(PROVENANCE).some((p) => e.source.includes(p)),
      e.source,
    );
  const eid = new AnchorBook([pinned]).lzEndpoint('interwoven-1');
  assert.equal(eid.kind === 'found' && eid.anchor.value, 30326);
});
