/**
 * A zod schema built on first use. Building a zod schema is not free (each of its parts runs zod's constructor: some
 * 15-30 µs cold), and the features bundle declares some six hundred parts at its top level, most of which a session
 * never parses with. `lazySchema(() => z.looseObject({...}))` builds nothing until the schema is first read (parsed
 * with, put into another schema that is being built, inspected) and then stands for the one it built: every read goes
 * to that schema, so zod, `instanceof` and the one-pass checks (fastCheck.ts) see it as it is. Unlike `z.lazy`, which
 * is itself a schema built at once and adds a step to every parse, it costs a closure until then.
 *
 * The schema is built once; a build that throws throws again on the next read (nothing half-built is kept).
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  return new Proxy(Object.create(null) as T, {
    get: (_target, key) => Reflect.get(real(), key),
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    ownKeys: () => Reflect.ownKeys(real()),
    // The stand-in's own (empty, extensible) object holds none of the schema's properties, so a proxy may not report
    // one as fixed (zod's `_zod` is): reported as configurable, which changes nothing a reader of the value sees.
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
