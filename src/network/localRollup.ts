/**
 * "Local rollup" in Select Network…: when the picker opens (never at activation, never in the background), loopback
 * is asked at the ports of `initia.localRollup.*Port` (weave's defaults: indexer 6767, REST 1317, RPC 26657,
 * JSON-RPC 8545) with short timeouts, directly (a proxy has no business with 127.0.0.1). What answered becomes one
 * row: "Local rollup (<chain id>, <VM>)". Choosing it writes a profile with the endpoints that answered into the
 * user's `initia.networks` (or picks the one written before) and makes it active; a node without an indexer is
 * listed, and choosing it says to run `weave rollup indexer start`. Files under ~/.weave or ~/.minitia are never read.
 */
import vscode = require('vscode');
import {
  INDEXER_START_COMMAND,
  localOffer,
  localPorts,
  probeLocalRollup,
  type LocalOffer,
  type ProbeDeps,
} from '../core/localRollup';
import type { NetworkProfile } from '../core/networks';
import type { HttpLogEntry } from '../core/http';
import type { Networks } from '../platform/networks';
import type { Services } from '../platform/services';
import type { Settings } from '../platform/settings';

/** A loopback service answers at once or not at all. */
const PROBE_TIMEOUT_MS = 1500;

export class LocalRollupFinder {
  /** What the last probe found (undefined: nothing answered, or not probed yet). */
  last: LocalOffer | undefined;
  /** How many times loopback was probed (for tests: only when the picker opens). */
  probes = 0;
  private inFlight: Promise<LocalOffer | undefined> | undefined;

  constructor(
    private readonly settings: Settings,
    private readonly networks: Networks,
    private readonly log: vscode.LogOutputChannel,
    private readonly clients: Pick<Services, 'loopbackClients'>,
  ) {}

  get enabled(): boolean {
    return this.settings.get('localRollup.enabled');
  }

  private options(): Parameters<Services['loopbackClients']>[0] {
    return {
      timeoutMs: PROBE_TIMEOUT_MS,
      maxRetries: 0,
      log: (e: HttpLogEntry) =>
        this.log.debug(`Local rollup probe: ${e.method} ${e.url} → ${e.status ?? 'no answer'} ${e.ms} ms`),
    };
  }

  /** Asks loopback now (one probe at a time; a second caller shares it). */
  probe(): Promise<LocalOffer | undefined> {
    if (!this.enabled) return Promise.resolve(undefined);
    this.inFlight ??= this.run().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private ports() {
    return localPorts({
      indexer: this.settings.get('localRollup.indexerPort'),
      rest: this.settings.get('localRollup.restPort'),
      rpc: this.settings.get('localRollup.rpcPort'),
      jsonRpc: this.settings.get('localRollup.jsonRpcPort'),
    });
  }

  /** The picker's row when nothing answered on this computer: where it looked, and what would start a rollup. */
  nothingRow(): { label: string; description: string; detail: string } {
    const p = this.ports();
    return {
      label: vscode.l10n.t('$(info) No rollup answers on this computer'),
      description: vscode.l10n.t(
        '127.0.0.1: indexer :{0} · REST :{1} · RPC :{2} · JSON-RPC :{3}',
        p.indexer,
        p.rest,
        p.rpc,
        p.jsonRpc,
      ),
      detail: vscode.l10n.t(
        'Start one with `weave rollup start` (and `{0}`), or set its ports in the initia.localRollup settings.',
        INDEXER_START_COMMAND,
      ),
    };
  }

  private async run(): Promise<LocalOffer | undefined> {
    this.probes++;
    const ports = this.ports();
    const make = this.clients.loopbackClients(this.options());
    const once = <C extends { dispose(): void }, T>(client: C, ask: (c: C) => Promise<T>): Promise<T> =>
      ask(client).finally(() => client.dispose());
    const deps: ProbeDeps = {
      indexerStatus: (url, signal) => once(make.indexer(url), (c) => c.status(signal)),
      nodeInfo: (url, signal) => once(make.chain({ restUrl: url }), (c) => c.nodeInfo(signal)),
      rpcStatus: (url, signal) => once(make.chain({ rpcUrl: url }), (c) => c.rpcStatus(signal)),
      evmChainId: (url, signal) => once(make.chain({ jsonRpcUrl: url }), (c) => c.evmChainId(signal)),
    };
    const offer = localOffer(await probeLocalRollup(ports, deps, new AbortController().signal));
    this.last = offer;
    this.log.info(
      offer
        ? `Local rollup: ${offer.label}: ${offer.answered.join(', ')}${offer.missingIndexer ? ' (no indexer)' : ''}`
        : 'Local rollup: nothing answers on loopback',
    );
    return offer;
  }

  /** The saved profile for this offer: the same indexer URL (or chain id) as one of the user's profiles. */
  saved(offer: LocalOffer): NetworkProfile | undefined {
    const p = offer.profile;
    if (!p) return undefined;
    return this.networks
      .all()
      .find(
        (n) =>
          !n.builtIn &&
          (n.indexerUrl === p.indexerUrl ||
            (!!p.chainId && n.chainId === p.chainId && n.indexerUrl.startsWith('http://127.0.0.1'))),
      );
  }

  /** The picker's row for an offer. */
  row(offer: LocalOffer): { label: string; description: string; detail: string } {
    const saved = this.saved(offer);
    const lag =
      offer.lag !== undefined
        ? ` · ${offer.lag === 0 ? vscode.l10n.t('indexer up to date') : vscode.l10n.t('indexer {0} blocks behind', offer.lag)}`
        : '';
    const detail = offer.missingIndexer
      ? vscode.l10n.t(
          'The node answers ({0}) but no indexer: run `{1}`.',
          offer.answered.join(' · '),
          INDEXER_START_COMMAND,
        )
      : offer.otherChainIndexer
        ? vscode.l10n.t('{0} · the indexer is for {1}', offer.answered.join(' · '), offer.otherChainIndexer)
        : `${offer.answered.join(' · ')}${lag}`;
    return {
      label: `${offer.missingIndexer ? '$(circle-slash)' : '$(vm-running)'} ${offer.label}`,
      description: saved
        ? vscode.l10n.t('on this computer · saved as {0}', saved.name)
        : vscode.l10n.t('on this computer'),
      detail,
    };
  }

  /** Choosing the row: a missing indexer is explained; else the profile is written once and made active. */
  async choose(offer: LocalOffer): Promise<string | undefined> {
    if (offer.missingIndexer || !offer.profile) {
      const copy = vscode.l10n.t('Copy Command');
      const answer = await vscode.window.showInformationMessage(
        vscode.l10n.t(
          '{0} has no indexer running, so it cannot be browsed yet. Start it with `{1}`, then choose it again.',
          offer.label,
          INDEXER_START_COMMAND,
        ),
        copy,
      );
      if (answer === copy) await vscode.env.clipboard.writeText(INDEXER_START_COMMAND);
      return undefined;
    }
    const saved = this.saved(offer);
    if (saved) {
      await this.networks.select(saved.name);
      return saved.name;
    }
    const taken = new Set(this.networks.all().map((n) => n.name.toLowerCase()));
    let name = offer.profile.name;
    for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${offer.profile.name} (${i})`;
    const profile = { ...offer.profile, name };
    await this.settings.update('networks', [...this.settings.get('networks'), profile]);
    await this.networks.select(name);
    this.log.info(`Local rollup: added the network "${name}" (${profile.indexerUrl})`);
    return name;
  }
}
