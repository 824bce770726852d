/**
 * The one-pass check (src/core/fastCheck.ts) against zod itself: on the fake indexer's real answers and on thousands
 * of altered ones (a field removed, made null, given another type, a key added, an array where an object is), it
 * never accepts a value zod refuses or would return changed, and accepts what zod returns unchanged. Schemas it does
 * not cover in full compile to nothing, so zod parses them; a refused value still gets zod's words.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod/mini';
import { startFakeIndexer, type FakeIndexer } from '../fixtures/fakeIndexer';
import { prng } from '../fixtures/chainData';
import * as S from '../../src/core/indexer/schemas';
import { compileCheck } from '../../src/core/fastCheck';
import { parseWith } from '../../src/core/zodParse';
import { SchemaError } from '../../src/core/errors';

let evm: FakeIndexer;
let move: FakeIndexer;
/** Real answers of the fake indexer, each with the schema the client parses it with. */
const answers: { what: string; schema: z.ZodMiniType; body: unknown }[] = [];

/** A JSON answer, read loosely to find the next path (the schema checks it). */
type Answer = Record<string, Record<string, string>[]>;

async function answer(fake: FakeIndexer, what: string, schema: z.ZodMiniType, path: string): Promise<Answer> {
  const res = await fetch(`${fake.url}${path}`);
  assert.equal(res.status, 200, `${what}: ${path}`);
  const body: unknown = await res.json();
  answers.push({ what, schema, body });
  return body as Answer;
}

before(async () => {
  evm = await startFakeIndexer({ blocks: 40 });
  move = await startFakeIndexer({ blocks: 40, evm: false, chainId: 'move-fake-1' });
  await answer(evm, 'status', S.Status, '/status');
  const { blocks } = await answer(evm, 'blocks', S.BlocksResponse, '/indexer/block/v1/blocks?pagination.limit=20');
  const height = blocks!.find((b) => Number(b.tx_count) > 0)!.height;
  await answer(evm, 'block', S.BlockResponse, `/indexer/block/v1/blocks/${height}`);
  const { txs } = await answer(evm, 'txs', S.TxsResponse, `/indexer/tx/v1/txs/by_height/${height}`);
  await answer(evm, 'tx', S.TxResponse, `/indexer/tx/v1/txs/${txs![0]!.txhash}`);
  await answer(evm, 'evm txs', S.EvmTxsResponse, '/indexer/tx/v1/evm-txs?pagination.limit=20');
  const { collections } = await answer(
    move,
    'collections',
    S.CollectionsResponse,
    '/indexer/nft/v1/collections?pagination.limit=20',
  );
  const address = collections![0]!.object_addr;
  await answer(move, 'collection', S.CollectionResponse, `/indexer/nft/v1/collections/${address}`);
  const denom = move.data.denomRecords.find((d) => d.holders.some((h) => h.amount < 0n))!.denom;
  await answer(move, 'holders', S.HoldersResponse, `/indexer/richlist/v1/${encodeURIComponent(denom)}`);
});
after(async () => {
  await evm.close();
  await move.close();
});

/** What zod makes of a value: refused, accepted unchanged, or accepted as something else. */
function zodSays(schema: z.ZodMiniType, value: unknown): 'refused' | 'same' | 'changed' {
  const r = schema.safeParse(value);
  if (!r.success) return 'refused';
  try {
    assert.deepStrictEqual(r.data, value);
    return 'same';
  } catch {
    return 'changed';
  }
}

/** Every path to a value inside `v` (object keys and array indexes). */
function paths(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.slice(0, 3).forEach((item, i) => paths(item, [...at, i], out));
  else if (v && typeof v === 'object') for (const k of Object.keys(v)) paths((v as never)[k], [...at, k], out);
  return out;
}

const REPLACEMENTS: unknown[] = [null, undefined, 0, -1, 1.5, '', '12', '-7', 'x', true, [], {}, [1], { a: 1 }, '0x'];

/** A copy of `body` with one change at `path`: a replacement, the key removed, or a key added beside it (in an
 *  object: an array with a named key is no JSON answer). */
function altered(body: unknown, path: (string | number)[], rnd: () => number): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  if (path.length === 0) return REPLACEMENTS[Math.floor(rnd() * REPLACEMENTS.length)];
  let parent = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  const roll = rnd();
  if (roll < 0.15 && !Array.isArray(parent)) delete parent[last];
  else if (roll < 0.25 && !Array.isArray(parent)) parent[`extra_${Math.floor(rnd() * 100)}`] = 'added';
  else parent[last] = REPLACEMENTS[Math.floor(rnd() * REPLACEMENTS.length)];
  return copy;
}

test('every answer the client parses compiles to a check that takes it unchanged, as zod does', () => {
  assert.ok(answers.length >= 9);
  for (const { what, schema, body } of answers) {
    const check = compileCheck(schema);
    assert.ok(check, `${what}: compiled`);
    assert.equal(zodSays(schema, body), 'same', `${what}: zod returns it unchanged`);
    assert.equal(check(body), true, what);
    assert.equal(parseWith(schema, body, 'indexer'), body, `${what}: returned as it is, no copy`);
  }
});

