// SPDX-License-Identifier: Apache-2.0
// Explicit instantiations of what a prover program uses besides the MSM and NTT, for BLS12-381 and
// BN254: the CPU's Groth16 prover, the verifier, the snarkjs key and witness readers and the compiled
// key's checks, so that such a program compiles none of it.
#include "zkforge/groth16/prover.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/io/compiled_key.hpp"
#include "zkforge/io/wtns.hpp"
#include "zkforge/io/zkey.hpp"

namespace zkforge {

namespace groth16 {
ZKFORGE_PROVER_INSTANCES(, Cpu)
ZKFORGE_VERIFIER_INSTANCES(, bls12_381::Engine)
ZKFORGE_VERIFIER_INSTANCES(, bn254::Engine)
}  // namespace groth16

namespace snarkjs {
ZKFORGE_ZKEY_INSTANCES(, bls12_381::Engine)
ZKFORGE_ZKEY_INSTANCES(, bn254::Engine)
ZKFORGE_WTNS_INSTANCES(, bls12_381::Fr)
ZKFORGE_WTNS_INSTANCES(, bn254::Fr)
}  // namespace snarkjs

namespace io {
ZKFORGE_COMPILED_KEY_INSTANCES(, bls12_381::Engine)
ZKFORGE_COMPILED_KEY_INSTANCES(, bn254::Engine)
}  // namespace io

}  // namespace zkforge
