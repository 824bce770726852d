/**
 * The docs point at things that exist: every relative link of README.md, CONTRIBUTING.md and docs/*.md (its file,
 * and its #anchor when it names a heading of a markdown file), and every backticked path of this repository that they
 * mention (`src/core/http.ts`, `test/fixtures/fakeRouter.ts`, `media/…`, `scripts/…`, `docs/…`, and paths relative to
 * src/ such as `core/queries.ts` or `bridge/panel.ts`). And the README, which is for users, stays short.
 * CHANGELOG.md is history: it names files as they were, and is not checked.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const root = join(__dirname, '..', '..', '..');
const README_MAX_LINES = 350;

/** Folders at the repository's root that backticked paths may start with (build output such as dist/ or out/ is not). */
const ROOT_FOLDERS = ['src', 'test', 'media', 'scripts', 'docs', 'bench', 'l10n', '.ci'];
/** Folders of src/ that the architecture text names paths from (`core/http.ts`, `platform/services.ts`). */
const SRC_FOLDERS = readdirSync(join(root, 'src'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** Markdown files named bare that are not files of this repository: the demo writes TRY-ME.md into its workspace. */
const NOT_REPO_FILES = new Set(['TRY-ME.md']);

function docs(): string[] {
  const inDocs = existsSync(join(root, 'docs'))
    ? readdirSync(join(root, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => join('docs', f))
    : [];
  return ['README.md', 'CONTRIBUTING.md', ...inDocs];
}

/** The text outside fenced code blocks (``` … ```), line numbers kept. */
function prose(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

/** GitHub's anchors of a markdown file's headings. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of prose(text)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

interface Mention {
  file: string;
  line: number;
  text: string;
  /** The path from the repository's root. */
  path: string;
  anchor?: string;
}

function links(file: string, lines: string[]): Mention[] {
  const out: Mention[] = [];
  lines.forEach((line, i) => {
    for (const m of line.replace(/`[^`]*`/g, '').matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = m[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, …
      const [pathPart, anchor] = target.split('#', 2);
      const path = pathPart === '' ? file : relative(root, join(root, dirname(file), decodeURI(pathPart)));
      out.push({ file, line: i + 1, text: target, path, anchor: anchor || undefined });
    }
  });
  return out;
}

/** A backticked text read as a path of this repository, or undefined when it is not one. */
function repoPath(code: string): string | undefined {
  const text = code.trim();
  if (/\s/.test(text) || text.startsWith('/') || text.includes('://')) return undefined;
  if (/^[A-Z][A-Z0-9_-]*\.md$/.test(text)) return NOT_REPO_FILES.has(text) ? undefined : text;
  const segments = text.split('/');
  if (segments.length < 2) return undefined;
  // A template or glob (`webview/<panel>/state.ts`, `src/webview/**/components/`): the part before it.
  const wild = segments.findIndex((s) => /[<>*{}$…?!()[\]]/.test(s));
  const fixed = (wild < 0 ? segments : segments.slice(0, wild)).filter((s, i, all) => s !== '' || i < all.length - 1);
  if (fixed.length === 0 || fixed.every((s) => s === '')) return undefined;
  const path = fixed.filter((s) => s !== '').join('/');
  if (ROOT_FOLDERS.includes(fixed[0])) return path;
  if (SRC_FOLDERS.includes(fixed[0])) return `src/${path}`;
  return undefined;
}

function backticked(file: string, lines: string[]): Mention[] {
  const out: Mention[] = [];
  lines.forEach((line, i) => {
    for (const m of line.matchAll(/`([^`\n]+)`/g)) {
      const path = repoPath(m[1]);
      if (path !== undefined) out.push({ file, line: i + 1, text: `\`${m[1]}\``, path });
    }
  });
  return out;
}

/** The .ts, .mjs and .cjs files under a folder of the repository (build output and dependencies left out). */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return ['node_modules', 'out', 'dist', '.vscode-test'].includes(d.name) ? [] : sources(path);
    return /\.(ts|mjs|cjs)$/.test(d.name) ? [path] : [];
  });
}

test('the README is for users: at most 350 lines', () => {
  const lines = readFileSync(join(root, 'README.md'), 'utf8').replace(/\n$/, '').split('\n');
  assert.ok(
    lines.length <= README_MAX_LINES,
    `README.md has ${lines.length} lines; at most ${README_MAX_LINES} (detail belongs in docs/)`,
  );
});

test('the docs for contributors exist', () => {
  for (const f of [
    'CONTRIBUTING.md',
    'docs/architecture.md',
    'docs/testing.md',
    'docs/performance.md',
    'docs/bridge.md',
  ]) {
    assert.ok(existsSync(join(root, f)), `${f} is missing`);
  }
});

test('every relative link and backticked path in README.md, CONTRIBUTING.md and docs/*.md exists', () => {
  const missing: string[] = [];
  const headings = new Map<string, Set<string>>();
  const headingsOf = (path: string) => {
    let set = headings.get(path);
    if (!set) headings.set(path, (set = anchors(readFileSync(join(root, path), 'utf8'))));
    return set;
  };
  for (const file of docs()) {
    if (!existsSync(join(root, file))) continue; // the test above says so
    const lines = prose(readFileSync(join(root, file), 'utf8'));
    for (const m of [...links(file, lines), ...backticked(file, lines)]) {
      const where = `${m.file}:${m.line} ${m.text}`;
      if (m.path.startsWith('..') || !existsSync(join(root, m.path))) missing.push(`${where}: no ${m.path}`);
      else if (
        m.anchor !== undefined &&
        m.path.endsWith('.md') &&
        !headingsOf(m.path).has(decodeURIComponent(m.anchor))
      ) {
        missing.push(`${where}: ${m.path} has no heading #${m.anchor}`);
      }
    }
  }
  assert.deepEqual(missing, [], `stale references:\n${missing.join('\n')}`);
});

test('the code names only docs that exist (DESIGN.md is gone; the budgets are in docs/performance.md)', () => {
  const files = ['src', 'test', 'scripts']
    .flatMap((dir) => sources(dir))
    .concat(readdirSync(root).filter((f) => /\.(mjs|cjs)$/.test(f)));
  const missing: string[] = [];
  for (const file of files.filter((f) => f !== join('test', 'unit', 'docs.test.ts'))) {
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const m of line.matchAll(/(?<![\w./-])((?:docs\/[\w.-]+|[A-Z][A-Z-]*)\.md)\b/g)) {
          if (!NOT_REPO_FILES.has(m[1]) && !existsSync(join(root, m[1]))) missing.push(`${file}:${i + 1} ${m[1]}`);
        }
      });
  }
  assert.ok(files.length > 100, `found only ${files.length} source files`);
  assert.deepEqual(missing, [], `stale references:\n${missing.join('\n')}`);
});

test('what the docs test reads as a repository path', () => {
  assert.equal(repoPath('src/core/router/check/anchors.ts'), 'src/core/router/check/anchors.ts');
  assert.equal(repoPath('core/http.ts'), 'src/core/http.ts');
  assert.equal(repoPath('webview/<panel>/state.ts'), 'src/webview');
  assert.equal(repoPath('src/webview/**/components/'), 'src/webview');
  assert.equal(repoPath('test/fixtures/'), 'test/fixtures');
  assert.equal(repoPath('DESIGN.md'), 'DESIGN.md');
  assert.equal(repoPath('TRY-ME.md'), undefined);
  assert.equal(repoPath('broadcast/<Script>.s.sol/<chain id>/run-latest.json'), undefined);
  assert.equal(repoPath('dist/extension.js'), undefined);
  assert.equal(repoPath('evm/0x…'), undefined);
  assert.equal(repoPath('/v2/info/chains'), undefined);
  assert.equal(repoPath('initia.networks'), undefined);
  assert.equal(repoPath('package.json'), undefined);
});
