// SPDX-License-Identifier: Apache-2.0
// The endomorphism tests of G1 and G2 membership against the reference r P = O, on subgroup points,
// on random curve points, on points of the cofactor part and on their sums; and psi itself.
#include <catch2/catch.hpp>

#include <functional>
#include <string>

#include "support/gmp_oracle.hpp"
#include "support/seed.hpp"
#include "zkforge/curve/group.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"
#include "zkforge/pairing/subgroup.hpp"

using namespace zkforge;

namespace {

constexpr int kPoints = 8;

// A uniformly random point of the whole curve group C (not only the order-r subgroup).
template <class C>
Affine<C> random_curve_point(std::mt19937_64& rng) {
  for (;;) {
    const typename C::Field x = C::Field::random(rng);
    typename C::Field y;
    if ((x.sqr() * x + C::b()).sqrt(y)) return Affine<C>::from_xy(x, rng() & 1 ? y : -y);
  }
}

// Runs the fast test `in_group` and the reference on p, and checks that they agree.
template <class C, class Test>
bool agrees(const Test& in_group, const Affine<C>& p) {
  const bool fast = in_group(p);
  CHECK(fast == is_in_subgroup(p));
  return fast;
}

template <class C, class Test>
void check_membership_test(std::mt19937_64& rng, const Test& in_group) {
  CHECK(agrees<C>(in_group, C::generator()));
  CHECK(agrees<C>(in_group, Affine<C>::identity()));
  int outside = 0;
  for (int i = 0; i < kPoints; ++i) {
    CHECK(agrees<C>(in_group, scalar_mul(C::generator(), C::Scalar::random(rng)).to_affine()));
    const Affine<C> p = random_curve_point<C>(rng);
    outside += !agrees<C>(in_group, p);
    // r P lies in the cofactor part; alone and added to a subgroup point it must be refused
    const Affine<C> h = Jacobian<C>::from_affine(p).mul(C::Scalar::kModulus).to_affine();
    if (h.is_identity()) continue;
    CHECK_FALSE(agrees<C>(in_group, h));
    CHECK_FALSE(agrees<C>(in_group, Jacobian<C>::from_affine(h).add(C::generator()).to_affine()));
  }
  CHECK(outside > 0);
  CHECK_FALSE(in_group(Affine<C>::from_xy(C::generator().x, C::generator().y + C::Field::one())));  // off the curve
}

}  // namespace

TEMPLATE_TEST_CASE("G1 and G2 membership tests agree with r P = O", "[pairing][subgroup]", bls12_381::Engine,
                   bn254::Engine) {
  using E = TestType;
  auto rng = test::rng_for(std::hash<std::string>{}(std::string(E::name) + "subgroup"));
  INFO(E::name << ", seed " << test::seed());
  SECTION("G1") {
    if constexpr (E::kFamily == PairingFamily::bls12) {
      check_membership_test<typename E::G1>(rng, [](const auto& p) { return is_in_g1<E>(p); });
      const auto beta = E::g1_cube_root();
      CHECK(beta != E::Fq::one());
      CHECK(beta.sqr() * beta == E::Fq::one());
    } else {
      for (int i = 0; i < kPoints; ++i) CHECK(is_in_g1<E>(random_curve_point<typename E::G1>(rng)));
    }
  }
  SECTION("G2") {
    check_membership_test<typename E::G2>(rng, [](const auto& q) { return is_in_g2<E>(q); });
  }
}

TEMPLATE_TEST_CASE("psi is the p-power endomorphism of the twist", "[pairing][subgroup]", bls12_381::Engine,
                   bn254::Engine) {
  using E = TestType;
  using G2 = typename E::G2;
  auto rng = test::rng_for(std::hash<std::string>{}(std::string(E::name) + "psi"));
  INFO(E::name << ", seed " << test::seed());
  const mpz_class p_mod_r = test::modulus_mpz<typename E::Fq>() % test::modulus_mpz<typename E::Fr>();
  for (int i = 0; i < 4; ++i) {
    const auto q = scalar_mul(G2::generator(), E::Fr::random(rng)).to_affine();
    CHECK(Jacobian<G2>::from_affine(q).mul(test::to_bigint<4>(p_mod_r)) == psi<E>(q));
    const auto any = random_curve_point<G2>(rng);
    CHECK(psi<E>(any).is_on_curve());
    const auto j = Jacobian<G2>::from_affine(any).dbl();
    CHECK(psi<E>(j) == psi<E>(j.to_affine()));
  }
  CHECK(psi<E>(Affine<G2>::identity()).is_identity());
}
