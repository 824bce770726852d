/** Decimals from the chain itself (bank denom metadata over REST, an ERC-20's decimals() over JSON-RPC), over real HTTP, and the check that holds the router's to them. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createChainClient } from '../../src/core/clients';
import { bankDecimals, decimalsOfMetadata, erc20Decimals } from '../../src/core/router/check/decimals';
import { verifyMsgs, type Intent } from '../../src/core/router/verify';
import { AnchorBook, l2Denom } from '../../src/core/router/check/anchors';
import type { MsgsResponse, Route } from '../../src/core/router/schemas';

let server: Server;
let url = '';
const seen: string[] = [];
before(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const { params } = JSON.parse(body) as { params: [{ to: string; data: string }] };
        const decimals = params[0].to.toLowerCase().endsWith('aa') ? 18 : 99;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: `0x${decimals.toString(16).padStart(64, '0')}` }));
      });
      return;
    }
    if (req.url === '/cosmos/bank/v1beta1/denoms_metadata/uinit') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          metadata: {
            base: 'uinit',
            display: 'INIT',
            denom_units: [
              { denom: 'uinit', exponent: 0 },
              { denom: 'INIT', exponent: 6 },
            ],
          },
        }),
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('{"code":5,"message":"client metadata for denom not found"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((r) => server.close(() => r())));

test("bank denom metadata: the display unit's exponent; no metadata (404) says nothing; one request each", async () => {
  const chain = createChainClient({ restUrl: url }, { timeoutMs: 3000 });
  seen.length = 0;
  assert.equal(await bankDecimals(chain, 'uinit'), 6);
  assert.equal(await bankDecimals(chain, 'ibc/ABC'), undefined);
  assert.deepEqual(seen, [
    'GET /cosmos/bank/v1beta1/denoms_metadata/uinit',
    'GET /cosmos/bank/v1beta1/denoms_metadata/ibc%2FABC',
  ]);
  assert.equal(
    decimalsOfMetadata(
      { metadata: { base: 'uother', display: 'X', denom_units: [{ denom: 'X', exponent: 6 }] } },
      'uinit',
    ),
    undefined,
    'metadata of another denom',
  );
  assert.equal(
    decimalsOfMetadata(
      { metadata: { base: 'uinit', display: 'X', denom_units: [{ denom: 'X', exponent: 99 }] } },
      'uinit',
    ),
    undefined,
    'an absurd exponent',
  );
});

test("an ERC-20's decimals() over JSON-RPC; an absurd answer says nothing", async () => {
  const chain = createChainClient({ jsonRpcUrl: url }, { timeoutMs: 3000 });
  assert.equal(await erc20Decimals(chain, `0x${'aa'.repeat(20)}`), 18);
  assert.equal(await erc20Decimals(chain, `0x${'bb'.repeat(20)}`), undefined);
  assert.equal(await erc20Decimals(chain, 'uinit'), undefined, 'not a token address: no request');
});

test('the router giving other decimals than the chain is a difference, said in words', () => {
  const INIT = 'init1veaum7vy45fzw5x4mflskgx5lnmwmxx5wm3x8p';
  const route = {
    amount_in: '150000000',
    amount_out: '1',
    source_asset_chain_id: 'interwoven-1',
    source_asset_denom: 'uinit',
    dest_asset_chain_id: 'demo-evm-1',
    dest_asset_denom: l2Denom('1', 'uinit'),
    operations: [
      { op_init_transfer: { from_chain_id: 'interwoven-1', to_chain_id: 'demo-evm-1', op_init_bridge_id: '1' } },
    ],
    required_chain_addresses: ['interwoven-1', 'demo-evm-1'],
  } as unknown as Route;
  const msgs = {
    txs: [
      {
        cosmos_tx: {
          chain_id: 'interwoven-1',
          signer_address: INIT,
          msgs: [
            {
              msg_type_url: '/opinit.ophost.v1.MsgInitiateTokenDeposit',
              msg: JSON.stringify({
                sender: INIT,
                bridge_id: '1',
                to: INIT,
                amount: { denom: 'uinit', amount: '150000000' },
                data: '',
              }),
            },
          ],
        },
      },
    ],
  } as MsgsResponse;
  // The router's asset list said 8 decimals, so "1.5" became 150,000,000; the chain says 6 (1,500,000).
  const intent: Intent = {
    sourceChainId: 'interwoven-1',
    sourceDenom: 'uinit',
    amountIn: '1500000',
    typed: '1.5',
    decimals: 6,
    decimalsFrom: 'chain',
    routerDecimals: 8,
    symbol: 'INIT',
    destChainId: 'demo-evm-1',
    destDenom: l2Denom('1', 'uinit'),
    addresses: { 'interwoven-1': INIT, 'demo-evm-1': INIT },
    slippagePercent: '0.5',
  };
  const anchors = new AnchorBook([{ opBridges: [{ chain: 'demo-evm-1', value: '1', source: 'a test registry' }] }]);
  const v = verifyMsgs(msgs, { intent, route, anchors, now: 0 });
  assert.equal(v.kind, 'mismatch');
  assert.ok(
    v.mismatches.some(
      (m) =>
        m.text ===
        'The router says INIT has 8 decimals, but interwoven-1 itself says 6: 1.5 would be sent as the wrong amount.',
    ),
    v.mismatches.map((m) => m.text).join('\n'),
  );
  const same = verifyMsgs(
    {
      txs: [
        {
          cosmos_tx: {
            ...msgs.txs[0]!.cosmos_tx!,
            msgs: [
              {
                ...msgs.txs[0]!.cosmos_tx!.msgs[0]!,
                msg: msgs.txs[0]!.cosmos_tx!.msgs[0]!.msg.replace('150000000', '1500000'),
              },
            ],
          },
        },
      ],
    } as MsgsResponse,
    { intent: { ...intent, routerDecimals: 6 }, route: { ...route, amount_in: '1500000' }, anchors, now: 0 },
  );
  assert.deepEqual(
    [same.kind, same.caveats.at(-1)],
    ['matches', "The amount's 6 decimals come from interwoven-1 itself."],
  );
});
