// SPDX-License-Identifier: Apache-2.0
// C2's entry from a parameter file: an insecure BLS12-381 key (monomial H, zkcrypto roots) is
// written as bellperson / supra_seal parameters for its circuit's densities, read back and made a
// key again (io/srs_key.hpp); a batch proved with it equals, proof by proof, the original
// key's proofs for the same r and s, and every proof verifies. Sections that disagree with the
// densities, and densities that disagree with the key, are errors that say which.
#include <catch2/catch.hpp>

#include <vector>

#include "support/errors.hpp"
#include "support/insecure_batch.hpp"
#include "support/seed.hpp"
#include "zkforge/groth16/insecure_test_setup.hpp"
#include "zkforge/groth16/prover.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/io/srs_key.hpp"

using namespace zkforge;

using E = bls12_381::Engine;
using Fr = E::Fr;

TEST_CASE("a key made from bellperson parameters and densities proves as the key they were written from",
          "[groth16][srs]") {
  auto rng = test::rng_for(93);
  const std::size_t publics = 3, bits = 40;
  const auto qap = groth16::insecure::bits_circuit<Fr>(publics, bits);
  const auto waste = test::random_waste<Fr>(rng);
  const auto key = groth16::insecure::setup<E>(qap, groth16::HConvention::monomial, RootConvention::zkcrypto, waste);
  const auto density = groth16::insecure::densities(qap);
  // The product wires appear in neither A nor B, and wire 0 not in B: the file leaves them out.
  REQUIRE(supra::srs_key_detail::ones(density.a_aux) == bits);
  REQUIRE_FALSE(supra::srs_key_detail::bit(density.b_input, 0));

  const supra::Srs written = supra::srs_from_proving_key(key, density);
  CHECK(written.a.size() == density.num_inputs + bits);
  CHECK(written.b_1.size() == publics + bits);
  const std::vector<std::uint8_t> bytes = supra::srs_bytes(written);
  const auto from_file = supra::proving_key_from_srs(supra::read_srs(bytes.data(), bytes.size(), "params"), density);
  CHECK(from_file.log_domain == key.log_domain);
  CHECK(from_file.a == key.a);
  CHECK(from_file.b_1 == key.b_1);
  CHECK(from_file.b_2 == key.b_2);

  const groth16::Prover<E, Cpu> original(key), prover(from_file);
  const groth16::PreparedVerifyingKey<E> vk(from_file.verifying_key());
  const auto inputs = test::aux_kind_batch<groth16::Prover<E, Cpu>::Assignment>(qap, publics, bits, rng);
  const auto& witnesses = inputs.witnesses;
  const auto& blindings = inputs.blindings;
  const auto proofs = prover.prove_batch(inputs.batch, blindings);
  REQUIRE(proofs.size() == witnesses.size());
  for (std::size_t k = 0; k < proofs.size(); ++k) {
    INFO("circuit " << k);
    const auto expected = original.prove(host_span(witnesses[k]), blindings[k]);
    CHECK(proofs[k].a == expected.a);
    CHECK(proofs[k].b == expected.b);
    CHECK(proofs[k].c == expected.c);
    CHECK(vk.verify(prover.public_inputs(host_span(witnesses[k])), proofs[k]));
  }
}

TEST_CASE("parameters and densities that disagree are errors that name the section", "[groth16][srs]") {
  auto rng = test::rng_for(94);
  const auto qap = groth16::insecure::bits_circuit<Fr>(2, 10);
  const auto waste = test::random_waste<Fr>(rng);
  const auto key = groth16::insecure::setup<E>(qap, groth16::HConvention::monomial, RootConvention::zkcrypto, waste);
  const auto density = groth16::insecure::densities(qap);
  const supra::Srs srs = supra::srs_from_proving_key(key, density);
  auto fails_with = [&](const supra::Srs& s, const groth16::QueryDensity& d, Errc code, const std::string& part) {
    const Error e = test::error_thrown_by([&] { (void)supra::proving_key_from_srs(s, d); });
    INFO("a disagreement that should mention " << part);
    CHECK(e.code() == code);
    CHECK(test::mentions(e, part));
  };
  supra::Srs short_a = srs;
  short_a.a.pop_back();
  fails_with(short_a, density, Errc::size_mismatch, "section a ");
  supra::Srs long_b2 = srs;
  long_b2.b_2.push_back(long_b2.b_2.front());
  fails_with(long_b2, density, Errc::size_mismatch, "b_g2");
  supra::Srs odd_h = srs;
  odd_h.h.pop_back();
  fails_with(odd_h, density, Errc::size_mismatch, "section h");
  auto stray = density;
  stray.b_aux.back() |= std::uint64_t{1} << 63;  // 20 aux wires: bit 63 is past the last
  fails_with(srs, stray, Errc::invalid_argument, "past the last");
  auto short_bitmap = density;
  short_bitmap.a_aux.clear();
  fails_with(srs, short_bitmap, Errc::size_mismatch, "a_aux");
  // Densities that leave out a wire whose point is not the identity cannot describe the key.
  auto missing = density;
  missing.a_aux[0] &= ~std::uint64_t{1};
  try {
    (void)supra::srs_from_proving_key(key, missing);
    FAIL("a key point was dropped silently");
  } catch (const Error& e) {
    CHECK(e.code() == Errc::invalid_argument);
    CHECK_THAT(e.what(), Catch::Contains("A point of wire"));
  }
}
