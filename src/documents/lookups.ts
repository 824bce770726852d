/**
 * Lookup commands. Each accepts its arguments (for links, other features and tests) or asks for them with an input
 * box that validates as the user types. Bad input is refused before any request, with the reason.
 * Each resolves to the opened document's URI, or undefined when cancelled or failed.
 */
import { parseTableHandle } from '../core/move/handle';
import vscode = require('vscode');
import {
  classify,
  describeTarget,
  describeUnrecognised,
  forNetwork,
  ACCOUNT_PREFIX,
  parseAccount,
  parseCollectionAddress,
  parseCollectionName,
  parseDenom,
  parseHeight,
  parseTokenId,
  parseTxHash,
  type LookupTarget,
  type Parsed,
} from '../core/validate';
import { ACCOUNT_VIEWS, TOKEN_ORDERS, type AccountView, type Query } from '../core/queries';
import type { NetworkCapabilities } from '../core/capabilities';
import { msgsGiven, obtain, obtainMsgs, refuse, textArg } from '../platform/input';
import type { Register } from '../platform/commandTable';
import type { ResultDocuments } from './resultDocuments';
import { LookupBox, pickTarget } from './lookupBox';
import { Command } from '../platform/ids';

type Uri = vscode.Uri | undefined;

type AccountChoice = AccountView | 'filtered' | 'call' | 'resources';

const ACCOUNT_VIEW_PICKS: Array<{ view: AccountChoice; label: string; description: string }> = [
  { view: 'txs', label: '$(list-flat) Transactions', description: 'every transaction that involves the account' },
  { view: 'signed', label: '$(edit) Signed transactions', description: 'only those the account signed' },
  {
    view: 'filtered',
    label: '$(filter) Transactions by message type…',
    description: 'e.g. cosmos.bank.v1beta1.MsgSend',
  },
  { view: 'nfts', label: '$(file-media) NFTs', description: 'tokens the account owns' },
  { view: 'collections', label: '$(library) NFT collections', description: 'collections the account holds tokens of' },
  {
    view: 'evmTxs',
    label: '$(symbol-event) EVM transactions',
    description: 'EVM transactions that involve the account',
  },
  { view: 'evmSigned', label: '$(edit) EVM transactions signed', description: 'only those the account sent' },
  {
    view: 'internal',
    label: '$(debug-step-into) Internal EVM transactions',
    description: 'calls inside EVM transactions',
  },
  {
    view: 'call',
    label: '$(symbol-method) Call a view function…',
    description: 'read the contract (eth_call): nothing is sent',
  },
  {
    view: 'resources',
    label: '$(symbol-structure) Move resources',
    description: "the account's Move global storage",
  },
];

function isAccountView(v: unknown): v is AccountView {
  return (ACCOUNT_VIEWS as readonly unknown[]).includes(v);
}

function isTokenOrder(v: unknown): v is (typeof TOKEN_ORDERS)[number] {
  return (TOKEN_ORDERS as readonly unknown[]).includes(v);
}

export class LookupCommands {
  private readonly box: LookupBox;

  constructor(
    private readonly documents: ResultDocuments,
    /** globalState: the recent lookups are the user's, in every window. */
    memento: vscode.Memento,
    /** The active network's capabilities: the account picker offers EVM lists only where they exist. */
    private readonly capabilities?: () => Promise<NetworkCapabilities>,
  ) {
    this.box = new LookupBox(memento);
  }

  register(register: Register): vscode.Disposable[] {
    const r = (id: Command, fn: (...args: unknown[]) => Promise<Uri>): vscode.Disposable => register(id, fn);
    return [
      r(Command.Lookup, (input) => this.lookup(input)),
      r(Command.LookupTransaction, (hash) => this.lookupTransaction(hash)),
      r(Command.LookupBlock, (height) => this.lookupBlock(height)),
      r(Command.LookupTxsByHeight, (height, msgs) => this.lookupTxsByHeight(height, msgs)),
      r(Command.LookupAccount, (account, view, msgs) => this.lookupAccount(account, view, msgs)),
      r(Command.LookupCollection, (addressOrName) => this.lookupCollection(addressOrName)),
      r(Command.LookupCollectionTokens, (address, orderBy) => this.lookupCollectionTokens(address, orderBy)),
      r(Command.LookupNftHistory, (address, tokenId) => this.lookupNftHistory(address, tokenId)),
      r(Command.ShowRichList, (denom) => this.showRichList(denom)),
      r(Command.ShowBlocks, () => this.open({ op: 'blocks' })),
      r(Command.ShowTransactions, (msgs) => this.showTransactions(msgs)),
      r(Command.ShowEvmTransactions, () => this.open({ op: 'evmTxs' })),
      r(Command.ShowEvmInternalTransactions, () => this.open({ op: 'evmInternalTxs' })),
      r(Command.LookupEvmTxsByHeight, (height) => this.lookupEvmTxsByHeight(height)),
      r(Command.LookupEvmInternalTxs, (hash) => this.lookupEvmInternalTxs(hash)),
      r(Command.LookupEvmInternalTxsByHeight, (height) => this.lookupEvmInternalTxsByHeight(height)),
      r(Command.ShowCollections, () => this.open({ op: 'collections' })),
      r(Command.ShowStatus, () => this.open({ op: 'status' })),
      r(Command.LookupMoveTable, (handle) => this.lookupMoveTable(handle)),
    ];
  }

