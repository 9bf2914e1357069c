// SPDX-License-Identifier: Apache-2.0
// The random seed of a test run (ZKFORGE_SEED if set, else fresh) and the check that ctest is only
// listing the tests, shared by the CPU and GPU test mains.
#include "seed.hpp"

#include <cstdlib>
#include <cstring>

std::uint64_t zkforge::test::seed() {
  static const std::uint64_t value = [] {
    if (const char* s = std::getenv("ZKFORGE_SEED")) return static_cast<std::uint64_t>(std::strtoull(s, nullptr, 0));
    std::random_device rd;
    return (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
  }();
  return value;
}

bool zkforge::test::listing_tests(int argc, char* argv[]) {
  for (int i = 1; i < argc; ++i)
    if (std::strncmp(argv[i], "--list", 6) == 0) return true;
  return false;
}
