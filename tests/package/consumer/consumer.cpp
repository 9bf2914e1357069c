// SPDX-License-Identifier: Apache-2.0
// Uses the installed headers: the BLS12-381 G1 generator is on the curve and r*G is infinity.
#include <cstdio>

#include <zkforge/zkforge.hpp>

int main() {
  using namespace zkforge::bls12_381;
  const auto g = G1Affine::generator();
  const bool ok = g.is_on_curve() && G1Jacobian::from_affine(g).mul(Fr::kModulus).is_identity();
  std::printf("consumer: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
