/** A bridge page's state for the component tests: a filled form, a route for it, a quote with both withdrawals. */
import { formKey, type QuoteView, type RouteReply, type TransferInfo } from '../../../src/bridge/protocol';
import {
  formOf,
  initialState,
  reduce,
  type Action,
  type BridgeActions,
  type BridgeUi,
} from '../../../src/bridge/page/state';
import { Store } from '../../../src/webview/lib/store';

export const defaults = {
  network: 'n',
  sourceChainId: 'minimove-1',
  router: 'https://router.example',
  unencrypted: [],
  slippagePresets: ['0.1', '0.5', '1'],
  defaultSlippage: '0.5',
};

export const route: RouteReply = {
  route: { amount_in: '1500000' },
  signature: 's',
  view: {
    sourceChainId: 'minimove-1',
    amountIn: { base: '1500000 uinit', whole: '1.5 INIT' },
    amountOut: { base: '1490000 uinit', whole: '1.49 INIT' },
    duration: 'about 30 s',
    fees: { deducted: [], additional: [] },
    opHookRequired: false,
    doesSwap: false,
    steps: [],
    warnings: [],
    infos: [],
    addresses: [{ chainId: 'interwoven-1', placeholder: 'init1…', recent: [] }],
  },
};

/** A store over the page's reducer with the form filled in. */
export function filledStore(): Store<BridgeUi, Action> {
  const store = new Store(initialState(undefined, 0), reduce);
  const actions: Action[] = [
    { type: 'init', defaults },
    { type: 'pickChain', side: 'source', chainId: 'minimove-1' },
    { type: 'pickAsset', side: 'source', value: 'uinit' },
    { type: 'pickChain', side: 'dest', chainId: 'interwoven-1' },
    { type: 'pickAsset', side: 'dest', value: 'uinit' },
    { type: 'field', key: 'amount', value: '1.5', touched: 'amount' },
  ];
  actions.forEach((a) => store.dispatch(a));
  return store;
}

/** A quote of an OP withdrawal for the form on the page; `fast` and `lossless` say what each way delivers. */
export function withdrawalQuote(s: BridgeUi, fast: string, lossless: string): QuoteView {
  return {
    formKey: formKey(formOf(s)),
    status: 'ready',
    route,
    refreshSeconds: 10,
    withdrawal: {
      fast: { amountOut: fast, duration: 'about 1 min' },
      lossless: { amountOut: lossless, duration: 'about 7 days' },
    },
  };
}

/** A transfer with two hops, the second one's state and transactions as given. */
export function transfer(second: { state: string; txs: number }): TransferInfo {
  const tx = (n: number) => ({
    name: `tx${n}`,
    label: `Tx ${n}`,
    hash: `${n}`.repeat(64),
    explorerLink: `https://scan.example/${n}`,
  });
  return {
    txHash: 'A'.repeat(64),
    chainId: 'minimove-1',
    state: 'PENDING',
    stateText: 'in progress',
    outcome: 'pending',
    terminal: false,
    hops: [
      {
        kind: 'ibc',
        label: 'IBC',
        chains: 'minimove-1 → interwoven-1',
        state: 'DONE',
        stateText: 'arrived',
        outcome: 'done',
        txs: [tx(1)],
      },
      {
        kind: 'op',
        label: 'OPinit bridge',
        chains: 'interwoven-1 → initia',
        state: second.state,
        stateText: second.state.toLowerCase(),
        outcome: 'pending',
        txs: Array.from({ length: second.txs }, (_, i) => tx(i + 2)),
      },
    ],
  };
}

/** Actions that record what a component called, by name, and do nothing else. */
export function recordingActions(): { actions: BridgeActions; calls: { name: string; args: unknown[] }[] } {
  const calls: { name: string; args: unknown[] }[] = [];
  const actions = new Proxy({} as BridgeActions, {
    get:
      (_, name) =>
      (...args: unknown[]) =>
        calls.push({ name: String(name), args }),
  });
  return { actions, calls };
}
