/**
 * The workspace's ABIs in the real host: nothing is indexed (nor dist/abi.js loaded) until the first decode; that
 * decode finds the Foundry and Hardhat artifacts of the workspace's `solidity/` folder (test/fixtures/workspace-abi,
 * copied there by test/runIntegration.ts), skips the Hardhat .dbg.json, build-info/ and node_modules/, and the broken
 * artifact with exactly one log line; an artifact written afterwards is picked up by the file system watcher, and one
 * deleted is dropped.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { moveIn, setUp, type Harness, waitFor } from './helpers';
// The decoder's TypeScript as the tests compile it (not dist/abi.js, whose loading is under test): for topics.
import { eventTopic } from '../../src/abi/decoder';

const word = (v: string | bigint): string =>
  (typeof v === 'bigint' ? v.toString(16) : v.slice(2).toLowerCase()).padStart(64, '0');
const topic = (v: string | bigint) => `0x${word(v)}`;
const HOLDER = '0x46EFbAedc92067E6d60E84ED6395099723252496';
/** Minted(address indexed to, uint256 amount, string memo): Token.sol's own event. */
const MINTED = {
  address: '0x7777777777777777777777777777777777777777',
  topics: ['0xe7cd4ce7f2a465edc730269a1305e8a48bad821e8fb7e152ec413829c01a53c4', topic(HOLDER)],
  data: '0x0000000000000000000000000000000000000000000000004563918244f400000000000000000000000000000000000000000000000000000000000000000040000000000000000000000000000000000000000000000000000000000000000b6c61756e636820f09f9a80000000000000000000000000000000000000000000',
};

/** An artifact as forge writes it, with one event `<name>(uint256 indexed n)`. */
const foundryArtifact = (name: string) =>
  JSON.stringify({
    abi: [
      {
        type: 'event',
        name,
        inputs: [{ name: 'n', type: 'uint256', indexed: true, internalType: 'uint256' }],
        anonymous: false,
      },
    ],
    bytecode: { object: '0x6080604052', sourceMap: '', linkReferences: {} },
    deployedBytecode: { object: '0x6080604052', sourceMap: '', linkReferences: {} },
    methodIdentifiers: {},
    id: 1,
  });

