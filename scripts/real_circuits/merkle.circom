pragma circom 2.0.0;
// SPDX-License-Identifier: Apache-2.0
include "node_modules/circomlib/circuits/poseidon.circom";
include "node_modules/circomlib/circuits/mux1.circom";
include "node_modules/circomlib/circuits/bitify.circom";
// Membership in a Poseidon Merkle tree of depth D (Semaphore-like): the leaf is Poseidon(secret,
// nullifier), the path and index bits private; root and nullifier hash public.
template Membership(D) {
  signal input secret; signal input nullifier;
  signal input siblings[D]; signal input index;
  signal input root;
  signal output nullifierHash;
  component leaf = Poseidon(2); leaf.inputs[0] <== secret; leaf.inputs[1] <== nullifier;
  component nh = Poseidon(1); nh.inputs[0] <== nullifier; nullifierHash <== nh.out;
  component bits = Num2Bits(D); bits.in <== index;
  component hs[D]; component left[D]; component right[D];
  signal node[D + 1];
  node[0] <== leaf.out;
  for (var i = 0; i < D; i++) {
    left[i] = Mux1(); left[i].c[0] <== node[i]; left[i].c[1] <== siblings[i]; left[i].s <== bits.out[i];
    right[i] = Mux1(); right[i].c[0] <== siblings[i]; right[i].c[1] <== node[i]; right[i].s <== bits.out[i];
    hs[i] = Poseidon(2); hs[i].inputs[0] <== left[i].out; hs[i].inputs[1] <== right[i].out;
    node[i + 1] <== hs[i].out;
  }
  root === node[D];
}
component main {public [root]} = Membership(28);
