// SPDX-License-Identifier: Apache-2.0
// The inputs of signature.circom and merkle.circom, computed by circomlibjs: a real EdDSA-Poseidon
// signature (checked here) and a real Poseidon Merkle path to its root. usage: node inputs.mjs DIR
import { buildEddsa, buildPoseidon } from "circomlibjs";
import fs from "fs";
import path from "path";
const dir = process.argv[2];
const eddsa = await buildEddsa();
const poseidon = await buildPoseidon();
const F = poseidon.F;
const prv = Buffer.from("0001020304050607080900010203040506070809000102030405060708090001", "hex");
const pub = eddsa.prv2pub(prv);
const msg = [11n, 22n, 33n, 44n];
const m = poseidon(msg);
const sig = eddsa.signPoseidon(prv, m);
if (!eddsa.verifyPoseidon(m, sig, pub)) throw new Error("signature does not verify");
fs.writeFileSync(path.join(dir, "signature_input.json"), JSON.stringify({
  Ax: F.toObject(pub[0]).toString(), Ay: F.toObject(pub[1]).toString(),
  R8x: F.toObject(sig.R8[0]).toString(), R8y: F.toObject(sig.R8[1]).toString(), S: sig.S.toString(),
  msg: msg.map(String),
}));
const D = 28, // merkle.circom's depth
   secret = 123456789n, nullifier = 987654321n, index = 0x5a5a5a5n;
let node = poseidon([secret, nullifier]);
const siblings = [];
for (let i = 0; i < D; i++) {
  const sib = poseidon([BigInt(i + 1), 7n]);
  siblings.push(F.toObject(sib).toString());
  node = ((index >> BigInt(i)) & 1n) ? poseidon([sib, node]) : poseidon([node, sib]);
}
fs.writeFileSync(path.join(dir, "merkle_input.json"), JSON.stringify({
  secret: secret.toString(), nullifier: nullifier.toString(), siblings, index: index.toString(),
  root: F.toObject(node).toString(),
}));
