// SPDX-License-Identifier: Apache-2.0
// Example 05 (built with -DZKFORGE_CUDA=ON): MSMs on the GPU against bases kept resident.
//
// A prover's bases do not change from proof to proof: MsmContext uploads them once, and each run
// moves only the scalars. msm_device_bytes says ahead how much device memory a call needs; a call
// that does not fit runs in pieces, and one that cannot run is Error(out_of_memory), never a silent
// switch to the CPU. The result is checked against the CPU backend.
#include <cstdio>
#include <random>
#include <vector>

#include "zkforge/curve/batch_affine.hpp"
#include "zkforge/curve/bn254.hpp"
#include "zkforge/curve/group.hpp"
#include "zkforge/msm/cuda.hpp"

using namespace zkforge;
using C = bn254::G1Curve;

int main() {
  const std::size_t n = std::size_t{1} << 16;
  std::mt19937_64 rng(3);
  const auto step = scalar_mul(C::generator(), bn254::Fr::random(rng)).to_affine();
  std::vector<Jacobian<C>> chain{scalar_mul(C::generator(), bn254::Fr::random(rng))};
  while (chain.size() < n) chain.push_back(chain.back().add(step));
  const std::vector<Affine<C>> bases = to_affine_batch(chain);
  try {
    std::printf("one MSM of 2^16 points needs %zu MiB of device memory\n", msm_device_bytes<C>(n) >> 20);
    MsmContext<C> context(host_span(bases));  // uploaded once
    bool ok = true;
    for (int proof = 0; proof < 3; ++proof) {
      std::vector<bn254::Fr> scalars(n);
      for (auto& s : scalars) s = bn254::Fr::random(rng);
      const Jacobian<C> gpu = context.run(host_span(scalars));
      ok = ok && gpu == msm(Cpu{}, host_span(bases), host_span(scalars));
    }
    std::printf("3 MSMs against resident bases: %s\n", ok ? "match the CPU" : "MISMATCH");
    return ok ? 0 : 1;
  } catch (const Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 3;
  }
}
