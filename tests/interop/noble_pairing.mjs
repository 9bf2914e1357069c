// SPDX-License-Identifier: Apache-2.0
// Pairings computed by @noble/curves, for zkforge's cross-check test (tests/pairing/test_pairing.cpp).
//
// usage: node noble_pairing.mjs input.json
// input:  {"curve": "bn254" | "bls12_381", "pairs": [{"p": [x, y], "q": [[x0, x1], [y0, y1]]}, ...]}
//         with decimal strings of canonical affine coordinates.
// output: one line per pair with e(p, q), then one line with the product of all pairs' pairings
//         (noble's pairingBatch); each line the 12 Fq coefficients of Fq12, in the order
//         c0.c0.c0 c0.c0.c1 c0.c1.c0 ... c1.c2.c1, as decimal strings separated by spaces.
import fs from "node:fs";

const input = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const lib = input.curve === "bn254"
  ? (await import("@noble/curves/bn254.js")).bn254
  : (await import("@noble/curves/bls12-381.js")).bls12_381;
const { Fp2 } = lib.fields;

const g1 = ([x, y]) => lib.G1.Point.fromAffine({ x: BigInt(x), y: BigInt(y) });
const g2 = ([[x0, x1], [y0, y1]]) =>
  lib.G2.Point.fromAffine({ x: Fp2.fromBigTuple([BigInt(x0), BigInt(x1)]), y: Fp2.fromBigTuple([BigInt(y0), BigInt(y1)]) });
const coefficients = (f) =>
  [f.c0, f.c1].flatMap((f6) => [f6.c0, f6.c1, f6.c2]).flatMap((f2) => [f2.c0, f2.c1]).map(String).join(" ");

const pairs = input.pairs.map(({ p, q }) => ({ g1: g1(p), g2: g2(q) }));
for (const { g1: p, g2: q } of pairs) console.log(coefficients(lib.pairing(p, q)));
console.log(coefficients(lib.pairingBatch(pairs)));
