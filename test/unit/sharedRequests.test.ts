/** Requests several callers share (core/sharedRequests.ts): one request per key; a cancelled wait ends only itself. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SharedRequests } from '../../src/core/sharedRequests';

class Token {
  private listeners: (() => void)[] = [];
  onCancellationRequested(l: () => void) {
    this.listeners.push(l);
    return { dispose: () => (this.listeners = this.listeners.filter((x) => x !== l)) };
  }
  cancel() {
    for (const l of [...this.listeners]) l();
  }
}

const cancelled = () => new Error('cancelled');

test('two waits share one request; one cancelled wait rejects alone, the last one aborts the request', async () => {
  const shared = new SharedRequests<string, number>();
  let starts = 0;
  let signal: AbortSignal | undefined;
  let finish: (v: number) => void = () => undefined;
  const start = (s: AbortSignal) => {
    starts++;
    signal = s;
    return new Promise<number>((resolve) => (finish = resolve));
  };
  const a = new Token();
  const b = new Token();
  const first = shared.wait('k', start, a, cancelled);
  const second = shared.wait('k', start, b, cancelled);
  assert.equal(starts, 1);
  a.cancel();
  await assert.rejects(first, /cancelled/);
  assert.equal(signal!.aborted, false, 'another still waits');
  finish(7);
  assert.equal(await second, 7);
  assert.equal(shared.size, 0, 'done: dropped');

  const c = new Token();
  const third = shared.wait('k', start, c, cancelled);
  assert.equal(starts, 2, 'a new request once the last one ended');
  c.cancel();
  await assert.rejects(third, /cancelled/);
  assert.equal(signal!.aborted, true, 'the last waiter gave up');
});

test('a failed request rejects every wait; abortAll aborts what is in flight', async () => {
  const shared = new SharedRequests<string, number>();
  const failing = shared.wait('x', () => Promise.reject(new Error('boom')), new Token(), cancelled);
  await assert.rejects(failing, /boom/);
  let signal: AbortSignal | undefined;
  void shared.wait('y', (s) => ((signal = s), new Promise<number>(() => undefined)), new Token(), cancelled);
  shared.abortAll();
  assert.equal(signal!.aborted, true);
  assert.equal(shared.size, 0);
});
