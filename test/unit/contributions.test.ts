/**
 * package.json and the code agree: commands, views, context values and keys, and settings are declared once in
 * package.json and once in src/platform (ids.ts, settingsSpec.ts); these tests hold the two to each other, so a
 * renamed id or a new setting cannot drift apart silently.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { Command, ContextKey, ContextValue, Tool, ViewId } from '../../src/platform/ids';
import { SETTINGS, coerce, type SettingSpec } from '../../src/platform/settingsSpec';
import { TOOL_INPUTS } from '../../src/tools/inputs';

const root = join(__dirname, '..', '..', '..');

interface Pkg {
  l10n?: string;
  capabilities: { untrustedWorkspaces: { supported: boolean | 'limited'; restrictedConfigurations: string[] } };
  contributes: {
    commands: Array<{ command: string }>;
    views: Record<string, Array<{ id: string }>>;
    menus: Record<string, Array<{ command: string; when?: string }>>;
    viewsWelcome: Array<{ view: string; when?: string }>;
    languageModelTools: Array<{
      name: string;
      displayName: string;
      userDescription: string;
      modelDescription: string;
      toolReferenceName?: string;
      tags: string[];
      inputSchema: object;
    }>;
    configuration: {
      properties: Record<
        string,
        {
          type: string | string[];
          default: unknown;
          minimum?: number;
          maximum?: number;
          scope?: string;
          items?: { type?: string };
          enum?: string[];
        }
      >;
    };
  };
}
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Pkg;
const c = pkg.contributes;

/** Every `when` clause of the contributions. */
const whens = [...Object.values(c.menus).flat(), ...c.viewsWelcome].map((m) => m.when).filter((w): w is string => !!w);

