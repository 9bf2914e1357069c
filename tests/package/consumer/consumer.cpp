// SPDX-License-Identifier: Apache-2.0
// Uses the installed package: headers, and the CPU backend's shipped MSM instantiation.
#include <cstdio>
#include <vector>

#include <zkforge/msm/msm.hpp>
#include <zkforge/zkforge.hpp>

int main() {
  using namespace zkforge::bls12_381;
  const auto g = G1Affine::generator();
  const std::vector<G1Affine> points = {g, g, g};
  const std::vector<Fr> scalars = {Fr::from_u64(1), Fr::from_u64(2), Fr::from_u64(3)};
  const auto sum = zkforge::msm(zkforge::Cpu{}, zkforge::host_span(points), zkforge::host_span(scalars));
  const bool ok = g.is_on_curve() && sum == zkforge::scalar_mul(g, Fr::from_u64(6));
  std::printf("consumer: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
