// SPDX-License-Identifier: Apache-2.0
// The main of GPU test executables: without a GPU it prints a visible SKIP and exits with 77,
// which ctest reports as "Skipped"; listing tests (ctest's discovery) works everywhere.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdio>

#include "scale.hpp"
#include "seed.hpp"
#include "zkforge/backend/linked.hpp"
#include "zkforge/gpu/device.hpp"

int main(int argc, char* argv[]) {
  using zkforge::test::seed;
  if (!zkforge::test::listing_tests(argc, argv)) {
    bool devices = true;
    zkforge::for_each_gpu_backend([&](auto tag) {
      using B = decltype(tag);
      if (zkforge::gpu::device_count<B>() == 0) {
        std::printf("SKIP: no %s device on this machine; the GPU tests did not run\n", B::name);
        devices = false;
        return;
      }
      std::printf("zkforge GPU test on %s: %s\n", B::name, zkforge::gpu::device_description<B>(0).c_str());
    });
    if (!devices) return 77;
    std::printf("seed %llu (ZKFORGE_SEED=%llu repeats this run)\n", static_cast<unsigned long long>(seed()),
                static_cast<unsigned long long>(seed()));
    if (zkforge::test::sanitizer_scale())
      std::printf("scale: sanitizer (ZKFORGE_TEST_SCALE): the largest inputs and the repeat counts are cut\n");
  }
  return Catch::Session().run(argc, argv);
}
