// SPDX-License-Identifier: Apache-2.0
// first_off_curve (the key readers' curve checks, eight points at a time on the CPU's lanes) against
// each point's own is_on_curve: sizes 0 to 37, one or two points moved off the curve at every position,
// points at infinity, P and -P, on both lane paths.
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "support/cpu_lanes.hpp"
#include "support/seed.hpp"
#include "zkforge/curve/group.hpp"
#include "zkforge/curve/on_curve.hpp"

using namespace zkforge;

TEMPLATE_TEST_CASE("first_off_curve finds the first point off the curve, at every position and size", "[curve]",
                   bls12_381::G1Curve, bls12_381::G2Curve, bn254::G1Curve, bn254::G2Curve) {
  using C = TestType;
  using A = Affine<C>;
  auto rng = test::rng_for(std::hash<std::string>{}(C::name) + 7);
  INFO(C::name << ", seed " << test::seed());
  std::vector<A> points;
  for (int i = 0; i < 37; ++i) {
    if (i % 11 == 4) {
      points.push_back(A::identity());
    } else if (i % 7 == 6) {
      points.push_back(-points.back());
    } else {
      points.push_back(scalar_mul(C::generator(), C::Scalar::random(rng)).to_affine());
    }
  }
  const auto moved = [](A p) {  // (x + 1, y): off the curve for these points
    p.x = p.x + C::Field::one();
    REQUIRE(!p.is_on_curve());
    return p;
  };
  for (const bool ifma : test::lane_paths()) {
    test::use_ifma_lanes(ifma);
    INFO("IFMA lanes " << ifma);
    for (const std::size_t n : {0, 1, 7, 8, 9, 16, 23, 37}) {
      INFO("n = " << n);
      CHECK(first_off_curve(points.data(), n) == n);
      for (std::size_t k = 0; k < n; ++k) {
        if (points[k].infinity) continue;
        INFO("off the curve: point " << k);
        std::vector<A> v(points.begin(), points.begin() + static_cast<std::ptrdiff_t>(n));
        v[k] = moved(v[k]);
        CHECK(first_off_curve(v.data(), n) == k);
        for (std::size_t k2 = k + 1; k2 < n; k2 += 5) {
          if (v[k2].infinity) continue;
          std::vector<A> w = v;
          w[k2] = moved(w[k2]);
          CHECK(first_off_curve(w.data(), n) == k);
        }
      }
    }
  }
  test::use_ifma_lanes(true);
}
