/**
 * A schema built on first use (src/core/lazySchema.ts) reads exactly as the schema it builds: the same answers and the
 * same words from zod, inside other schemas, through the one-pass check and `instanceof`; it builds nothing before a
 * read and builds once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { lazySchema } from '../../src/core/lazySchema';
import { compileCheck } from '../../src/core/fastCheck';
import { parseWith } from '../../src/core/zodParse';

const shape = () =>
  z.looseObject({
    height: z.string().check(z.regex(/^\d+$/)),
    hash: z.string(),
    txs: z.optional(z.array(z.looseObject({ code: z.number() }))),
  });

test('builds nothing until read, then once', () => {
  let builds = 0;
  const s = lazySchema(() => {
    builds++;
    return shape();
  });
  const inner = lazySchema(() => {
    builds++;
    return z.string();
  });
  assert.equal(builds, 0);
  assert.equal(s.safeParse({ height: '1', hash: 'a' }).success, true);
  assert.equal(builds, 1);
  s.parse({ height: '2', hash: 'b' });
  assert.equal(builds, 1);
  // Put into another schema that is being built: read then, not before.
  const outer = lazySchema(() => z.array(inner));
  assert.equal(builds, 1);
  assert.deepEqual(outer.parse(['x']), ['x']);
  assert.equal(builds, 2);
});

test('the same answers and the same words as the schema built at once', () => {
  const eager = shape();
  const lazy = lazySchema(shape);
  const values: unknown[] = [
    { height: '12', hash: '0xab', extra: 1 },
    { height: 12, hash: '0xab' },
    { height: '1x', hash: null },
    { height: '1', hash: 'h', txs: [{ code: 0 }, { code: '1' }] },
    null,
    [],
    'text',
  ];
  for (const v of values) {
    const a = eager.safeParse(v);
    const b = lazy.safeParse(v);
    assert.equal(b.success, a.success, JSON.stringify(v));
    assert.deepEqual(b.data, a.data);
    assert.deepEqual(b.error?.issues, a.error?.issues);
    const wordsOf = (s: z.ZodMiniType) => {
      try {
        return parseWith(s, v, 'the answer');
      } catch (e) {
        return (e as Error).message;
      }
    };
    assert.deepEqual(wordsOf(lazy), wordsOf(eager));
  }
});

test('composes, inspects and checks as the built schema: shape, instanceof, the one-pass check', () => {
  const lazy = lazySchema(shape);
  const inUnion = z.union([lazySchema(() => z.number()), lazy]);
  assert.equal(inUnion.safeParse(3).success, true);
  assert.equal(inUnion.safeParse({ height: '3', hash: 'h' }).success, true);
  assert.equal(inUnion.safeParse({ height: 3 }).success, false);
  assert.ok(lazy instanceof z.ZodMiniObject);
  assert.ok('hash' in lazy.shape);
  assert.equal(lazy._zod.def.type, 'object');
  const check = compileCheck(lazy);
  assert.ok(check, 'the one-pass check covers it');
  assert.equal(check({ height: '1', hash: 'h' }), true);
  assert.equal(check({ height: 'one', hash: 'h' }), false);
  const nested = compileCheck(lazySchema(() => z.array(lazy)));
  assert.equal(nested?.([{ height: '1', hash: 'h' }]), true);
  assert.equal(nested?.([{ height: '1' }]), false);
  // Reflection: the keys and property descriptors of the schema itself, readable without breaking a proxy's rules.
  assert.ok(Reflect.ownKeys(lazy).includes('_zod'));
  assert.equal(Object.getOwnPropertyDescriptor(lazy, '_zod')?.value, lazy._zod);
  assert.doesNotThrow(() => ({ ...lazy }));
});

test("loading the core and the pages' protocols builds no schema: every one waits for its first use", async () => {
  // zod hands every schema it constructs to its post-processor (the hook `zod/compile` installs), read here as a count.
  const config = (globalThis as { __zod_globalConfig?: { postProcessor?: (inst: unknown) => void } })
    .__zod_globalConfig;
  assert.ok(config, "zod's global configuration");
  const built: string[] = [];
  const previous = config.postProcessor;
  config.postProcessor = (inst) => built.push(String((inst as { _zod: { def: { type: string } } })._zod.def.type));
  try {
    z.string();
    assert.deepEqual(built, ['string'], 'the count sees a schema being built');
    built.length = 0;
    const src = join(__dirname, '..', '..', 'src');
    const modules = [
      ...jsFiles(join(src, 'core')),
      ...readdirSync(src, { recursive: true, encoding: 'utf8' })
        .filter((f) => /(^|[/\\])protocol[A-Za-z]*\.js$/.test(f))
        .map((f) => join(src, f)),
      join(src, 'webview', 'rpc.js'),
    ];
    assert.ok(modules.length > 100, `${modules.length} modules`);
    const before = new Set(Object.keys(require.cache));
    for (const m of modules) await import(m);
    assert.ok(Object.keys(require.cache).length > before.size, 'the modules were loaded here');
    assert.deepEqual(built, [], 'schemas built while loading');
  } finally {
    config.postProcessor = previous;
  }
});

/** The compiled modules under `dir` (not their maps). */
function jsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(dir, f));
}

test('a build that throws throws again on the next read, and keeps nothing half-built', () => {
  let calls = 0;
  const s = lazySchema<z.ZodMiniString>(() => {
    calls++;
    if (calls === 1) throw new Error('not yet');
    return z.string();
  });
  assert.throws(() => s.parse('a'), /not yet/);
  assert.equal(s.parse('a'), 'a');
  assert.equal(calls, 2);
});
