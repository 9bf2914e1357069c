// SPDX-License-Identifier: Apache-2.0
// The main of GPU test executables: without a GPU it prints a visible SKIP and exits with 77,
// which ctest reports as "Skipped"; listing tests (ctest's discovery) works everywhere.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdio>

#include "backends/cuda/device.hpp"
#include "seed.hpp"

int main(int argc, char* argv[]) {
  using zkforge::test::seed;
  if (!zkforge::test::listing_tests(argc, argv)) {
    if (zkforge::cuda::device_count() == 0) {
      std::printf("SKIP: no GPU device on this machine; the GPU tests did not run\n");
      return 77;
    }
    std::printf("zkforge GPU test on %s, seed %llu (ZKFORGE_SEED=%llu repeats this run)\n",
                zkforge::cuda::device_description(0).c_str(), static_cast<unsigned long long>(seed()),
                static_cast<unsigned long long>(seed()));
  }
  return Catch::Session().run(argc, argv);
}
