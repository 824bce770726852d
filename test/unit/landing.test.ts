/**
 * Registering a tx with the router once it has landed (core/router/landing.ts), over real HTTP against the fake
 * router on one manual clock: Skip's /v2/tx/track answers 404 (or 400 "tx is invalid on chain") until the tx is on
 * chain; the registration asks again with a growing gap for a minute, then says why it gave up; "chain ID not
 * supported" ends it at once; stop() ends it with nothing more sent.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeRouter, type FakeRouter } from '../fixtures/fakeRouter';
import { createRouterClient } from '../../src/core/clients';
import { ManualClock } from '../../src/core/clock';
import {
  RegistrationPoll,
  isNotLandedYet,
  registrationProblem,
  type RegistrationEvent,
} from '../../src/core/router/landing';
import type { HttpError } from '../../src/core/errors';
import type { RouterClient } from '../../src/core/router/client';
import { waitFor } from '../support/wait';

const clock = new ManualClock();
let fake: FakeRouter;
let client: RouterClient;
const hash = (tag: string) => `${tag.repeat(63)}1`;

before(async () => {
  fake = await startFakeRouter({ now: () => clock.now(), landAfterSeconds: 10 });
  client = createRouterClient(fake.url, { timeoutMs: 5_000 });
});
after(async () => {
  client.dispose();
  await fake.close();
});

/** A registration on the manual clock; `advance` moves time and waits for each answer before the next timer. */
function register(txHash: string, chainId = 'interwoven-1') {
  const events: RegistrationEvent[] = [];
  let answered = 0;
  const poll = new RegistrationPoll(
    (signal) => client.track(txHash, chainId, signal).finally(() => answered++),
    { since: clock.now(), clock },
    (e) => events.push(e),
  );
  const advance = (ms: number) =>
    clock.advance(ms, () => waitFor('the router to answer', () => answered === poll.attempts));
  return {
    poll,
    events,
    advance,
    tracks: () => fake.requests.filter((r) => r.path === '/v2/tx/track' && r.body.includes(txHash)).length,
  };
}

test('404 until the tx lands, then registered: asked again with a growing gap, and tracked once', async () => {
  const r = register(hash('A'));
  r.poll.start();
  await r.advance(0);
  assert.equal(r.tracks(), 1);
  assert.equal(r.events[0]?.kind, 'waiting', 'not landed: 404');
  assert.ok(isNotLandedYet((r.events[0] as { error: unknown }).error));
  await r.advance(9_000);
  assert.ok(r.tracks() >= 3 && r.tracks() <= 6, `a few tries in 9 s, not one a second forever: ${r.tracks()}`);
  assert.equal(fake.tracked.size, 0);
  await r.advance(10_000);
  assert.equal(r.events.at(-1)?.kind, 'registered');
  assert.equal(r.poll.running, false);
  const sent = r.tracks();
  await r.advance(60_000);
  assert.equal(r.tracks(), sent, 'nothing after it is registered');
  assert.ok(fake.tracked.has(`interwoven-1:${hash('A')}`));
});

test('400 "tx is invalid on chain" before it lands is waited out the same way', async () => {
  fake.prepare(hash('B'), 'interwoven-1', { landAfterSeconds: 5, notLanded: 'invalid' });
  const r = register(hash('B'));
  r.poll.start();
  await r.advance(0);
  const first = r.events[0] as { kind: string; error: HttpError };
  assert.equal(first.kind, 'waiting');
  assert.deepEqual([first.error.status, first.error.serverMessage], [400, 'tx is invalid on chain']);
  await r.advance(10_000);
  assert.equal(r.events.at(-1)?.kind, 'registered');
});

test('a tx that never lands: asked for a minute, then a sentence that names the chain; nothing after', async () => {
  fake.prepare(hash('C'), 'interwoven-1', { landAfterSeconds: 3600 });
  const r = register(hash('C'));
  r.poll.start();
  await r.advance(120_000);
  const last = r.events.at(-1);
  assert.equal(last?.kind, 'failed');
  assert.ok(r.tracks() <= 14, `bounded: ${r.tracks()} requests in the minute`);
  const text = registrationProblem(last as Extract<RegistrationEvent, { kind: 'failed' }>, 'interwoven-1');
  assert.match(text, /did not see this transaction on interwoven-1 within 60 s .*tx not found/);
  const sent = r.tracks();
  await r.advance(600_000);
  assert.equal(r.tracks(), sent);
});

test('"chain ID not supported" ends it at once; stop() sends nothing more', async () => {
  const unknown = register(hash('D'), 'nowhere-9');
  unknown.poll.start();
  await unknown.advance(0);
  assert.equal(unknown.events.at(-1)?.kind, 'failed');
  assert.equal(unknown.tracks(), 1);
  fake.prepare(hash('E'), 'interwoven-1', { landAfterSeconds: 3600 });
  const stopped = register(hash('E'));
  stopped.poll.start();
  await stopped.advance(0);
  stopped.poll.stop();
  await stopped.advance(120_000);
  assert.equal(stopped.tracks(), 1);
  assert.equal(stopped.events.length, 1);
});
