/**
 * What neither the registry the user chose nor the chain itself can confirm, shipped with the extension: the contracts
 * of well-known bridges (the LayerZero OFTs a route may call, Skip's ibc-hooks entry points), LayerZero's endpoint ids
 * and Circle's CCTP domains. Each entry names where it was read and when (shown with the verdict). A value here is an anchor independent of the router: a route naming anything else for the same role is not confirmed.
 */
import type { AnchorData } from './anchors';

/** Where each group of entries was read. */
export const PROVENANCE = {
  lzEndpoints:
    'LayerZero endpoint ids of @layerzerolabs/lz-definitions 3.1.13 (EndpointId.*_V2_MAINNET), read 2026-11-28',
  stargate:
    'Stargate V2 mainnet contracts (stargateprotocol.gitbook.io, v2-developer-docs/technical-reference/mainnet-contracts#ethereum), read 2026-11-28',
  skipEntry:
    "Skip Go's entry point contracts (skip-mev/skip-go-cosmwasm-contracts deployments, as Skip's own route answers name them), read 2026-11-28",
  cctp: "Circle's CCTP domain list (developers.circle.com/stablecoins/supported-domains), read 2026-11-28",
} as const;

/** LayerZero v2 endpoint ids by chain id (EVM chain ids as decimal strings; Initia's L1 by its cosmos chain id). */
const LZ_ENDPOINTS: Record<string, number> = {
  '1': 30101,
  '56': 30102,
  '43114': 30106,
  '137': 30109,
  '42161': 30110,
  '10': 30111,
  '8453': 30184,
  'interwoven-1': 30326,
};

/** Circle's CCTP domains of the chains a route may mint on. */
const CCTP_DOMAINS: Record<string, number> = {
  '1': 0,
  '43114': 1,
  '10': 2,
  '42161': 3,
  'noble-1': 4,
  '8453': 6,
  '137': 7,
};

/** Stargate V2 pools (OFTs) on Ethereum: the token they take (`native` for ETH) → the contract a route calls. */
const STARGATE_ETHEREUM: Array<{ token: string; address: string }> = [
  { token: 'native', address: '0x77b2043768d28E9C9aB44E1aBfC95944bcE57931' },
  { token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', address: '0xc026395860Db2d07ee33e05fE50ed7bD583189C7' },
];

/** Skip Go's ibc-hooks entry point contracts, by chain. */
const SKIP_ENTRY: Record<string, string> = {
  'osmosis-1': 'osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u',
  'neutron-1': 'neutron1zvesudsdfxusz06jztpph4d3h5x6veglqsspxns2v2jqml9nhywskcc923',
};

const source = (what: string) => `the extension's pinned table (${what})`;

/** The pinned table as anchors. */
export function pinnedAnchors(): AnchorData {
  return {
    lzEndpoints: Object.entries(LZ_ENDPOINTS).map(([chain, value]) => ({
      chain,
      value,
      source: source(PROVENANCE.lzEndpoints),
    })),
    cctpDomains: Object.entries(CCTP_DOMAINS).map(([chain, value]) => ({
      chain,
      value,
      source: source(PROVENANCE.cctp),
    })),
    contracts: [
      ...STARGATE_ETHEREUM.map((s) => ({
        role: 'oft' as const,
        chain: '1',
        token: s.token,
        value: s.address,
        source: source(PROVENANCE.stargate),
      })),
      ...Object.entries(SKIP_ENTRY).map(([chain, value]) => ({
        role: 'entry' as const,
        chain,
        value,
        source: source(PROVENANCE.skipEntry),
      })),
    ],
  };
}
