/**
 * The bridge service (src/bridge/service.ts), one use case per user action, in plain Node: against the fake router
 * over real HTTP (requests counted where they arrive), the demo registry's trust anchors, a tracker and remembered
 * addresses in memory, on a manual clock. The form's quote is asked 300 ms after an edit; the messages are checked
 * before they are shown; a reviewed route that changed is sent back for review; a broadcast transfer is tracked,
 * followed and pushed; a network without a router says so in words.
 */
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { createRouterClient } from '../../src/core/clients';
import type { RouterClient } from '../../src/core/router/client';
import { RouterCatalog } from '../../src/core/router/routerLists';
import { ManualClock } from '../../src/core/clock';
import { AnchorBook } from '../../src/core/router/check/anchors';
import { NO_NAMES } from '../../src/core/names';
import type { L10n } from '../../src/core/l10n';
import type { NetworkProfile } from '../../src/core/networks';
import type { TrackedTransfer } from '../../src/core/router/records';
import type { TrackRequest } from '../../src/transfers/tracker';
import { RecentAddresses } from '../../src/bridge/addresses';
import { BridgeService, type BridgeSources } from '../../src/bridge/service';
import type { Form, ToWebview } from '../../src/bridge/protocol';
import { startFakeRouter, type FakeRouter } from '../fixtures/fakeRouter';
import { KINDS, NOW, demoAnchors } from '../fixtures/bridgeFlow';
import { waitFor } from '../support/wait';
import { rejection } from './support';

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

const l10n: L10n = { t: (m, ...args) => m.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)])) };
const io = () => new Promise<void>((r) => setTimeout(r, 30));
const asked = (path: string) => fake.requests.filter((r) => r.path === path).length;

/** A tracker in memory: what the service records and asks about. */
function memoryTracker() {
  const records = new Map<string, TrackedTransfer>();
  const refreshed: string[] = [];
  return {
    records,
    refreshed,
    track: async (req: TrackRequest): Promise<TrackedTransfer> => {
      const t: TrackedTransfer = { ...req, trackedAt: NOW, watching: true };
      records.set(`${t.chainId}|${t.txHash}`, t);
      return t;
    },
    get: (chainId: string, txHash: string) => records.get(`${chainId}|${txHash}`),
    refresh: (t: TrackedTransfer) => void refreshed.push(t.txHash),
  };
}

function setUp(withRouter = true) {
  const clock = new ManualClock(NOW);
  const catalog = new RouterCatalog(client, () => clock.now());
  const stored = new Map<string, unknown>();
  const tracker = memoryTracker();
  const warnings: string[] = [];
  let quotes = 0;
  const profile: NetworkProfile = {
    name: 'Fake',
    chainId: 'interwoven-1',
    indexerUrl: 'http://127.0.0.1:9',
    builtIn: false,
    ...(withRouter ? { routerUrl: fake.url } : {}),
  };
  const sources: BridgeSources = {
    network: () => profile,
    router: () => client,
    catalog: () => catalog,
    chainFacts: async () => ({}),
    names: NO_NAMES,
    anchors: { book: async () => new AnchorBook(demoAnchors()) },
    decimals: { get: async () => undefined },
    tracker,
    addresses: new RecentAddresses({
      keys: () => [...stored.keys()],
      get: <T>(key: string) => stored.get(key) as T,
      update: async (key: string, value: unknown) => void stored.set(key, value),
    }),
    clock,
    log: { debug: () => undefined, info: () => undefined, warn: (line) => void warnings.push(line) },
    l10n,
  };
  const service = new BridgeService(sources, { onQuote: () => void quotes++, visible: () => true });
  return { service, clock, tracker, stored, warnings, quotes: () => quotes };
}

const swap = KINDS.swap!;
const FORM: Form = {
  v: 2,
  sourceChainId: swap.from,
  sourceDenom: swap.denom,
  sourceDecimals: '',
  destChainId: swap.to,
  destDenom: swap.destDenom,
  amount: swap.typed,
  slippage: swap.slippage ?? '',
  sender: swap.addresses[swap.from]!,
  withdrawal: 'fast',
};

/** Edits the form and lets its quote arrive (asked 300 ms later on the manual clock). */
async function quoted(s: ReturnType<typeof setUp>) {
  await s.service.edit({ form: FORM });
  await s.clock.advance(300, io);
  await waitFor(
    'the quote',
    () => (s.service.quoteMessage() as Extract<ToWebview, { type: 'quote' }>).quote.status === 'ready',
  );
  const message = s.service.quoteMessage() as Extract<ToWebview, { type: 'quote' }>;
  assert.equal(message.quote.status, 'ready');
  return message.quote.route!;
}

test("bridge service: the router's chains for the pickers, grouped, with an address hint; one request", async () => {
  const { service } = setUp();
  const { chains } = await service.chains();
  const initia = chains.find((c) => c.chainId === 'interwoven-1');
  assert.equal(initia?.group, 'initia');
  assert.match(initia?.addressHint ?? '', /init1/);
  assert.equal(chains.find((c) => c.chainId === 'osmosis-1')?.group, 'other');
  await service.chains();
  assert.equal(asked('/v2/info/chains'), 1, 'the lists are kept');
  service.dispose();
});

