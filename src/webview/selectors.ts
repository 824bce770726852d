/**
 * The element ids of both panels, in one table: the components give their elements these ids, and the end-to-end
 * tests find them by the same names (test/e2e/), so that a renamed id cannot silently break a test. Plain data (no
 * DOM): the tests import it in Node.
 */

/** The bridge panel. A field's problem line is `<field id>-error`, a picker's list `<picker id>-list`. */
export const BRIDGE = {
  stateNote: 'state-note',
  busy: 'busy',
  busyLabel: 'busy-label',
  // 1. Transfer
  form: 'form',
  formTitle: 'form-title',
  routerOrigin: 'router-origin',
  unencrypted: 'unencrypted',
  sourceChain: 'f-src-chain',
  sourceAsset: 'f-src-asset',
  sourceDenom: 'f-src-denom',
  sourceDecimals: 'f-src-decimals',
  sender: 'f-sender',
  amount: 'f-amount',
  max: 'max',
  balance: 'balance',
  destChain: 'f-dst-chain',
  destAsset: 'f-dst-asset',
  destDenom: 'f-dst-denom',
  formError: 'form-error',
  // 2. Route
  route: 'route',
  routeTitle: 'route-title',
  quoteStatus: 'quote-status',
  quoteAge: 'quote-age',
  routeProblem: 'route-problem',
  refreshRoute: 'refresh-route',
  routeNote: 'route-note',
  withdrawal: 'withdrawal',
  withdrawalFast: 'w-fast',
  withdrawalLossless: 'w-lossless',
  amountIn: 'amount-in',
  amountOut: 'amount-out',
  minReceived: 'min-received',
  duration: 'duration',
  fees: 'fees',
  opHookRequired: 'op-hook-required',
  slippage: 'f-slippage',
  routeWarnings: 'route-warnings',
  acceptWarning: 'accept-warning',
  generate: 'generate',
  routeError: 'route-error',
  // The OP hook
  getHook: 'get-hook',
  hook: 'hook',
  hookSummary: 'hook-summary',
  overrideHook: 'override-hook',
  hookJson: 'hook-json',
  hookInstruction: 'hook-instruction',
  hookSigner: 'hook-signer',
  hookSigned: 'hook-signed',
  // 3. Sign and broadcast
  msgs: 'msgs',
  msgsTitle: 'msgs-title',
  msgsSummary: 'msgs-summary',
  overrideMismatch: 'override-mismatch',
  backToRoute: 'back-to-route',
  signInstruction: 'sign-instruction',
  msgsRaw: 'msgs-raw',
  msgsJson: 'msgs-json',
  trackHash: 't-hash',
  trackChain: 't-chain',
  track: 'track',
  trackError: 'track-error',
  // 4. Transfer
  timeline: 'timeline',
  timelineTitle: 'timeline-title',
  transferState: 'transfer-state',
  transferError: 'transfer-error',
  transferAmount: 'transfer-amount',
  claim: 'claim',
  hops: 'hops',
  timelineError: 'timeline-error',
} as const;

/** The address field of the route's `i`-th chain. */
export const addressField = (i: number): string => `addr-${i}`;
/** A verdict box: `<of>-verified`, `<of>-unverified` or `<of>-mismatch` (of: `msgs` or `hook`), its effects `<of>-effects`. */
export const verdictBox = (of: 'msgs' | 'hook', kind: 'matches' | 'unverified' | 'mismatch'): string =>
  `${of}-${kind === 'matches' ? 'verified' : kind}`;
/** The problem (or warning) line of a field. */
export const errorLine = (id: string): string => `${id}-error`;
/** The listbox of a picker. */
export const pickerList = (id: string): string => `${id}-list`;

/** The Explain Transaction panel. */
export const EXPLAIN = {
  outcome: 'outcome',
  outcomeTitle: 'outcome-title',
  reason: 'reason',
  hash: 'hash',
  facts: 'facts',
  messages: 'messages',
  messagesTitle: 'messages-title',
  balances: 'balances',
  balancesTitle: 'balances-title',
  logs: 'logs',
  logsTitle: 'logs-title',
  calls: 'calls',
  callsTitle: 'calls-title',
  otherEvents: 'other-events',
  status: 'status',
  actionError: 'action-error',
  refresh: 'refresh',
  // The EVM call trace
  revertSource: 'revert-source',
  openRevertSource: 'open-revert-source',
  debugRevert: 'debug-revert',
  debugTrace: 'debug-trace',
  trace: 'trace',
  traceTitle: 'trace-title',
  // A Move transaction's failure
  moveFailure: 'move-failure',
  moveAbortName: 'move-abort-name',
  moveAbortDoc: 'move-abort-doc',
  moveAbortSource: 'move-abort-source',
  // A CosmWasm transaction's failure, and its messages against the workspace's schema
  wasmFailure: 'wasm-failure',
  wasmContractError: 'wasm-contract-error',
} as const;

/** The `i`-th frame of the call trace (depth first, as the node answered). */
export const traceFrame = (i: number): string => `trace-frame-${i}`;
