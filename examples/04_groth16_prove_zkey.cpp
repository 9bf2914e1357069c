// SPDX-License-Identifier: Apache-2.0
// Example 04: a Groth16 proof from a snarkjs zkey and a circom witness, verified, with phase times.
//
// read_zkey and read_wtns check the files and name the byte offset of anything wrong; the prover
// composes supra_seal C2's phases over a backend tag (Cpu here; Cuda when built with it) and a memory
// policy; draw_blinding takes r and s from the operating system's CSPRNG.
// usage: 04_groth16_prove_zkey circuit.zkey witness.wtns   (bn128 keys; tests/data/chain1018/bn128 has one)
#include <cstdio>

#include "zkforge/groth16/prover.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/io/wtns.hpp"
#include "zkforge/io/zkey.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;
using E = bn254::Engine;

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s circuit.zkey witness.wtns\n", argv[0]);
    return 2;
  }
  try {
    const groth16::ProvingKey<E> key = snarkjs::read_zkey<E>(argv[1]);
    const auto witness = snarkjs::read_wtns<E::Fr>(argv[2]);
    const groth16::Prover<E, Cpu> prover(key);
    groth16::PhaseTimings t;
    const groth16::Proof<E> proof = prover.prove(host_span(witness), groth16::draw_blinding<E::Fr>(), &t);
    const bool ok = groth16::verify(key.verifying_key(), prover.public_inputs(host_span(witness)), proof);
    std::printf("proof %s; ms: evaluate %.1f, prep_msm %.1f, ntt_msm_h %.1f, batch_add %.1f, tail_msm %.1f, "
                "b_g2_msm %.1f, assemble %.1f\n",
                ok ? "verifies" : "DOES NOT VERIFY", t.evaluate, t.prep_msm, t.ntt_msm_h, t.batch_add, t.tail_msm,
                t.b_g2_msm, t.assemble);
    return ok ? 0 : 1;
  } catch (const Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 3;
  }
}
