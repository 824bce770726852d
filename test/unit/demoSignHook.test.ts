// The demo's OP hook step, followed as TRY-ME says (issue 34 #2): `npm run demo:sign-hook` signs the hook the panel
// shows, and what it prints is accepted by the panel's check; anything else is refused saying what was expected.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createPublicKey, verify } from 'node:crypto';
import { join } from 'node:path';
import { protoFields, protoBytes } from '../../src/core/router/check/bytes';
import { startBridgeFlow, KINDS, OSMO, type BridgeFlow } from '../fixtures/bridgeFlow';

const SCRIPT = join(__dirname, '../../../scripts/demo-sign-hook.mjs');
let bf: BridgeFlow;
before(async () => {
  bf = await startBridgeFlow();
});
after(() => bf.close());

const sign = (hook: unknown): string =>
  execFileSync(process.execPath, [SCRIPT], {
    input: JSON.stringify(hook),
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'pipe'],
  }).trim();
const field = (fields: ReturnType<typeof protoFields>, no: number) => protoBytes(fields.find((f) => f.no === no)!);

test('demo:sign-hook signs the OP hook so that the panel accepts it, with a real secp256k1 signature over its SignDoc', async () => {
  let signedTx = '';
  let chainId = '';
  const out = await bf.flow(KINDS.hook!, undefined, {
    sign: (hook: { chain_id: string }) => {
      chainId = hook.chain_id;
      signedTx = sign(hook);
      return { signer: OSMO, hook: signedTx };
    },
  });
  assert.deepEqual([out.kind, out.texts], ['matches', []]);
  // The signature verifies against the public key the Tx carries, over SIGN_MODE_DIRECT's SignDoc.
  const tx = protoFields(Buffer.from(signedTx, 'base64'));
  const [body, authInfo, signature] = [field(tx, 1), field(tx, 2), field(tx, 3)];
  const pubKeyAny = field(protoFields(field(protoFields(authInfo), 1)), 1);
  assert.equal(Buffer.from(field(protoFields(pubKeyAny), 1)).toString(), '/cosmos.crypto.secp256k1.PubKey');
  const key = field(protoFields(field(protoFields(pubKeyAny), 2)), 1);
  assert.equal(key.length, 33);
  const len = (n: number) => Buffer.from([n]);
  const signDoc = Buffer.concat([
    Buffer.from([0x0a]),
    varint(body.length),
    body,
    Buffer.from([0x12]),
    varint(authInfo.length),
    authInfo,
    Buffer.from([0x1a]),
    len(chainId.length),
    Buffer.from(chainId),
    Buffer.from([0x20, 0]),
  ]);
  const spki = Buffer.concat([Buffer.from('3036301006072a8648ce3d020106052b8104000a032200', 'hex'), key]);
  const pub = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  assert.ok(verify('sha256', signDoc, { key: pub, dsaEncoding: 'ieee-p1363' }, signature), 'the signature verifies');
});

test('the refusal of something that is not a signed transaction says what was expected and what came instead', async () => {
  const out = await bf.flow(KINDS.hook!, undefined, {
    sign: () => ({ signer: OSMO, hook: Buffer.from('Hello world this is not a signed tx').toString('base64') }),
  });
  assert.equal(out.kind, 'refused');
  const text = out.texts.join(' ');
  assert.match(
    text,
    /Expected a signed transaction \(base64 of a cosmos Tx.*\), but this is \d+ bytes that do not read as one/,
  );
  assert.doesNotMatch(text, /wire type/);
});

test('demo:sign-hook refuses what is not the OP hook JSON, in words', () => {
  assert.throws(
    () =>
      execFileSync(process.execPath, [SCRIPT], {
        input: 'aGVsbG8=',
        encoding: 'utf8',
        stdio: ['pipe', 'pipe', 'pipe'],
      }),
    (err: { stderr: string }) => /expected the OP hook as JSON/.test(err.stderr),
  );
});

function varint(n: number): Buffer {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return Buffer.from(out);
}
