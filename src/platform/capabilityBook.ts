/**
 * What each network's indexer can answer (EVM routes, internal EVM transactions), decided once per network from the
 * routes' own answers, the chain's VM and /status, with at most one /status and one probe in flight: the services'
 * capability questions, the base of platform/services.ts (which gives the indexer clients, the chains' facts and the
 * profiles), apart so that the services' file stays a list of clients.
 */
import type * as vscode from 'vscode';
import type { IndexerClient } from '../core/indexer/client';
import type { Status } from '../core/indexer/schemas';
import type { NetworkProfile } from '../core/networks';
import {
  evmKnown,
  isEvmRouteMissing,
  networkCapabilities,
  type Capability,
  type CapabilityFacts,
  type CapabilitySource,
  type NetworkCapabilities,
} from '../core/capabilities';
import { errorMessage } from '../core/errors';

export abstract class CapabilityServices {
  /** The last /status answer per network (name and indexer), whoever read it: what capabilities() are made of. */
  private readonly statuses = new Map<string, Status>();
  /** A /status request in flight per network, shared by everyone asking for capabilities meanwhile. */
  private readonly statusReads = new Map<string, Promise<Status | undefined>>();

  abstract readonly log: Pick<vscode.LogOutputChannel, 'warn'>;
  abstract readonly networks: { byName(name: string): NetworkProfile | undefined };
  abstract get network(): NetworkProfile;
  abstract indexer(network?: NetworkProfile): IndexerClient;
  abstract chainFacts(chainId: string): Promise<Pick<NetworkProfile, 'vm'>>;

  /** Keeps a /status answer read elsewhere (the status bar's), so that capabilities() need not ask again. */
  noteStatus(network: NetworkProfile, status: Status): void {
    this.statuses.set(statusKey(network), status);
  }

  /** What the network's EVM or internal-transaction routes answered (false: "evm routes are not available"). */
  private readonly routeAnswers = new Map<string, { evmRoutes?: boolean; internalRoutes?: boolean }>();
  /** The probe of a network's EVM routes in flight, shared. */
  private readonly probes = new Map<string, Promise<void>>();

  /**
   * A route's own answer, which decides from now on. When it contradicts what was decided from the network's /status,
   * that /status is read again at the next question (it may have been read before anything was indexed).
   */
  noteRoute(network: NetworkProfile, what: Capability, available: boolean): void {
    const key = statusKey(network);
    const before = networkCapabilities(this.factsNow(network));
    const answers = { ...this.routeAnswers.get(key) };
    if (what === 'evm') answers.evmRoutes = available;
    else {
      answers.internalRoutes = available;
      if (available) answers.evmRoutes = true;
    }
    this.routeAnswers.set(key, answers);
    const decided = what === 'evm' ? before.evm : before.evmInternalTxs;
    if (decided !== available) this.statuses.delete(key);
  }

  /** The facts known now, without a request (the registry's VM for the profile's chain id is looked up by `facts`). */
  private factsNow(network: NetworkProfile, vm = network.vm): CapabilityFacts {
    const key = statusKey(network);
    return { vm, status: this.statuses.get(key), ...this.routeAnswers.get(key) };
  }

  /**
   * What the network's indexer can answer (EVM routes, internal EVM transactions): the routes' own answers first, then
   * the chain's VM (the profile's, else the registry's entry for its chain id, else for /status's `chain_id`), then
   * /status's proof (`internal_tx_height`); when none tells, one request to the EVM routes (`/evm-txs`, one item) asks
   * them. At most one /status and one probe per network, none when the profile or the registry tells, never at
   * activation (only lookups and views ask). A failed /status or probe is not kept: the next question asks again.
   */
  async capabilities(
    network: NetworkProfile = this.network,
    what: Capability = 'evmInternalTxs',
  ): Promise<NetworkCapabilities> {
    void what;
    const key = statusKey(network);
    let vm = network.vm ?? (network.chainId ? (await this.chainFacts(network.chainId)).vm : undefined);
    if (evmKnown(this.factsNow(network, vm)) === undefined) {
      const status = this.statuses.get(key) ?? (await this.readStatus(network));
      if (!vm && typeof status?.chain_id === 'string' && status.chain_id)
        vm = (await this.chainFacts(status.chain_id)).vm;
    }
    if (evmKnown(this.factsNow(network, vm)) === undefined) await this.probeEvm(network);
    return networkCapabilities(this.factsNow(network, vm));
  }

  /** One /status per network at a time, shared by everyone asking meanwhile. */
  private readStatus(network: NetworkProfile): Promise<Status | undefined> {
    const key = statusKey(network);
    let read = this.statusReads.get(key);
    if (!read) {
      read = this.indexer(network)
        .status()
        .then(
          (status) => {
            this.statuses.set(key, status);
            return status;
          },
          (err: unknown) => {
            this.log.warn(
              `Capabilities of ${network.name}: /status did not answer (${errorMessage(err)}); the routes will tell.`,
            );
            return undefined;
          },
        )
        .finally(() => this.statusReads.delete(key));
      this.statusReads.set(key, read);
    }
    return read;
  }

  /** Asks the EVM routes once (one item of `/evm-txs`): an answer or their 404 decides; another failure decides nothing. */
  private probeEvm(network: NetworkProfile): Promise<void> {
    const key = statusKey(network);
    let probe = this.probes.get(key);
    if (!probe) {
      probe = this.indexer(network)
        .evmTxs({ limit: 1, countTotal: false })
        .then(
          () => this.noteRoute(network, 'evm', true),
          (err: unknown) => {
            if (isEvmRouteMissing(err)) this.noteRoute(network, 'evm', false);
            else
              this.log.warn(`Capabilities of ${network.name}: the EVM routes did not answer (${errorMessage(err)}).`);
          },
        )
        .finally(() => this.probes.delete(key));
      this.probes.set(key, probe);
    }
    return probe;
  }

  /**
   * The capabilities known without a request (for what must be decided at once: CodeLenses); undefined when only a
   * request would tell. `networkName`: a profile's name (documents keep theirs).
   */
  knownCapabilities(networkName: string): NetworkCapabilities | undefined {
    const network = this.networks.byName(networkName);
    if (!network) return undefined;
    const facts = this.factsNow(network);
    return evmKnown(facts) === undefined ? undefined : networkCapabilities(facts);
  }

  /** The capabilities of a network as the lookup table asks for them, told what the routes answer. */
  capabilitySource(network: NetworkProfile = this.network): CapabilitySource {
    return Object.assign((what: Capability) => this.capabilities(network, what), {
      noteRoute: (what: Capability, available: boolean) => this.noteRoute(network, what, available),
    });
  }
}

function statusKey(network: NetworkProfile): string {
  return JSON.stringify([network.name, network.indexerUrl]);
}
