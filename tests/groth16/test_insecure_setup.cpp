// SPDX-License-Identifier: Apache-2.0
// Proofs of keys from the insecure test setup, both curves, both H conventions (snarkjs' odd-coset
// Lagrange basis and bellperson's monomial basis), both root conventions, with aux scalars all 0,
// all 1 and mixed: each proof verifies, and its A and B equal what the toxic waste says they must
// be (alpha + a(tau) + r delta, beta + b(tau) + s delta, with a and b interpolated independently).
// And a batch of circuits sharing the key (C2's interface) gives each circuit's own proof.
#include <catch2/catch.hpp>

#include <vector>

#include "support/insecure_batch.hpp"
#include "support/seed.hpp"
#include "zkforge/groth16/insecure_test_setup.hpp"
#include "zkforge/groth16/prover.hpp"
#include "zkforge/groth16/verifier.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

using namespace zkforge;

namespace {

// p(tau) for the polynomial through `values` on the domain of `roots`.
template <class F>
F at_tau(std::vector<F> values, RootConvention roots, const F& tau) {
  NttConfig<F> cfg;
  cfg.direction = NttDirection::inverse;
  cfg.convention = roots;
  ntt(Cpu{}, HostSpan<F>{values.data(), values.size()}, cfg);
  F acc = F::zero();
  for (std::size_t i = values.size(); i-- > 0;) acc = acc * tau + values[i];
  return acc;
}

}  // namespace

TEMPLATE_TEST_CASE("insecure-setup keys of both H conventions give proofs that verify and open correctly",
                   "[groth16][setup]", bn254::Engine, bls12_381::Engine) {
  using E = TestType;
  using Fr = typename E::Fr;
  auto rng = test::rng_for(91);
  const std::size_t publics = 3, bits = 20;
  const auto qap = groth16::insecure::bits_circuit<Fr>(publics, bits);
  const auto waste = test::random_waste<Fr>(rng);
  for (const auto convention : {groth16::HConvention::odd_coset_lagrange, groth16::HConvention::monomial}) {
    for (const auto roots : {RootConvention::snarkjs, RootConvention::zkcrypto}) {
      const auto key = groth16::insecure::setup<E>(qap, convention, roots, waste);
      const groth16::PreparedVerifyingKey<E> vk(key.verifying_key());
      const groth16::Prover<E, Cpu> prover(key);
      for (const int kind : {0, 1, 2}) {  // aux all 0, all 1 (public inputs 1), mixed
        std::vector<Fr> xs(publics);
        for (auto& x : xs) x = kind == 1 ? Fr::one() : Fr::random(rng);
        const auto w = groth16::insecure::witness<Fr>(bits, xs, [&](std::size_t) {
          return kind == 0 ? false : kind == 1 ? true : (rng() & 1) != 0;
        });
        const groth16::Blinding<Fr> blinding{Fr::random(rng), Fr::random(rng)};
        const auto proof = prover.prove(host_span(w), blinding);
        INFO("H " << (convention == groth16::HConvention::monomial ? "monomial" : "odd coset") << ", roots "
                  << root_convention_name(roots) << ", aux kind " << kind);
        CHECK(vk.verify(prover.public_inputs(host_span(w)), proof));

        // Opening: a(tau) and b(tau) from the rows' values, interpolated by the NTT.
        const auto a = groth16::insecure::evaluate(qap.a, w, qap.log_domain), b = groth16::insecure::evaluate(qap.b, w, qap.log_domain);
        const Fr a_tau = waste.alpha + at_tau(a, roots, waste.tau) + blinding.r * waste.delta;
        const Fr b_tau = waste.beta + at_tau(b, roots, waste.tau) + blinding.s * waste.delta;
        CHECK(proof.a == scalar_mul(E::G1::generator(), a_tau).to_affine());
        CHECK(proof.b == scalar_mul(E::G2::generator(), b_tau).to_affine());

        // A witness that breaks a constraint (a bit that is 2) must not verify.
        auto bad = w;
        bad[1 + publics] = Fr::Int::from_u64(2);
        CHECK_FALSE(vk.verify(prover.public_inputs(host_span(bad)), prover.prove(host_span(bad), blinding)));
      }
    }
  }
}

TEMPLATE_TEST_CASE("a batch of circuits sharing one key gives each circuit's own proof (C2's interface)",
                   "[groth16][setup][batch]", bn254::Engine, bls12_381::Engine) {
  using E = TestType;
  using Fr = typename E::Fr;
  auto rng = test::rng_for(92);
  const std::size_t publics = 3, bits = 40;
  const auto qap = groth16::insecure::bits_circuit<Fr>(publics, bits);
  const auto waste = test::random_waste<Fr>(rng);
  for (const auto convention : {groth16::HConvention::odd_coset_lagrange, groth16::HConvention::monomial}) {
    const auto key = groth16::insecure::setup<E>(qap, convention, RootConvention::zkcrypto, waste);
    const groth16::Prover<E, Cpu> prover(key);
    const groth16::PreparedVerifyingKey<E> vk(key.verifying_key());
    // Aux all 0, all 1, sparse and dense mixes: the union of the tails decides the batch's split.
    std::vector<std::vector<typename Fr::Int>> witnesses;
    for (const int kind : {0, 1, 2, 3}) {
      std::vector<Fr> xs(publics);
      for (auto& x : xs) x = kind == 1 ? Fr::one() : Fr::random(rng);
      witnesses.push_back(groth16::insecure::witness<Fr>(bits, xs, [&](std::size_t i) {
        return kind == 0 ? false : kind == 1 ? true : kind == 2 ? i % 7 == 0 : (rng() & 1) != 0;
      }));
    }
    for (const std::size_t count : {std::size_t{1}, std::size_t{2}, std::size_t{4}}) {
      std::vector<typename groth16::Prover<E, Cpu>::Assignment> batch;
      std::vector<groth16::Blinding<Fr>> blindings;
      for (std::size_t k = 0; k < count; ++k) {
        const auto& w = witnesses[k];
        auto e = groth16::insecure::evaluations(qap, w);
        batch.push_back({host_span(w), std::move(e.a), std::move(e.b), std::move(e.c)});
        blindings.push_back({Fr::random(rng), Fr::random(rng)});
      }
      const auto proofs = prover.prove_batch(batch, blindings);
      REQUIRE(proofs.size() == count);
      for (std::size_t k = 0; k < count; ++k) {
        const auto single = prover.prove(host_span(witnesses[k]), blindings[k]);
        INFO("batch of " << count << ", circuit " << k);
        CHECK(proofs[k].a == single.a);
        CHECK(proofs[k].b == single.b);
        CHECK(proofs[k].c == single.c);
        CHECK(vk.verify(prover.public_inputs(host_span(witnesses[k])), proofs[k]));
      }
    }
  }
}
