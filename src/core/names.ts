/**
 * Names for addresses from the deployments in the user's workspace (pure: no vscode):
 *   - Foundry: `broadcast/<Script>.s.sol/<chain id>/run-latest.json` (`<sig>-latest.json` for another entry point),
 *     as `forge script --broadcast` writes it (foundry `crates/script-sequence`: `ScriptSequence` with
 *     `transactions[].{hash, transactionType, contractName, contractAddress, additionalContracts[]}`, `receipts[]`,
 *     `timestamp`, `chain`); dry runs (`…/dry-run/…`) deployed nothing and are skipped;
 *   - Hardhat Ignition: `ignition/deployments/chain-<chain id>/deployed_addresses.json`
 *     (`{ "<Module>#<Contract>": "0x…" }`; a custom deployment id names no chain).
 * A name belongs to the chain it was deployed on: it labels an address only on a network whose EVM chain id is
 * that chain's (core/evmChainId.ts), or anywhere when the file names no chain. Labels read "Vault (0x5FbD…0aa3)".
 */
import * as z from 'zod/mini';
import { bech32 } from 'bech32';
import { evmChainIdOf } from './evmChainId';
import { lazySchema } from './lazySchema';

type NameTool = 'foundry' | 'ignition';

export interface DeployedName {
  /** 0x + 40 lower-case hex digits. */
  address: string;
  /** The contract's name, as the tool wrote it. */
  name: string;
  /** The EVM chain id (decimal), when the file says. */
  chainId?: string;
  /** The transaction that deployed it (Foundry). */
  txHash?: string;
  /** When the deployment was written (ms since the epoch), when the file says. */
  at?: number;
  tool: NameTool;
  /** The file it came from (its URI, as the caller keys files). */
  source: string;
}

/** What the watcher and findFiles look for, and what they leave out. */
export const NAMES_GLOB = '{**/broadcast/**/*-latest.json,**/ignition/deployments/*/deployed_addresses.json}';
export const NAMES_EXCLUDE = '{**/node_modules/**,**/dry-run/**}';
/** Larger files are not read (a broadcast of thousands of transactions stays far below). */
export const MAX_NAMES_FILE_BYTES = 20 * 1024 * 1024;

