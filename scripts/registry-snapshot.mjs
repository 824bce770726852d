#!/usr/bin/env node
// Makes media/registry-snapshot.json, the chain list the network picker shows when the registry cannot be read
// (offline, behind a firewall, in the tests), from the Initia registry's real files.
//
//   node scripts/registry-snapshot.mjs <path of an initia-labs/initia-registry checkout>
//   node scripts/registry-snapshot.mjs https://registry.initia.xyz/chains.json https://registry.testnet.initia.xyz/chains.json
//   node scripts/registry-snapshot.mjs … --out other.json
//
// From a checkout it does what the registry's own publishing does (_api/src/main.ts + aggregateChains.ts): every
// mainnets/*/chain.json and testnets/*/chain.json whose folder does not start with "_", raw.githubusercontent.com
// URLs rewritten to the published registry's, Initia L1 first, then by pretty name. From the published chains.json it
// takes the answers as they are. Either way each chain keeps only the fields the extension reads (core/registry.ts),
// so the snapshot stays small.
import * as fs from 'node:fs';
import * as path from 'node:path';

const REGISTRY = { mainnets: 'https://registry.initia.xyz', testnets: 'https://registry.testnet.initia.xyz' };
const RAW = 'https://raw.githubusercontent.com/initia-labs/initia-registry/main';
const API_KINDS = ['rpc', 'rest', 'api', 'json-rpc', 'indexer'];

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out =
  outAt >= 0
    ? args.splice(outAt, 2)[1]
    : path.join(
        import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname),
        '..',
        'media',
        'registry-snapshot.json',
      );
if (args.length === 0) {
  console.error('usage: node scripts/registry-snapshot.mjs <registry checkout> | <chains.json URL>… [--out file]');
  process.exit(2);
}

/** The published URL of a raw GitHub URL, as the registry's replaceUrls.ts rewrites it. */
function publishedUrl(url, network) {
  if (typeof url !== 'string' || !url.startsWith(RAW)) return url;
  const segments = url.slice(RAW.length).replace(/^\/+/, '').split('/');
  const rest = segments[0] === 'images' ? segments : ['chains', ...segments.slice(1)];
  return `${REGISTRY[network]}/${rest.join('/')}`;
}

function rewrite(value, network) {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, network));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v, network)]));
  return publishedUrl(value, network);
}

/** The fields core/registry.ts reads, nothing else (an entry the extension could not parse is kept as it is). */
function slim(chain) {
  if (!chain || typeof chain !== 'object' || typeof chain.chain_id !== 'string') return chain;
  const pick = (o, keys) =>
    o && typeof o === 'object'
      ? Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]))
      : undefined;
  const apis =
    chain.apis &&
    Object.fromEntries(
      API_KINDS.filter((k) => Array.isArray(chain.apis[k])).map((k) => [
        k,
        chain.apis[k].map((a) => pick(a, ['address'])),
      ]),
    );
  const metadata = pick(chain.metadata, [
    'is_l1',
    'op_bridge_id',
    'op_denoms',
    'executor_uri',
    'assetlist',
    'ibc_channels',
    'minitia',
  ]);
  // The bridge's trust anchors read each channel's counterparty chain, port and channel (core/router/check/anchors.ts).
  if (Array.isArray(metadata?.ibc_channels))
    metadata.ibc_channels = metadata.ibc_channels.map((c) => pick(c, ['chain_id', 'port_id', 'channel_id']));
  const entry = {
    chain_id: chain.chain_id,
    chain_name: chain.chain_name,
    pretty_name: chain.pretty_name,
    network_type: chain.network_type,
    bech32_prefix: chain.bech32_prefix,
    evm_chain_id: chain.evm_chain_id,
    apis,
    explorers: Array.isArray(chain.explorers)
      ? chain.explorers.map((e) => pick(e, ['kind', 'url', 'tx_page', 'account_page']))
      : undefined,
    fees: chain.fees?.fee_tokens ? { fee_tokens: chain.fees.fee_tokens.map((t) => pick(t, ['denom'])) } : undefined,
    metadata: metadata && metadata.minitia ? { ...metadata, minitia: pick(metadata.minitia, ['type']) } : metadata,
    logo_URIs: chain.logo_URIs,
  };
  return Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined));
}

const byL1ThenName = (a, b) =>
  Number(!!b.metadata?.is_l1) - Number(!!a.metadata?.is_l1) ||
  String(a.pretty_name ?? a.chain_name).localeCompare(String(b.pretty_name ?? b.chain_name));

async function fromUrl(url) {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${res.statusText}`);
  const chains = await res.json();
  if (!Array.isArray(chains)) throw new Error(`${url}: not a list of chains`);
  return { url, chains: chains.map(slim) };
}

function fromCheckout(root) {
  return Object.entries(REGISTRY).map(([dir, base]) => {
    const folder = path.join(root, dir);
    const chains = fs
      .readdirSync(folder, { withFileTypes: true })
      .filter(
        (d) => d.isDirectory() && !d.name.startsWith('_') && fs.existsSync(path.join(folder, d.name, 'chain.json')),
      )
      .map((d) => rewrite(JSON.parse(fs.readFileSync(path.join(folder, d.name, 'chain.json'), 'utf8')), dir))
      .sort(byL1ThenName)
      .map(slim);
    return { url: `${base}/chains.json`, chains };
  });
}

let sources;
let generatedFrom;
if (args.length === 1 && fs.existsSync(args[0]) && fs.statSync(args[0]).isDirectory()) {
  sources = fromCheckout(args[0]);
  let commit = '';
  try {
    const head = fs.readFileSync(path.join(args[0], '.git', 'HEAD'), 'utf8').trim();
    commit = head.startsWith('ref:') ? fs.readFileSync(path.join(args[0], '.git', head.slice(5)), 'utf8').trim() : head;
  } catch {
    commit = process.env.REGISTRY_COMMIT ?? '';
  }
  generatedFrom = `initia-labs/initia-registry${commit ? `@${commit}` : ''} (mainnets/*/chain.json, testnets/*/chain.json)`;
} else {
  sources = await Promise.all(args.map(fromUrl));
  generatedFrom = args.join(', ');
}

const snapshot = { generatedFrom, sources };
fs.writeFileSync(out, `${JSON.stringify(snapshot, null, 1)}\n`);
const count = sources.reduce((n, s) => n + s.chains.length, 0);
console.log(
  `${out}: ${count} chains (${sources.map((s) => `${s.chains.length} from ${s.url}`).join(', ')}), ${fs.statSync(out).size} bytes`,
);
