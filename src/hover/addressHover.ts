/**
 * Hover on an account address in any file (`0x` + 40 hex, `init1…`): its name from the workspace's deployments,
 * what it is (account, contract, Move object such as an NFT collection), its balances where the network can say,
 * and links to its latest transactions, Look Up, Explain (its deployment) and Copy.
 *
 * One request per address and network, at most: the node's JSON-RPC (`eth_getCode` + `eth_getBalance` in one batch)
 * for a 0x address on an EVM network that has one, else the chain's REST bank balances, else the router's balances;
 * none when the profile has none of them. Answers are cached for a short while, concurrent hovers share the request,
 * and moving away cancels it (as the tx hover). Off with `initia.hover.addresses`.
 */
import vscode = require('vscode');
import { LRUCache } from '../core/lru';
import { SharedRequests } from '../core/sharedRequests';
import { addressAt, bech32ToHex, hexToBech32, type AddressAt } from '../core/addressAt';
import { errorMessage, isCancelled } from '../core/errors';
import { amountWords, formatUnits, labelText, shorten } from '../core/format';
import { explorerLink, type NetworkProfile } from '../core/networks';
import { addressLabel, type DeployedName } from '../core/names';
import { appendUntrusted, untrustedMarkdown } from '../platform/markdown';
import { commandLink, copyToClipboard, markdownUrl } from '../platform/links';
import type { Register } from '../platform/commandTable';
import type { Services } from '../platform/services';
import { Command } from '../platform/ids';

const ENABLED_COMMANDS = [
  Command.LookupAccount,
  Command.LookupCollection,
  Command.ExplainTransaction,
  Command.HoverCopyAddress,
  Command.SelectNetwork,
];
/** Balances change: an answer is kept this long. */
const TTL_MS = 30_000;
const MAX_BALANCES = 6;

interface Facts {
  /** Where the balances came from, or undefined when nothing was asked. */
  source?: 'json-rpc' | 'rest' | 'router';
  contract?: boolean;
  balances: string[];
  /** More denoms than shown. */
  more?: number;
}

export function registerAddressHoverCommands(register: Register): vscode.Disposable[] {
  return [
    register(Command.HoverCopyAddress, async (address: unknown) => {
      if (typeof address === 'string' && addressAt(address, 0)?.address === address) await copyToClipboard(address);
    }),
  ];
}

export class AddressHoverProvider implements vscode.HoverProvider, vscode.Disposable {
  private readonly cache = new LRUCache<string, Facts>({ max: 500, ttl: TTL_MS, ttlAutopurge: false });
  private readonly pending = new SharedRequests<string, Facts>();
  private readonly subscription: vscode.Disposable;
  /** Requests made (for tests: one per address). */
  requests = 0;

  constructor(private readonly services: Services) {
    this.subscription = services.settings.onChange(['networks'], () => this.cache.clear());
  }

  async provideHover(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    if (!this.services.settings.get('hover.addresses')) return undefined;
    const found = addressAt(document.lineAt(position.line).text, position.character);
    if (!found) return undefined;
    const range = new vscode.Range(position.line, found.start, position.line, found.end);
    const network = this.services.network;
    await this.services.names.ready(network);
    if (token.isCancellationRequested) return undefined;
    const named = this.services.names.nameOf(found.address, network);
    const elsewhere = named ? [] : this.services.names.deployments(found.address);
    let facts: Facts | undefined;
    let problem: string | undefined;
    try {
      facts = await this.lookup(network, found, token);
    } catch (err) {
      if (isCancelled(err) || token.isCancellationRequested) return undefined;
      problem = errorMessage(err);
    }
    if (token.isCancellationRequested) return undefined;
    return new vscode.Hover(this.render(network, found, named, elsewhere, facts, problem), range);
  }