  /** A Move table's entries by its handle (a `Table` field of a resource shows it), paged. */
  async lookupMoveTable(arg?: unknown): Promise<Uri> {
    const handle = await obtain(
      arg,
      parseTableHandle,
      vscode.l10n.t('Move table handle (a Table field of a resource holds it)'),
      '0x…',
    );
    return handle ? this.open({ op: 'moveTable', handle }) : undefined;
  }

  private open(query: Query): Promise<Uri> {
    return this.documents.open(query);
  }

  /** One box for anything pasted: recognises it, asks only when it is ambiguous. */
  async lookup(input?: unknown): Promise<Uri> {
    const services = this.documents.services;
    let text = textArg(input);
    if (text === undefined) {
      // As you type, what is known of the network without a request (its profile's VM, a /status read before).
      text = await this.box.ask(services.knownCapabilities(services.network.name));
      if (text === undefined || !text.trim()) return undefined;
    }
    let targets = classify(text);
    // 0x + 64 hex is a Move collection object only where collections are Move objects: not on an EVM rollup. Asked
    // only then (the profile's VM answers; a silent profile's /status once).
    if (
      targets.length > 1 &&
      targets.some(
        (t) => (t.kind === 'collection' || t.kind === 'nft') && t.address.bytes === 32 && t.address.format === 'hex',
      )
    ) {
      targets = forNetwork(targets, await services.capabilities(services.network, 'evm').catch(() => undefined));
    }
    if (targets.length === 0) return refuse(describeUnrecognised(text));
    const target = targets.length === 1 ? targets[0] : await pickTarget(targets);
    if (!target) return undefined;
    const uri = await this.openTarget(target);
    // Only what opened is offered again: a lookup that failed (not found, no answer) is not a recent lookup.
    if (uri) this.box.remember(text.trim(), describeTarget(target));
    return uri;
  }

  private async openTarget(target: LookupTarget): Promise<Uri> {
    switch (target.kind) {
      case 'tx':
        return this.open({ op: 'tx', hash: target.hash, evmFirst: target.hash.prefixed });
      case 'block':
        return this.open({ op: 'block', height: target.height });
      case 'account':
        return this.lookupAccount(target.address.value);
      case 'collection':
        return this.open({ op: 'collection', address: target.address.value });
      case 'collectionName':
        return this.open({ op: 'collectionsByName', name: target.name });
      case 'denom':
        return this.open({ op: 'richList', denom: target.denom });
      case 'nft':
        return this.open({ op: 'nftHistory', address: target.address.value, tokenId: target.tokenId });
    }
  }

  async lookupTransaction(arg?: unknown): Promise<Uri> {
    const hash = await obtain(
      arg,
      parseTxHash,
      vscode.l10n.t('Transaction hash'),
      vscode.l10n.t('64 hexadecimal digits, with or without 0x'),
    );
    if (!hash) return undefined;
    return this.open({ op: 'tx', hash, evmFirst: hash.prefixed });
  }

  async lookupBlock(arg?: unknown): Promise<Uri> {
    const height = await obtain(arg, parseHeight, vscode.l10n.t('Block height'), '123456');
    return height === undefined ? undefined : this.open({ op: 'block', height });
  }

  async lookupTxsByHeight(arg?: unknown, msgsArg?: unknown): Promise<Uri> {
    const height = await obtain(arg, parseHeight, vscode.l10n.t('Block height whose transactions to list'), '123456');
    if (height === undefined) return undefined;
    const msgs = await obtainMsgs(msgsArg, false);
    if (msgs === null) return undefined;
    return this.open({ op: 'txsByHeight', height, msgs: msgs.length ? msgs : undefined });
  }

