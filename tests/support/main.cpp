// SPDX-License-Identifier: Apache-2.0
// The test runner's main: picks and prints the seed, then hands over to Catch2.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

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
  // Not while ctest lists the tests: every line printed then would be taken for a test name.
  bool listing = false;
  for (int i = 1; i < argc; ++i) listing = listing || std::strncmp(argv[i], "--list", 6) == 0;
  if (!listing)
    std::printf("zkforge test seed: %llu (ZKFORGE_SEED=%llu repeats this run)\n",
                static_cast<unsigned long long>(g_seed), static_cast<unsigned long long>(g_seed));
  return Catch::Session().run(argc, argv);
}
