// SPDX-License-Identifier: Apache-2.0
// The Groth16 prover on the GPU backend (CUDA or HIP): with the same blinding r, s it gives the CPU
// prover's proof, bit for bit, on snarkjs' keys of both curves and on monomial-basis keys of the
// insecure test setup, with the key resident on the device or streamed per proof, one circuit or a
// batch, and the proofs verify.
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
    in_turn.overlap = false;
    const auto serial = groth16::Prover<E, GpuBackend>(key, in_turn).prove(host_span(witness), blinding);
    CHECK(serial.a == gpu.a);
    CHECK(serial.b == gpu.b);
    CHECK(serial.c == gpu.c);
    // The key's bases uploaded by every proof's MSMs, split as prep_msm says, instead of resident.
    groth16::ProverConfig streamed;
    streamed.resident_key = false;
    const auto split = groth16::Prover<E, GpuBackend>(key, streamed).prove(host_span(witness), blinding);
    CHECK(split.a == gpu.a);
    CHECK(split.b == gpu.b);
    CHECK(split.c == gpu.c);
    CHECK(t.wall > 0);
    CHECK(t.prep_msm == 0);  // resident: no split, so no classification
    CHECK(t.tail_msm > 0);
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

TEMPLATE_TEST_CASE("a batch on the GPU, key resident or streamed, gives the CPU's proof of each circuit",
                   "[cuda][groth16][batch]", bn254::Engine, bls12_381::Engine) {
  using E = TestType;
  using Fr = typename E::Fr;
  auto rng = test::rng_for(85);
  const std::size_t publics = 3, bits = 90;
  const auto qap = groth16::insecure::bits_circuit<Fr>(publics, bits);
  const groth16::insecure::ToxicWaste<Fr> waste{Fr::random(rng), Fr::random(rng), Fr::random(rng), Fr::random(rng),
                                                Fr::random(rng)};
  for (const auto convention : {groth16::HConvention::odd_coset_lagrange, groth16::HConvention::monomial}) {
    const auto key = groth16::insecure::setup<E>(qap, convention, RootConvention::zkcrypto, waste);
    std::vector<std::vector<typename Fr::Int>> witnesses;
    std::vector<typename groth16::Prover<E, GpuBackend>::Assignment> batch;
    std::vector<groth16::Blinding<Fr>> blindings;
    for (const int kind : {0, 1, 2}) {  // aux all 0, all 1, mixed
      std::vector<Fr> xs(publics);
      for (auto& x : xs) x = Fr::random(rng);
      witnesses.push_back(groth16::insecure::witness<Fr>(bits, xs, [&](std::size_t) {
        return kind == 0 ? false : kind == 1 ? true : (rng() & 1) != 0;
      }));
    }
    for (const auto& w : witnesses) {
      const auto a = groth16::insecure::evaluate(qap.a, w, qap.log_domain), b = groth16::insecure::evaluate(qap.b, w, qap.log_domain);
      std::vector<Fr> c(a.size());
      for (std::size_t i = 0; i < c.size(); ++i) c[i] = a[i] * b[i];
      batch.push_back({host_span(w), a, b, c});
      blindings.push_back({Fr::random(rng), Fr::random(rng)});
    }
    const groth16::Prover<E, Cpu> cpu(key);
    const groth16::PreparedVerifyingKey<E> vk(key.verifying_key());
    for (const bool resident : {true, false}) {
      groth16::ProverConfig config;
      config.resident_key = resident;
      const groth16::Prover<E, GpuBackend> gpu(key, config);
      const auto proofs = gpu.prove_batch(batch, blindings);
      REQUIRE(proofs.size() == witnesses.size());
      for (std::size_t k = 0; k < witnesses.size(); ++k) {
        const auto expected = cpu.prove(host_span(witnesses[k]), blindings[k]);
        INFO((resident ? "resident" : "streamed") << " key, circuit " << k);
        CHECK(proofs[k].a == expected.a);
        CHECK(proofs[k].b == expected.b);
        CHECK(proofs[k].c == expected.c);
        CHECK(vk.verify(cpu.public_inputs(host_span(witnesses[k])), proofs[k]));
      }
    }
  }
}
