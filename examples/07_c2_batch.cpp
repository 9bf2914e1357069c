// SPDX-License-Identifier: Apache-2.0
// Example 07: C2's interface — a batch of circuits that share one key, proved from a parameter file
// in bellperson / supra_seal's layout, the circuit's query densities and a synthesizer's a, b, c.
//
// A Filecoin prover gets its key as a parameter file (io/supra_srs.hpp) and, from the synthesizer,
// per circuit: the full assignment, the evaluations a, b, c on the domain and the densities of the
// A and B queries (which wires appear in them; the file holds points for those only). This program
// plays every part with an INSECURE key (groth16/insecure_test_setup.hpp: toxic waste from a fixed
// seed) for the bits-and-products circuit of 2^K constraints: it writes the parameter file, reads it
// back, makes the key from it and the densities (io/srs_key.hpp), proves a batch with
// prove_batch (entry (b)) on the CPU and verifies every proof.
// usage: 07_c2_batch [K] [circuits] [params_path]   (defaults: 10, 4, ./params.bin)
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "zkforge/groth16/insecure_test_setup.hpp"
#include "zkforge/groth16/prover.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/io/srs_key.hpp"

using namespace zkforge;
using E = bls12_381::Engine;
using Fr = E::Fr;

int main(int argc, char** argv) {
  const std::size_t log_n = argc > 1 ? static_cast<std::size_t>(std::atoi(argv[1])) : 10;
  const std::size_t count = argc > 2 ? static_cast<std::size_t>(std::atoi(argv[2])) : 4;
  const std::string path = argc > 3 ? argv[3] : "params.bin";
  if (log_n < 4 || log_n > 22 || count < 1 || count > 64) {
    std::fprintf(stderr, "usage: %s [K in 4..22] [circuits in 1..64] [params_path]\n", argv[0]);
    return 2;
  }
  try {
    // The setup's side: a key for the circuit, written as a parameter file.
    const std::size_t publics = 2, bits = ((std::size_t{1} << log_n) - publics - 1) / 2;
    const auto qap = groth16::insecure::bits_circuit<Fr>(publics, bits);
    std::mt19937_64 rng(2026);
    const groth16::insecure::ToxicWaste<Fr> waste{Fr::random(rng), Fr::random(rng), Fr::random(rng),
                                                  Fr::random(rng), Fr::random(rng)};
    const groth16::QueryDensity density = groth16::insecure::densities(qap);
    supra::write_srs(supra::srs_from_proving_key(
                         groth16::insecure::setup<E>(qap, groth16::HConvention::monomial, RootConvention::zkcrypto, waste),
                         density),
                     path);

    // The prover's side: parameters and densities make the key; the synthesizer gives a, b, c.
    const auto key = supra::proving_key_from_srs(supra::read_srs(path), density);
    std::vector<std::vector<Fr::Int>> witnesses;
    std::vector<groth16::Prover<E, Cpu>::Assignment> batch;
    std::vector<groth16::Blinding<Fr>> blindings;
    for (std::size_t k = 0; k < count; ++k) {
      std::vector<Fr> xs(publics);
      for (auto& x : xs) x = Fr::random(rng);
      witnesses.push_back(groth16::insecure::witness<Fr>(bits, xs, [&](std::size_t) { return (rng() & 1) != 0; }));
    }
    for (std::size_t k = 0; k < count; ++k) {
      auto e = groth16::insecure::evaluations(qap, witnesses[k]);
      batch.push_back({host_span(witnesses[k]), std::move(e.a), std::move(e.b), std::move(e.c)});
      blindings.push_back(groth16::draw_blinding<Fr>());
    }
    const groth16::Prover<E, Cpu> prover(key);
    groth16::PhaseTimings t;
    const auto proofs = prover.prove_batch(std::move(batch), blindings, &t);

    const groth16::PreparedVerifyingKey<E> vk(key.verifying_key());
    bool all = true;
    for (std::size_t k = 0; k < count; ++k) all = vk.verify(prover.public_inputs(host_span(witnesses[k])), proofs[k]) && all;
    std::printf("%zu proofs of 2^%zu constraints from %s (INSECURE key): %s\n", count, log_n, path.c_str(),
                all ? "all verify" : "NOT ALL VERIFY");
    std::printf("batch phases, ms: prep_msm %.1f  ntt_msm_h %.1f  batch_add %.1f  tail_msm %.1f  b_g2_msm %.1f  "
                "assemble %.1f\n",
                t.prep_msm, t.ntt_msm_h, t.batch_add, t.tail_msm, t.b_g2_msm, t.assemble);
    return all ? 0 : 1;
  } catch (const Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 3;
  }
}
