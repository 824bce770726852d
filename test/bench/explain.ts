/**
 * Explain bench (run by scripts/bench.mjs as `node out/test/bench/explain.js <out.json>`; not part of npm test): the
 * host time to explain a 200-message Cosmos tx (explain/txView.ts on a real-shaped answer with 4 events per
 * message and the fee's), median of 21 runs after a warm-up. Budget (issue 15): ≤ 50 ms.
 */
import { writeFileSync } from 'node:fs';
import { Tx } from '../../src/core/indexer/schemas';
import { explainCosmos } from '../../src/explain/txView';

const A = 'init1veaum7vy45fzw5x4mflskgx5lnmwmxx5wm3x8p';
const B = 'init1w9chzut3w9chzut3w9chzut3w9chzut3r6wh8v';
const attr = (key: string, value: string) => ({ key, value, index: true });

const N = 200;
const messages = Array.from({ length: N }, (_, i) => ({
  '@type': '/cosmos.bank.v1beta1.MsgSend',
  from_address: A,
  to_address: B,
  amount: [{ denom: 'uinit', amount: String(1_000_000 + i) }],
}));
const events = [
  { type: 'coin_spent', attributes: [attr('spender', A), attr('amount', '2000uinit')] },
  { type: 'tx', attributes: [attr('fee', '2000uinit'), attr('fee_payer', A)] },
  ...messages.flatMap((m, i) => [
    {
      type: 'message',
      attributes: [attr('action', m['@type']), attr('sender', A), attr('module', 'bank'), attr('msg_index', String(i))],
    },
    {
      type: 'coin_spent',
      attributes: [attr('spender', A), attr('amount', `${m.amount[0]!.amount}uinit`), attr('msg_index', String(i))],
    },
    {
      type: 'coin_received',
      attributes: [attr('receiver', B), attr('amount', `${m.amount[0]!.amount}uinit`), attr('msg_index', String(i))],
    },
    {
      type: 'transfer',
      attributes: [
        attr('recipient', B),
        attr('sender', A),
        attr('amount', `${m.amount[0]!.amount}uinit`),
        attr('msg_index', String(i)),
      ],
    },
  ]),
];
const tx = Tx.parse({
  txhash: 'AB'.repeat(32),
  height: '1',
  code: 0,
  gas_used: '1',
  gas_wanted: '1',
  tx: { body: { messages, memo: '' }, auth_info: { fee: { amount: [{ denom: 'uinit', amount: '2000' }] } } },
  events,
});
const asset = (d: string) => (d === 'uinit' ? { symbol: 'INIT', decimals: 6 } : undefined);

for (let i = 0; i < 3; i++) explainCosmos(tx, { network: 'n', asset });
const runs: number[] = [];
for (let i = 0; i < 21; i++) {
  const t0 = performance.now();
  explainCosmos(tx, { network: 'n', asset });
  runs.push(performance.now() - t0);
}
runs.sort((a, b) => a - b);
const result = { explain200Ms: Number(runs[10]!.toFixed(2)), explain200P95Ms: Number(runs[19]!.toFixed(2)) };
console.log(`[explain] 200-message tx: median ${result.explain200Ms} ms, p95 ${result.explain200P95Ms} ms`);
if (process.argv[2]) writeFileSync(process.argv[2], JSON.stringify(result));
