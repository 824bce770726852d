/**
 * What the lazy bundles' loaders share (src/bridge/loader.ts, src/explain/loader.ts, src/tools/loader.ts,
 * src/watch/loader.ts, src/transfers/loader.ts): the thing a bundle makes, made on first use and kept. Each loader
 * keeps its own `require` (esbuild.mjs turns that one into a require of the sibling bundle) and passes what to make
 * from it.
 */
export abstract class LazyBundle<T> {
  private made: T | undefined;

  protected constructor(private readonly make: () => T) {}

  /** Whether the bundle's code has been loaded (and its thing made). */
  get isLoaded(): boolean {
    return this.made !== undefined;
  }

  /** The thing, loading the bundle and making it on first use. */
  protected get loaded(): T {
    return (this.made ??= this.make());
  }

  /** The thing if it has been made; nothing is loaded. */
  protected get ifLoaded(): T | undefined {
    return this.made;
  }

  /** Lets go of the thing (a later use makes it again); returns it so that the caller may dispose of it. */
  protected unload(): T | undefined {
    const made = this.made;
    this.made = undefined;
    return made;
  }
}
