// SPDX-License-Identifier: Apache-2.0
// Example 02: an MSM on the CPU, checked against the plain sum of scalar multiplications.
//
// Points are affine (`Affine<C>`); scalars are either canonical integers below r (`Fr::Int`) or field
// elements in Montgomery form (`Fr`) — the span's type says which. `MsmConfig` sets threads, window
// and bucket method; the defaults suit most uses. usage: 02_msm_cpu [log2 n]
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "zkforge/curve/batch_affine.hpp"
#include "zkforge/curve/bls12_381.hpp"
#include "zkforge/curve/group.hpp"
#include "zkforge/msm/msm.hpp"

using namespace zkforge;
using C = bls12_381::G1Curve;

int main(int argc, char** argv) {
  const std::size_t n = std::size_t{1} << (argc > 1 ? std::atoi(argv[1]) : 10);
  std::mt19937_64 rng(1);
  std::vector<Jacobian<C>> projective;
  for (std::size_t i = 0; i < n; ++i) projective.push_back(scalar_mul(C::generator(), bls12_381::Fr::random(rng)));
  const std::vector<Affine<C>> points = to_affine_batch(projective);
  std::vector<bls12_381::Fr> scalars(n);
  for (auto& s : scalars) s = bls12_381::Fr::random(rng);

  const Jacobian<C> fast = msm(Cpu{}, host_span(points), host_span(scalars));  // Pippenger, every core

  Jacobian<C> slow = Jacobian<C>::identity();  // the definition, for the check
  for (std::size_t i = 0; i < n; ++i) slow = slow.add(scalar_mul(points[i], scalars[i]));
  std::printf("MSM of %zu BLS12-381 G1 points: %s\n", n, fast == slow ? "matches the plain sum" : "MISMATCH");
  return fast == slow ? 0 : 1;
}
