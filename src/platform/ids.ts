/**
 * Every identifier that more than one place must agree on: view ids, context values and keys (shared with the `when`
 * clauses of package.json, which a unit test checks against these), document schemes, the bridge's webview type and
 * storage keys. They are enums on purpose: esbuild inlines enum members into each bundle that uses them, so this
 * module adds no code to either bundle and both always agree.
 */

/** Views contributed in package.json (`contributes.views.initia`). */
export enum ViewId {
  Blocks = 'initia.blocks',
  Collections = 'initia.collections',
  RichList = 'initia.richList',
  Transfers = 'initia.transfers',
}

/** Commands contributed in package.json (`contributes.commands`): a unit test holds the two lists to each other. */
/** The type of the EVM debugger's launch configurations (`contributes.debuggers`). */
export enum DebugType {
  Evm = 'initia-evm',
}

export enum Command {
  Lookup = 'initia.lookup',
  LookupTransaction = 'initia.lookupTransaction',
  ExplainTransaction = 'initia.explainTransaction',
  DebugTransaction = 'initia.debugTransaction',
  CallContract = 'initia.callContract',
  CallMoveView = 'initia.callMoveView',
  WasmSmartQuery = 'initia.wasmSmartQuery',
  LookupBlock = 'initia.lookupBlock',
  LookupTxsByHeight = 'initia.lookupTxsByHeight',
  LookupAccount = 'initia.lookupAccount',
  LookupCollection = 'initia.lookupCollection',
  LookupCollectionTokens = 'initia.lookupCollectionTokens',
  LookupNftHistory = 'initia.lookupNftHistory',
  ShowRichList = 'initia.showRichList',
  ShowBlocks = 'initia.showBlocks',
  ShowTransactions = 'initia.showTransactions',
  ShowEvmTransactions = 'initia.showEvmTransactions',
  ShowEvmInternalTransactions = 'initia.showEvmInternalTransactions',
  LookupEvmTxsByHeight = 'initia.lookupEvmTxsByHeight',
  LookupEvmInternalTxs = 'initia.lookupEvmInternalTxs',
  LookupMoveTable = 'initia.lookupMoveTable',
  LookupEvmInternalTxsByHeight = 'initia.lookupEvmInternalTxsByHeight',
  ShowCollections = 'initia.showCollections',
  ShowStatus = 'initia.showStatus',
  SelectNetwork = 'initia.selectNetwork',
  ShowLog = 'initia.showLog',
  PreviousPage = 'initia.previousPage',
  NextPage = 'initia.nextPage',
  FirstPage = 'initia.firstPage',
  RefreshDocument = 'initia.refreshDocument',
  TreeLoadMore = 'initia.tree.loadMore',
  TreeRetry = 'initia.tree.retry',
  TreeCopy = 'initia.tree.copy',
  TreeCopyAmount = 'initia.tree.copyAmount',
  TreeOpenJson = 'initia.tree.openJson',
  TreeExplain = 'initia.tree.explain',
  TreeOpenInExplorer = 'initia.tree.openInExplorer',
  BlocksRefresh = 'initia.blocks.refresh',
  BlocksShowOldestFirst = 'initia.blocks.showOldestFirst',
  BlocksShowNewestFirst = 'initia.blocks.showNewestFirst',
  BlocksFollow = 'initia.blocks.follow',
  BlocksStopFollowing = 'initia.blocks.stopFollowing',
  CollectionsRefresh = 'initia.collections.refresh',
  CollectionsFindByName = 'initia.collections.findByName',
  CollectionsFindByAccount = 'initia.collections.findByAccount',
  CollectionsClearFilter = 'initia.collections.clearFilter',
  CollectionsOrderTokensByHeight = 'initia.collections.orderTokensByHeight',
  CollectionsOrderTokensByTokenId = 'initia.collections.orderTokensByTokenId',
  RichListRefresh = 'initia.richList.refresh',
  RichListAddDenom = 'initia.richList.addDenom',
  RichListRemoveDenom = 'initia.richList.removeDenom',
  HoverCopyHash = 'initia.hover.copyHash',
  HoverCopyAddress = 'initia.hover.copyAddress',
  WatchTransaction = 'initia.watchTransaction',
  WatchShow = 'initia.watch.show',
  OpenBridge = 'initia.openBridge',
  TrackTransfer = 'initia.trackTransfer',
  TransfersOpenStatus = 'initia.transfers.openStatus',
  TransfersRefresh = 'initia.transfers.refresh',
  TransfersRefreshTransfer = 'initia.transfers.refreshTransfer',
  TransfersStopWatching = 'initia.transfers.stopWatching',
  TransfersRemove = 'initia.transfers.remove',
  TransfersCopyHash = 'initia.transfers.copyHash',
  TransfersOpenLink = 'initia.transfers.openLink',
  WalkthroughTryHover = 'initia.walkthrough.tryHover',
}

