/**
 * The bridge check's trust anchors as one panel gathers them (core/router/check/anchors.ts): the user's profiles, the
 * registry the user chose (its chains: read at most once a day and kept, else the bundled snapshot), the asset list
 * of each chain the route touches (`metadata.assetlist`, one request per chain per panel, kept for the panel's life),
 * the pinned table, and the sending chain itself for an IBC channel no other source names (its light client's chain
 * id, over the user's profile's REST). Requests go through the shared HTTP layer (proxies, certificates, limits); a source that does
 * not answer confirms nothing (said in the verdict), it never stops the check.
 */
import { endpoint } from '../core/http';
import { errorMessage } from '../core/errors';
import { parseServiceUrl } from '../core/validateUrl';
import {
  AnchorBook,
  assetListAnchors,
  profileAnchors,
  registryAnchors,
  type AnchorData,
} from '../core/router/check/anchors';
import { pinnedAnchors } from '../core/router/check/pinned';
import type { Route } from '../core/router/schemas';
import { hopsOf, isHop } from '../core/router/check/route';
import type { Services } from '../platform/services';

export class BridgeAnchors {
  /** Asset lists asked for, per URL (one request each for the panel's life). */
  private readonly lists = new Map<string, Promise<AnchorData>>();
  /** IBC channels asked of a chain, per chain and channel. */
  private readonly channels = new Map<string, Promise<AnchorData | undefined>>();
  /** Requests made (the tests count them at the fake registry too). */
  requests = 0;

  constructor(private readonly services: Services) {}

  /** The anchors of a route: every source, with the asset lists of the chains it touches. */
  async book(route: Route): Promise<AnchorBook> {
    const { chains, where } = await this.services.registrySource().catch((err: unknown) => {
      this.services.log.info(`Bridge: the registry could not be read (${errorMessage(err)}); it confirms nothing.`);
      return { chains: [], where: '' };
    });
    const parts: AnchorData[] = [profileAnchors(this.services.networks.all()), registryAnchors(chains, where)];
    const touched = new Set([
      route.source_asset_chain_id,
      route.dest_asset_chain_id,
      ...(route.required_chain_addresses ?? []),
      ...(route.chain_ids ?? []),
    ]);
    const lists = [...touched].map((chainId) => {
      const url = chains.find((c) => c.chain_id === chainId)?.metadata?.assetlist;
      return typeof url === 'string' ? this.assetList(chainId, url) : undefined;
    });
    parts.push(...(await Promise.all(lists.filter((l): l is Promise<AnchorData> => l !== undefined))), pinnedAnchors());
    parts.push(...(await this.chainChannels(route, new AnchorBook(parts))));
    return new AnchorBook(parts);
  }

  /**
   * The IBC channels of the route that no other source names, asked of the sending chain itself where the user's
   * profile of it has a REST URL: its light client of the other end names that chain (one request per channel and
   * panel).
   */
  private async chainChannels(route: Route, known: AnchorBook): Promise<AnchorData[]> {
    const asks = hopsOf(route)
      .filter(isHop)
      .filter(
        (h) =>
          (h.kind === 'transfer' || h.kind === 'eureka_transfer') &&
          h.channel !== undefined &&
          known.channel(h.from, h.channel).kind === 'none',
      )
      .map((h) => this.chainChannel(h.from, h.channel!));
    return (await Promise.all(asks)).filter((d): d is AnchorData => d !== undefined);
  }

  private chainChannel(chainId: string, channel: string): Promise<AnchorData | undefined> {
    const profile = this.services.networks.all().find((p) => p.chainId === chainId && p.restUrl);
    const chain = profile && this.services.chain(profile);
    if (!chain) return Promise.resolve(undefined);
    const key = `${chainId} ${channel}`;
    let asked = this.channels.get(key);
    if (!asked) {
      this.requests++;
      asked = chain
        .channelCounterparty('transfer', channel)
        .then((to) =>
          to
            ? {
                channels: [
                  {
                    chain: chainId,
                    port: 'transfer',
                    channel,
                    value: to,
                    source: `${chainId} itself (its IBC light client of the other end, over your profile's REST)`,
                  },
                ],
              }
            : undefined,
        )
        .catch((err: unknown) => {
          this.services.log.info(`Bridge: ${chainId} did not say where ${channel} leads (${errorMessage(err)}).`);
          this.channels.delete(key);
          return undefined;
        });
      this.channels.set(key, asked);
    }
    return asked;
  }

  private assetList(chainId: string, url: string): Promise<AnchorData> {
    const parsed = parseServiceUrl(url);
    if (!parsed.ok) return Promise.resolve({});
    const key = `${chainId} ${parsed.value}`;
    let list = this.lists.get(key);
    if (!list) {
      this.requests++;
      list = this.services
        .registry(parsed.value)
        .get(endpoint(parsed.value, ''))
        .then((value) => assetListAnchors(value, chainId, parsed.value))
        .catch((err: unknown) => {
          this.services.log.info(
            `Bridge: the asset list of ${chainId} (${parsed.value}) could not be read: ${errorMessage(err)}`,
          );
          this.lists.delete(key);
          return {};
        });
      this.lists.set(key, list);
    }
    return list;
  }
}
