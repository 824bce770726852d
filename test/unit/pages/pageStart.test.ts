/**
 * Both pages start through the kit's startPage (src/webview/lib/page.ts): loading a page's entry calls it once,
 * the page says `ready`, puts its sections in `#app`, hands the host's replies to its client and its pushes to the
 * page (the bridge asks for the chains and tells the form after `init`; Explain shows the hash it loads).
 */
import { afterEach, beforeEach, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { installDom, type PageDom } from './dom';
import * as pageLib from '../../../src/webview/lib/page';
import { defaults } from './fixtures';
import { EXPLAIN } from '../../../src/webview/selectors';

let dom: PageDom;
let starts: string[];
const startPage = pageLib.startPage;

beforeEach(() => {
  dom = installDom();
  starts = [];
  // Every call of the kit's bootstrap is counted (the entries read it from the module when they start).
  (pageLib as { startPage: typeof startPage }).startPage = ((spec: Parameters<typeof startPage>[0]) => {
    starts.push('startPage');
    return startPage(spec);
  }) as typeof startPage;
  mock.timers.enable({ apis: ['setInterval'] });
});
afterEach(async () => {
  (pageLib as { startPage: typeof startPage }).startPage = startPage;
  mock.timers.reset();
  await dom.close();
});

/** Loads a page's entry afresh (it runs when it loads, as the browser bundle does). */
function load(entry: string): void {
  const id = require.resolve(entry);
  delete require.cache[id];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(id);
}

const requests = (posted: unknown[]) =>
  posted
    .filter((m) => (m as { type: string }).type === 'request')
    .map((m) => (m as { request: { op: string } }).request.op);

test('the bridge page starts through startPage: ready, its sections, then its requests after init', () => {
  load('../../../src/bridge/page/entry');
  assert.deepEqual(starts, ['startPage']);
  assert.deepEqual(dom.posted.slice(), [{ type: 'ready' }]);
  assert.ok(document.getElementById('app')!.childElementCount >= 2, 'the sections are in the page');
  dom.receive({ type: 'init', defaults });
  assert.deepEqual(requests(dom.posted).sort(), ['assets', 'chains', 'edit']);
  // A reply goes to the client: the chains answer reaches the picker's state (no error line).
  const chains = dom.posted.find((m) => (m as { request?: { op: string } }).request?.op === 'chains') as { id: number };
  dom.receive({ type: 'reply', id: chains.id, ok: false, error: 'router down' });
  return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
    assert.match(document.getElementById('app')!.textContent ?? '', /router down/);
  });
});

test('the Explain page starts through startPage: ready, then the pushes the host sends', () => {
  load('../../../src/explain/page/entry');
  assert.deepEqual(starts, ['startPage']);
  assert.deepEqual(dom.posted.slice(), [{ type: 'ready' }]);
  dom.receive({ type: 'loading', hash: 'AB'.repeat(32) });
  assert.match(document.getElementById(EXPLAIN.status)?.textContent ?? '', /Loading transaction ABAB/);
});
