// SPDX-License-Identifier: Apache-2.0
// Writes the inputs of a C2 batch for tests/package/c2_consumer, and the proofs it must give: an
// INSECURE BLS12-381 key of the bits circuit (3 public inputs, 40 bits, domain 2^7) as a bellperson /
// supra_seal parameter file, and for three circuits (aux all 0, all 1, mixed) the witness split into
// inputs and aux, a, b, c over the constraints, r and s — all Montgomery, as C2's callers hold them —
// with each circuit's proof by the original key's prover from its full witness (entry (a)), checked
// by the verifier. usage: c2_fixture DIR   (makes DIR, writes DIR/params.bin and DIR/batch.bin)
//
// batch.bin, little-endian: u64 circuits, actual_size, inputs, aux, and the popcounts of a_aux, b_input,
// b_aux; the three bitmaps' words; per circuit its inputs, aux, a, b, c (32 bytes each); r and s of
// every circuit; the expected proofs (96 + 192 + 96 bytes each, snarkjs' / blst's layout).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "support/insecure_batch.hpp"
#include "zkforge/curve/encoding_snarkjs.hpp"
#include "zkforge/curve/field_codec.hpp"
#include "zkforge/groth16/prover.hpp"
#include "zkforge/io/srs_key.hpp"
#include "zkforge/groth16/verifier.hpp"

using namespace zkforge;
using E = bls12_381::Engine;
using Fr = E::Fr;

namespace {

struct Out {
  std::ofstream file;
  void u64(std::uint64_t v) { file.write(reinterpret_cast<const char*>(&v), 8); }
  void words(const std::vector<std::uint64_t>& w) { for (auto v : w) u64(v); }
  void scalar(const Fr& v) {
    std::uint8_t b[32];
    codec::FieldCodec<Fr>::write_le_mont(v, b);
    file.write(reinterpret_cast<const char*>(b), 32);
  }
  void scalars(const std::vector<Fr>& v, std::size_t count) { for (std::size_t i = 0; i < count; ++i) scalar(v[i]); }
  template <class C>
  void point(const Affine<C>& p) {
    std::uint8_t b[snarkjs::kPointBytes<C>];
    snarkjs::write_point(p, b);
    file.write(reinterpret_cast<const char*>(b), sizeof b);
  }
};

std::vector<Fr> field(const std::vector<Fr::Int>& w, std::size_t from, std::size_t to) {
  std::vector<Fr> out;
  for (std::size_t i = from; i < to; ++i) {
    Fr v;
    Fr::from_int(w[i], v);  // a witness value, below r
    out.push_back(v);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  std::filesystem::create_directories(dir);
  std::mt19937_64 rng(2027);
  const std::size_t publics = 3, bits = 40, actual = 2 * bits + publics + 1;
  const auto qap = groth16::insecure::bits_circuit<Fr>(publics, bits);
  const auto key = groth16::insecure::setup<E>(qap, groth16::HConvention::monomial, RootConvention::zkcrypto,
                                               test::random_waste<Fr>(rng));
  const groth16::QueryDensity d = groth16::insecure::densities(qap);
  supra::write_srs(supra::srs_from_proving_key(key, d), dir + "/params.bin");

  using Prover = groth16::Prover<E, Cpu>;
  const auto inputs = test::aux_kind_batch<Prover::Assignment>(qap, publics, bits, rng);
  const Prover prover(key);
  const groth16::PreparedVerifyingKey<E> vk(key.verifying_key());

  Out out{std::ofstream(dir + "/batch.bin", std::ios::binary | std::ios::trunc)};
  const std::size_t k = inputs.batch.size();
  for (std::uint64_t v : {k, actual, d.num_inputs, d.num_aux}) out.u64(v);
  for (const auto* bitmap : {&d.a_aux, &d.b_input, &d.b_aux}) out.u64(supra::srs_key_detail::ones(*bitmap));
  for (const auto* bitmap : {&d.a_aux, &d.b_input, &d.b_aux}) out.words(*bitmap);
  for (std::size_t c = 0; c < k; ++c) {
    const auto& w = inputs.witnesses[c];
    out.scalars(field(w, 0, d.num_inputs), d.num_inputs);
    out.scalars(field(w, d.num_inputs, w.size()), d.num_aux);
    out.scalars(inputs.batch[c].a, actual);
    out.scalars(inputs.batch[c].b, actual);
    out.scalars(inputs.batch[c].c, actual);
  }
  for (const auto& b : inputs.blindings) out.scalar(b.r);
  for (const auto& b : inputs.blindings) out.scalar(b.s);
  for (std::size_t c = 0; c < k; ++c) {
    const auto proof = prover.prove(host_span(inputs.witnesses[c]), inputs.blindings[c]);
    if (!vk.verify(prover.public_inputs(host_span(inputs.witnesses[c])), proof)) {
      std::fprintf(stderr, "c2_fixture: the expected proof of circuit %zu does not verify\n", c);
      return 1;
    }
    out.point(proof.a);
    out.point(proof.b);
    out.point(proof.c);
  }
  out.file.close();
  return out.file ? 0 : 1;
}
