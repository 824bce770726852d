/**
 * One-pass checks compiled from zod schemas, for answers that pass unchanged: `compileCheck(schema)` gives a function
 * that says whether zod would accept a value *and return it as it is* (no transform, default or coercion, no key
 * stripped), walking the value once without building a copy or an issue list. A schema it does not cover in full
 * (a transform, a pipe, a default, a strict object, an unknown kind) compiles to `undefined`, and zod parses as before;
 * so does any value the check refuses, so that the words for what is wrong still come from zod (zodParse.ts). The
 * unit tests hold it to zod on the indexer's answers and thousands of altered ones: it never accepts what zod refuses.
 */

/** What the compiler reads of a zod (v4 core) schema: its definition and its own checks. */
interface Node {
  _zod: {
    def: Def;
    traits: Set<string>;
    innerType?: Node;
    check?: (payload: Payload) => unknown;
  };
}
interface Def {
  type: string;
  checks?: Node[];
  coerce?: boolean;
  innerType?: Node;
  element?: Node;
  shape?: Record<string, Node>;
  catchall?: Node;
  options?: Node[];
  entries?: Record<string, unknown>;
  values?: unknown[];
}
interface Payload {
  value: unknown;
  issues: unknown[];
}

export type Check = (value: unknown) => boolean;

const compiled = new WeakMap<object, Check | null>();

/** The check for `schema`, compiled once and kept; undefined when the schema is not one it covers. */
export function compileCheck(schema: unknown): Check | undefined {
  const key = schema as object;
  let check = compiled.get(key);
  if (check === undefined) {
    check = build(schema as Node, { open: new Set(), inUnion: false }) ?? null;
    compiled.set(key, check);
  }
  return check ?? undefined;
}

/** Objects zod reads as objects: not null, not arrays. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What is being compiled: the nodes open on the way down (a node met again is a recursive schema, left to zod), and
 * whether this is under a union. Zod takes a union's first option that parses, and a stripping object parses a value
 * with other keys (dropping them), so under a union such an object is left to zod: else a later, loose option could
 * pass the value unchanged where zod returns the first option's copy.
 */
interface Walk {
  open: Set<Node>;
  inUnion: boolean;
}

function build(node: Node, walk: Walk): Check | undefined {
  const { open } = walk;
  if (open.has(node)) return undefined;
  open.add(node);
  try {
    const base = baseCheck(node, walk);
    if (!base) return undefined;
    const checks = withOwnChecks(node);
    if (!checks) return undefined;
    if (checks.length === 0) return base;
    if (checks.length === 1) {
      const only = checks[0]!;
      return (v) => base(v) && only(v);
    }
    return (v) => base(v) && checks.every((c) => c(v));
  } finally {
    open.delete(node);
  }
}

/** The node's checks (regex, length, refinements…) run as zod runs them, on a throwaway payload. */
function withOwnChecks(node: Node): Check[] | undefined {
  const list = [...(node._zod.def.checks ?? [])];
  if (node._zod.traits.has('$ZodCheck')) list.unshift(node); // z.custom is its own check
  const out: Check[] = [];
  for (const c of list) {
    const run = c._zod.check;
    // An overwrite (trim, toLowerCase…) changes the value: zod's answer would not be the value as it is.
    if (typeof run !== 'function' || (c._zod.def as { check?: string }).check === 'overwrite') return undefined;
    const direct = directCheck(c);
    if (direct) {
      out.push(direct);
      continue;
    }
    out.push((value) => {
      const payload: Payload = { value, issues: [] };
      const result = run(payload);
      return !(result instanceof Promise) && payload.issues.length === 0 && payload.value === value;
    });
  }
  return out;
}

/**
 * The two checks the answers use most, run without zod's payload: `z.custom(fn)` passes when `fn` returns a truthy
 * value that is not a promise, and `z.regex(pattern)` when the pattern matches from the start of its search, as zod's
 * own check functions decide (zod v4 core, `$ZodCustom` and `$ZodCheckRegex`). Anything else runs zod's check.
 */
function directCheck(c: Node): Check | undefined {
  const def = c._zod.def as { fn?: unknown; pattern?: unknown };
  if (c._zod.traits.has('$ZodCustom') && typeof def.fn === 'function') {
    const fn = def.fn as (v: unknown) => unknown;
    return (v) => {
      const r = fn(v);
      return !!r && !(r instanceof Promise);
    };
  }
  if (c._zod.traits.has('$ZodCheckRegex') && def.pattern instanceof RegExp) {
    const pattern = def.pattern;
    return (v) => {
      pattern.lastIndex = 0;
      return pattern.test(v as string);
    };
  }
  return undefined;
}

function baseCheck(node: Node, walk: Walk): Check | undefined {
  const def = node._zod.def;
  if (def.coerce) return undefined;
  switch (def.type) {
    case 'string':
      return (v) => typeof v === 'string';
    case 'number':
      return (v) => typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'unknown':
    case 'any':
    case 'custom':
      return () => true;
    case 'literal': {
      const values = new Set(def.values);
      return (v) => values.has(v);
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}));
      return (v) => values.has(v);
    }
    case 'optional':
    case 'nullable':
      return wrapper(def, walk);
    case 'lazy':
      return node._zod.innerType ? build(node._zod.innerType, walk) : undefined;
    case 'array': {
      const element = def.element && build(def.element, walk);
      return (
        element &&
        ((v) => {
          if (!Array.isArray(v)) return false;
          for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
          return true;
        })
      );
    }
    case 'union': {
      const options = (def.options ?? []).map((o) => build(o, { ...walk, inUnion: true }));
      if (options.length === 0 || options.some((o) => !o)) return undefined;
      const all = options as Check[];
      return (v) => all.some((o) => o(v));
    }
    case 'object':
      return objectCheck(def, walk);
    default:
      return undefined;
  }
}

function wrapper(def: Def, walk: Walk): Check | undefined {
  const inner = def.innerType && build(def.innerType, walk);
  if (!inner) return undefined;
  return def.type === 'optional' ? (v) => v === undefined || inner(v) : (v) => v === null || inner(v);
}

/**
 * An object: every field of the shape checked (a missing key is `undefined`, which only an optional field takes);
 * other keys are what a loose object keeps as they are. A stripping object (zod's default) passes unchanged only
 * without other keys (and is left to zod under a union); a strict object, or a catch-all with a schema, is left to zod.
 */
function objectCheck(def: Def, walk: Walk): Check | undefined {
  const shape = def.shape ?? {};
  const keys = Object.keys(shape);
  const checks: Check[] = [];
  for (const key of keys) {
    const check = build(shape[key]!, walk);
    if (!check) return undefined;
    checks.push(check);
  }
  const catchall = def.catchall?._zod.def.type;
  if (catchall !== undefined && catchall !== 'unknown' && catchall !== 'any') return undefined;
  const loose = catchall !== undefined;
  if (!loose && walk.inUnion) return undefined;
  const known = new Set(Object.keys(shape));
  return (v) => {
    if (!isRecord(v)) return false;
    for (let i = 0; i < keys.length; i++) if (!checks[i]!(v[keys[i]!])) return false;
    if (!loose) for (const key in v) if (!known.has(key)) return false;
    return true;
  };
}
