/**
 * A bounded cache whose entries each live for a given time, the least recently used one dropped first when it is
 * full (the hover's cache of transactions). A Map keeps the order of use: reading an entry moves it to the end. No
 * timers: an entry past its time is dropped when it is read, or pushed out. The clock is injected (tests).
 */
interface LruOptions {
  /** The most entries kept. */
  max: number;
  /** Milliseconds an entry lives when `set` names no time of its own; forever by default. */
  ttl?: number;
  /** Kept for the options of the lru-cache package this replaces: entries are never purged by a timer. */
  ttlAutopurge?: false;
  /** Milliseconds, Date.now by default. */
  now?: () => number;
}

export class LRUCache<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number }>();
  private readonly now: () => number;

  constructor(private readonly options: LruOptions) {
    if (!(options.max >= 1)) throw new RangeError('an LRU cache holds at least one entry');
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, unless absent or past its time (then dropped); a value read becomes the most recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` for `ttl` milliseconds (the cache's own by default), as the most recently used; the least recently
   *  used goes when full. */
  set(key: K, value: V, { ttl = this.options.ttl ?? Infinity }: { ttl?: number } = {}): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + ttl });
    if (this.entries.size > this.options.max) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