/**
 * Language-model tools contributed in package.json (`contributes.languageModelTools`): read-only, each registered by
 * the activation shell over the features' tool table (a unit test holds the two lists to each other).
 */
export enum Tool {
  Lookup = 'initia_lookup',
  ExplainTransaction = 'initia_explainTransaction',
  AccountTransactions = 'initia_accountTransactions',
  TransferStatus = 'initia_transferStatus',
  NetworkStatus = 'initia_networkStatus',
}

/** `contextValue` of tree rows: package.json's `viewItem == …` / `viewItem =~ …` clauses name these. */
export enum ContextValue {
  Message = 'initia.message',
  LoadMore = 'initia.loadMore',
  Error = 'initia.error',
  Filter = 'initia.filter',
  Block = 'initia.block',
  Tx = 'initia.tx',
  /** An EVM transaction row (`initia.tx…`: the tx rows' copy / open JSON / explorer actions apply). */
  EvmTx = 'initia.tx.evm',
  /** A block's "EVM transactions" group. */
  EvmTxs = 'initia.evmTxs',
  Collection = 'initia.collection',
  CollectionByHeight = 'initia.collection.byHeight',
  Token = 'initia.token',
  Holder = 'initia.holder',
  Denom = 'initia.denom',
  Transfer = 'initia.transfer',
  TransferWatching = 'initia.transfer.watching',
  TransferHop = 'initia.transferHop',
  TransferTx = 'initia.transferTx',
}

/** Context keys set with `setContext` (package.json's `when` clauses read them). */
export enum ContextKey {
  HasExplorer = 'initia.hasExplorer',
  BlocksOldestFirst = 'initia.blocks.oldestFirst',
  BlocksFollowing = 'initia.blocks.following',
  CollectionsFiltered = 'initia.collections.filtered',
  /** The active editor is a result document that lists (pages), not a single record. */
  ResultIsList = 'initia.result.list',
  /** … and it has a page before / after the one shown. */
  ResultHasPrevious = 'initia.result.hasPrevious',
  ResultHasNext = 'initia.result.hasNext',
}

/** URI schemes of the read-only documents. */
export enum Scheme {
  /** Indexer result documents. */
  Result = 'initia',
  /** Transfer status documents. */
  Transfer = 'initia-transfer',
  /** Results of Initia: Call Contract… (read-only JSON). */
  CallResult = 'initia-call',
}

/** View type of the bridge webview panel (its serializer is registered at activation). */
export enum WebviewType {
  Bridge = 'initia.bridge',
  Explain = 'initia.explain',
}

/** Keys in globalState / workspaceState. */
export enum StorageKey {
  /** globalState: the tracked transfers of versions that kept them there (moved to files on first load). */
  Transfers = 'initia.transfers.v1',
  /** globalState: how many tracked transfers are unfinished (the shell resumes polling after a start when > 0). */
  TransfersPending = 'initia.transfers.pending',
  /** globalState: the last address used per chain id in the bridge. */
  BridgeAddresses = 'initia.bridge.addresses',
  /** globalState: Look Up…'s recent lookups. */
  RecentLookups = 'initia.lookup.recent',
  /** workspaceState: the Blocks view's order and follow mode. */
  BlocksOldestFirst = 'initia.blocks.oldestFirst',
  BlocksFollow = 'initia.blocks.follow',
}
