// SPDX-License-Identifier: Apache-2.0
// The main of GPU test executables: without a GPU it prints a visible SKIP and exits with 77,
// which ctest reports as "Skipped"; listing tests (ctest's discovery) works everywhere.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

#include "backends/cuda/device.hpp"
#include "seed.hpp"

namespace {
std::uint64_t pick_seed() {
  if (const char* s = std::getenv("ZKFORGE_SEED")) return std::strtoull(s, nullptr, 0);
  std::random_device rd;
  return (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
}
const std::uint64_t g_seed = pick_seed();
}  // namespace

std::uint64_t zkforge::test::seed() { return g_seed; }

int main(int argc, char* argv[]) {
  bool listing = false;
  for (int i = 1; i < argc; ++i) listing = listing || std::strncmp(argv[i], "--list", 6) == 0;
  if (!listing) {
    if (zkforge::cuda::device_count() == 0) {
      std::printf("SKIP: no CUDA device on this machine; the GPU tests did not run\n");
      return 77;
    }
    std::printf("zkforge GPU test on %s, seed %llu (ZKFORGE_SEED=%llu repeats this run)\n",
                zkforge::cuda::device_description(0).c_str(), static_cast<unsigned long long>(g_seed),
                static_cast<unsigned long long>(g_seed));
  }
  return Catch::Session().run(argc, argv);
}