describe('workspace ABIs', function () {
  this.timeout(60_000);
  let h: Harness;
  let folder: string;
  const warnings: string[] = [];
  let restoreWarn: (() => void) | undefined;
  const written: string[] = [];

  before(async () => {
    h = await setUp();
    const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(root, 'the tests run in a folder');
    folder = path.join(root, 'solidity');
    assert.ok(fs.existsSync(path.join(folder, 'out', 'Token.sol', 'Token.json')), 'the fixture is in the workspace');
    // Every warning the extension logs, seen here as well (the ABI index logs through the extension's log).
    const log = h.api.log;
    const warn = log.warn.bind(log);
    log.warn = (message: string | Error, ...args: unknown[]) => {
      warnings.push(String(message));
      warn(message as string, ...args);
    };
    restoreWarn = () => {
      log.warn = warn;
    };
  });
  after(async () => {
    restoreWarn?.();
    for (const f of written) fs.rmSync(f, { recursive: true, force: true });
    await h.restore();
  });

  it('indexes nothing and loads no decoder until the first decode, which finds Foundry and Hardhat artifacts', async () => {
    const abis = h.api.features.abis;
    assert.equal(abis.indexed, false, 'indexed before any decode');
    assert.equal(abis.decoderLoaded, false, 'dist/abi.js loaded before any decode');
    assert.deepEqual(abis.stats, { files: 0, skipped: 0, ignored: 0, events: 0, functions: 0 });

    // git keeps no node_modules folder in the fixture: write one now, before the first decode, to see it skipped.
    const dependency = path.join(folder, 'node_modules', '@acme', 'contracts', 'out', 'Hidden.sol', 'Hidden.json');
    fs.mkdirSync(path.dirname(dependency), { recursive: true });
    fs.writeFileSync(dependency, foundryArtifact('Hidden'));
    written.push(path.join(folder, 'node_modules'));
    warnings.length = 0;

    const started = performance.now();
    const minted = await abis.decodeLog(MINTED);
    console.log(
      `      first decode (dist/abi.js + index): ${(performance.now() - started).toFixed(1)} ms; ${JSON.stringify(abis.stats)}`,
    );
    assert.equal(abis.decoderLoaded, true);
    assert.equal(minted?.name, 'Minted');
    assert.equal(minted?.contract, 'Token');
    assert.ok(minted?.file?.endsWith('/solidity/out/Token.sol/Token.json'), minted?.file);
    assert.equal(vscode.Uri.parse(minted!.file!).fsPath, path.join(folder, 'out', 'Token.sol', 'Token.json'));
    assert.deepEqual(
      minted?.args.map((a) => a.value),
      [HOLDER, '5000000000000000000', 'launch 🚀'],
    );

    const { indexedMs, ...stats } = abis.stats;
    // Token (Foundry), Vault (Hardhat), Registry (.abi.json); Broken skipped; Vault.dbg.json, build-info/ and
    // node_modules/ not even read (so not "ignored" either)
    assert.deepEqual(stats, { files: 3, skipped: 1, ignored: 0, events: 6, functions: 16 });
    assert.equal(typeof indexedMs, 'number');
    const broken = warnings.filter((w) => w.includes('Broken.json'));
    assert.equal(broken.length, 1, `one log line for the broken artifact: ${JSON.stringify(warnings)}`);
    assert.match(broken[0]!, /^ABI index: skipped Broken\.json is not valid JSON/);

    const deposit = await abis.decodeCall({
      to: '0x1111111111111111111111111111111111111111',
      data: '0x6e553f6500000000000000000000000000000000000000000000000000000000000f42400000000000000000000000001111111111111111111111111111111111111111',
    });
    assert.equal(deposit?.signature, 'deposit(uint256,address)');
    assert.equal(deposit?.contract, 'Vault');
    assert.ok(deposit?.file?.endsWith('/solidity/artifacts/contracts/Vault.sol/Vault.json'), deposit?.file);

    // the built-ins still answer what the workspace does not define (a 3-topic Transfer is Token's here, not a 4-topic one)
    const nft = await abis.decodeLog({
      address: '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D',
      topics: [
        '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
        topic(HOLDER),
        topic(HOLDER),
        topic(1n),
      ],
      data: '0x',
    });
    assert.equal(nft?.builtin, 'ERC-721');
    assert.equal(
      await abis.decodeLog({ address: '0x', topics: [topic(123n)], data: '0x' }),
      undefined,
      'a topic nobody knows',
    );
    assert.equal(await abis.decodeCall({ data: '0x1234' }), undefined, 'shorter than a selector');

    // decoding again neither re-indexes nor logs the broken file again
    const before = abis.stats.indexedMs;
    await abis.decodeLog(MINTED);
    assert.equal(abis.stats.indexedMs, before);
    assert.equal(warnings.filter((w) => w.includes('Broken.json')).length, 1);
  });

  it('the artifact under node_modules/ is not indexed; the same one written outside is, and dropped when deleted', async () => {
    const abis = h.api.features.abis;
    const hidden = { address: '0x', topics: [eventTopic('Hidden(uint256)'), topic(42n)], data: '0x' };
    assert.equal(
      await abis.decodeLog(hidden),
      undefined,
      'node_modules/@acme/contracts/out/Hidden.sol/Hidden.json was read',
    );
    const visible = path.join(folder, 'out', 'Visible.sol', 'Visible.json');
    fs.mkdirSync(path.dirname(visible), { recursive: true });
    fs.writeFileSync(visible, foundryArtifact('Hidden'));
    written.push(path.dirname(visible));
    await waitFor(
      'the watcher to index Visible.json',
      async () => (await abis.decodeLog(hidden))?.contract === 'Visible',
    );
    assert.equal(abis.stats.files, 4);
    fs.rmSync(path.dirname(visible), { recursive: true, force: true });
    await waitFor('the watcher to drop Visible.json', async () => (await abis.decodeLog(hidden)) === undefined);
    assert.equal(abis.stats.files, 3);
  });

  it("a build that arrived whole (moved in): found, and a rebuild there is followed (VS Code's watcher does not see into it)", async () => {
    const abis = h.api.features.abis;
    // A package with its own build (`pkg/out/Moved.sol/Moved.json`), moved into the workspace whole.
    const staged = fs.mkdtempSync(path.join(os.tmpdir(), 'initia-moved-build-'));
    written.push(staged);
    fs.mkdirSync(path.join(staged, 'pkg', 'out', 'Moved.sol'), { recursive: true });
    fs.writeFileSync(path.join(staged, 'pkg', 'out', 'Moved.sol', 'Moved.json'), foundryArtifact('MovedIn'));
    const pkg = path.join(folder, 'pkg');
    moveIn(path.join(staged, 'pkg'), pkg);
    written.push(pkg);
    const target = path.join(pkg, 'out', 'Moved.sol');
    const first = { address: '0x', topics: [eventTopic('MovedIn(uint256)'), topic(3n)], data: '0x' };
    await waitFor('the moved-in artifact', async () => (await abis.decodeLog(first))?.contract === 'Moved');
    // `forge build` again: the same file rewritten in place, in the folder that arrived whole.
    fs.writeFileSync(path.join(target, 'Moved.json'), foundryArtifact('Rebuilt'));
    const rebuilt = { address: '0x', topics: [eventTopic('Rebuilt(uint256)'), topic(4n)], data: '0x' };
    await waitFor('the rebuilt artifact', async () => (await abis.decodeLog(rebuilt))?.contract === 'Moved');
    assert.equal(await abis.decodeLog(first), undefined, 'the old event is gone with the old build');
    fs.rmSync(pkg, { recursive: true, force: true });
    await waitFor('the artifact dropped with its folder', async () => (await abis.decodeLog(rebuilt)) === undefined);
  });

  it('a newly written artifact is picked up by the watcher, a fixed broken one too', async () => {
    const abis = h.api.features.abis;
    const fresh = path.join(folder, 'artifacts', 'contracts', 'Fresh.sol', 'Fresh.json');
    const log = { address: '0x', topics: [eventTopic('Freshly(uint256)'), topic(7n)], data: '0x' };
    assert.equal(await abis.decodeLog(log), undefined);
    fs.mkdirSync(path.dirname(fresh), { recursive: true });
    fs.writeFileSync(
      fresh,
      JSON.stringify({
        _format: 'hh-sol-artifact-1',
        contractName: 'Fresh',
        sourceName: 'contracts/Fresh.sol',
        abi: JSON.parse(foundryArtifact('Freshly')).abi,
        bytecode: '0x',
        deployedBytecode: '0x',
        linkReferences: {},
        deployedLinkReferences: {},
      }),
    );
    written.push(path.dirname(fresh));
    await waitFor('the watcher to index Fresh.json', async () => (await abis.decodeLog(log))?.contract === 'Fresh');
    assert.equal(abis.stats.files, 4);

    // the broken artifact, fixed: indexed, no longer skipped
    const broken = path.join(folder, 'out', 'Broken.sol', 'Broken.json');
    fs.writeFileSync(broken, foundryArtifact('Mended'));
    const mended = { address: '0x', topics: [eventTopic('Mended(uint256)'), topic(1n)], data: '0x' };
    await waitFor(
      'the watcher to index the mended Broken.json',
      async () => (await abis.decodeLog(mended))?.contract === 'Broken',
    );
    assert.equal(abis.stats.skipped, 0);
    assert.equal(abis.stats.files, 5);
  });
});
