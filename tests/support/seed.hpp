// SPDX-License-Identifier: Apache-2.0
// The random seed of a test run: ZKFORGE_SEED if set, else fresh; printed so that a failure can be replayed.
#pragma once

#include <cstdint>
#include <random>

namespace zkforge::test {

// The run's seed; the test main prints it before any test starts.
std::uint64_t seed();

// True when the test runner was asked only to list tests (ctest's discovery): nothing else may be
// printed then, since every line would be taken for a test name.
bool listing_tests(int argc, char* argv[]);

// A generator for one test, derived from the run's seed and the test's own salt.
inline std::mt19937_64 rng_for(std::uint64_t salt) { return std::mt19937_64(seed() ^ (salt * 0x9e3779b97f4a7c15ULL)); }

}  // namespace zkforge::test
