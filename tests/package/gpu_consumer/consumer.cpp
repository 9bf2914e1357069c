// SPDX-License-Identifier: Apache-2.0
// Uses an installed GPU backend (zkforge::hip defines ZKFORGE_WITH_HIP_BACKEND, zkforge::cuda
// ZKFORGE_WITH_CUDA_BACKEND): an MSM on the GPU, checked against the CPU backend's.
#include <cstdio>
#include <vector>

#include <zkforge/msm/gpu.hpp>
#include <zkforge/msm/msm.hpp>
#include <zkforge/zkforge.hpp>
#if defined(ZKFORGE_WITH_HIP_BACKEND)
using GpuBackend = zkforge::Hip;
#else
using GpuBackend = zkforge::Cuda;
#endif

int main() {
  using namespace zkforge::bls12_381;
  const auto g = G1Affine::generator();
  const std::vector<G1Affine> points = {g, g, g};
  const std::vector<Fr> scalars = {Fr::from_u64(1), Fr::from_u64(2), Fr::from_u64(3)};
  try {
    const auto gpu = zkforge::msm(GpuBackend{}, zkforge::host_span(points), zkforge::host_span(scalars));
    const bool ok = gpu == zkforge::msm(zkforge::Cpu{}, zkforge::host_span(points), zkforge::host_span(scalars));
    std::printf("consumer: %s\n", ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
  } catch (const zkforge::Error& e) {
    std::fprintf(stderr, "consumer: %s\n", e.what());
    return 2;
  }
}
