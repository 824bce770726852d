/**
 * The chain registry's answers, kept: read from the registries (`urls`) at most once a day and only when asked
 * (`refresh`), one read at a time; the answer written whole to a file in `storageDir` (shared by every window,
 * surviving restarts); the bundled snapshot when there is neither a fresh answer nor a kept one. Every entry is parsed
 * on its own (core/registry.ts): one that does not parse is skipped with one log line. Pure of VS Code: the platform
 * hands it the HTTP layer, the log and the clock (a manual one in the tests).
 */
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { errorMessage } from './errors';
import { RegistryFile, parseRegistry, registryFresh, type RegistryChain } from './registry';

export interface RegistryState {
  chains: RegistryChain[];
  /** Where the chains come from. */
  origin: 'registry' | 'cache' | 'snapshot';
  /** When the registry answered (undefined for the snapshot). */
  fetchedAt?: number;
}

interface RegistryStoreOptions {
  /** A folder of the extension's own (global storage): the answer is kept there. */
  storageDir: string;
  /** The bundled snapshot (media/registry-snapshot.json). */
  snapshotPath: string;
  /** The registries' chains.json URLs, as the user's settings say now (none: no registry is read). */
  urls: () => readonly string[];
  /** GETs one chains.json through the HTTP layer. */
  fetch: (url: string) => Promise<unknown>;
  log: { info(line: string): void; warn(line: string): void };
  /** Milliseconds since the epoch (Date.now by default). */
  now?: () => number;
  /** Called when a fresher list has been read. */
  changed?: (state: RegistryState) => void;
}

const CACHE_FILE = 'registry-chains.json';

export class RegistryStore {
  private state: RegistryState | undefined;
  private cached: (RegistryFile & { fetchedAt: number; urls: string[] }) | undefined;
  private loading: Promise<RegistryState> | undefined;
  private refreshing: Promise<RegistryState | undefined> | undefined;
  /** Lines already logged (a skipped entry is said once per window, not at every read). */
  private readonly said = new Set<string>();

  private readonly now: () => number;

  constructor(private readonly options: RegistryStoreOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The chains known now, without a request: the last answer, else the cache file, else the bundled snapshot. */
  load(): Promise<RegistryState> {
    if (this.state) return Promise.resolve(this.state);
    this.loading ??= this.readLocal().finally(() => (this.loading = undefined));
    return this.loading;
  }

  /**
   * Reads the registries when the answer in hand is more than a day old (or was read from other URLs); at most one
   * read at a time. Resolves with the new state, or undefined when nothing was read (fresh enough, or failed: the
   * failure is logged and the cache or snapshot stays).
   */
  refresh(): Promise<RegistryState | undefined> {
    this.refreshing ??= this.fetchIfStale().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private get urls(): string[] {
    return [...this.options.urls()];
  }

  /** The file the answer is kept in. */
  get cacheFile(): string {
    return path.join(this.options.storageDir, CACHE_FILE);
  }

  private async fetchIfStale(): Promise<RegistryState | undefined> {
    await this.load();
    const urls = this.urls;
    if (urls.length === 0 || registryFresh(this.cached, urls, this.now())) return undefined;
    const sources: Array<{ url: string; chains: unknown[] }> = [];
    for (const url of urls) {
      try {
        const value = await this.options.fetch(url);
        sources.push({ url, chains: Array.isArray(value) ? value : [] });
        if (!Array.isArray(value)) this.say(`Registry ${url}: the answer is not a list of chains; ignored.`);
      } catch (err) {
        this.options.log.warn(
          `Registry ${url} did not answer (${errorMessage(err)}); using the ${this.cached ? 'copy read earlier' : 'bundled snapshot'}.`,
        );
        return undefined;
      }
    }
    const file = { fetchedAt: this.now(), urls, sources };
    this.cached = file;
    this.state = { chains: this.parse(file), origin: 'registry', fetchedAt: file.fetchedAt };
    try {
      await fs.mkdir(this.options.storageDir, { recursive: true });
      const tmp = `${this.cacheFile}.${process.pid}.tmp`;
      await fs.writeFile(tmp, JSON.stringify(file));
      await fs.rename(tmp, this.cacheFile);
    } catch (err) {
      this.options.log.warn(`Registry: could not keep the answer in ${this.cacheFile} (${errorMessage(err)}).`);
    }
    this.options.log.info(`Registry: ${this.state.chains.length} chains read from ${urls.join(', ')}.`);
    this.options.changed?.(this.state);
    return this.state;
  }

  private async readLocal(): Promise<RegistryState> {
    try {
      const raw = JSON.parse(await fs.readFile(this.cacheFile, 'utf8')) as { urls?: unknown };
      const file = RegistryFile.safeParse(raw);
      const urls = Array.isArray(raw.urls) ? raw.urls.filter((u): u is string => typeof u === 'string') : [];
      if (file.success && file.data.fetchedAt !== undefined) {
        this.cached = { ...file.data, fetchedAt: file.data.fetchedAt, urls };
        this.state = { chains: this.parse(file.data), origin: 'cache', fetchedAt: file.data.fetchedAt };
        return this.state;
      }
      this.options.log.warn(`Registry: ${this.cacheFile} is not a registry answer; ignored.`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
        this.options.log.warn(`Registry: could not read ${this.cacheFile} (${errorMessage(err)}).`);
    }
    try {
      const file = RegistryFile.parse(JSON.parse(await fs.readFile(this.options.snapshotPath, 'utf8')));
      this.state = { chains: this.parse(file), origin: 'snapshot' };
    } catch (err) {
      this.options.log.warn(`Registry: the bundled snapshot could not be read (${errorMessage(err)}).`);
      this.state = { chains: [], origin: 'snapshot' };
    }
    return this.state;
  }

  private parse(file: RegistryFile): RegistryChain[] {
    const chains: RegistryChain[] = [];
    for (const source of file.sources) {
      const parsed = parseRegistry(source.chains, source.url);
      parsed.skipped.forEach((line) => this.say(line));
      chains.push(...parsed.chains);
    }
    return chains;
  }

  private say(line: string): void {
    if (this.said.has(line)) return;
    this.said.add(line);
    this.options.log.warn(line);
  }
}