test('thousands of altered answers: never accepted where zod refuses or changes them; accepted where zod keeps them', () => {
  const rnd = prng(20261128);
  let refused = 0;
  let kept = 0;
  for (const { what, schema, body } of answers) {
    const check = compileCheck(schema)!;
    const all = paths(body);
    for (let i = 0; i < 600; i++) {
      const path = all[Math.floor(rnd() * all.length)]!;
      const value = altered(body, path, rnd);
      const zod = zodSays(schema, value);
      const ours = check(value);
      const where = `${what} at ${JSON.stringify(path)}: ${JSON.stringify(value)?.slice(0, 200)}`;
      if (ours) assert.equal(zod, 'same', `accepted what zod ${zod === 'refused' ? 'refuses' : 'changes'}: ${where}`);
      else assert.notEqual(zod, 'same', `refused what zod keeps: ${where}`);
      if (zod === 'refused') refused++;
      if (zod === 'same') kept++;
    }
  }
  assert.ok(refused > 1000 && kept > 1000, `both kinds met: ${refused} refused, ${kept} kept`);
});

test('a refused answer still gets zod’s words for the first field that is off', () => {
  const blocks = structuredClone(answers.find((a) => a.what === 'blocks')!.body) as { blocks: { height: unknown }[] };
  blocks.blocks[3]!.height = 'twelve';
  assert.throws(
    () => parseWith(S.BlocksResponse, blocks, 'indexer'),
    (e: unknown) => e instanceof SchemaError && /blocks\[3\]\.height/.test(e.message) && /whole number/.test(e.message),
  );
});

test('what it does not cover compiles to nothing (zod parses it): transforms, defaults, strict objects, recursion', () => {
  assert.equal(
    compileCheck(
      z.pipe(
        z.string(),
        z.transform((s) => s.length),
      ),
    ),
    undefined,
  );
  assert.equal(compileCheck(z.object({ a: z._default(z.string(), 'x') })), undefined);
  assert.equal(compileCheck(z.strictObject({ a: z.string() })), undefined);
  assert.equal(compileCheck(z.looseObject({ a: z.string().check(z.trim()) })), undefined, 'an overwrite check');
  assert.equal(compileCheck(z.string({}).check(z.toLowerCase())), undefined);
  type Tree = { kids: Tree[] };
  const tree: z.ZodMiniType<Tree> = z.object({ kids: z.array(z.lazy(() => tree)) });
  assert.equal(compileCheck(tree), undefined);
  assert.ok(compileCheck(z.object({ a: z.string() })), 'a plain object is covered');
});

test('a stripping object passes unchanged only without other keys; under a union it is left to zod', () => {
  const strip = compileCheck(z.object({ a: z.string() }))!;
  assert.equal(strip({ a: 'x' }), true);
  assert.equal(strip({ a: 'x', b: 1 }), false, 'zod would drop b: not unchanged');
  // Zod takes the first option that parses: the stripping one, which drops b. Passing the value on unchanged as the
  // loose option allows would differ from zod.
  const union = z.union([z.object({ a: z.string() }), z.looseObject({ a: z.string(), b: z.number() })]);
  assert.equal(compileCheck(union), undefined);
  const loose = compileCheck(z.union([z.looseObject({ a: z.string() }), z.number()]))!;
  assert.equal(loose({ a: 'x', b: 1 }), true);
  assert.equal(loose('x'), false);
});

test('a custom check and a regex run as zod runs them: any truthy answer passes, a promise is left to zod, a g regex from its start', () => {
  const truthy = z.custom<number>((v) => (v === 1 ? 'yes' : v === 2 ? 0 : undefined));
  const check = compileCheck(truthy)!;
  for (const v of [1, 2, 3]) assert.equal(check(v), zodSays(truthy, v) === 'same', String(v));
  assert.equal(compileCheck(z.custom(() => Promise.resolve(true)))!(1), false, 'a promise: zod decides');
  const global = z.string().check(z.regex(/^a+$/g));
  const again = compileCheck(global)!;
  for (const v of ['aa', 'aa', 'ab', 'aaa']) assert.equal(again(v), zodSays(global, v) === 'same', v);
});

test('hostile shapes: arrays for objects, inherited keys, non-finite numbers, a __proto__ key', () => {
  const check = compileCheck(S.BlockResponse)!;
  assert.equal(check([]), false);
  assert.equal(check({ block: [] }), false, 'an array is not an object');
  assert.equal(check(Object.create({ block: answers.find((a) => a.what === 'block')!.body })), false);
  assert.equal(compileCheck(z.number())!(Infinity), false);
  assert.equal(compileCheck(z.number())!(NaN), false);
  const proto = JSON.parse('{"__proto__": {"height": 1}, "block": 5}');
  assert.equal(check(proto), zodSays(S.BlockResponse, proto) === 'same');
});
