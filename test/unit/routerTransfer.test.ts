/** The transfer model (states, terminal test, per-bridge hops, summaries) and the router schemas, as tables. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseWith } from '../../src/core/zodParse';
import {
  MsgsResponse,
  Route,
  StatusResponse,
  operationView,
  txView,
  legView,
  OPERATION_KINDS,
  type StatusResponse as Status,
} from '../../src/core/router/schemas';
import {
  describeState,
  failureWords,
  hopOutcome,
  isTerminalState,
  outcomeOf,
  routeSteps,
  transferView,
  bridgeLabel,
  TERMINAL_STATES,
} from '../../src/core/router/transfer';

const parse = (v: unknown): Status => parseWith(StatusResponse, v, 'router');
const tx = (chain: string, hash: string) => ({
  chain_id: chain,
  tx_hash: hash,
  explorer_link: `https://scan.example/${chain}/txs/${hash}`,
  on_chain_at: '2025-07-16T14:59:08Z',
});

test('overall states: terminal, outcome, words', () => {
  const table: Array<[string | undefined, boolean, string]> = [
    ['STATE_SUBMITTED', false, 'pending'],
    ['STATE_PENDING', false, 'pending'],
    ['STATE_RECEIVED', false, 'pending'],
    ['STATE_PENDING_ERROR', false, 'failing'],
    ['STATE_UNKNOWN', false, 'failing'],
    ['STATE_COMPLETED_SUCCESS', true, 'success'],
    ['STATE_COMPLETED', true, 'success'],
    ['STATE_COMPLETED_ERROR', true, 'failed'],
    ['STATE_FAILED', true, 'failed'],
    ['STATE_ABANDONED', true, 'abandoned'],
    ['STATE_SOMETHING_NEW', false, 'pending'],
    [undefined, false, 'pending'],
  ];
  for (const [state, terminal, outcome] of table) {
    assert.equal(isTerminalState(state), terminal, `terminal ${state}`);
    assert.equal(outcomeOf(state), outcome, `outcome ${state}`);
  }
  assert.deepEqual([...TERMINAL_STATES].sort(), [
    'STATE_ABANDONED',
    'STATE_COMPLETED',
    'STATE_COMPLETED_ERROR',
    'STATE_COMPLETED_SUCCESS',
    'STATE_FAILED',
  ]);
  assert.equal(describeState('STATE_PENDING_ERROR'), 'failing: an error is propagating back');
  assert.equal(describeState('STATE_X'), 'STATE_X');
});

test('hop states per bridge', () => {
  const table: Array<[string, string, string]> = [
    ['ibc_transfer', 'TRANSFER_UNKNOWN', 'unknown'],
    ['ibc_transfer', 'TRANSFER_PENDING', 'pending'],
    ['ibc_transfer', 'TRANSFER_RECEIVED', 'pending'], // not final under PFM
    ['ibc_transfer', 'TRANSFER_SUCCESS', 'done'],
    ['ibc_transfer', 'TRANSFER_FAILURE', 'failed'],
    ['ibc_transfer', 'TRANSFER_PENDING_ERROR', 'failed'],
    ['eureka_transfer', 'TRANSFER_RECEIVED', 'pending'],
    ['eureka_transfer', 'TRANSFER_SUCCESS', 'done'],
    ['axelar_transfer', 'AXELAR_TRANSFER_PENDING_CONFIRMATION', 'pending'],
    ['axelar_transfer', 'AXELAR_TRANSFER_PENDING_RECEIPT', 'pending'],
    ['axelar_transfer', 'AXELAR_TRANSFER_SUCCESS', 'done'],
    ['axelar_transfer', 'AXELAR_TRANSFER_FAILURE', 'failed'],
    ['axelar_transfer', 'AXELAR_TRANSFER_UNKNOWN', 'unknown'],
    ['cctp_transfer', 'CCTP_TRANSFER_SENT', 'pending'],
    ['cctp_transfer', 'CCTP_TRANSFER_PENDING_CONFIRMATION', 'pending'],
    ['cctp_transfer', 'CCTP_TRANSFER_CONFIRMED', 'pending'],
    ['cctp_transfer_v2', 'CCTP_TRANSFER_RECEIVED', 'done'],
    ['hyperlane_transfer', 'HYPERLANE_TRANSFER_SENT', 'pending'],
    ['hyperlane_transfer', 'HYPERLANE_TRANSFER_RECEIVED', 'done'],
    ['hyperlane_transfer', 'HYPERLANE_TRANSFER_FAILED', 'failed'],
    ['op_init_transfer', 'OPINIT_TRANSFER_SENT', 'pending'],
    ['op_init_transfer', 'OPINIT_TRANSFER_RECEIVED', 'done'],
    ['go_fast_transfer', 'GO_FAST_TRANSFER_SENT', 'pending'],
    ['go_fast_transfer', 'GO_FAST_TRANSFER_FILLED', 'done'],
    ['go_fast_transfer', 'GO_FAST_POST_ACTION_FAILED', 'failed'],
    ['go_fast_transfer', 'GO_FAST_TRANSFER_TIMEOUT', 'failed'],
    ['go_fast_transfer', 'GO_FAST_TRANSFER_REFUNDED', 'failed'],
    ['stargate_transfer', 'STARGATE_TRANSFER_PENDING_CONFIRMATION', 'pending'], // the skip client calls this failed: a quirk
    ['stargate_transfer', 'STARGATE_TRANSFER_CONFIRMED', 'pending'],
    ['stargate_transfer', 'STARGATE_TRANSFER_RECEIVED', 'done'],
    ['stargate_transfer', 'STARGATE_TRANSFER_FAILED', 'failed'],
    ['layer_zero_transfer', 'LAYER_ZERO_TRANSFER_SENT', 'pending'],
    ['layer_zero_transfer', 'LAYER_ZERO_TRANSFER_WAITING_FOR_COMPOSE', 'pending'],
    ['layer_zero_transfer', 'LAYER_ZERO_TRANSFER_RECEIVED', 'done'],
    ['layer_zero_transfer', 'LAYER_ZERO_TRANSFER_FAILED', 'failed'],
    ['teleport_transfer', 'TELEPORT_TRANSFER_RECEIVED', 'done'],
    ['teleport_transfer', '', 'unknown'],
  ];
  for (const [kind, state, outcome] of table) assert.equal(hopOutcome(kind, state), outcome, `${kind} ${state}`);
  assert.deepEqual(['transfer', 'op_init_transfer', 'layer_zero_transfer', 'teleport_transfer'].map(bridgeLabel), [
    'IBC',
    'OPinit bridge',
    'LayerZero',
    'teleport',
  ]);
});

const opinitDone = {
  transfers: [
    {
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_sequence: [
        {
          op_init_transfer: {
            from_chain_id: 'interwoven-1',
            to_chain_id: 'civitia-1',
            state: 'OPINIT_TRANSFER_RECEIVED',
            txs: { send_tx: tx('interwoven-1', '8D87'), receive_tx: tx('civitia-1', 'F513') },
          },
        },
      ],
      next_blocking_transfer: null,
      transfer_asset_release: { chain_id: 'civitia-1', denom: 'l2/abc', amount: '1000000', released: true },
      error: null,
    },
  ],
  state: 'STATE_COMPLETED_SUCCESS',
  next_blocking_transfer: null,
  transfer_asset_release: { chain_id: 'civitia-1', denom: 'l2/abc', released: true },
  error: null,
  status: 'STATE_COMPLETED',
};

test('transfer views from status answers (real-services.md B6 shapes)', () => {
  type Expect = Partial<Omit<ReturnType<typeof transferView>, 'summary' | 'hops'>> & {
    summary: RegExp;
    hops?: string[];
  };
  const cases: Array<{ name: string; status: unknown; expect: Expect }> = [
    {
      name: 'just tracked',
      status: {
        transfers: [
          {
            state: 'STATE_SUBMITTED',
            transfer_sequence: [],
            next_blocking_transfer: null,
            transfer_asset_release: null,
            error: null,
          },
        ],
      },
      expect: {
        state: 'STATE_SUBMITTED',
        outcome: 'pending',
        terminal: false,
        failing: false,
        summary: /^Submitted: waiting for the router to see the transaction/,
      },
    },
    {
      name: 'OPinit deposit completed',
      status: opinitDone,
      expect: {
        state: 'STATE_COMPLETED_SUCCESS',
        outcome: 'success',
        terminal: true,
        summary: /^Completed: 1000000 l2\/abc released on civitia-1\.$/,
        hops: ['done'],
      },
    },
    {
      name: 'IBC received, waiting for the ack, then OPinit',
      status: {
        transfers: [
          {
            state: 'STATE_PENDING',
            transfer_sequence: [
              {
                ibc_transfer: {
                  from_chain_id: 'osmosis-1',
                  to_chain_id: 'interwoven-1',
                  state: 'TRANSFER_RECEIVED',
                  packet_txs: {
                    send_tx: tx('osmosis-1', 'AA'),
                    receive_tx: tx('interwoven-1', 'BB'),
                    acknowledge_tx: null,
                    timeout_tx: null,
                    error: null,
                  },
                },
              },
            ],
            next_blocking_transfer: { transfer_sequence_index: 0 },
          },
        ],
      },
      expect: {
        outcome: 'pending',
        terminal: false,
        currentHop: 0,
        summary: /^In progress, hop 1 of 1: IBC osmosis-1 → interwoven-1: received, waiting for the acknowledgement\.$/,
        hops: ['pending'],
      },
    },
    {
      name: 'failing (PENDING_ERROR) with a failed IBC hop',
      status: {
        transfers: [
          {
            state: 'STATE_PENDING_ERROR',
            transfer_sequence: [
              {
                ibc_transfer: {
                  from_chain_id: 'interwoven-1',
                  to_chain_id: 'osmosis-1',
                  state: 'TRANSFER_FAILURE',
                  packet_txs: {
                    send_tx: tx('interwoven-1', 'AA'),
                    timeout_tx: tx('interwoven-1', 'CC'),
                    error: {
                      type: 'PACKET_ERROR_TIMEOUT',
                      message: 'packet timed out',
                      details: { code: 0, message: '' },
                    },
                  },
                },
              },
            ],
          },
        ],
      },
      expect: {
        outcome: 'failing',
        terminal: false,
        failing: true,
        summary: /^Failing: packet timed out\. Waiting for the final state/,
        hops: ['failed'],
      },
    },
    {
      name: 'failed, assets released back',
      status: {
        transfers: [
          {
            state: 'STATE_COMPLETED_ERROR',
            transfer_sequence: [],
            transfer_asset_release: { chain_id: 'interwoven-1', denom: 'uinit', amount: '998000', released: true },
            error: {
              type: 'STATUS_ERROR_TRANSFER',
              message: 'the transfer failed: <b>packet</b> timed out',
              details: { code: 0, message: '' },
            },
          },
        ],
      },
      expect: {
        outcome: 'failed',
        terminal: true,
        error: '<b>packet</b> timed out',
        summary: /^Failed: <b>packet<\/b> timed out\. Assets 998000 uinit released on interwoven-1\.$/,
      },
    },
    {
      name: 'abandoned',
      status: { transfers: [{ state: 'STATE_ABANDONED', transfer_sequence: [] }] },
      expect: { outcome: 'abandoned', terminal: true, summary: /stopped tracking/ },
    },
    {
      name: 'legacy top level only, status STATE_COMPLETED',
      status: { state: 'STATE_PENDING', status: 'STATE_COMPLETED' },
      expect: { terminal: true, outcome: 'success', summary: /^Completed/ },
    },
    {
      name: 'spec STATE_FAILED',
      status: { state: 'STATE_FAILED' },
      expect: { terminal: true, outcome: 'failed', summary: /^Failed/ },
    },
    {
      name: 'two transfers: one done, one pending',
      status: {
        transfers: [
          { state: 'STATE_COMPLETED_SUCCESS', transfer_sequence: [] },
          {
            state: 'STATE_PENDING',
            transfer_sequence: [
              {
                cctp_transfer: {
                  from_chain_id: '1',
                  to_chain_id: 'noble-1',
                  state: 'CCTP_TRANSFER_CONFIRMED',
                  txs: { send_tx: tx('1', '0xab'), receive_tx: null },
                },
              },
            ],
          },
        ],
      },
      expect: {
        terminal: false,
        outcome: 'pending',
        currentHop: 0,
        summary: /CCTP 1 → noble-1: confirmed, waiting for delivery/,
      },
    },
    {
      name: 'two transfers: both ended, one failed',
      status: {
        transfers: [
          { state: 'STATE_COMPLETED_SUCCESS' },
          { state: 'STATE_COMPLETED_ERROR', error: { message: 'boom' } },
        ],
      },
      expect: { terminal: true, outcome: 'failed', state: 'STATE_COMPLETED_ERROR', summary: /^Failed: boom\.$/ },
    },
  ];
  for (const c of cases) {
    const v = transferView(parse(c.status));
    const { summary, hops, ...rest } = c.expect;
    for (const [k, want] of Object.entries(rest)) assert.deepEqual(v[k as keyof typeof v], want, `${c.name}: ${k}`);
    assert.match(v.summary, summary, c.name);
    if (hops)
      assert.deepEqual(
        v.hops.map((h) => h.outcome),
        hops,
        c.name,
      );
  }
});

test('hops: txs found wherever the bridge nests them; unknown leg kinds are read leniently', () => {
  const v = transferView(
    parse({
      transfers: [
        {
          state: 'STATE_PENDING',
          transfer_sequence: [
            {
              axelar_transfer: {
                from_chain_id: '1',
                to_chain_id: 'osmosis-1',
                state: 'AXELAR_TRANSFER_SUCCESS',
                type: 'AXELAR_TRANSFER_CONTRACT_CALL_WITH_TOKEN',
                axelar_scan_link: 'https://axelarscan.io/x',
                txs: {
                  contract_call_with_token_txs: {
                    send_tx: tx('1', '0x01'),
                    gas_paid_tx: tx('1', '0x02'),
                    approve_tx: null,
                    confirm_tx: tx('axelar-dojo-1', 'AB'),
                    execute_tx: tx('osmosis-1', 'CD'),
                    error: null,
                  },
                },
              },
            },
            {
              go_fast_transfer: {
                from_chain_id: '8453',
                to_chain_id: 'interwoven-1',
                state: 'GO_FAST_TRANSFER_TIMEOUT',
                txs: {
                  order_submitted_tx: tx('8453', '0x03'),
                  order_filled_tx: null,
                  order_refunded_tx: null,
                  order_timeout_tx: tx('8453', '0x04'),
                },
                error_message: 'order timed out',
              },
            },
            {
              teleport_transfer: {
                from_chain_id: 'interwoven-1',
                to_chain_id: 'mystery-1',
                state: 'TELEPORT_TRANSFER_SENT',
                txs: { send_tx: tx('interwoven-1', 'EE') },
                portal: '<script>',
              },
            },
          ],
        },
      ],
    }),
  );
  assert.deepEqual(
    v.hops.map((h) => [h.kind, h.label, h.known, h.outcome]),
    [
      ['axelar_transfer', 'Axelar', true, 'done'],
      ['go_fast_transfer', 'Go Fast', true, 'failed'],
      ['teleport_transfer', 'teleport', false, 'pending'],
    ],
  );
  assert.deepEqual(
    v.hops[0]!.txs.map((t) => [t.name, t.hash]),
    [
      ['send_tx', '0x01'],
      ['gas_paid_tx', '0x02'],
      ['confirm_tx', 'AB'],
      ['execute_tx', 'CD'],
    ],
  );
  assert.equal(v.hops[1]!.error, 'order timed out');
  assert.match(v.hops[1]!.summary, /^Go Fast 8453 → interwoven-1: timed out \(order timed out\)$/);
  assert.deepEqual(
    v.hops[2]!.txs.map((t) => t.hash),
    ['EE'],
  );
  assert.equal(v.outcome, 'failing', 'a failed hop makes a pending transfer failing');
  const item = parse({
    transfers: [{ state: 'STATE_PENDING', transfer_sequence: [{ teleport_transfer: { state: 'X' } }] }],
  }).transfers![0]!.transfer_sequence![0]!;
  assert.deepEqual(legView(item), { kind: 'unknown', key: 'teleport_transfer', leg: { state: 'X' } });
});

test('schemas: the real examples parse; a wrong type in a read field names it', () => {
  // real-services.md B2 (composed for Initia L1 → civitia-1) with op_init_bridge_id as a number, as some builds send it.
  const route = parseWith(
    Route,
    {
      amount_in: '1000000',
      amount_out: '1000000',
      source_asset_denom: 'uinit',
      source_asset_chain_id: 'interwoven-1',
      dest_asset_denom: 'l2/abc',
      dest_asset_chain_id: 'civitia-1',
      operations: [
        {
          op_init_transfer: {
            from_chain_id: 'interwoven-1',
            to_chain_id: 'civitia-1',
            denom_in: 'uinit',
            denom_out: 'l2/abc',
            op_init_bridge_id: 12,
            bridge_id: 'OPINIT',
            smart_relay: false,
          },
          tx_index: 0,
          amount_in: '1000000',
          amount_out: '1000000',
        },
      ],
      chain_ids: ['interwoven-1', 'civitia-1'],
      required_chain_addresses: ['interwoven-1', 'civitia-1'],
      does_swap: false,
      estimated_amount_out: '1000000',
      swap_venues: [],
      txs_required: 1,
      usd_amount_in: '0.52',
      usd_amount_out: '0.52',
      estimated_fees: [],
      estimated_route_duration_seconds: 15,
      required_op_hook: false,
      extra_infos: [],
      extra_warnings: [],
      brand_new_field: { x: 1 },
    },
    'router',
  );
  assert.equal((route as Record<string, unknown>).brand_new_field !== undefined, true, 'extra fields are kept');
  assert.deepEqual(routeSteps(route), [
    {
      kind: 'op_init_transfer',
      label: 'OPinit bridge',
      known: true,
      fromChainId: 'interwoven-1',
      toChainId: 'civitia-1',
      denomIn: 'uinit',
      denomOut: 'l2/abc',
      venue: undefined,
      bridgeId: 'OPINIT',
      txIndex: 0,
      amountIn: '1000000',
      amountOut: '1000000',
    },
  ]);
  assert.throws(
    () => parseWith(Route, { ...route, amount_out: 1000000 }, 'router'),
    /field amount_out should be a string but is number 1000000/,
  );
  assert.throws(
    () => parseWith(Route, { ...route, operations: [{ transfer: { from_chain_id: 'a' } }] }, 'router'),
    /field operations\[0\]\.transfer\.to_chain_id is missing/,
  );
  assert.throws(
    () => parseWith(StatusResponse, { transfers: [{ state: 3 }] }, 'router'),
    /field transfers\[0\]\.state/,
  );
  // Every modelled operation kind is recognised by its key.
  for (const kind of OPERATION_KINDS) {
    const body = kind === 'bank_send' ? { chain_id: 'a', denom: 'b' } : { from_chain_id: 'a', to_chain_id: 'b' };
    assert.equal(
      operationView(parseWith(Route, { ...route, operations: [{ [kind]: body }] }, 'router').operations[0]!).kind,
      kind,
    );
  }
  // real-services.md B4 (swagger example): cosmos_tx with an amino JSON string msg, plus the deprecated msgs[].
  const msgs = parseWith(
    MsgsResponse,
    {
      txs: [
        {
          cosmos_tx: {
            chain_id: 'axelar-dojo-1',
            path: ['axelar-dojo-1'],
            signer_address: 'axelar1x8ad0zyw52mvndh7hlnafrg0gt284ga7u3rez0',
            msgs: [
              {
                msg: '{"source_port":"transfer","source_channel":"channel-3"}',
                msg_type_url: '/ibc.applications.transfer.v1.MsgTransfer',
              },
            ],
          },
          operations_indices: [0, 1, 2],
        },
      ],
      msgs: [
        {
          multi_chain_msg: {
            chain_id: 'axelar-dojo-1',
            path: ['axelar-dojo-1'],
            msg: '{}',
            msg_type_url: '/ibc.applications.transfer.v1.MsgTransfer',
          },
        },
      ],
      min_amount_out: '105963',
      estimated_fees: [],
    },
    'router',
  );
  assert.equal(txView(msgs.txs[0]!).chainId, 'axelar-dojo-1');
  assert.equal(txView({ operations_indices: [] }).kind, 'unknown');
});

test('a failure is said once: the router\'s "the transfer failed: …" lead-in is dropped, and a state that says "failed" is not said again', () => {
  const failedWith = (message: string) =>
    transferView(
      parse({
        transfers: [
          {
            state: 'STATE_COMPLETED_ERROR',
            transfer_sequence: [],
            next_blocking_transfer: null,
            transfer_asset_release: null,
            error: { type: 'STATUS_ERROR_TRANSFER', message },
          },
        ],
      }),
    ).error;
  assert.equal(failedWith('the transfer failed: packet timed out'), 'packet timed out');
  assert.equal(failedWith('Transfer failed. Packet timed out'), 'Packet timed out');
  assert.equal(failedWith('transaction failed'), 'STATUS_ERROR_TRANSFER', 'nothing but the lead-in: the error type');
  assert.equal(failedWith('out of gas'), 'out of gas');
  // What the notification says after "failed".
  assert.equal(failureWords('packet timed out.', 'STATE_COMPLETED_ERROR'), ': packet timed out');
  assert.equal(failureWords(undefined, 'STATE_COMPLETED_ERROR'), ' (assets released)');
  assert.equal(failureWords(undefined, 'STATE_FAILED'), '');
  for (const state of ['STATE_COMPLETED_ERROR', 'STATE_FAILED']) {
    for (const error of [undefined, failedWith('the transfer failed: packet timed out')]) {
      const sentence = `transfer 1A2B (a → b) failed${failureWords(error, state)}.`;
      assert.doesNotMatch(sentence, /failed\W+(the transfer )?failed/i, sentence);
    }
  }
});
