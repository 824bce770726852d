/**
 * The addresses the user sent with "Generate messages", remembered per chain in the extension's global state, newest
 * first, and offered again on the next route (at most five per chain). What is stored is read defensively: anything
 * but a list of short strings per chain is left out.
 */
import type * as vscode from 'vscode';
import { StorageKey } from '../platform/ids';

/** The addresses remembered per chain, newest first (at most this many each). */
const RECENT_ADDRESSES = 5;

export class RecentAddresses {
  constructor(private readonly memento: vscode.Memento) {}

  /** The addresses remembered per chain, newest first, as stored: anything else in there (a foreign or corrupt value) is left out. */
  all(): Record<string, string[]> {
    const stored: unknown = this.memento.get(StorageKey.BridgeAddresses);
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
    const out: Record<string, string[]> = {};
    for (const [chain, value] of Object.entries(stored)) {
      // An earlier version kept one address per chain.
      const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
      const clean = list
        .filter((a): a is string => typeof a === 'string' && a.length > 0 && a.length <= 200)
        .slice(0, RECENT_ADDRESSES);
      if (clean.length) out[chain] = clean;
    }
    return out;
  }

  /** Remembers the addresses sent, per chain, newest first. */
  async remember(chains: readonly string[], addresses: readonly string[]): Promise<void> {
    const known = this.all();
    chains.forEach((c, i) => {
      const a = addresses[i]?.trim();
      if (a) known[c] = [a, ...(known[c] ?? []).filter((x) => x !== a)].slice(0, RECENT_ADDRESSES);
    });
    await this.memento.update(StorageKey.BridgeAddresses, known);
  }
}
