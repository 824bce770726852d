// Windows: two pages of one code-server are two extension hosts sharing the profile's global storage, as two VS Code
// windows are. Both track a transfer at the same moment: both transfers are kept and listed in both windows' Transfers
// views, and each is polled by one window only (its status requests stay those of one poller, measured against a
// StatusPoller run here on an identical transfer tracked at the same moment).
import * as assert from 'node:assert/strict';
import { createRouterClient } from '../../src/core/clients';
import { StatusPoller } from '../../src/core/router/poller';
import { waitFor } from '../support/wait';
import { e2eTest, openWindow, screenshot, trackFromPalette, viewRows } from './harness';

e2eTest(
  'windows: two windows track at the same moment; both list both transfers; each transfer is polled by one window',
  async (wb) => {
    const { page, router } = wb;
    const [h1, h2, h3] = ['71', '72', '73'].map((p) => `${p.repeat(31)}A1`) as [string, string, string];
    // LayerZero (90 s) stretched to about 27 s at the router's time scale: long enough for several polls each.
    for (const h of [h1, h2, h3]) router.prepare(h, 'interwoven-1', { to: '1', fate: 'success', jitter: 6 });
    const statusOf = (h: string) =>
      router.requests.filter((r) => r.path === '/v2/tx/status' && r.query.includes(h)).length;

    const second = await openWindow(wb);
    try {
      // One poller run here, as the tracker runs it for a hash tracked without a route (no estimate): the baseline.
      const client = createRouterClient(router.url, { timeoutMs: 10_000 });
      const baseline = new Promise<void>((resolve, reject) => {
        void client.track(h3, 'interwoven-1').then(() => {
          const poller = new StatusPoller(
            (signal) => client.status(h3, 'interwoven-1', signal, { retry: false }),
            { schedule: { firstAt: 0 } },
            (e) => {
              if (e.kind === 'done') resolve();
              else if (e.kind === 'notFound') reject(new Error('baseline: not found'));
            },
          );
          poller.start(true);
        }, reject);
      });
      await Promise.all([
        trackFromPalette(page, h1, 'interwoven-1'),
        trackFromPalette(second, h2, 'interwoven-1'),
        baseline.catch(() => undefined),
      ]);
      await waitFor('both tracked', () => router.count('/v2/tx/track') >= 3, 30_000);
      // Nothing lost: each window lists both transfers.
      for (const p of [page, second]) {
        for (const h of [h1, h2])
          await viewRows(p, 'Transfers')
            .filter({ hasText: h.slice(0, 8) })
            .first()
            .waitFor({ timeout: 30_000 });
      }
      await baseline;
      // Both complete, and both windows show it (the one that does not poll reads what the other writes).
      for (const p of [page, second]) {
        for (const h of [h1, h2])
          await viewRows(p, 'Transfers')
            .filter({ hasText: h.slice(0, 8) })
            .filter({ hasText: 'completed' })
            .first()
            .waitFor({ timeout: 90_000 });
      }
      await screenshot(second, 'windows-second');
      client.dispose();
      const one = statusOf(h3);
      const [c1, c2] = [statusOf(h1), statusOf(h2)];
      const bound = Math.ceil(one * 1.1) + 1;
      console.log(
        `    status requests: ${h1.slice(0, 6)}… ${c1}, ${h2.slice(0, 6)}… ${c2}; one poller on the same transfer: ${one} (bound ${bound} each)`,
      );
      assert.ok(one >= 2, `the baseline polled (${one})`);
      assert.ok(
        c1 <= bound && c2 <= bound,
        `each transfer polled as by one window: ${c1} and ${c2} requests, one poller ${one}`,
      );
    } finally {
      await second.close();
    }
  },
  240_000,
);