  async lookupAccount(arg?: unknown, viewArg?: unknown, msgsArg?: unknown): Promise<Uri> {
    // The network's own bech32 prefix (the profile's `bech32Prefix`, `init` by default).
    const prefix = this.documents.services.network.bech32Prefix ?? ACCOUNT_PREFIX;
    const account = await obtain(
      arg,
      (s: string) => parseAccount(s, prefix),
      vscode.l10n.t('Account address'),
      `${prefix}1… or 0x… (up to 64 hex digits)`,
    );
    if (!account) return undefined;
    let view: AccountChoice | undefined;
    const viewText = textArg(viewArg);
    if (viewText !== undefined) {
      if (!isAccountView(viewText) && viewText !== 'resources')
        return refuse(
          vscode.l10n.t('Unknown account view "{0}": use {1}.', viewText, [...ACCOUNT_VIEWS, 'resources'].join(', ')),
        );
      view = viewText;
    } else {
      // EVM lists only where the network has them (internal ones only where they are indexed).
      const caps = await this.capabilities?.();
      const picks = ACCOUNT_VIEW_PICKS.filter((p) => {
        if (p.view === 'evmTxs' || p.view === 'evmSigned') return caps?.evm ?? true;
        if (p.view === 'internal') return caps?.evmInternalTxs ?? true;
        // A contract read needs a 0x address and the network's JSON-RPC.
        if (p.view === 'call') return account.value.startsWith('0x') && !!this.documents.services.network.jsonRpcUrl;
        // Move resources where the network's node serves the Move REST.
        if (p.view === 'resources') return !!this.documents.services.move();
        return true;
      });
      const picked = await vscode.window.showQuickPick(picks, {
        placeHolder: vscode.l10n.t('What to show for {0}', account.value),
        ignoreFocusOut: true,
      });
      view = picked?.view;
    }
    if (!view) return undefined;
    if (view === 'call') return vscode.commands.executeCommand<Uri>(Command.CallContract, account.value);
    if (view === 'resources') return this.open({ op: 'moveResources', account: account.value });
    let msgs: string[] | null = [];
    if (view === 'filtered' || view === 'txs' || view === 'signed') {
      msgs = await obtainMsgs(msgsArg, view === 'filtered');
      if (msgs === null) return undefined;
    }
    const finalView: AccountView = view === 'filtered' ? 'txs' : view;
    return this.open({ op: 'account', account: account.value, view: finalView, msgs: msgs.length ? msgs : undefined });
  }

  /** An address opens the collection; anything else searches collections by name. */
  async lookupCollection(arg?: unknown): Promise<Uri> {
    const parse = (s: string): Parsed<Query> => {
      const address = parseCollectionAddress(s);
      if (address.ok) return { ok: true, value: { op: 'collection', address: address.value.value } };
      if (/^(0x|init1)/i.test(s.trim())) return { ok: false, error: address.error };
      const name = parseCollectionName(s);
      return name.ok ? { ok: true, value: { op: 'collectionsByName', name: name.value } } : name;
    };
    const query = await obtain(
      arg,
      parse,
      vscode.l10n.t('Collection address, or part of a collection name'),
      '0x… or a name',
    );
    return query ? this.open(query) : undefined;
  }

  async lookupCollectionTokens(arg?: unknown, orderByArg?: unknown): Promise<Uri> {
    const address = await obtain(
      arg,
      parseCollectionAddress,
      vscode.l10n.t('Collection address'),
      '0x… (40 or 64 hex digits)',
    );
    if (!address) return undefined;
    const orderBy = textArg(orderByArg);
    if (orderBy !== undefined && !isTokenOrder(orderBy)) {
      return refuse(vscode.l10n.t('Tokens can be ordered by token_id or height, not "{0}".', orderBy));
    }
    return this.open({ op: 'collectionTokens', address: address.value, orderBy });
  }

  async lookupNftHistory(collectionArg?: unknown, tokenArg?: unknown): Promise<Uri> {
    const address = await obtain(
      collectionArg,
      parseCollectionAddress,
      vscode.l10n.t('Collection address of the NFT'),
      '0x…',
    );
    if (!address) return undefined;
    const tokenId = await obtain(tokenArg, parseTokenId, vscode.l10n.t('Token id'), '42');
    if (tokenId === undefined) return undefined;
    return this.open({ op: 'nftHistory', address: address.value, tokenId });
  }

  async showRichList(arg?: unknown): Promise<Uri> {
    const denom = await obtain(
      arg,
      parseDenom,
      vscode.l10n.t('Denom whose holders to list'),
      'uinit · evm/0x… · ibc/…',
    );
    return denom === undefined ? undefined : this.open({ op: 'richList', denom });
  }

  async lookupEvmTxsByHeight(arg?: unknown): Promise<Uri> {
    const height = await obtain(
      arg,
      parseHeight,
      vscode.l10n.t('Block height whose EVM transactions to list'),
      '123456',
    );
    return height === undefined ? undefined : this.open({ op: 'evmTxsByHeight', height });
  }

  async lookupEvmInternalTxsByHeight(arg?: unknown): Promise<Uri> {
    const height = await obtain(
      arg,
      parseHeight,
      vscode.l10n.t('Block height whose internal EVM transactions to list'),
      '123456',
    );
    return height === undefined ? undefined : this.open({ op: 'evmInternalTxsByHeight', height });
  }

  /** The call tree of one EVM transaction (its internal transactions, `parent_index` / `index`). */
  async lookupEvmInternalTxs(arg?: unknown): Promise<Uri> {
    const hash = await obtain(arg, parseTxHash, vscode.l10n.t('EVM transaction hash'), '0x… (64 hexadecimal digits)');
    return hash ? this.open({ op: 'evmInternalTxsByHash', hash }) : undefined;
  }

  async showTransactions(msgsArg?: unknown): Promise<Uri> {
    const msgs = await obtainMsgs(msgsArg, !msgsGiven(msgsArg));
    if (msgs === null) return undefined;
    return this.open({ op: 'txs', msgs: msgs.length ? msgs : undefined });
  }
}
