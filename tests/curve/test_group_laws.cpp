// SPDX-License-Identifier: Apache-2.0
// Group laws of G1 and G2 of both curves in affine, Jacobian and XYZZ forms, on random points.
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "support/seed.hpp"
#include "zkforge/curve/bls12_381.hpp"
#include "zkforge/curve/bn254.hpp"
#include "zkforge/curve/group.hpp"

using namespace zkforge;

namespace {

constexpr int kPoints = 24;

template <class C>
std::vector<Affine<C>> random_points(std::mt19937_64& rng, int n) {
  std::vector<Affine<C>> v;
  for (int i = 0; i < n; ++i) v.push_back(scalar_mul(C::generator(), C::Scalar::random(rng)).to_affine());
  return v;
}

}  // namespace

TEMPLATE_TEST_CASE("group laws hold across affine, Jacobian and XYZZ forms", "[curve]", bls12_381::G1Curve,
                   bls12_381::G2Curve, bn254::G1Curve, bn254::G2Curve) {
  using C = TestType;
  using A = Affine<C>;
  using J = Jacobian<C>;
  using X = Xyzz<C>;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name));
  INFO(C::name << ", seed " << test::seed());
  const auto pts = random_points<C>(rng, kPoints);
  const A O = A::identity();

  SECTION("generator and random points are on the curve and in the subgroup") {
    CHECK(C::generator().is_on_curve());
    CHECK(is_in_subgroup(C::generator()));
    for (const auto& p : pts) {
      CHECK(p.is_on_curve());
      CHECK(is_in_subgroup(p));
    }
  }
  SECTION("identity, inverse, P and -P") {
    for (const auto& p : pts) {
      CHECK(J::from_affine(p).add(O) == p);
      CHECK(J::identity().add(p) == p);
      CHECK(J::from_affine(p).add(J::identity()) == p);
      CHECK(X::from_affine(p).add(O) == p);
      CHECK(X::identity().add(p) == p);
      CHECK(J::from_affine(p).add(-p).is_identity());
      CHECK(J::from_affine(p).add(J::from_affine(-p)).is_identity());
      CHECK(X::from_affine(p).add(-p).is_identity());
      CHECK(X::from_affine(p).add(X::from_affine(-p)).is_identity());
      CHECK((-J::from_affine(p)).to_affine() == -p);
      CHECK(-(-p) == p);
    }
    CHECK(J::identity().dbl().is_identity());
    CHECK(X::identity().dbl().is_identity());
    CHECK(X::dbl(O).is_identity());
    CHECK((-O).is_identity());
  }
  SECTION("associativity and commutativity") {
    for (int i = 0; i + 2 < kPoints; ++i) {
      const J a = J::from_affine(pts[i]), b = J::from_affine(pts[i + 1]), c = J::from_affine(pts[i + 2]);
      CHECK(a.add(b).add(c) == a.add(b.add(c)));
      CHECK(a.add(b) == b.add(a));
      const X xa = X::from_affine(pts[i]), xb = X::from_affine(pts[i + 1]), xc = X::from_affine(pts[i + 2]);
      CHECK(xa.add(xb).add(xc) == xa.add(xb.add(xc)));
    }
  }
  SECTION("doubling equals adding a point to itself, in every form") {
    for (const auto& p : pts) {
      const J j = J::from_affine(p).add(pts[0]);  // a point with Z != 1
      CHECK(j.dbl() == j.add(j));
      CHECK(J::from_affine(p).dbl() == J::from_affine(p).add(p));
      const X x = X::from_affine(p).add(pts[0]);
      CHECK(x.dbl() == x.add(x));
      CHECK(X::dbl(p) == X::from_affine(p).add(p));
      CHECK(X::dbl(p) == J::from_affine(p).dbl());
      CHECK(x.dbl() == j.dbl());
    }
  }
  SECTION("mixed addition equals full addition, across forms") {
    for (int i = 0; i + 1 < kPoints; ++i) {
      const J j = J::from_affine(pts[i]).dbl();  // Z != 1
      const X x = X::from_affine(pts[i]).dbl();
      CHECK(j.add(pts[i + 1]) == j.add(J::from_affine(pts[i + 1])));
      CHECK(x.add(pts[i + 1]) == x.add(X::from_affine(pts[i + 1])));
      CHECK(x.add(pts[i + 1]) == j.add(pts[i + 1]));
      CHECK(x.add(pts[i + 1]).to_affine() == j.add(pts[i + 1]).to_affine());
      CHECK(x.to_jacobian() == j);
    }
  }
  SECTION("scalar multiplication: r*P = O, (r-1)*P = -P, (a+b)P = aP + bP, 2P = P + P") {
    using S = typename C::Scalar;
    for (int i = 0; i < 4; ++i) {
      const A& p = pts[i];
      CHECK(J::from_affine(p).mul(S::kModulus).is_identity());
      CHECK(scalar_mul(p, -S::one()) == -p);
      CHECK(scalar_mul(p, S::zero()).is_identity());
      CHECK(scalar_mul(p, S::one()) == p);
      CHECK(scalar_mul(p, S::from_u64(2)) == J::from_affine(p).dbl());
      const S a = S::random(rng), b = S::random(rng);
      CHECK(scalar_mul(p, a + b) == scalar_mul(p, a).add(scalar_mul(p, b)));
      CHECK(scalar_mul(p, a * b) == scalar_mul(scalar_mul(p, a).to_affine(), b));
    }
  }
}
