// SPDX-License-Identifier: Apache-2.0
// The test runner's main: prints the seed, then hands over to Catch2.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdio>

#include "seed.hpp"

int main(int argc, char* argv[]) {
  using zkforge::test::seed;
  if (!zkforge::test::listing_tests(argc, argv))
    std::printf("zkforge test seed: %llu (ZKFORGE_SEED=%llu repeats this run)\n",
                static_cast<unsigned long long>(seed()), static_cast<unsigned long long>(seed()));
  return Catch::Session().run(argc, argv);
}
