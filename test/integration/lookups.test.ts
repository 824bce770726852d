/**
 * Every lookup command against the fake indexer, inside the real extension host: the document each opens, the
 * requests each sends (counted at the server), links, paging, and bad input refused before any request.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { resultUri } from '../../src/documents/resultDocuments';
import { FAKE_NETWORK, captureProgress, paths, read, run, sample, setUp, waitFor, type Harness } from './helpers';
import { LookupCommands } from '../../src/documents/lookups';

type Tx = {
  txhash: string;
  height: string;
  tx: { body: { messages: Array<Record<string, unknown>> } };
  events: Array<{ attributes: Array<{ key: string; value: string }> }>;
};

describe('lookups', function () {
  this.timeout(30_000);
  let h: Harness;
  let height: number;
  let tx: Tx;
  let evmHash: string;
  let collection: { object_addr: string; collection: { name: string } };
  let token: { nft: { token_id: string }; owner: string };
  let account: string;

  before(async () => {
    h = await setUp();
    const blocks = await sample<{ blocks: Array<{ height: string }> }>(
      h,
      '/indexer/block/v1/blocks?pagination.limit=1',
    );
    height = Number(blocks.blocks[0]!.height);
    const txs = await sample<{ txs: Tx[] }>(h, '/indexer/tx/v1/txs?pagination.limit=50');
    tx = txs.txs.find((t) => t.events.some((e) => e.attributes.some((a) => /^init1/.test(a.value))))!;
    assert.ok(tx, 'a tx with an init1 address in its events');
    account = tx.events.flatMap((e) => e.attributes).find((a) => /^init1/.test(a.value))!.value;
    const evm = await sample<{ txs: Array<{ transactionHash: string }> }>(
      h,
      '/indexer/tx/v1/evm-txs?pagination.limit=1',
    );
    evmHash = evm.txs[0]!.transactionHash;
    const cols = await sample<{ collections: Array<typeof collection> }>(
      h,
      '/indexer/nft/v1/collections?pagination.limit=5',
    );
    collection = cols.collections.find((c) => /^[A-Za-z]/.test(c.collection.name))!;
    const tokens = await sample<{ tokens: Array<typeof token> }>(
      h,
      `/indexer/nft/v1/tokens/by_collection/${collection.object_addr}?pagination.limit=1`,
    );
    token = tokens.tokens[0]!;
  });

  beforeEach(() => h.clear());
  after(() => h.restore());

  it('looks up a cosmos transaction: one request, the server JSON, a readable title', async () => {
    const { uri, json } = await run('initia.lookupTransaction', tx.txhash.toLowerCase());
    assert.equal((json.tx as Tx).txhash, tx.txhash);
    assert.deepEqual(paths(h), [`/indexer/tx/v1/txs/${tx.txhash}`]);
    assert.match(uri.path, /^\/tx [0-9A-F]{4}…[0-9A-F]{2}\.json$/);
  });

  it('an EVM hash unknown to the cosmos endpoint is found on the EVM endpoint', async () => {
    const { json } = await run('initia.lookupTransaction', evmHash.slice(2));
    assert.equal((json.tx as { transactionHash: string }).transactionHash, evmHash);
    assert.deepEqual(paths(h), [
      `/indexer/tx/v1/txs/${evmHash.slice(2).toUpperCase()}`,
      `/indexer/tx/v1/evm-txs/${evmHash}`,
    ]);
    h.clear();
    await run('initia.lookupTransaction', evmHash);
    assert.deepEqual(paths(h), [`/indexer/tx/v1/evm-txs/${evmHash}`], 'with 0x the EVM endpoint is asked first');
  });

  it('an unknown hash says "not found" with the server text; nothing opens', async () => {
    const uri = await vscode.commands.executeCommand('initia.lookupTransaction', 'ab'.repeat(32));
    assert.equal(uri, undefined);
    assert.equal(h.errors.length, 1);
    assert.match(h.errors[0]!, /The indexer answered 404 Not Found: \[NOT_FOUND\] transaction not found\./);
  });

  it('a lookup says what it loads in a cancellable notification; cancelling it stops the request and opens nothing', async () => {
    const { shown, cancel, restore } = captureProgress();
    try {
      h.fake.setFault({ kind: 'hang', path: '/indexer/block/v1/blocks/' });
      const pending = vscode.commands.executeCommand('initia.lookupBlock', String(height - 1));
      await waitFor('the notification', () => shown.length > 0);
      assert.equal(shown[0]!.location, vscode.ProgressLocation.Notification);
      assert.equal(shown[0]!.cancellable, true);
      assert.equal(shown[0]!.title, `Initia: loading block ${height - 1} from ${FAKE_NETWORK}…`);
      await waitFor('the request at the server', () => h.fake.requests.length > 0);
      cancel.cancel();
      assert.equal(await pending, undefined, 'nothing opens');
      await waitFor('the request abandoned', () => h.fake.requests.at(-1)?.abandoned === true);
      assert.deepEqual(h.errors, [], 'a cancelled lookup is not an error');
    } finally {
      restore();
      h.fake.clearFaults();
    }
  });

  it('bad input is refused before any request, with the reason', async () => {
    const cases: Array<[string, unknown[], RegExp]> = [
      ['initia.lookupTransaction', ['xyz'], /hexadecimal/],
      ['initia.lookupTransaction', ['ab'.repeat(31)], /64 hexadecimal digits; this has 62/],
      ['initia.lookupEvmInternalTxs', ['0x1234'], /64 hexadecimal digits; this has 4/],
      ['initia.lookupEvmInternalTxs', ['zz'.repeat(32)], /only hexadecimal digits/],
      ['initia.lookupBlock', ['-3'], /whole number/],
      ['initia.lookupBlock', ['0'], /start at 1/],
      ['initia.lookupAccount', ['init1qv9pzxqlyckngw6zf9g9whn9d3eh4qvglpeecq', 'txs'], /checksum/],
      ['initia.lookupAccount', [account, 'everything'], /Unknown account view/],
      ['initia.lookupCollectionTokens', ['0x1234'], /40 or 64 hexadecimal digits/],
      ['initia.lookupNftHistory', [collection?.object_addr ?? `0x${'a'.repeat(64)}`, 'a b'], /cannot match/],
      ['initia.showRichList', ['evm/0x12'], /evm\/ followed by a 0x contract address/],
      ['initia.showTransactions', ['MsgSend'], /not a message type/],
      ['initia.lookup', ['?!'], /Not recognised/],
    ];
    for (const [command, args, re] of cases) {
      h.clear();
      const result = await vscode.commands.executeCommand(command, ...args);
      assert.equal(result, undefined, command);
      assert.equal(h.errors.length, 1, `${command} shows one error`);
      assert.match(h.errors[0]!, re, command);
      assert.equal(h.fake.requests.length, 0, `${command}(${JSON.stringify(args)}) sent no request`);
    }
  });

  it('block, and transactions at a height with a repeated msgs filter', async () => {
    const { json } = await run('initia.lookupBlock', String(height));
    assert.equal((json.block as { height: string }).height, String(height));
    h.clear();
    await run('initia.lookupTxsByHeight', height, ['cosmos.bank.v1beta1.MsgSend', '/initia.move.v1.MsgExecute']);
    const [req] = h.fake.requests;
    assert.equal(req!.path, `/indexer/tx/v1/txs/by_height/${height}`);
    assert.equal(
      new URLSearchParams(req!.query).getAll('msgs').join(' '),
      'cosmos.bank.v1beta1.MsgSend initia.move.v1.MsgExecute',
    );
  });

  it('rich list of an ERC-20 given as its 0x contract, as the real indexer takes it', async () => {
    const evmDenom = h.fake.data.denoms.find((d: string) => d.startsWith('evm/'))!;
    const contract = evmDenom.slice(4);
    const { json } = await run('initia.showRichList', contract);
    assert.ok((json.holders as unknown[]).length > 0);
    assert.deepEqual(paths(h), [`/indexer/richlist/v1/${contract}`]);
  });

  it('a message type the indexer does not know: the document says no filter was applied', async () => {
    const { uri } = await run('initia.showTransactions', ['cosmos.bank.v1beta1.MsgNobodyKnows']);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    assert.ok(
      lenses.some((l) =>
        /\$\(warning\) The indexer does not know `cosmos\.bank\.v1beta1\.MsgNobodyKnows`: no filter applied/.test(
          l.command?.title ?? '',
        ),
      ),
      lenses.map((l) => l.command?.title).join(' | '),
    );
    const known = await run('initia.showTransactions', ['cosmos.bank.v1beta1.MsgSend']);
    const knownLenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
      'vscode.executeCodeLensProvider',
      known.uri,
    );
    assert.ok(
      !knownLenses.some((l) => /does not know/.test(l.command?.title ?? '')),
      'a filter the indexer applied says nothing',
    );
  });

  it('a block document leads on to its transactions (a CodeLens that runs the lookup)', async () => {
    const withTxs = h.fake.data.txs.at(-1)!.height;
    const { uri, json } = await run('initia.lookupBlock', withTxs);
    const count = Number((json.block as { tx_count: string }).tx_count);
    assert.ok(count > 0);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    const lens = lenses.find((l) => l.command?.command === 'initia.lookupTxsByHeight');
    assert.ok(lens, lenses.map((l) => l.command?.title).join(' | '));
    assert.match(
      lens.command!.title,
      count === 1 ? /Its transaction/ : new RegExp(`Its ${count.toLocaleString('en-US')} transactions`),
    );
    h.clear();
    const txs = await run(lens.command!.command, ...(lens.command!.arguments ?? []));
    assert.equal((txs.json.txs as unknown[]).length, count);
    assert.deepEqual(paths(h), [`/indexer/tx/v1/txs/by_height/${withTxs}`]);
  });

  it('account views reach their five endpoints, one request each', async () => {
    const expected: Record<string, string> = {
      txs: `/indexer/tx/v1/txs/by_account/${account}`,
      signed: `/indexer/tx/v1/txs/by_account/${account}`,
      nfts: `/indexer/nft/v1/tokens/by_account/${account}`,
      collections: `/indexer/nft/v1/collections/by_account/${account}`,
      internal: `/indexer/tx/v1/evm-internal-txs/by_account/${account}`,
    };
    for (const [view, path] of Object.entries(expected)) {
      h.clear();
      await run('initia.lookupAccount', account, view);
      assert.deepEqual(paths(h), [path], view);
      const q = new URLSearchParams(h.fake.requests[0]!.query);
      assert.equal(q.get('is_signer'), view === 'signed' ? 'true' : null, `${view}: is_signer`);
      assert.equal(q.get('pagination.limit'), '50', 'page size from initia.pageSize');
    }
  });

  it('collections: by address, by name, tokens, and an NFT history', async () => {
    const byAddr = await run('initia.lookupCollection', collection.object_addr);
    assert.equal((byAddr.json.collection as { object_addr: string }).object_addr, collection.object_addr);
    h.clear();
    const word = collection.collection.name.replace(/[^A-Za-z0-9]/g, '').slice(0, 5);
    const byName = await run('initia.lookupCollection', word);
    assert.deepEqual(paths(h), [`/indexer/nft/v1/collections/by_name/${word.toLowerCase()}`]);
    assert.ok((byName.json.collections as unknown[]).length > 0, 'found by name');
    h.clear();
    await run('initia.lookupCollectionTokens', collection.object_addr, 'height');
    assert.deepEqual(paths(h), [`/indexer/nft/v1/tokens/by_collection/${collection.object_addr}`]);
    assert.equal(new URLSearchParams(h.fake.requests[0]!.query).get('order_by'), 'height');
    h.clear();
    await run('initia.lookupNftHistory', collection.object_addr, token.nft.token_id);
    assert.deepEqual(paths(h), [`/indexer/nft/v1/txs/${collection.object_addr}/${token.nft.token_id}`]);
  });

  it('rich list: a denom with a slash travels as one %2F-encoded segment', async () => {
    const denom = h.fake.data.denoms.find((d: string) => d.startsWith('evm/'))!;
    const { json } = await run('initia.showRichList', denom);
    assert.equal(h.fake.requests[0]!.path, `/indexer/richlist/v1/${denom.replace('/', '%2F')}`);
    assert.ok((json.holders as unknown[]).length > 0);
  });

  it('latest lists and status reach their endpoints', async () => {
    const cases: Array<[string, unknown[], string[]]> = [
      ['initia.showBlocks', [], ['/indexer/block/v1/blocks']],
      ['initia.showTransactions', [''], ['/indexer/tx/v1/txs']],
      ['initia.showEvmTransactions', [], ['/indexer/tx/v1/evm-txs']],
      ['initia.showCollections', [], ['/indexer/nft/v1/collections']],
      ['initia.showStatus', [], ['/indexer/block/v1/avg_blocktime', '/status']],
    ];
    for (const [command, args, expected] of cases) {
      h.clear();
      const { json } = await run(command, ...args);
      assert.deepEqual(paths(h).sort(), expected, command);
      if (command === 'initia.showStatus') {
        assert.equal(typeof json.avg_block_time, 'number');
        assert.equal(json.chain_id, h.fake.data.chainId);
      }
    }
  });

  it('initia.lookup recognises what is pasted', async () => {
    const block = await run('initia.lookup', ` ${height} `);
    assert.equal((block.json.block as { height: string }).height, String(height));
    const txDoc = await run('initia.lookup', tx.txhash);
    assert.equal((txDoc.json.tx as Tx).txhash, tx.txhash);
    h.clear();
    const denom = h.fake.data.denoms.find((d: string) => d.startsWith('evm/'))!;
    await run('initia.lookup', denom);
    assert.match(paths(h)[0]!, /^\/indexer\/richlist\/v1\/evm%2F0x/);
  });

  it('initia.lookup refuses what it cannot read, with the reason, and never reads it as something else', async () => {
    // One wrong last character: the checksum catches it (it used to be sent as a rich-list denom).
    const typo = account.slice(0, -1) + (account.endsWith('q') ? 'p' : 'q');
    const cases: Array<[string, RegExp]> = [
      [typo, /wrong checksum/],
      ['init1abc', /init1… address has 38 characters after init1/],
      ['-5', /positive whole number/],
      ['hello world', /letters and digits only: to search names containing "helloworld", type that/],
    ];
    for (const [input, reason] of cases) {
      h.clear();
      assert.equal(await vscode.commands.executeCommand('initia.lookup', input), undefined, input);
      assert.match(h.errors.at(-1) ?? '', reason, input);
      assert.equal(h.fake.requests.length, 0, `${input}: nothing sent`);
    }
  });

  it('list documents page forward and back with the server keys, one request per page', async () => {
    const { uri, json } = await run('initia.showBlocks');
    const first = (json.blocks as Array<{ height: string }>).map((b) => b.height);
    assert.equal(first.length, 50);
    h.clear();
    assert.equal(await vscode.commands.executeCommand('initia.nextPage', uri.toString()), true);
    const second = ((await read(uri)).blocks as Array<{ height: string }>).map((b) => b.height);
    assert.equal(h.fake.requests.length, 1);
    assert.ok(
      new URLSearchParams(h.fake.requests[0]!.query).get('pagination.key'),
      'the next page is asked with the key',
    );
    assert.equal(Number(second[0]), Number(first[49]) - 1, 'continues where the first page ended');
    h.clear();
    assert.equal(await vscode.commands.executeCommand('initia.previousPage', uri.toString()), true);
    assert.deepEqual(
      ((await read(uri)).blocks as Array<{ height: string }>).map((b) => b.height),
      first,
    );
    assert.equal(h.fake.requests.length, 1);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    const titles = lenses.map((l) => l.command?.title ?? '');
    assert.ok(
      titles.some((t) => /^Page 1 · 50 items of [\d,]+$/.test(t)),
      titles.join(' | '),
    );
    assert.ok(titles.some((t) => /Next page/.test(t)));
  });

  it('a failing page keeps the page already shown, and retry recovers', async () => {
    const { uri } = await run('initia.showBlocks');
    const before = await read(uri);
    h.clear();
    h.fake.setFault({ kind: 'status', status: 500, times: 1 });
    assert.equal(await vscode.commands.executeCommand('initia.nextPage', uri.toString()), false);
    assert.match(h.errors[0] ?? '', /The indexer answered 500 Internal Server Error/);
    assert.deepEqual(await read(uri), before, 'page 1 still shown');
    assert.equal(
      await vscode.commands.executeCommand('initia.nextPage', uri.toString()),
      true,
      'retry works once the fault is gone',
    );
    assert.notDeepEqual(await read(uri), before);
  });

  it('wrong-shape and non-JSON answers become readable errors', async () => {
    h.fake.setFault({ kind: 'wrongShape', times: 1 });
    assert.equal(await vscode.commands.executeCommand('initia.showBlocks'), undefined);
    assert.match(h.errors[0] ?? '', /unexpected shape: field blocks/);
    h.fake.setFault({ kind: 'nonJson', times: 1 });
    assert.equal(await vscode.commands.executeCommand('initia.showCollections'), undefined);
    assert.match(h.errors[1] ?? '', /not JSON/);
  });

  it('drill-down links in documents run the matching lookups', async () => {
    const { uri } = await run('initia.lookupTransaction', tx.txhash);
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', uri);
    const targets = links.map((l) => decodeURIComponent(l.target?.toString(true) ?? ''));
    assert.ok(
      targets.some((t) => t.startsWith('command:initia.lookupBlock?') && t.includes(`"${tx.height}"`)),
      targets.join('\n'),
    );
    assert.ok(targets.some((t) => t.startsWith('command:initia.lookupAccount?') && t.includes(account)));
    assert.ok(targets.some((t) => t.startsWith('command:initia.lookupTransaction?') && t.includes(tx.txhash)));
    // Follow the block link as VS Code would: run its command with its arguments.
    const blockLink = targets.find((t) => t.startsWith('command:initia.lookupBlock?'))!;
    const args = JSON.parse(blockLink.slice(blockLink.indexOf('?') + 1)) as unknown[];
    h.clear();
    const { json } = await run('initia.lookupBlock', ...args);
    assert.equal((json.block as { height: string }).height, tx.height);
  });

  it('a document opened from its URI alone (as after a window reload) loads itself: one request', async () => {
    const uri = resultUri(FAKE_NETWORK, { op: 'block', height: height - 7 });
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.equal((JSON.parse(doc.getText()) as { block: { height: string } }).block.height, String(height - 7));
    assert.deepEqual(paths(h), [`/indexer/block/v1/blocks/${height - 7}`]);
  });

  it('a stale or hand-edited initia: address opens a document that says what is wrong, and sends nothing', async () => {
    const good = resultUri(FAKE_NETWORK, { op: 'block', height: height - 3 });
    const cases: Array<[string, RegExp]> = [
      [JSON.stringify({ n: FAKE_NETWORK, q: { op: 'block', height: 'twelve' } }), /height should be a number/],
      [JSON.stringify({ n: FAKE_NETWORK, q: { op: 'blocks2' } }), /"blocks2" is not a lookup this version knows/],
      [JSON.stringify({ n: FAKE_NETWORK, q: { op: 'tx', hash: 'abc' } }), /hash: /],
      ['{"n":', /not JSON/],
      [JSON.stringify({ q: { op: 'blocks' } }), /names no network/],
    ];
    for (const [query, message] of cases) {
      const doc = await vscode.workspace.openTextDocument(good.with({ query }));
      const json = JSON.parse(doc.getText()) as { error?: string };
      assert.match(json.error ?? '', /^This Initia document cannot be opened: /, query);
      assert.match(json.error ?? '', message, query);
      assert.match(json.error ?? '', /Run the lookup again\.$/);
    }
    assert.equal(h.fake.requests.length, 0, 'nothing is sent for an address that cannot be read');
  });

  it('select network: by name, and an unknown name is refused', async () => {
    assert.equal(await vscode.commands.executeCommand('initia.selectNetwork', 'No such net'), undefined);
    assert.match(h.errors[0] ?? '', /no network named "No such net"/);
    assert.equal(h.api.services.network.name, 'Fake indexer');
  });
});

describe('recent lookups (issue 34)', function () {
  this.timeout(30_000);
  let h: Harness;

  before(async () => {
    h = await setUp();
  });
  after(async () => {
    await h.restore();
  });

  it('a lookup that failed (not found) is not kept among the recent lookups; one that opened is', async () => {
    const values = new Map<string, unknown>();
    const memento = {
      keys: () => [...values.keys()],
      get: (k: string) => values.get(k),
      update: async (k: string, v: unknown) => void values.set(k, v),
    } as unknown as vscode.Memento;
    const lookups = new LookupCommands(h.api.documents, memento);
    const recent = () =>
      ((values.get('initia.lookup.recent') as Array<{ text: string }> | undefined) ?? []).map((r) => r.text);
    const unknown = 'AB'.repeat(32);
    assert.equal(await lookups.lookup(unknown), undefined);
    await waitFor('the error said', () => h.errors.length > 0);
    assert.deepEqual(recent(), [], 'the failed lookup is not offered again');
    const tx = h.fake.data.txs.find((t) => t.kind === 'send')!;
    assert.ok(await lookups.lookup(tx.hash));
    assert.deepEqual(recent(), [tx.hash]);
  });
});