test('bridge service: assets without an address say how to see balances, and ask for none', async () => {
  const { service } = setUp();
  const { assets, balanceNote } = await service.assets({ chainId: 'interwoven-1', address: ' ' });
  assert.match(balanceNote ?? '', /Enter your address to see your balances/);
  assert.ok(assets.some((a) => a.denom === 'uinit'));
  assert.deepEqual(
    assets.filter((a) => a.symbol === 'USDC').map((a) => a.label),
    ['USDC', 'USDC.axl'],
    "a bridged twin's symbol beside its label: the picker finds both by it",
  );
  assert.equal(fake.requests.filter((r) => r.path.includes('balances')).length, 0);
  service.dispose();
});

test('bridge service: an incomplete form asks nothing; a complete one is quoted 300 ms later, and the page is told', async () => {
  const s = setUp();
  const empty = await s.service.edit({ form: { ...FORM, amount: '' } });
  assert.ok(empty.errors.amount, 'the amount is asked for');
  await s.clock.advance(1000, io);
  assert.equal(asked('/v2/fungible/route'), 0, 'no route for an incomplete form');
  await assert.rejects(s.service.refresh(), /Fill in the form first/);
  const reply = await s.service.edit({ form: FORM });
  assert.deepEqual(reply.errors, {});
  assert.equal(asked('/v2/fungible/route'), 0, 'not at once');
  const route = await quoted(s);
  assert.equal(asked('/v2/fungible/route'), 1);
  assert.ok(s.quotes() > 0, 'the page was told of the quote');
  assert.match(
    route.view.minimumReceived ?? '',
    /^\d[\d.,]* OSMO$/,
    "a swap's minimum at the form's slippage, in whole units",
  );
  s.service.dispose();
});

test('bridge service: the messages are checked before they are shown and the addresses remembered; a changed route is sent back for review', async () => {
  const s = setUp();
  const route = await quoted(s);
  const addresses = (route.route as { required_chain_addresses: string[] }).required_chain_addresses.map(
    (c) => swap.addresses[c] ?? '',
  );
  const req = { route: route.route, signature: route.signature, addresses, slippage: FORM.slippage };
  const reply = await s.service.msgs(req);
  assert.equal(reply.kind, 'msgs');
  if (reply.kind === 'msgs')
    assert.equal(reply.msgs.verdict.kind, 'matches', reply.msgs.verdict.mismatches.join(' | '));
  assert.deepEqual(s.warnings, []);
  assert.equal(asked('/v2/fungible/msgs'), 1);
  assert.ok(s.stored.size > 0, 'the addresses sent are remembered');
  const stale = await s.service.msgs({ ...req, signature: 'another route' });
  assert.equal(stale.kind, 'updated');
  if (stale.kind === 'updated') assert.match(stale.note, /review and confirm again/);
  assert.equal(asked('/v2/fungible/msgs'), 1, 'no messages for a route the user has not reviewed');
  await assert.rejects(s.service.msgs({ ...req, route: { not: 'a route' } }), /Find the route again/);
  s.service.dispose();
});

test('bridge service: a broadcast transfer is tracked and followed; its changes are pushed, others not; a forgotten one is refused', async () => {
  const s = setUp();
  const route = await quoted(s);
  const hash = 'AB'.repeat(32);
  const wrong = await rejection(s.service.track({ txHash: hash, chainId: 'osmosis-1', route: route.route }));
  assert.match(wrong.message, /broadcast on interwoven-1, not on osmosis-1/);
  const info = await s.service.track({ txHash: hash, chainId: 'interwoven-1', route: route.route });
  assert.equal(info.txHash, hash);
  assert.ok(info.hops.length > 0, 'the hops the route planned');
  assert.equal(s.tracker.records.size, 1);
  assert.equal(s.tracker.records.get(`interwoven-1|${hash}`)?.summary?.destChainId, 'osmosis-1');
  assert.deepEqual(s.service.watched, { chainId: 'interwoven-1', txHash: hash, planned: s.service.watched?.planned });
  const followed = s.tracker.records.get(`interwoven-1|${hash}`)!;
  assert.equal(s.service.transferChanged(followed)?.txHash, hash);
  assert.equal(s.service.transferChanged({ ...followed, txHash: 'CD'.repeat(32) }), undefined);
  await s.clock.advance(5000, io);
  assert.deepEqual(s.tracker.refreshed, [hash], 'asked about while the panel is visible');
  await assert.rejects(
    s.service.watch({ txHash: 'EF'.repeat(32), chainId: 'interwoven-1' }),
    /This transfer is no longer tracked/,
  );
  s.service.dispose();
});

test('bridge service: a network without a router says so in words, and the defaults name no router', async () => {
  const { service } = setUp(false);
  await assert.rejects(service.chains(), /The network "Fake" has no router URL/);
  assert.equal(service.defaults().router, '');
  assert.equal(service.defaults().network, 'Fake');
  service.dispose();
});
