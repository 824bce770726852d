/**
 * A panel's state in one place: a value changed only by its reducer (a pure function of the state and an action),
 * and listeners that each watch one slice of it. After every action a listener runs only when its slice is another
 * value than before (compared with Object.is, or its own `equals`): the reducer returns the same objects for what it
 * did not change, so a component renders only when what it shows changed.
 */
export type Reducer<S, A> = (state: S, action: A) => S;

interface Watch<S> {
  select: (state: S) => unknown;
  equals: (a: unknown, b: unknown) => boolean;
  last: unknown;
  run: (slice: unknown, state: S) => void;
}

export class Store<S, A> {
  private current: S;
  private readonly watches = new Set<Watch<S>>();
  private dispatching = false;
  private readonly queued: A[] = [];

  constructor(
    initial: S,
    private readonly reducer: Reducer<S, A>,
    /** Runs after every change of the state, before the listeners (e.g. to save it). */
    private readonly onChange?: (state: S, previous: S) => void,
  ) {
    this.current = initial;
  }

  get state(): S {
    return this.current;
  }

  /** Applies an action; an action dispatched by a listener meanwhile runs after this one's listeners. */
  dispatch(action: A): void {
    this.queued.push(action);
    if (this.dispatching) return;
    this.dispatching = true;
    try {
      while (this.queued.length) {
        const previous = this.current;
        const next = this.reducer(previous, this.queued.shift()!);
        if (next === previous) continue;
        this.current = next;
        this.onChange?.(next, previous);
        for (const w of [...this.watches]) {
          if (!this.watches.has(w)) continue;
          const slice = w.select(next);
          if (w.equals(slice, w.last)) continue;
          w.last = slice;
          w.run(slice, next);
        }
      }
    } finally {
      this.dispatching = false;
    }
  }

  /** Calls `run` now with the slice, and again whenever it changes; returns a function that stops it. */
  watch<T>(
    select: (state: S) => T,
    run: (slice: T, state: S) => void,
    equals: (a: T, b: T) => boolean = Object.is,
  ): () => void {
    const w: Watch<S> = {
      select,
      equals: equals as (a: unknown, b: unknown) => boolean,
      last: select(this.current),
      run: run as (slice: unknown, state: S) => void,
    };
    this.watches.add(w);
    run(w.last as T, this.current);
    return () => this.watches.delete(w);
  }
}

/** Equal when both arrays hold the same items (Object.is), in order: for slices made of several values. */
export function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
}
