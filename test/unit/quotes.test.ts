/**
 * The quote that stays fresh (core/router/quotes.ts), on a manual clock, asking the fake router over real HTTP:
 * requests are counted where they arrive. 300 ms after the last edit, then one per 10 s while visible, none while
 * hidden; an edit drops the answer of the form before it; `fresh()` asks again only when the quote is too old.
 */
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { createRouterClient } from '../../src/core/clients';
import type { RouterClient } from '../../src/core/router/client';
import { ManualClock } from '../../src/core/clock';
import { QuoteRefresher, routeSignature, type QuoteEvent } from '../../src/core/router/quotes';
import type { Route } from '../../src/core/router/schemas';
import { startFakeRouter, type FakeRouter } from '../fixtures/fakeRouter';

let fake: FakeRouter;
let client: RouterClient;

before(async () => {
  fake = await startFakeRouter({ hostile: false });
  client = createRouterClient(fake.url, { retryBaseMs: 10, timeoutMs: 3000 });
});
after(async () => {
  client.dispose();
  await fake.close();
});
beforeEach(() => fake.resetRequests());

const routeRequests = () => fake.requests.filter((r) => r.path === '/v2/fungible/route').length;
/**
 * Lets real I/O (a request to the fake router and its answer) finish between clock steps: waits until the refresher
 * has a timer again (it schedules its next step once an answer is in), at most 5 s. A fixed real-time pause was not
 * enough on a busy machine, where an answer can take longer than any pause chosen.
 */
const settled = (clock: ManualClock) => async () => {
  const end = Date.now() + 5000;
  do await new Promise<void>((r) => setTimeout(r, 5));
  while (clock.pending === 0 && Date.now() < end);
};

function setUp(amount = '1000000') {
  const clock = new ManualClock();
  const events: Array<QuoteEvent<Route>> = [];
  const quotes = new QuoteRefresher<Route>({ clock, onEvent: (e) => events.push(e) });
  const ask = (amountIn: string) => (signal: AbortSignal) =>
    client.route(
      { amountIn, sourceChainId: 'interwoven-1', sourceDenom: 'uinit', destChainId: 'osmosis-1', destDenom: 'uosmo' },
      signal,
    );
  quotes.edit(ask(amount));
  return { clock, events, quotes, ask, io: settled(clock) };
}

test('quotes: one request 300 ms after the last edit, then exactly one per 10 s while visible, none while hidden', async () => {
  const { clock, quotes, ask, events, io } = setUp();
  // Typing: three edits 100 ms apart; only the last one is asked for, 300 ms after it.
  await clock.advance(100, io);
  quotes.edit(ask('1500000'));
  await clock.advance(100, io);
  quotes.edit(ask('2000000'));
  await clock.advance(299, io);
  assert.equal(routeRequests(), 0, 'nothing before the debounce');
  await clock.advance(1, io);
  await io();
  assert.equal(routeRequests(), 1);
  const quote = [...events].reverse().find((e) => e.kind === 'quote');
  assert.equal(quote?.kind === 'quote' && quote.value.amount_in, '2000000', 'the last edit');
  await clock.advance(60_000, io);
  assert.equal(routeRequests(), 7, '60 s visible: 6 refreshes');
  quotes.setVisible(false);
  await clock.advance(120_000, io);
  assert.equal(routeRequests(), 7, 'hidden: none');
  quotes.setVisible(true);
  await clock.advance(0, io);
  assert.equal(routeRequests(), 8, 'shown again with an old quote: asked at once');
  await clock.advance(10_000, io);
  assert.equal(routeRequests(), 9);
  quotes.dispose();
  await clock.advance(60_000, io);
  assert.equal(routeRequests(), 9, 'disposed: none');
});

test('quotes: an incomplete form asks nothing and clears the quote; fresh() asks again only when too old', async () => {
  const { clock, quotes, events, ask, io } = setUp();
  await clock.advance(300, io);
  await io();
  assert.equal(routeRequests(), 1);
  const first = await quotes.fresh(10_000);
  assert.equal(first.refetched, false, 'a quote of 0 s is fresh');
  assert.equal(routeRequests(), 1);
  quotes.setVisible(false);
  await clock.advance(15_000, io);
  const again = await quotes.fresh(10_000);
  assert.equal(again.refetched, true, 'older than 10 s: asked again first');
  assert.equal(routeRequests(), 2);
  assert.equal(routeSignature(first.value), routeSignature(again.value), 'the same route signs the same');
  fake.shiftQuotes(50);
  await clock.advance(15_000, io);
  const shifted = await quotes.fresh(10_000);
  assert.notEqual(routeSignature(shifted.value), routeSignature(first.value), 'another amount out: review again');
  fake.shiftQuotes(0);
  quotes.edit(undefined);
  assert.equal(events.at(-1)?.kind, 'idle');
  assert.equal(quotes.current, undefined);
  quotes.setVisible(true);
  await clock.advance(60_000, io);
  assert.equal(routeRequests(), 3, 'an incomplete form is never asked for');
  quotes.edit(ask('1000000'));
  await clock.advance(300, io);
  await io();
  assert.equal(routeRequests(), 4);
  quotes.dispose();
});

test('quotes: an edit while a request is on its way aborts it and drops its answer; a failure is an event and refreshing goes on', async () => {
  const { clock, quotes, events, ask, io } = setUp();
  await clock.advance(300, () => Promise.resolve());
  // The request is in flight: edit now.
  quotes.edit(ask('3000000'));
  await io();
  await clock.advance(300, io);
  await io();
  const quotesSeen = events.filter((e) => e.kind === 'quote');
  assert.deepEqual(
    quotesSeen.map((e) => e.kind === 'quote' && e.value.amount_in),
    ['3000000'],
    'only the answer for the form on the page',
  );
  // A route the router refuses (below its minimum): an error event, then the next refresh.
  quotes.edit(ask('10'));
  await clock.advance(300, io);
  await io();
  assert.equal(events.at(-1)?.kind, 'error');
  const before = routeRequests();
  await clock.advance(10_000, io);
  assert.equal(routeRequests(), before + 1, 'asked again 10 s later');
  quotes.dispose();
});
