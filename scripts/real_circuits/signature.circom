pragma circom 2.0.0;
// SPDX-License-Identifier: Apache-2.0
include "node_modules/circomlib/circuits/eddsaposeidon.circom";
include "node_modules/circomlib/circuits/poseidon.circom";
// A signed message: an EdDSA-Poseidon signature (BabyJubJub) over the Poseidon hash of a 4-field
// message; the key public, the message and the signature private.
template Signature() {
  signal input Ax; signal input Ay;
  signal input R8x; signal input R8y; signal input S;
  signal input msg[4];
  signal output digest;
  component h = Poseidon(4);
  for (var i = 0; i < 4; i++) h.inputs[i] <== msg[i];
  component v = EdDSAPoseidonVerifier();
  v.enabled <== 1;
  v.Ax <== Ax; v.Ay <== Ay;
  v.R8x <== R8x; v.R8y <== R8y; v.S <== S;
  v.M <== h.out;
  digest <== h.out;
}
component main {public [Ax, Ay]} = Signature();
