/**
 * Bridge check bench (run by scripts/bench.mjs as `node out/test/bench/verify.js <out.json>`; not part of npm test): the
 * host time to verify a 50-message router answer (every message decoded to effects, followed, summed), median and
 * p95 of 41 runs after 20 warm-up runs, the anchors (a registry of 40 channels and the pinned table) made anew in each.
 * Budget (issues 22, 33): ≤ 20 ms warm.
 */
import { writeFileSync } from 'node:fs';
import { bech32 } from 'bech32';
import { verifyMsgs, type Intent } from '../../src/core/router/verify';
import type { MsgsResponse, Route } from '../../src/core/router/schemas';
import { AnchorBook, registryAnchors } from '../../src/core/router/check/anchors';
import { pinnedAnchors } from '../../src/core/router/check/pinned';
import { parseRegistry } from '../../src/core/registry';

const INIT = 'init1veaum7vy45fzw5x4mflskgx5lnmwmxx5wm3x8p';
const OSMO = bech32.encode('osmo', bech32.toWords(new Uint8Array(20).fill(3)));
const N = 50;
const route = {
  amount_in: String(N * 1_000_000),
  amount_out: String(N * 1_000_000),
  source_asset_chain_id: 'interwoven-1',
  source_asset_denom: 'uinit',
  dest_asset_chain_id: 'osmosis-1',
  dest_asset_denom: 'ibc/X',
  operations: [
    {
      transfer: {
        from_chain_id: 'interwoven-1',
        to_chain_id: 'osmosis-1',
        channel: 'channel-71',
        denom_in: 'uinit',
        denom_out: 'ibc/X',
      },
    },
  ],
  required_chain_addresses: ['interwoven-1', 'osmosis-1'],
} as unknown as Route;
const msg = {
  msg_type_url: '/ibc.applications.transfer.v1.MsgTransfer',
  msg: JSON.stringify({
    source_port: 'transfer',
    source_channel: 'channel-71',
    token: { denom: 'uinit', amount: '1000000' },
    sender: INIT,
    receiver: OSMO,
    timeout_height: {},
    timeout_timestamp: '1893456000000000000',
    memo: '',
  }),
};
const msgs = {
  txs: [{ cosmos_tx: { chain_id: 'interwoven-1', signer_address: INIT, msgs: Array.from({ length: N }, () => msg) } }],
} as MsgsResponse;
const intent: Intent = {
  sourceChainId: 'interwoven-1',
  sourceDenom: 'uinit',
  amountIn: route.amount_in,
  typed: String(N),
  decimals: 6,
  decimalsFrom: 'chain',
  destChainId: 'osmosis-1',
  destDenom: 'ibc/X',
  addresses: { 'interwoven-1': INIT, 'osmosis-1': OSMO },
  slippagePercent: '0.5',
};

// The anchors as the panel gathers them: the registry's chains (here the L1 with its channels) and the pinned table;
// made anew on each run, so their cost is part of the figure.
const registry = [
  {
    chain_id: 'interwoven-1',
    chain_name: 'initia',
    metadata: {
      is_l1: true,
      ibc_channels: Array.from({ length: 40 }, (_, i) => ({
        chain_id: i === 0 ? 'osmosis-1' : `rollup-${i}`,
        port_id: 'transfer',
        channel_id: `channel-${i === 0 ? 71 : i}`,
      })),
    },
  },
];
const check = () =>
  verifyMsgs(msgs, {
    intent,
    route,
    anchors: new AnchorBook([registryAnchors(parseRegistry(registry, 'bench').chains, 'bench'), pinnedAnchors()]),
    now: Date.parse('2026-11-28T00:00:00Z'),
  });
for (let i = 0; i < 20; i++) check();
const runs: number[] = [];
let kind = '';
for (let i = 0; i < 41; i++) {
  const t0 = performance.now();
  kind = check().kind;
  runs.push(performance.now() - t0);
}
if (kind !== 'matches') throw new Error(`the bench answer should match, got ${kind}`);
runs.sort((a, b) => a - b);
const result = { verify50Ms: Number(runs[20]!.toFixed(2)), verify50P95Ms: Number(runs[38]!.toFixed(2)) };
console.log(`[verify] 50-message answer: median ${result.verify50Ms} ms, p95 ${result.verify50P95Ms} ms`);
if (process.argv[2]) writeFileSync(process.argv[2], JSON.stringify(result));
