// SPDX-License-Identifier: Apache-2.0
// The Groth16 prover on the GPU backend (CUDA or HIP): with the same blinding r, s it gives the CPU
// prover's proof, bit for bit, on snarkjs' keys of both curves and on monomial-basis keys of the
// insecure test setup, and the proofs verify.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

#include "support/seed.hpp"
#include "support/gpu_backend.hpp"
#include "zkforge/groth16/insecure_test_setup.hpp"
#include "zkforge/groth16/prover.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/io/wtns.hpp"
#include "zkforge/io/zkey.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;

TEMPLATE_TEST_CASE("the GPU prover gives the CPU prover's proof for the same r and s", "[cuda][groth16]",
                   bn254::Engine, bls12_381::Engine) {
  using E = TestType;
  using Fr = typename E::Fr;
  const std::string curve = E::kFamily == PairingFamily::bn ? "bn128" : "bls12381";
  const char* moved = std::getenv("ZKFORGE_TESTS_DIR");  // the sources' tests/ on a machine where they lie elsewhere
  const std::string tests = moved != nullptr ? moved : ZKFORGE_TESTS_DIR;
  for (const std::string& dir : {tests + "/data/groth16/" + curve + "/", tests + "/data/chain1018/" + curve + "/"}) {
    const auto key = snarkjs::read_zkey<E>(dir + "chain.zkey");
    const auto witness = snarkjs::read_wtns<Fr>(dir + "witness.wtns");
    auto rng = test::rng_for(83);
    const groth16::Blinding<Fr> blinding{Fr::random(rng), Fr::random(rng)};
    const auto cpu = groth16::Prover<E, Cpu>(key).prove(host_span(witness), blinding);
    groth16::PhaseTimings t;
    const auto gpu = groth16::Prover<E, GpuBackend>(key).prove(host_span(witness), blinding, &t);
    INFO(dir);
    CHECK(cpu.a == gpu.a);
    CHECK(cpu.b == gpu.b);
    CHECK(cpu.c == gpu.c);
    const groth16::PreparedVerifyingKey<E> vk(key.verifying_key());
    CHECK(vk.verify(groth16::Prover<E, GpuBackend>(key).public_inputs(host_span(witness)), gpu));
    // b_g2_msm overlapped with the other phases (the default) or after them: the same proof.
    groth16::ProverConfig in_turn;
    in_turn.overlap_g2 = false;
    const auto serial = groth16::Prover<E, GpuBackend>(key, in_turn).prove(host_span(witness), blinding);
    CHECK(serial.a == gpu.a);
    CHECK(serial.b == gpu.b);
    CHECK(serial.c == gpu.c);
    CHECK(t.wall > 0);
  }
}

TEMPLATE_TEST_CASE("the GPU prover equals the CPU prover on monomial-basis keys (insecure test setup)",
                   "[cuda][groth16]", bn254::Engine, bls12_381::Engine) {
  using E = TestType;
  using Fr = typename E::Fr;
  auto rng = test::rng_for(84);
  const auto qap = groth16::insecure::bits_circuit<Fr>(4, 60);
  const groth16::insecure::ToxicWaste<Fr> waste{Fr::random(rng), Fr::random(rng), Fr::random(rng), Fr::random(rng),
                                                Fr::random(rng)};
  const auto key = groth16::insecure::setup<E>(qap, groth16::HConvention::monomial, RootConvention::zkcrypto, waste);
  std::vector<Fr> xs(4);
  for (auto& x : xs) x = Fr::random(rng);
  const auto w = groth16::insecure::witness<Fr>(60, xs, [&](std::size_t) { return (rng() & 1) != 0; });
  const groth16::Blinding<Fr> blinding{Fr::random(rng), Fr::random(rng)};
  const auto cpu = groth16::Prover<E, Cpu>(key).prove(host_span(w), blinding);
  const auto gpu = groth16::Prover<E, GpuBackend>(key).prove(host_span(w), blinding);
  CHECK(cpu.a == gpu.a);
  CHECK(cpu.b == gpu.b);
  CHECK(cpu.c == gpu.c);
  CHECK(groth16::PreparedVerifyingKey<E>(key.verifying_key()).verify(groth16::Prover<E, Cpu>(key).public_inputs(host_span(w)), gpu));
}
