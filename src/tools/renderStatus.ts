/**
 * The status tools' results (pure: no VS Code): a network's status (chain, height, VM, how far the indexer lags) and a
 * cross-chain transfer's status (the router's state and hops, from the tracker's record or from one status answer).
 * Router text (states, error messages, chain ids) is the router's: quoted as data like chain text.
 */
import type { Block, Status } from '../core/indexer/schemas';
import type { NetworkCapabilities } from '../core/capabilities';
import type { NetworkProfile } from '../core/networks';
import type { HopView, TransferView } from '../core/router/transfer';
import type { TrackedTransfer } from '../core/router/records';
import { relativeTime } from '../core/format';
import { networkLine, links } from './render';
import { LIMITS, type Result, data, link, num, shown, val } from './text';

const origin = (url: string | undefined) => {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** "42 s", "5 min", "3 h", "497 days": how old something is. */
function ageText(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${num(Math.round(seconds / 86_400))} days`;
}

export interface NetworkStatusFacts {
  network: NetworkProfile;
  active: boolean;
  status: Status;
  /** The newest indexed block (its time says how far behind the indexer is), or why it could not be read. */
  latest: { block: Block; error?: undefined } | { block?: undefined; error: string };
  capabilities: NetworkCapabilities;
  /** Every configured network's name (the values a tool's `network` argument takes). */
  names: readonly string[];
  now: number;
}

function behind(height: unknown, tip: number): string {
  const h = Number(height);
  if (!Number.isFinite(h) || h <= 0) return 'not indexed yet';
  const lag = tip - h;
  return `up to block ${num(h)}${lag > 0 ? ` (${num(lag)} blocks behind)` : ' (up to date)'}`;
}

/** `initia_networkStatus`: what the network is and how current its indexer is. */
export function renderNetworkStatus(out: Result, f: NetworkStatusFacts): void {
  const { network, status } = f;
  const tip = Number(status.height);
  out.add(
    `${networkLine(network)}${f.active ? ': the network the user has chosen (the default for every Initia tool)' : ''}`,
  );
  if (network.chainId && status.chain_id !== network.chainId) {
    out.add(
      `Warning: the indexer says it serves chain ${val(status.chain_id, LIMITS.short)}, not ${val(network.chainId, LIMITS.short)} as the profile says.`,
    );
  }
  out.add(
    `VM: ${network.vm ? `${network.vm} (from the profile)` : `not named by the profile; ${f.capabilities.evm ? 'the indexer serves EVM routes' : 'the indexer serves no EVM routes'}`}`,
  );
  out.add(`Indexer: ${val(origin(network.indexerUrl))}, version ${val(status.version ?? 'unknown', LIMITS.short)}`);
  const latest = f.latest.block;
  if (!latest) {
    out.add(
      `Latest indexed block: ${num(status.height)} (its time could not be read: ${data(f.latest.error ?? '', LIMITS.reason)})`,
    );
  } else {
    const at = Date.parse(latest.timestamp);
    const age = Number.isNaN(at) ? undefined : Math.max(0, Math.round((f.now - at) / 1000));
    out.add(
      `Latest indexed block: ${num(Math.max(tip, Number(latest.height)))}, ${val(latest.timestamp, LIMITS.short)}${age !== undefined ? ` (${relativeTime(at, f.now)})` : ''}`,
      age !== undefined
        ? `Indexer lag: its newest block is ${ageText(age)} old${age > 120 ? ': the indexer (or the chain) is behind; a transaction sent since may not be found yet' : ''}.`
        : undefined,
    );
  }
  if (f.capabilities.evm)
    out.add(
      `Internal EVM transactions: ${f.capabilities.evmInternalTxs ? `indexed ${behind(status.internal_tx_height, tip)}` : 'not indexed'}`,
    );
  if (status.rich_list_height !== undefined) out.add(`Rich lists: indexed ${behind(status.rich_list_height, tip)}`);
  out.add(`Router (cross-chain transfers): ${network.routerUrl ? val(origin(network.routerUrl)) : 'none configured'}`);
  out.add(
    network.explorerUrl ? `Links: ${link('explorer', network.explorerUrl) ?? val(network.explorerUrl)}` : undefined,
  );
  out.add(
    `Configured networks (the values of the tools' network argument): ${f.names.map((n) => val(n, LIMITS.short)).join(', ')}`,
  );
}

function hopLine(h: HopView, i: number): string[] {
  const route =
    h.fromChainId || h.toChainId
      ? ` ${val(h.fromChainId ?? '?', LIMITS.short)} → ${val(h.toChainId ?? '?', LIMITS.short)}`
      : '';
  // A known leg's label is the extension's own ("IBC", "OPinit bridge"); an unknown one's is the router's key.
  const lines = [
    `${i + 1}. ${h.known ? h.label : val(h.kind, LIMITS.short)}${route}: ${h.outcome} (state ${val(h.state, LIMITS.short)})${h.error ? `, error ${data(h.error, LIMITS.reason)}` : ''}`,
  ];
  for (const tx of h.txs) {
    const where = tx.chainId ? ` on ${val(tx.chainId, LIMITS.short)}` : '';
    // The router's explorer links: https only (a router is a server like any other).
    const url = tx.explorerLink && /^https:\/\//i.test(tx.explorerLink) ? link('explorer', tx.explorerLink) : undefined;
    lines.push(`   ${val(tx.name, LIMITS.short)} ${val(tx.hash)}${where}${url ? ` ${url}` : ''}`);
  }
  return lines;
}

type StatusLike = Pick<TransferView, 'state' | 'outcome' | 'terminal' | 'hops' | 'error' | 'release'> & {
  summary?: string;
};

function stateLines(out: Result, v: StatusLike): void {
  const word = {
    pending: 'in progress',
    failing: 'FAILING (not final yet)',
    success: 'COMPLETED',
    failed: 'FAILED',
    abandoned: 'ABANDONED by the router',
  }[v.outcome];
  out.add(`State: ${word} (router state ${val(v.state, LIMITS.short)}${v.terminal ? ', final' : ', not final'})`);
  if (v.summary) out.add(`Summary: ${shown(v.summary, LIMITS.reason)}`);
  if (v.error) out.add(`Error: ${data(v.error, LIMITS.reason)}`);
  if (v.release?.released)
    out.add(
      `Assets released on ${val(v.release.chainId ?? '?', LIMITS.short)}: ${num(v.release.amount)} ${val(v.release.denom ?? '', LIMITS.short)}`,
    );
  out.list(`Hops (${v.hops.length}):`, v.hops.flatMap(hopLine), 'none reported yet');
}

/** A transfer the user tracks in the editor (the tracker's record, kept current by its polling: no request). */
export function renderTrackedTransfer(
  out: Result,
  t: TrackedTransfer,
  how: { polledHere: boolean; now: number; claim?: string },
): void {
  out.add(
    `Transfer started by ${val(t.txHash)} on chain ${val(t.chainId, LIMITS.short)}, tracked in the editor since ${new Date(t.trackedAt).toISOString()} (network ${val(t.network, LIMITS.short)})`,
  );
  const s = t.summary;
  if (s?.sourceChainId || s?.destChainId) {
    out.add(
      `Route: ${val(s.sourceChainId ?? '?', LIMITS.short)} → ${val(s.destChainId ?? '?', LIMITS.short)}${s.amountIn ? `, sent ${num(s.amountIn)} ${val(s.sourceDenom ?? '', LIMITS.short)}` : ''}${s.amountOut ? `, expected ${num(s.amountOut)} ${val(s.destDenom ?? '', LIMITS.short)}` : ''} (base units)`,
    );
  }
  if (t.last) {
    stateLines(out, t.last);
    out.add(
      `Last status: ${relativeTime(t.last.updatedAt, how.now)}${t.last.terminal ? '' : how.polledHere ? '; the editor keeps asking the router' : t.watching && !t.problem ? '; another window of the editor keeps asking the router' : ''}.`,
    );
  } else {
    out.add('State: registered with the router; no status yet.');
  }
  if (t.problem) out.add(`Not followed any more: ${shown(t.problem, LIMITS.reason)}`);
  else if (!t.watching && !t.last?.terminal)
    out.add('The user stopped watching this transfer: the status above may be old.');
  if (how.claim) out.add(how.claim);
  if (t.explorerLink && /^https:\/\//i.test(t.explorerLink))
    out.add(`Links: ${link("transfer in the router's explorer", t.explorerLink)}`);
}

/** A transfer the editor does not track, from one status answer of the router. */
export function renderTransferView(
  out: Result,
  network: NetworkProfile,
  txHash: string,
  chainId: string,
  v: TransferView,
): void {
  out.add(
    `Transfer started by ${val(txHash)} on chain ${val(chainId, LIMITS.short)}, as the router of ${val(network.name, LIMITS.short)} reports it now (not tracked in the editor)`,
  );
  stateLines(out, v);
  if (network.chainId === chainId) out.add(links(network, [['source transaction in the explorer', 'tx', txHash]]));
}
