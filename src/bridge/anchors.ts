/**
 * The bridge check's trust anchors as one panel gathers them (core/router/check/anchors.ts): the user's profiles, the
 * registry the user chose (its chains: read at most once a day and kept, else the bundled snapshot), the asset list
 * of each chain the route touches (`metadata.assetlist`, one request per chain per panel, kept for the panel's life),
 * and the pinned table. Requests go through the shared HTTP layer (proxies, certificates, limits); a source that does
 * not answer confirms nothing (said in the verdict), it never stops the check.
 */
import { endpoint } from '../core/http';
import { errorMessage } from '../core/errors';
import { parseServiceUrl } from '../core/validate';
import { AnchorBook, assetListAnchors, profileAnchors, registryAnchors, type AnchorData } from '../core/router/check/anchors';
import { pinnedAnchors } from '../core/router/check/pinned';
import type { Route } from '../core/router/schemas';
import type { Services } from '../platform/services';

export class BridgeAnchors {
  /** Asset lists asked for, per URL (one request each for the panel's life). */
  private readonly lists = new Map<string, Promise<AnchorData>>();
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
    const touched = new Set([route.source_asset_chain_id, route.dest_asset_chain_id, ...(route.required_chain_addresses ?? []), ...(route.chain_ids ?? [])]);
    const lists = [...touched].map((chainId) => {
      const url = chains.find((c) => c.chain_id === chainId)?.metadata?.assetlist;
      return typeof url === 'string' ? this.assetList(chainId, url) : undefined;
    });
    parts.push(...(await Promise.all(lists.filter((l): l is Promise<AnchorData> => l !== undefined))), pinnedAnchors());
    return new AnchorBook(parts);
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
          this.services.log.info(`Bridge: the asset list of ${chainId} (${parsed.value}) could not be read: ${errorMessage(err)}`);
          this.lists.delete(key);
          return {};
        });
      this.lists.set(key, list);
    }
    return list;
  }
}
