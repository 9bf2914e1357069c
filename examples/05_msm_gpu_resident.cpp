// SPDX-License-Identifier: Apache-2.0
// Example 05 (built with a GPU backend): MSMs on the GPU against bases kept resident.
// usage: 05_msm_gpu_resident [cuda|hip]   (the first GPU backend built by default)
//
// A prover's bases do not change from proof to proof: MsmContext uploads them once, and each run
// moves only the scalars. msm_device_bytes says ahead how much device memory a call needs; a call
// that does not fit runs in pieces, and one that cannot run is Error(out_of_memory), never a silent
// switch to the CPU. The result is checked against the CPU backend.
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "zkforge/backend/linked.hpp"
#include "zkforge/curve/batch_affine.hpp"
#include "zkforge/curve/bn254.hpp"
#include "zkforge/curve/group.hpp"
#include "zkforge/msm/gpu.hpp"

using namespace zkforge;
using C = bn254::G1Curve;

int main(int argc, char** argv) {
  const std::size_t n = std::size_t{1} << 16;
  std::mt19937_64 rng(3);
  const auto step = scalar_mul(C::generator(), bn254::Fr::random(rng)).to_affine();
  std::vector<Jacobian<C>> chain{scalar_mul(C::generator(), bn254::Fr::random(rng))};
  while (chain.size() < n) chain.push_back(chain.back().add(step));
  const std::vector<Affine<C>> bases = to_affine_batch(chain);
  try {
    const std::string backend = argc > 1 ? argv[1] : linked_backend_names().back();
    return with_backend(backend, [&](auto tag) {
      using B = decltype(tag);
      if constexpr (!is_gpu_backend_v<B>) {
        std::fprintf(stderr, "example 05 needs a GPU backend (cuda or hip)\n");
        return 2;
      } else {
        std::printf("one MSM of 2^16 points needs %zu MiB of device memory\n", msm_device_bytes<B, C>(n) >> 20);
        MsmContext<B, C> context(host_span(bases));  // uploaded once
        bool ok = true;
        for (int proof = 0; proof < 3; ++proof) {
          std::vector<bn254::Fr> scalars(n);
          for (auto& s : scalars) s = bn254::Fr::random(rng);
          const Jacobian<C> gpu = context.run(host_span(scalars));
          ok = ok && gpu == msm(Cpu{}, host_span(bases), host_span(scalars));
        }
        std::printf("3 MSMs against resident bases on %s: %s\n", B::name, ok ? "match the CPU" : "MISMATCH");
        return ok ? 0 : 1;
      }
    });
  } catch (const Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 3;
  }
}