/** The text of every source file under src/ except the ids module itself. */
const sources = (readdirSync(join(root, 'src'), { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.endsWith(join('platform', 'ids.ts')))
  .map((f) => readFileSync(join(root, 'src', f), 'utf8'))
  .join('\n');

test('every contributed command is a Command, and every Command is contributed', () => {
  const declared = c.commands.map((x) => x.command).sort();
  assert.deepEqual(declared, Object.values(Command).sort());
});

test('menus name only contributed commands', () => {
  const known = new Set<string>(Object.values(Command));
  for (const [menu, items] of Object.entries(c.menus))
    for (const item of items) assert.ok(known.has(item.command), `${menu}: ${item.command}`);
});

test('the views are the ViewId enum, and every `view == …` clause names one', () => {
  assert.deepEqual(
    Object.values(c.views)
      .flat()
      .map((v) => v.id)
      .sort(),
    Object.values(ViewId).sort(),
  );
  const viewIds = new Set<string>(Object.values(ViewId));
  for (const w of c.viewsWelcome) assert.ok(viewIds.has(w.view), w.view);
  for (const w of whens)
    for (const [, id] of w.matchAll(/\bview == ([\w.]+)/g)) assert.ok(viewIds.has(id!), `${w}: ${id}`);
});

test('every `viewItem == …` names a context value the code sets; every `viewItem =~ /…/` matches at least one', () => {
  const values: string[] = Object.values(ContextValue);
  let equals = 0;
  let patterns = 0;
  for (const w of whens) {
    for (const [, v] of w.matchAll(/\bviewItem == ([\w.]+)/g)) {
      equals++;
      assert.ok(values.includes(v!), `${w}: "${v}" is not a ContextValue`);
    }
    for (const [, source] of w.matchAll(/\bviewItem =~ \/((?:[^/\\]|\\.)+)\//g)) {
      patterns++;
      const re = new RegExp(source!);
      assert.ok(
        values.some((v) => re.test(v)),
        `${w}: /${source}/ matches no ContextValue`,
      );
    }
  }
  assert.ok(equals > 0 && patterns > 0, 'the clauses were found');
  // "Sets": each member is used by the code (tree rows assign ContextValue.X; a lint rule forbids string literals).
  for (const [name] of Object.entries(ContextValue))
    assert.match(sources, new RegExp(`ContextValue\\.${name}\\b`), `ContextValue.${name} is never set`);
});

test('every initia.* context key in a `when` clause is a ContextKey the code sets', () => {
  const keys: string[] = Object.values(ContextKey);
  let found = 0;
  for (const w of whens) {
    // What is left once the comparisons with view ids, row context values and schemes are taken out: context keys.
    const rest = w
      .replace(/\b(view|viewItem|resourceScheme) == [\w.]+/g, '')
      .replace(/\bviewItem =~ \/(?:[^/\\]|\\.)+\//g, '');
    for (const [key] of rest.matchAll(/\binitia\.[\w.]+/g)) {
      found++;
      assert.ok(keys.includes(key), `${w}: ${key} is not a ContextKey`);
    }
  }
  assert.ok(found > 0, 'the keys were found');
  for (const [name] of Object.entries(ContextKey))
    assert.match(sources, new RegExp(`ContextKey\\.${name}\\b`), `ContextKey.${name} is never set`);
});

test('the settings table is package.json’s configuration: keys, types, defaults and ranges', () => {
  const props = c.configuration.properties;
  assert.deepEqual(
    Object.keys(props).sort(),
    Object.keys(SETTINGS)
      .map((k) => `initia.${k}`)
      .sort(),
  );
  const typeOf: Record<SettingSpec['kind'], string> = {
    number: 'number',
    boolean: 'boolean',
    string: 'string',
    choice: 'string',
    stringList: 'array',
    listsByKey: 'object',
    list: 'array',
  };
  for (const [key, spec] of Object.entries(SETTINGS) as Array<[string, SettingSpec]>) {
    const p = props[`initia.${key}`]!;
    assert.equal(Array.isArray(p.type) ? p.type[0] : p.type, typeOf[spec.kind], key);
    assert.deepEqual(p.default, spec.default, key);
    if (spec.kind === 'number') {
      assert.equal(p.minimum, spec.minimum, `${key} minimum`);
      assert.equal(p.maximum, spec.maximum, `${key} maximum`);
    }
    if (spec.kind === 'stringList') assert.equal(p.items?.type, 'string', key);
    if (spec.kind === 'choice') assert.deepEqual(p.enum, spec.values, `${key} enum`);
    // Settings that choose endpoints are the user's alone: application scope, restricted in untrusted workspaces.
    assert.equal(
      p.scope === 'application',
      spec.userOnly === true,
      `${key}: scope ${p.scope ?? 'window'} vs userOnly ${spec.userOnly === true}`,
    );
  }
  const restricted = pkg.capabilities.untrustedWorkspaces;
  assert.equal(restricted.supported, 'limited', 'browsing works in Restricted Mode');
  assert.deepEqual(
    [...restricted.restrictedConfigurations].sort(),
    (Object.entries(SETTINGS) as Array<[string, SettingSpec]>)
      .filter(([, s]) => s.userOnly)
      .map(([k]) => `initia.${k}`)
      .sort(),
  );
});

test('settings are coerced to their type and clamped to the declared range', () => {
  assert.equal(
    coerce('statusBar.refreshSeconds', 'x'),
    30,
    'a string that is no number: the default, never a 1 ms timer',
  );
  assert.equal(coerce('statusBar.refreshSeconds', 0.001), 10);
  assert.equal(coerce('statusBar.refreshSeconds', 1e9), 3600);
  assert.equal(coerce('requestTimeoutMs', 0), 1000, 'a zero timeout would fail every request');
  assert.equal(coerce('requestTimeoutMs', '20000'), 20_000);
  assert.equal(coerce('pageSize', 12.6), 13);
  assert.equal(coerce('pageSize', -5), 1);
  assert.equal(coerce('pageSize', Number.NaN), 50);
  assert.equal(coerce('pageSize', Infinity), 50);
  assert.equal(coerce('maxResponseBytes', null), 8_388_608);
  assert.equal(coerce('hover.enabled', 'false'), true, 'only a boolean is a boolean');
  assert.equal(coerce('hover.enabled', false), false);
  assert.equal(coerce('activeNetwork', '  Initia Testnet '), 'Initia Testnet');
  assert.equal(coerce('activeNetwork', ''), 'Initia Mainnet');
  assert.equal(coerce('activeNetwork', 7), 'Initia Mainnet');
  assert.deepEqual(
    coerce('richList.denoms', {
      'Local demo': [' GAS', 'GAS', '', 3],
      'Initia Mainnet': ['uinit'],
      ' ': ['x'],
      bad: 'uinit',
    }),
    { 'Local demo': ['GAS'], 'Initia Mainnet': ['uinit'] },
  );
  assert.deepEqual(
    coerce('richList.denoms', [' uinit', 'uinit', '', 3, null, 'evm/0xab']),
    { '*': ['uinit', 'evm/0xab'] },
    "an older plain list is every network's",
  );
  assert.deepEqual(coerce('richList.denoms', 'uinit'), {});
  assert.deepEqual(coerce('networks', { name: 'x' }), []);
  assert.deepEqual(coerce('networks', [{ name: 'x' }]), [{ name: 'x' }]);
  assert.equal(coerce('http.transport', 'direct'), 'direct');
  assert.equal(coerce('http.transport', 'carrier pigeon'), 'auto');
});

test('l10n/bundle.l10n.json holds every string the code localises (npm run l10n:export makes it)', () => {
  const bundle = JSON.parse(readFileSync(join(root, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<string, string>;
  const missing: string[] = [];
  for (const [, text] of sources.matchAll(/\bl10n\.t\(\s*'((?:[^'\\]|\\.)*)'/g)) {
    const message = text!.replace(/\\'/g, "'").replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
    if (!(message in bundle)) missing.push(message);
  }
  assert.deepEqual(missing, [], 'run npm run l10n:export');
  assert.equal(pkg.l10n, './l10n');
});

test('welcome content is plain text and links only (VS Code shows backticks and asterisks there as they are)', () => {
  const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
  const contents = (c.viewsWelcome as Array<{ contents?: string }>).map((w) => {
    const key = /^%(.+)%$/.exec(w.contents ?? '')?.[1];
    return key ? nls[key]! : (w.contents ?? '');
  });
  assert.ok(contents.length >= 2);
  for (const text of contents) {
    const withoutLinks = text.replace(/\[[^\]]*\]\([^)]*\)/g, '');
    assert.doesNotMatch(withoutLinks, /[`*_]/, `markdown that would show as it is: ${text}`);
  }
});

test('a view-title command is not also a row command (VS Code hands a title button the focused row: one command cannot tell them apart)', () => {
  const title = new Set(c.menus['view/title']!.map((m) => m.command));
  const rows = c.menus['view/item/context']!.map((m) => m.command).filter(
    (id) => title.has(id) && id !== 'initia.collections.clearFilter',
  );
  assert.deepEqual(rows, []);
});

/** A JSON schema without its `description`s (package.json's carry them; the zod schemas do not). */
function withoutDescriptions(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutDescriptions);
  if (!v || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([k]) => k !== 'description')
      .map(([k, x]) => [k, withoutDescriptions(x)]),
  );
}

test('the language-model tools are the Tool enum, each with its input schema (from the zod schema) and localised texts', () => {
  const tools = c.languageModelTools;
  assert.deepEqual(tools.map((t) => t.name).sort(), Object.values(Tool).sort());
  const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
  for (const t of tools) {
    const { $schema: _, ...schema } = z.toJSONSchema(TOOL_INPUTS[t.name as Tool], { io: 'input' }) as Record<
      string,
      unknown
    >;
    assert.deepEqual(
      withoutDescriptions(t.inputSchema),
      schema,
      `${t.name}: package.json's inputSchema has the zod schema's shape (src/tools/inputs.ts)`,
    );
    const props = (t.inputSchema as { properties: Record<string, { description?: string }> }).properties;
    for (const [field, p] of Object.entries(props))
      assert.ok((p.description ?? '').length > 20, `${t.name}.${field}: described for the model`);
    const text = (key: 'displayName' | 'userDescription' | 'modelDescription') => {
      const m = /^%(.+)%$/.exec(t[key]);
      assert.ok(m && nls[m[1]!], `${t.name}.${key}: a %key% of package.nls.json`);
      return nls[m[1]!]!;
    };
    assert.ok(text('modelDescription').length > 300 && text('userDescription').length > 0, t.name);
    assert.ok(t.tags.includes('read-only'), t.name);
    // Nothing that sends, signs, registers or changes settings is offered to a model.
    assert.doesNotMatch(`${t.name} ${text('displayName')}`, /send|sign|broadcast|track|setting|select|write|delete/i);
  }
  // Each has its runner: `RUNS` in src/tools/tools.ts is a Record<Tool, Run>, so the compiler holds that side.
});

test('the walkthrough has a step for each thing a new user meets (issue 34), each with its page, and names the demo `npm start` makes active', () => {
  const raw = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    contributes: {
      walkthroughs: Array<{
        steps: Array<{ id: string; description: string; media: { markdown?: string }; completionEvents?: string[] }>;
      }>;
    };
  };
  const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
  const steps = raw.contributes.walkthroughs[0]!.steps;
  const text = (s: string) => (s.startsWith('%') ? (nls[s.slice(1, -1)] ?? '') : s);
  const commandsOf = (s: (typeof steps)[number]) =>
    [...text(s.description).matchAll(/\(command:([\w.]+)\)/g)].map((m) => m[1]);
  const covered = new Set(steps.flatMap(commandsOf));
  for (const command of [
    'initia.explainTransaction',
    'initia.callContract',
    'initia.watchTransaction',
    'workbench.action.terminal.new',
  ])
    assert.ok(covered.has(command), `a step runs ${command}`);
  assert.ok(
    steps.some((s) => /Solidity line/.test(text(s.description))),
    'a step for the Solidity line of a revert',
  );
  for (const s of steps) {
    assert.ok(s.media.markdown && readFileSync(join(root, s.media.markdown), 'utf8').length > 50, `${s.id}: its page`);
    for (const e of s.completionEvents ?? [])
      if (e.startsWith('onCommand:initia.'))
        assert.ok(
          c.commands.some((x) => x.command === e.slice('onCommand:'.length)),
          `${s.id}: ${e} is a command`,
        );
  }
  const first = steps[0]!;
  assert.match(
    `${text(first.description)} ${readFileSync(join(root, first.media.markdown!), 'utf8')}`,
    /Local demo \+ anvil/,
    'the first step names the network npm start makes active',
  );
});
