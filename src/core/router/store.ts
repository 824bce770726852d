/**
 * Tracked transfers shared by every window of a profile (each window runs its own extension host), on disk under
 * one folder (VS Code's `globalStorageUri`), Node fs only:
 *  - `transfers/<chainId>~<txHash>.json`: one record per transfer, written atomically (a temp file, then rename), so
 *    two windows tracking at the same moment write two files and lose nothing; read back through the record's zod
 *    schema: a file that does not parse is deleted with one log line;
 *  - `leases/<chainId>~<txHash>.json`: who polls a transfer ({owner, pid, expiresAt}), created with the `wx` flag so
 *    that only one contender gets it, renewed by its owner while polling and taken over by another once expired.
 *    Taking over an expired (or unreadable) lease goes through a marker created with `wx` for that exact lease text,
 *    so that of several windows seeing the same stale lease only one removes it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import * as z from 'zod/mini';
import { firstProblem } from '../zodWords';
import {
  MAX_RAW_BYTES,
  TrackedTransferSchema,
  boundRaw,
  isUnfinished,
  transferKey,
  type TrackedTransfer,
} from './records';
import { lazySchema } from '../lazySchema';

/** The most transfers kept; past it the oldest finished ones are evicted. */
export const MAX_TRANSFERS = 100;

