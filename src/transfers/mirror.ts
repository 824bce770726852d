/**
 * This window's copy of the tracked transfers on disk (core/router/store.ts): one object per transfer for as long as
 * it is tracked, brought up to date from what any window writes. Kept apart from the tracker, which decides what to
 * poll and what to say; without a store (a folder that cannot be written) this copy is all there is.
 */
import { errorMessage } from '../core/errors';
import { transferKey, type TrackedTransfer } from '../core/router/records';
import { recordFileName, type TransferStore } from '../core/router/store';

export class TransferMirror {
  /** By key, the same object for as long as it is tracked (views and tests hold on to it). */
  private readonly transfers = new Map<string, TrackedTransfer>();
  /** The JSON last read or written per key: a watcher event for our own write changes nothing. */
  private readonly seen = new Map<string, string>();

  constructor(
    private readonly store: TransferStore | undefined,
    private readonly warn: (line: string) => void,
    /** Whether this window polls the transfer (and so writes its status): then only `watching` is taken from disk. */
    private readonly pollsHere: (key: string) => boolean,
    /** Called before a transfer is forgotten (its poller stops). */
    private readonly forgetting: (key: string) => void,
  ) {}

  values(): IterableIterator<TrackedTransfer> {
    return this.transfers.values();
  }

  get(key: string): TrackedTransfer | undefined {
    return this.transfers.get(key);
  }

  /** A transfer tracked in this window. */
  add(record: TrackedTransfer): void {
    this.transfers.set(transferKey(record), record);
  }

  forget(key: string): void {
    this.forgetting(key);
    this.transfers.delete(key);
    this.seen.delete(key);
  }

  /** Applies a record read from disk to the one in memory (keeping its identity). Whether anything changed. */
  apply(record: TrackedTransfer): boolean {
    const key = transferKey(record);
    const json = JSON.stringify(record);
    if (this.seen.get(key) === json) return false;
    this.seen.set(key, json);
    const current = this.transfers.get(key);
    if (!current) {
      this.transfers.set(key, record);
      return true;
    }
    if (this.pollsHere(key)) {
      // This window polls it and writes its status: only what another window may have changed is taken.
      if (current.watching === record.watching) return false;
      current.watching = record.watching;
      return true;
    }
    for (const k of Object.keys(current) as Array<keyof TrackedTransfer>) if (!(k in record)) delete current[k];
    Object.assign(current, record);
    return true;
  }

  /** Re-reads every record (focus, resume). Whether anything changed. */
  reloadAll(): boolean {
    if (!this.store) return false;
    let records: TrackedTransfer[];
    try {
      records = this.store.load();
    } catch (err) {
      this.warn(`Transfers could not be read: ${errorMessage(err)}`);
      return false;
    }
    let changed = false;
    const keys = new Set(records.map(transferKey));
    for (const key of [...this.transfers.keys()]) {
      if (!keys.has(key)) {
        this.forget(key);
        changed = true;
      }
    }
    for (const r of records) changed = this.apply(r) || changed;
    return changed;
  }

  /** Re-reads the files another window (or this one) wrote (none named: all of them). Whether anything changed. */
  reloadFiles(names: ReadonlySet<string>): boolean {
    if (!this.store) return false;
    if (names.size === 0) return this.reloadAll();
    let changed = false;
    for (const name of names) {
      let record: TrackedTransfer | undefined;
      try {
        record = this.store.readFile(name);
      } catch {
        continue;
      }
      if (record) changed = this.apply(record) || changed;
      else {
        const gone = [...this.transfers.values()].find((t) => recordFileName(t) === name);
        if (gone) {
          this.forget(transferKey(gone));
          changed = true;
        }
      }
    }
    return changed;
  }

  /** Reads one record from disk into the copy (another window may have tracked it). */
  reloadOne(chainId: string, txHash: string): TrackedTransfer | undefined {
    const record = this.store?.read({ chainId, txHash });
    if (record) this.apply(record);
    return this.transfers.get(transferKey({ chainId, txHash }));
  }

  write(t: TrackedTransfer): void {
    if (!this.store) return;
    try {
      const written = this.store.write(t);
      this.seen.set(transferKey(t), JSON.stringify(written));
    } catch (err) {
      this.warn(`Transfer ${t.txHash} could not be stored: ${errorMessage(err)}`);
    }
  }
}
