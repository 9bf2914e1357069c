#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds two real circom circuits for scripts/cpu_vs_rapidsnark.sh (KEYS="OUT/signature OUT/merkle"),
# each as OUT/NAME/{circuit.zkey, witness.wtns, verification_key.json}:
#   signature  an EdDSA-Poseidon signature over BabyJubJub of a message's Poseidon hash (8,822 constraints)
#   merkle     membership in a Poseidon Merkle tree of depth 28, Semaphore-like (15,493 constraints)
# circom2 compiles them, circomlibjs signs and hashes their inputs (inputs.mjs), snarkjs makes a powers
# of tau of 2^14 with one contribution (keys for timing, not from a ceremony), the keys and the
# witnesses. Needs node and npm (scripts/deps.sh installs them); ~10 minutes on 2 cores, the powers of
# tau kept in OUT/.work for the next run.
# usage: scripts/real_circuits/build.sh OUT
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$1"
out=$(cd "$1" && pwd)
work=$out/.work
mkdir -p "$work"
cd "$here"
[[ -d node_modules ]] || npm ci --no-audit --no-fund
snarkjs=node_modules/.bin/snarkjs
node inputs.mjs "$work"
if [[ ! -f $work/pot14.ptau ]]; then
  $snarkjs powersoftau new bn128 14 "$work/pot14_0.ptau"
  $snarkjs powersoftau contribute "$work/pot14_0.ptau" "$work/pot14_1.ptau" --name=zkforge -e="zkforge benchmark keys"
  $snarkjs powersoftau prepare phase2 "$work/pot14_1.ptau" "$work/pot14.ptau"
fi
for c in signature merkle; do
  mkdir -p "$out/$c"
  node_modules/.bin/circom2 $c.circom --r1cs --wasm -o "$work"
  $snarkjs groth16 setup "$work/$c.r1cs" "$work/pot14.ptau" "$work/${c}_0.zkey"
  $snarkjs zkey contribute "$work/${c}_0.zkey" "$out/$c/circuit.zkey" --name=zkforge -e="zkforge benchmark $c"
  $snarkjs zkey export verificationkey "$out/$c/circuit.zkey" "$out/$c/verification_key.json"
  $snarkjs wtns calculate "$work/${c}_js/$c.wasm" "$work/${c}_input.json" "$out/$c/witness.wtns"
done