  private lookup(network: NetworkProfile, at: AddressAt, token: vscode.CancellationToken): Promise<Facts> {
    const key = `${network.name}\u0000${network.jsonRpcUrl ?? ''}\u0000${network.restUrl ?? ''}\u0000${at.address.toLowerCase()}`;
    const cached = this.cache.get(key);
    if (cached) return Promise.resolve(cached);
    const start = (signal: AbortSignal) =>
      this.fetch(network, at, signal).then((facts) => {
        this.cache.set(key, facts);
        return facts;
      });
    return this.pending.wait(key, start, token, () => new vscode.CancellationError());
  }

  /** The one request for this address, from the best source the profile has. */
  private async fetch(network: NetworkProfile, at: AddressAt, signal: AbortSignal): Promise<Facts> {
    const node = this.services.chain(network);
    const evmNetwork = network.vm === 'minievm' || (!network.vm && !!network.jsonRpcUrl);
    if (node && network.jsonRpcUrl && evmNetwork && at.bytes === 20) {
      this.requests++;
      const hex = at.format === 'hex' ? at.address : bech32ToHex(at.address);
      const code = await node.accountCode(hex, signal);
      return {
        source: 'json-rpc',
        contract: code.contract,
        balances: [`${formatUnits(code.balance, 18) ?? code.balance} (${vscode.l10n.t('native, 18 decimals')})`],
      };
    }
    if (node && network.restUrl) {
      this.requests++;
      const bech = at.format === 'bech32' ? at.address : hexToBech32(at.address, network.bech32Prefix ?? 'init');
      const { balances } = await node.bankBalances(bech, signal);
      return {
        source: 'rest',
        balances: balances.slice(0, MAX_BALANCES).map((c) => amountWords(c.amount, c.denom)),
        more: Math.max(0, balances.length - MAX_BALANCES),
      };
    }
    if (network.routerUrl && network.chainId) {
      this.requests++;
      // The router takes an Initia chain's accounts in bech32, EVM rollups' included.
      const bech = at.format === 'bech32' ? at.address : hexToBech32(at.address, network.bech32Prefix ?? 'init');
      const answer = await this.services
        .router(network.routerUrl, network.name)
        .balances(network.chainId, bech, signal);
      const denoms = Object.entries(answer.chains[network.chainId]?.denoms ?? {}).filter(
        ([, b]) => b.amount !== '0' && !b.error,
      );
      return {
        source: 'router',
        balances: denoms
          .slice(0, MAX_BALANCES)
          .map(([denom, b]) =>
            amountWords(b.amount, denom, { decimals: typeof b.decimals === 'number' ? b.decimals : undefined }),
          ),
        more: Math.max(0, denoms.length - MAX_BALANCES),
      };
    }
    return { balances: [] };
  }

  private render(
    network: NetworkProfile,
    at: AddressAt,
    named: DeployedName | undefined,
    elsewhere: readonly DeployedName[],
    facts: Facts | undefined,
    problem: string | undefined,
  ): vscode.MarkdownString {
    const md = untrustedMarkdown();
    md.supportThemeIcons = true;
    md.isTrusted = { enabledCommands: ENABLED_COMMANDS };
    const kind: Kind =
      at.bytes === 32
        ? 'object'
        : named || facts?.contract
          ? 'contract'
          : facts?.contract === false
            ? 'account'
            : 'unknown';
    heading(md, at, kind, named, elsewhere);
    md.appendMarkdown('  \n');
    balancesLine(md, facts, problem);
    md.appendMarkdown('\n\n---\n\n');
    md.appendMarkdown(actions(network, at, kind, named).join(' · '));
    appendUntrusted(md.appendMarkdown(' · '), network.name);
    if (facts?.source)
      md.appendMarkdown(
        ` · ${{ 'json-rpc': 'JSON-RPC', rest: 'REST', router: vscode.l10n.t('router') }[facts.source]}`,
      );
    return md;
  }

  dispose(): void {
    this.subscription.dispose();
    this.pending.abortAll();
  }
}

type Kind = 'object' | 'contract' | 'account' | 'unknown';
const cmd = (id: string, ...args: unknown[]) => commandLink(id, args);

