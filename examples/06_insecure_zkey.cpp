// SPDX-License-Identifier: Apache-2.0
// Example 06: INSECURE test keys as snarkjs files, at any size 2^K in moments.
//
// The insecure test setup (groth16/insecure_test_setup.hpp: toxic waste from a fixed seed, so anyone
// can forge proofs for these keys) makes a key for the bits-and-products circuit of 2^K constraints;
// this writes it as circuit.zkey with a satisfying witness.wtns and verification_key.json, so that
// zkforge and snarkjs can be run and timed on the same files at sizes where snarkjs' own setup (a
// powers-of-tau ceremony) takes hours.
// usage: 06_insecure_zkey bn128|bls12381 K out_dir
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "zkforge/groth16/insecure_test_setup.hpp"
#include "zkforge/io/snarkjs_json.hpp"
#include "zkforge/io/wtns.hpp"
#include "zkforge/io/zkey.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;

template <class E>
void write_files(snarkjs::JsonCurve curve, std::size_t log_n, const std::string& dir) {
  using Fr = typename E::Fr;
  const std::size_t publics = 4, bits = ((std::size_t{1} << log_n) - publics - 1) / 2;
  const auto qap = groth16::insecure::bits_circuit<Fr>(publics, bits);
  std::mt19937_64 rng(2026);
  const groth16::insecure::ToxicWaste<Fr> waste{Fr::random(rng), Fr::random(rng), Fr::random(rng), Fr::random(rng),
                                                Fr::random(rng)};
  const auto key = groth16::insecure::setup<E>(qap, groth16::HConvention::odd_coset_lagrange, RootConvention::snarkjs, waste);
  std::vector<Fr> xs(publics);
  for (auto& x : xs) x = Fr::random(rng);
  const auto witness = groth16::insecure::witness<Fr>(bits, xs, [&](std::size_t) { return (rng() & 1) != 0; });
  snarkjs::write_zkey(key, dir + "/circuit.zkey");
  snarkjs::write_wtns<Fr>(witness, dir + "/witness.wtns");
  snarkjs::write_json_file(dir + "/verification_key.json", snarkjs::verification_key_json(key.verifying_key(), curve));
  std::printf("wrote %s/{circuit.zkey,witness.wtns,verification_key.json}: domain 2^%zu, %zu wires (INSECURE key)\n",
              dir.c_str(), log_n, key.num_vars);
}

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s bn128|bls12381 K out_dir\n", argv[0]);
    return 2;
  }
  const std::string curve = argv[1];
  const std::size_t log_n = static_cast<std::size_t>(std::atoi(argv[2]));
  if (log_n < 4 || log_n > 24) {
    std::fprintf(stderr, "K must be in [4, 24]\n");
    return 2;
  }
  try {
    if (curve == "bn128") write_files<bn254::Engine>(snarkjs::JsonCurve::bn128, log_n, argv[3]);
    else if (curve == "bls12381") write_files<bls12_381::Engine>(snarkjs::JsonCurve::bls12381, log_n, argv[3]);
    else return 2;
  } catch (const Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 3;
  }
  return 0;
}
