/**
 * The bridge's quote for its form (core/router/bridgeQuotes.ts), on a manual clock, against the fake router over
 * real HTTP (requests counted where they arrive) with the router's own lists (core/router/routerLists.ts): from the
 * rollup to Initia both ways of the withdrawal are asked once per form and only the chosen one is refreshed; any other
 * route is asked once, as the router takes it; the same form asks nothing anew, a held quote is not refreshed, and
 * another router asks again.
 */
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { createRouterClient } from '../../src/core/clients';
import type { RouterClient } from '../../src/core/router/client';
import { ManualClock } from '../../src/core/clock';
import { BridgeQuotes, type Quote, type QuoteRequest } from '../../src/core/router/bridgeQuotes';
import type { QuoteEvent } from '../../src/core/router/quotes';
import { RouterCatalog } from '../../src/core/router/routerLists';
import { startFakeRouter, type FakeRouter } from '../fixtures/fakeRouter';
import { waitFor } from '../support/wait';

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

/** The `is_op_withdraw` of each route request since the last reset (undefined: not sent). */
const asked = () =>
  fake.requests
    .filter((r) => r.path === '/v2/fungible/route')
    .map((r) => (JSON.parse(r.body || '{}') as { is_op_withdraw?: boolean }).is_op_withdraw);
const io = () => new Promise<void>((r) => setTimeout(r, 30));
/** Lets the quote's requests (the route, the lists, the other way) reach the router and its answer come back. */
const settled = async (routes: number, events: () => number, quotes: number) => {
  await waitFor(`${routes} route requests`, () => asked().length >= routes);
  await waitFor(`${quotes} quotes`, () => events() >= quotes);
};

function setUp() {
  const clock = new ManualClock();
  const catalog = new RouterCatalog(client, () => clock.now());
  const events: Array<QuoteEvent<Quote<string>>> = [];
  const quotes = new BridgeQuotes<string>({
    clock,
    sources: () => ({
      route: (input, signal) => client.route(input, signal),
      chainInfo: (c) => catalog.chainInfo(c),
      assets: (c) => catalog.rawAssets(c).catch(() => undefined),
    }),
    view: async (route) => `${route.amount_in} → ${route.estimated_amount_out ?? route.amount_out}`,
    way: (route) => ({
      amountOut: String(route.estimated_amount_out ?? route.amount_out),
      duration: `${route.estimated_route_duration_seconds} s`,
    }),
    errorText: (err) => String(err),
    onEvent: (e) => events.push(e),
  });
  const last = () => [...events].reverse().find((e) => e.kind === 'quote')?.value;
  const seen = () => events.filter((e) => e.kind === 'quote').length;
  return { clock, quotes, last, seen };
}

const WITHDRAW: QuoteRequest = {
  sourceChainId: 'demo-evm-1',
  sourceDenom: 'l2/2588fd87a8e081f6a557f43ff14f05dddf5e34cb27afcefd6eaf81f1daea30d0',
  destChainId: 'interwoven-1',
  destDenom: 'uinit',
  amountIn: '2000000',
  way: 'fast',
};

test('bridge quotes: from the rollup to Initia both ways are asked once per form, then only the chosen one', async () => {
  const { clock, quotes, last, seen } = setUp();
  assert.equal(quotes.edit('a', WITHDRAW), true);
  await clock.advance(300, io);
  await settled(2, seen, 1);
  assert.deepEqual(asked(), [false, true], 'the fast way (chosen), then the OP bridge once');
  const q = last()!;
  assert.equal(q.withdrawal?.fast?.duration, '20 s');
  assert.equal(q.withdrawal?.lossless?.amountOut, '2000000', 'the OP bridge loses nothing');
  assert.equal(q.view, '2000000 → 1994000');
  await clock.advance(10_000, io);
  await settled(3, seen, 2);
  assert.deepEqual(asked(), [false, true, false], 'a refresh asks the chosen way only');
  assert.ok(last()!.withdrawal?.lossless, 'the other way is still offered');
  // The other way chosen: the same form otherwise, so nothing more is asked for the way now not chosen.
  assert.equal(quotes.edit('b', { ...WITHDRAW, way: 'lossless' }), true);
  await clock.advance(300, io);
  await settled(4, seen, 3);
  assert.deepEqual(asked().slice(3), [true]);
  // Another amount is another form: both ways again.
  quotes.edit('c', { ...WITHDRAW, amountIn: '3000000' });
  await clock.advance(300, io);
  await settled(6, seen, 4);
  assert.deepEqual(asked().slice(4), [false, true]);
  quotes.dispose();
});

test('bridge quotes: any other route is asked once as the router takes it; the same form, a held quote, another router', async () => {
  const { clock, quotes, last, seen } = setUp();
  const swap: QuoteRequest = {
    sourceChainId: 'interwoven-1',
    sourceDenom: 'uinit',
    destChainId: 'osmosis-1',
    destDenom: 'uosmo',
    amountIn: '1000000',
    way: 'fast',
  };
  quotes.edit('k', swap);
  await clock.advance(300, io);
  await settled(1, seen, 1);
  assert.deepEqual(asked(), [undefined], 'no is_op_withdraw for a route that is not an OP withdrawal');
  assert.equal(last()!.withdrawal, undefined);
  assert.ok(
    last()!
      .assets('osmosis-1')
      ?.some((a) => a.denom === 'uosmo'),
    'the assets of its chains, for whole units',
  );
  assert.equal(quotes.edit('k', swap), false, 'the same form: nothing asked anew');
  assert.equal(quotes.keeps('k'), true);
  quotes.hold(true);
  await clock.advance(60_000, io);
  assert.equal(asked().length, 1, 'held (the page shows messages made from it): not refreshed');
  quotes.hold(false);
  await clock.advance(0, io);
  await settled(2, seen, 2);
  assert.equal(asked().length, 2, 'live again with an old quote: asked at once');
  quotes.reset();
  assert.equal(quotes.edit('k', swap), true, 'another router: the same form is asked anew');
  assert.equal(quotes.edit('k', undefined), true, 'an incomplete form');
  assert.equal(quotes.keeps('k'), false);
  quotes.dispose();
});
