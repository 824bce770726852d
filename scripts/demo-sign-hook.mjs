// DEMO ONLY. Signs an OP hook (the JSON the bridge panel shows: {"chain_id", "hook": [{"msg_type_url", "msg"}]}) with a
// throwaway key made for this one run, and prints the signed transaction (base64 of a cosmos Tx) to paste into the
// panel's "Signed hook" field. The extension itself never holds or asks for a key; this script exists so that the
// demo's OP hook route (TRY-ME.md) can be followed to the end without a wallet.
//   npm run --silent demo:sign-hook -- hook.json     (or the JSON on stdin: pbpaste | npm run --silent demo:sign-hook)
// stdout: the base64 signed Tx alone; stderr: the signer address to name in the panel and what this is.
// The signature is a real secp256k1 signature (node:crypto, SIGN_MODE_DIRECT over the SignDoc), but by a key that
// is not the sender's: a real chain would refuse the transaction. Only MsgSend hooks (what the demo's router gives).
import { generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const MSG_SEND = '/cosmos.bank.v1beta1.MsgSend';
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

function varint(n) {
  let v = BigInt(n);
  const out = [];
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v) b |= 0x80;
    out.push(b);
  } while (v);
  return Buffer.from(out);
}
const bytesField = (no, bytes) => Buffer.concat([varint((no << 3) | 2), varint(bytes.length), bytes]);
const textField = (no, s) => bytesField(no, Buffer.from(s, 'utf8'));
const uintField = (no, n) => Buffer.concat([varint(no << 3), varint(n)]);
const anyOf = (typeUrl, value) => Buffer.concat([textField(1, typeUrl), bytesField(2, value)]);

/** cosmos.bank.v1beta1.MsgSend from its JSON (from_address, to_address, amount: [{denom, amount}]). */
function msgSend(m) {
  const ok = m && typeof m.from_address === 'string' && typeof m.to_address === 'string' && Array.isArray(m.amount);
  if (!ok) throw new Error('a MsgSend needs from_address, to_address and amount');
  return Buffer.concat([
    textField(1, m.from_address),
    textField(2, m.to_address),
    ...m.amount.map((c) =>
      bytesField(3, Buffer.concat([textField(1, String(c.denom)), textField(2, String(c.amount))])),
    ),
  ]);
}

/** The hook JSON read: what the panel's Copy, Open as JSON or Save as JSON… gives. */
export function readHook(text) {
  let hook;
  try {
    hook = JSON.parse(text);
  } catch {
    throw new Error(
      'expected the OP hook as JSON ({"chain_id": …, "hook": [{"msg_type_url": …, "msg": …}]}), as the bridge panel copies it, but this is not JSON',
    );
  }
  if (!hook || typeof hook.chain_id !== 'string' || !Array.isArray(hook.hook) || hook.hook.length === 0)
    throw new Error(
      'expected the OP hook JSON with "chain_id" and a non-empty "hook" list, as the bridge panel copies it',
    );
  const msgs = hook.hook.map((h, i) => {
    if (h?.msg_type_url !== MSG_SEND)
      throw new Error(`message ${i + 1} is ${String(h?.msg_type_url)}: this demo script signs only ${MSG_SEND}`);
    return JSON.parse(h.msg);
  });
  return { chainId: hook.chain_id, msgs };
}

/** A compressed secp256k1 public key (33 bytes) from node's key object. */
function compressed(publicKey) {
  const jwk = publicKey.export({ format: 'jwk' });
  const x = Buffer.from(jwk.x, 'base64url');
  const y = Buffer.from(jwk.y, 'base64url');
  return Buffer.concat([Buffer.from([y[y.length - 1] & 1 ? 3 : 2]), x]);
}

/** A signed cosmos Tx (SIGN_MODE_DIRECT, account 0, sequence 0) of these MsgSends on `chainId`, by a new key. */
export function signHookTx({ chainId, msgs }) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const body = Buffer.concat(msgs.map((m) => bytesField(1, anyOf(MSG_SEND, msgSend(m)))));
  const pubKey = anyOf('/cosmos.crypto.secp256k1.PubKey', bytesField(1, compressed(publicKey)));
  const signerInfo = Buffer.concat([
    bytesField(1, pubKey),
    bytesField(2, bytesField(1, uintField(1, 1))),
    uintField(3, 0),
  ]);
  const authInfo = Buffer.concat([bytesField(1, signerInfo), bytesField(2, uintField(2, 200_000))]);
  const signDoc = Buffer.concat([bytesField(1, body), bytesField(2, authInfo), textField(3, chainId), uintField(4, 0)]);
  const rs = sign('sha256', signDoc, { key: privateKey, dsaEncoding: 'ieee-p1363' });
  // Cosmos accepts only the lower of the two equivalent s values.
  const s = BigInt(`0x${rs.subarray(32).toString('hex')}`);
  const low = s > SECP256K1_N / 2n ? SECP256K1_N - s : s;
  const signature = Buffer.concat([rs.subarray(0, 32), Buffer.from(low.toString(16).padStart(64, '0'), 'hex')]);
  return Buffer.concat([bytesField(1, body), bytesField(2, authInfo), bytesField(3, signature)]).toString('base64');
}

async function main() {
  const file = process.argv[2];
  let text;
  if (file && file !== '-') text = readFileSync(file, 'utf8');
  else {
    if (process.stdin.isTTY) console.error('Paste the OP hook JSON, then Ctrl+D:');
    const chunks = [];
    for await (const c of process.stdin) chunks.push(c);
    text = Buffer.concat(chunks).toString('utf8');
  }
  const hook = readHook(text);
  const signed = signHookTx(hook);
  const signer = hook.msgs[0].from_address;
  console.error(
    `DEMO ONLY: signed with a throwaway key made for this run, not ${signer}'s key; a real chain would refuse it.`,
  );
  console.error(`In the bridge panel, name the hook signer ${signer} and paste the signed hook (base64) below:`);
  process.stdout.write(`${signed}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(`demo:sign-hook: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