/** A file name for a key: letters, digits, `.`, `_` and `-` as they are, anything else as %XX. */
function safeName(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]/g, (c) =>
    [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

export const recordFileName = (t: Pick<TrackedTransfer, 'chainId' | 'txHash'>): string =>
  `${safeName(t.chainId)}~${safeName(t.txHash)}.json`;

const isCode = (err: unknown, code: string): boolean => (err as { code?: unknown } | null)?.code === code;
const tempSuffix = (): string => `.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;

/** Writes `text` to `file` atomically: readers see the old content or the new, never a part. */
function writeAtomic(file: string, text: string): void {
  const tmp = file + tempSuffix();
  try {
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if (isCode(err, 'ENOENT')) return undefined;
    throw err;
  }
}

/** Why a stored value is not a record (undefined: it is one). */
function parseRecord(value: unknown): { record: TrackedTransfer } | { reason: string } {
  const result = TrackedTransferSchema.safeParse(value);
  if (result.success) return { record: result.data };
  const { field, problem, sentence } = firstProblem(value, result.error);
  return { reason: sentence || !field ? problem : `${field} ${problem}` };
}

interface StoreOptions {
  /** One line per dropped record (default: nothing). */
  log?: (line: string) => void;
  maxRawBytes?: number;
}

export class TransferStore {
  readonly dir: string;
  private readonly log: (line: string) => void;
  private readonly maxRawBytes: number;

  constructor(root: string, options: StoreOptions = {}) {
    this.dir = path.join(root, 'transfers');
    this.log = options.log ?? (() => undefined);
    this.maxRawBytes = options.maxRawBytes ?? MAX_RAW_BYTES;
    fs.mkdirSync(this.dir, { recursive: true });
  }

  fileOf(t: Pick<TrackedTransfer, 'chainId' | 'txHash'>): string {
    return path.join(this.dir, recordFileName(t));
  }

  /** Every stored record that parses, newest first; files that do not are deleted, one log line each. */
  load(): TrackedTransfer[] {
    const out: TrackedTransfer[] = [];
    for (const name of fs.readdirSync(this.dir)) {
      if (!name.endsWith('.json')) continue;
      const r = this.readFile(name);
      if (r) out.push(r);
    }
    return out.sort((a, b) => b.trackedAt - a.trackedAt);
  }

  /** The record in `name` (a file of this folder); undefined when it is missing or was dropped. */
  readFile(name: string): TrackedTransfer | undefined {
    const file = path.join(this.dir, path.basename(name));
    const text = readText(file);
    if (text === undefined) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.drop(file, 'not JSON');
      return undefined;
    }
    const parsed = parseRecord(value);
    if ('reason' in parsed) {
      this.drop(file, parsed.reason);
      return undefined;
    }
    if (recordFileName(parsed.record) !== path.basename(file)) {
      this.drop(file, `it holds ${transferKey(parsed.record)}, not what its name says`);
      return undefined;
    }
    return parsed.record;
  }

  read(t: Pick<TrackedTransfer, 'chainId' | 'txHash'>): TrackedTransfer | undefined {
    return this.readFile(recordFileName(t));
  }

  /** Stores one record (its raw status bounded), replacing the file atomically; returns what was written. */
  write(t: TrackedTransfer): TrackedTransfer {
    const record: TrackedTransfer =
      t.last && t.last.raw !== undefined
        ? { ...t, last: { ...t.last, raw: boundRaw(t.last.raw, this.maxRawBytes) } }
        : t;
    writeAtomic(this.fileOf(record), JSON.stringify(record));
    return record;
  }

  remove(t: Pick<TrackedTransfer, 'chainId' | 'txHash'>): void {
    fs.rmSync(this.fileOf(t), { force: true });
  }

  /**
   * Keeps at most `max` records: finished ones (terminal, not watched, or unknown to the router) go, oldest first;
   * unfinished ones are never evicted. Returns the keys removed.
   */
  evict(max = MAX_TRANSFERS): string[] {
    const all = this.load();
    const removed: string[] = [];
    const finished = all.filter((t) => !isUnfinished(t)).sort((a, b) => a.trackedAt - b.trackedAt);
    let count = all.length;
    for (const t of finished) {
      if (count <= max) break;
      this.remove(t);
      removed.push(transferKey(t));
      count--;
    }
    return removed;
  }

  /**
   * Moves what an older version kept in one globalState array into files. Entries that do not parse are dropped with
   * one log line each; a transfer already on file is left as it is. Returns how many were imported and dropped.
   */
  importLegacy(value: unknown): { imported: number; dropped: number } {
    if (value === undefined) return { imported: 0, dropped: 0 };
    if (!Array.isArray(value)) {
      this.log(`Stored transfers dropped: expected a list, found ${value === null ? 'null' : typeof value}.`);
      return { imported: 0, dropped: 1 };
    }
    let imported = 0;
    let dropped = 0;
    value.forEach((entry: unknown, i) => {
      const parsed = parseRecord(entry);
      if ('reason' in parsed) {
        dropped++;
        this.log(`Stored transfer [${i}] dropped: ${parsed.reason}.`);
        return;
      }
      if (fs.existsSync(this.fileOf(parsed.record))) return;
      this.write(parsed.record);
      imported++;
    });
    return { imported, dropped };
  }

  /**
   * Calls `onChange` with the names of the files that changed (debounced), whoever wrote them. Returns a dispose
   * function; undefined when the folder cannot be watched (then only focus and the slow timer refresh).
   */
  watch(onChange: (names: ReadonlySet<string>) => void, debounceMs = 200): (() => void) | undefined {
    let names = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const watcher = fs.watch(this.dir, { persistent: false }, (_event, name) => {
        const n = name?.toString();
        if (n && !n.endsWith('.json')) return; // temp files
        if (n) names.add(n);
        timer ??= setTimeout(() => {
          timer = undefined;
          const batch = names;
          names = new Set();
          onChange(batch);
        }, debounceMs);
      });
      watcher.on('error', () => watcher.close());
      return () => {
        watcher.close();
        if (timer) clearTimeout(timer);
      };
    } catch {
      return undefined;
    }
  }

  private drop(file: string, reason: string): void {
    this.log(`Stored transfer ${path.basename(file)} dropped: ${reason}.`);
    fs.rmSync(file, { force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Leases

/** A lease file: which extension host polls the transfer, until when. */
const LeaseSchema = lazySchema(() => z.object({ owner: z.string(), pid: z.number(), expiresAt: z.number() }));
type Lease = z.infer<typeof LeaseSchema>;

interface LeaseOptions {
  /** This extension host's id (default: random, with the pid). */
  owner?: string;
  /** How long a lease lasts without renewal (ms, default 60 s). */
  ttlMs?: number;
  now?: () => number;
}

/** Markers of a takeover are removed once this old (a contender that read the stale lease is long done by then). */
const MARKER_TTL_MS = 10 * 60_000;

export class Leases {
  readonly dir: string;
  readonly owner: string;
  readonly ttlMs: number;
  private readonly now: () => number;

  constructor(root: string, options: LeaseOptions = {}) {
    this.dir = path.join(root, 'leases');
    this.owner = options.owner ?? `${randomBytes(8).toString('hex')}:${process.pid}`;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.now = options.now ?? Date.now;
    fs.mkdirSync(this.dir, { recursive: true });
  }

  private fileOf(key: string): string {
    return path.join(this.dir, `${safeName(key)}.json`);
  }

  private text(): string {
    const lease: Lease = { owner: this.owner, pid: process.pid, expiresAt: this.now() + this.ttlMs };
    return JSON.stringify(lease);
  }

  /** The lease on `key` as stored (undefined: none or unreadable). */
  holder(key: string): Lease | undefined {
    const text = readText(this.fileOf(key));
    return text === undefined ? undefined : parseLease(text);
  }

  /** Takes the lease on `key` if it is free, expired or already ours (then renews it). Whether this owner holds it. */
  acquire(key: string): boolean {
    const file = this.fileOf(key);
    for (let attempt = 0; attempt < 3; attempt++) {
      // Created whole or not at all: written to a file of its own, then linked into place (a link fails when the
      // lease exists). With a plain exclusive create another window could read it empty, take it for broken and
      // take it over, and two windows would poll the same transfer.
      const draft = `${file}.${process.pid}-${createHash('sha256').update(`${this.owner}:${attempt}:${Math.random()}`).digest('hex').slice(0, 12)}.draft`;
      fs.writeFileSync(draft, this.text());
      try {
        fs.linkSync(draft, file);
        return true;
      } catch (err) {
        if (!isCode(err, 'EEXIST')) throw err;
      } finally {
        fs.rmSync(draft, { force: true });
      }
      const text = readText(file);
      if (text === undefined) continue; // released meanwhile: try again
      const lease = parseLease(text);
      if (lease && lease.expiresAt > this.now()) {
        if (lease.owner !== this.owner) return false;
        writeAtomic(file, this.text());
        return true;
      }
      // Expired or unreadable: only the one contender that creates the marker for this exact text removes it.
      const marker = `${file}.takeover-${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
      try {
        fs.writeFileSync(marker, this.owner, { flag: 'wx' });
      } catch (err) {
        if (isCode(err, 'EEXIST')) return false;
        throw err;
      }
      if (readText(file) !== text) return false; // renewed or replaced meanwhile
      fs.rmSync(file, { force: true });
    }
    return false;
  }

  /** Extends our lease on `key`; false when it is not ours any more (expired, taken over, removed). */
  renew(key: string): boolean {
    const file = this.fileOf(key);
    const lease = this.holder(key);
    if (!lease || lease.owner !== this.owner || lease.expiresAt <= this.now()) return false;
    writeAtomic(file, this.text());
    return true;
  }

  /** Gives up our lease on `key` (another window may take it at once); someone else's is left alone. */
  release(key: string): void {
    const lease = this.holder(key);
    if (lease?.owner === this.owner) fs.rmSync(this.fileOf(key), { force: true });
  }

  /** Removes old takeover markers, temp files and lease drafts a crash left behind. */
  sweep(): void {
    const limit = Date.now() - MARKER_TTL_MS;
    for (const name of fs.readdirSync(this.dir)) {
      if (!name.includes('.takeover-') && !name.endsWith('.tmp') && !name.endsWith('.draft')) continue;
      const file = path.join(this.dir, name);
      try {
        if (fs.statSync(file).mtimeMs < limit) fs.rmSync(file, { force: true });
      } catch {
        // gone already
      }
    }
  }
}

function parseLease(text: string): Lease | undefined {
  try {
    const r = LeaseSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : undefined;
  } catch {
    return undefined; // unreadable: treated as expired
  }
}
