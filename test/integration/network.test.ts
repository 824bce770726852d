/**
 * VS Code's network settings in the real extension host, on each transport (VS Code's network stack, undici
 * directly): requests go through `http.proxy` (a real forward/CONNECT proxy on 127.0.0.1 that alone can resolve the
 * services' host names) and straight to a `http.noProxy` host; an https service signed by a CA trusted through
 * NODE_EXTRA_CA_CERTS works, an untrusted certificate and a proxy asking for credentials each get their sentence.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startFakeIndexer, type FakeIndexer } from '../fixtures/fakeIndexer';
import { startFakeProxy, type FakeProxy } from '../fixtures/fakeProxy';
import { onNetwork, setUp, type Harness } from './helpers';

for (const transport of ['vscode', 'direct'] as const) {
  describe(`network settings (${transport} transport)`, function () {
    this.timeout(60_000);
    let h: Harness;
    let proxy: FakeProxy;
    let locked: FakeProxy;
    let secure: FakeIndexer;
    let selfSigned: FakeIndexer;
    const initia = () => vscode.workspace.getConfiguration('initia');
    const http = () => vscode.workspace.getConfiguration('http');

    before(async () => {
      h = await setUp();
      // Names only the proxies resolve: an answer proves the request went through one.
      const hosts = { fakeindexer: '127.0.0.1', 'indexer.test': '127.0.0.1' };
      proxy = await startFakeProxy({ hosts });
      locked = await startFakeProxy({ hosts, credentials: { user: 'alice', password: 's3cret' } });
      secure = await startFakeIndexer({ blocks: 30, tls: 'server' });
      selfSigned = await startFakeIndexer({ blocks: 30, tls: 'selfsigned' });
      await initia().update('http.transport', transport, vscode.ConfigurationTarget.Global);
    });
    beforeEach(() => {
      h.clear();
      proxy.resetRequests();
      locked.resetRequests();
    });
    afterEach(async () => {
      for (const key of ['proxy', 'noProxy', 'proxyAuthorization'])
        await http().update(key, undefined, vscode.ConfigurationTarget.Global);
    });
    after(async () => {
      await initia().update('http.transport', undefined, vscode.ConfigurationTarget.Global);
      await Promise.all([proxy.close(), locked.close(), secure.close(), selfSigned.close()]);
      await h.restore();
    });

    it('requests go through http.proxy: absolute-form for http, a CONNECT tunnel for https (test CA trusted)', async () => {
      await http().update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
      await onNetwork({ name: 'Behind a proxy', indexerUrl: `http://fakeindexer:${h.fake.port}` }, async () => {
        const uri = await vscode.commands.executeCommand<vscode.Uri>('initia.lookupBlock', 3);
        assert.ok(uri, h.errors.join(' | '));
        assert.equal(proxy.count(`fakeindexer:${h.fake.port}`), 1);
        assert.equal(h.fake.count('/indexer/block/v1/blocks/3'), 1);
      });
      await onNetwork(
        { name: 'Secure behind a proxy', indexerUrl: `https://indexer.test:${secure.port}` },
        async () => {
          const uri = await vscode.commands.executeCommand<vscode.Uri>('initia.lookupBlock', 4);
          assert.ok(uri, h.errors.join(' | '));
          assert.deepEqual(proxy.requests.at(-1), {
            method: 'CONNECT',
            target: `indexer.test:${secure.port}`,
            authorization: undefined,
            allowed: true,
          });
          assert.equal(secure.count('/indexer/block/v1/blocks/4'), 1);
        },
      );
    });

    it('a host in http.noProxy is reached directly, not through the proxy', async () => {
      await http().update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
      await http().update('noProxy', ['fakeindexer'], vscode.ConfigurationTarget.Global);
      await onNetwork({ name: 'Behind a proxy', indexerUrl: `http://fakeindexer:${h.fake.port}` }, async () => {
        assert.equal(await vscode.commands.executeCommand('initia.lookupBlock', 3), undefined);
        // Only the proxy knows that name: reached directly, it does not resolve.
        assert.match(
          h.errors.at(-1) ?? '',
          /Couldn't reach the indexer at http:\/\/fakeindexer:\d+: the host name could not be resolved/,
        );
        assert.equal(proxy.requests.length, 0);
      });
    });

    it('a proxy asking for credentials: the sentence says what to set; http.proxyAuthorization gets through', async () => {
      await http().update('proxy', locked.url, vscode.ConfigurationTarget.Global);
      await onNetwork(
        { name: 'Secure behind a proxy', indexerUrl: `https://indexer.test:${secure.port}` },
        async () => {
          assert.equal(await vscode.commands.executeCommand('initia.lookupBlock', 5), undefined);
          assert.match(
            h.errors.at(-1) ?? '',
            /: the proxy asks for credentials \(407 Proxy Authentication Required\): set http\.proxyAuthorization/,
            h.errors.join(' | '),
          );
          await http().update(
            'proxyAuthorization',
            `Basic ${Buffer.from('alice:s3cret').toString('base64')}`,
            vscode.ConfigurationTarget.Global,
          );
          if (transport === 'vscode') {
            // VS Code's own stack asks for credentials itself (Kerberos, or its prompt) and never sends this setting:
            // with it set, "auto" goes direct, which the next run of this test covers.
            await initia().update('http.transport', 'auto', vscode.ConfigurationTarget.Global);
          }
          try {
            assert.ok(await vscode.commands.executeCommand<vscode.Uri>('initia.lookupBlock', 5), h.errors.join(' | '));
            assert.ok(locked.requests.some((r) => r.allowed && r.authorization?.startsWith('Basic ')));
          } finally {
            await initia().update('http.transport', transport, vscode.ConfigurationTarget.Global);
          }
        },
      );
    });

    it('an untrusted certificate gets a sentence that says what to check', async () => {
      await onNetwork({ name: 'Self-signed', indexerUrl: selfSigned.url }, async () => {
        assert.equal(await vscode.commands.executeCommand('initia.lookupBlock', 3), undefined);
        assert.match(
          h.errors.at(-1) ?? '',
          /^Couldn't reach the indexer at https:\/\/localhost:\d+: it presents a self-signed certificate, which is not trusted/,
        );
        assert.equal(selfSigned.requests.length, 0, 'nothing was sent over it');
      });
    });
  });
}