/** What the address is (its name where the workspace deployed it), and where else it was deployed. */
function heading(
  md: vscode.MarkdownString,
  at: AddressAt,
  kind: Kind,
  named: DeployedName | undefined,
  elsewhere: readonly DeployedName[],
): void {
  const icon = {
    object: '$(symbol-namespace)',
    contract: '$(file-code)',
    account: '$(account)',
    unknown: '$(account)',
  }[kind];
  md.appendMarkdown(`${icon} `);
  if (named) appendUntrusted(md.appendMarkdown('**'), addressLabel(named.name, at.address)).appendMarkdown('**');
  else md.appendMarkdown(`**${vscode.l10n.t('Address')}** \`${shorten(at.address, 8, 6)}\``);
  md.appendMarkdown(' · ');
  md.appendMarkdown(
    {
      object: vscode.l10n.t('a Move object (an NFT collection, a token store, …)'),
      contract: vscode.l10n.t('a contract'),
      account: vscode.l10n.t('an account (no code)'),
      unknown: vscode.l10n.t('an account or a contract'),
    }[kind],
  );
  if (named) {
    md.appendMarkdown('  \n');
    const file = named.source.slice(named.source.lastIndexOf('/') + 1);
    appendUntrusted(
      md,
      vscode.l10n.t(
        'Deployed as {0} on this network ({1}, {2})',
        named.name,
        named.tool === 'foundry' ? 'Foundry' : 'Hardhat Ignition',
        file,
      ),
    );
  } else if (elsewhere.length > 0) {
    md.appendMarkdown('  \n');
    appendUntrusted(
      md,
      vscode.l10n.t(
        'Deployed as {0} on chain {1}, not on this network',
        labelText(elsewhere[0]!.name, 60),
        elsewhere[0]!.chainId ?? '?',
      ),
    );
  }
}

/** The address's balances, or why there are none to show. */
function balancesLine(md: vscode.MarkdownString, facts: Facts | undefined, problem: string | undefined): void {
  if (problem) {
    md.appendMarkdown(`$(warning) ${vscode.l10n.t('Balances: ')}`);
    appendUntrusted(md, problem);
  } else if (!facts?.source) {
    md.appendMarkdown(
      vscode.l10n.t("Balances: this network's profile names no REST, JSON-RPC or router endpoint to ask."),
    );
  } else if (facts.balances.length === 0) {
    md.appendMarkdown(vscode.l10n.t('Balances: none'));
  } else {
    md.appendMarkdown(`${vscode.l10n.t('Balances')} `);
    appendUntrusted(
      md,
      facts.balances.join(', ') + (facts.more ? ` ${vscode.l10n.t('and {0} more', facts.more)}` : ''),
    );
  }
}

/** Its transactions, Look Up, as a collection, its deployment explained, copy, the explorer. */
function actions(network: NetworkProfile, at: AddressAt, kind: Kind, named: DeployedName | undefined): string[] {
  const evm = network.vm === 'minievm';
  const actions = [
    `[${vscode.l10n.t('Latest transactions')}](${cmd(Command.LookupAccount, at.address, evm && at.format === 'hex' ? 'evmTxs' : 'txs')})`,
    `[${vscode.l10n.t('Look Up')}](${cmd(Command.LookupAccount, at.address)})`,
  ];
  if (kind === 'object' || kind === 'contract')
    actions.push(`[${vscode.l10n.t('As NFT collection')}](${cmd(Command.LookupCollection, at.address)})`);
  if (named?.txHash)
    actions.push(`[${vscode.l10n.t('Explain its deployment')}](${cmd(Command.ExplainTransaction, named.txHash)})`);
  actions.push(`[${vscode.l10n.t('Copy')}](${cmd(Command.HoverCopyAddress, at.address)})`);
  const explorer = explorerLink(network, 'account', at.address);
  const target = explorer && markdownUrl(explorer);
  if (target) actions.push(`[${vscode.l10n.t('Open in explorer')}](${target})`);
  return actions;
}