/** Which tool wrote a workspace-relative path (`/` separated), or undefined when it is no deployment file. */
export function namesFileKind(relativePath: string): NameTool | undefined {
  const p = `/${relativePath.replace(/\\/g, '/').replace(/^\/+/, '')}`;
  if (/\/node_modules\//.test(p)) return undefined;
  if (/\/broadcast\/(.+\/)?[^/]+-latest\.json$/.test(p) && !/\/dry-run\//.test(p)) return 'foundry';
  if (/\/ignition\/deployments\/[^/]+\/deployed_addresses\.json$/.test(p)) return 'ignition';
  return undefined;
}

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const ZERO = `0x${'0'.repeat(40)}`;

const Created = lazySchema(() =>
  z.object({
    transactionType: z.optional(z.nullable(z.string())),
    contractName: z.optional(z.nullable(z.string())),
    contractAddress: z.optional(z.nullable(z.string())),
    address: z.optional(z.nullable(z.string())),
    hash: z.optional(z.nullable(z.string())),
  }),
);
const Broadcast = lazySchema(() =>
  z.object({
    transactions: z.array(
      z.looseObject({
        ...Created.shape,
        additionalContracts: z.optional(z.nullable(z.array(z.looseObject(Created.shape)))),
      }),
    ),
    receipts: z.optional(
      z.nullable(
        z.array(
          z.looseObject({
            transactionHash: z.optional(z.nullable(z.string())),
            status: z.optional(z.nullable(z.string())),
          }),
        ),
      ),
    ),
    timestamp: z.optional(z.nullable(z.number())),
    chain: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  }),
);
const IgnitionAddresses = lazySchema(() => z.record(z.string(), z.string()));

type NamesParse = { names: DeployedName[] } | { error: string };

/** The names a deployment file gives; `path` is its workspace-relative (or any `/`-separated) path. */
export function parseNamesFile(text: string, path: string, source: string = path): NamesParse {
  const kind = namesFileKind(path);
  if (!kind) return { error: `${path} is not a Foundry broadcast or an Ignition deployment` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { error: `${path} is not valid JSON (${err instanceof Error ? err.message : String(err)})` };
  }
  return kind === 'foundry' ? foundryNames(json, path, source) : ignitionNames(json, path, source);
}

function foundryNames(json: unknown, path: string, source: string): NamesParse {
  const parsed = Broadcast.safeParse(json);
  if (!parsed.success) return { error: `${path} does not have the shape of a Foundry broadcast (transactions[])` };
  const b = parsed.data;
  const folderChain = /\/(\d+)\/[^/]+$/.exec(path)?.[1];
  const chainId =
    typeof b.chain === 'number' && Number.isSafeInteger(b.chain)
      ? String(b.chain)
      : typeof b.chain === 'string' && /^\d+$/.test(b.chain)
        ? b.chain
        : folderChain;
  const failed = new Set(
    (b.receipts ?? [])
      .filter((r) => r.status === '0x0' && r.transactionHash)
      .map((r) => r.transactionHash!.toLowerCase()),
  );
  // Foundry writes `timestamp` in seconds (older versions in milliseconds).
  const at = typeof b.timestamp === 'number' ? (b.timestamp < 1e12 ? b.timestamp * 1000 : b.timestamp) : undefined;
  const names: DeployedName[] = [];
  const add = (name: string | null | undefined, address: string | null | undefined, txHash: string | undefined) => {
    if (!name || !address || !HEX_ADDRESS.test(address) || address.toLowerCase() === ZERO) return;
    const clean = name.trim().slice(0, 100);
    if (!clean) return;
    names.push({ address: address.toLowerCase(), name: clean, chainId, txHash, at, tool: 'foundry', source });
  };
  for (const tx of b.transactions) {
    const hash = tx.hash && /^0x[0-9a-fA-F]{64}$/.test(tx.hash) ? tx.hash.toLowerCase() : undefined;
    if (hash && failed.has(hash)) continue;
    if (tx.transactionType === 'CREATE' || tx.transactionType === 'CREATE2')
      add(tx.contractName, tx.contractAddress, hash);
    for (const extra of tx.additionalContracts ?? []) add(extra.contractName, extra.address, hash);
  }
  return { names };
}

function ignitionNames(json: unknown, path: string, source: string): NamesParse {
  const parsed = IgnitionAddresses.safeParse(json);
  if (!parsed.success) return { error: `${path} does not have the shape of Ignition's deployed_addresses.json` };
  const chainId = /\/deployments\/chain-(\d+)\/[^/]+$/.exec(path)?.[1];
  const names: DeployedName[] = [];
  for (const [future, address] of Object.entries(parsed.data)) {
    if (!HEX_ADDRESS.test(address)) continue;
    const name = (future.includes('#') ? future.slice(future.indexOf('#') + 1) : future).trim().slice(0, 100);
    if (name) names.push({ address: address.toLowerCase(), name, chainId, tool: 'ignition', source });
  }
  return { names };
}

/** An address as the book keys it: 0x + 40 lower-case hex; an `init1…` account's bytes likewise; else undefined. */
function addressKey(address: string): string | undefined {
  if (HEX_ADDRESS.test(address)) return address.toLowerCase();
  if (/^[a-z]+1[02-9ac-hj-np-z]{38}$/.test(address)) {
    try {
      const bytes = bech32.fromWords(bech32.decode(address, 120).words);
      if (bytes.length === 20) return `0x${Buffer.from(bytes).toString('hex')}`;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** "0x5FbD…0aa3": an address shortened as the labels show it (as written; bech32 keeps its prefix). */
export function shortAddress(address: string): string {
  if (address.length <= 14) return address;
  const head = address.startsWith('0x') ? 6 : address.indexOf('1') + 5 || 8;
  return `${address.slice(0, head)}…${address.slice(-4)}`;
}

/** "Vault (0x5FbD…0aa3)". */
export function addressLabel(name: string, address: string): string {
  return `${name} (${shortAddress(address)})`;
}

/** Names by address, from every deployment file read; files are replaced whole. */
export class NameBook {
  private readonly byFile = new Map<string, DeployedName[]>();
  private byAddress = new Map<string, DeployedName[]>();
  private dirty = false;

  /** How many names are known. */
  get size(): number {
    this.index();
    let n = 0;
    for (const list of this.byAddress.values()) n += list.length;
    return n;
  }

  get files(): number {
    return this.byFile.size;
  }

  setFile(source: string, names: readonly DeployedName[]): void {
    if (names.length === 0) this.byFile.delete(source);
    else this.byFile.set(source, [...names]);
    this.dirty = true;
  }

  removeFile(source: string): boolean {
    const had = this.byFile.delete(source);
    if (had) this.dirty = true;
    return had;
  }

  /** Drops every file under a folder (its URI followed by `/`). */
  removeUnder(folder: string): number {
    const prefix = folder.endsWith('/') ? folder : `${folder}/`;
    let n = 0;
    for (const source of [...this.byFile.keys()]) if (source.startsWith(prefix) && this.byFile.delete(source)) n++;
    if (n) this.dirty = true;
    return n;
  }

  sources(): string[] {
    return [...this.byFile.keys()];
  }

  private index(): void {
    if (!this.dirty) return;
    const map = new Map<string, DeployedName[]>();
    for (const names of this.byFile.values()) {
      for (const n of names) {
        const list = map.get(n.address);
        if (list) list.push(n);
        else map.set(n.address, [n]);
      }
    }
    // The newest deployment first.
    for (const list of map.values()) list.sort((a, b) => (b.at ?? 0) - (a.at ?? 0));
    this.byAddress = map;
    this.dirty = false;
  }

  /**
   * The name of an address on a chain: a deployment on that EVM chain id, else one whose file names no chain;
   * with no chain id given (a network whose EVM chain id is not known), a deployment on any chain as long as every
   * deployment of that address has the same name.
   */
  lookup(address: string, evmChainId?: string): DeployedName | undefined {
    const key = addressKey(address);
    if (!key) return undefined;
    this.index();
    const list = this.byAddress.get(key);
    if (!list) return undefined;
    if (evmChainId !== undefined)
      return list.find((n) => n.chainId === evmChainId) ?? list.find((n) => n.chainId === undefined);
    return new Set(list.map((n) => n.name)).size === 1 ? list[0] : undefined;
  }

  /** Every deployment of an address, on any chain (newest first). */
  all(address: string): DeployedName[] {
    const key = addressKey(address);
    if (!key) return [];
    this.index();
    return [...(this.byAddress.get(key) ?? [])];
  }
}

/** A view field: text, and where it leads. */
interface LinkedText {
  text: string;
  link: { kind: string; value: string };
}

const isLinkedAccount = (v: unknown): v is LinkedText => {
  if (!v || typeof v !== 'object') return false;
  const o = v as { text?: unknown; link?: { kind?: unknown; value?: unknown } };
  return typeof o.text === 'string' && !!o.link && o.link.kind === 'account' && typeof o.link.value === 'string';
};

/**
 * A view model with its account fields named: every `{ text, link: { kind: 'account', value } }` whose text is the
 * address itself reads "Vault (0x5FbD…0aa3)" when `nameOf` knows it. A copy; the input is left as it is.
 */
export function nameAccountFields<T>(view: T, nameOf: (address: string) => string | undefined, depth = 0): T {
  if (depth > 12 || !view || typeof view !== 'object') return view;
  if (Array.isArray(view)) return view.map((v: unknown) => nameAccountFields(v, nameOf, depth + 1)) as T;
  if (isLinkedAccount(view) && view.text.trim() === view.link.value) {
    const name = nameOf(view.link.value);
    if (name) return { ...view, text: addressLabel(name, view.link.value) };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(view as Record<string, unknown>))
    out[k] = nameAccountFields(v, nameOf, depth + 1);
  return out as T;
}

/** The EVM chain id a network's names are matched by: minievm's for its Cosmos chain id; none for other VMs. */
export function namesChainOf(network: { chainId?: string; vm?: string }): string | undefined | null {
  if (network.vm && network.vm !== 'minievm') return null;
  return network.chainId ? evmChainIdOf(network.chainId) : undefined;
}

/** A network as the names see it: its Cosmos chain id, VM and EVM node (whose `eth_chainId` is the one that counts). */
export interface NamesNetwork {
  chainId?: string;
  vm?: string;
  jsonRpcUrl?: string;
}

/**
 * The EVM chain id a network's names are matched by: what its node says (`eth_chainId`, when it was asked; anvil and
 * any node answer their own), else minievm's for its Cosmos chain id; null for other VMs.
 */
export function namesChainFor(network: NamesNetwork, nodeSays: string | undefined): string | undefined | null {
  const derived = namesChainOf(network);
  return derived === null ? null : (nodeSays ?? derived);
}

/** What the adapters ask of the workspace's names (the features hand the real one to Services). */
export interface AddressNames {
  /** The name of an address on a network (null chain: a network without EVM, where no name applies). */
  nameOf(address: string, network: NamesNetwork): DeployedName | undefined;
  /** Every deployment of an address, on any chain. */
  deployments(address: string): DeployedName[];
  /**
   * Resolves once the workspace's deployments have been read (reading them on the first call), and, given a network
   * with a node, once that node's EVM chain id is known (asked once per node).
   */
  ready(network?: NamesNetwork): Promise<void>;
}

/** No names (before the features set the workspace's, and in tests). */
export const NO_NAMES: AddressNames = {
  nameOf: () => undefined,
  deployments: () => [],
  ready: () => Promise.resolve(),
};

/**
 * Decoded messages' fields with the names of their addresses, for the bridge's checks before signing: the value (the
 * full address, what the user compares) stays as it is and the name goes beside it in `name` (the bridge's protocol
 * carries it, its component shows it after the address: "0x5FbD…full… (Vault)"). `nameOf` answers for an address on
 * a chain (the summary's chain id). A copy; the input is left as it is.
 */
export function nameSummaryFields<
  S extends { chainId?: string; fields: ReadonlyArray<{ label: string; value: string }> },
>(
  summaries: readonly S[],
  nameOf: (address: string, chainId: string | undefined) => string | undefined,
): Array<Omit<S, 'fields'> & { fields: Array<S['fields'][number] & { name?: string }> }> {
  return summaries.map((s) => ({
    ...s,
    fields: s.fields.map((f) => {
      const v = f.value.trim();
      if (!HEX_ADDRESS.test(v) && !/^[a-z]+1[02-9ac-hj-np-z]{38}$/.test(v)) return f;
      const name = nameOf(v, s.chainId);
      return name ? { ...f, name } : f;
    }),
  }));
}
